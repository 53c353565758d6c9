# Library.cmake — bwm_library(NAME DIR DEPS ... [EXCLUDE SUBDIR...]): a static
# library from every .c file below DIR but those below DIR/SUBDIR (a folder
# that is a library of its own).  Headers are included by path from the project root
# ("model/policy.h"), so the root is the one include directory (installed:
# include/bwmpki).  Every library is installed and exported (Install.cmake).
function(bwm_library name dir)
  cmake_parse_arguments(A "" "" "DEPS;EXCLUDE" ${ARGN})
  file(GLOB_RECURSE src CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/${dir}/*.c")
  foreach(sub ${A_EXCLUDE})
    list(FILTER src EXCLUDE REGEX "^${CMAKE_SOURCE_DIR}/${dir}/${sub}/")
  endforeach()
  add_library(${name} STATIC ${src})
  target_include_directories(${name} PUBLIC "$<BUILD_INTERFACE:${CMAKE_SOURCE_DIR}>"
                             "$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/bwmpki>")
  target_link_libraries(${name} PUBLIC ${A_DEPS})
  install(TARGETS ${name} EXPORT bwmpkiTargets ARCHIVE DESTINATION "${CMAKE_INSTALL_LIBDIR}")
  install(DIRECTORY "${CMAKE_SOURCE_DIR}/${dir}/" DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}/bwmpki/${dir}"
          FILES_MATCHING PATTERN "*.h")
endfunction()
