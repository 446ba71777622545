// Evaluate one layout of one training run on one cluster: the paper's per-batch cost model
// (docs/model.md 2.4, function `training_results`), with the whole breakdown.
#pragma once

#include <string>
#include <vector>

#include "dml/hardware.hpp"
#include "dml/int128.hpp"
#include "dml/layout.hpp"
#include "dml/units.hpp"
#include "dml/workload.hpp"

namespace dml {

// The knobs the paper fixes, with its values as defaults.
struct Options {
  // Which communication overlaps computation (the paper: TP and PP/EP yes, DP no).
  bool overlap_tp = true;    // TP all-reduces hidden behind the matmuls
  bool overlap_pp = true;    // PP/EP point-to-point hidden behind the matmuls
  bool overlap_dp = false;   // DP gradient all-reduce: false adds it after the pipeline
  bool zero_bubble = true;   // the search tries zero-bubble schedules
  bool interleaving = true;  // 1F1B uses v = layers / pp chunks per stage
  // The paper's code drops the pipeline latency of zero-bubble layouts: it means to hide it
  // behind max(compute, communication) but assigns it after the max is taken (docs/model.md 2.4
  // step 6). true reproduces the paper; false charges max(compute, communication + latency).
  bool zero_bubble_latency_quirk = true;
  std::int64_t microbatch_candidates = 4;              // 1F1B: the smallest this many valid m
  std::int64_t zero_bubble_microbatch_candidates = 1;  // zero-bubble: the smallest valid m only
  double optimizer_words_per_param = 4;    // optimizer state, sharded over DP (8 B/param)
  std::int64_t max_doublings = 60;         // cluster sizes tried: experts x 2^i, i < this
  std::optional<std::int64_t> max_gpus{};  // and at most this many GPUs; unset: no limit
  double seconds_in_year = units::kPaperYear.value();  // the paper's year, for months
  double utilization_floor = 0.001;      // a sweep stops after a point below this utilization
  double linear_scaling_fraction = 0.8;  // "linear scaling ends" below this x effective util.
  // true: search with the paper's own pruning only, in its order (slow; tests use it to show
  // that the default search finds the same optimum).
  bool reference_search = false;
};

// The times and sizes of one costed layout. Times are per batch unless named *_total (whole
// run).
struct LayoutCost {
  units::Seconds arithmetic_time{};   // 6 N_active B / (peak N): the ideal
  units::Seconds compute_time{};      // matmuls of one pipeline stage, all microbatches
  units::Seconds tp_comm{};           // TP all-reduce bandwidth time (max over levels)
  units::Seconds pp_ep_comm{};        // PP/EP point-to-point bandwidth time (sum over levels)
  units::Seconds dp_comm{};           // DP all-reduce bandwidth time (max over levels)
  units::Seconds tp_latency{};        // sum over levels
  units::Seconds pp_ep_latency{};     // sum over level pairs
  units::Seconds dp_latency{};        // sum over levels
  units::Seconds pipeline_latency{};  // tp_latency + pp_ep_latency: charged once per batch, on
                                      // the pipeline (not for zero-bubble with the paper's quirk)
  double bubble_fraction = 0;         // pipeline bubble (0 for zero-bubble)
  units::Seconds pipeline_time{};   // (max(compute, overlapped comm) + rest) / (1 - bubble) + lat.
  units::Seconds time_per_batch{};  // pipeline + DP
  double batches = 0;               // D / B
  units::Seconds training_time{};   // batches x time_per_batch
  double months = 0;                // 12 training_time / seconds_in_year
  double utilization = 0;           // arithmetic_time / time_per_batch (model FLOP utilization)
  double tokens_per_second = 0;     // the global batch's tokens / time_per_batch
  units::Bytes memory_required{};   // parameters x DP + sharded optimizer state
  units::Bytes memory_available{};  // N x HBM capacity

