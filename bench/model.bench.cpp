// Benchmarks of the paper's model: one matmul, one layout, the optimal-layout search for one
// (model, N), the smallest-cluster search for one model, and each of the five comparisons.
//
//   cmake --build build --target dml_bench && build/bench/dml_bench
#include <benchmark/benchmark.h>

#include "dml/evaluate.hpp"
#include "dml/matmul.hpp"
#include "dml/search.hpp"
#include "paper_settings.hpp"

namespace {

void layouts_per_second(benchmark::State& state, const dml::SearchStats& s) {
  state.counters["layouts/s"] = benchmark::Counter(
      static_cast<double>(s.layouts_evaluated) * static_cast<double>(state.iterations()),
      benchmark::Counter::kIsRate);
  state.counters["branches/s"] =
      benchmark::Counter(static_cast<double>(s.branches) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}

void BM_MatmulTime(benchmark::State& state) {
  const dml::Gpu h = dml::paper::h100_sxm().gpu;
  std::int64_t b = 32768;
  for (auto _ : state) {
    benchmark::DoNotOptimize(dml::matmul_time(h, 6144, 3072, b, false));
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_MatmulTime);

// The first dense H100 point (docs/model.md 5.4) with its chosen layout, with and without its
// split.
void BM_EvaluateLayout(benchmark::State& state) {
  const auto h = dml::paper::h100_sxm();
  const auto run = dml::paper_run(12288, dml::paper::dense_laws());
  dml::Layout l{
      .dp = 1,
      .tp = {.model = 4, .ff = 8},
      .pp = 64,
      .ep = 1,
      .microbatches = 128,
      .zero_bubble = true,
      .interleave = 1,
      .split = dml::LevelSplit{
          .dp = {1, 1}, .tp_model = {4, 1}, .tp_ff = {2, 4}, .pp = {1, 64}, .ep = {1, 1}}};
  if (state.range(0) == 0) l.split.reset();
  for (auto _ : state) benchmark::DoNotOptimize(dml::evaluate(h, run, l));
  state.SetLabel(state.range(0) == 0 ? "best split chosen" : "split given");
}
BENCHMARK(BM_EvaluateLayout)->Arg(1)->Arg(0);

// Optimal layout of the dense H100 model at d_model = 53248 on the 8,388,608 GPUs the paper
// chooses for it; Arg(1): the reference search (the paper's enumeration and pruning).
void BM_OptimalLayout(benchmark::State& state) {
  const auto h = dml::paper::h100_sxm();
  const auto run = dml::paper_run(53248, dml::paper::dense_laws());
  dml::Options o;
  o.reference_search = state.range(0) == 1;
  dml::SearchStats stats;
  for (auto _ : state) {
    const auto r = dml::optimal_layout(h, run, 8388608, o);
    stats = r.stats;
    benchmark::DoNotOptimize(r);
  }
  layouts_per_second(state, stats);
  state.SetLabel(o.reference_search ? "reference search" : "fast search");
}
BENCHMARK(BM_OptimalLayout)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// Smallest cluster for the same model: N from the compute bound upwards (docs/model.md 4.2).
void BM_SmallestCluster(benchmark::State& state) {
  const auto h = dml::paper::h100_sxm();
  const auto run = dml::paper_run(53248, dml::paper::dense_laws());
  dml::Options o;
  o.reference_search = state.range(0) == 1;
  dml::SearchStats stats;
  for (auto _ : state) {
    const auto r = dml::smallest_cluster(h, run, o);
    stats = r.stats;
    benchmark::DoNotOptimize(r);
  }
  layouts_per_second(state, stats);
  state.SetLabel(o.reference_search ? "reference search" : "fast search");
}
BENCHMARK(BM_SmallestCluster)->Arg(0)->Arg(1)->Unit(benchmark::kMicrosecond);

// Each of the five comparisons of docs/model.md 1.6 (all settings, full sweeps), on Arg threads.
void BM_Comparison(benchmark::State& state, int index) {
  const auto cmp = dml::paper::comparisons().at(static_cast<std::size_t>(index));
  const dml::Control control{.threads = static_cast<unsigned>(state.range(0))};
  dml::SearchStats stats;
  for (auto _ : state) {
    const auto sweeps = dml::sweep_all(cmp.settings, {}, control);
    stats = {};
    for (const auto& s : sweeps.sweeps) stats += s.stats;
    benchmark::DoNotOptimize(sweeps);
  }
  layouts_per_second(state, stats);
  state.SetLabel(cmp.run);
}
BENCHMARK_CAPTURE(BM_Comparison, base_comparison, 0)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_Comparison, base_comparison_sparse, 1)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_Comparison, grand_comparison_dense, 2)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_Comparison, grand_comparison_sparse, 3)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_Comparison, batch_size_comparison, 4)
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// All five comparisons as one pool of 19 sweeps.
void BM_AllComparisons(benchmark::State& state) {
  std::vector<dml::Setting> all;
  for (const auto& c : dml::paper::comparisons()) {
    for (const auto& s : c.settings) all.push_back(s);
  }
  const dml::Control control{.threads = static_cast<unsigned>(state.range(0))};
  dml::SearchStats stats;
  for (auto _ : state) {
    const auto sweeps = dml::sweep_all(all, {}, control);
    stats = {};
    for (const auto& s : sweeps.sweeps) stats += s.stats;
    benchmark::DoNotOptimize(sweeps);
  }
  layouts_per_second(state, stats);
}
BENCHMARK(BM_AllComparisons)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
