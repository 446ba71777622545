#include "dml/int128.hpp"

#include <bit>
#include <cmath>

namespace dml {
namespace {

constexpr u128 kMax = ~static_cast<u128>(0);

int bit_length(u128 v) {
  const auto hi = static_cast<std::uint64_t>(v >> 64);
  if (hi != 0) return 128 - std::countl_zero(hi);
  return 64 - std::countl_zero(static_cast<std::uint64_t>(v));
}

// Round a mantissa with `extra` bits beyond 53 (plus a sticky flag) to nearest-even,
// then scale by 2^exp2.
double round_mantissa(u128 m, int exp2, bool sticky) {
  const int len = bit_length(m);
  if (len > 53) {
    const int shift = len - 53;
    const u128 rest = m & ((static_cast<u128>(1) << shift) - 1);
    const u128 half = static_cast<u128>(1) << (shift - 1);
    m >>= shift;
    exp2 += shift;
    if (rest > half || (rest == half && (sticky || (m & 1) != 0))) ++m;
  } else if (sticky) {
    // m has <= 53 bits and the rest is below one unit of m: callers ensure
    // len > 53 whenever the sticky bit could matter.
  }
  return std::ldexp(static_cast<double>(static_cast<std::uint64_t>(m)), exp2);
}

// A 256-bit unsigned accumulator: enough for the products the model converts to double.
struct U256 {
  u128 lo = 0;
  u128 hi = 0;
};

U256 mul(U256 a, u128 b) {
  // (a.hi*2^128 + a.lo) * b, as 64-bit limbs.
  std::uint64_t x[4] = {static_cast<std::uint64_t>(a.lo), static_cast<std::uint64_t>(a.lo >> 64),
                        static_cast<std::uint64_t>(a.hi), static_cast<std::uint64_t>(a.hi >> 64)};
  const std::uint64_t y[2] = {static_cast<std::uint64_t>(b), static_cast<std::uint64_t>(b >> 64)};
  std::uint64_t r[6] = {0, 0, 0, 0, 0, 0};
  for (int i = 0; i < 4; ++i) {
    u128 carry = 0;
    for (int j = 0; j < 2; ++j) {
      const u128 t = static_cast<u128>(x[i]) * y[j] + r[i + j] + carry;
      r[i + j] = static_cast<std::uint64_t>(t);
      carry = t >> 64;
    }
    int k = i + 2;
    while (carry != 0 && k < 6) {
      const u128 t = static_cast<u128>(r[k]) + carry;
      r[k] = static_cast<std::uint64_t>(t);
      carry = t >> 64;
      ++k;
    }
  }
  if (r[4] != 0 || r[5] != 0) throw OverflowError("integer product needs more than 256 bits");
  return U256{static_cast<u128>(r[0]) | (static_cast<u128>(r[1]) << 64),
              static_cast<u128>(r[2]) | (static_cast<u128>(r[3]) << 64)};
}

}  // namespace

u128 checked_mul(u128 a, u128 b, const char* what) {
  u128 r = 0;
  if (__builtin_mul_overflow(a, b, &r)) {
    throw OverflowError(
        fmt::format("{}: {} * {} does not fit in 128 bits", what, to_string(a), to_string(b)));
  }
  return r;
}

u128 checked_add(u128 a, u128 b, const char* what) {
  if (a > kMax - b) {
    throw OverflowError(
        fmt::format("{}: {} + {} does not fit in 128 bits", what, to_string(a), to_string(b)));
  }
  return a + b;
}

u128 pow2(int e) {
  if (e < 0 || e >= 128) throw OverflowError(fmt::format("2^{} does not fit in 128 bits", e));
  return static_cast<u128>(1) << e;
}

double ratio_to_double(u128 a, u128 b) {
  if (b == 0) throw Error("ratio_to_double: division by zero");
  if (a == 0) return 0.0;
  u128 q = a / b;
  u128 r = a % b;
  int exp2 = 0;
  // Produce at least 55 quotient bits (53 + guard + one more), the remainder as sticky.
  while (bit_length(q) < 55) {
    // r < b; 2r may need 129 bits only if b > 2^127, which the model never reaches.
    const bool top = (r >> 127) != 0;
    r <<= 1;
    q <<= 1;
    if (top || r >= b) {
      r -= b;
      q |= 1;
    }
    --exp2;
  }
  return round_mantissa(q, exp2, r != 0);
}

double product_to_double(std::initializer_list<u128> factors) {
  u128 p = 1;
  bool wide = false;
  for (const u128 f : factors) {
    if (f == 0) return 0.0;
    if (!wide && __builtin_mul_overflow(p, f, &p)) wide = true;
  }
  // Below 2^63 the signed conversion is one instruction, and as exact as the unsigned one.
  if (!wide && (p >> 63) == 0) return static_cast<double>(static_cast<std::int64_t>(p));
  if (!wide) return static_cast<double>(p);
  U256 w{1, 0};
  for (const u128 f : factors) w = mul(w, f);
  if (w.hi == 0) return static_cast<double>(w.lo);
  // Take the top 64+ bits of the 256-bit value with a sticky bit for the rest.
  const int hl = bit_length(w.hi);
  const int shift = hl;  // value = (hi << 128 | lo); keep hi's bits plus (128 - shift) of lo
  const u128 top = (w.hi << (128 - shift)) | (w.lo >> shift);
  const bool sticky = (w.lo & ((static_cast<u128>(1) << shift) - 1)) != 0;
  return round_mantissa(top, shift, sticky);
}

u128 gcd(u128 a, u128 b) {
  while (b != 0) {
    const u128 t = a % b;
    a = b;
    b = t;
  }
  return a;
}

std::uint64_t isqrt(std::uint64_t n) {
  auto r = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(n)));
  while (r > 0 && static_cast<u128>(r) * r > n) --r;
  while (static_cast<u128>(r + 1) * (r + 1) <= n) ++r;
  return r;
}

std::string to_string(u128 v) {
  if (v == 0) return "0";
  std::string s;
  while (v != 0) {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
    v /= 10;
  }
  return s;
}

u128 parse_u128(const std::string& text, const std::string& field) {
  if (text.empty()) throw ConfigError(field, "expected a non-negative integer, got \"\"");
  u128 v = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') {
      throw ConfigError(field, "expected a non-negative integer, got \"{}\"", text);
    }
    u128 next = 0;
    if (__builtin_mul_overflow(v, static_cast<u128>(10), &next) ||
        __builtin_add_overflow(next, static_cast<u128>(c - '0'), &next)) {
      throw ConfigError(field, "{} does not fit in 128 bits", text);
    }
    v = next;
  }
  return v;
}

}  // namespace dml
