// Compare a computed double with a number as it is printed in a table: the value must round to
// the printed text, i.e. lie within half a unit of its last printed digit.
//
//   CHECK_THAT(t, Printed("1.790450e-3"));   // |t - 1.790450e-3| <= 0.5e-9
#pragma once

#include <catch2/catch.hpp>
#include <cmath>
#include <string>

namespace dml::testing {

// Half a unit in the last digit of a decimal number such as "0.89475", "5.1299e+06", "2048".
inline double half_unit_of(const std::string& text) {
  const auto e = text.find_first_of("eE");
  const std::string mant = text.substr(0, e);
  const int exp10 = e == std::string::npos ? 0 : std::stoi(text.substr(e + 1));
  const auto dot = mant.find('.');
  const int decimals = dot == std::string::npos ? 0 : static_cast<int>(mant.size() - dot - 1);
  return 0.5 * std::pow(10.0, exp10 - decimals);
}

inline Catch::Matchers::Floating::WithinAbsMatcher Printed(const std::string& text) {
  // A relative 1e-12 of slack for the decimal parse of the printed value itself.
  const double v = std::stod(text);
  return Catch::Matchers::WithinAbs(v, half_unit_of(text) + std::fabs(v) * 1e-12);
}

}  // namespace dml::testing
