# Command-line tests: each runs the built `dml` from tests/cli/ and compares
# exit status, stdout and stderr with tests/golden/<name>.approved.txt.
#   dml_golden(<name> [STDIN <file>] [ENV <VAR=value>...] ARGS <arg>...)
set(DML_CLI_DIR "${CMAKE_CURRENT_LIST_DIR}")
set(DML_GOLDEN_DIR "${CMAKE_CURRENT_LIST_DIR}/../golden")
function(dml_golden name)
  cmake_parse_arguments(G "" "STDIN" "ARGS;ENV" ${ARGN})
  add_test(NAME "cli.${name}"
    COMMAND "${CMAKE_COMMAND}" "-DDML=$<TARGET_FILE:dml>" "-DWORKDIR=${DML_CLI_DIR}"
            "-DARGS=${G_ARGS}" "-DGOLDEN=${DML_GOLDEN_DIR}/${name}.approved.txt"
            "-DSTDIN=${G_STDIN}" -P "${DML_CLI_DIR}/run_golden.cmake")
  if(NOT G_ENV)
    set(G_ENV "DML_PATH=")
  endif()
  set_tests_properties("cli.${name}" PROPERTIES ENVIRONMENT "${G_ENV}")
endfunction()

# Usage and the command line.
dml_golden(help ARGS --help)
dml_golden(version_flag ARGS --version)
dml_golden(ipairs_nil ARGS cases/ipairs_nil.lua)
dml_golden(error_level0 ARGS cases/error_level0.lua)
dml_golden(bad_flag ARGS --frobnicate cases/hello.lua)
dml_golden(missing_flag_argument ARGS -e)
dml_golden(args_table ARGS cases/args.lua one "two words")
dml_golden(chunk_then_script ARGS -e "greeting = 'hi'" cases/uses_greeting.lua)
dml_golden(stdin_script STDIN "${DML_CLI_DIR}/cases/hello.lua" ARGS -)
dml_golden(library_flag ARGS -l mylib -e "print(mylib.answer)")
# -l g=mod with either side empty is a usage error (helper-93: "-l x=" ran, module "" not found).
dml_golden(library_flag_empty_side ARGS -l x= -e "print(1)")
# As lua's -l: a library alone still runs standard input.
dml_golden(library_flag_then_stdin STDIN "${DML_CLI_DIR}/cases/uses_mylib.lua" ARGS -l mylib)

# Broken scenarios: the exact message and exit status are UI.
dml_golden(missing_file ARGS cases/no_such_scenario.lua)
dml_golden(syntax_error ARGS cases/syntax_error.lua)
dml_golden(undefined_global ARGS cases/undefined_global.lua)
dml_golden(runtime_error ARGS cases/runtime_error.lua)
dml_golden(error_control_bytes ARGS cases/error_control_bytes.lua)
dml_golden(error_control_bytes_traceback ARGS --traceback cases/error_control_bytes.lua)
dml_golden(error_in_library ARGS cases/error_in_library.lua)
dml_golden(error_in_library_traceback ARGS --traceback cases/error_in_library.lua)
dml_golden(sweep_error_traceback ARGS --traceback cases/sweep_error_traceback.lua)
dml_golden(sweep_yield ARGS cases/sweep_yield.lua)
dml_golden(sweep_error_pcall_traceback ARGS --traceback cases/sweep_error_pcall_traceback.lua)
dml_golden(shadow_stdlib ARGS cases/shadow/scenario.lua)
dml_golden(vendored_library ARGS cases/vendored/scenario.lua)
dml_golden(syntax_error_in_library ARGS cases/syntax_lib/scenario.lua)
# Libraries that require each other: the cycle named, not "C stack overflow" (helper-348).
dml_golden(require_cycle ARGS cases/cycle_lib/scenario.lua)
dml_golden(require_cycle_traceback ARGS --traceback cases/cycle_lib/scenario.lua)
add_test(NAME cli.core_via_select COMMAND dml --sandbox core_via_select.lua
         WORKING_DIRECTORY "${DML_CLI_DIR}/cases")
