// Reading a Lua table into C++ values at the binding boundary, with the field
// path in every error: "run.cluster.levels[2].bandwidth: expected ...".
//
//   TableReader r(L, 1, "run");
//   const auto d = r.integer("d_model");
//   const auto bw = r.quantity("bandwidth", kBandwidth);
//   r.with("cluster", [&](TableReader& c) { ... });
//
// The stdlib's constructors have validated declared values already; this
// reader still checks every type, so a table built by hand (or by an
// embedding program) fails with a clear ConfigError, never undefined behaviour.
// Use it inside lua::guarded. On an exception the values it pushed stay on
// the stack: guarded raises a Lua error, which discards them (popping in a
// destructor instead could pop a Lua error object in flight).
#pragma once

#include <cstdint>
#include <climits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "dml/quantity.hpp"
#include "lua_runtime.hpp"

namespace dml::lua {

class TableReader {
 public:
  // The table at stack index `idx` (made absolute); throws ConfigError if it is not a table.
  TableReader(lua_State* L, int idx, std::string path);

  [[nodiscard]] const std::string& path() const { return path_; }
  [[nodiscard]] std::string path(const char* key) const { return path_ + "." + key; }
  [[nodiscard]] bool has(const char* key) const;

  // Required fields (a missing one is an error naming it).
  [[nodiscard]] std::int64_t integer(const char* key) const;
  [[nodiscard]] double number(const char* key) const;
  [[nodiscard]] Quantity quantity(const char* key, Dimension want) const;

  // A positive whole number (a count or a degree), required.
  [[nodiscard]] std::int64_t count(const char* key) const;
  // A positive whole number, or `fallback` if absent; at most `max` (for values stored as int).
  [[nodiscard]] std::int64_t count_or(const char* key, std::int64_t fallback,
                                      std::int64_t max = INT64_MAX) const;

  // Optional fields.
  [[nodiscard]] std::optional<std::int64_t> optional_integer(const char* key) const;
  [[nodiscard]] std::optional<double> optional_number(const char* key) const;
  [[nodiscard]] std::optional<Quantity> optional_quantity(const char* key, Dimension want) const;
  [[nodiscard]] std::optional<std::string> optional_string(const char* key) const;
  [[nodiscard]] std::optional<bool> optional_boolean(const char* key) const;
  // A list of positive whole numbers, or nullopt if the field is absent.
  [[nodiscard]] std::optional<std::vector<std::int64_t>> optional_integers(const char* key) const;

  // Calls f(TableReader&) with the sub-table at `key` (required) and returns its result.
  template <typename F>
  auto with(const char* key, F&& f) const {
    lua_getfield(L_, idx_, key);
    TableReader sub(L_, -1, path(key));
    if constexpr (std::is_void_v<decltype(f(sub))>) {
      f(sub);
      lua_pop(L_, 1);
    } else {
      auto result = f(sub);
      lua_pop(L_, 1);
      return result;
    }
  }
  // The number of list items, and f(TableReader&, i) for each (1-based).
  template <typename F>
  void each(const char* key, F&& f) const {
    lua_getfield(L_, idx_, key);
    const int list = lua_gettop(L_);
    if (!lua_istable(L_, list)) throw_type(path(key), "a list");
    const auto n = static_cast<std::int64_t>(luaL_len(L_, list));
    for (std::int64_t i = 1; i <= n; ++i) {
      lua_geti(L_, list, i);
      TableReader sub(L_, -1, path(key) + "[" + std::to_string(i) + "]");
      f(sub, i);
      lua_pop(L_, 1);
    }
    lua_pop(L_, 1);
  }

 private:
  [[noreturn]] static void throw_type(const std::string& path, const char* expected);
  // Pushes the field; returns false (and pops) if it is nil.
  bool push(const char* key) const;

  lua_State* L_;
  int idx_;
  std::string path_;
};

}  // namespace dml::lua
