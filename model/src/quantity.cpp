#include "dml/quantity.hpp"

#include <array>
#include <cmath>
#include <ostream>

#include "dml/error.hpp"

namespace dml {
namespace {

struct NamedDimension {
  Dimension dim;
  std::string_view name;     // Lua's name
  std::string_view noun;     // for messages
  std::string_view example;  // parses as this dimension
};

constexpr std::array<NamedDimension, 7> kNamed{{
    {kDimensionless, "dimensionless", "a plain number", "0.5"},
    {kBytes, "bytes", "a size in bytes", "80 GiB"},
    {kTime, "time", "a time", "1.125 us"},
    {kFlop, "flop", "a FLOP count", "3e25 FLOP"},
    {kBandwidth, "bandwidth", "a bandwidth", "900 GB/s"},
    {kFlopRate, "flop_rate", "a FLOP rate", "989.4 TFLOP/s"},
    {kFrequency, "frequency", "a frequency", "1830 MHz"},
}};

const NamedDimension* find_named(Dimension d) {
  for (const auto& n : kNamed) {
    if (n.dim == d) return &n;
  }
  return nullptr;
}

int8_t checked_exponent(int e) {
  if (e < -127 || e > 127) {
    throw UnitError(fmt::format("dimension exponent {} is out of range (-127 to 127)", e));
  }
  return static_cast<int8_t>(e);
}

// "a size in bytes", or "a quantity in B*s" for a dimension without a name.
std::string describe(Dimension d) {
  if (const auto* n = find_named(d)) return std::string(n->noun);
  return "a quantity in " + dimension_unit(d);
}

struct Scale {
  std::string_view symbol;
  double factor;
};

constexpr std::array<Scale, 7> kDecimalPrefixes{{
    {"", 1.0},
    {"k", 1e3},
    {"M", 1e6},
    {"G", 1e9},
    {"T", 1e12},
    {"P", 1e15},
    {"E", 1e18},
}};
constexpr std::array<Scale, 4> kSubMinuteUnits{{
    {"ns", 1e-9},
    {"us", 1e-6},
    {"ms", 1e-3},
    {"s", 1.0},
}};
constexpr std::array<Scale, 3> kClockUnits{{
    {"min", 60.0},
    {"h", 3600.0},
    {"day", 86400.0},
}};

// The largest scale that leaves the number at least `threshold`. The house
// style started from wrk's 0.85 rule, which prints 900 GB/s as "0.9 TB/s";
// datasheets say "900 GB/s", so dml uses 1 (the number is never below 1).
template <size_t N>
const Scale& pick_scale(const std::array<Scale, N>& scales, double magnitude, double threshold) {
  const Scale* pick = &scales[0];
  for (const auto& s : scales) {
    if (magnitude / s.factor >= threshold) pick = &s;
  }
  return *pick;
}

std::string with_decimal_prefix(double v, std::string_view unit, int digits) {
  const double magnitude = std::fabs(v);
  const Scale* s = &pick_scale(kDecimalPrefixes, magnitude, 1.0);
  // Past the largest prefix, an exponent reads better than "30000000 EFLOP".
  if (magnitude / s->factor >= 1000.0) s = &kDecimalPrefixes[0];
  return fmt::format("{} {}{}", format_number(v / s->factor, digits), s->symbol, unit);
}

std::string as_time(double v, int digits) {
  const double magnitude = std::fabs(v);
  if (magnitude == 0.0) return "0 s";
  if (magnitude >= 60.0) {
    const Scale& s = pick_scale(kClockUnits, magnitude, 1.0);
    const std::string number = format_number(v / s.factor, digits);
    const bool plural = s.symbol == "day" && number != "1" && number != "-1";
    return fmt::format("{} {}{}", number, s.symbol, plural ? "s" : "");
  }
  const Scale& s = pick_scale(kSubMinuteUnits, magnitude, 1.0);
  return fmt::format("{} {}", format_number(v / s.factor, digits), s.symbol);
}

// "80 GB" and "s" -> "(a size in bytes and a time)"-style reasons.
std::string both(Dimension a, std::string_view joiner, Dimension b) {
  return fmt::format("({} {} {})", describe(a), joiner, describe(b));
}

}  // namespace

Dimension operator*(Dimension a, Dimension b) {
  return Dimension{checked_exponent(a.byte + b.byte), checked_exponent(a.second + b.second),
                   checked_exponent(a.flop + b.flop)};
}

Dimension operator/(Dimension a, Dimension b) {
  return Dimension{checked_exponent(a.byte - b.byte), checked_exponent(a.second - b.second),
                   checked_exponent(a.flop - b.flop)};
}

std::string_view dimension_name(Dimension d) {
  const auto* n = find_named(d);
  return n != nullptr ? n->name : std::string_view();
}

std::optional<Dimension> dimension_from_name(std::string_view name) {
  for (const auto& n : kNamed) {
    if (n.name == name) return n.dim;
  }
  return std::nullopt;
}

std::string_view dimension_names() {
  return "dimensionless, bytes, time, flop, bandwidth, flop_rate, frequency";
}

std::string_view dimension_noun(Dimension d) {
  const auto* n = find_named(d);
  return n != nullptr ? n->noun : std::string_view("a quantity");
}

std::string_view dimension_example(Dimension d) {
  const auto* n = find_named(d);
  return n != nullptr ? n->example : std::string_view();
}

std::string dimension_unit(Dimension d) {
  std::string num;
  std::string den;
  const auto add = [&](std::string_view symbol, int e) {
    if (e == 0) return;
    std::string& side = e > 0 ? num : den;
    const int power = e > 0 ? e : -e;
    if (e > 0 && !side.empty()) side += '*';
    if (e < 0) side += '/';
    side += symbol;
    if (power != 1) side += fmt::format("^{}", power);
  };
  add("B", d.byte);
  add("FLOP", d.flop);
  add("s", d.second);
  if (num.empty() && den.empty()) return {};
  if (num.empty()) return fmt::format("1{}", den);
  return num + den;
}

std::string dimension_expectation(Dimension d) {
  if (const auto* n = find_named(d)) return fmt::format("{} like \"{}\"", n->noun, n->example);
  return "a quantity in " + dimension_unit(d);
}

Quantity operator+(Quantity a, Quantity b) {
  if (a.dim != b.dim) {
    throw UnitError(fmt::format("cannot add {} and {} {}", format_quantity(a), format_quantity(b),
                                both(a.dim, "and", b.dim)));
  }
  return Quantity{a.value + b.value, a.dim};
}

Quantity operator-(Quantity a, Quantity b) {
  if (a.dim != b.dim) {
    throw UnitError(fmt::format("cannot subtract {} from {} {}", format_quantity(b),
                                format_quantity(a), both(b.dim, "from", a.dim)));
  }
  return Quantity{a.value - b.value, a.dim};
}

Quantity operator-(Quantity a) { return Quantity{-a.value, a.dim}; }

Quantity operator*(Quantity a, Quantity b) { return Quantity{a.value * b.value, a.dim * b.dim}; }
Quantity operator/(Quantity a, Quantity b) { return Quantity{a.value / b.value, a.dim / b.dim}; }
Quantity operator*(Quantity a, double k) { return Quantity{a.value * k, a.dim}; }
Quantity operator*(double k, Quantity a) { return Quantity{k * a.value, a.dim}; }
Quantity operator/(Quantity a, double k) { return Quantity{a.value / k, a.dim}; }
Quantity operator/(double k, Quantity a) { return Quantity{k / a.value, kDimensionless / a.dim}; }

std::partial_ordering operator<=>(Quantity a, Quantity b) {
  if (a.dim != b.dim) {
    throw UnitError(fmt::format("cannot compare {} with {} {}", format_quantity(a),
                                format_quantity(b), both(a.dim, "and", b.dim)));
  }
  return a.value <=> b.value;
}

std::string format_number(double value, int significant_digits) {
  const int digits = std::clamp(significant_digits, 1, 17);
  if (value == 0.0) return "0";  // and never "-0"
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  std::string s = fmt::format("{:.{}g}", value, digits);
  const size_t e = s.find('e');
  if (e == std::string::npos) return s;
  // "1.5e-05" -> "1.5e-5", "3e+25" -> "3e25"
  size_t i = e + 1;
  const bool negative = s[i] == '-';
  if (s[i] == '+' || s[i] == '-') ++i;
  while (i + 1 < s.size() && s[i] == '0') ++i;
  std::string out(s, 0, e);
  out.append(negative ? "e-" : "e");
  out.append(s, i);
  return out;
}

std::string format_quantity(Quantity q, int significant_digits) {
  const int digits = std::clamp(significant_digits, 1, 17);
  const Dimension d = q.dim;
  if (d == kDimensionless) return format_number(q.value, digits);
  if (!std::isfinite(q.value)) return format_number(q.value, digits) + " " + dimension_unit(d);
  if (d == kTime) return as_time(q.value, digits);
  if (d == kBytes) return with_decimal_prefix(q.value, "B", digits);
  if (d == kBandwidth) return with_decimal_prefix(q.value, "B/s", digits);
  if (d == kFlop) return with_decimal_prefix(q.value, "FLOP", digits);
  if (d == kFlopRate) return with_decimal_prefix(q.value, "FLOP/s", digits);
  if (d == kFrequency) return with_decimal_prefix(q.value, "Hz", digits);
  const std::string unit = dimension_unit(d);
  const std::string number = format_number(q.value, digits);
  if (unit.starts_with("1/")) return number + unit.substr(1);  // "1e6/s"
  return number + " " + unit;
}

std::optional<DisplayUnit> display_unit(Quantity q) {
  const double magnitude = std::fabs(q.value);
  if (magnitude == 0.0 || !std::isfinite(magnitude)) return std::nullopt;
  const auto prefixed = [&](std::string_view unit) -> std::optional<DisplayUnit> {
    const Scale* s = &pick_scale(kDecimalPrefixes, magnitude, 1.0);
    if (magnitude / s->factor >= 1000.0) return std::nullopt;  // written with an exponent
    return DisplayUnit{s->factor, std::string(s->symbol) + std::string(unit)};
  };
  const Dimension d = q.dim;
  if (d == kTime) {
    const Scale& s = magnitude >= 60.0 ? pick_scale(kClockUnits, magnitude, 1.0)
                                       : pick_scale(kSubMinuteUnits, magnitude, 1.0);
    return DisplayUnit{s.factor, std::string(s.symbol)};
  }
  if (d == kBytes) return prefixed("B");
  if (d == kBandwidth) return prefixed("B/s");
  if (d == kFlop) return prefixed("FLOP");
  if (d == kFlopRate) return prefixed("FLOP/s");
  if (d == kFrequency) return prefixed("Hz");
  return std::nullopt;
}

double value_in_unit(Quantity q, Quantity unit, std::string_view unit_text) {
  if (q.dim != unit.dim) {
    throw UnitError(fmt::format("cannot convert {} to {} ({} is not {})", format_quantity(q),
                                unit_text, describe(q.dim), describe(unit.dim)));
  }
  const double v = q.value / unit.value;
  // A finite quantity in a small unit can pass a double's range (1e308 s in ns).
  if (std::isfinite(q.value) && !std::isfinite(v)) {
    throw UnitError(fmt::format("cannot convert {} to {}: the number is out of range",
                                format_quantity(q), unit_text));
  }
  return v;
}

std::string format_in_unit(Quantity q, Quantity unit, std::string_view unit_text,
                           int significant_digits) {
  const double v = value_in_unit(q, unit, unit_text);
  return fmt::format("{} {}", format_number(v, significant_digits), unit_text);
}

std::ostream& operator<<(std::ostream& os, Quantity q) { return os << format_quantity(q); }

namespace detail {

void throw_dimension_mismatch(Quantity got, Dimension want) {
  throw UnitError(
      fmt::format("expected {}, got {}", dimension_expectation(want), format_quantity(got)));
}

}  // namespace detail
}  // namespace dml
