// Internals of the realistic model shared by evaluate() and the search (transformer.cpp,
// transformer_search.cpp). Not installed.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dml/transformer.hpp"

namespace dml::detail {

// A communication group: its bus bandwidth per GPU, latency per step, and placement.
struct Group {
  double size = 1;
  double bw = 1;
  double alpha = 0;
  double per_node = 1;  // ranks of the group on one node
  double nodes = 1;
};

// What depends on the run only, computed once.
struct TransformerCtx {
  explicit TransformerCtx(const TransformerRun& run);

  const TransformerRun& run;
  double h = 0, a = 0, g = 0, dh = 0, f = 0, V = 0, s = 0;
  std::int64_t layers = 0;
  double up = 1;           // up-projection matrices (2 when gated)
  double act_bytes = 4;    // activation-function traffic per hidden unit (6 when gated)
  double reductions = 2;   // TP reductions per layer and pass (1 for a parallel block)
  double keys_model = 0;   // keys per query, as the model counts them
  double keys_kernel = 0;  // as the attention kernel computes them
  std::int64_t experts = 0;
  double top_k = 0, shared = 0, fe = 0, imbalance = 1;
  std::int64_t dense_layers = 0;
  std::int64_t n = 0;      // GPUs
  std::int64_t batch = 0;  // sequences per step
  double peak = 0;         // dense 16-bit FLOP/s
  double gemm_peak = 0;    // peak x GEMM efficiency (x the FP8 gain)
  double gemm_bytes = 2;
  double half_dim = 0;
  double attn_rate = 0;  // attention kernel FLOP/s
  double hbm = 0;        // reachable HBM bytes/s
  double capacity = 0, workspace = 0;
  std::int64_t node = 1;  // GPUs in one scale-up domain
  double node_bw = 0, node_alpha = 0, net_bw = 0, net_alpha = 0;
  double launch = 0, layer_overhead = 0;
  double tokens = 0;      // to train
  double flop_model = 0;  // model FLOPs per token
  double params = 0, params_active = 0;

  [[nodiscard]] Group group(std::int64_t size, std::int64_t stride) const;
  [[nodiscard]] double all_reduce(double bytes, const Group& g) const;
  [[nodiscard]] double gather(double bytes, const Group& g) const;  // all-gather, reduce-scatter
  [[nodiscard]] double all_to_all(double bytes, const Group& g) const;
  [[nodiscard]] double gemm(double M, double K, double N) const;
};

// A layout with every field decided.
struct Lay {
  std::int64_t tp = 1, pp = 1, interleave = 1, dp = 1, zero = 0, cp = 1, ep = 1, microbatch = 1;
  bool sequence_parallel = false;
  Schedule schedule = Schedule::k1F1B;
  ContextParallel cp_kind = ContextParallel::kRing;
  Recompute recompute = Recompute::kNone;
};

// One costed layout: the plan's time and memory records, filled in by cost().
struct Costed {
  StepTime time{};
  StepMemory memory{};
  double microbatches = 0;
  double hardware_flop_per_token = 0;
};

bool layout_runs(const TransformerCtx& c, const Lay& l, std::vector<std::string>* why);
void cost(const TransformerCtx& c, const Lay& l, Costed& out);
StepPlan make_step_plan(const TransformerCtx& c, const Lay& l, std::vector<std::string> assumed);

}  // namespace dml::detail
