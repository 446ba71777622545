# Command-line tests: each runs the built `dml` from tests/cli/ and compares
# exit status, stdout and stderr with tests/golden/<name>.approved.txt.
#   dml_golden(<name> [STDIN <file>] ARGS <arg>...)
set(DML_CLI_DIR "${CMAKE_CURRENT_LIST_DIR}")
set(DML_GOLDEN_DIR "${CMAKE_CURRENT_LIST_DIR}/../golden")
function(dml_golden name)
  cmake_parse_arguments(G "" "STDIN" "ARGS" ${ARGN})
  add_test(NAME "cli.${name}"
    COMMAND "${CMAKE_COMMAND}" "-DDML=$<TARGET_FILE:dml>" "-DWORKDIR=${DML_CLI_DIR}"
            "-DARGS=${G_ARGS}" "-DGOLDEN=${DML_GOLDEN_DIR}/${name}.approved.txt"
            "-DSTDIN=${G_STDIN}" -P "${DML_CLI_DIR}/run_golden.cmake")
  set_tests_properties("cli.${name}" PROPERTIES ENVIRONMENT "DML_PATH=")
endfunction()

# Usage and the command line.
dml_golden(help ARGS --help)
dml_golden(version_flag ARGS --version)
dml_golden(bad_flag ARGS --frobnicate cases/hello.lua)
dml_golden(missing_flag_argument ARGS -e)
dml_golden(args_table ARGS cases/args.lua one "two words")
dml_golden(chunk_then_script ARGS -e "greeting = 'hi'" cases/uses_greeting.lua)
dml_golden(stdin_script STDIN "${DML_CLI_DIR}/cases/hello.lua" ARGS -)
dml_golden(library_flag ARGS -l mylib -e "print(mylib.answer)")

# Broken scenarios: the exact message and exit status are UI.
dml_golden(missing_file ARGS cases/no_such_scenario.lua)
dml_golden(syntax_error ARGS cases/syntax_error.lua)
dml_golden(undefined_global ARGS cases/undefined_global.lua)
dml_golden(runtime_error ARGS cases/runtime_error.lua)
dml_golden(error_in_library ARGS cases/error_in_library.lua)
dml_golden(error_in_library_traceback ARGS --traceback cases/error_in_library.lua)
dml_golden(shadow_stdlib ARGS cases/shadow/scenario.lua)
dml_golden(missing_module ARGS cases/missing_module.lua)
dml_golden(table_then_save_error ARGS cases/table_then_save_error.lua)