set_tests_properties(cli.core_via_select PROPERTIES PASS_REGULAR_EXPRESSION "^nil\t\n$")
# dml.shard(): the shard this run is (1, 1 without --shard)
add_test(NAME cli.shard_function COMMAND dml --shard 2/3 -e "print(dml.shard())")
set_tests_properties(cli.shard_function PROPERTIES PASS_REGULAR_EXPRESSION "^2\t3\n$")
add_test(NAME cli.shard_function_whole COMMAND dml -e "print(dml.shard())")
set_tests_properties(cli.shard_function_whole PROPERTIES PASS_REGULAR_EXPRESSION "^1\t1\n$")
# dml.beside with no file on the stack: the path is the working directory's, folded.
add_test(NAME cli.beside_command_line COMMAND dml -e "print(dml.beside('x/../runs.tsv'))")
set_tests_properties(cli.beside_command_line PROPERTIES PASS_REGULAR_EXPRESSION "^runs.tsv\n$")
# A directory in DML_PATH, where a template belongs: the not-found message says so.
dml_golden(dml_path_directory ENV "DML_PATH=cases/lib" ARGS -e "require 'no_such_module'")
# A dml.lua in the working directory is the user's, not the stdlib's: dml starts, and the
# scenario of that name runs (the stdlib's own requires search no user place).
add_test(NAME cli.scenario_named_dml COMMAND dml dml.lua
         WORKING_DIRECTORY "${DML_CLI_DIR}/cases/named")
set_tests_properties(cli.scenario_named_dml PROPERTIES ENVIRONMENT "DML_PATH="
  PASS_REGULAR_EXPRESSION "^a scenario named dml.lua: H100 SXM\n$")
add_test(NAME cli.chunk_beside_dml_lua COMMAND dml -e "print(#dml.presets.gpus.h100_sxm.name)"
         WORKING_DIRECTORY "${DML_CLI_DIR}/cases/named")
set_tests_properties(cli.chunk_beside_dml_lua PROPERTIES ENVIRONMENT "DML_PATH="
  PASS_REGULAR_EXPRESSION "^8\n$")
# require's second result for a stdlib module is a name, never dml's private core table
# (helper-85: the sandbox handed it out).
add_test(NAME cli.stdlib_loader_data
         COMMAND dml --sandbox -e "local _, data = require 'dml.presets.gpus' print(type(data), data)")
set_tests_properties(cli.stdlib_loader_data PROPERTIES ENVIRONMENT "DML_PATH="
  PASS_REGULAR_EXPRESSION "^string\t[(]dml's stdlib[)]\n$")
dml_golden(missing_module ARGS cases/missing_module.lua)
dml_golden(lib_dir ARGS --lib cases/libdir cases/uses_sitelib.lua)
dml_golden(dml_path_before_lib ENV "DML_PATH=cases/pathdir/?.lua" ARGS --lib cases/libdir cases/uses_sitelib.lua)
dml_golden(wrong_unit ARGS cases/wrong_unit.lua)
dml_golden(bare_number ARGS cases/bare_number.lua)
dml_golden(unknown_field ARGS cases/unknown_field.lua)
dml_golden(negative_size ARGS cases/negative_size.lua)
dml_golden(error_in_dml_call ARGS cases/error_in_dml_call.lua)
dml_golden(level_bigger_than_cluster ARGS cases/level_bigger_than_cluster.lua)
dml_golden(level_bandwidth_and_link ARGS cases/level_bandwidth_and_link.lua)
dml_golden(level_without_bandwidth ARGS cases/level_without_bandwidth.lua)
dml_golden(bad_preset_override ARGS cases/bad_preset_override.lua)
dml_golden(doc_cluster ARGS --doc cluster)
dml_golden(doc_unknown ARGS --doc clustr)
# --name=value is --name value (the same output as the two words); an option without a value
# refuses one.
dml_golden(doc_cluster_equals ARGS --doc=cluster)
dml_golden(lib_dir_equals ARGS --lib=cases/libdir cases/uses_sitelib.lua)
dml_golden(flag_with_value ARGS --traceback=1 cases/hello.lua)
dml_golden(value_after_value ARGS --lib cases/libdir "--timeout=30 s" cases/uses_sitelib.lua)
dml_golden(table_then_save_error ARGS cases/table_then_save_error.lua)
dml_golden(paper_slow_clock ARGS cases/paper_slow_clock.lua)

