// The quantity parser: the grammar and its decisions are in units_parser.hpp.
// Boost.Spirit X3 recognises the number and the unit; the text is first split
// at spaces so that each failure can say which part was wrong. The number's
// digits are converted by std::from_chars (correctly rounded).
#include "dml/units_parser.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <boost/spirit/home/x3.hpp>
#include <charconv>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "dml/error.hpp"
#include "dml/units.hpp"
#include "edit_distance.hpp"

namespace dml {
namespace {

namespace x3 = boost::spirit::x3;

constexpr std::string_view kSpaces = " \t\n\r\f\v";

// A unit's size in base units is factor x 10^exp10 / divisor, with `factor` exact in binary (a
// power of two, or a whole number of seconds: 60 for min ... 3.154e7 for a year): the number's
// text is read with its exponent shifted by exp10, then multiplied by factor and divided by
// divisor (12 for a month, 1 otherwise), so "2.155 TB/s" is the double nearest 2.155e12, as
// "2155e9" is, and "3 months" is 3 x 3.154e7 / 12 = 7885000 s exactly.
struct Scale {
  int exp10 = 0;
  double factor = 1.0;
  double divisor = 1.0;
  [[nodiscard]] double value() const { return factor * std::pow(10.0, exp10) / divisor; }
};

struct Prefix {
  std::string_view symbol;
  Scale scale;
  bool binary = false;
};

struct DataUnit {
  Scale scale;  // in base units: a bit is 1/8 B
  Dimension dim;
  bool binary_prefixes = false;  // may take Ki Mi Gi ...
  bool bit = false;              // the bit, b
};

// Decimal and binary prefixes are separate entries, never derived from each other.
const x3::symbols<Prefix>& prefixes() {
  static const x3::symbols<Prefix> table = [] {
    x3::symbols<Prefix> t;
    t.add("k", {"k", {3, 1.0}, false})("M", {"M", {6, 1.0}, false})("G", {"G", {9, 1.0}, false})(
        "T", {"T", {12, 1.0}, false})("P", {"P", {15, 1.0}, false})("E", {"E", {18, 1.0}, false});
    t.add("Ki", {"Ki", {0, 1024.0}, true})("Mi", {"Mi", {0, 1048576.0}, true})(
        "Gi", {"Gi", {0, 1073741824.0}, true})("Ti", {"Ti", {0, 1099511627776.0}, true})(
        "Pi", {"Pi", {0, 1125899906842624.0}, true})("Ei",
                                                     {"Ei", {0, 1152921504606846976.0}, true});
    return t;
  }();
  return table;
}

const x3::symbols<DataUnit>& data_units() {
  static const x3::symbols<DataUnit> table = [] {
    x3::symbols<DataUnit> t;
    t.add("B", {{0, 1.0}, kBytes, true})("b", {{0, 0.125}, kBytes, false, true})(
        "FLOP", {{0, 1.0}, kFlop, false});
    t.add("Hz", {{0, 1.0}, kFrequency, false});
    return t;
  }();
  return table;
}

struct TimeUnit {
  std::string_view spelling;
  Scale scale;
};

constexpr double kDay = 86400.0;
// The paper's year (3.154e7 s), whose twelfth is the month dml prints (plan.months).
constexpr double kYear = units::kPaperYear.value();

// Time units take no prefix; each has its singular and plural spellings.
constexpr std::array<TimeUnit, 17> kTimeUnits{{
    {"ns", {-9, 1.0}},
    {"us", {-6, 1.0}},
    {"\xC2\xB5s", {-6, 1.0}},  // U+00B5 micro sign
    {"\xCE\xBCs", {-6, 1.0}},  // U+03BC Greek mu
    {"ms", {-3, 1.0}},
    {"s", {0, 1.0}},
    {"min", {0, 60.0}},
    {"h", {0, 3600.0}},
    {"day", {0, kDay}},
    {"days", {0, kDay}},
    {"week", {0, 7 * kDay}},
    {"weeks", {0, 7 * kDay}},
    {"month", {0, kYear, 12.0}},
    {"months", {0, kYear, 12.0}},
    {"year", {0, kYear}},
    {"years", {0, kYear}},
    {"yr", {0, kYear}},
}};

const x3::symbols<Scale>& time_units() {
  static const x3::symbols<Scale> table = [] {
    x3::symbols<Scale> t;
    for (const TimeUnit& u : kTimeUnits) t.add(std::string(u.spelling), u.scale);
    return t;
  }();
  return table;
}

// The time unit a mistyped token of 3 or more characters most likely means ("monhts" ->
// "months", "Days" -> "days"), else "". Shorter tokens are left alone: "d" is one edit from
// both "s" and "h".
std::string time_unit_like(std::string_view token) {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> v;
    for (const TimeUnit& u : kTimeUnits) v.emplace_back(u.spelling);
    return v;
  }();
  if (token.size() < 3) return {};
  std::string lower;
  for (const char c : token) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return lua::closest(lower, names);
}

// [+-] (digits ["." digits] | "." digits) [(e|E) [+-] digits]. Digits are a
// char range, not x3::digit: the text may hold UTF-8 bytes, which the
// classification functions must not see.
const auto number_syntax = [] {
  const auto digits = +x3::char_('0', '9');
  const auto sign = x3::lit('+') | x3::lit('-');
  const auto mantissa = (digits >> -(x3::lit('.') >> digits)) | (x3::lit('.') >> digits);
  const auto exponent = (x3::lit('e') | x3::lit('E')) >> -sign >> digits;
  return -sign >> mantissa >> -exponent;
}();

// How many leading characters of `s` form a number (0: none).
size_t number_length(std::string_view s) {
  auto first = s.begin();
  if (!x3::parse(first, s.end(), number_syntax)) return 0;
  return static_cast<size_t>(first - s.begin());
}

bool is_number(std::string_view s) { return !s.empty() && number_length(s) == s.size(); }

// The value of a token that is_number accepts; nullopt when it overflows or underflows.
std::optional<double> number_value(std::string_view s) {
  if (s.front() == '+') s.remove_prefix(1);  // from_chars takes no '+'
  double v = 0.0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

// The value of `number` (is_number accepts it) times 10^exp10, correctly rounded: the exponent
// is added to the text's own before conversion. nullopt when out of range.
std::optional<double> shifted_value(std::string_view number, int exp10) {
  if (exp10 == 0) return number_value(number);
  const size_t e = number.find_first_of("eE");
  long long exponent = exp10;
  if (e != std::string_view::npos) {
    long long own = 0;
    std::string_view digits = number.substr(e + 1);
    const bool negative = !digits.empty() && digits.front() == '-';
    if (!digits.empty() && (digits.front() == '+' || digits.front() == '-'))
      digits.remove_prefix(1);
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), own);
    if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
    exponent += negative ? -own : own;
  }
  const std::string text = fmt::format("{}e{}", number.substr(0, e), exponent);
  return number_value(text);
}

