// Catch2 prints a dml::Quantity with format_quantity (all 17 digits, so two
// values that differ in the last place print differently), and a Dimension
// as its three exponents.
#pragma once

#include <string>

#include <catch2/catch.hpp>

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
