# fig8: Fig. 8: IT normalised to FR-FCFS, IT subset (GM: geometric mean per MPKI class)
# Drawn by bwmpki from fig8.dat; 'gnuplot fig8.gp' writes fig8.png and fig8.svg.
if (!exists("out")) out = "fig8"
set datafile separator "\t"
set datafile missing "NaN"
do for [pass = 1:2] {
  if (pass == 1) {
    set terminal pngcairo size 1300,600 noenhanced font "DejaVu Sans,11"
    set output out.".png"
  } else {
    set terminal svg size 1300,600 noenhanced font "DejaVu Sans,11" background rgb "white"
    set output out.".svg"
  }
  set multiplot layout 1,1 title "Fig. 8: IT normalised to FR-FCFS, IT subset (GM: geometric mean per MPKI class)" font ",13"
  unset arrow; unset logscale; unset xzeroaxis; unset yzeroaxis; set offsets 0, 0, 0, 0
  set title ""
  set xlabel "workload (Class-MPKI)"
  set ylabel "IT normalised to FR-FCFS"
  set grid ytics lc rgb "#dddddd"
  set yrange [0.8:*]
  set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lw 1.5 lc rgb "#555555" front
  set style data histograms
  set style histogram clustered gap 1
  set style fill solid 0.85 border lt -1
  set boxwidth 0.8 relative
  set xrange [*:*]
  set key outside top center horizontal
  set offsets 0, 0, graph 0.06, 0
  set xtics rotate by -55 scale 0 font ",9"
  plot 'fig8.dat' index 0 using 2:xtic(1) title "RR" lc rgb "#1f77b4", \
       'fig8.dat' index 0 using 3 title "ITS" lc rgb "#ff7f0e", \
       'fig8.dat' index 0 using 4 title "WEIS" lc rgb "#2ca02c", \
       'fig8.dat' index 0 using 5 title "Prior_App_Low_MPKI" lc rgb "#d62728"
  unset multiplot
  unset output
}
