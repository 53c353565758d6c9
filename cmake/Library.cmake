# Library.cmake — bwm_library(NAME DIR DEPS ...): a static library from every
# .c file below DIR.  Headers are included by path from the project root
# ("model/policy.h"), so the root is the one include directory.
function(bwm_library name dir)
  cmake_parse_arguments(A "" "" "DEPS" ${ARGN})
  file(GLOB_RECURSE src CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/${dir}/*.c")
  add_library(${name} STATIC ${src})
  target_include_directories(${name} PUBLIC "${CMAKE_SOURCE_DIR}")
  target_link_libraries(${name} PUBLIC ${A_DEPS})
endfunction()
