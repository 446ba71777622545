// The Lua module dml.so: `local dml = require "dml"` in Debian's lua5.4 gives the table a scenario
// sees as `dml` inside the dml command, with the stdlib built in (`require "dml.presets.gpus"`).
// Linked only into dml.so, which runs in the host's C build of Lua (c_lua.hpp says how a Lua error
// never skips a C++ destructor there; docs/embedding.md says why).
//
// Unlike the dml command, the module leaves the host's globals alone (no strict globals, no
// global `dml`) and adds one searcher: dml's stdlib modules come from the copy inside dml.so,
// before package.path is searched, so no file on the host's path can replace one of them.
#include <fmt/format.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "edit_distance.hpp"
#include "embedded_stdlib.hpp"
#include "lua_runtime.hpp"

// dml.so runs in the host's Lua, built as C (c_lua.hpp).
bool dml::lua::c::c_build() noexcept { return true; }

namespace dml::lua {
namespace {

// Registry key of dml.core, the stdlib's loader data (the dml command uses the same one).
constexpr const char* kCoreKey = "dml:core";

const EmbeddedModule* find_embedded(std::string_view name) {
  for (const auto& m : embedded_stdlib()) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

// Loads the stdlib module `m` and pushes its loader.
void load_stdlib(lua_State* L, const EmbeddedModule& m) {
  const std::string chunkname = std::string(kStdlibChunkPrefix) + std::string(m.path);
  if (load_embedded(L, m, chunkname.c_str()) != LUA_OK) {
    throw std::runtime_error(
        fmt::format("error loading dml's stdlib module '{}': {}", m.name, lua_tostring(L, -1)));
  }
}

// core.shard() -> 1, 1: the module runs every sweep whole (the dml command's --shard K/N).
int l_shard(lua_State* L) {
  lua_pushinteger(L, 1);
  lua_pushinteger(L, 1);
  return 2;
}

// core.traceback(msg) -> msg: the host's lua5.4 adds its own traceback, or none.
int l_traceback(lua_State* L) {
  lua_settop(L, 1);
  return 1;
}

// core.message(text): the stdlib's notes ("dml: wrote FILE") go to standard error, as the dml
// command's do when its host gives no message callback.
int l_message(lua_State* L) {
  std::size_t len = 0;
  const char* text = luaL_checklstring(L, 1, &len);
  std::fwrite(text, 1, len, stderr);
  std::fputc('\n', stderr);
  std::fflush(stderr);
  return 0;
}

// A searcher of package.searchers: a module of dml's stdlib, with dml.core as its loader data.
// Other names are not dml's (nothing to say); a name under "dml." that is not in the stdlib gets
// a line in require's message.
int stdlib_searcher(lua_State* L) {
  return guarded(L, [&]() -> int {
    std::size_t n = 0;
    const char* s = luaL_checklstring(L, 1, &n);
    const std::string_view name(s, n);
    const EmbeddedModule* m = find_embedded(name);
    if (m == nullptr) {
      if (name != "dml" && !name.starts_with("dml.")) return 0;
      std::vector<std::string> names;
      for (const auto& e : embedded_stdlib()) {
        // (Not a folder the name is in: "dml" for "dml.foo"; helper-168.)
        if (!name.starts_with(std::string(e.name) + ".")) names.emplace_back(e.name);
      }
      const std::string hint = closest(name, names);
      const std::string text =
          hint.empty()
              ? fmt::format("no module '{}' in dml's stdlib", name)
              : fmt::format("no module '{}' in dml's stdlib (did you mean '{}'?)", name, hint);
      lua_pushlstring(L, text.data(), text.size());
      return 1;
    }
    load_stdlib(L, *m);
    lua_getfield(L, LUA_REGISTRYINDEX, kCoreKey);
    return 2;
  });
}

// Puts stdlib_searcher second in package.searchers (after package.preload), once.
void add_searcher(lua_State* L) {
  lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  lua_getfield(L, -1, "package");
  if (lua_type(L, -1) != LUA_TTABLE || lua_getfield(L, -1, "searchers") != LUA_TTABLE) {
    throw std::runtime_error("dml: the host has no package.searchers (load Lua's package library)");
  }
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, -1));
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, -1, i);
    const bool ours = lua_tocfunction(L, -1) == stdlib_searcher;
    lua_pop(L, 1);
    if (ours) {
      lua_pop(L, 3);
      return;
    }
  }
  const lua_Integer at = n >= 1 ? 2 : 1;
  for (lua_Integer i = n; i >= at; --i) {
    lua_rawgeti(L, -1, i);
    lua_rawseti(L, -2, i + 1);
  }
  lua_pushcfunction(L, stdlib_searcher);
  lua_rawseti(L, -2, at);
  lua_pop(L, 3);
}

int open(lua_State* L) {
  return guarded(L, [&]() -> int {
    if (lua_version(L) != LUA_VERSION_NUM) {
      throw std::runtime_error(fmt::format("dml.so is built for Lua {}, and this Lua is {}",
                                           LUA_VERSION_NUM, lua_version(L)));
    }
    open_core(L);
    lua_pushcfunction(L, l_shard);
    lua_setfield(L, -2, "shard");
    lua_pushcfunction(L, l_traceback);
    lua_setfield(L, -2, "traceback");
    lua_pushcfunction(L, l_message);
    lua_setfield(L, -2, "message");
    // The state is the host's: the stdlib leaves what all its strings share as it is.
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, "in_host_state");
    lua_setfield(L, LUA_REGISTRYINDEX, kCoreKey);
    add_searcher(L);
    // The stdlib's "dml" module (stdlib/dml/init.lua), called as require calls a loader.
    const EmbeddedModule* init = find_embedded("dml");
    if (init == nullptr) throw std::logic_error("dml.so holds no stdlib module 'dml'");
    load_stdlib(L, *init);
    lua_pushliteral(L, "dml");
    lua_getfield(L, LUA_REGISTRYINDEX, kCoreKey);
    if (lua_pcall(L, 2, 1, 0) != LUA_OK) return lua_error(L);
    return 1;
  });
}

}  // namespace
}  // namespace dml::lua

// require "dml" (the host's C searcher finds dml.so on package.cpath and calls this).
extern "C" __attribute__((visibility("default"))) int luaopen_dml(lua_State* L) {
  dml::lua::c::init(L);  // before any body: the registry slot of a pending error
  return dml::lua::open(L);
}
