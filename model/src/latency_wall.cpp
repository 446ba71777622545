#include "dml/latency_wall.hpp"

#include <cmath>

#include "dml/error.hpp"

namespace dml {
namespace {

void check_alpha(double alpha) {
  if (!(alpha < 0.5) || !std::isfinite(alpha)) {
    throw ConfigError("alpha", "must be finite and below 0.5, got {}", alpha);
  }
}

double reference(double alpha, const WallParams& p) {
  return p.reference_batch_tokens / p.reference_layers * std::pow(p.reference_flop, -alpha);
}

}  // namespace

void validate(const WallParams& p, const std::string& path) {
  const auto positive = [&](double v, const char* field) {
    if (!(v > 0) || !std::isfinite(v)) {
      throw ConfigError(path + "." + field, "must be positive, got {}", v);
    }
  };
  positive(p.reference_batch_tokens, "reference_batch_tokens");
  positive(p.reference_layers, "reference_layers");
  positive(p.reference_flop, "reference_flop");
  positive(p.duration_s, "duration_s");
  positive(p.step_latency_s, "step_latency_s");
}

double latency_limited_flop(double alpha, const WallParams& p) {
  validate(p);
  check_alpha(alpha);
  const double x = reference(alpha, p) * p.duration_s / p.step_latency_s;
  const double mac = std::pow(3.0 / 320.0 * x * x, 1 / (1 - 2 * alpha));
  return 2 * mac;
}

double critical_flop(const Cluster& cluster, double alpha, const WallParams& p) {
  validate(cluster);
  validate(p);
  check_alpha(alpha);
  const Gpu& g = cluster.gpu;
  const double node = cluster.levels.size() > 1 ? static_cast<double>(cluster.levels[0].size) : 1.0;
  const double top_bw = cluster.levels.back().bandwidth.value();
  const double mac_per_s = node * peak_flop_per_s(g).value() / 2;
  const double nanobatch = mac_per_s / (node * g.hbm_bandwidth.value() / 4);
  const double shard = 4 * mac_per_s / (3 * node * top_bw / 4);
  const double x = reference(alpha, p) * mac_per_s * p.duration_s / (shard * shard * nanobatch);
  const double mac = std::pow(x * x / 960, 1 / (1 - 2 * alpha));
  return 2 * mac;
}

double min_nanobatch_tokens(const Gpu& gpu) {
  validate(gpu);
  return 2 * peak_flop_per_s(gpu).value() / gpu.hbm_bandwidth.value();
}

std::vector<WallPoint> wall_curve(const Cluster& cluster, double alpha_min, double alpha_max,
                                  int points, const WallParams& p) {
  if (points < 2) throw ConfigError("points", "must be at least 2, got {}", points);
  if (!(alpha_min < alpha_max)) {
    throw ConfigError("alpha_min", "must be below alpha_max = {}, got {}", alpha_max, alpha_min);
  }
  std::vector<WallPoint> out;
  for (int i = 0; i < points; ++i) {
    const double a = alpha_min + (alpha_max - alpha_min) * i / (points - 1);
    out.push_back({a, latency_limited_flop(a, p), critical_flop(cluster, a, p)});
  }
  return out;
}

}  // namespace dml
