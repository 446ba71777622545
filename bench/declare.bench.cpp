// What a sweep's run function costs before any search (docs/performance.md): declaring a paper
// run on a preset GPU and two network levels, as a scenario's run function does at every point.
// The interpreter is made once; each iteration declares 100 runs through the Lua bindings.
#include <benchmark/benchmark.h>

#include "dml/interpreter.hpp"

namespace {

void BM_DeclarePaperRun(benchmark::State& state) {
  dml::Interpreter dml;
  const bool ok = dml.run_string(R"(
    local gpus = dml.presets.gpus
    function declare(n)
      for i = 1, n do
        dml.run { model = dml.mlp_stack { d_model = 1024 * (i % 50 + 1) },
          cluster = dml.cluster { gpu = gpus.h100_sxm, levels = {
            { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" },
            { name = "ib", bandwidth = "100 GB/s", latency = "1.125 us" } } } }
      end
      return n
    end)");
  if (!ok) {
    state.SkipWithError(dml.error().c_str());
    return;
  }
  for (auto _ : state) {
    if (!dml.run_string("declare(100)")) {
      state.SkipWithError(dml.error().c_str());
      return;
    }
  }
  state.SetItemsProcessed(state.iterations() * 100);
}
BENCHMARK(BM_DeclarePaperRun)->Unit(benchmark::kMillisecond);

}  // namespace
