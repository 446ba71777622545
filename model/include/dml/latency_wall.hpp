// The paper's analytic curves (docs/model.md 4.4, `layer_and_batch_scaling.ipynb`): the latency
// wall T_limit, beyond which no cluster trains a model in time, and the critical compute
// T_crit, where bandwidth starts to limit utilization. Both depend on how fast the batch grows
// relative to depth: with batch ~ C^alpha_b and layers ~ C^alpha_L, alpha = alpha_b - alpha_L.
//
//   latency_limited_flop()                 // 2.305e31 FLOP: "the latency wall at 2e31"
//   critical_flop(h100, {.alpha = 0.1})    // T_crit at alpha = 0.1
#pragma once

#include <vector>

#include "dml/describe.hpp"
#include "dml/hardware.hpp"

namespace dml {

// The reference point and constants of the analytic model (the notebook's values).
struct WallParams {
  double alpha = 0;  // batch growth minus depth growth: batch ~ C^alpha_b, layers ~ C^alpha_L
  double reference_batch_tokens = 4e6;          // b0 ...
  double reference_layers = 100;                // L0 ...
  units::Flop reference_flop{3e23};             // ... at T0 (GPT-3 scale)
  units::Seconds duration{365.25 * 86400 / 4};  // T: a quarter of a Julian year
  // T_limit: each step costs 4 sequential latency-bound operations per layer of this latency
  // (about a 4.5 us matmul plus 4 x 1.125 us of all-reduce latency).
  units::Seconds step_latency{9e-6};
};

// T_limit = 2 MAC_lim, MAC_lim = [ (3/320) (ref T / t_lat)^2 ]^(1 / (1 - 2 alpha)),
// ref = (b0 / L0) T0^-alpha. Throws ConfigError when the curve leaves the range of doubles.
[[nodiscard]] double latency_limited_flop(const WallParams& p = {});

// T_crit = 2 MAC_crit per node of levels[0].size GPUs, with M = node x peak / 2 MAC/s, the
// nanobatch n_b = M / (node x HBM / 4) and the activation shard a = 4 M / (3 node x bw_top / 4)
// (bw_top: the top level's per-GPU bandwidth):
// MAC_crit = [ (1/960) (ref M T / (a^2 n_b))^2 ]^(1 / (1 - 2 alpha)).
[[nodiscard]] double critical_flop(const Cluster& cluster, const WallParams& p = {});

// The per-GPU minimum nanobatch (tokens) that keeps a matmul compute-bound: 2 peak / HBM
// bandwidth (docs/model.md 3.3: H100 590, A100 401, V100 279).
[[nodiscard]] double min_nanobatch_tokens(const Gpu& gpu);

struct WallPoint {
  double alpha = 0;
  units::Flop latency_wall{};      // T_limit
  units::Flop critical_compute{};  // T_crit
};

// The alphas at which wall_curve evaluates both curves.
struct WallRange {
  double alpha_min = -0.2;  // the paper plots [-0.2, 0.2]
  double alpha_max = 0.2;
  std::int64_t points = 41;  // evenly spaced
};
// Both curves at range.points evenly spaced alphas (wall.alpha is ignored).
[[nodiscard]] std::vector<WallPoint> wall_curve(const Cluster& cluster, const WallRange& range = {},
                                                const WallParams& wall = {});

// --- descriptions ----------------------------------------------------------------------------

template <>
struct Description<WallParams> {
  static constexpr std::string_view name = "wall";
  static constexpr std::string_view title = "the analytic latency-wall model";
  static constexpr std::string_view doc =
      "The paper's analytic curves (docs/model.md 4.4): with the batch growing as C^alpha_b and "
      "the depth as C^alpha_L, alpha = alpha_b - alpha_L; the reference is a 4e6-token batch and "
      "100 layers at 3e23 FLOP.";
  template <class V, class S>
  static void fields(V& v, S& w) {
    v.field(w.alpha, {.name = "alpha",
                      .doc = "batch growth minus depth growth (0: the batch grows as fast as the "
                             "depth)",
                      .min = -0.45,
                      .max = 0.45});
    v.field(w.step_latency,
            {.name = "step_latency",
             .doc = "latency of one of the 4 sequential latency-bound operations per layer and "
                    "step"});
    v.field(w.duration, {.name = "duration",
                         .doc = "the training time: a quarter of a 365.25-day year (the "
                                "notebook's)",
                         .min = 1,
                         .example = "90 days"});
    v.field(w.reference_batch_tokens, {.name = "reference_batch_tokens",
                                       .doc = "b0: the batch at the reference compute",
                                       .min = 0,
                                       .above = true});
    v.field(w.reference_layers, {.name = "reference_layers",
                                 .doc = "L0: the depth at the reference compute",
                                 .min = 0,
                                 .above = true});
    v.field(w.reference_flop,
            {.name = "reference_flop", .doc = "T0: the reference training compute (GPT-3 scale)"});
  }
};

template <>
struct Description<WallRange> {
  static constexpr std::string_view name = "wall_range";
  static constexpr std::string_view title = "a range of alpha";
  static constexpr std::string_view doc =
      "The alphas at which dml.wall_curve evaluates the analytic curves.";
  template <class V, class S>
  static void fields(V& v, S& r) {
    v.field(r.alpha_min, {.name = "alpha_min",
                          .doc = "the first alpha (the paper plots from -0.2)",
                          .min = -0.45,
                          .max = 0.45});
    v.field(r.alpha_max, {.name = "alpha_max",
                          .doc = "the last alpha (the paper plots to 0.2)",
                          .min = -0.45,
                          .max = 0.45});
    v.field(r.points,
            {.name = "points", .doc = "how many evenly spaced alphas", .min = 2, .max = 100000});
  }
  // alpha_min < alpha_max.
  static void check(const WallRange& r, const std::string& path);
};

template <>
struct Description<WallPoint> {
  static constexpr bool result = true;
  static constexpr std::string_view name = "wall_point";
  static constexpr std::string_view title = "a point of the analytic curves";
  static constexpr std::string_view doc = "Both analytic curves at one alpha.";
  template <class V, class S>
  static void fields(V& v, S& p) {
    v.field(p.alpha, {.name = "alpha", .doc = "batch growth minus depth growth"});
    v.field(p.latency_wall,
            {.name = "latency_wall", .doc = "T_limit: no cluster trains a larger model in time"});
    v.field(p.critical_compute,
            {.name = "critical_compute", .doc = "T_crit: bandwidth starts to limit utilization"});
  }
};

}  // namespace dml
