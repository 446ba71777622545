// Internal: the divisors of a count as an error message lists them, so that a layout degree that
// does not divide what it splits says which degrees would ("layout.pp: 16 does not divide the
// model's 126 layers; divisors: 1, 2, 3, 6, 7, 9, 14, 18, 21, 42, 63, 126").
#pragma once

#include <cstdint>
#include <string>

namespace dml::detail {

// Every divisor of n when it has at most 12; else the six smallest, the two nearest `near` (the
// degree that was given) and n itself, with "..." where divisors are left out:
// divisors_text(7340032, 1000) == "1, 2, 4, 7, 8, 14, ..., 896, 1024, ..., 7340032".
[[nodiscard]] std::string divisors_text(std::uint64_t n, std::uint64_t near);

}  // namespace dml::detail
