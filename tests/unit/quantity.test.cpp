#include "dml/quantity.hpp"

#include <catch2/catch.hpp>
#include <limits>
#include <sstream>

#include "dml/error.hpp"
#include "quantity_catch.hpp"

using Catch::Matchers::WithinRel;
using dml::Dimension;
using dml::Quantity;

namespace {

constexpr double kGiB = 1073741824.0;  // 2^30
constexpr double kRel = 1e-15;

void check_quantity(Quantity got, double value, Dimension dim) {
  CHECK(got.dim == dim);
  CHECK_THAT(got.value, WithinRel(value, kRel));
}

}  // namespace

TEST_CASE("quantity: dimensions combine by adding exponents", "[quantity]") {
  CHECK(dml::kBytes / dml::kTime == dml::kBandwidth);
  CHECK(dml::kFlop / dml::kTime == dml::kFlopRate);
  CHECK(dml::kBandwidth * dml::kTime == dml::kBytes);
  CHECK(dml::kBytes / dml::kBytes == dml::kDimensionless);
  CHECK(dml::kBytes * dml::kBytes == Dimension{2, 0, 0});
  CHECK(dml::kDimensionless / dml::kFlopRate == Dimension{0, 1, -1});
  check_unit_error(
      [&] {
        (void)(Dimension{127, 0, 0} * dml::kBytes);
      },
      "dimension exponent 128 is out of range (-127 to 127)");
  check_unit_error(
      [&] {
        (void)(Dimension{0, -127, 0} / dml::kTime);
      },
      "dimension exponent -128 is out of range (-127 to 127)");
}

TEST_CASE("quantity: named dimensions have a Lua name, a noun, an example and a unit",
          "[quantity]") {
  struct Row {
    Dimension dim;
    const char* name;
    const char* noun;
    const char* example;
    const char* unit;
  };
  const auto row = GENERATE(values<Row>({
      {dml::kDimensionless, "dimensionless", "a plain number", "0.5", ""},
      {dml::kBytes, "bytes", "a size in bytes", "80 GiB", "B"},
      {dml::kTime, "time", "a time", "1.125 us", "s"},
      {dml::kFlop, "flop", "a FLOP count", "3e25 FLOP", "FLOP"},
      {dml::kBandwidth, "bandwidth", "a bandwidth", "900 GB/s", "B/s"},
      {dml::kFlopRate, "flop_rate", "a FLOP rate", "989.4 TFLOP/s", "FLOP/s"},
  }));
  CAPTURE(row.name);
  CHECK(dml::dimension_name(row.dim) == row.name);
  CHECK(dml::dimension_from_name(row.name) == row.dim);
  CHECK(dml::dimension_noun(row.dim) == row.noun);
  CHECK(dml::dimension_example(row.dim) == row.example);
  CHECK(dml::dimension_unit(row.dim) == row.unit);
  CHECK(dml::dimension_expectation(row.dim) ==
        std::string(row.noun) + " like \"" + row.example + "\"");
}

TEST_CASE("quantity: other dimensions have a base unit but no name", "[quantity]") {
  CHECK(dml::dimension_name(Dimension{1, 1, 0}).empty());
  CHECK(dml::dimension_example(Dimension{1, 1, 0}).empty());
  CHECK(dml::dimension_noun(Dimension{1, 1, 0}) == "a quantity");
  CHECK(dml::dimension_unit(Dimension{1, 1, 0}) == "B*s");
  CHECK(dml::dimension_unit(Dimension{0, -1, 0}) == "1/s");
  CHECK(dml::dimension_unit(Dimension{2, 0, 0}) == "B^2");
  CHECK(dml::dimension_unit(Dimension{1, -2, 0}) == "B/s^2");
  CHECK(dml::dimension_unit(Dimension{1, 0, 1}) == "B*FLOP");
  CHECK(dml::dimension_unit(Dimension{0, -1, -1}) == "1/FLOP/s");
  CHECK(dml::dimension_unit(Dimension{-1, 1, 0}) == "s/B");
  CHECK(dml::dimension_expectation(Dimension{1, 1, 0}) == "a quantity in B*s");
  CHECK(dml::dimension_from_name("frequency") == dml::kFrequency);
  CHECK_FALSE(dml::dimension_from_name("hertz").has_value());
  CHECK_FALSE(dml::dimension_from_name("Bytes").has_value());
  CHECK(dml::dimension_names() ==
        "dimensionless, bytes, time, flop, bandwidth, flop_rate, frequency");
}

