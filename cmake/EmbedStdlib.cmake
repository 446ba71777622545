# Embeds every stdlib/**/*.lua file into the binary as a C++ source file, so
# `dml` runs from any directory with nothing installed beside it.
#
#   dml_embed_stdlib(OUT <generated.cpp> ROOT <stdlib dir>)
#
# The generated file defines dml::lua::embedded_stdlib(), a table of
# { module name, chunk text } sorted by name (stdlib/dml/presets/gpus.lua is
# "dml.presets.gpus"; stdlib/dml/init.lua is "dml").
function(dml_embed_stdlib)
  cmake_parse_arguments(E "" "OUT;ROOT" "" ${ARGN})
  file(GLOB_RECURSE lua_files CONFIGURE_DEPENDS "${E_ROOT}/*.lua")
  list(SORT lua_files)
  add_custom_command(
    OUTPUT "${E_OUT}"
    COMMAND "${CMAKE_COMMAND}" -DROOT=${E_ROOT} -DOUT=${E_OUT}
            -P "${PROJECT_SOURCE_DIR}/cmake/embed_stdlib_run.cmake"
    DEPENDS ${lua_files} "${PROJECT_SOURCE_DIR}/cmake/embed_stdlib_run.cmake"
    COMMENT "Embedding the Lua stdlib"
    VERBATIM)
endfunction()
