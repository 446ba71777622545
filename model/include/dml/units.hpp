// Strong unit types for the core: doubles in SI base units, with the
// dimension (bytes, seconds, FLOP) carried in the type.
//
//   Bytes b = gib(80);  Seconds t = b / tb_per_s(3.35);  double r = t / t;
//
// Products and quotients combine dimensions at compile time; a dimensionless
// result is a plain double. Adding or comparing needs equal dimensions.
#pragma once

#include <compare>

namespace dml::units {

template <int Byte, int Second, int Flop>
struct Unit {
  double v = 0.0;  // the value in base units (B, s, FLOP)

  constexpr Unit() = default;
  constexpr explicit Unit(double value) : v(value) {}
  [[nodiscard]] constexpr double value() const { return v; }

  constexpr Unit& operator+=(Unit o) {
    v += o.v;
    return *this;
  }
  constexpr Unit& operator-=(Unit o) {
    v -= o.v;
    return *this;
  }
  constexpr Unit& operator*=(double k) {
    v *= k;
    return *this;
  }
  constexpr Unit& operator/=(double k) {
    v /= k;
    return *this;
  }
  friend constexpr Unit operator+(Unit a, Unit b) { return Unit(a.v + b.v); }
  friend constexpr Unit operator-(Unit a, Unit b) { return Unit(a.v - b.v); }
  friend constexpr Unit operator-(Unit a) { return Unit(-a.v); }
  friend constexpr Unit operator*(Unit a, double k) { return Unit(a.v * k); }
  friend constexpr Unit operator*(double k, Unit a) { return Unit(k * a.v); }
  friend constexpr Unit operator/(Unit a, double k) { return Unit(a.v / k); }
  friend constexpr bool operator==(Unit a, Unit b) = default;
  friend constexpr auto operator<=>(Unit a, Unit b) { return a.v <=> b.v; }
};

namespace detail {
template <int B, int S, int F>
constexpr auto make(double v) {
  if constexpr (B == 0 && S == 0 && F == 0) {
    return v;
  } else {
    return Unit<B, S, F>(v);
  }
}
}  // namespace detail

template <int B1, int S1, int F1, int B2, int S2, int F2>
constexpr auto operator*(Unit<B1, S1, F1> a, Unit<B2, S2, F2> b) {
  return detail::make<B1 + B2, S1 + S2, F1 + F2>(a.v * b.v);
}
template <int B1, int S1, int F1, int B2, int S2, int F2>
constexpr auto operator/(Unit<B1, S1, F1> a, Unit<B2, S2, F2> b) {
  return detail::make<B1 - B2, S1 - S2, F1 - F2>(a.v / b.v);
}
template <int B, int S, int F>
constexpr auto operator/(double k, Unit<B, S, F> a) {
  return detail::make<-B, -S, -F>(k / a.v);
}

using Bytes = Unit<1, 0, 0>;
using Seconds = Unit<0, 1, 0>;
using Flop = Unit<0, 0, 1>;
using BytesPerSecond = Unit<1, -1, 0>;
using FlopPerSecond = Unit<0, -1, 1>;
using Hertz = Unit<0, -1, 0>;

constexpr Bytes bytes(double v) { return Bytes(v); }
constexpr Bytes kib(double v) { return Bytes(v * 1024.0); }
constexpr Bytes mib(double v) { return Bytes(v * 1048576.0); }
constexpr Bytes gib(double v) { return Bytes(v * 1073741824.0); }
constexpr Bytes gb(double v) { return Bytes(v * 1e9); }
constexpr Seconds seconds(double v) { return Seconds(v); }
constexpr Seconds microseconds(double v) { return Seconds(v * 1e-6); }
constexpr Seconds days(double v) { return Seconds(v * 86400.0); }
constexpr Flop flop(double v) { return Flop(v); }
constexpr BytesPerSecond bytes_per_s(double v) { return BytesPerSecond(v); }
constexpr BytesPerSecond tb_per_s(double v) { return BytesPerSecond(v * 1e12); }
constexpr FlopPerSecond flop_per_s(double v) { return FlopPerSecond(v); }
constexpr FlopPerSecond tflop_per_s(double v) { return FlopPerSecond(v * 1e12); }
constexpr Hertz hertz(double v) { return Hertz(v); }
constexpr Hertz mhz(double v) { return Hertz(v * 1e6); }

// The paper's year: 3.154e7 s (about 365.05 days), as its code has it. dml's months are a twelfth
// of it: the months it prints (12 training_time / Options::seconds_in_year, whose default this
// is) and the "months" it reads ("3 months" is 7885000 s); its years ("1e9 years") are this
// one. The paper's time budget is a quarter of it.
inline constexpr Seconds kPaperYear{3.154e7};

}  // namespace dml::units
