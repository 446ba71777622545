# Embeds every stdlib/**/*.lua file into the binary as a C++ source file, so
# `dml` runs from any directory with nothing installed beside it.
#
#   dml_embed_stdlib(OUT <generated.cpp> ROOT <stdlib dir>)
#
# The generated file defines dml::lua::embedded_stdlib(), a table of
# { module name, path, chunk text, chunk bytecode } sorted by path (stdlib/dml/presets/gpus.lua
# is "dml.presets.gpus"; stdlib/dml/init.lua is "dml"). The tool that writes it,
# interpreter/tools/embed_stdlib.cpp, compiles each chunk with the Lua dml links, so that start-up
# loads bytecode instead of compiling text.
function(dml_embed_stdlib)
  cmake_parse_arguments(E "" "OUT;ROOT" "" ${ARGN})
  file(GLOB_RECURSE lua_files CONFIGURE_DEPENDS "${E_ROOT}/*.lua")
  list(SORT lua_files)
  if(NOT TARGET dml_embed_stdlib)
    add_executable(dml_embed_stdlib "${PROJECT_SOURCE_DIR}/interpreter/tools/embed_stdlib.cpp")
    target_link_libraries(dml_embed_stdlib PRIVATE PkgConfig::DML_LUA)
  endif()
  add_custom_command(
    OUTPUT "${E_OUT}"
    COMMAND dml_embed_stdlib "${E_ROOT}" "${E_OUT}"
    DEPENDS ${lua_files} dml_embed_stdlib
    COMMENT "Embedding the Lua stdlib"
    VERBATIM)
  # Several targets compile the generated file (the interpreter and the Lua module): each depends
  # on this one target, so that a parallel build runs the command once, not once per target.
  add_custom_target(dml_embedded_stdlib DEPENDS "${E_OUT}")
endfunction()
