// One dml::TransformerEvaluator shared by threads: each costs layouts of the same prepared run at
// once and gets the plans one thread alone gets. Also in dml_thread_tests, under ThreadSanitizer
// (cmake/test-threads.sh), where a data race in the evaluator fails it.
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "dml/transformer.hpp"
#include "paper_gpus.hpp"

TEST_CASE("transformer evaluator: shared by four threads at once", "[transformer][evaluate]") {
  using namespace dml::units;
  dml::Cluster cluster = dml::paper::h100_sxm();
  cluster.gpu.efficiency = dml::GpuEfficiency{};
  cluster.levels = {
      dml::NetworkLevel{
          .name = "nvlink", .size = 8, .bandwidth = bytes_per_s(900e9), .latency = microseconds(2)},
      dml::NetworkLevel{
          .name = "infiniband", .bandwidth = bytes_per_s(100e9), .latency = microseconds(6)}};
  cluster.size = 64;
  const dml::TransformerRun run{.model = {.name = "test",
                                          .layers = 16,
                                          .d_model = 2048,
                                          .heads = 16,
                                          .d_ff = 8192,
                                          .vocab = 32000,
                                          .seq_len = 2048},
                                .cluster = cluster,
                                .stack = {.name = "test"},
                                .global_batch = 128};
  std::vector<dml::TransformerLayout> layouts;
  for (const std::int64_t tp : {1, 2, 4, 8}) {
    for (const std::int64_t pp : {1, 2, 4}) {
      layouts.push_back({.tp = tp, .pp = pp, .dp = 64 / (tp * pp)});
    }
  }
  const dml::TransformerEvaluator evaluator(run);
  std::vector<std::string> alone;
  for (const auto& layout : layouts)
    alone.push_back(dml::step_plan_summary(evaluator.evaluate(layout)));

  std::vector<std::vector<std::string>> got(4);
  std::vector<std::thread> threads;
  for (auto& out : got) {
    threads.emplace_back([&evaluator, &layouts, &out] {
      for (int round = 0; round < 5; ++round) {
        out.clear();
        for (const auto& layout : layouts) {
          out.push_back(dml::step_plan_summary(evaluator.evaluate(layout)));
        }
      }
    });
  }
  for (std::thread& t : threads) t.join();
  for (const auto& out : got) CHECK(out == alone);
}
