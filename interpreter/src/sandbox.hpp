// The sandbox (InterpreterOptions::sandbox): the libraries a script it does not trust gets, and
// where dml.save and dml.plot may write. docs/security.md says what is allowed and why.
//
//   open_sandbox_libs(L);   // instead of luaL_openlibs
//   ...                     // the searcher, the stdlib
//   seal_sandbox(L);        // no package global, strict globals that stay strict
#pragma once

#include <lua.hpp>
#include <string>
#include <string_view>

namespace dml::lua {

// base (collectgarbage("count") only, setmetatable without __gc), package (for require; its
// global is removed by seal_sandbox), coroutine, table, string without dump, math, utf8, and an
// os of clock, date and time whose other names are errors. No io, no debug.
void open_sandbox_libs(lua_State* L);

// After the stdlib is loaded: removes the globals package, io, debug, dofile and loadfile (and
// package.loaded.package), makes the globals' metatable (strict globals) and the strings'
// metatable protected.
void seal_sandbox(lua_State* L);

// For the strict globals' message: "'io' is not available in the sandbox (...)" for a global
// the sandbox removed, else "".
[[nodiscard]] std::string sandbox_hint(std::string_view global);

// Throws dml::Error `<who>: "<path>": the sandbox writes only inside the working directory ...`
// unless `path` is relative, has no "..", and resolves (symbolic links followed) inside the
// working directory: for a write its directory, and the file must not be a symbolic link; for a
// read the file itself.
enum class Access { kRead, kWrite };
void check_confined(std::string_view path, std::string_view who, Access access = Access::kWrite);
// The same check: why `path` is refused ("the sandbox reads only inside ..."), or "".
[[nodiscard]] std::string confinement_problem(std::string_view path, Access access);

}  // namespace dml::lua