# A typo in dml, a preset or a module never reads as nil: strict tables, with did-you-mean.
dml_golden(typo_dml_function ARGS cases/typo_dml_function.lua)
dml_golden(typo_gpu_preset ARGS cases/typo_gpu_preset.lua)
dml_golden(typo_network_preset ARGS cases/typo_network_preset.lua)
dml_golden(typo_stack_preset ARGS cases/typo_stack_preset.lua)
dml_golden(typo_preset_module ARGS cases/typo_preset_module.lua)
dml_golden(typo_preset_field ARGS cases/typo_preset_field.lua)
dml_golden(typo_paper_setting ARGS cases/typo_paper_setting.lua)
dml_golden(presets_pairs ARGS cases/presets_pairs.lua)

# The scenario language: printed summaries and errors.
dml_golden(plan_summary ARGS cases/plan_summary.lua)
dml_golden(level_link ARGS cases/level_link.lua)
dml_golden(infeasible_run ARGS cases/infeasible_run.lua)
dml_golden(over_duration_run ARGS cases/over_duration_run.lua)
dml_golden(expert_parallel_note ARGS cases/expert_parallel_note.lua)
dml_golden(bad_run_field ARGS cases/bad_run_field.lua)
dml_golden(bad_layout ARGS cases/bad_layout.lua)
dml_golden(bad_layout_divisors ARGS cases/bad_layout_divisors.lua)
dml_golden(transformer_layout_divisors ARGS cases/transformer_layout_divisors.lua)
dml_golden(bad_batch_rule ARGS cases/bad_batch_rule.lua)
dml_golden(setting_cluster_size ARGS cases/setting_cluster_size.lua)
dml_golden(paper_run_tokens ARGS cases/paper_run_tokens.lua)
dml_golden(calibrate_missing_file ARGS cases/calibrate_missing_file.lua)
dml_golden(calibrate_missing_column ARGS cases/calibrate_missing_column.lua)
dml_golden(calibrate_unknown_fit ARGS cases/calibrate_unknown_fit.lua)
dml_golden(paper_scenario_bad_argument ARGS ../../scenarios/erdil2024/base_comparison.lua --tvs out.tsv)
# A script's bad arguments are a usage error (dml.usage_error): exit 2, as for dml's own.
dml_golden(paper_scenario_bare_tsv ARGS ../../scenarios/erdil2024/base_comparison.lua --tsv)
# A file the scenario cannot write is said before the comparison runs (exit 2, nothing printed).
dml_golden(paper_scenario_bad_plot ARGS ../../scenarios/erdil2024/base_comparison.lua --plot b.jpg)
dml_golden(study_bad_tsv ARGS ../../scenarios/fernandez2024/collectives.lua --tsv out.txt)
# A file that cannot be written is said before the work, and an option is given once.
dml_golden(paper_scenario_tsv_no_folder ARGS ../../scenarios/erdil2024/base_comparison.lua --tsv no/such/folder/p.tsv)
dml_golden(study_plot_no_folder ARGS ../../scenarios/fernandez2024/generations.lua --plot no/such/folder/g.png)
dml_golden(paper_scenario_tsv_twice ARGS ../../scenarios/erdil2024/base_comparison.lua --tsv a.tsv --tsv b.tsv)
dml_golden(study_plot_twice ARGS ../../scenarios/fernandez2024/crossover.lua --plot a.png --plot b.svg)
dml_golden(judge_without_input ARGS ../../scenarios/validation/measured.lua)
# A usage error caught by pcall, then another error: that one is the scenario's, exit 1.
dml_golden(usage_error_caught ARGS -e "pcall(dml.usage_error, 'bad') dml.error('then this')")

# The interactive prompt, fed from a file (no terminal: no prompt text, no history).
dml_golden(repl_session STDIN "${DML_CLI_DIR}/cases/repl_session.txt" ARGS -i)
dml_golden(repl_incomplete_at_eof STDIN "${DML_CLI_DIR}/cases/repl_incomplete.txt" ARGS -i)
# An error holding a NUL prints escaped, and the session goes on.
dml_golden(repl_control_bytes STDIN "${DML_CLI_DIR}/cases/repl_control_bytes.txt" ARGS -i)
# A line is compiled under --max-memory too (helper-374: compiled outside any limit, this one
# took what it needed and came back with its syntax error); the session goes on. The 400 kB line
# is written here, not kept in the tree.
string(REPEAT "1," 200000 DML_LONG_LIST)
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/repl_long_line.txt"
     "x = {${DML_LONG_LIST} +}\nprint('the next line runs')\n")
