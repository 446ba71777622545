// A quantity whose dimension is known only at run time: what the quantity
// parser returns and what a Lua `dml.Quantity` holds. The core computes with
// the strong types of units.hpp; quantity_cast converts at the boundary.
//
//   Quantity bw{900e9, kBandwidth};
//   Quantity t = Quantity{80e9, kBytes} / bw;          // a time
//   units::Seconds s = quantity_cast<units::Seconds>(t);
//   format_quantity(t)                                 // "88.89 ms"
//
// Values are doubles in SI base units: bytes (B), seconds (s), FLOP, and their
// products and quotients. Adding, subtracting and ordering need equal
// dimensions (else UnitError); == compares value and dimension.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <compare>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include "dml/units.hpp"

namespace dml {

// Exponents of bytes, seconds and FLOP: a bandwidth is B^1 s^-1.
struct Dimension {
  int8_t byte = 0;
  int8_t second = 0;
  int8_t flop = 0;

  friend constexpr bool operator==(Dimension, Dimension) = default;
};

// Exponents add; a result outside [-127, 127] throws UnitError.
[[nodiscard]] Dimension operator*(Dimension a, Dimension b);
[[nodiscard]] Dimension operator/(Dimension a, Dimension b);

// The dimensions dml names. Their Lua names are in dimension_name.
inline constexpr Dimension kDimensionless{0, 0, 0};
inline constexpr Dimension kBytes{1, 0, 0};
inline constexpr Dimension kTime{0, 1, 0};
inline constexpr Dimension kFlop{0, 0, 1};
inline constexpr Dimension kBandwidth{1, -1, 0};  // B/s
inline constexpr Dimension kFlopRate{0, -1, 1};   // FLOP/s
inline constexpr Dimension kFrequency{0, -1, 0};  // Hz (1/s): clock rates

// The name of a named dimension, as Lua spells it: "dimensionless", "bytes",
// "time", "flop", "bandwidth", "flop_rate"; "" for any other dimension.
[[nodiscard]] std::string_view dimension_name(Dimension d);
// The inverse of dimension_name; nullopt for an unknown name.
[[nodiscard]] std::optional<Dimension> dimension_from_name(std::string_view name);
// "dimensionless, bytes, time, flop, bandwidth, flop_rate": every name, for messages.
[[nodiscard]] std::string_view dimension_names();

// For messages: "a plain number", "a size in bytes", "a time", "a FLOP count",
// "a bandwidth", "a FLOP rate"; "a quantity" for any other dimension.
[[nodiscard]] std::string_view dimension_noun(Dimension d);
// A string the quantity parser accepts for a named dimension: "0.5", "80 GiB",
// "1.125 us", "3e25 FLOP", "900 GB/s", "989.4 TFLOP/s"; "" for any other.
[[nodiscard]] std::string_view dimension_example(Dimension d);
// The base unit of any dimension: "" (dimensionless), "B", "s", "FLOP", "B/s",
// "FLOP/s", "B*s", "1/s", "B/s^2"; factors in the order B, FLOP, s.
[[nodiscard]] std::string dimension_unit(Dimension d);
// What a field expects: `a bandwidth like "900 GB/s"`; for a dimension without
// a name, `a quantity in B*s`.
[[nodiscard]] std::string dimension_expectation(Dimension d);

struct Quantity {
  double value = 0.0;              // in SI base units (B, s, FLOP); default 0
  Dimension dim = kDimensionless;  // default dimensionless

