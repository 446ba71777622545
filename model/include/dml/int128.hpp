// Exact unsigned 128-bit integers for cluster sizes and parameter counts.
//
// The paper's cluster sizes reach sf * 2^59 (about 9e19 GPUs for sf = 160),
// past 64-bit integers, and its Python code never overflows. dml keeps such
// counts in `u128` and does every product and sum with a check: overflow
// throws OverflowError, it never wraps into a wrong answer.
//
// The conversions to double round exactly once, to nearest with ties to even,
// as Python does for `int / int` and `int * float`.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>

#include "dml/error.hpp"

namespace dml {

__extension__ typedef unsigned __int128 u128;  // __extension__: no -Wpedantic noise

// An integer result does not fit in 128 bits.
class OverflowError : public Error {
 public:
  using Error::Error;
};

// a * b, a + b; throw OverflowError naming `what` if the result needs more than 128 bits.
[[nodiscard]] u128 checked_mul(u128 a, u128 b, const char* what = "integer product");
[[nodiscard]] u128 checked_add(u128 a, u128 b, const char* what = "integer sum");
// 2^e, for 0 <= e < 128.
[[nodiscard]] u128 pow2(int e);

// The exact value a/b rounded once to the nearest double (b > 0), like Python's int / int.
[[nodiscard]] double ratio_to_double(u128 a, u128 b);
// The exact product of the factors rounded once to the nearest double, without
// overflow even when the product needs up to 256 bits (like Python's
// `int * int * ... * float` where the integer part is exact).
[[nodiscard]] double product_to_double(std::initializer_list<u128> factors);
// Nearest double (one rounding).
[[nodiscard]] inline double to_double(u128 v) { return static_cast<double>(v); }

[[nodiscard]] u128 gcd(u128 a, u128 b);
// Floor of the square root.
[[nodiscard]] std::uint64_t isqrt(std::uint64_t n);

// Decimal text, and its inverse (throws ConfigError naming `field` on bad text or overflow).
[[nodiscard]] std::string to_string(u128 v);
[[nodiscard]] u128 parse_u128(const std::string& text, const std::string& field = "");

}  // namespace dml
