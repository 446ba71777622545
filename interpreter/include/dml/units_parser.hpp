// Reading quantities from text: "900 GB/s", "400 Gb/s", "989.4 TFLOP/s",
// "80 GiB", "1.125 us", "3e25 FLOP". Built on Boost.Spirit X3, which stays
// inside units_parser.cpp. The grammar (docs/units.md says the same):
//
//   quantity := space* number [space+ unit] space*
//   number   := [+-] (digits ["." digits] | "." digits) [(e|E) [+-] digits]
//   unit     := [prefix] data ["/s"]  |  time
//   prefix   := k M G T P E  (10^3 .. 10^18)  |  Ki Mi Gi Ti Pi Ei  (2^10 .. 2^60)
//   data     := B (byte)  |  b (bit, 1/8 B)  |  FLOP
//   time     := ns  us  µs  ms  s  min  h  day  days  week  weeks
//               month  months  year  years  yr
//
// Decisions:
//  - Case matters everywhere: GB is 1e9 B, Gb is 1e9 bits, gb is an error;
//    "k" is kilo, "K" is not a prefix. GB is 1e9 B and GiB is 2^30 B.
//  - At least one space separates the number and the unit (the SI
//    convention): "900GB/s" is rejected, so "70B" (seventy billion?) cannot
//    be misread as 70 bytes and "1EB" is not half an exponent.
//  - No spaces inside a unit: "GB / s" is rejected.
//  - Binary prefixes go with bytes only ("Gib", "GiFLOP" are rejected);
//    bits and FLOP take the decimal ones.
//  - Time units take no prefix ("ks", "Ms", "kyears" are rejected, with a
//    hint) and rates are per second only ("/s"; "GB/h" is rejected). µs may
//    be written with U+00B5 (micro sign) or U+03BC (Greek mu).
//  - A day is 86400 s and a week 7 days. A year is the paper's 3.154e7 s
//    (units::kPaperYear, not the Julian 365.25 days) and a month a twelfth of
//    it: the months dml prints, so "3 months" is the paper's time budget.
//  - An unknown unit of 3 or more characters close to a time unit gets a
//    did-you-mean: "monhts" -> "months".
//  - Bits become bytes: "400 Gb/s" is 5e10 B/s.
//  - No "nan", "inf", hex or digit separators; a number that overflows a
//    double, before or after scaling, is rejected. Signs are allowed: the
//    declaration layer checks them.
//  - "FLOPs"/"FLOPS" are rejected as ambiguous (a count or a rate?).
//  - A number without a unit is dimensionless: "0.5", "70e9".
#pragma once

#include <string_view>

#include "dml/quantity.hpp"

namespace dml {

// The quantity in `text`, or UnitError naming the text and what was wrong:
// `expected a quantity like "900 GB/s", got "900 gb/s" (unknown unit "gb/s")`.
[[nodiscard]] Quantity parse_quantity(std::string_view text);

// As above, and the dimension must be `expected`:
// `expected a bandwidth like "900 GB/s", got "900 GB"`, or when the text is
// not a quantity at all, the same with the reason in parentheses.
[[nodiscard]] Quantity parse_quantity(std::string_view text, Dimension expected);

// How a quantity's unit was written, for messages about the spelling: "80 Gb" has the unit
// "Gb", the prefix "G" and counts bits.
struct UnitSpelling {
  std::string_view unit;    // the unit as written (a view into the text); empty for a bare number
  std::string_view prefix;  // its prefix's symbol ("G", "Ki"); empty for none
  bool bits = false;        // its data unit is the bit ("b"), not the byte
};

// As above, and how the unit was written.
[[nodiscard]] Quantity parse_quantity(std::string_view text, Dimension expected,
                                      UnitSpelling& spelling);

// One unit alone, for conversions: the quantity of one such unit
// ("GiB/s" -> {2^30, kBandwidth}, "ms" -> {1e-3, kTime}). Surrounding spaces
// are ignored. Anything else: UnitError `expected a unit like "GiB/s", got "gb/s"`.
[[nodiscard]] Quantity parse_unit(std::string_view unit);

}  // namespace dml
