# Fuzz.cmake — the build of the libFuzzer harnesses (-DBWM_FUZZ=ON): clang
# only, every library instrumented for coverage with AddressSanitizer and
# UndefinedBehaviorSanitizer; the harnesses (fuzz/) link libFuzzer's main.
# UBSan stays recoverable here so that scripts/fuzz.sh can halt on every
# report except those named in fuzz/ubsan.supp.
if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "BWM_FUZZ=ON needs clang (libFuzzer), not ${CMAKE_C_COMPILER_ID}: "
                      "configure with CC=clang, or run scripts/fuzz.sh")
endif()
if(BWM_SANITIZE)
  message(FATAL_ERROR "BWM_FUZZ=ON brings its own sanitizers: leave BWM_SANITIZE off")
endif()
include(CheckCSourceCompiles)
set(CMAKE_REQUIRED_FLAGS "-fsanitize=fuzzer")
check_c_source_compiles("
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }"
  BWM_HAVE_LIBFUZZER)
unset(CMAKE_REQUIRED_FLAGS)
if(NOT BWM_HAVE_LIBFUZZER)
  message(FATAL_ERROR "clang cannot link -fsanitize=fuzzer: install libFuzzer's runtime with "
                      "'apt-get install libclang-rt-14-dev' (or run scripts/fuzz.sh)")
endif()
add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -g)
add_link_options(-fsanitize=address,undefined)