  friend constexpr bool operator==(Quantity, Quantity) = default;
};

// Equal dimensions, or UnitError: `cannot add 80 GB and 1 s (a size in bytes and a time)`.
[[nodiscard]] Quantity operator+(Quantity a, Quantity b);
[[nodiscard]] Quantity operator-(Quantity a, Quantity b);
[[nodiscard]] Quantity operator-(Quantity a);
// Dimensions combine: bytes / bandwidth is a time.
[[nodiscard]] Quantity operator*(Quantity a, Quantity b);
[[nodiscard]] Quantity operator/(Quantity a, Quantity b);
[[nodiscard]] Quantity operator*(Quantity a, double k);
[[nodiscard]] Quantity operator*(double k, Quantity a);
[[nodiscard]] Quantity operator/(Quantity a, double k);
[[nodiscard]] Quantity operator/(double k, Quantity a);
// Ordering needs equal dimensions, or UnitError: `cannot compare 80 GB with 1 s (...)`.
[[nodiscard]] std::partial_ordering operator<=>(Quantity a, Quantity b);

// The one formatting function (fmt, operator<<, Catch2 and Lua's __tostring
// all call it). The value gets `significant_digits` (1 to 17) significant
// digits, trailing zeros dropped, and a readable unit:
//  - bytes, bandwidth, FLOP, FLOP rates and frequencies take the largest
//    decimal prefix (k M G T P E) that leaves the number at least 1, as
//    datasheets write them: "900 GB/s", "989.4 TFLOP/s", "1.83 GHz". From
//    1000 E up, the base unit with an exponent: "3e25 FLOP".
//  - times below a minute use ns, us, ms or s by the same rule ("900 us",
//    "1.125 us"); from a minute up, the largest of min, h, day(s) that leaves
//    at least 1 ("59 s", "1 min", "1.5 h", "3 days").
//  - dimensionless: the number alone ("0.5", "1e6"); any other dimension:
//    the number in base units and dimension_unit ("2 B*s", "1e6/s").
// Exponents are written without "+" or leading zeros: "1.5e-5".
[[nodiscard]] std::string format_quantity(Quantity q, int significant_digits = 4);

// The unit format_quantity writes `q` in: its size in base units and its symbol ("ms",
// "GB/s", "day"); nullopt for a zero or non-finite value and for dimensions written in base units
// or without a unit.
struct DisplayUnit {
  double factor = 1;
  std::string symbol;
};
[[nodiscard]] std::optional<DisplayUnit> display_unit(Quantity q);

// The number `value` formatted as format_quantity formats numbers.
[[nodiscard]] std::string format_number(double value, int significant_digits = 4);

// `q` in a given unit: q.value / unit_value, formatted, a space, `unit_text`
// ("838.2 GiB/s"). The dimensions must be equal, else UnitError
// `cannot convert 80 GB to s (a size in bytes is not a time)`.
[[nodiscard]] std::string format_in_unit(Quantity q, Quantity unit, std::string_view unit_text,
                                         int significant_digits = 4);
// q.value / unit.value, with the same check.
[[nodiscard]] double value_in_unit(Quantity q, Quantity unit, std::string_view unit_text);

std::ostream& operator<<(std::ostream& os, Quantity q);

// --- strong unit types -----------------------------------------------------

namespace detail {
template <typename U>
struct StaticDimension;
template <int B, int S, int F>
struct StaticDimension<units::Unit<B, S, F>> {
  static constexpr Dimension value{B, S, F};
};
template <>
struct StaticDimension<double> {
  static constexpr Dimension value = kDimensionless;
};
// `expected a bandwidth like "900 GB/s", got 80 GB`.
[[noreturn]] void throw_dimension_mismatch(Quantity got, Dimension want);
}  // namespace detail

template <int B, int S, int F>
[[nodiscard]] constexpr Quantity to_quantity(units::Unit<B, S, F> u) {
  return Quantity{u.value(), Dimension{B, S, F}};
}

// A strong unit type (units::Bytes, units::Seconds, ...) or double (for a
// dimensionless quantity) from a Quantity of that dimension; else UnitError
// `expected a bandwidth like "900 GB/s", got 80 GB`.
template <typename U>
[[nodiscard]] U quantity_cast(Quantity q) {
  constexpr Dimension want = detail::StaticDimension<U>::value;
  if (q.dim != want) detail::throw_dimension_mismatch(q, want);
  if constexpr (std::is_same_v<U, double>) {
    return q.value;
  } else {
    return U(q.value);
  }
}

}  // namespace dml

// fmt::format("{}", q) is format_quantity(q); "{:.6}" asks for 6 significant digits.
template <>
struct fmt::formatter<dml::Quantity> {
  int digits = 4;

  constexpr auto parse(format_parse_context& ctx) -> decltype(ctx.begin()) {
    auto it = ctx.begin();
    const auto end = ctx.end();
    if (it != end && *it == '.') {
      ++it;
      int n = 0;
      bool any = false;
      while (it != end && *it >= '0' && *it <= '9') {
        n = n * 10 + (*it - '0');
        any = true;
        ++it;
      }
      if (!any || n < 1 || n > 17) throw format_error("dml::Quantity: precision must be 1 to 17");
      digits = n;
    }
    if (it != end && *it != '}') throw format_error("dml::Quantity: only {:.N} is supported");
    return it;
  }

  template <typename FormatContext>
  auto format(const dml::Quantity& q, FormatContext& ctx) const -> decltype(ctx.out()) {
    const std::string s = dml::format_quantity(q, digits);
    return std::copy(s.begin(), s.end(), ctx.out());
  }
};
