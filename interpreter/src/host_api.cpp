// The host API's values across the boundary: Interpreter::eval, call, eval_as and
// register_function. Every conversion runs inside a protected call (a Lua error, a memory
// limit, a cancel end it as they end a script) and inside lua::guarded (no C++ exception
// crosses a Lua frame).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <nlohmann/json.hpp>

#include "bind_quantity.hpp"
#include "dml/interpreter.hpp"
#include "dml/plan.hpp"
#include "dml/transformer.hpp"
#include "dml/units_parser.hpp"
#include "host.hpp"
#include "lua_json.hpp"
#include "lua_values.hpp"

namespace dml {
namespace {

// "dml.optimize", "f", "my_lib.sub.f": names joined by dots, nothing else.
bool is_keyword(std::string_view s) {
  static constexpr std::array<std::string_view, 22> kKeywords{
      "and",      "break",  "do",   "else", "elseif", "end",  "false", "for",
      "function", "goto",   "if",   "in",   "local",  "nil",  "not",   "or",
      "repeat",   "return", "then", "true", "until",  "while"};
  return std::find(kKeywords.begin(), kKeywords.end(), s) != kKeywords.end();
}

// Names separated by dots, none of them a Lua keyword ("dml.optimize", "lookup").
bool is_name_path(std::string_view s) {
  bool start = true;
  std::size_t from = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == '.') {
      if (start || is_keyword(s.substr(from, i - from))) return false;
      start = true;
      from = i + 1;
    } else if (std::isalpha(static_cast<unsigned char>(s[i])) != 0 || s[i] == '_' ||
               (!start && std::isdigit(static_cast<unsigned char>(s[i])) != 0)) {
      start = false;
    } else {
      return false;
    }
  }
  return !s.empty();
}

// eval's expression is one value: "1, 2" is refused, not read as 1 (helper-106).
void one_value(lua_State* L) {
  if (lua_gettop(L) > 1) {
    throw Error(
        fmt::format("the expression gives {} values; eval takes one (a table "
                    "holds several: {{ a, b }})",
                    lua_gettop(L)));
  }
}

// Converts the value at index 1 into *out (lightuserdata upvalue 1).
int l_value_to_json(lua_State* L) {
  auto* out = static_cast<nlohmann::json*>(lua_touserdata(L, lua_upvalueindex(1)));
  return lua::guarded(L, [&] {
    one_value(L);
    *out = lua::to_json(L, 1);
    return 0;
  });
}