TEST_CASE("quantity: sums and differences need equal dimensions", "[quantity]") {
  const Quantity hbm{80e9, dml::kBytes};
  const Quantity second{1.0, dml::kTime};
  check_quantity(hbm + Quantity{20e9, dml::kBytes}, 100e9, dml::kBytes);
  check_quantity(hbm - Quantity{20e9, dml::kBytes}, 60e9, dml::kBytes);
  check_quantity(-hbm, -80e9, dml::kBytes);
  check_unit_error([&] { (void)(hbm + second); },
                   "cannot add 80 GB and 1 s (a size in bytes and a time)");
  check_unit_error([&] { (void)(hbm - second); },
                   "cannot subtract 1 s from 80 GB (a time from a size in bytes)");
  check_unit_error(
      [&] {
        (void)(hbm + Quantity{0.5, dml::kDimensionless});
      },
      "cannot add 80 GB and 0.5 (a size in bytes and a plain number)");
  check_unit_error(
      [&] {
        (void)(Quantity{2.0, Dimension{1, 1, 0}} + hbm);
      },
      "cannot add 2 B*s and 80 GB (a quantity in B*s and a size in bytes)");
}

TEST_CASE("quantity: products and quotients combine dimensions", "[quantity]") {
  const Quantity hbm{80e9, dml::kBytes};
  const Quantity nvlink{900e9, dml::kBandwidth};
  const Quantity compute{3e25, dml::kFlop};
  const Quantity peak{989.4e12, dml::kFlopRate};
  check_quantity(hbm / nvlink, 80.0 / 900.0, dml::kTime);
  check_quantity(compute / peak, 3e25 / 989.4e12, dml::kTime);
  check_quantity(nvlink * Quantity{2.0, dml::kTime}, 1800e9, dml::kBytes);
  check_quantity(Quantity{2.0, dml::kTime} * nvlink, 1800e9, dml::kBytes);
  check_quantity(hbm / Quantity{40e9, dml::kBytes}, 2.0, dml::kDimensionless);
  check_quantity(hbm / Quantity{2.0, dml::kTime}, 40e9, dml::kBandwidth);
  check_quantity(hbm * hbm, 6.4e21, Dimension{2, 0, 0});
  check_quantity(hbm * 3.0, 240e9, dml::kBytes);
  check_quantity(3.0 * hbm, 240e9, dml::kBytes);
  check_quantity(hbm / 4.0, 20e9, dml::kBytes);
  check_quantity(2.0 / Quantity{1e-6, dml::kTime}, 2e6, Dimension{0, -1, 0});
}

TEST_CASE("quantity: ordering needs equal dimensions, == compares value and dimension",
          "[quantity]") {
  const Quantity a{1e9, dml::kBytes};
  const Quantity b{1.5e9, dml::kBytes};
  CHECK(a < b);
  CHECK(b > a);
  CHECK(a <= a);
  CHECK_FALSE(b <= a);
  CHECK(a == Quantity{1e9, dml::kBytes});
  CHECK(a != b);
  CHECK(a != Quantity{1e9, dml::kTime});
  check_unit_error(
      [&] {
        (void)(a < Quantity{1.0, dml::kTime});
      },
      "cannot compare 1 GB with 1 s (a size in bytes and a time)");
}