dml_golden(repl_line_over_memory_limit STDIN "${CMAKE_CURRENT_BINARY_DIR}/repl_long_line.txt"
           ARGS --max-memory "1.5 MB" -i)
dml_golden(library_flag_as_global ARGS -l gpus=dml.presets.gpus -e "print(gpus.h100_sxm.name)")
# A dotted module's global is no name Lua can write: said how to name it (helper-162).
dml_golden(library_flag_dotted ARGS -l acme.models -e "print(acme.answer)")
dml_golden(version_then_chunk ARGS -v -e "print(1 + 1)")

# Hostile input: each is refused where it is written, with the user's field names, a bounded
# excerpt of long text, and never a crash, a hang, an infinity or a file cut short.
foreach(name q_infinite_time q_out_of_range d_model_too_large run_tiny_duration setting_tiny_duration
             too_many_levels batch_rule_and_tokens save_path_nul column_name_nul save_deep_record
             long_string long_quantity sweep_too_large)
  dml_golden(${name} ARGS cases/hostile/${name}.lua)
endforeach()
dml_golden(sweep_shard_too_large ARGS cases/hostile/sweep_too_large.lua --shard 3/1000)
dml_golden(shard_bad_argument ARGS cases/hello.lua --shard 5/4)
# after a -- past the script, --shard is the script's
dml_golden(shard_after_double_dash ARGS cases/args.lua -- --shard 5/4)
# an empty name is refused, never read as "no argument" (standard input here holds a script)
dml_golden(doc_empty STDIN "${DML_CLI_DIR}/cases/hello.lua" ARGS --doc <empty>)
dml_golden(stdlib_missing_dir ARGS --stdlib cases/no_such_dir -e "print(1)")
dml_golden(lib_missing_dir ARGS --lib cases/no_such_dir -e "print(1)")

# --shard once, before the script or after it.
dml_golden(shard_given_twice ARGS --shard 1/2 cases/hello.lua --shard=2/2)
# dml.usage_error called by a library the script requires names the script, without a line.
dml_golden(usage_error_in_library ARGS --lib cases/usage_lib cases/usage_lib/main.lua)
# dml --merge: the parts of one sweep, in order; a part that differs or is cut short is named.
dml_golden(merge_other_columns ARGS --merge merged.tsv cases/merge/part1.tsv cases/merge/other_columns.tsv)
dml_golden(merge_cut_short ARGS --merge merged.tsv cases/merge/part1.tsv cases/merge/cut_short.tsv)
dml_golden(merge_missing_part ARGS --merge merged.tsv cases/merge/part1.tsv cases/merge/no_such_part.tsv)
# A part named twice, by another path to it too, would repeat its rows.
dml_golden(merge_part_twice ARGS --merge merged.tsv cases/merge/part1.tsv cases/merge/../merge/part1.tsv)
# Parts numbered in their names go in that order, none skipped (helper-118: a shell glob's order).
dml_golden(merge_out_of_order ARGS --merge merged.tsv cases/merge/part2.tsv cases/merge/part1.tsv)
dml_golden(merge_skipped_part ARGS --merge merged.tsv cases/merge/part1.tsv cases/merge/part3.tsv)
# Out of order is said before a number skipped (a glob's part1 part10 part2: helper-121).
dml_golden(merge_order_before_gap ARGS --merge merged.tsv cases/merge/part1.tsv cases/merge/part3.tsv cases/merge/part2.tsv)
# Names that give the count (dml.shard()'s "sweep-K-of-N"): a missing first or last part is named
# too, and a part numbered past the count.
dml_golden(merge_last_part_missing ARGS --merge merged.tsv cases/merge/sweep-1-of-3.tsv cases/merge/sweep-2-of-3.tsv)
dml_golden(merge_first_part_missing ARGS --merge merged.tsv cases/merge/sweep-2-of-3.tsv cases/merge/sweep-3-of-3.tsv)
dml_golden(merge_part_past_count ARGS --merge merged.tsv cases/merge/sweep-1-of-3.tsv cases/merge/sweep-2-of-3.tsv
           cases/merge/sweep-3-of-3.tsv cases/merge/sweep-4-of-3.tsv)
