# Regenerates the reference into OUT and compares it with docs/reference.md (OUT removed first:
# a run that stopped writing it cannot pass on the last build's file).
file(REMOVE "${OUT}")
execute_process(COMMAND "${DML}" "${SRC}/docs/reference.lua" "${OUT}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "dml docs/reference.lua failed (${rc})")
endif()
file(READ "${OUT}" generated)
file(READ "${SRC}/docs/reference.md" committed)
if(NOT generated STREQUAL committed)
  message(FATAL_ERROR "docs/reference.md is out of date: run `build/dml docs/reference.lua docs/reference.md`")
endif()
