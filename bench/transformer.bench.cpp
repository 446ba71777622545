// Benchmarks of the realistic model (docs/performance.md): one evaluation, the search of
// scenarios/search/megatron_1t_4096.lua, and a mixture-of-experts search. The 1T cluster and
// stack mirror the presets that scenario uses (stdlib/dml/presets): an A100 80GB with its
// efficiencies, NVLink 3 and HDR InfiniBand, the Megatron 2022 stack.
#include "dml/transformer.hpp"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string_view>
#include <vector>

namespace {

dml::TransformerRun gpt_1t() {
  using namespace dml::units;
  dml::Gpu gpu;
  gpu.name = "A100 SXM 80GB";
  gpu.flop_per_clock_per_thread.fp16 = 16;
  gpu.sms = 108;
  gpu.clock = Hertz(1.41e9);
  gpu.effective_utilization = 0.85;
  gpu.hbm_bandwidth = BytesPerSecond(2039e9);
  gpu.hbm_capacity = Bytes(80e9);
  gpu.host_bandwidth = BytesPerSecond(13.9e9);  // the preset's (Megatron 2022 does not offload)
  gpu.host_memory = Bytes(256e9);
  gpu.l2_bandwidth = BytesPerSecond(5.603e12);
  gpu.l2_size = mib(40);
  gpu.efficiency = dml::GpuEfficiency{.gemm = 0.735, .attention = 0.35, .nvlink = 0.754};
  dml::NetworkLevel nvlink{.name = "nvlink3",
                           .size = 8,
                           .bandwidth = BytesPerSecond(600e9),
                           .latency = microseconds(1.125)};
  dml::NetworkLevel ib{
      .name = "infiniband-hdr", .bandwidth = BytesPerSecond(50e9), .latency = microseconds(1.125)};
  dml::Stack stack{.name = "megatron-2022",
                   .attention = dml::AttentionKernel::kUnfused,
                   .dropout = true,
                   .dp_overlap = false,
                   .param_gather_overlap = false,
                   .p2p_overlap = false,
                   .zero_stages = {0, 1}};  // plain DP or the distributed optimizer
  dml::Transformer gpt{.name = "GPT 1T",
                       .layers = 128,
                       .d_model = 25600,
                       .heads = 160,
                       .d_ff = 4 * 25600,
                       .gated = false,
                       .vocab = 51200,
                       .seq_len = 2048};
  return dml::TransformerRun{.model = gpt,
                             .cluster = {.gpu = gpu, .levels = {nvlink, ib}, .size = 4096},
                             .stack = stack,
                             .global_batch = 3072};
}

// Korthikanti et al. 2022's layout of the 1T GPT: TP 8 (SP) x PP 64 x DP 8, selective recompute.
dml::TransformerLayout korthikanti_layout() {
  return {.tp = 8,
          .sequence_parallel = true,
          .pp = 64,
          .interleave = 1,
          .schedule = dml::Schedule::k1F1B,
          .dp = 8,
          .zero = 1,
          .shard = 8,
          .cp = 1,
          .ep = 1,
          .microbatch = 1,
          .recompute = dml::Recompute::kSelective};
}

// One realistic evaluation: the 1T GPT at that layout, the run validated and set up each time.
void BM_TransformerEvaluate(benchmark::State& state) {
  const dml::TransformerRun run = gpt_1t();
  const dml::TransformerLayout layout = korthikanti_layout();
  for (auto _ : state) benchmark::DoNotOptimize(dml::evaluate(run, layout));
}
BENCHMARK(BM_TransformerEvaluate);

// Every field of `sources`' owner cited, as the presets cite theirs (docs/reference.md).
template <class T>
void cite_every_field(T& record) {
  for (const std::string_view name : dml::field_names<T>()) {
    if (name != "sources") record.sources[name] = "a datasheet, a guide or a measurement";
  }
}

// The same evaluation of a run whose records carry citations, as a run declared from the
// presets does (dml.presets: an H100's 16, its efficiencies' 11, a stack's 34): each evaluation
// validates the run, and so its citations' names.
void BM_TransformerEvaluateCited(benchmark::State& state) {
  dml::TransformerRun run = gpt_1t();
  cite_every_field(run.cluster.gpu);
  cite_every_field(*run.cluster.gpu.efficiency);
  for (dml::NetworkLevel& level : run.cluster.levels) cite_every_field(level);
  cite_every_field(run.stack);
  const dml::TransformerLayout layout = korthikanti_layout();
  for (auto _ : state) benchmark::DoNotOptimize(dml::evaluate(run, layout));
}
BENCHMARK(BM_TransformerEvaluateCited);

// The same layout of the same run, prepared once (dml::TransformerEvaluator): what each point of
// a sweep over layouts costs, the run's validation and constants out of it.
void BM_TransformerEvaluatePrepared(benchmark::State& state) {
  const dml::TransformerEvaluator evaluator(gpt_1t());
  for (auto _ : state) benchmark::DoNotOptimize(evaluator.evaluate(korthikanti_layout()));
}
BENCHMARK(BM_TransformerEvaluatePrepared);

// The same evaluation with measured nccl-tests tables (all-reduce, all-gather, reduce-scatter at
// 4 sizes on 2 group sizes) across nodes: every collective that leaves a node interpolates.
void BM_TransformerEvaluateMeasured(benchmark::State& state) {
  using namespace dml::units;
  dml::TransformerRun run = gpt_1t();
  std::vector<dml::BusBandwidth> rows;
  for (const dml::CollectiveOp op : {dml::CollectiveOp::kAllReduce, dml::CollectiveOp::kAllGather,
                                     dml::CollectiveOp::kReduceScatter}) {
    for (const std::int64_t gpus : {16, 256}) {
      for (const double size_mib : {8.0, 32.0, 64.0, 256.0}) {
        rows.push_back({.op = op,
                        .size = mib(size_mib),
                        .bus_bandwidth = BytesPerSecond(20e9 + 0.3e9 * size_mib),
                        .gpus = gpus});
      }
    }
  }
  run.cluster.levels[1].measured = rows;
  const dml::TransformerLayout layout{.tp = 8, .pp = 64, .dp = 8, .zero = 1, .shard = 8};
  for (auto _ : state) benchmark::DoNotOptimize(dml::evaluate(run, layout));
}
BENCHMARK(BM_TransformerEvaluateMeasured);

// The search of `run` with what `fixed` holds, five best kept, and its layouts per second.
void search(benchmark::State& state, const dml::TransformerRun& run,
            const dml::TransformerLayout& fixed) {
  std::int64_t evaluated = 0;
  for (auto _ : state) {
    const auto plans = dml::optimize(run, fixed, 5);
    evaluated = plans.front().layouts_evaluated;
    benchmark::DoNotOptimize(plans);
  }
  state.counters["layouts"] = static_cast<double>(evaluated);
  state.counters["layouts/s"] =
      benchmark::Counter(static_cast<double>(evaluated) * static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate);
}

// The search of scenarios/search/megatron_1t_4096.lua (CP held at 1, five best kept).
void BM_TransformerSearch1T(benchmark::State& state) {
  const dml::TransformerRun run = gpt_1t();
  search(state, run, dml::TransformerLayout{.cp = 1});
}
BENCHMARK(BM_TransformerSearch1T)->Unit(benchmark::kMillisecond);

// DeepSeek-V3 as examples/deepseek_v3.lua declares it (latent attention, 256 experts in 8 groups,
// top-8 from 4 groups, 1 shared, 3 dense layers, one MTP module) on 2,048 H800s with token-based
// dispatch and FP8 linears: the search of every layout (TP, SP, PP, interleave, DP, ZeRO, CP, EP,
// microbatch, recompute) that the MoE branches of cost() take.
void BM_TransformerSearchMoE(benchmark::State& state) {
  using namespace dml::units;
  dml::Gpu gpu;
  gpu.name = "H800 SXM";
  gpu.flop_per_clock_per_thread.fp16 = 32;
  gpu.flop_per_clock_per_thread.fp8 = 64;
  gpu.sms = 132;
  gpu.clock = Hertz(1.83e9);
  gpu.effective_utilization = 0.7;
  gpu.hbm_bandwidth = BytesPerSecond(3352e9);
  gpu.hbm_capacity = Bytes(80e9);
  gpu.host_bandwidth = BytesPerSecond(27.7e9);  // the preset's: offloading is searched
  gpu.host_memory = Bytes(256e9);
  gpu.l2_bandwidth = BytesPerSecond(6.441e12);
  gpu.l2_size = mib(50);
  gpu.efficiency = dml::GpuEfficiency{
      .gemm = 0.646, .attention = 0.283, .flash3_gain = 1.6, .fp8_gain = 1.82, .nvlink = 0.683};
  dml::NetworkLevel nvlink{.name = "nvlink-h800",
                           .size = 8,
                           .bandwidth = BytesPerSecond(400e9),
                           .latency = microseconds(1.125)};
  dml::NetworkLevel ib{
      .name = "infiniband-ndr", .bandwidth = BytesPerSecond(100e9), .latency = microseconds(1.125)};
  dml::Stack stack{.name = "deepseek",
                   .attention = dml::AttentionKernel::kFlash3,
                   .tp_overlap = dml::TpOverlap::kNone,
                   .dispatcher = dml::MoeDispatcher::kToken,
                   .default_zero = 1,
                   .offloads_activations = true};  // offloading is searched
  dml::Transformer v3{
      .name = "DeepSeek-V3",
      .layers = 61,
      .d_model = 7168,
      .heads = 128,
      .head_dim = 128,
      .d_ff = 18432,
      .vocab = 129280,
      .seq_len = 4096,
      .mtp_layers = 1,
      .moe = dml::Moe{.experts = 256,
                      .top_k = 8,
                      .shared_experts = 1,
                      .expert_d_ff = 2048,
                      .dense_layers = 3,
                      .groups = 8,
                      .group_top_k = 4},
      .mla = dml::Mla{.kv_rank = 512, .q_rank = 1536, .rope_dim = 64, .v_dim = 128}};
  const dml::TransformerRun run{.model = v3,
                                .cluster = {.gpu = gpu, .levels = {nvlink, ib}, .size = 2048},
                                .stack = stack,
                                .global_batch = 15360,
                                .precision = dml::Precision::kFp8};
  search(state, run, dml::TransformerLayout{});
}
BENCHMARK(BM_TransformerSearchMoE)->Unit(benchmark::kMillisecond);

}  // namespace
