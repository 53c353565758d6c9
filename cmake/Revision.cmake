# Revision.cmake — run as a script (cmake -DSRC=... -DOUT=... -P Revision.cmake) at every build:
# writes OUT, a header defining BWM_REVISION as the source tree's git revision ("unknown" outside
# a git checkout, "-dirty" with uncommitted changes), and rewrites it only when it changes.
execute_process(COMMAND git -C "${SRC}" describe --always --dirty --abbrev=12
                OUTPUT_VARIABLE rev OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR rev STREQUAL "")
  set(rev "unknown")
endif()
set(text "/* Generated at build time by cmake/Revision.cmake. */\n#define BWM_REVISION \"${rev}\"\n")
set(old "")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
