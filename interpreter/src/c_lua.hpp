// dml's Lua API calls, sound under both builds of Lua: the Lua module dml.so, loaded by Debian's
// stock `lua5.4` (Lua built as C), and the `dml` command and dml_interpreter (Lua built as C++).
//
// Under the C++ build of Lua a Lua error is a C++ exception that unwinds C++ frames and runs
// their destructors. Under the C build it is a longjmp, which skips every frame between the
// error and the protected call that catches it: a C++ object with a destructor in one of those
// frames is never destroyed (undefined behaviour: leaks, locks held, half-built values). Every
// interpreter source is therefore compiled once, with this header forced in front of it (the
// first header of the targets' precompiled header), and the same objects serve both builds
// (interpreter/CMakeLists.txt). One rule holds: **under the C build, no Lua error is raised while
// C++ code of a binding body runs.**
//
//  - Every binding body runs in lua::guarded (lua_runtime.hpp). Under the C build (c_build(),
//    true in dml.so alone) it marks the thread as "in a body" (BodyScope) while the body's C++
//    code runs; under the C++ build it never does, and Lua's errors unwind as exceptions.
//  - In a body, every Lua API function that can raise an error (the manual's 'm', 'v' and 'e'
//    functions this code uses) is replaced by a function below that runs it under lua_pcall; an
//    error is kept in the registry and thrown as c::LuaError, a C++ exception. It unwinds the
//    body's C++ frames (running their destructors) up to guarded, which only then raises the
//    kept error with lua_error, from a frame that holds nothing with a destructor.
//  - LuaError is not a std::exception, so a body's `catch (const std::exception&)` lets it
//    pass, as the C++ build's own Lua errors do.
//  - While Lua code runs under one of those protected calls (a metamethod, __tostring, ...),
//    the thread is not "in a body": a binding called from there starts its own guarded scope,
//    and an unguarded one raises as plain C would, through Lua's frames only.
//  - Outside a body (the few short bindings that only check arguments and hold no C++ object,
//    and every call under the C++ build), the functions below are Lua's own and raise as usual.
//  - No C++ exception crosses a C (Lua) frame: under the C build guarded catches every exception
//    (catch (...), where no Lua error is a C++ exception).
// tests/lua_module/check_objects.cmake checks with nm that the objects of dml.so call no Lua
// API function that can raise other than through this file, and that dml.so holds no Lua
// runtime of its own (the host's is the only one). docs/embedding.md tells the reasons.
#pragma once

#include <cstddef>
#include <lua.hpp>

namespace dml::lua::c {

// Whether this program's Lua is the C build: true in dml.so (lua_module.cpp), false in the dml
// command and every program linked to dml_interpreter (interpreter.cpp). A link-time constant.
[[nodiscard]] bool c_build() noexcept;

// A Lua error raised in a binding body, on its way to lua::guarded; the error value waits in the
// registry (push_pending_error).
struct LuaError {};

// Marks the thread as in a body for its lifetime (lua::guarded makes one).
class BodyScope {
 public:
  BodyScope() noexcept;
  ~BodyScope();
  BodyScope(const BodyScope&) = delete;
  BodyScope& operator=(const BodyScope&) = delete;

