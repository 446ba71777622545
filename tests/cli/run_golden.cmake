# Runs `dml` once and compares its exit status, stdout and stderr with an
# approved file (Catch2 Baselines / approval-test style).
#   cmake -DDML=<exe> -DWORKDIR=<dir> -DARGS=<;-list> -DGOLDEN=<file> [-DSTDIN=<file>] -P run_golden.cmake
# With the environment variable DML_UPDATE_GOLDEN=1 the approved file is
# rewritten instead: review the diff before committing it.
set(cmd "${DML}" ${ARGS})
if(DEFINED STDIN AND NOT STDIN STREQUAL "")
  execute_process(COMMAND ${cmd} WORKING_DIRECTORY "${WORKDIR}" INPUT_FILE "${STDIN}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
else()
  execute_process(COMMAND ${cmd} WORKING_DIRECTORY "${WORKDIR}" INPUT_FILE /dev/null
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
endif()
set(shown "")
foreach(a IN LISTS ARGS)
  if(a MATCHES "[ '\"]" OR a STREQUAL "")
    string(REPLACE "'" "'\\''" a "${a}")
    set(a "'${a}'")
  endif()
  string(APPEND shown " ${a}")
endforeach()
set(actual "$ dml${shown}\nexit: ${rc}\n--- stdout\n${out}--- stderr\n${err}")
if("$ENV{DML_UPDATE_GOLDEN}" STREQUAL "1")
  file(WRITE "${GOLDEN}" "${actual}")
  message(STATUS "updated ${GOLDEN}")
  return()
endif()
if(NOT EXISTS "${GOLDEN}")
  message(FATAL_ERROR "no approved file ${GOLDEN}; run with DML_UPDATE_GOLDEN=1 and review it.\nactual:\n${actual}")
endif()
file(READ "${GOLDEN}" expected)
if(NOT actual STREQUAL expected)
  file(WRITE "${GOLDEN}.received.txt" "${actual}")
  message(FATAL_ERROR "output differs from ${GOLDEN}\n--- expected\n${expected}\n--- actual\n${actual}\n(received output written to ${GOLDEN}.received.txt)")
endif()