bool is_not_finite(std::string_view s) {
  if (!s.empty() && (s.front() == '+' || s.front() == '-')) s.remove_prefix(1);
  const auto is = [s](std::string_view word) {
    if (s.size() != word.size()) return false;
    for (std::size_t i = 0; i < s.size(); ++i) {
      const char c = s[i];
      if ((c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c) != word[i]) return false;
    }
    return true;
  };
  return is("nan") || is("inf") || is("infinity");
}

// A unit token, or why it is not one.
struct UnitOutcome {
  std::optional<Quantity> unit{};  // one of that unit
  std::string reason{};            // when unit is empty: `unknown unit "gb/s"`, ...
  Scale scale{};                   // the unit's size, for reading a number in it exactly
  std::string_view prefix{};       // the prefix's symbol, if any
  bool bits = false;               // a data unit in bits
};

// The spellings of a unit dml reads that `token` (an unknown unit) most likely means: a rate
// written the networking way ("Gbps", "Gbit/s", "GB/sec" -> "Gb/s", "GB/s"), a time unit's
// abbreviation ("sec", "hrs", "usec"), FLOP in lower case, or a prefix in the wrong case
// ("gb/s" -> "GB/s" or "Gb/s"). Only spellings that read are returned.
std::vector<std::string> unit_spellings_like(std::string_view token,
                                             bool (*reads)(std::string_view)) {
  std::vector<std::string> out;
  const auto add = [&](std::string candidate) {
    if (candidate != token && reads(candidate) &&
        std::find(out.begin(), out.end(), candidate) == out.end())
      out.push_back(std::move(candidate));
  };
  const auto replace_end = [&](std::string_view from, std::string_view to) {
    if (token.size() > from.size() && token.ends_with(from))
      add(std::string(token.substr(0, token.size() - from.size())) + std::string(to));
  };
  replace_end("bps", "b/s");
  replace_end("Bps", "B/s");
  replace_end("bit/s", "b/s");
  replace_end("bits/s", "b/s");
  replace_end("/sec", "/s");
  replace_end("/S", "/s");  // "GB/S"
  // FLOPS in lower case, a rate or a count ("tflops" -> "TFLOP/s" or "TFLOP").
  if (token.size() >= 5) {
    std::string lower(token);
    for (char& ch : lower) ch = static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
    if (lower.ends_with("flops")) {
      std::string prefix(token.substr(0, token.size() - 5));
      for (char& ch : prefix) ch = static_cast<char>(ch >= 'a' && ch <= 'z' ? ch - 'a' + 'A' : ch);
      if (prefix == "K") prefix = "k";
      add(prefix + "FLOP/s");
      add(prefix + "FLOP");
    }
  }
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 17> kAbbreviations{
      {{"d", "days"},
       {"sec", "s"},
       {"secs", "s"},
       {"second", "s"},
       {"seconds", "s"},
       {"hr", "h"},
       {"hrs", "h"},
       {"hour", "h"},
       {"hours", "h"},
       {"mins", "min"},
       {"minute", "min"},
       {"minutes", "min"},
       {"wk", "week"},
       {"msec", "ms"},
       {"usec", "us"},
       {"nsec", "ns"},
       {"bytes", "B"}}};
  for (const auto& [from, to] : kAbbreviations) {
    if (token.size() != from.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < token.size(); ++i) {
      const char c = token[i];
      if ((c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c) != from[i]) same = false;
    }
    if (same) add(std::string(to));
  }
  // Upper case but for a rate's "/s" ("flop" -> "FLOP", "tflop/s" -> "TFLOP/s").
  {
    std::string upper(token);
    const std::size_t end = upper.ends_with("/s") ? upper.size() - 2 : upper.size();
    for (std::size_t i = 0; i < end; ++i)
      if (upper[i] >= 'a' && upper[i] <= 'z') upper[i] = static_cast<char>(upper[i] - 'a' + 'A');
    if (upper.find('B') == std::string::npos) add(upper);
  }
  // A prefix in lower case where it takes upper ("gb/s", "tB"), or the b of bits and bytes
  // confused: both readings, bytes first.
  if (!token.empty() && token.front() >= 'a' && token.front() <= 'z') {
    std::string upper(token);
    upper.front() = static_cast<char>(upper.front() - 'a' + 'A');
    const std::size_t b = upper.find_first_of("bB");
    if (b != std::string::npos) {
      std::string bytes = upper, bits = upper;
      bytes[b] = 'B';
      bits[b] = 'b';
      add(bytes);
      add(bits);
    } else {
      add(upper);
    }
  }
  return out;
}