TEST_CASE("quantity: strong unit types convert with a checked dimension", "[quantity]") {
  namespace u = dml::units;
  CHECK_THAT(dml::quantity_cast<u::Bytes>(Quantity{80.0 * kGiB, dml::kBytes}).value(),
             WithinRel(85899345920.0, kRel));
  CHECK_THAT(dml::quantity_cast<u::BytesPerSecond>(Quantity{900e9, dml::kBandwidth}).value(),
             WithinRel(900e9, kRel));
  CHECK_THAT(dml::quantity_cast<u::FlopPerSecond>(Quantity{989.4e12, dml::kFlopRate}).value(),
             WithinRel(989.4e12, kRel));
  CHECK_THAT(dml::quantity_cast<double>(Quantity{0.5, dml::kDimensionless}), WithinRel(0.5, kRel));
  check_unit_error(
      [&] {
        (void)(dml::quantity_cast<u::Seconds>(Quantity{80e9, dml::kBytes}));
      },
      "expected a time like \"1.125 us\", got 80 GB");
  check_unit_error(
      [&] {
        (void)(dml::quantity_cast<double>(Quantity{1.0, dml::kTime}));
      },
      "expected a plain number like \"0.5\", got 1 s");
  check_quantity(dml::to_quantity(u::gib(80)), 85899345920.0, dml::kBytes);
  check_quantity(dml::to_quantity(u::tb_per_s(3.35)), 3.35e12, dml::kBandwidth);
  check_quantity(dml::to_quantity(u::microseconds(1.125)), 1.125e-6, dml::kTime);
  check_quantity(dml::to_quantity(u::hertz(2.0)), 2.0, Dimension{0, -1, 0});
}

TEST_CASE("quantity: formatting picks a readable unit", "[quantity][format]") {
  struct Row {
    Quantity q;
    const char* text;
  };
  const auto row = GENERATE(values<Row>({
      // bytes: the largest decimal prefix that leaves at least 1
      {{80e9, dml::kBytes}, "80 GB"},
      {{80.0 * kGiB, dml::kBytes}, "85.9 GB"},
      {{850e9, dml::kBytes}, "850 GB"},
      {{849e9, dml::kBytes}, "849 GB"},
      {{999.6e9, dml::kBytes}, "999.6 GB"},
      {{1e12, dml::kBytes}, "1 TB"},
      {{0.5, dml::kBytes}, "0.5 B"},
      {{1.0, dml::kBytes}, "1 B"},
      {{0.0, dml::kBytes}, "0 B"},
      {{-80e9, dml::kBytes}, "-80 GB"},
      {{1500.0, dml::kBytes}, "1.5 kB"},
      {{2.5e6, dml::kBytes}, "2.5 MB"},
      {{4e15, dml::kBytes}, "4 PB"},
      {{5e20, dml::kBytes}, "500 EB"},
      {{1e21, dml::kBytes}, "1e21 B"},
      {{1.2345678e12, dml::kBytes}, "1.235 TB"},
      // rates and FLOP
      {{900e9, dml::kBandwidth}, "900 GB/s"},
      {{800e9, dml::kBandwidth}, "800 GB/s"},
      {{50e9, dml::kBandwidth}, "50 GB/s"},
      {{3.35e12, dml::kBandwidth}, "3.35 TB/s"},
      {{989.4e12, dml::kFlopRate}, "989.4 TFLOP/s"},
      {{1.83e9, dml::kFrequency}, "1.83 GHz"},
      {{1410e6, dml::kFrequency}, "1.41 GHz"},
      {{800e6, dml::kFrequency}, "800 MHz"},
      {{312e12, dml::kFlopRate}, "312 TFLOP/s"},
      {{1.979e15, dml::kFlopRate}, "1.979 PFLOP/s"},
      {{3e25, dml::kFlop}, "3e25 FLOP"},
      {{6e23, dml::kFlop}, "6e23 FLOP"},
      {{6e20, dml::kFlop}, "600 EFLOP"},
      {{2e9, dml::kFlop}, "2 GFLOP"},
      // times: ns/us/ms/s leaving at least 1, then min/h/day from one whole unit
      {{1.125e-6, dml::kTime}, "1.125 us"},
      {{0.9e-3, dml::kTime}, "900 us"},
      {{1e-3, dml::kTime}, "1 ms"},
      {{0.8e-3, dml::kTime}, "800 us"},
      {{5e-9, dml::kTime}, "5 ns"},
      {{5e-13, dml::kTime}, "0.0005 ns"},
      {{1e-15, dml::kTime}, "1e-6 ns"},
      {{0.0, dml::kTime}, "0 s"},
      {{1.0, dml::kTime}, "1 s"},
      {{55.0, dml::kTime}, "55 s"},
      {{59.5, dml::kTime}, "59.5 s"},
      {{60.0, dml::kTime}, "1 min"},
      {{90.0, dml::kTime}, "1.5 min"},
      {{3599.0, dml::kTime}, "59.98 min"},
      {{3600.0, dml::kTime}, "1 h"},
      {{5400.0, dml::kTime}, "1.5 h"},
      {{86400.0, dml::kTime}, "1 day"},
      {{-86400.0, dml::kTime}, "-1 day"},
      {{3.0 * 86400.0, dml::kTime}, "3 days"},
      {{0.5 * 86400.0, dml::kTime}, "12 h"},
      {{1e9, dml::kTime}, "1.157e4 days"},
      {{-2e-3, dml::kTime}, "-2 ms"},
      // dimensionless and other dimensions
      {{0.5, dml::kDimensionless}, "0.5"},
      {{1e6, dml::kDimensionless}, "1e6"},
      {{123456.0, dml::kDimensionless}, "1.235e5"},
      {{-0.0, dml::kDimensionless}, "0"},
      {{1.5e-5, dml::kDimensionless}, "1.5e-5"},
      {{2.0, Dimension{1, 1, 0}}, "2 B*s"},
      {{1e6, Dimension{0, -1, 0}}, "1 MHz"},
      {{1e6, Dimension{0, -2, 0}}, "1e6/s^2"},
      {{4.0, Dimension{2, 0, 0}}, "4 B^2"},
      {{3.0, Dimension{0, -1, -1}}, "3/FLOP/s"},
      // not finite: the number in base units
      {{std::numeric_limits<double>::infinity(), dml::kBytes}, "inf B"},
      {{-std::numeric_limits<double>::infinity(), dml::kTime}, "-inf s"},
      {{std::numeric_limits<double>::quiet_NaN(), dml::kBandwidth}, "nan B/s"},
  }));
  CHECK(dml::format_quantity(row.q) == row.text);
}

