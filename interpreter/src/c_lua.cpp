// The Lua API for dml.so under the C build of Lua: see c_lua.hpp. Compiled with DML_LUA_C_RAW,
// so the names below are Lua's own functions.
//
// Each function, outside a body, is Lua's own. In a body, it runs Lua's function in a small C
// function under lua_pcall (`protect`), with the values it reads copied as arguments (a
// protected call cannot see its caller's stack slots), and so has the same effect on the
// caller's stack as Lua's function. An error is thrown as LuaError (`fail`).
#include "c_lua.hpp"

#include <fmt/format.h>

#include <cstdarg>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace dml::lua::c {
namespace {

thread_local bool t_in_body = false;

// The registry key of the pending error: its address.
const char kPendingKey = 0;

// Room for the few values a protected call pushes, or a C++ exception (we are in a body).
void reserve(lua_State* L, int n) {
  if (lua_checkstack(L, n) == 0) throw std::runtime_error("stack overflow (dml)");
}

// Keeps the error value at the top and throws it toward lua::guarded.
[[noreturn]] void fail(lua_State* L) {
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kPendingKey);  // the slot exists: no allocation
  throw LuaError{};
}

// Calls f on the `nargs` values at the top of the stack under lua_pcall; its results (nresults,
// or all of them) replace those values. While it runs, the thread is not in a body.
void protect(lua_State* L, lua_CFunction f, int nargs, int nresults) {
  lua_pushcclosure(L, f, 0);  // a light C function: no allocation
  lua_rotate(L, -(nargs + 1), 1);
  const bool saved = t_in_body;
  t_in_body = false;
  const int status = lua_pcallk(L, nargs, nresults, 0, 0, nullptr);
  t_in_body = saved;
  if (status != LUA_OK) fail(L);
}

const char* arg_string(lua_State* L, int i) {
  return static_cast<const char*>(lua_touserdata(L, i));
}

// "chunk:line: " of the function `level` levels up, as luaL_where writes it; "" without a line.
std::string where(lua_State* L, int level) {
  lua_Debug ar;
  if (lua_getstack(L, level, &ar) != 0) {
    getinfo(L, "Sl", &ar);
    if (ar.currentline > 0) return fmt::format("{}:{}: ", ar.short_src, ar.currentline);
  }
  return {};
}

// Raises `message` prefixed with where(L, 1), as luaL_error does.
[[noreturn]] void fail_with(lua_State* L, const std::string& message) {
  const std::string text = where(L, 1) + message;
  pushlstring(L, text.data(), text.size());
  fail(L);
}

// The key path under which the table at `table` holds the value at `value`, looking `level`
// tables deep ("dml.paper.erdil2024.round_list"), or "": lauxlib's findfield.
std::string find_field(lua_State* L, int table, int value, int level) {
  if (level == 0 || lua_type(L, table) != LUA_TTABLE) return {};
  lua_pushnil(L);
  while (next(L, table) != 0) {
    if (lua_type(L, -2) == LUA_TSTRING) {
      std::string key = lua_tolstring(L, -2, nullptr);
      std::string found;
      if (lua_rawequal(L, value, -1) != 0) {
        found = std::move(key);
      } else if (std::string sub = find_field(L, lua_gettop(L), value, level - 1); !sub.empty()) {
        found = key + "." + sub;
      }
      if (!found.empty()) {
        lua_settop(L, -3);
        return found;
      }
    }
    lua_settop(L, -2);
  }
  return {};
}

// The name under which a loaded module holds the function of `ar`, as lauxlib's
// pushglobalfuncname finds it for messages ("_G." dropped), or "".
std::string global_name(lua_State* L, lua_Debug* ar) {
  reserve(L, 4);
  lua_pushlightuserdata(L, ar);
  protect(
      L,
      [](lua_State* S) {
        lua_getinfo(S, "f", static_cast<lua_Debug*>(lua_touserdata(S, 1)));
        return 1;
      },
      1, 1);
  const int function = lua_gettop(L);
  getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  std::string name = find_field(L, function + 1, function, 2);
  lua_settop(L, function - 1);
  if (name.starts_with("_G.")) name.erase(0, 3);
  return name;
}