UnitOutcome read_unit(std::string_view token, bool hints = true) {
  {
    Scale scale;
    auto first = token.begin();
    const auto on_time = [&](auto& ctx) { scale = x3::_attr(ctx); };
    if (x3::parse(first, token.end(), time_units()[on_time] >> x3::eoi)) {
      return {.unit = Quantity{scale.value(), kTime}, .scale = scale};
    }
  }
  Prefix prefix;
  DataUnit data;
  bool rate = false;
  const auto on_prefix = [&](auto& ctx) { prefix = x3::_attr(ctx); };
  const auto on_data = [&](auto& ctx) { data = x3::_attr(ctx); };
  const auto on_rate = [&](auto&) { rate = true; };
  auto first = token.begin();
  const auto grammar =
      -prefixes()[on_prefix] >> data_units()[on_data] >> -x3::lit("/s")[on_rate] >> x3::eoi;
  if (x3::parse(first, token.end(), grammar)) {
    if (prefix.binary && !data.binary_prefixes) {
      return {.reason =
                  fmt::format("binary prefixes such as \"{}\" are for bytes only", prefix.symbol)};
    }
    if (rate && data.dim == kFrequency) {
      return {.reason = "Hz is already per second: write \"1830 MHz\""};
    }
    const Dimension dim = rate ? data.dim / kTime : data.dim;
    const Scale scale{prefix.scale.exp10 + data.scale.exp10,
                      prefix.scale.factor * data.scale.factor};
    return {.unit = Quantity{scale.value(), dim},
            .scale = scale,
            .prefix = prefix.symbol,
            .bits = data.bit};
  }
  std::string reason = fmt::format("unknown unit {}", quoted_excerpt(token));
  if (token == "tokens" || token == "token") {
    // The tokens field reads "15.6e12 tokens" (a count, not a quantity); dml.q has no count.
    reason +=
        "; a count of tokens is a plain number (15.6e12), or this text in the field that counts "
        "them (tokens = \"15.6e12 tokens\")";
  } else if (token.find("FLOPs") != std::string_view::npos ||
             token.find("FLOPS") != std::string_view::npos) {
    reason += "; FLOPs is ambiguous: write FLOP for a count, FLOP/s for a rate";
  } else if (token.starts_with('K') && !token.starts_with("Ki")) {
    reason += "; K is not a prefix: write k for 1000 or Ki for 1024";
  } else if (auto p = token.begin();
             x3::parse(p, token.end(), prefixes() >> time_units() >> x3::eoi)) {
    reason += "; time units take no prefix";
  } else if (const std::string like = time_unit_like(token); !like.empty()) {
    reason += fmt::format("; did you mean \"{}\"?", like);
  } else if (hints) {
    const auto reads = [](std::string_view t) { return read_unit(t, false).unit.has_value(); };
    const std::vector<std::string> spellings = unit_spellings_like(token, reads);
    if (spellings.size() == 1) {
      reason += fmt::format("; did you mean \"{}\"?", spellings.front());
    } else if (spellings.size() >= 2) {
      reason += fmt::format("; did you mean \"{}\" or \"{}\"?", spellings[0], spellings[1]);
    }
  }
  return {.reason = std::move(reason)};
}

