// The stdlib's Lua files, embedded at build time (cmake/EmbedStdlib.cmake).
#pragma once

#include <lua.hpp>
#include <span>
#include <string_view>

namespace dml::lua {

struct EmbeddedModule {
  std::string_view name;  // module name: "dml", "dml.presets.gpus"
  std::string_view path;  // path below stdlib/: "dml/init.lua"
  std::string_view text;  // the Lua source
  std::string_view code;  // the chunk compiled at build time (lua_dump, debug information kept)
};

// Pushes the chunk of `m`, named `chunkname` ("=stdlib/dml/init.lua"), as luaL_loadbufferx does:
// its build-time bytecode, or its text when this Lua cannot load that bytecode (another Lua
// 5.4 release than the one dml was built with: the bytecode's header says so).
int load_embedded(lua_State* L, const EmbeddedModule& m, const char* chunkname);

// Every embedded module, sorted by path.
std::span<const EmbeddedModule> embedded_stdlib();

}  // namespace dml::lua