// luaL_argerror, in a body.
[[noreturn]] void arg_error(lua_State* L, int arg, std::string_view extramsg) {
  lua_Debug ar;
  if (lua_getstack(L, 0, &ar) == 0)
    fail_with(L, fmt::format("bad argument #{} ({})", arg, extramsg));
  getinfo(L, "n", &ar);
  if (ar.namewhat != nullptr && std::strcmp(ar.namewhat, "method") == 0) {
    --arg;  // do not count self
    if (arg == 0) {
      fail_with(L, fmt::format("calling '{}' on bad self ({})", ar.name != nullptr ? ar.name : "?",
                               extramsg));
    }
  }
  std::string name = ar.name != nullptr ? ar.name : global_name(L, &ar);
  if (name.empty()) name = "?";
  fail_with(L, fmt::format("bad argument #{} to '{}' ({})", arg, name, extramsg));
}

// luaL_typeerror, in a body.
[[noreturn]] void type_error(lua_State* L, int arg, const char* tname) {
  std::string got;
  if (getmetafield(L, arg, "__name") == LUA_TSTRING) {
    got = lua_tolstring(L, -1, nullptr);
    lua_settop(L, -2);
  } else if (lua_type(L, arg) == LUA_TLIGHTUSERDATA) {
    got = "light userdata";
  } else {
    got = lua_typename(L, lua_type(L, arg));
  }
  arg_error(L, arg, fmt::format("{} expected, got {}", tname, got));
}

}  // namespace

BodyScope::BodyScope() noexcept : saved_(t_in_body) { t_in_body = true; }
BodyScope::~BodyScope() { t_in_body = saved_; }

void init(lua_State* L) {
  lua_pushboolean(L, 0);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kPendingKey);
}

void push_pending_error(lua_State* L) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &kPendingKey);
  lua_pushboolean(L, 0);  // never nil: the slot stays, and holds no stale value
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kPendingKey);
}

int error(lua_State* L) {
  if (t_in_body) fail(L);
  lua_error(L);
  __builtin_unreachable();
}

int error_f(lua_State* L, const char* fmt, ...) {
  std::va_list ap;
  va_start(ap, fmt);
  if (!t_in_body) {  // luaL_error
    luaL_where(L, 1);
    lua_pushvfstring(L, fmt, ap);
    va_end(ap);
    lua_concat(L, 2);
    lua_error(L);
  }
  std::string prefix;
  try {
    prefix = where(L, 1);
    reserve(L, 4);
  } catch (...) {
    va_end(ap);
    throw;
  }
  lua_pushlightuserdata(L, const_cast<char*>(fmt));
  lua_pushlightuserdata(L, &ap);
  t_in_body = false;
  lua_pushcclosure(
      L,
      [](lua_State* S) {
        lua_pushvfstring(S, arg_string(S, 1), *static_cast<std::va_list*>(lua_touserdata(S, 2)));
        return 1;
      },
      0);
  lua_rotate(L, -3, 1);
  const int status = lua_pcallk(L, 2, 1, 0, 0, nullptr);
  t_in_body = true;
  va_end(ap);
  if (status != LUA_OK) fail(L);
  const std::string message = lua_tolstring(L, -1, nullptr);
  lua_settop(L, -2);
  pushlstring(L, (prefix + message).c_str(), prefix.size() + message.size());
  fail(L);
}

const char* tolstring(lua_State* L, int idx, std::size_t* len) {
  if (t_in_body && lua_type(L, idx) == LUA_TNUMBER) {  // converted in place: allocates
    idx = lua_absindex(L, idx);
    reserve(L, 2);
    lua_pushvalue(L, idx);
    protect(
        L,
        [](lua_State* S) {
          lua_tolstring(S, 1, nullptr);
          return 1;
        },
        1, 1);
    lua_copy(L, -1, idx);
    lua_settop(L, -2);
  }
  return lua_tolstring(L, idx, len);  // a string, or not convertible: no allocation
}

const char* pushlstring(lua_State* L, const char* s, std::size_t len) {
  if (!t_in_body) return lua_pushlstring(L, s, len);
  reserve(L, 3);
  lua_pushlightuserdata(L, const_cast<char*>(s));
  lua_pushinteger(L, static_cast<lua_Integer>(len));
  protect(
      L,
      [](lua_State* S) {
        lua_pushlstring(S, arg_string(S, 1), static_cast<std::size_t>(lua_tointeger(S, 2)));
        return 1;
      },
      2, 1);
  return lua_tolstring(L, -1, nullptr);
}

const char* pushstring(lua_State* L, const char* s) {
  if (s == nullptr) {
    lua_pushnil(L);
    return nullptr;
  }
  return pushlstring(L, s, std::strlen(s));
}