# Parts of two shardings (an unsharded run's sweep-1-of-1 beside sweep-K-of-3: helper-126).
dml_golden(merge_two_shardings ARGS --merge merged.tsv cases/merge/sweep-1-of-1.tsv cases/merge/sweep-1-of-3.tsv
           cases/merge/sweep-2-of-3.tsv cases/merge/sweep-3-of-3.tsv)
# A byte-order mark before one part's header is named, not shown as an invisible difference
# (helper-126).
dml_golden(merge_byte_order_mark ARGS --merge merged.tsv cases/merge/part1.tsv cases/merge/bom.tsv)
dml_golden(plot_failed_shard ARGS --shard 2/2 cases/plot_failed_shard.lua)
# (And the other way round: "it has no UTF-8 byte-order mark", helper-369's "has no a".)
dml_golden(merge_byte_order_mark_first ARGS --merge merged.tsv cases/merge/bom.tsv cases/merge/part1.tsv)
dml_golden(merge_other_format ARGS --merge merged.tsv cases/merge/part1.tsv cases/merge/part1.csv)
dml_golden(merge_extra_field ARGS --merge merged.tsv cases/merge/part1.tsv cases/merge/extra_field.tsv)
dml_golden(merge_open_quote ARGS --merge merged.csv cases/merge/part1.csv cases/merge/open_quote.csv)
# CSV quotes a whole field: a quote inside a bare field, or text after the closing quote, is named.
dml_golden(merge_text_after_quote ARGS --merge merged.csv cases/merge/part1.csv cases/merge/text_after_quote.csv)
# Lines are counted as the file has them: a quoted field's newline starts one.
dml_golden(merge_multiline_extra_field ARGS --merge merged.csv cases/merge/part1.csv cases/merge/multiline_extra_field.csv)
dml_golden(merge_quote_in_bare_field ARGS --merge merged.csv cases/merge/part1.csv cases/merge/quote_in_bare_field.csv)
# The output left out: the first part is where OUT goes, and --merge replaces no file. (The
# part after it is cut short: were the check gone, nothing would be written over part1.csv.)
# --merge runs alone: an option beside it would be ignored.
dml_golden(merge_after_option ARGS -e "print(1)" --merge merged.csv cases/merge/part1.csv)
dml_golden(merge_option_among_parts ARGS --merge merged.csv cases/merge/part1.csv --shard 1/2)
dml_golden(merge_output_exists ARGS --merge cases/merge/part1.csv cases/merge/open_quote.csv)

# Limits and binary chunks: the message names the limit and the line, exit 1.
dml_golden(timeout ARGS --timeout "0.2 s" cases/endless_loop.lua)
dml_golden(instruction_limit ARGS --max-instructions 1e5 cases/endless_loop.lua)
dml_golden(memory_limit ARGS --max-memory "20 MB" cases/grows_forever.lua)
# An error object that is not a string names the line that raised it (helper-95: none).
dml_golden(error_object_table ARGS cases/error_object_table.lua)
# A limit the script catches through coroutine.resume still fails the run (helper-95).
dml_golden(limit_caught ARGS --max-instructions 100000 cases/limit_caught.lua)
dml_golden(bad_timeout ARGS --timeout 30 cases/hello.lua)
dml_golden(bad_memory_limit ARGS --max-memory "-1 GB" cases/hello.lua)
# a fraction of one unit would be no limit at all; a timeout past the clock's range, one at once
dml_golden(fraction_instruction_limit ARGS --max-instructions 0.5 cases/endless_loop.lua)
dml_golden(fraction_memory_limit ARGS --max-memory "0.5 B" cases/grows_forever.lua)
dml_golden(huge_timeout ARGS --timeout "1e10 s" cases/hello.lua)
dml_golden(instruction_limit_not_a_number ARGS --max-instructions nan cases/hello.lua)
# --threads: a whole number of worker threads, 1 to 1024 (helper-172).
dml_golden(bad_threads ARGS --threads 0 cases/hello.lua)
dml_golden(binary_chunk ARGS cases/binary_chunk.lua)
dml_golden(binary_script ARGS cases/binary_script.luac)

