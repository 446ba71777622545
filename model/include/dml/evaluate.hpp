// Evaluate one layout of one training run on one cluster: the paper's per-batch cost model
// (spec 2.4, function `training_results`), with the whole breakdown.
#pragma once

#include <string>
#include <vector>

#include "dml/hardware.hpp"
#include "dml/int128.hpp"
#include "dml/layout.hpp"
#include "dml/units.hpp"
#include "dml/workload.hpp"

namespace dml {

// Which communication overlaps computation (the paper: TP and PP/EP yes, DP no).
struct Overlap {
  bool tp = true;   // TP all-reduces hidden behind the matmuls
  bool pp = true;   // PP/EP point-to-point hidden behind the matmuls
  bool dp = false;  // DP gradient all-reduce: false adds it after the pipeline
};

// The knobs the paper fixes, with its values as defaults.
struct Options {
  Overlap overlap;  // TP = PP = overlapped, DP = not
  // The paper's code drops the pipeline latency of zero-bubble layouts: it means to hide it
  // behind max(compute, communication) but assigns it after the max is taken (spec 2.4 step 6).
  // true reproduces the paper; false charges max(compute, communication + latency).
  bool zero_bubble_latency_quirk = true;
  bool allow_zero_bubble = true;              // the search tries zero-bubble schedules
  bool interleaving = true;                   // 1F1B uses v = layers / pp chunks per stage
  int microbatch_candidates = 4;              // 1F1B: the smallest this many valid m are tried
  int zero_bubble_microbatch_candidates = 1;  // zero-bubble: the smallest valid m only
  double optimizer_words_per_param = 4;       // optimizer state, sharded over DP (8 B/param)
  double seconds_in_year = 3.154e7;           // the paper's year
  double duration_years = 0.25;               // time budget of a run (3 months)
  int max_doublings = 60;                     // cluster sizes tried: experts x 2^i, i < this
  u128 max_gpus = 0;                          // and at most this many GPUs; 0 = no limit
  double utilization_floor = 0.001;           // a sweep stops after a point below this utilization
  double linear_scaling_fraction = 0.8;       // "linear scaling ends" below this x effective util.
  unsigned threads = 0;                       // worker threads for sweep_all; 0 = all cores
  // true: search with the paper's own pruning only, in its order (slow; tests use it to show
  // that the default search finds the same optimum).
  bool reference_search = false;
};
void validate(const Options& options, const std::string& path = "options");

// One layout, costed. Times are per batch unless named *_total (whole run).
struct Evaluation {
  bool feasible = false;                // false: see `violations`
  std::vector<std::string> violations;  // why the layout cannot run (empty if feasible)
  Layout layout;                        // with the per-level split and interleave filled in
  u128 gpus = 0;                        // N

  units::Seconds arithmetic_time;  // 6 N_active B / (peak N): the ideal
  units::Seconds compute_time;     // matmuls of one pipeline stage, all microbatches
  units::Seconds tp_comm;          // TP all-reduce bandwidth time (max over levels)
  units::Seconds pp_ep_comm;       // PP/EP point-to-point bandwidth time (sum over levels)
  units::Seconds dp_comm;          // DP all-reduce bandwidth time (max over levels)
  units::Seconds tp_latency;       // sum over levels
  units::Seconds pp_ep_latency;    // sum over level pairs
  units::Seconds dp_latency;       // sum over levels
  double bubble_fraction = 0;      // pipeline bubble (0 for zero-bubble)
  units::Seconds pipeline_time;    // (max(compute, overlapped comm) + rest) / (1 - bubble) + lat.
  units::Seconds time_per_batch;   // pipeline + DP
  double batches = 0;              // D / B
  units::Seconds training_time;    // batches x time_per_batch
  double months = 0;               // 12 training_time / seconds_in_year
  double utilization = 0;          // arithmetic_time / time_per_batch (model FLOP utilization)
  units::Bytes memory_required;    // parameters x DP + sharded optimizer state
  units::Bytes memory_available;   // N x HBM capacity

  // Whole-run totals, as the paper reports them (batches x the per-batch terms).
  units::Seconds tp_comm_total;
  units::Seconds pp_ep_comm_total;
  units::Seconds dp_comm_total;
  units::Seconds latency_total;  // TP + PP/EP + DP latency, also for zero-bubble layouts
};

// Cost one layout. Bad input (a non-positive degree, a split that does not multiply to its
// degree) throws ConfigError; a layout that cannot run is returned with feasible = false and
// its reasons (its numbers are still filled in where the formulas allow).
[[nodiscard]] Evaluation evaluate(const Cluster& cluster, const TrainingRun& run,
                                  const Layout& layout, const Options& options = {});

}  // namespace dml
