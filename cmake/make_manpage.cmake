# Script mode: writes the man page OUT (dml.1) from `DML --help`, `DML --version` and the
# reference that docs/reference.lua writes, by running docs/man.lua (all under DML itself).
#   cmake -DDML=<dml> -DSRC=<source dir> -DOUT=<dml.1> -P make_manpage.cmake
get_filename_component(dir "${OUT}" DIRECTORY)
execute_process(COMMAND "${DML}" --help OUTPUT_FILE "${dir}/dml-help.txt" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "dml --help failed (${rc})")
endif()
execute_process(COMMAND "${DML}" --version OUTPUT_VARIABLE version RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT version MATCHES "^dml ([0-9.]+)")
  message(FATAL_ERROR "dml --version failed (${rc}): ${version}")
endif()
set(version "${CMAKE_MATCH_1}")
execute_process(COMMAND "${DML}" "${SRC}/docs/reference.lua" "${dir}/dml-reference.md" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "dml docs/reference.lua failed (${rc})")
endif()
execute_process(COMMAND "${DML}" "${SRC}/docs/man.lua" "${dir}/dml-help.txt" "${dir}/dml-reference.md"
                        "${version}" "${OUT}.tmp" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "dml docs/man.lua failed (${rc})")
endif()
file(RENAME "${OUT}.tmp" "${OUT}")
