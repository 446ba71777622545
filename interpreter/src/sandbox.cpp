// The sandbox (InterpreterOptions::sandbox, `dml --sandbox`): what a script it does not trust
// may use. docs/security.md says what is left and why; tests/sandbox tries to get out.
#include "sandbox.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string>

#include "dml/error.hpp"
#include "lua_runtime.hpp"

namespace dml::lua {
namespace {

// Globals of `lua` that the sandbox leaves out, for the message of reading one.
constexpr std::array<std::string_view, 5> kRemovedGlobals = {"io", "debug", "package", "dofile",
                                                             "loadfile"};
constexpr std::string_view kOsKept = "os has clock, date and time";

// collectgarbage("count") only: the rest (a full collection in a loop, stopping the collector,
// changing its pace) lets a script spend the host's time or memory. Upvalue 1: Lua's.
int l_collectgarbage(lua_State* L) {
  const char* opt = luaL_optstring(L, 1, "collect");
  if (std::string_view(opt) != "count") {
    return luaL_error(L,
                      "collectgarbage(\"%s\"): not available in the sandbox (only "
                      "collectgarbage(\"count\"))",
                      opt);
  }
  lua_settop(L, 1);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, 1, 1);
  return 1;
}

// setmetatable without __gc: a finalizer runs inside the garbage collector, where Lua runs no
// hook, so no timeout and no cancel could stop one that loops (and one runs at exit). The rest
// is the base library's setmetatable: a table, a metatable or nil, and a protected metatable
// (the globals') stays.
int l_setmetatable(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  const int mt = lua_type(L, 2);
  luaL_argexpected(L, mt == LUA_TNIL || mt == LUA_TTABLE, 2, "nil or table");
  if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL) {
    return luaL_error(L, "setmetatable: cannot change a protected metatable");
  }
  if (mt == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    const bool has_gc = lua_rawget(L, 2) != LUA_TNIL;
    lua_pop(L, 1);
    if (has_gc) {
      return luaL_error(L,
                        "setmetatable: __gc metamethods are not available in the sandbox (a "
                        "finalizer runs where no limit reaches it)");
    }
  }
  lua_settop(L, 2);
  lua_setmetatable(L, 1);
  return 1;
}

// __index of the sandbox's os: the names it does not have are an error naming them.
int l_os_index(lua_State* L) {
  if (lua_type(L, 2) != LUA_TSTRING) {
    lua_pushnil(L);
    return 1;
  }
  return luaL_error(L, "os.%s: not available in the sandbox (%s)", lua_tostring(L, 2),
                    kOsKept.data());
}

// The metatable at the top of the stack answers getmetatable with a copy of `fields` and
// refuses setmetatable ("cannot change a protected metatable").
void protect_metatable(lua_State* L, std::initializer_list<const char*> fields) {
  lua_createtable(L, 0, static_cast<int>(fields.size()));
  for (const char* f : fields) {
    lua_getfield(L, -2, f);
    lua_setfield(L, -2, f);
  }
  lua_setfield(L, -2, "__metatable");
}

// string.dump in the sandbox: it makes binary chunks, which no load accepts anyway.
int l_no_dump(lua_State* L) {
  return luaL_error(L, "string.dump: not available in the sandbox (dml loads Lua text only)");
}

// require of a library the sandbox leaves out (io, debug, package): an error that says so.
int l_no_library(lua_State* L) {
  {  // at the script's line that required it (require and this loader are C functions)
    const std::string message =
        fmt::format("require \"{}\": not available in the sandbox (see docs/security.md)",
                    luaL_optstring(L, 1, "?"));
    push_user_message(L, message);
  }  // destroyed before Lua unwinds
  return lua_error(L);
}

// require "os": the sandbox's os (the clock and the calendar).
int l_sandbox_os(lua_State* L) {
  lua_getglobal(L, "os");
  return 1;
}

}  // namespace

void open_sandbox_libs(lua_State* L) {
  const luaL_Reg libs[] = {
      {LUA_GNAME, luaopen_base},          {LUA_LOADLIBNAME, luaopen_package},  // for require
      {LUA_COLIBNAME, luaopen_coroutine}, {LUA_TABLIBNAME, luaopen_table},
      {LUA_STRLIBNAME, luaopen_string},   {LUA_MATHLIBNAME, luaopen_math},
      {LUA_UTF8LIBNAME, luaopen_utf8},    {nullptr, nullptr}};
  for (const luaL_Reg* lib = libs; lib->func != nullptr; ++lib) {
    luaL_requiref(L, lib->name, lib->func, 1);
    lua_pop(L, 1);
  }
  // os: the clock and the calendar only (no execute, exit, getenv, remove, rename, tmpname).
  lua_pushcfunction(L, luaopen_os);  // not registered: require cannot find it
  lua_call(L, 0, 1);
  lua_createtable(L, 0, 3);
  for (const char* f : {"clock", "date", "time"}) {
    lua_getfield(L, -2, f);
    lua_setfield(L, -2, f);
  }
  lua_createtable(L, 0, 2);
  lua_pushcfunction(L, l_os_index);
  lua_setfield(L, -2, "__index");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  lua_setglobal(L, "os");
  lua_pop(L, 1);
  // string.dump makes binary chunks, which no load accepts anyway.
  lua_getglobal(L, "string");
  lua_pushcfunction(L, l_no_dump);
  lua_setfield(L, -2, "dump");
  lua_pop(L, 1);
  // require of the libraries it leaves out says so; require "os" gives the sandbox's os.
  lua_getglobal(L, LUA_LOADLIBNAME);
  lua_getfield(L, -1, "preload");
  for (const char* name : {"io", "debug", "package"}) {
    lua_pushcfunction(L, l_no_library);
    lua_setfield(L, -2, name);
  }
  lua_pushcfunction(L, l_sandbox_os);
  lua_setfield(L, -2, "os");
  lua_pop(L, 2);
  lua_getglobal(L, "collectgarbage");
  lua_pushcclosure(L, l_collectgarbage, 1);
  lua_setglobal(L, "collectgarbage");
  lua_pushcfunction(L, l_setmetatable);
  lua_setglobal(L, "setmetatable");
}

void seal_sandbox(lua_State* L) {
  // require keeps the package table as its upvalue; the global goes (loadlib, searchers,
  // preload, loaded: a script could reach dml's private core through a searcher).
  for (const std::string_view name : kRemovedGlobals) {
    lua_pushnil(L);
    lua_setglobal(L, name.data());
  }
  lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  lua_pushnil(L);
  lua_setfield(L, -2, LUA_LOADLIBNAME);  // require "package" would give it back
  lua_pop(L, 1);
  // Strict globals stay on: setmetatable(_G, nil) is refused.
  lua_pushglobaltable(L);
  if (lua_getmetatable(L, -1) != 0) {
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  // The strings' metatable is shared with dml's own code: a script reads a copy of it.
  lua_pushliteral(L, "");
  if (lua_getmetatable(L, -1) != 0) {
    protect_metatable(L, {"__index"});
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
}

std::string sandbox_hint(std::string_view global) {
  for (const std::string_view name : kRemovedGlobals) {
    if (name == global) {
      return fmt::format("'{}' is not available in the sandbox (see docs/security.md)", global);
    }
  }
  return {};
}

}  // namespace dml::lua
