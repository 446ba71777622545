// The paper's analytic curves (spec 4.4, `layer_and_batch_scaling.ipynb`): the latency wall
// T_limit, beyond which no cluster trains a model in time, and the critical compute T_crit,
// where bandwidth starts to limit utilization. Both depend on how fast the batch grows
// relative to depth: with batch ~ C^alpha_b and layers ~ C^alpha_L, alpha = alpha_b - alpha_L.
//
//   latency_limited_flop(0.0)              // 2.305e31 FLOP: "the latency wall at 2e31"
//   critical_flop(h100, 0.0)               // 1.92e28 FLOP
#pragma once

#include <vector>

#include "dml/hardware.hpp"

namespace dml {

// The reference point and constants of the analytic model (the notebook's values).
struct WallParams {
  double reference_batch_tokens = 4e6;     // b0 ...
  double reference_layers = 100;           // L0 ...
  double reference_flop = 3e23;            // ... at T0 (GPT-3 scale)
  double duration_s = 365.25 * 86400 / 4;  // T: a quarter of a Julian year
  // T_limit: each step costs 4 sequential latency-bound operations per layer of this latency
  // (about a 4.5 us matmul plus 4 x 1.125 us of all-reduce latency).
  double step_latency_s = 9e-6;
};
void validate(const WallParams& p, const std::string& path = "wall");

// T_limit = 2 MAC_lim, MAC_lim = [ (3/320) (ref T / t_lat)^2 ]^(1 / (1 - 2 alpha)),
// ref = (b0 / L0) T0^-alpha. Requires alpha < 0.5.
[[nodiscard]] double latency_limited_flop(double alpha, const WallParams& p = {});

// T_crit = 2 MAC_crit per node of levels[0].size GPUs, with M = node x peak / 2 MAC/s, the
// nanobatch n_b = M / (node x HBM / 4) and the activation shard a = 4 M / (3 node x bw_top / 4)
// (bw_top: the top level's per-GPU bandwidth):
// MAC_crit = [ (1/960) (ref M T / (a^2 n_b))^2 ]^(1 / (1 - 2 alpha)).
[[nodiscard]] double critical_flop(const Cluster& cluster, double alpha, const WallParams& p = {});

// The per-GPU minimum nanobatch (tokens) that keeps a matmul compute-bound: 2 peak / HBM
// bandwidth (spec 3.3: H100 590, A100 401, V100 279).
[[nodiscard]] double min_nanobatch_tokens(const Gpu& gpu);

struct WallPoint {
  double alpha = 0;
  double limit_flop = 0;     // T_limit
  double critical_flop = 0;  // T_crit
};
// Both curves at `points` evenly spaced alphas in [alpha_min, alpha_max] (the paper plots
// [-0.2, 0.2]).
[[nodiscard]] std::vector<WallPoint> wall_curve(const Cluster& cluster, double alpha_min = -0.2,
                                                double alpha_max = 0.2, int points = 41,
                                                const WallParams& p = {});

}  // namespace dml
