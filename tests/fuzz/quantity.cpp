// libFuzzer target: the quantity parser (units_parser.hpp) on any text. It must return a finite
// quantity or throw dml::UnitError with a bounded message, and what it returns must format and
// parse back to the same dimension and (nearly) the same value.
#include "dml/quantity.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "dml/error.hpp"
#include "dml/units_parser.hpp"
#include "fuzz_check.hpp"

namespace {

// What the parser returns formats, with 17 digits, as text it reads back the same.
void round_trip(const dml::Quantity& q) {
  const std::string text = dml::format_quantity(q, 17);
  try {
    const dml::Quantity back = dml::parse_quantity(text);
    FUZZ_CHECK(back.dim == q.dim);
    FUZZ_CHECK(back.value == q.value ||
               std::fabs(back.value - q.value) <= 1e-15 * std::fabs(q.value) + 1e-300);
  } catch (const dml::UnitError& e) {
    std::fprintf(stderr, "formatted as \"%s\", not read back: %s\n", text.c_str(), e.what());
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const dml::Quantity q = dml::parse_quantity(text);
    // Finite, or the one infinity that is a value: "inf B/s", an infinitely fast network.
    FUZZ_CHECK(std::isfinite(q.value) || (q.dim == dml::kBandwidth && q.value > 0));
    round_trip(q);
  } catch (const dml::UnitError& e) {
    dml::fuzz::check_message(e.what(), size);
  }
  try {
    const dml::Quantity q = dml::parse_quantity(text, dml::kBandwidth);
    FUZZ_CHECK(q.dim == dml::kBandwidth && (std::isfinite(q.value) || q.value > 0));
  } catch (const dml::UnitError& e) {
    dml::fuzz::check_message(e.what(), size);
  }
  try {
    const dml::Quantity unit = dml::parse_unit(text);
    FUZZ_CHECK(std::isfinite(unit.value) && unit.value > 0);
  } catch (const dml::UnitError& e) {
    dml::fuzz::check_message(e.what(), size);
  }
  return 0;
}