 private:
  bool saved_;
};

// Makes the registry slot that holds a pending error (luaopen_dml calls it first, outside any
// body), so that keeping an error there never allocates.
void init(lua_State* L);
// Pushes the pending error value and clears the slot.
void push_pending_error(lua_State* L);

// The Lua API functions that may raise, each with the semantics of the one it replaces.
[[noreturn]] int error(lua_State* L);
[[noreturn]] int error_f(lua_State* L, const char* fmt, ...);
const char* tolstring(lua_State* L, int idx, std::size_t* len);
const char* pushlstring(lua_State* L, const char* s, std::size_t len);
const char* pushstring(lua_State* L, const char* s);
void pushcclosure(lua_State* L, lua_CFunction fn, int n);
void createtable(lua_State* L, int narr, int nrec);
void* newuserdatauv(lua_State* L, std::size_t size, int nuvalue);
int getfield(lua_State* L, int idx, const char* k);
void setfield(lua_State* L, int idx, const char* k);
int geti(lua_State* L, int idx, lua_Integer i);
void rawseti(lua_State* L, int idx, lua_Integer i);
void rawset(lua_State* L, int idx);
int next(lua_State* L, int idx);
void concat(lua_State* L, int n);
int getinfo(lua_State* L, const char* what, lua_Debug* ar);
int pcallk(lua_State* L, int nargs, int nresults, int msgh, lua_KContext ctx, lua_KFunction k);
void callk(lua_State* L, int nargs, int nresults, lua_KContext ctx, lua_KFunction k);
const char* checklstring(lua_State* L, int arg, std::size_t* len);
const char* optlstring(lua_State* L, int arg, const char* def, std::size_t* len);
void checktype(lua_State* L, int arg, int t);
lua_Integer checkinteger(lua_State* L, int arg);
lua_Integer optinteger(lua_State* L, int arg, lua_Integer def);
lua_Number checknumber(lua_State* L, int arg);
void checkstack(lua_State* L, int sz, const char* msg);
lua_Integer len(lua_State* L, int idx);
const char* tolstring_meta(lua_State* L, int idx, std::size_t* len);
int newmetatable(lua_State* L, const char* tname);
void setfuncs(lua_State* L, const luaL_Reg* l, int nup);
void* testudata(lua_State* L, int ud, const char* tname);
int getmetafield(lua_State* L, int obj, const char* e);

}  // namespace dml::lua::c

// c_lua.cpp itself calls Lua's own functions.
#ifndef DML_LUA_C_RAW
#define lua_error(L) ::dml::lua::c::error(L)
#define luaL_error(...) ::dml::lua::c::error_f(__VA_ARGS__)
#define lua_tolstring(L, i, n) ::dml::lua::c::tolstring(L, i, n)
#define lua_pushlstring(L, s, n) ::dml::lua::c::pushlstring(L, s, n)
#define lua_pushstring(L, s) ::dml::lua::c::pushstring(L, s)
#define lua_pushcclosure(L, f, n) ::dml::lua::c::pushcclosure(L, f, n)
#define lua_createtable(L, a, r) ::dml::lua::c::createtable(L, a, r)
#define lua_newuserdatauv(L, s, n) ::dml::lua::c::newuserdatauv(L, s, n)
#define lua_getfield(L, i, k) ::dml::lua::c::getfield(L, i, k)
#define lua_setfield(L, i, k) ::dml::lua::c::setfield(L, i, k)
#define lua_geti(L, i, n) ::dml::lua::c::geti(L, i, n)
#define lua_rawseti(L, i, n) ::dml::lua::c::rawseti(L, i, n)
#define lua_rawset(L, i) ::dml::lua::c::rawset(L, i)
#define lua_next(L, i) ::dml::lua::c::next(L, i)
#define lua_concat(L, n) ::dml::lua::c::concat(L, n)
#define lua_getinfo(L, w, a) ::dml::lua::c::getinfo(L, w, a)
#define lua_pcallk(L, n, r, h, x, k) ::dml::lua::c::pcallk(L, n, r, h, x, k)
#define lua_callk(L, n, r, x, k) ::dml::lua::c::callk(L, n, r, x, k)
#define luaL_checklstring(L, a, n) ::dml::lua::c::checklstring(L, a, n)
#define luaL_optlstring(L, a, d, n) ::dml::lua::c::optlstring(L, a, d, n)
#define luaL_checktype(L, a, t) ::dml::lua::c::checktype(L, a, t)
#define luaL_checkinteger(L, a) ::dml::lua::c::checkinteger(L, a)
#define luaL_optinteger(L, a, d) ::dml::lua::c::optinteger(L, a, d)
#define luaL_checknumber(L, a) ::dml::lua::c::checknumber(L, a)
#define luaL_checkstack(L, s, m) ::dml::lua::c::checkstack(L, s, m)
#define luaL_len(L, i) ::dml::lua::c::len(L, i)
#define luaL_tolstring(L, i, n) ::dml::lua::c::tolstring_meta(L, i, n)
#define luaL_newmetatable(L, t) ::dml::lua::c::newmetatable(L, t)
#define luaL_setfuncs(L, l, n) ::dml::lua::c::setfuncs(L, l, n)
#define luaL_testudata(L, u, t) ::dml::lua::c::testudata(L, u, t)
#define luaL_getmetafield(L, o, e) ::dml::lua::c::getmetafield(L, o, e)
#endif
