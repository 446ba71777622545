#include "dml/int128.hpp"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

using dml::u128;

TEST_CASE("int128: cluster sizes past 64 bits are exact", "[int128]") {
  const u128 n = dml::checked_mul(160, dml::pow2(59));  // the paper's largest N for sf = 160
  CHECK(dml::to_string(n) == "92233720368547758080");
  CHECK(dml::parse_u128("92233720368547758080") == n);
  CHECK(dml::to_string(0) == "0");
  CHECK(dml::gcd(n, 12) == 4);
  CHECK(dml::isqrt(15) == 3);
  CHECK(dml::isqrt(16) == 4);
  CHECK(dml::isqrt(std::numeric_limits<std::uint64_t>::max()) == 4294967295u);
}

TEST_CASE("int128: overflow is an error, never a wrong answer", "[int128]") {
  const u128 big = dml::pow2(127);
  CHECK_THROWS_AS(dml::checked_mul(big, 2), dml::OverflowError);
  CHECK_THROWS_AS(dml::checked_add(big, big), dml::OverflowError);
  CHECK_THROWS_AS(dml::pow2(128), dml::OverflowError);
  CHECK_THROWS_AS(dml::parse_u128("340282366920938463463374607431768211456", "gpus"),
                  dml::ConfigError);
  CHECK_THROWS_WITH(dml::parse_u128("12x", "gpus"),
                    "gpus: expected a non-negative integer, got \"12x\"");
}

TEST_CASE("int128: conversions to double round once, to nearest even", "[int128]") {
  // 2^53 + 1 is not a double: it rounds to 2^53 (ties to even); 2^53 + 3 rounds up.
  const u128 two53 = dml::pow2(53);
  CHECK(dml::ratio_to_double(two53 + 1, 1) == std::ldexp(1.0, 53));
  CHECK(dml::ratio_to_double(two53 + 3, 1) == std::ldexp(1.0, 53) + 4);
  // The sticky remainder breaks the tie: (2^54 + 2 + 1/3) rounds up, (2^54 + 2) to even.
  CHECK(dml::ratio_to_double(3 * (dml::pow2(54) + 2) + 1, 3) == std::ldexp(1.0, 54) + 4);
  CHECK(dml::ratio_to_double(dml::pow2(54) + 2, 1) == std::ldexp(1.0, 54));
  CHECK(dml::ratio_to_double(1, 3) == 1.0 / 3);
  CHECK(dml::ratio_to_double(2, 3) == 2.0 / 3);
  // Products beyond 128 bits still round once.
  CHECK(dml::product_to_double({dml::pow2(100), dml::pow2(100)}) == std::ldexp(1.0, 200));
  CHECK(dml::product_to_double({dml::pow2(100) + 1, dml::pow2(100)}) == std::ldexp(1.0, 200));
  CHECK(dml::product_to_double({3, dml::pow2(126), 5}) == 15 * std::ldexp(1.0, 126));
  CHECK(dml::product_to_double({0, dml::pow2(127), dml::pow2(127)}) == 0.0);
  // (2^64 + 1)^2 = 2^128 + 2^65 + 1: the last bit is sticky and does not change the double.
  const u128 a = dml::pow2(64) + 1;
  CHECK(dml::product_to_double({a, a}) == std::ldexp(1.0, 128) + std::ldexp(1.0, 65));
}