// Calls the function `name` (upvalue 2) with the JSON array (upvalue 3) as its arguments and
// converts its first result into *out (upvalue 1).
int l_call_json(lua_State* L) {
  auto* out = static_cast<nlohmann::json*>(lua_touserdata(L, lua_upvalueindex(1)));
  const auto* args = static_cast<const nlohmann::json*>(lua_touserdata(L, lua_upvalueindex(3)));
  const std::string name = lua_tostring(L, lua_upvalueindex(2));
  // The function, found as a script would (strict tables say what is missing).
  std::size_t start = 0;
  for (std::size_t dot = name.find('.');; dot = name.find('.', start)) {
    const std::string part = name.substr(start, dot == std::string::npos ? dot : dot - start);
    if (start == 0) {
      lua_getglobal(L, part.c_str());
    } else {
      if (!lua_istable(L, -1) && lua_type(L, -1) != LUA_TUSERDATA) {
        return luaL_error(L, "%s: %s is not a table", name.c_str(),
                          name.substr(0, start - 1).c_str());
      }
      lua_getfield(L, -1, part.c_str());
      lua_remove(L, -2);
    }
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  if (lua_type(L, -1) != LUA_TFUNCTION && luaL_getmetafield(L, -1, "__call") == LUA_TNIL) {
    return luaL_error(L, "%s is not a function (it is %s)", name.c_str(), luaL_typename(L, -1));
  }
  if (lua_gettop(L) > 1) lua_settop(L, 1);  // the __call metafield, if pushed, is not needed
  const int nargs = lua::guarded(L, [&] {
    if (!args->is_array()) throw Error("the arguments must be a JSON array");
    luaL_checkstack(L, static_cast<int>(std::min<std::size_t>(args->size(), 10000)) + 5,
                    "too many arguments");
    for (const auto& a : *args) lua::push_json(L, a);
    return static_cast<int>(args->size());
  });
  lua_call(L, nargs, 1);
  return lua::guarded(L, [&] {
    *out = lua::to_json(L, -1, name + "(...)");
    return 0;
  });
}

// A host function: upvalue 1 is its Registered.
struct Registered {
  std::string name;
  Interpreter::HostFunction fn;
};

int l_registered_gc(lua_State* L) {
  static_cast<Registered*>(lua_touserdata(L, 1))->~Registered();
  return 0;
}

int l_host_function(lua_State* L) {
  auto* r = static_cast<Registered*>(lua_touserdata(L, lua_upvalueindex(1)));
  return lua::guarded(L, [&] {
    nlohmann::json args = nlohmann::json::array();
    const int n = lua_gettop(L);
    for (int i = 1; i <= n; ++i) args.push_back(lua::to_json(L, i, fmt::format("argument {}", i)));
    nlohmann::json result;
    try {
      result = r->fn(args);
    } catch (const std::exception& e) {
      throw Error(fmt::format("{}: {}", r->name, e.what()));
    } catch (...) {
      throw Error(fmt::format("{}: the host function failed", r->name));
    }
    lua::push_json(L, result);
    return 1;
  });
}

// Reads the value at index 1 as a T into *out (upvalue 1).
template <class T>
int l_read_as(lua_State* L) {
  auto* out = static_cast<std::optional<T>*>(lua_touserdata(L, lua_upvalueindex(1)));
  return lua::guarded(L, [&] {
    one_value(L);
    if constexpr (std::is_same_v<T, Quantity>) {
      if (const Quantity* q = lua::test_quantity(L, 1)) {
        *out = *q;
      } else if (lua_type(L, 1) == LUA_TSTRING) {
        *out = parse_quantity(lua_tostring(L, 1));
      } else if (lua_type(L, 1) == LUA_TNUMBER) {
        *out = Quantity{lua_tonumber(L, 1), kDimensionless};
      } else {
        throw Error("expected a quantity, got " + lua::describe_type(L, 1));
      }
    } else if constexpr (requires { Description<T>::result; }) {
      // A result is what dml made: the value itself, never a table that looks like one.
      const T* v = lua::test_value<T>(L, 1);
      if (v == nullptr) {
        throw Error(fmt::format("expected {} (dml.{}), got {}", Description<T>::title,
                                Description<T>::name, lua::describe_value(L, 1)));
      }
      *out = *v;
    } else {
      *out = lua::read<T>(L, 1);
    }
    return 0;
  });
}

}  // namespace

bool Interpreter::eval_with(std::string_view expression, int (*convert)(lua_State*), void* out) {
  // One call: the expression's value goes straight to the converter (upvalue 1: out).
  lua_pushlightuserdata(L_, out);
  lua_pushcclosure(L_, convert, 1);
  // (converter, chunk) -> converter(chunk()): a small Lua glue keeps it one protected call.
  static constexpr std::string_view kGlue = "local convert, f = ... return convert(f())";
  if (luaL_loadbufferx(L_, kGlue.data(), kGlue.size(), "=(eval)", "t") != LUA_OK) {
    error_ = lua_tostring(L_, -1);
    lua_pop(L_, 2);
    return false;
  }
  lua_insert(L_, -2);
  // The expression is compiled inside the call, under its limits.
  const std::string chunk = "return " + std::string(expression);
  lua_pushnil(L_);
  lua::ChunkToLoad load{.text = chunk, .name = "=(eval)", .slot = -1};
  return protected_call(2, 0, true, &load);
}

bool Interpreter::eval(std::string_view expression, nlohmann::json& out) {
  nlohmann::json value;
  if (!eval_with(expression, l_value_to_json, &value)) return false;
  out = std::move(value);
  return true;
}

