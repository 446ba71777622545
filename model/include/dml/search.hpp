// Searches of the paper's model (docs/model.md 4): the fastest layout for a run on N GPUs,
// the smallest sufficient cluster, the sweep over model widths and its summaries.
//
//   auto best = optimal_layout(h100, run, 2048);          // LayoutSearch
//   auto need = smallest_cluster(h100, run);              // ClusterSearch: N = 2048, util 0.699
//   auto sw = sweep(Setting{.name = "H100 SXM", .cluster = h100, .laws = {}});
//   sw.summary.linear_scaling_ends_at                     // 2.048e28 FLOP
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dml/evaluate.hpp"
#include "dml/hardware.hpp"
#include "dml/int128.hpp"
#include "dml/parallel.hpp"
#include "dml/workload.hpp"

namespace dml {

// How much work a search did.
struct SearchStats {
  std::uint64_t clusters_searched = 0;  // cluster sizes N whose optimal layout was sought
  std::uint64_t branches = 0;           // layouts without a split (degrees, schedule, m)
  std::uint64_t branches_pruned = 0;    // of which skipped by a bound
  std::uint64_t layouts_evaluated = 0;  // layouts with a split, fully costed

  SearchStats& operator+=(const SearchStats& o);
};

// The fastest layout of a run on exactly `gpus` GPUs (docs/model.md 4.1): every
// DP x TP(model x ff) x PP x EP factorisation of the paper's search space, both schedules, the
// candidate microbatch counts and every split across the network levels. Ties on time go to the
// layout with less communication, then to the first in the paper's enumeration order.
struct LayoutSearch {
  bool found = false;  // false: no valid layout on this many GPUs
  // false: no layout of the search space splits this many GPUs at all (memory aside): no TP, DP
  // and PP degrees divide d_model x d_ff, the batch and the layers with these GPUs.
  bool splits = true;
  Evaluation best{};                   // the optimum (when found)
  std::vector<std::string> reasons{};  // why nothing was found
  SearchStats stats{};
};
// control.cancelled is polled every few hundred branches: true throws Cancelled.
[[nodiscard]] LayoutSearch optimal_layout(const Cluster& cluster, const TrainingRun& run, u128 gpus,
                                          const Options& options = {}, const Control& control = {});

// The smallest cluster that trains the run within options.duration_years (docs/model.md 4.2):
// N runs over experts x 2^i for i < options.max_doublings, from the first N that could reach the
// compute at the GPU's effective FLOP/s. The result reports the optimal layout at that N.
// (Beyond the paper: when a level below the top has an odd factor in its size, such as a
// 72-GPU NVL72 domain, N runs over lcm(experts, those odd parts) x 2^i instead, so that the
// levels divide N; with power-of-two levels this is the paper's sequence.)
struct ClusterSearch {
  bool feasible = false;  // false: no N trains the run in time
  // false: no layout splits any N tried (the model's dimensions lack an odd factor of the
  // sizes), which says nothing of the time: a sweep goes on past such a width.
  bool splits = true;
  u128 gpus = 0;                       // the smallest sufficient N
  Evaluation best{};                   // its optimal layout
  std::vector<std::string> reasons{};  // why the run is infeasible
  SearchStats stats{};
};
[[nodiscard]] ClusterSearch smallest_cluster(const Cluster& cluster, const TrainingRun& run,
                                             const Options& options = {},
                                             const Control& control = {});
// The sizes smallest_cluster tries are this x 2^i: lcm(experts, the odd part of every level size
// below the top), which is the experts on power-of-two levels.
[[nodiscard]] u128 cluster_size_base(const Cluster& cluster, std::int64_t experts);

// A column of the paper's comparisons: hardware plus the laws that turn widths into runs.
struct Setting {
  std::optional<std::string> name{};  // e.g. "H100 SXM", "DeepSeek scaling"; unset: the GPU's
  Cluster cluster{};
  ScalingLaws laws{};  // depth law, sparsity law, batch rule (paper defaults: dense, default)
  std::optional<units::Seconds> duration{};  // each run's time budget; unset: the paper's
};

struct SweepPoint {
  std::int64_t d_model = 0;
  TrainingRun run;
  double train_flop = 0;  // C
  ClusterSearch result;
};

// The paper's summaries of a sweep (docs/model.md 4.3).
struct Summary {
  // First C whose utilization is <= linear_scaling_fraction x effective utilization.
  std::optional<units::Flop> linear_scaling_ends_at{};
  std::optional<double> utilization_there{};
  // Largest C on the grid trainable in time, and its utilization.
  std::optional<units::Flop> largest_feasible_flop{};
  std::optional<double> largest_feasible_utilization{};
  // The next grid C that no cluster trains in time (widths no size splits passed over).
  std::optional<units::Flop> first_infeasible_flop{};
  // Why the sweep of widths ended: the first width no cluster trains in time, a utilization
  // below options.utilization_floor, a batch law that builds no wider model, or the grid's end.
  std::string ended_by{};
};

struct Sweep {
  std::string setting{};
  // Every width tried, in order; the sweep stops after the first infeasible width or the first
  // utilization below options.utilization_floor.
  std::vector<SweepPoint> points{};
  Summary summary{};
  SearchStats stats{};
};
[[nodiscard]] Sweep sweep(const Setting& setting, const std::vector<std::int64_t>& d_model_grid,
                          const Options& options = {}, const Control& control = {});
// Over paper_d_model_grid().
[[nodiscard]] Sweep sweep(const Setting& setting, const Options& options = {},
                          const Control& control = {});
[[nodiscard]] Summary summarize(const std::vector<SweepPoint>& points, const Gpu& gpu,
                                const Options& options = {});

// Sweeps of several settings on all cores (parallel_for). The results do not depend on the
// number of threads; a sweep that control.cancelled stopped is left empty (see `finished`).
struct Sweeps {
  std::vector<Sweep> sweeps{};
  Completion completion{};
};
[[nodiscard]] Sweeps sweep_all(const std::vector<Setting>& settings, const Options& options = {},
                               const Control& control = {});
[[nodiscard]] Sweeps sweep_all(const std::vector<Setting>& settings,
                               const std::vector<std::int64_t>& d_model_grid,
                               const Options& options = {}, const Control& control = {});

// --- descriptions ----------------------------------------------------------------------------

template <>
struct Description<SearchStats> {
  static constexpr bool result = true;
  static constexpr std::string_view name = "stats";
  static constexpr std::string_view title = "the work of a search";
  static constexpr std::string_view doc = "How much work a search did.";
  template <class V, class S>
  static void fields(V& v, S& s) {
    v.field(s.clusters_searched,
            {.name = "clusters_searched", .doc = "cluster sizes whose optimal layout was sought"});
    v.field(s.branches, {.name = "branches",
                         .doc = "layouts without a split (degrees, schedule, microbatches)"});
    v.field(s.branches_pruned, {.name = "branches_pruned", .doc = "of which skipped by a bound"});
    v.field(s.layouts_evaluated,
            {.name = "layouts_evaluated", .doc = "layouts with a split, fully costed"});
  }
};

template <>
struct Description<Setting> {
  static constexpr std::string_view name = "setting";
  static constexpr std::string_view title = "a setting";
  static constexpr std::string_view doc =
      "Hardware plus the paper's scaling laws, swept over the paper's d_model grid "
      "(docs/model.md 1.5): one column of the paper's comparisons.";
  template <class V, class S>
  static void fields(V& v, S& s) {
    v.field(
        s.name,
        {.name = "name", .doc = "a label for tables and plots", .default_text = "the GPU's name"});
    v.field(s.cluster, {.name = "cluster",
                        .doc = "the hardware, without a size: the setting chooses the size for "
                               "each model (the smallest that trains it within the duration); a "
                               "fixed size is a question for dml.optimize",
                        .required = true});
    v.field(s.laws.sparsity.kind,
            {.name = "sparsity",
             .doc = "dense, or the paper's experts law: 8 experts at d_model 12288, growing "
                    "linearly with width"});
    v.field(s.laws.batch.kind, {.name = "batch", .doc = "the batch rule (as dml.run's batch)"});
    v.field(s.duration, {.name = "duration",
                         .doc = "time budget of each run",
                         .min = 1,
                         .default_text = "\"3 months\", the paper's 0.25 years of 3.154e7 s",
                         .example = "90 days"});
  }
  // The cluster has no size: the setting chooses it per model.
  static void check(const Setting& s, const std::string& path);
};

template <>
struct Description<Summary> {
  static constexpr bool result = true;
  static constexpr std::string_view name = "summary";
  static constexpr std::string_view title = "the summary of a sweep";
  static constexpr std::string_view doc = "The paper's summaries of a sweep (docs/model.md 4.3).";
  template <class V, class S>
  static void fields(V& v, S& s) {
    v.field(s.linear_scaling_ends_at,
            {.name = "linear_scaling_ends_at",
             .doc = "the first training compute whose utilization falls to "
                    "linear_scaling_fraction x the GPU's effective utilization"});
    v.field(s.utilization_there, {.name = "utilization_there", .doc = "the utilization there"});
    v.field(s.largest_feasible_flop,
            {.name = "largest_feasible_flop",
             .doc = "the largest training compute on the grid that a cluster trains in time "
                    "(of the widths swept: options.utilization_floor ends the sweep at the first "
                    "width below it, and then there is no first_infeasible_flop)"});
    v.field(s.largest_feasible_utilization,
            {.name = "largest_feasible_utilization", .doc = "its utilization"});
    v.field(s.first_infeasible_flop,
            {.name = "first_infeasible_flop",
             .doc = "the next compute on the grid, which no cluster trains in time (a width "
                    "that no cluster size splits is passed over)"});
    v.field(s.ended_by,
            {.name = "ended_by",
             .doc = "why the sweep of widths ended: a width no cluster trains in time, a "
                    "utilization below options.utilization_floor, a batch law that builds no "
                    "wider model, or the end of the grid"});
  }
};

}  // namespace dml