  // Whole-run totals, as the paper reports them (batches x the per-batch terms).
  units::Seconds tp_comm_total{};
  units::Seconds pp_ep_comm_total{};
  units::Seconds dp_comm_total{};
  units::Seconds latency_total{};  // TP + PP/EP + DP latency, also for zero-bubble layouts
};

// One layout, costed.
struct Evaluation : LayoutCost {
  bool feasible = false;                  // false: see `violations`
  std::vector<std::string> violations{};  // why the layout cannot run (empty if feasible)
  Layout layout{};                        // with the per-level split and interleave filled in
  u128 gpus = 0;                          // N
};

// Cost one layout. Bad input (a non-positive degree, a split that does not multiply to its
// degree) throws ConfigError; a layout that cannot run is returned with feasible = false and
// its reasons (its numbers are still filled in where the formulas allow).
[[nodiscard]] Evaluation evaluate(const Cluster& cluster, const TrainingRun& run,
                                  const Layout& layout, const Options& options = {});

// --- descriptions ----------------------------------------------------------------------------

template <>
struct Description<Options> {
  static constexpr std::string_view name = "options";
  static constexpr std::string_view title = "the model's options";
  static constexpr std::string_view doc =
      "Knobs the paper fixes, with its values as defaults (docs/model.md 1.6).";
  template <class V, class S>
  static void fields(V& v, S& o) {
    v.field(o.overlap_tp, {.name = "overlap_tp", .doc = "TP all-reduces overlap the matmuls"});
    v.field(o.overlap_pp,
            {.name = "overlap_pp", .doc = "PP/EP point-to-point transfers overlap the matmuls"});
    v.field(o.overlap_dp,
            {.name = "overlap_dp", .doc = "the DP gradient all-reduce overlaps the pipeline"});
    v.field(o.zero_bubble,
            {.name = "zero_bubble", .doc = "the search may use the zero-bubble pipeline schedule"});
    v.field(o.interleaving,
            {.name = "interleaving", .doc = "1F1B runs layers / pp interleaved chunks per stage"});
    v.field(o.zero_bubble_latency_quirk,
            {.name = "zero_bubble_latency_quirk",
             .doc = "reproduce the paper's code, which drops the pipeline latency of zero-bubble "
                    "layouts (docs/model.md 2.4 step 6)"});
    v.field(o.microbatch_candidates,
            {.name = "microbatch_candidates",
             .doc = "1F1B: the smallest this many valid microbatch counts are tried",
             .min = 1,
             .max = 1024});
    v.field(o.zero_bubble_microbatch_candidates,
            {.name = "zero_bubble_microbatch_candidates",
             .doc = "zero-bubble: the smallest this many valid microbatch counts are tried",
             .min = 1,
             .max = 1024});
    v.field(o.optimizer_words_per_param,
            {.name = "optimizer_words_per_param",
             .doc = "optimizer state per parameter in words (sharded over DP); 4 words of 2 B is "
                    "the paper's 8 B",
             .min = 0});
    v.field(o.max_doublings, {.name = "max_doublings",
                              .doc = "cluster sizes tried: experts x 2^i for i below this",
                              .min = 1,
                              .max = 100});
    v.field(o.max_gpus, {.name = "max_gpus",
                         .doc = "the largest cluster the smallest-cluster search tries (its "
                                "sizes are a base x 2^i, the base the lcm of the experts and the "
                                "levels' odd parts: on 8-GPU nodes, 100000 tries up to 65536)",
                         .min = 1,
                         .default_text = "no limit"});
    v.field(o.seconds_in_year,
            {.name = "seconds_in_year", .doc = "the paper's year, for months", .min = 1});
    v.field(o.utilization_floor,
            {.name = "utilization_floor",
             .doc = "a sweep of widths stops after the first point below this utilization",
             .min = 0,
             .max = 1});
    v.field(o.linear_scaling_fraction,
            {.name = "linear_scaling_fraction",
             .doc = "linear scaling ends where utilization falls to this fraction of the GPU's "
                    "effective utilization",
             .min = 0,
             .above = true,
             .max = 1});
    v.field(o.reference_search,
            {.name = "reference_search",
             .doc = "search with the paper's own pruning only, in its order (slow; the default "
                    "search finds the same optimum)"});
  }
};

template <>
struct Description<LayoutCost> {
  static constexpr bool result = true;
  static constexpr std::string_view name = "layout_cost";
  static constexpr std::string_view title = "the cost of a layout";
  static constexpr std::string_view doc =
      "The times and sizes of one costed layout, per batch (docs/model.md 2.4), and whole-run "
      "totals.";
  template <class V, class S>
  static void fields(V& v, S& e) {
    v.field(e.months, {.name = "months", .doc = "training_time in the paper's months"});
    v.field(e.training_time,
            {.name = "training_time", .doc = "the whole run: batches x time_per_batch"});
    v.field(e.utilization, {.name = "utilization",
                            .doc = "model FLOP utilization: arithmetic_time / time_per_batch"});
    v.field(e.time_per_batch,
            {.name = "time_per_batch", .doc = "pipeline time + DP communication and latency"});
    v.field(e.tokens_per_second, {.name = "tokens_per_second",
                                  .doc = "throughput: the batch's tokens / time_per_batch"});
    v.field(e.arithmetic_time,
            {.name = "arithmetic_time",
             .doc = "6 N_active B / (peak FLOP/s x GPUs): the ideal",
             .label = "arithmetic (ideal)",
             .note = "6 x active params x batch / peak FLOP/s: the utilization"});
    v.field(e.compute_time,
            {.name = "compute_time",
             .doc = "the matmuls of one pipeline stage, all microbatches (memory hierarchy and "
                    "per-call latency included)",
             .label = "matmuls",
             .note = "one pipeline stage, memory hierarchy and per-call latency included"});
    v.field(e.tp_comm, {.name = "tp_comm",
                        .doc = "TP all-reduce bandwidth time per batch (max over levels)",
                        .label = "TP communication"});
    v.field(e.pp_ep_comm, {.name = "pp_ep_comm",
                           .doc = "PP/EP point-to-point bandwidth time per batch (sum over levels)",
                           .label = "PP/EP communication"});
    v.field(e.dp_comm, {.name = "dp_comm",
                        .doc = "DP gradient all-reduce bandwidth time per batch (max over levels)",
                        .label = "DP communication"});
    v.field(e.tp_latency, {.name = "tp_latency", .doc = "TP latency per batch (sum over levels)"});
    v.field(e.pp_ep_latency,
            {.name = "pp_ep_latency", .doc = "PP/EP latency per batch (sum over level pairs)"});
    v.field(e.pipeline_latency,
            {.name = "pipeline_latency",
             .doc = "tp_latency + pp_ep_latency, charged once per batch on the pipeline",
             .label = "TP + PP/EP latency"});
    v.field(e.dp_latency, {.name = "dp_latency",
                           .doc = "DP latency per batch (sum over levels)",
                           .label = "DP latency"});
    v.field(e.bubble_fraction, {.name = "bubble_fraction",
                                .doc = "the pipeline bubble, a fraction (0 for zero-bubble)",
                                .label = "pipeline bubble"});
    v.field(e.pipeline_time,
            {.name = "pipeline_time",
             .doc = "(max(matmuls, overlapped communication) + the rest) / (1 - bubble) + "
                    "latency"});
    v.field(e.batches, {.name = "batches", .doc = "batches in the run: dataset / batch"});
    v.field(e.memory_required, {.name = "memory_required",
                                .doc = "parameters x DP + the optimizer state sharded over DP"});
    v.field(e.memory_available, {.name = "memory_available", .doc = "GPUs x HBM capacity"});
    v.field(e.tp_comm_total, {.name = "tp_comm_total",
                              .doc = "TP bandwidth time of the whole run, as the paper reports"});
    v.field(e.pp_ep_comm_total,
            {.name = "pp_ep_comm_total",
             .doc = "PP/EP bandwidth time of the whole run, as the paper reports"});
    v.field(e.dp_comm_total, {.name = "dp_comm_total",
                              .doc = "DP bandwidth time of the whole run, as the paper reports"});
    v.field(e.latency_total,
            {.name = "latency_total",
             .doc = "TP + PP/EP + DP latency of the whole run (also for zero-bubble layouts)"});
  }
};

template <>
struct Description<Evaluation> {
  static constexpr bool result = true;
  static constexpr std::string_view name = "evaluation";
  static constexpr std::string_view title = "a costed layout";
  static constexpr std::string_view doc = "One layout of a run, costed (docs/model.md 2.4).";
  template <class V, class S>
  static void fields(V& v, S& e) {
    v.field(e.feasible, {.name = "feasible", .doc = "the layout can run"});
    v.field(e.violations, {.name = "violations", .doc = "why not, when not feasible"});
    v.field(e.gpus, {.name = "gpus", .doc = "number of GPUs"});
    v.field(e.layout, {.name = "layout", .doc = "the layout, with its split and interleave"});
    Description<LayoutCost>::fields(v, e);
  }
};

}  // namespace dml
