#include "table_reader.hpp"

#include <cmath>

#include <fmt/format.h>

#include "bind_quantity.hpp"
#include "dml/error.hpp"

namespace dml::lua {

TableReader::TableReader(lua_State* L, int idx, std::string path)
    : L_(L), idx_(lua_absindex(L, idx)), path_(std::move(path)) {
  if (!lua_istable(L_, idx_)) throw_type(path_, "a table");
}

void TableReader::throw_type(const std::string& path, const char* expected) {
  throw ConfigError(path, fmt::format("expected {}", expected));
}

bool TableReader::has(const char* key) const {
  lua_getfield(L_, idx_, key);
  const bool present = !lua_isnil(L_, -1);
  lua_pop(L_, 1);
  return present;
}

bool TableReader::push(const char* key) const {
  lua_getfield(L_, idx_, key);
  if (lua_isnil(L_, -1)) {
    lua_pop(L_, 1);
    return false;
  }
  return true;
}

std::optional<std::int64_t> TableReader::optional_integer(const char* key) const {
  if (!push(key)) return std::nullopt;
  std::int64_t out = 0;
  if (lua_isinteger(L_, -1)) {
    out = lua_tointeger(L_, -1);
  } else if (lua_type(L_, -1) == LUA_TNUMBER) {
    const double v = lua_tonumber(L_, -1);
    if (!std::isfinite(v) || v != std::floor(v) || std::fabs(v) >= 9.2e18) {
      throw ConfigError(path(key), "expected a whole number, got {}", v);
    }
    out = static_cast<std::int64_t>(v);
  } else {
    throw_type(path(key), "a whole number");
  }
  lua_pop(L_, 1);
  return out;
}

std::int64_t TableReader::count_or(const char* key, std::int64_t fallback, std::int64_t max) const {
  const auto v = optional_integer(key);
  if (!v) return fallback;
  if (*v < 1) throw ConfigError(path(key), "must be a positive whole number, got {}", *v);
  if (*v > max) throw ConfigError(path(key), "must be at most {}, got {}", max, *v);
  return *v;
}

std::int64_t TableReader::count(const char* key) const {
  if (!has(key)) throw ConfigError(path(key), "required");
  return count_or(key, 1);
}

std::int64_t TableReader::integer(const char* key) const {
  auto v = optional_integer(key);
  if (!v) throw ConfigError(path(key), "required");
  return *v;
}

std::optional<double> TableReader::optional_number(const char* key) const {
  if (!push(key)) return std::nullopt;
  if (lua_type(L_, -1) != LUA_TNUMBER) throw_type(path(key), "a number");
  const double v = lua_tonumber(L_, -1);
  if (!std::isfinite(v)) throw ConfigError(path(key), "expected a finite number, got {}", v);
  lua_pop(L_, 1);
  return v;
}

double TableReader::number(const char* key) const {
  auto v = optional_number(key);
  if (!v) throw ConfigError(path(key), "required");
  return *v;
}

std::optional<Quantity> TableReader::optional_quantity(const char* key, Dimension want) const {
  if (!push(key)) return std::nullopt;
  const Quantity q = check_quantity(L_, -1, want, path(key));
  lua_pop(L_, 1);
  return q;
}

Quantity TableReader::quantity(const char* key, Dimension want) const {
  auto v = optional_quantity(key, want);
  if (!v) throw ConfigError(path(key), "required");
  return *v;
}

std::optional<std::string> TableReader::optional_string(const char* key) const {
  if (!push(key)) return std::nullopt;
  if (lua_type(L_, -1) != LUA_TSTRING) throw_type(path(key), "a string");
  size_t n = 0;
  const char* s = lua_tolstring(L_, -1, &n);
  std::string out(s, n);
  lua_pop(L_, 1);
  return out;
}

std::optional<bool> TableReader::optional_boolean(const char* key) const {
  if (!push(key)) return std::nullopt;
  if (!lua_isboolean(L_, -1)) throw_type(path(key), "true or false");
  const bool out = lua_toboolean(L_, -1) != 0;
  lua_pop(L_, 1);
  return out;
}

std::optional<std::vector<std::int64_t>> TableReader::optional_integers(const char* key) const {
  if (!push(key)) return std::nullopt;
  const int list = lua_gettop(L_);
  if (!lua_istable(L_, list)) throw_type(path(key), "a list of whole numbers");
  std::vector<std::int64_t> out;
  const auto n = static_cast<std::int64_t>(luaL_len(L_, list));
  for (std::int64_t i = 1; i <= n; ++i) {
    lua_geti(L_, list, i);
    if (!lua_isinteger(L_, -1) || lua_tointeger(L_, -1) < 1) {
      throw ConfigError(fmt::format("{}[{}]", path(key), i), "expected a positive whole number");
    }
    out.push_back(lua_tointeger(L_, -1));
    lua_pop(L_, 1);
  }
  lua_pop(L_, 1);
  return out;
}

}  // namespace dml::lua
