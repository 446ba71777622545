#include "dml/matmul.hpp"

#include <catch2/catch.hpp>

#include "paper_gpus.hpp"
#include "printed.hpp"

using dml::testing::Printed;

namespace {
double util(const dml::Gpu& g, std::int64_t d1, std::int64_t d2, std::int64_t b, bool w) {
  return 2.0 * static_cast<double>(d1 * d2 * b) / dml::matmul_time(g, d1, d2, b, w).value() /
         dml::peak_flop_per_s(g).value();
}
}  // namespace

TEST_CASE("matmul: the H100 table of docs/model.md 5.4", "[matmul]") {
  const dml::Gpu h = dml::paper::h100_sxm().gpu;
  struct Row {
    std::int64_t d1, d2, b;
    bool wgrad;
    const char* time;
    const char* util;  // "" when the table has none
  };
  const Row rows[] = {
      {6144, 3072, 32768, false, "1.790450e-3", "0.6982"},
      {6144, 3072, 32768, true, "1.790450e-3", "0.6982"},
      {8192, 8192, 8192, false, "1.592011e-3", "0.698"},
      {4096, 4096, 4096, false, "2.029389e-4", "0.6845"},
      {1024, 1024, 1024, false, "7.600608e-6", "0.2856"},
      {128, 128, 128, false, "4.520350e-6", ""},
      {8, 8, 8, false, "4.500079e-6", ""},
      {16384, 4096, 512, false, "1.077999e-4", ""},
      {16384, 4096, 512, true, "1.037195e-4", ""},
      {49152, 12288, 64, false, "3.958334e-4", "0.197"},
      {49152, 12288, 64, true, "7.668039e-4", "0.102"},
  };
  for (const Row& r : rows) {
    INFO(r.d1 << " x " << r.d2 << " x " << r.b << (r.wgrad ? " wgrad" : ""));
    CHECK_THAT(dml::matmul_time(h, r.d1, r.d2, r.b, r.wgrad).value(), Printed(r.time));
    if (*r.util) CHECK_THAT(util(h, r.d1, r.d2, r.b, r.wgrad), Printed(r.util));
  }
}

TEST_CASE("matmul: A100 and V100 (docs/model.md 5.4)", "[matmul]") {
  const dml::Gpu a = dml::paper::a100_sxm().gpu;
  const dml::Gpu v = dml::paper::v100_sxm().gpu;
  CHECK_THAT(dml::matmul_time(a, 6144, 3072, 32768, false).value(), Printed("4.670670e-3"));
  CHECK_THAT(util(a, 6144, 3072, 32768, false), Printed("0.849"));
  CHECK_THAT(dml::matmul_time(v, 6144, 3072, 32768, false).value(), Printed("1.094854e-2"));
  CHECK_THAT(util(v, 6144, 3072, 32768, false), Printed("0.900"));
}

TEST_CASE("matmul: the breakdown names the binding limit", "[matmul]") {
  const dml::Gpu h = dml::paper::h100_sxm().gpu;
  SECTION("a big square matmul is arithmetic-bound") {
    const auto m = dml::matmul_breakdown(h, 8192, 8192, 8192, false);
    CHECK(m.flop_time > m.hbm_time);
    CHECK(m.flop_time > m.l2_time);
    CHECK(m.flop_time > m.sm_time);
    CHECK(m.time.value() == m.flop_time.value() + 4.5e-6);
  }
  SECTION("a thin microbatch is memory-bound") {
    const auto m = dml::matmul_breakdown(h, 49152, 12288, 64, true);
    CHECK(m.hbm_time > m.flop_time);
    // The weight gradient reads and writes the accumulated gradient: 2 x 2 bytes per weight.
    CHECK(m.hbm_io.value() >= 4.0 * 49152 * 12288);
  }
  SECTION("every call pays the fixed latency") {
    CHECK(dml::matmul_time(h, 1, 1, 1, false).value() > 4.5e-6);
  }
  SECTION("padding to the tensor-core granule") {
    CHECK(dml::matmul_breakdown(h, 9, 8, 8, false).padded_flop.value() == 2.0 * 16 * 8 * 8);
  }
  SECTION("bad input") {
    CHECK_THROWS_WITH(dml::matmul_time(h, 0, 8, 8, false), "d1: must be positive, got 0");
  }
}
