#include "dml/comm.hpp"

#include <catch2/catch.hpp>

#include "paper_gpus.hpp"
#include "printed.hpp"

using dml::testing::Printed;

TEST_CASE("comm: the all-reduce and point-to-point checks of docs/model.md 5.4", "[comm]") {
  const auto h = dml::paper::h100_sxm();
  SECTION("all-reduce of 1e9 words among 8 GPUs in one NVLink node") {
    const auto t = dml::allreduce_time(h, 8, 1'000'000'000, 0, 8);
    CHECK_THAT(t.latency.value(), Printed("2.25e-6"));
    CHECK_THAT(t.bandwidth.value(), Printed("7.7778e-3"));
  }
  SECTION("point-to-point over InfiniBand") {
    const auto t = dml::p2p_time(h, 12288, 1, 2048, 382, 4194304);
    CHECK_THAT(t.latency.value(), Printed("4.2975e-4"));
    CHECK_THAT(t.bandwidth.value(), Printed("0.384534"));
  }
}

TEST_CASE("comm: ring all-reduce moves 2(p-1) x W words over the aggregate bandwidth", "[comm]") {
  const auto h = dml::paper::h100_sxm();
  // One participant moves nothing and waits for nothing.
  const auto one = dml::allreduce_time(h, 1, 1000, 0, 8);
  CHECK(one.latency.value() == 0);
  CHECK(one.bandwidth.value() == 0);
  // Latency: 2 per sequential repeat; bandwidth scales with both repeats.
  const auto t = dml::allreduce_time(h, 4, 1000, 1, 64, 3, 5);
  CHECK(t.latency.value() == 6 * 1.125e-6);
  CHECK_THAT(t.bandwidth.value(),
             Catch::Matchers::WithinRel(2.0 * 3 * 1000 * 3 * 5 * 2 / (64 * 1e11 / 2), 1e-15));
  // An infinite network costs no bandwidth time but keeps its latency.
  const auto inf = dml::allreduce_time(dml::paper::h100_infinite_network_ll(), 8, 1e9, 0, 8);
  CHECK(inf.bandwidth.value() == 0);
  CHECK(inf.latency.value() == 2 * 1.125e-7);
  // Words past 64 bits are exact integers.
  CHECK(dml::allreduce_time(h, 2, dml::pow2(100), 0, dml::pow2(70)).bandwidth.value() > 0);
}

TEST_CASE("comm: bad arguments throw ConfigError", "[comm]") {
  const auto h = dml::paper::h100_sxm();
  CHECK_THROWS_WITH(dml::allreduce_time(h, 2, 10, 2, 8), "level: must be in [0, 2), got 2");
  CHECK_THROWS_WITH(dml::allreduce_time(h, 0, 10, 0, 8), "participants: must be positive, got 0");
  CHECK_THROWS_WITH(dml::p2p_time(h, 10, 0, 0), "cluster_size: must be positive, got 0");
}
