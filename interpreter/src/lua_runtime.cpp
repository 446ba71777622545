#include "lua_runtime.hpp"

#include <fmt/format.h>

#include "dml/version.hpp"

namespace dml::lua {

std::string user_where(lua_State* L) {
  lua_Debug ar;
  for (int level = 1; lua_getstack(L, level, &ar) != 0; ++level) {
    lua_getinfo(L, "Sl", &ar);
    if (ar.currentline <= 0) continue;  // a C function, or no line information
    if (std::string_view(ar.source).starts_with(kStdlibChunkPrefix)) continue;
    return fmt::format("{}:{}: ", ar.short_src, ar.currentline);
  }
  return {};  // no user frame (a call from C++, e.g. `dml --doc`): no position
}

void push_user_message(lua_State* L, std::string_view message) {
  const std::string where = user_where(L);
  lua_pushlstring(L, where.data(), where.size());
  lua_pushlstring(L, message.data(), message.size());
  lua_concat(L, 2);
}

std::string describe_type(lua_State* L, int idx) {
  if (lua_isnoneornil(L, idx)) return "nil";
  const int name_type = luaL_getmetafield(L, idx, "__name");  // pushes nothing when absent
  if (name_type == LUA_TSTRING) {
    std::string name = lua_tostring(L, -1);
    lua_pop(L, 1);
    return "a " + name;
  }
  if (name_type != LUA_TNIL) lua_pop(L, 1);
  return std::string("a ") + luaL_typename(L, idx);
}

void raise(lua_State* L, std::string_view message) {
  push_user_message(L, message);
  lua_error(L);
  __builtin_unreachable();
}

namespace {

// core.raise(message): an error at the scenario line that called into dml,
// for the stdlib's Lua validators (error(msg, 2) would name the stdlib's own
// line when validators nest).
int l_raise(lua_State* L) {
  size_t n = 0;
  const char* msg = luaL_checklstring(L, 1, &n);
  push_user_message(L, std::string_view(msg, n));
  return lua_error(L);
}

}  // namespace

void register_runtime(lua_State* L) {
  const luaL_Reg fns[] = {{"raise", l_raise}, {nullptr, nullptr}};
  luaL_setfuncs(L, fns, 0);
  const auto v = dml::version();
  lua_pushlstring(L, v.data(), v.size());
  lua_setfield(L, -2, "version");
}

}  // namespace dml::lua
