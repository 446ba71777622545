#include "dml/latency_wall.hpp"

#include <fmt/format.h>

#include <cmath>

#include "dml/error.hpp"
#include "dml/quantity.hpp"

namespace dml {
namespace {

double reference(const WallParams& p) {
  return p.reference_batch_tokens / p.reference_layers *
         std::pow(p.reference_flop.value(), -p.alpha);
}

// A curve's value, or an error when it leaves the range of doubles (never inf or NaN). The
// curve depends on alpha and on the inputs `apart` names together: the message names them
// all, not alpha alone.
double finite_flop(double v, double alpha, std::string_view apart) {
  if (!std::isfinite(v) || v <= 0) {
    throw ConfigError("wall",
                      "the analytic curve leaves the range of numbers at alpha = {}: its {} are "
                      "too far apart",
                      alpha, apart);
  }
  return v;
}

}  // namespace

void Description<WallRange>::check(const WallRange& r, const std::string& path) {
  if (!(r.alpha_min < r.alpha_max)) {
    throw ConfigError(path + ".alpha_max", "must be above alpha_min = {}, got {}", r.alpha_min,
                      r.alpha_max);
  }
}

double latency_limited_flop(const WallParams& p) {
  validate(p);
  const double x = reference(p) * p.duration.value() / p.step_latency.value();
  const double mac = std::pow(3.0 / 320.0 * x * x, 1 / (1 - 2 * p.alpha));
  return finite_flop(2 * mac, p.alpha, "duration, step_latency and reference_* values");
}

double critical_flop(const Cluster& cluster, const WallParams& p) {
  validate(cluster);
  validate(p);
  const Gpu& g = cluster.gpu;
  const double node =
      cluster.levels.size() > 1 ? static_cast<double>(cluster.levels[0].size.value_or(1)) : 1.0;
  const double top_bw = cluster.levels.back().bandwidth.value();
  if (std::isinf(top_bw)) {
    throw ConfigError(fmt::format("cluster.levels[{}].bandwidth", cluster.levels.size()),
                      "is infinite: the network never limits the run, so no compute is "
                      "critical (the critical compute grows without bound)");
  }
  const double mac_per_s = node * peak_flop_per_s(g).value() / 2;
  const double nanobatch = mac_per_s / (node * g.hbm_bandwidth.value() / 4);
  const double shard = 4 * mac_per_s / (3 * node * top_bw / 4);
  const double x = reference(p) * mac_per_s * p.duration.value() / (shard * shard * nanobatch);
  const double mac = std::pow(x * x / 960, 1 / (1 - 2 * p.alpha));
  return finite_flop(2 * mac, p.alpha,
                     fmt::format("duration and reference_* values and the cluster's network "
                                 "({} at its top level), GPU peak and HBM bandwidth",
                                 Quantity{top_bw, kBandwidth}));
}

double min_nanobatch_tokens(const Gpu& gpu) {
  validate(gpu);
  return 2 * peak_flop_per_s(gpu).value() / gpu.hbm_bandwidth.value();
}

std::vector<WallPoint> wall_curve(const Cluster& cluster, const WallRange& range,
                                  const WallParams& wall) {
  validate(range);
  std::vector<WallPoint> out;
  WallParams p = wall;
  const auto n = static_cast<double>(range.points - 1);
  for (std::int64_t i = 0; i < range.points; ++i) {
    p.alpha = range.alpha_min + (range.alpha_max - range.alpha_min) * static_cast<double>(i) / n;
    out.push_back(
        {p.alpha, units::Flop(latency_limited_flop(p)), units::Flop(critical_flop(cluster, p))});
  }
  return out;
}

}  // namespace dml