std::string_view trim(std::string_view s) {
  const size_t b = s.find_first_not_of(kSpaces);
  if (b == std::string_view::npos) return {};
  const size_t e = s.find_last_not_of(kSpaces);
  return s.substr(b, e - b + 1);
}

// The first space-separated token of `s` (already trimmed) and the rest, trimmed.
std::pair<std::string_view, std::string_view> split_first(std::string_view s) {
  const size_t end = s.find_first_of(kSpaces);
  if (end == std::string_view::npos) return {s, {}};
  return {s.substr(0, end), trim(s.substr(end))};
}

// A quantity, or why `text` is not one ("" for empty text).
struct Outcome {
  std::optional<Quantity> quantity;
  std::string reason;
  UnitSpelling spelling{};
};

// No quantity is longer than this; a longer text is refused before it is read.
constexpr std::size_t kMaxQuantityBytes = 256;

Outcome read_quantity(std::string_view text) {
  if (text.size() > kMaxQuantityBytes) return {std::nullopt, "too long for a quantity"};
  const std::string_view s = trim(text);
  if (s.empty()) return {};
  const auto [number, after_number] = split_first(s);
  if (!is_number(number)) {
    // "inf B/s", as an infinitely fast network prints, reads back as one; no other infinity
    // is a value.
    if (number == "inf" && !after_number.empty()) {
      const auto [unit_token, rest] = split_first(after_number);
      const UnitOutcome unit = read_unit(unit_token);
      if (unit.unit && unit.unit->dim == kBandwidth && rest.empty()) {
        return {Quantity{std::numeric_limits<double>::infinity(), kBandwidth}, {}};
      }
    }
    if (number == "inf") {
      return {std::nullopt,
              "the number must be finite; only a bandwidth may be infinite, \"inf B/s\""};
    }
    if (is_not_finite(number)) {
      // "Inf Gb/s", "INF B/s": the one infinity there is is spelt in lower case (helper-346).
      if (number.size() == 3 && (number[0] == 'i' || number[0] == 'I') &&
          (number[1] == 'n' || number[1] == 'N') && (number[2] == 'f' || number[2] == 'F')) {
        return {std::nullopt,
                "the number must be finite; only a bandwidth may be infinite, written \"inf\" "
                "(\"inf B/s\")"};
      }
      return {std::nullopt, "the number must be finite"};
    }
    const size_t n = number_length(number);
    if (n == 0 && read_unit(number).unit) return {std::nullopt, "no number before the unit"};
    if (n > 0 && read_unit(number.substr(n)).unit) {
      return {std::nullopt, "a space must separate the number and the unit"};
    }
    // A long text that is all one token is quoted once, in the message's "got".
    if (number.size() == s.size() && number.size() > kExcerptBytes)
      return {std::nullopt, "not a number"};
    return {std::nullopt, fmt::format("{} is not a number", quoted_excerpt(number))};
  }
  if (after_number.empty()) {
    const std::optional<double> value = number_value(number);
    if (!value) return {std::nullopt, "the value is out of range"};
    return {Quantity{*value, kDimensionless}, {}};
  }
  // (With a unit, only the number shifted by its prefix need be in range: "1e-330 TB" is
  // 1e-318 B; helper-348.)

  const auto [unit_token, rest] = split_first(after_number);
  UnitOutcome unit = read_unit(unit_token);
  if (!unit.unit) return {std::nullopt, std::move(unit.reason)};
  if (!rest.empty())
    return {std::nullopt, fmt::format("unexpected {} after the unit", quoted_excerpt(rest))};
  // Read the number with its decimal exponent shifted by the unit's, then scale by the exact
  // factor: one rounding in all for a power of two, as for the same number written in base
  // units; at most one more for the other factors, and one more for a month's divisor.
  const std::optional<double> shifted = shifted_value(number, unit.scale.exp10);
  if (!shifted) return {std::nullopt, "the value is out of range"};
  const double v = *shifted * unit.scale.factor / unit.scale.divisor;
  if (!std::isfinite(v)) return {std::nullopt, "the value is out of range"};
  return {Quantity{v, unit.unit->dim}, {}, {unit_token, unit.prefix, unit.bits}};
}

