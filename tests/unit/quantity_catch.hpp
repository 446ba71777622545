// Catch2 support for quantities: a dml::Quantity prints with format_quantity
// (all 17 digits, so two values that differ in the last place print
// differently), a Dimension as its three exponents; check_unit_error.
#pragma once

#include <catch2/catch.hpp>
#include <string>

#include "dml/error.hpp"
#include "dml/quantity.hpp"

namespace Catch {
template <>
struct StringMaker<dml::Dimension> {
  static std::string convert(const dml::Dimension& d) {
    return "Dimension{" + std::to_string(d.byte) + ", " + std::to_string(d.second) + ", " +
           std::to_string(d.flop) + "}";
  }
};
template <>
struct StringMaker<dml::Quantity> {
  static std::string convert(const dml::Quantity& q) { return dml::format_quantity(q, 17); }
};
}  // namespace Catch

// f() must throw dml::UnitError with exactly this message.
template <typename F>
void check_unit_error(F&& f, const std::string& message) {
  CHECK_THROWS_MATCHES(f(), dml::UnitError, Catch::Matchers::Message(message));
}
