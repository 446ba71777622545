#include "dml/hardware.hpp"

#include <catch2/catch.hpp>

#include "paper_gpus.hpp"
#include "printed.hpp"

using dml::testing::Printed;

TEST_CASE("hardware: derived GPU figures of docs/model.md 3.1", "[hardware]") {
  const dml::Gpu h100 = dml::paper::h100_sxm().gpu;
  const dml::Gpu a100 = dml::paper::a100_sxm().gpu;
  const dml::Gpu v100 = dml::paper::v100_sxm().gpu;
  CHECK_THAT(dml::peak_flop_per_s(h100).value(), Printed("9.8943e14"));
  CHECK_THAT(dml::peak_flop_per_s(a100).value(), Printed("3.1187e14"));
  CHECK_THAT(dml::peak_flop_per_s(v100).value(), Printed("1.2558e14"));
  CHECK_THAT(dml::effective_flop_per_s(h100).value(), Printed("6.926e14"));
  CHECK_THAT(dml::effective_flop_per_s(a100).value(), Printed("2.651e14"));
  CHECK_THAT(dml::effective_flop_per_s(v100).value(), Printed("1.130e14"));
  CHECK_THAT(dml::shared_memory_bandwidth(h100).value(), Printed("2.164e13"));
  CHECK_THAT(dml::shared_memory_bandwidth(a100).value(), Printed("1.657e13"));
  CHECK_THAT(dml::shared_memory_bandwidth(v100).value(), Printed("1.413e13"));
  CHECK(dml::bytes_per_word(h100) == 2.0);
}

TEST_CASE("hardware: the optimistic flat network sums bandwidths and keeps the least latency",
          "[hardware]") {
  const auto flat = dml::optimistic_flat(dml::paper::h100_sxm());
  REQUIRE(flat.levels.size() == 1);
  CHECK(flat.levels[0].bandwidth.value() == 1e12);
  CHECK(flat.levels[0].latency.value() == 1.125e-6);
}

TEST_CASE("hardware: a level's link is one direction, its bandwidth both (docs/model.md 3.1)",
          "[hardware]") {
  // A 400 Gb/s NIC: 5e10 B/s each way, 1e11 B/s both ways (the paper's H100 InfiniBand level).
  dml::NetworkLevel nic{.link = dml::units::BytesPerSecond(400e9 / 8)};
  dml::Description<dml::NetworkLevel>::complete(nic);
  CHECK(nic.bandwidth.value() == 1e11);  // doubling is exact
  dml::NetworkLevel nvlink{.bandwidth = dml::units::BytesPerSecond(9e11)};
  dml::Description<dml::NetworkLevel>::complete(nvlink);
  REQUIRE(nvlink.link);
  CHECK(nvlink.link->value() == 4.5e11);                  // halving is exact
  dml::Description<dml::NetworkLevel>::complete(nvlink);  // both given: unchanged
  CHECK(nvlink.bandwidth.value() == 9e11);
}

TEST_CASE("hardware: levels are cut where the cluster ends (docs/model.md 2.2)", "[hardware]") {
  const auto c = dml::paper::h100_sxm();
  CHECK(dml::level_sizes_for(c, 1) == std::vector<std::int64_t>{1});
  CHECK(dml::level_sizes_for(c, 4) == std::vector<std::int64_t>{4});
  CHECK(dml::level_sizes_for(c, 8) == std::vector<std::int64_t>{8});
  CHECK(dml::level_sizes_for(c, dml::pow2(70)) == std::vector<std::int64_t>{8});
  auto pod = c;
  pod.levels.insert(pod.levels.begin() + 1, {.name = "pod",
                                             .size = 32,
                                             .bandwidth = dml::units::bytes_per_s(4.5e11),
                                             .latency = dml::units::seconds(1e-6)});
  CHECK(dml::level_sizes_for(pod, 64) == std::vector<std::int64_t>{8, 8});
  CHECK(dml::level_sizes_for(pod, 4) == std::vector<std::int64_t>{4, 1});
  CHECK(dml::level_sizes_for(pod, 1024) == std::vector<std::int64_t>{8, 32});
  CHECK(dml::level_sizes_for(dml::paper::h100_global_nvlink(), 1024).empty());
}

TEST_CASE("hardware: invalid fields throw ConfigError naming the field and value", "[hardware]") {
  auto c = dml::paper::h100_sxm();
  SECTION("SM count") {
    c.gpu.sms = 0;
    CHECK_THROWS_WITH(dml::validate(c), "cluster.gpu.sms: must be a positive whole number, got 0");
  }
  SECTION("utilization") {
    c.gpu.effective_utilization = 1.5;
    CHECK_THROWS_WITH(dml::validate(c),
                      "cluster.gpu.effective_utilization: must be at most 1, got 1.5");
  }
  SECTION("precision") {
    c.gpu.bitwidth = 8;
    c.gpu.flop_per_clock_per_thread.fp8.reset();
    CHECK_THROWS_WITH(dml::validate(c),
                      "cluster.gpu.flop_per_clock_per_thread.fp8: required for bitwidth = 8 (the "
                      "precision it trains in)");
    c.gpu.flop_per_clock_per_thread.fp8 = 0;
    CHECK_THROWS_WITH(dml::validate(c),
                      "cluster.gpu.flop_per_clock_per_thread.fp8: must be greater than 0, got 0");
  }
  SECTION("level bandwidth") {
    c.levels[1].bandwidth = dml::units::bytes_per_s(-1);
    CHECK_THROWS_WITH(dml::validate(c),
                      "cluster.levels[2].bandwidth: must be positive, got -1 B/s");
  }
  SECTION("level link") {
    c.levels[1].link = dml::units::bytes_per_s(1e11);  // 100 GB/s each way is 200 GB/s, not 100
    CHECK_THROWS_WITH(dml::validate(c),
                      "cluster.levels[2].link: 100 GB/s in each direction is not half the "
                      "bandwidth, 100 GB/s (both directions): give one of the two");
    c.levels[1].link = dml::units::bytes_per_s(5e10);
    CHECK_NOTHROW(dml::validate(c));
  }
  SECTION("level size") {
    c.levels[0].size = 0;
    CHECK_THROWS_WITH(dml::validate(c),
                      "cluster.levels[1].size: must be a positive whole number, got 0");
    c.levels[0].size.reset();
    CHECK_THROWS_WITH(dml::validate(c),
                      "cluster.levels[1].size: required on every level but the outermost (how "
                      "many groups of the level below it joins)");
  }
  SECTION("no levels") {
    c.levels.clear();
    CHECK_THROWS_WITH(dml::validate(c),
                      "cluster.levels: expected a non-empty list, each a network level");
  }
  SECTION("an infinite bandwidth is allowed") {
    CHECK_NOTHROW(dml::validate(dml::paper::h100_infinite_network_ll()));
  }
}
