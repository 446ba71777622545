// Lua values as JSON and back, for the host API (Interpreter::eval, call, register_function):
//
//   nil -> null, booleans, integers and floats (not NaN or infinity), strings (UTF-8), a list
//   (keys 1..n) -> an array, a table of string keys -> an object (an empty table -> []), a
//   quantity -> its text ("900 GB/s", exact: it reads back as the same value), a declared value
//   or a result (dml.cluster, dml.plan, ...) -> an object of its fields, a dml.table -> an array
//   of its rows. Anything else (a function, a table that holds itself, a table of mixed keys) is
//   dml::Error naming where it is: `value.levels[2]: a function has no JSON form`.
//
// And back: null -> nil, numbers (integers stay integers), strings, arrays -> lists, objects ->
// tables. Use both inside lua::guarded (they throw dml::Error; Lua errors pass).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "lua_runtime.hpp"

namespace dml::lua {

[[nodiscard]] nlohmann::json to_json(lua_State* L, int idx, const std::string& path = "value");
void push_json(lua_State* L, const nlohmann::json& value);

}  // namespace dml::lua