void pushcclosure(lua_State* L, lua_CFunction fn, int n) {
  if (!t_in_body || n == 0) {  // no upvalues: a light C function, no allocation
    lua_pushcclosure(L, fn, n);
    return;
  }
  reserve(L, 2);
  lua_pushcclosure(L, fn, 0);
  lua_rotate(L, -(n + 1), 1);  // fn, upvalues...
  protect(
      L,
      [](lua_State* S) {
        lua_pushcclosure(S, lua_tocfunction(S, 1), lua_gettop(S) - 1);
        return 1;
      },
      n + 1, 1);
}

void createtable(lua_State* L, int narr, int nrec) {
  if (!t_in_body) {
    lua_createtable(L, narr, nrec);
    return;
  }
  reserve(L, 3);
  lua_pushinteger(L, narr);
  lua_pushinteger(L, nrec);
  protect(
      L,
      [](lua_State* S) {
        lua_createtable(S, static_cast<int>(lua_tointeger(S, 1)),
                        static_cast<int>(lua_tointeger(S, 2)));
        return 1;
      },
      2, 1);
}

void* newuserdatauv(lua_State* L, std::size_t size, int nuvalue) {
  if (!t_in_body) return lua_newuserdatauv(L, size, nuvalue);
  reserve(L, 3);
  lua_pushinteger(L, static_cast<lua_Integer>(size));
  lua_pushinteger(L, nuvalue);
  protect(
      L,
      [](lua_State* S) {
        lua_newuserdatauv(S, static_cast<std::size_t>(lua_tointeger(S, 1)),
                          static_cast<int>(lua_tointeger(S, 2)));
        return 1;
      },
      2, 1);
  return lua_touserdata(L, -1);
}

int getfield(lua_State* L, int idx, const char* k) {
  if (!t_in_body) return lua_getfield(L, idx, k);
  idx = lua_absindex(L, idx);
  reserve(L, 3);
  lua_pushvalue(L, idx);
  lua_pushlightuserdata(L, const_cast<char*>(k));
  protect(
      L,
      [](lua_State* S) {
        lua_getfield(S, 1, arg_string(S, 2));
        return 1;
      },
      2, 1);
  return lua_type(L, -1);
}

void setfield(lua_State* L, int idx, const char* k) {
  if (!t_in_body) {
    lua_setfield(L, idx, k);
    return;
  }
  idx = lua_absindex(L, idx);
  reserve(L, 3);
  lua_pushvalue(L, idx);
  lua_pushlightuserdata(L, const_cast<char*>(k));
  lua_rotate(L, -3, -1);  // value, t, k -> t, k, value
  protect(
      L,
      [](lua_State* S) {
        lua_setfield(S, 1, arg_string(S, 2));
        return 0;
      },
      3, 0);
}

int geti(lua_State* L, int idx, lua_Integer i) {
  if (!t_in_body) return lua_geti(L, idx, i);
  idx = lua_absindex(L, idx);
  reserve(L, 3);
  lua_pushvalue(L, idx);
  lua_pushinteger(L, i);
  protect(
      L,
      [](lua_State* S) {
        lua_geti(S, 1, lua_tointeger(S, 2));
        return 1;
      },
      2, 1);
  return lua_type(L, -1);
}

void rawseti(lua_State* L, int idx, lua_Integer i) {
  if (!t_in_body) {
    lua_rawseti(L, idx, i);
    return;
  }
  idx = lua_absindex(L, idx);
  reserve(L, 3);
  lua_pushvalue(L, idx);
  lua_pushinteger(L, i);
  lua_rotate(L, -3, -1);  // value, t, i -> t, i, value
  protect(
      L,
      [](lua_State* S) {
        lua_rawseti(S, 1, lua_tointeger(S, 2));
        return 0;
      },
      3, 0);
}

void rawset(lua_State* L, int idx) {
  if (!t_in_body) {
    lua_rawset(L, idx);
    return;
  }
  idx = lua_absindex(L, idx);
  reserve(L, 2);
  lua_pushvalue(L, idx);
  lua_rotate(L, -3, 1);  // key, value, t -> t, key, value
  protect(
      L,
      [](lua_State* S) {
        lua_rawset(S, 1);
        return 0;
      },
      3, 0);
}

int next(lua_State* L, int idx) {
  if (!t_in_body) return lua_next(L, idx);
  idx = lua_absindex(L, idx);
  reserve(L, 3);
  lua_pushvalue(L, idx);
  lua_rotate(L, -2, 1);  // key, t -> t, key
  const int base = lua_gettop(L) - 2;
  protect(
      L, [](lua_State* S) { return lua_next(S, 1) != 0 ? 2 : 0; }, 2, LUA_MULTRET);
  return lua_gettop(L) > base ? 1 : 0;
}