std::string failure(std::string_view expectation, std::string_view text, std::string_view reason) {
  if (reason.empty()) return fmt::format("expected {}, got {}", expectation, quoted_excerpt(text));
  return fmt::format("expected {}, got {} ({})", expectation, quoted_excerpt(text), reason);
}

}  // namespace

Quantity parse_quantity(std::string_view text) {
  Outcome r = read_quantity(text);
  if (!r.quantity) throw UnitError(failure(R"(a quantity like "900 GB/s")", text, r.reason));
  return *r.quantity;
}

Quantity parse_quantity(std::string_view text, Dimension expected) {
  UnitSpelling spelling;
  return parse_quantity(text, expected, spelling);
}

Quantity parse_quantity(std::string_view text, Dimension expected, UnitSpelling& spelling) {
  Outcome r = read_quantity(text);
  if (!r.quantity) throw UnitError(failure(dimension_expectation(expected), text, r.reason));
  if (r.quantity->dim != expected) {
    // "1" where a time goes: a number written as text, its unit left out (helper-102).
    throw UnitError(failure(dimension_expectation(expected), text,
                            r.quantity->dim == kDimensionless ? "no unit: write it with one" : ""));
  }
  spelling = r.spelling;
  return *r.quantity;
}

Quantity parse_unit(std::string_view unit) {
  const std::string_view token = trim(unit);
  std::string reason;
  if (!token.empty() && token.find_first_of(kSpaces) == std::string_view::npos) {
    UnitOutcome r = read_unit(token);
    if (r.unit) return *r.unit;
    // "unknown unit" would repeat the text; keep only a hint, if any.
    if (const size_t semi = r.reason.find("; "); semi != std::string::npos) {
      reason = r.reason.substr(semi + 2);
    } else if (!r.reason.starts_with("unknown unit")) {
      reason = std::move(r.reason);
    }
  }
  throw UnitError(failure(R"(a unit like "GiB/s")", unit, reason));
}

}  // namespace dml