TEST_CASE("quantity: formatting honours the significant digits", "[quantity][format]") {
  const Quantity q{1.2345678e12, dml::kBytes};
  CHECK(dml::format_quantity(q, 1) == "1 TB");
  CHECK(dml::format_quantity(q, 2) == "1.2 TB");
  CHECK(dml::format_quantity(q, 6) == "1.23457 TB");
  CHECK(dml::format_quantity(q, 17) == "1.2345678 TB");
  CHECK(dml::format_quantity(q, 0) == "1 TB");           // clamped to 1
  CHECK(dml::format_quantity(q, 99) == "1.2345678 TB");  // clamped to 17
  CHECK(dml::format_number(0.1, 17) == "0.10000000000000001");
  CHECK(dml::format_number(2.5e-7) == "2.5e-7");
}

TEST_CASE("quantity: fmt, operator<< and format_in_unit share format_quantity",
          "[quantity][format]") {
  const Quantity nvlink{900e9, dml::kBandwidth};
  CHECK(fmt::format("{}", nvlink) == "900 GB/s");
  CHECK(fmt::format("{:.2}", Quantity{80.0 * kGiB, dml::kBytes}) == "86 GB");
  CHECK(fmt::format("[{}]", Quantity{1.125e-6, dml::kTime}) == "[1.125 us]");
  std::ostringstream os;
  os << Quantity{989.4e12, dml::kFlopRate};
  CHECK(os.str() == "989.4 TFLOP/s");
  // 900e9 / 2^30 = 838.190317...
  const Quantity gib_per_s{kGiB, dml::kBandwidth};
  CHECK(dml::format_in_unit(nvlink, gib_per_s, "GiB/s") == "838.2 GiB/s");
  CHECK(dml::format_in_unit(nvlink, gib_per_s, "GiB/s", 7) == "838.1903 GiB/s");
  CHECK_THAT(dml::value_in_unit(nvlink, gib_per_s, "GiB/s"), WithinRel(838.190317153930664, 1e-15));
  check_unit_error(
      [&] {
        (void)(dml::value_in_unit(Quantity{80e9, dml::kBytes}, Quantity{1.0, dml::kTime}, "s"));
      },
      "cannot convert 80 GB to s (a size in bytes is not a time)");
  check_unit_error(
      [&] {
        (void)(dml::format_in_unit(nvlink, Quantity{1e9, dml::kBytes}, "GB"));
      },
      "cannot convert 900 GB/s to GB (a bandwidth is not a size in bytes)");
}