void concat(lua_State* L, int n) {
  if (!t_in_body) {
    lua_concat(L, n);
    return;
  }
  reserve(L, 2);
  protect(
      L,
      [](lua_State* S) {
        lua_concat(S, lua_gettop(S));
        return 1;
      },
      n, 1);
}

int getinfo(lua_State* L, const char* what, lua_Debug* ar) {
  if (!t_in_body) return lua_getinfo(L, what, ar);
  if (std::strpbrk(what, ">fL") != nullptr) {
    throw std::logic_error("dml.so: lua_getinfo with '>', 'f' or 'L' is not protected");
  }
  reserve(L, 3);
  lua_pushlightuserdata(L, const_cast<char*>(what));
  lua_pushlightuserdata(L, ar);
  protect(
      L,
      [](lua_State* S) {
        const int found =
            lua_getinfo(S, arg_string(S, 1), static_cast<lua_Debug*>(lua_touserdata(S, 2)));
        lua_pushinteger(S, found);
        return 1;
      },
      2, 1);
  const auto found = static_cast<int>(lua_tointeger(L, -1));
  lua_settop(L, -2);
  return found;
}

void callk(lua_State* L, int nargs, int nresults, lua_KContext ctx, lua_KFunction k) {
  if (!t_in_body) {  // a frame that holds no C++ object: Lua's own call, its errors as Lua's
    lua_callk(L, nargs, nresults, ctx, k);
    return;
  }
  t_in_body = false;  // Lua code runs: a binding it calls makes its own body
  const int status = lua_pcallk(L, nargs, nresults, 0, 0, nullptr);
  t_in_body = true;
  if (status != LUA_OK) fail(L);
}

int pcallk(lua_State* L, int nargs, int nresults, int msgh, lua_KContext ctx, lua_KFunction k) {
  const bool saved = t_in_body;
  t_in_body = false;  // Lua code runs: a binding it calls makes its own body
  const int status = lua_pcallk(L, nargs, nresults, msgh, ctx, k);
  t_in_body = saved;
  return status;
}

const char* checklstring(lua_State* L, int arg, std::size_t* len) {
  if (!t_in_body) return luaL_checklstring(L, arg, len);
  const char* s = tolstring(L, arg, len);
  if (s == nullptr) type_error(L, arg, lua_typename(L, LUA_TSTRING));
  return s;
}

const char* optlstring(lua_State* L, int arg, const char* def, std::size_t* len) {
  if (!t_in_body) return luaL_optlstring(L, arg, def, len);
  if (lua_type(L, arg) <= 0) {  // none or nil
    if (len != nullptr) *len = def != nullptr ? std::strlen(def) : 0;
    return def;
  }
  return checklstring(L, arg, len);
}

void checktype(lua_State* L, int arg, int t) {
  if (!t_in_body) {
    luaL_checktype(L, arg, t);
    return;
  }
  if (lua_type(L, arg) != t) type_error(L, arg, lua_typename(L, t));
}

lua_Integer checkinteger(lua_State* L, int arg) {
  if (!t_in_body) return luaL_checkinteger(L, arg);
  int is_integer = 0;
  const lua_Integer v = lua_tointegerx(L, arg, &is_integer);
  if (is_integer == 0) {
    if (lua_isnumber(L, arg) != 0) arg_error(L, arg, "number has no integer representation");
    type_error(L, arg, lua_typename(L, LUA_TNUMBER));
  }
  return v;
}

lua_Integer optinteger(lua_State* L, int arg, lua_Integer def) {
  if (!t_in_body) return luaL_optinteger(L, arg, def);
  return lua_type(L, arg) <= 0 ? def : checkinteger(L, arg);
}

lua_Number checknumber(lua_State* L, int arg) {
  if (!t_in_body) return luaL_checknumber(L, arg);
  int is_number = 0;
  const lua_Number v = lua_tonumberx(L, arg, &is_number);
  if (is_number == 0) type_error(L, arg, lua_typename(L, LUA_TNUMBER));
  return v;
}

void checkstack(lua_State* L, int sz, const char* msg) {
  if (!t_in_body) {
    luaL_checkstack(L, sz, msg);
    return;
  }
  if (lua_checkstack(L, sz) == 0) {
    throw std::runtime_error(msg != nullptr ? fmt::format("stack overflow ({})", msg)
                                            : std::string("stack overflow"));
  }
}

