#include "bind_quantity.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <new>
#include <stdexcept>
#include <string>

#include "dml/error.hpp"
#include "dml/units_parser.hpp"

namespace dml::lua {
namespace {

std::string_view to_view(lua_State* L, int idx) {
  size_t n = 0;
  const char* s = lua_tolstring(L, idx, &n);
  return {s, n};
}

std::string_view trim(std::string_view s) {
  const size_t b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

// Lua's own text for the number at idx: "900", "0.5", "1e+20".
// A number as the user would write it: 8, 100e9 -> "1e11", 0.5.
std::string number_text(lua_State* L, int idx) {
  if (lua_isinteger(L, idx) != 0) return fmt::format("{}", lua_tointeger(L, idx));
  const double v = lua_tonumber(L, idx);
  for (int digits = 1; digits < 17; ++digits) {
    std::string s = format_number(v, digits);
    if (std::strtod(s.c_str(), nullptr) == v) return s;
  }
  return format_number(v, 17);
}

// An arithmetic operand: a Quantity, a number as a dimensionless quantity, or text: a number
// ("2") or a quantity ("900 GB/s", as dml.q reads it; a preset's fields are such text).
Quantity operand(lua_State* L, int idx, std::string_view op) {
  if (const Quantity* q = test_quantity(L, idx)) return *q;
  if (lua_type(L, idx) == LUA_TNUMBER) return Quantity{lua_tonumber(L, idx), kDimensionless};
  if (lua_type(L, idx) == LUA_TSTRING) {
    int is_number = 0;
    const double v = lua_tonumberx(L, idx, &is_number);  // converts a copy: the text stays
    if (is_number != 0) return Quantity{v, kDimensionless};
    return parse_quantity(to_view(L, idx));
  }
  throw UnitError(fmt::format("quantity arithmetic ({}) needs a Quantity or a number, got {}", op,
                              describe_type(L, idx)));
}

// A result: dimensionless quantities become plain Lua numbers.
int push_result(lua_State* L, Quantity q) {
  if (q.dim == kDimensionless) {
    lua_pushnumber(L, q.value);
  } else {
    push_quantity(L, q);
  }
  return 1;
}

const Quantity& self(lua_State* L, std::string_view method) {
  const Quantity* q = test_quantity(L, 1);
  if (q == nullptr) {
    throw std::runtime_error(
        fmt::format("{}: call it as a method, q:{}(...), on a Quantity (got {})", method, method,
                    describe_type(L, 1)));
  }
  return *q;
}

std::string_view check_unit_arg(lua_State* L, int idx, std::string_view method) {
  if (lua_type(L, idx) != LUA_TSTRING) {
    throw std::runtime_error(fmt::format("{}: expected a unit string like \"GiB/s\", got {}",
                                         method, describe_type(L, idx)));
  }
  return to_view(L, idx);
}

// --- metamethods ---------------------------------------------------------

// An arithmetic result holds the rule dml.q holds: the one value that is not finite is an
// infinitely fast network (+inf B/s); an overflow to "inf s" or a NaN is an error naming the sum.
Quantity checked(Quantity r, const Quantity& a, std::string_view op, const Quantity* b) {
  // An infinite bandwidth comes only from an infinite one (inf B/s * 2), never from finite
  // operands that overflow (1e300 B/s * 1e10, 1 GB / 0 s).
  const bool from_infinite = std::isinf(a.value) || (b != nullptr && std::isinf(b->value));
  const bool allowed = std::isfinite(r.value) ||
                       (r.value > 0 && r.dim == kBandwidth && from_infinite) ||
                       (std::isinf(r.value) && r.dim == kDimensionless);
  if (allowed) return r;
  const std::string sum =
      b == nullptr ? fmt::format("{}({})", op, format_quantity(a))
                   : fmt::format("{} {} {}", format_quantity(a), op, format_quantity(*b));
  throw UnitError(fmt::format("quantity arithmetic: {} is {}", sum,
                              std::isnan(r.value) ? "not a number"
                                                  : "out of range (the one infinite value is "
                                                    "an infinitely fast network, given as "
                                                    "dml.q(math.huge, \"B/s\"))"));
}

int binary(lua_State* L, std::string_view op, Quantity (*f)(const Quantity&, const Quantity&)) {
  return guarded(L, [&] {
    const Quantity a = operand(L, 1, op);
    const Quantity b = operand(L, 2, op);
    return push_result(L, checked(f(a, b), a, op, &b));
  });
}

int l_add(lua_State* L) {
  return binary(L, "+", [](const Quantity& a, const Quantity& b) { return a + b; });
}
int l_sub(lua_State* L) {
  return binary(L, "-", [](const Quantity& a, const Quantity& b) { return a - b; });
}
int l_mul(lua_State* L) {
  return binary(L, "*", [](const Quantity& a, const Quantity& b) { return a * b; });
}
int l_div(lua_State* L) {
  return binary(L, "/", [](const Quantity& a, const Quantity& b) { return a / b; });
}
int l_unm(lua_State* L) {
  return guarded(L, [&] {
    const Quantity a = operand(L, 1, "-");
    return push_result(L, checked(-a, a, "-", nullptr));
  });
}

// Lua calls __eq only when both operands are userdata: equal value and dimension.
int l_eq(lua_State* L) {
  const Quantity* a = test_quantity(L, 1);
  const Quantity* b = test_quantity(L, 2);
  lua_pushboolean(L, a != nullptr && b != nullptr && *a == *b ? 1 : 0);
  return 1;
}
int l_lt(lua_State* L) {
  return guarded(L, [&] {
    lua_pushboolean(L, operand(L, 1, "<") < operand(L, 2, "<") ? 1 : 0);
    return 1;
  });
}
int l_le(lua_State* L) {
  return guarded(L, [&] {
    lua_pushboolean(L, operand(L, 1, "<=") <= operand(L, 2, "<=") ? 1 : 0);
    return 1;
  });
}

int l_tostring(lua_State* L) {
  return guarded(L, [&] {
    const std::string s = format_quantity(self(L, "__tostring"));
    lua_pushlstring(L, s.data(), s.size());
    return 1;
  });
}

// "time: " .. q and q .. " per step": a Quantity concatenates as its tostring.
int l_concat(lua_State* L) {
  return guarded(L, [&] {
    std::string s;
    for (int i = 1; i <= 2; ++i) {
      if (const Quantity* q = test_quantity(L, i)) {
        s += format_quantity(*q);
      } else if (lua_type(L, i) == LUA_TSTRING) {
        s += to_view(L, i);
      } else if (lua_type(L, i) == LUA_TNUMBER) {
        lua_pushvalue(L, i);
        s += to_view(L, -1);  // as Lua's own `..` writes numbers
        lua_pop(L, 1);
      } else {
        throw std::runtime_error(
            fmt::format("cannot concatenate a dml.Quantity and {}", describe_type(L, i)));
      }
    }
    lua_pushlstring(L, s.data(), s.size());
    return 1;
  });
}

// --- methods -------------------------------------------------------------

// q:value([unit]) -> number: q in `unit` ("GiB/s", "ms"), or in SI base units
// (B, s, FLOP and their quotients) without one.
int l_value(lua_State* L) {
  return guarded(L, [&] {
    const Quantity q = self(L, "value");
    if (lua_isnoneornil(L, 2)) {
      lua_pushnumber(L, q.value);
      return 1;
    }
    const std::string_view unit = check_unit_arg(L, 2, "value");
    lua_pushnumber(L, value_in_unit(q, parse_unit(unit), unit));
    return 1;
  });
}

// q:to(unit[, digits]) -> string: q formatted in `unit`, "838.2 GiB/s"; digits
// are significant digits, 1 to 17, default 4.
int l_to(lua_State* L) {
  return guarded(L, [&] {
    const Quantity q = self(L, "to");
    const std::string_view unit = check_unit_arg(L, 2, "to");
    int digits = 4;
    if (!lua_isnoneornil(L, 3)) {
      int is_integer = 0;
      const lua_Integer d = lua_tointegerx(L, 3, &is_integer);
      if (is_integer == 0 || d < 1 || d > 17) {
        throw std::runtime_error(
            fmt::format("to: significant digits must be an integer from 1 to 17, got {}",
                        lua_type(L, 3) == LUA_TNUMBER ? number_text(L, 3) : describe_type(L, 3)));
      }
      digits = static_cast<int>(d);
    }
    const std::string s = format_in_unit(q, parse_unit(unit), trim(unit), digits);
    lua_pushlstring(L, s.data(), s.size());
    return 1;
  });
}

// q.dimension: "bandwidth", "time", ... (dimension_name), or the base unit
// ("B*s") for a dimension without a name. q.value and q.to are the methods.
int l_index(lua_State* L) {
  return guarded(L, [&] {
    const Quantity q = self(L, "__index");
    const std::string_view key = lua_type(L, 2) == LUA_TSTRING ? to_view(L, 2) : "";
    if (key == "value") {
      lua_pushcfunction(L, l_value);
    } else if (key == "to") {
      lua_pushcfunction(L, l_to);
    } else if (key == "unit") {
      // The base unit its value() is in ("s", "B/s"; "" for a number), a frequency's as it
      // prints, "Hz" (helper-366: "1/s", where docs/units.md gives Hz).
      const std::string text = q.dim == kFrequency ? std::string("Hz") : dimension_unit(q.dim);
      lua_pushlstring(L, text.data(), text.size());
    } else if (key == "dimension") {
      const std::string_view name = dimension_name(q.dim);
      const std::string text = name.empty() ? dimension_unit(q.dim) : std::string(name);
      lua_pushlstring(L, text.data(), text.size());
    } else {
      lua_pushnil(L);
    }
    return 1;
  });
}

const luaL_Reg kMetamethods[] = {
    {"__add", l_add},           {"__sub", l_sub},       {"__mul", l_mul},     {"__div", l_div},
    {"__unm", l_unm},           {"__eq", l_eq},         {"__lt", l_lt},       {"__le", l_le},
    {"__tostring", l_tostring}, {"__concat", l_concat}, {"__index", l_index}, {nullptr, nullptr},
};

void push_metatable(lua_State* L) {
  if (luaL_newmetatable(L, kQuantityMetatable) != 0) {
    luaL_setfuncs(L, kMetamethods, 0);
    // What getmetatable() shows: the name. The metatable itself stays dml's (a script that
    // changed it would change every quantity).
    lua_createtable(L, 0, 1);
    lua_pushstring(L, kQuantityMetatable);
    lua_setfield(L, -2, "__name");
    lua_setfield(L, -2, "__metatable");
  }
}

// --- dml.core functions --------------------------------------------------

// core.q(text) | core.q(number[, unit]) | core.q(quantity) -> Quantity:
// q"900 GB/s", q(900, "GB/s"), q(0.5) (dimensionless).
int l_q(lua_State* L) {
  return guarded(L, [&] {
    const int type = lua_type(L, 1);
    if (type == LUA_TNUMBER && std::isnan(lua_tonumber(L, 1))) {
      throw std::runtime_error("dml.q: the number is NaN (not a number)");
    }
    if (type == LUA_TNUMBER && !lua_isnoneornil(L, 2)) {
      const std::string_view unit = check_unit_arg(L, 2, "dml.q");
      const double number = lua_tonumber(L, 1);
      const Quantity q = number * parse_unit(unit);
      // As the text "inf s" and "1e300 EB" are refused, so are these: the one infinity that is a
      // value is an infinitely fast network, dml.q(math.huge, "B/s").
      const std::string call =
          fmt::format("dml.q({}, {})", number_text(L, 1), quoted_excerpt(unit));
      if (std::isinf(number) && !(number > 0 && q.dim == kBandwidth)) {
        throw UnitError(fmt::format(
            "{}: the number must be finite (only a bandwidth may be infinite, an infinitely "
            "fast network: dml.q(math.huge, \"B/s\"))",
            call));
      }
      if (!std::isinf(number) && !std::isfinite(q.value)) {
        throw UnitError(call + ": the value is out of range");
      }
      push_quantity(L, q);
    } else if (!lua_isnoneornil(L, 2)) {
      throw std::runtime_error(fmt::format(
          "dml.q: a unit as second argument goes with a number, as in dml.q(900, \"GB/s\"); got {}",
          describe_type(L, 1)));
    } else if (type == LUA_TSTRING) {
      push_quantity(L, parse_quantity(to_view(L, 1)));
    } else if (type == LUA_TNUMBER) {
      if (std::isinf(lua_tonumber(L, 1))) {
        throw UnitError(fmt::format("dml.q({}): the number must be finite", number_text(L, 1)));
      }
      push_quantity(L, Quantity{lua_tonumber(L, 1), kDimensionless});
    } else if (const Quantity* q = test_quantity(L, 1)) {
      push_quantity(L, *q);
    } else {
      throw std::runtime_error(
          fmt::format("dml.q: expected a string like \"900 GB/s\", a number or a Quantity, got {}",
                      describe_type(L, 1)));
    }
    return 1;
  });
}

// core.is_quantity(value) -> boolean.
int l_is_quantity(lua_State* L) {
  lua_pushboolean(L, test_quantity(L, 1) != nullptr ? 1 : 0);
  return 1;
}

}  // namespace

void push_quantity(lua_State* L, Quantity q) {
  void* p = lua_newuserdatauv(L, sizeof(Quantity), 0);
  new (p) Quantity(q);
  push_metatable(L);
  lua_setmetatable(L, -2);
}

Quantity* test_quantity(lua_State* L, int idx) {
  return static_cast<Quantity*>(luaL_testudata(L, idx, kQuantityMetatable));
}

Quantity check_quantity(lua_State* L, int idx, Dimension want, std::string_view field) {
  const std::string prefix = field.empty() ? std::string() : fmt::format("{}: ", field);
  switch (lua_type(L, idx)) {
    case LUA_TSTRING: {
      const std::string_view text = to_view(L, idx);
      Quantity q;
      UnitSpelling spelling;
      try {
        q = parse_quantity(text, want, spelling);
      } catch (const UnitError& e) {
        throw UnitError(prefix + e.what());
      }
      // A size in bits ("80 Gb" of memory: 10 GB) is almost always a slip for bytes (helper-162:
      // a believable plan on an eighth of the memory): a field's size is written in bytes. (dml.q
      // and arithmetic still read bits.)
      if (want == kBytes && spelling.bits) {
        // (Bits take the decimal prefixes only; the binary ones are capitals: "KiB", though kilo
        // is "k".)
        const std::string hint =
            spelling.prefix.empty()
                ? std::string("\"B\"")
                : fmt::format("\"{}B\" or \"{}B\"", spelling.prefix,
                              spelling.prefix == "k" ? std::string("Ki")
                                                     : fmt::format("{}i", spelling.prefix));
        throw UnitError(
            fmt::format("{}expected {}, got {} ({} counts bits; a size is written in bytes, {})",
                        prefix, dimension_expectation(want), quoted_excerpt(text),
                        quoted_excerpt(spelling.unit), hint));
      }
      return q;
    }
    case LUA_TNUMBER:
      if (want == kDimensionless) return Quantity{lua_tonumber(L, idx), kDimensionless};
      throw UnitError(fmt::format("{}expected {}, got the bare number {} (write it with a unit)",
                                  prefix, dimension_expectation(want), number_text(L, idx)));
    default:
      if (const Quantity* q = test_quantity(L, idx)) {
        if (q->dim == want) return *q;
        throw UnitError(fmt::format("{}expected {}, got {}", prefix, dimension_expectation(want),
                                    format_quantity(*q)));
      }
      throw UnitError(fmt::format("{}expected {}, got {}", prefix, dimension_expectation(want),
                                  describe_type(L, idx)));
  }
}

void register_quantity(lua_State* L) {
  push_metatable(L);
  lua_pop(L, 1);
  const luaL_Reg fns[] = {{"q", l_q}, {"is_quantity", l_is_quantity}, {nullptr, nullptr}};
  luaL_setfuncs(L, fns, 0);
}

}  // namespace dml::lua
