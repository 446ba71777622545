#include "divisors.hpp"

#include <catch2/catch.hpp>

using dml::detail::divisors_text;

// The expected lists are worked out by hand from the factorisations.
TEST_CASE("divisors_text: up to 12 divisors are all listed", "[divisors]") {
  // 126 = 2 x 3^2 x 7: (1 + 1)(2 + 1)(1 + 1) = 12 divisors.
  CHECK(divisors_text(126, 16) == "1, 2, 3, 6, 7, 9, 14, 18, 21, 42, 63, 126");
  CHECK(divisors_text(8, 3) == "1, 2, 4, 8");
  CHECK(divisors_text(257, 3) == "1, 257");  // a prime
  CHECK(divisors_text(1, 2) == "1");
}

TEST_CASE("divisors_text: more than 12 shows the smallest, the two nearest the degree, and n",
          "[divisors]") {
  // 7340032 = 2^20 x 7 (42 divisors); nearest 1000: 896 = 2^7 x 7 and 1024 = 2^10.
  CHECK(divisors_text(7340032, 1000) == "1, 2, 4, 7, 8, 14, ..., 896, 1024, ..., 7340032");
  // 192 = 2^6 x 3 (14 divisors); a degree past n: the nearest below is n itself.
  CHECK(divisors_text(192, 200) == "1, 2, 3, 4, 6, 8, ..., 192");
  // 12288 = 2^12 x 3 (26 divisors); 4 and 6, the nearest to 5, are among the smallest six.
  CHECK(divisors_text(12288, 5) == "1, 2, 3, 4, 6, 8, ..., 12288");
  // 8192 = 2^13 (14 divisors): 16 and 32, the nearest to 24, follow the smallest six at once.
  CHECK(divisors_text(8192, 24) == "1, 2, 4, 8, 16, 32, ..., 8192");
  // 2^13 near 100: 64 and 128 after a gap.
  CHECK(divisors_text(8192, 100) == "1, 2, 4, 8, 16, 32, 64, 128, ..., 8192");
}
