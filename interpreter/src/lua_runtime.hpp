// The Lua host's shared machinery: the exception guard every binding runs in,
// error positions at the user's line, and small check/push helpers.
#pragma once

#include <exception>
#include <lua.hpp>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "c_lua.hpp"
#include "dml/parallel.hpp"

namespace dml::lua {

// Chunk names of stdlib files start with this, so errors can skip their frames.
inline constexpr std::string_view kStdlibChunkPrefix = "=stdlib/";

// "path/to/scenario.lua:LINE: " for the innermost Lua frame that is neither C
// nor stdlib code: the scenario line that called into dml. Empty if none:
// errors never point into C++ or the stdlib's internals. The search starts at stack `level`
// (1: the caller of the running C function; 0 in a hook: the running function).
std::string user_where(lua_State* L, int level = 1);

// Directory of the innermost Lua file on the stack that is not stdlib code: the scenario or
// library that called require (or dml.beside). "." for a file named without a folder, "" when
// there is none (-e, stdin).
std::string requiring_dir(lua_State* L);

// A message "file:12: cluster.levels[2].bandwidth: ..." raised by a call on line 12 of a
// loaded file, with that line moved to the line inside the call's table that writes the field
// (field_line.hpp); nullopt when the message names no field or the line stays.
std::optional<std::string> at_field_line(lua_State* L, std::string_view msg);
// Pushes user_where(L) + message, at the field's line (at_field_line) where it names one.
void push_user_message(lua_State* L, std::string_view message);

// What kind of value is at idx, for messages: "a dml.table" or "a dml.Quantity" (its
// metatable's __name), "nil", else "a " and its Lua type ("a table", "a boolean").
std::string describe_type(lua_State* L, int idx);

// The error for reading `key` from a strict table PATH that has only `names`:
// "dml.presets.gpus.h100: no such preset; did you mean 'h100_sxm'? (presets: a100_sxm, ...)".
// With `see`, the names are not listed, and when no name is close the message ends " (see)".
std::string no_such_text(std::string_view path, std::string_view key, std::string_view noun,
                         std::vector<std::string> names, const char* see);

// Raises a Lua error whose message is user_where(L) + message. Never returns.
[[noreturn]] void raise(lua_State* L, std::string_view message);

// Ends the script because long work saw its Control cancelled (dml::Cancelled): with the
// error "interrupted", or "timeout of ... reached" (host.hpp, raise_stop).
[[noreturn]] void raise_cancelled(lua_State* L);

// Runs a binding's body; a C++ exception becomes a Lua error at the user's line. The message is
// pushed after the catch block has ended, so no C++ frame is skipped by Lua's error unwinding.
//  - Under the C++ build of Lua (the dml command), only std::exception is caught: Lua's own
//    errors are C++ exceptions thrown through here, and they must pass untouched.
//    dml::Cancelled (a search that was told to stop) ends the script as the stop says.
//  - Under the C build (dml.so; c_lua.hpp), the body runs "in a body": a Lua error raised inside
//    it arrives here as c::LuaError and is raised again once every C++ object of the body is
//    destroyed; every other exception is caught, since none may cross Lua's C frames.
// The body is called through a pointer, so that the catching is compiled once (guarded_call in
// lua_runtime.cpp), not once per binding.
int guarded_call(lua_State* L, int (*call)(void* body), void* body);

template <typename F>
int guarded(lua_State* L, F&& body) {
  using Body = std::remove_reference_t<F>;
  return guarded_call(
      L, [](void* b) -> int { return (*static_cast<Body*>(b))(); },
      const_cast<void*>(static_cast<const void*>(std::addressof(body))));
}

// Fills the `dml.core` table (at the top of the stack) with one concept's
// functions. Each bind_<concept>.cpp defines one of these.
void register_runtime(lua_State* L);
void register_quantity(lua_State* L);      // bind_quantity.cpp: dml.q and quantities
void register_declarations(lua_State* L);  // bind_declarations.cpp: constructors, docs, rows
void register_analysis(lua_State* L);      // bind_analysis.cpp: optimize, evaluate, limits
void register_output(lua_State* L);        // bind_output.cpp: tables, saving, plotting

// Pushes the `dml.core` table: every native function of dml, private to the stdlib (its
// modules receive it as their loader data: `local core = select(2, ...)`).
int open_core(lua_State* L);

// The parameter names of the Lua function at idx, in order, into names; true when it takes `...`
// too (core.entry's count of arguments). Raises nothing. Defined in c_lua.cpp, which calls Lua's
// own lua_getinfo and lua_getlocal.
bool function_parameters(lua_State* L, int idx, std::vector<std::string>& names);

}  // namespace dml::lua
