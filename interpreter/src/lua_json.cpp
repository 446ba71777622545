#include "lua_json.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <unordered_set>

#include "bind_quantity.hpp"
#include "dml/error.hpp"
#include "dml/units_parser.hpp"
#include "lua_values.hpp"
#include "output.hpp"

namespace dml::lua {
namespace {

constexpr int kMaxDepth = 100;

// A number that is not finite, as JSON's errors name it, both ways.
const char* infinite(double x) { return std::isnan(x) ? "NaN" : x > 0 ? "infinity" : "-infinity"; }

// A quantity as text that reads back as the same value: the fewest significant digits that do.
nlohmann::json quantity_json(const Quantity& q) {
  if (std::isfinite(q.value)) {
    for (int digits = 4; digits <= 17; ++digits) {
      const std::string text = format_quantity(q, digits);
      try {
        const Quantity back = parse_quantity(text);
        if (back.dim == q.dim && back.value == q.value) return text;
      } catch (const Error&) {
        break;  // a dimension without a unit of its own ("B*s")
      }
    }
  }
  if (!std::isfinite(q.value)) return format_quantity(q);  // "inf B/s"
  // No scaled unit reads back exactly (3700.7 s is no whole number of digits of minutes or
  // hours): the shortest exact figure in the dimension's base unit ("3700.7 s").
  const std::string unit = dimension_unit(q.dim);
  const std::string base = fmt::format("{} {}", q.value, unit);
  try {
    const Quantity back = parse_quantity(base);
    if (back.dim == q.dim && back.value == q.value) return base;
  } catch (const Error&) {
  }
  return nlohmann::json{{"value", q.value}, {"unit", unit}};
}

class Writer {
 public:
  explicit Writer(lua_State* L) : L_(L) {}

  nlohmann::json value(int idx, const std::string& path, int depth) {
    idx = lua_absindex(L_, idx);
    if (depth > kMaxDepth) throw Error(path + ": nested more than 100 deep");
    luaL_checkstack(L_, 4, "JSON");
    switch (lua_type(L_, idx)) {
      case LUA_TNIL:
        return nullptr;
      case LUA_TBOOLEAN:
        return lua_toboolean(L_, idx) != 0;
      case LUA_TNUMBER: {
        if (lua_isinteger(L_, idx) != 0) return static_cast<std::int64_t>(lua_tointeger(L_, idx));
        const double x = lua_tonumber(L_, idx);
        if (!std::isfinite(x))
          throw Error(fmt::format("{}: {} has no JSON form", path, infinite(x)));
        return x;
      }
      case LUA_TSTRING: {
        std::size_t n = 0;
        const char* s = lua_tolstring(L_, idx, &n);
        if (!valid_utf8({s, n})) throw Error(path + ": a string that is not UTF-8");
        return std::string(s, n);
      }
      case LUA_TUSERDATA:
        return userdata(idx, path, depth);
      case LUA_TTABLE:
        return table(idx, path, depth);
      default:
        throw Error(fmt::format("{}: {} has no JSON form", path,
                                lua_type(L_, idx) == LUA_TNONE
                                    ? std::string("nothing")
                                    : std::string("a ") + luaL_typename(L_, idx)));
    }
  }

 private:
  nlohmann::json userdata(int idx, const std::string& path, int depth) {
    if (const Quantity* q = test_quantity(L_, idx)) return quantity_json(*q);
    if (const Box* b = test_box(L_, idx); b != nullptr && b->value != nullptr) {
      nlohmann::json out = nlohmann::json::object();
      for (const std::string& name : b->type->names) {
        if (!b->type->push_field(L_, b->value, name)) continue;
        if (!lua_isnil(L_, -1)) out[name] = value(-1, path + "." + name, depth + 1);
        lua_pop(L_, 1);
      }
      return out;
    }
    throw Error(fmt::format("{}: {} has no JSON form", path, describe_type(L_, idx)));
  }

  nlohmann::json table(int idx, const std::string& path, int depth) {
    const void* self = lua_topointer(L_, idx);
    if (!open_.insert(self).second) throw Error(path + ": a table that contains itself");
    nlohmann::json out;
    // A dml.table (or any value with the rows protocol): its rows.
    if (luaL_getmetafield(L_, idx, "__dml_rows") != LUA_TNIL) {
      lua_pushvalue(L_, idx);
      lua_call(L_, 1, 1);
      out = value(-1, path, depth + 1);
      lua_pop(L_, 1);
    } else {
      out = plain(idx, path, depth);
    }
    open_.erase(self);
    return out;
  }

