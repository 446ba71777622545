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

#include "engine.hpp"

// divisors() against a count by trial division of every candidate (small n), and against
// factorisations worked out by hand (large n, where trial division to sqrt(n) took seconds).
TEST_CASE("divisors: every n up to 3,000 as trial division finds them", "[divisors]") {
  for (std::uint64_t n = 1; n <= 3000; ++n) {
    std::vector<std::int64_t> want;
    for (std::uint64_t d = 1; d <= n; ++d) {
      if (n % d == 0) want.push_back(static_cast<std::int64_t>(d));
    }
    REQUIRE(dml::detail::divisors(n) == want);
  }
}

TEST_CASE("divisors: large primes and products of large primes", "[divisors]") {
  // 2^61 - 1 is a Mersenne prime; 4611686018427387847 = 2^62 - 57 is prime.
  CHECK(dml::detail::divisors(2305843009213693951ULL) ==
        std::vector<std::int64_t>{1, 2305843009213693951LL});
  CHECK(dml::detail::divisors(4611686018427387847ULL) ==
        std::vector<std::int64_t>{1, 4611686018427387847LL});
  // 2147483647 (2^31 - 1) x 2147483629 (a prime): 4 divisors.
  CHECK(dml::detail::divisors(2147483647ULL * 2147483629ULL) ==
        std::vector<std::int64_t>{1, 2147483629LL, 2147483647LL, 2147483647LL * 2147483629LL});
  // 1000003^2 x 8 = 2^3 x 1000003^2: (3 + 1)(2 + 1) = 12 divisors; a repeated large prime.
  const std::uint64_t n = 8ULL * 1000003ULL * 1000003ULL;
  const auto d = dml::detail::divisors(n);
  CHECK(d.size() == 12);
  CHECK(d[4] == 1000003);
  CHECK(d.back() == static_cast<std::int64_t>(n));
  // 72 x 2^50: the powers of two and the 3^2 of an NVL72 rack.
  CHECK(dml::detail::divisors(72ULL << 50).size() == 54 * 3);
}