bool Interpreter::call(std::string_view name, const nlohmann::json& args, nlohmann::json& out) {
  if (!is_name_path(name)) {
    error_ = fmt::format("call: \"{}\" is not a name like \"dml.optimize\"", name);
    return false;
  }
  nlohmann::json value;
  lua_pushlightuserdata(L_, &value);
  lua_pushlstring(L_, name.data(), name.size());
  lua_pushlightuserdata(L_, const_cast<nlohmann::json*>(&args));
  lua_pushcclosure(L_, l_call_json, 3);
  if (!protected_call(0, 0)) return false;
  out = std::move(value);
  return true;
}

template <EvalAsType T>
std::optional<T> Interpreter::eval_as(std::string_view expression) {
  std::optional<T> out;
  if (!eval_with(expression, l_read_as<T>, &out)) return std::nullopt;
  return out;
}

template std::optional<Gpu> Interpreter::eval_as<Gpu>(std::string_view);
template std::optional<NetworkLevel> Interpreter::eval_as<NetworkLevel>(std::string_view);
template std::optional<Cluster> Interpreter::eval_as<Cluster>(std::string_view);
template std::optional<MlpStack> Interpreter::eval_as<MlpStack>(std::string_view);
template std::optional<Run> Interpreter::eval_as<Run>(std::string_view);
template std::optional<Layout> Interpreter::eval_as<Layout>(std::string_view);
template std::optional<Options> Interpreter::eval_as<Options>(std::string_view);
template std::optional<Setting> Interpreter::eval_as<Setting>(std::string_view);
template std::optional<Transformer> Interpreter::eval_as<Transformer>(std::string_view);
template std::optional<Stack> Interpreter::eval_as<Stack>(std::string_view);
template std::optional<TransformerRun> Interpreter::eval_as<TransformerRun>(std::string_view);
template std::optional<TransformerLayout> Interpreter::eval_as<TransformerLayout>(std::string_view);
template std::optional<Plan> Interpreter::eval_as<Plan>(std::string_view);
template std::optional<StepPlan> Interpreter::eval_as<StepPlan>(std::string_view);
template std::optional<Quantity> Interpreter::eval_as<Quantity>(std::string_view);

bool lua::is_global_name(std::string_view name) {
  return is_name_path(name) && name.find('.') == std::string_view::npos && name != "_ENV";
}

bool Interpreter::register_function(const std::string& name, HostFunction fn) {
  if (!lua::is_global_name(name)) {
    error_ = fmt::format("register_function: \"{}\" is not a name like \"lookup\"", name);
    return false;
  }
  if (!fn) {  // (helper-95: an empty function registered, and failed at every call)
    error_ = fmt::format("register_function: \"{}\": the function is empty", name);
    return false;
  }
  Registered r{name, std::move(fn)};
  // Protected: a memory limit or an error in making it ends here, not in Lua's panic.
  lua_pushlightuserdata(L_, &r);
  lua_pushcclosure(
      L_,
      [](lua_State* L) -> int {
        auto* from = static_cast<Registered*>(lua_touserdata(L, lua_upvalueindex(1)));
        // A name the scripts have already (print, require, dml, a script's global) is not
        // replaced; a function registered before may be.
        lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
        lua_pushstring(L, from->name.c_str());
        lua_rawget(L, -2);
        const int type = lua_type(L, -1);
        const bool taken = type != LUA_TNIL && lua_tocfunction(L, -1) != l_host_function;
        lua_pop(L, 2);
        if (taken) {
          return luaL_error(L,
                            "register_function: \"%s\" is a global the scripts have already "
                            "(a %s): choose another name",
                            from->name.c_str(), lua_typename(L, type));
        }
        void* memory = lua_newuserdatauv(L, sizeof(Registered), 0);
        lua_createtable(L, 0, 1);
        lua_pushcfunction(L, l_registered_gc);
        lua_setfield(L, -2, "__gc");
        // The metatable is set only once the value is made, so __gc never sees raw memory.
        lua::guarded(L, [&] {
          new (memory) Registered{std::move(*from)};
          return 0;
        });
        lua_setmetatable(L, -2);
        lua_pushcclosure(L, l_host_function, 1);
        lua_setglobal(L, static_cast<Registered*>(memory)->name.c_str());
        return 0;
      },
      1);
  return protected_call(0, 0, false);
}

}  // namespace dml