# Output that cannot be written (a full disk: /dev/full) fails the run, naming it.
add_test(NAME cli.stdout_full
  COMMAND sh -c "err=$(\"$1\" --help 2>&1 >/dev/full); rc=$?; echo \"$err\"; test $rc -eq 1 && test \"$err\" = 'dml: cannot write the standard output'" sh "$<TARGET_FILE:dml>")

# The judge says when a run_id appears twice (both rows are predicted).
dml_golden(measured_duplicate_run_id ARGS ../../scenarios/validation/measured.lua cases/duplicate_run_id.tsv)

# The judge on a user's own file (helper-42's walkthrough): a column of the user's own is said
# not read, counts written with their word ("64 GPUs"), a NIC named by its model ("8x ConnectX-7
# 400Gb/s per node": 400 Gb/s a GPU), "SP on", and a row predicted but not compared says why.
dml_golden(measured_user_file ARGS ../../scenarios/validation/measured.lua cases/measured_user.tsv)
# A framework no stack preset stands for is said once on standard error, with its rows' count.
dml_golden(measured_unknown_framework ARGS ../../scenarios/validation/measured.lua cases/unknown_framework.tsv)
# A header in other letter case names the format's column.
dml_golden(measured_header_case ARGS ../../scenarios/validation/measured.lua cases/measured_header_case.tsv)
# --out naming the input is refused before anything is written (the measurements stay).
dml_golden(measured_out_is_input ARGS ../../scenarios/validation/measured.lua cases/duplicate_run_id.tsv
           --out ./cases/duplicate_run_id.tsv)
# --out into a folder that does not exist is refused before any row is predicted (as a pipe or
# a device would be: tests/CMakeLists.txt, measured.out_pipe).
dml_golden(measured_out_no_folder ARGS ../../scenarios/validation/measured.lua cases/duplicate_run_id.tsv
           --out no_such_folder/predictions.tsv)
# --out given twice (either spelling) names both files, rather than keeping the last.
dml_golden(measured_out_twice ARGS ../../scenarios/validation/measured.lua cases/duplicate_run_id.tsv
           --out a.tsv --out=b.tsv)
# Two input files: said as such, not as an unknown argument.
dml_golden(measured_two_inputs ARGS ../../scenarios/validation/measured.lua cases/duplicate_run_id.tsv b.tsv)
dml_golden(calibration_write_twice ARGS ../../scenarios/calibration/a100_narayanan.lua --write a.lua --write b.lua)
# An option where a file name should be is no file name (helper-126: --plot was taken as the
# TSV's name); the calibration takes --help as the other scenarios do.
dml_golden(study_tsv_before_option ARGS ../../scenarios/fernandez2024/crossover.lua --tsv --plot x.png)
dml_golden(measured_out_before_option ARGS ../../scenarios/validation/measured.lua cases/duplicate_run_id.tsv --out --markdown)
dml_golden(calibration_help ARGS ../../scenarios/calibration/a100_narayanan.lua --help)
# A sequence length of 0 is a row's reason, never a division by zero that stops the judge
# (helper-93: the global batch in tokens, and the TFLOP/s path, divided by it).
dml_golden(measured_seq_len_zero ARGS ../../scenarios/validation/measured.lua cases/measured_seq_len_zero.tsv)
# --markdown keeps each row of its tables on one line: a "|" in a cell is escaped and a quoted
# line break is a space (helper-93: a run_id's line break split the table).
dml_golden(measured_markdown ARGS ../../scenarios/validation/measured.lua cases/measured_markdown.tsv --markdown)
# A file of which no row is compared with a measured time fails (a job must not pass on nothing).
dml_golden(measured_nothing_compared ARGS ../../scenarios/validation/measured.lua cases/measured_no_time.tsv)
# A header without rows: one error, before any table (helper-368: three empty tables first).
dml_golden(measured_header_only ARGS ../../scenarios/validation/measured.lua cases/measured_header_only.tsv)
# --explain prints a row's plan term by term and every reading of its cells; a run_id the file
# does not have is a usage error before anything is predicted.
dml_golden(measured_explain ARGS ../../scenarios/validation/measured.lua cases/measured_user.tsv
           --explain mine-70b-64-mfu)
dml_golden(measured_explain_unknown ARGS ../../scenarios/validation/measured.lua cases/measured_user.tsv
           --explain mine-70b --explain=mine-8b)