lua_Integer len(lua_State* L, int idx) {
  if (!t_in_body) return luaL_len(L, idx);
  idx = lua_absindex(L, idx);
  reserve(L, 2);
  lua_pushvalue(L, idx);
  protect(
      L,
      [](lua_State* S) {
        lua_pushinteger(S, luaL_len(S, 1));
        return 1;
      },
      1, 1);
  const lua_Integer n = lua_tointeger(L, -1);
  lua_settop(L, -2);
  return n;
}

const char* tolstring_meta(lua_State* L, int idx, std::size_t* len) {
  if (!t_in_body) return luaL_tolstring(L, idx, len);
  idx = lua_absindex(L, idx);
  reserve(L, 2);
  lua_pushvalue(L, idx);
  protect(
      L,
      [](lua_State* S) {
        luaL_tolstring(S, 1, nullptr);
        return 1;
      },
      1, 1);
  return lua_tolstring(L, -1, len);  // a string: no allocation
}

int newmetatable(lua_State* L, const char* tname) {
  if (!t_in_body) return luaL_newmetatable(L, tname);
  reserve(L, 3);
  lua_pushlightuserdata(L, const_cast<char*>(tname));
  protect(
      L,
      [](lua_State* S) {
        const int made = luaL_newmetatable(S, arg_string(S, 1));
        lua_pushboolean(S, made);
        return 2;
      },
      1, 2);
  const int made = lua_toboolean(L, -1);
  lua_settop(L, -2);
  return made;
}

void setfuncs(lua_State* L, const luaL_Reg* l, int nup) {
  if (!t_in_body) {
    luaL_setfuncs(L, l, nup);
    return;
  }
  reserve(L, 3);
  // table, upvalues... -> table, (table, l, upvalues...) as the protected call's arguments
  lua_pushvalue(L, -(nup + 1));
  lua_pushlightuserdata(L, const_cast<luaL_Reg*>(l));
  lua_rotate(L, -(nup + 2), 2);
  protect(
      L,
      [](lua_State* S) {
        const auto* fns = static_cast<const luaL_Reg*>(lua_touserdata(S, 2));
        lua_rotate(S, 2, -1);
        lua_settop(S, -2);  // table, upvalues...
        luaL_setfuncs(S, fns, lua_gettop(S) - 1);
        return 0;
      },
      nup + 2, 0);
}

void* testudata(lua_State* L, int ud, const char* tname) {
  if (!t_in_body) return luaL_testudata(L, ud, tname);
  void* p = lua_touserdata(L, ud);
  if (p == nullptr) return nullptr;
  ud = lua_absindex(L, ud);
  reserve(L, 3);
  lua_pushvalue(L, ud);
  lua_pushlightuserdata(L, const_cast<char*>(tname));
  protect(
      L,
      [](lua_State* S) {
        lua_pushboolean(S, luaL_testudata(S, 1, arg_string(S, 2)) != nullptr ? 1 : 0);
        return 1;
      },
      2, 1);
  const bool ok = lua_toboolean(L, -1) != 0;
  lua_settop(L, -2);
  return ok ? p : nullptr;
}

int getmetafield(lua_State* L, int obj, const char* e) {
  if (!t_in_body) return luaL_getmetafield(L, obj, e);
  obj = lua_absindex(L, obj);
  reserve(L, 3);
  lua_pushvalue(L, obj);
  lua_pushlightuserdata(L, const_cast<char*>(e));
  protect(
      L,
      [](lua_State* S) {
        const int type = luaL_getmetafield(S, 1, arg_string(S, 2));
        if (type == LUA_TNIL) lua_pushnil(S);
        lua_pushinteger(S, type);
        return 2;
      },
      2, 2);
  const auto type = static_cast<int>(lua_tointeger(L, -1));
  lua_settop(L, type == LUA_TNIL ? -3 : -2);
  return type;
}

}  // namespace dml::lua::c

// core.entry's count of a function's arguments (lua_runtime.hpp), with Lua's own functions.
namespace dml::lua {
bool function_parameters(lua_State* L, int idx, std::vector<std::string>& names) {
  idx = lua_absindex(L, idx);
  lua_Debug ar;
  lua_pushvalue(L, idx);
  lua_getinfo(L, ">u", &ar);  // pops the function
  names.clear();
  for (int i = 1; i <= ar.nparams; ++i) {
    lua_pushvalue(L, idx);
    const char* name = lua_getlocal(L, nullptr, i);  // pushes nothing
    lua_pop(L, 1);
    names.emplace_back(name != nullptr ? name : "?");
  }
  return ar.isvararg != 0;
}
}  // namespace dml::lua
