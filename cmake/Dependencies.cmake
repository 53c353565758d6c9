# Dependencies.cmake — finds the libraries bwmpki is built on.  A missing one
# stops configuration with the Debian package that provides it.
find_package(PkgConfig QUIET)
if(NOT PKG_CONFIG_FOUND)
  message(FATAL_ERROR "pkg-config not found: install it with 'apt-get install pkg-config' (or run scripts/setup.sh)")
endif()

function(bwm_require_pkg var module debian_pkg)
  pkg_check_modules(${var} QUIET IMPORTED_TARGET ${module})
  if(NOT ${var}_FOUND)
    message(FATAL_ERROR "${module} not found: install it with 'apt-get install ${debian_pkg}' (or run scripts/setup.sh)")
  endif()
  message(STATUS "Found ${module} ${${var}_VERSION}")
endfunction()

bwm_require_pkg(GSL gsl libgsl-dev)
bwm_require_pkg(PCRE2 libpcre2-8 libpcre2-dev)
bwm_require_pkg(LZMA liblzma liblzma-dev)
if(BWM_TESTS)
  bwm_require_pkg(CRITERION criterion libcriterion-dev)
endif()

# zlib is optional: with it, traces may be gzip-compressed.
pkg_check_modules(ZLIB QUIET IMPORTED_TARGET zlib)
if(ZLIB_FOUND)
  message(STATUS "Found zlib ${ZLIB_VERSION}: gzip traces enabled")
else()
  message(STATUS "zlib not found: gzip traces disabled (apt-get install zlib1g-dev)")
endif()