  nlohmann::json plain(int idx, const std::string& path, int depth) {
    const auto n = static_cast<lua_Integer>(lua_rawlen(L_, idx));
    std::size_t keys = 0;
    bool strings = true;
    lua_pushnil(L_);
    while (lua_next(L_, idx) != 0) {
      lua_pop(L_, 1);
      ++keys;
      if (lua_type(L_, -1) != LUA_TSTRING) strings = false;
    }
    if (keys == 0) return nlohmann::json::array();
    if (n > 0 && static_cast<std::size_t>(n) == keys) {
      nlohmann::json out = nlohmann::json::array();
      for (lua_Integer i = 1; i <= n; ++i) {
        lua_rawgeti(L_, idx, i);
        out.push_back(value(-1, fmt::format("{}[{}]", path, i), depth + 1));
        lua_pop(L_, 1);
      }
      return out;
    }
    if (!strings) {
      throw Error(path + ": a table of other keys than 1..n or names has no JSON form");
    }
    nlohmann::json out = nlohmann::json::object();
    lua_pushnil(L_);
    while (lua_next(L_, idx) != 0) {
      std::size_t len = 0;
      const char* k = lua_tolstring(L_, -2, &len);
      const std::string key(k, len);
      if (!valid_utf8(key)) throw Error(path + ": a key that is not UTF-8");
      out[key] = value(-1, path + "." + key, depth + 1);
      lua_pop(L_, 1);
    }
    return out;
  }

  lua_State* L_;
  std::unordered_set<const void*> open_;  // the tables on the way from the root
};

void push(lua_State* L, const nlohmann::json& v, int depth) {
  if (depth > kMaxDepth) throw Error("JSON nested more than 100 deep");
  luaL_checkstack(L, 3, "JSON");
  switch (v.type()) {
    case nlohmann::json::value_t::null:
    case nlohmann::json::value_t::discarded:
      lua_pushnil(L);
      return;
    case nlohmann::json::value_t::boolean:
      lua_pushboolean(L, v.get<bool>() ? 1 : 0);
      return;
    case nlohmann::json::value_t::number_integer:
      lua_pushinteger(L, static_cast<lua_Integer>(v.get<std::int64_t>()));
      return;
    case nlohmann::json::value_t::number_unsigned: {
      const auto u = v.get<std::uint64_t>();
      if (u <= static_cast<std::uint64_t>(std::numeric_limits<lua_Integer>::max())) {
        lua_pushinteger(L, static_cast<lua_Integer>(u));
      } else {
        lua_pushnumber(L, static_cast<lua_Number>(u));
      }
      return;
    }
    case nlohmann::json::value_t::number_float: {
      // Refused as the way back refuses them (helper-106: NaN went in, and failed coming out).
      const double x = v.get<double>();
      if (!std::isfinite(x)) {
        throw Error(
            fmt::format("{} has no JSON form (a JSON value passed in is finite)", infinite(x)));
      }
      lua_pushnumber(L, x);
      return;
    }
    case nlohmann::json::value_t::string: {
      const auto& s = v.get_ref<const std::string&>();
      if (!valid_utf8(s)) throw Error("a string that is not UTF-8 (as JSON text is)");
      lua_pushlstring(L, s.data(), s.size());
      return;
    }
    case nlohmann::json::value_t::binary:
      throw Error("JSON binary values have no Lua form");
    case nlohmann::json::value_t::array: {
      lua_createtable(L, static_cast<int>(std::min<std::size_t>(v.size(), 1 << 20)), 0);
      lua_Integer i = 0;
      for (const auto& item : v) {
        push(L, item, depth + 1);
        lua_rawseti(L, -2, ++i);
      }
      return;
    }
    case nlohmann::json::value_t::object: {
      lua_createtable(L, 0, static_cast<int>(std::min<std::size_t>(v.size(), 1 << 20)));
      for (const auto& [key, item] : v.items()) {
        if (!valid_utf8(key)) throw Error("a key that is not UTF-8 (as JSON text is)");
        lua_pushlstring(L, key.data(), key.size());
        push(L, item, depth + 1);
        lua_rawset(L, -3);
      }
      return;
    }
  }
}

}  // namespace

nlohmann::json to_json(lua_State* L, int idx, const std::string& path) {
  luaL_checkstack(L, 20, "JSON");
  Writer w(L);
  return w.value(idx, path, 0);
}

void push_json(lua_State* L, const nlohmann::json& value) { push(L, value, 0); }

}  // namespace dml::lua
