#include "dml/hardware.hpp"

#include "dml/quantity.hpp"

#include <cmath>
#include <limits>

#include "dml/error.hpp"

namespace dml {
namespace {

void require_positive(double v, const std::string& field, const char* unit) {
  if (!(v > 0) || std::isnan(v)) throw ConfigError(field, "must be positive, got {} {}", v, unit);
}
void require_finite_positive(double v, const std::string& field, const char* unit) {
  if (!(v > 0) || !std::isfinite(v)) {
    throw ConfigError(field, "must be a positive finite number, got {} {}", v, unit);
  }
}

}  // namespace

double flop_per_clock_per_thread(const Gpu& gpu) {
  switch (gpu.bitwidth) {
    case 32:
      return gpu.flop_per_clock_per_thread.fp32;
    case 16:
      return gpu.flop_per_clock_per_thread.fp16;
    case 8:
      return gpu.flop_per_clock_per_thread.fp8;
    default:
      throw ConfigError("gpu.bitwidth", "must be 8, 16 or 32, got {}", gpu.bitwidth);
  }
}

// The paper's float order (spec 3.1): integer FLOP per cycle of the whole chip, times a clock.
units::FlopPerSecond peak_flop_per_s(const Gpu& gpu) {
  const double per_cycle = flop_per_clock_per_thread(gpu) * (128.0 * static_cast<double>(gpu.sms));
  return units::FlopPerSecond(per_cycle * gpu.clock.value());
}

units::FlopPerSecond effective_flop_per_s(const Gpu& gpu) {
  const double per_cycle = flop_per_clock_per_thread(gpu) * (128.0 * static_cast<double>(gpu.sms));
  return units::FlopPerSecond(per_cycle * (gpu.clock.value() * gpu.effective_utilization));
}

units::BytesPerSecond shared_memory_bandwidth(const Gpu& gpu) {
  if (gpu.shared_memory_bandwidth) return *gpu.shared_memory_bandwidth;
  const double per_cycle = 128.0 * static_cast<double>(gpu.sms);  // 32 banks x 4 B per SM
  return units::BytesPerSecond(per_cycle * (gpu.clock.value() * gpu.effective_utilization));
}

double bytes_per_word(const Gpu& gpu) { return gpu.bitwidth / 8.0; }

void validate(const Gpu& gpu, const std::string& path) {
  if (gpu.bitwidth != 8 && gpu.bitwidth != 16 && gpu.bitwidth != 32) {
    throw ConfigError(path + ".bitwidth", "must be 8, 16 or 32, got {}", gpu.bitwidth);
  }
  const double fpc = flop_per_clock_per_thread(gpu);
  const char* prec = gpu.bitwidth == 32 ? "fp32" : gpu.bitwidth == 16 ? "fp16" : "fp8";
  if (!(fpc > 0) || !std::isfinite(fpc)) {
    throw ConfigError(path + ".flop_per_clock_per_thread." + prec,
                      "must be positive for the training precision ({}-bit), got {}", gpu.bitwidth,
                      fpc);
  }
  if (gpu.sms <= 0) throw ConfigError(path + ".sms", "must be positive, got {}", gpu.sms);
  require_finite_positive(gpu.clock.value(), path + ".clock", "Hz");
  if (!(gpu.effective_utilization > 0 && gpu.effective_utilization <= 1)) {
    throw ConfigError(path + ".effective_utilization", "must be in (0, 1], got {}",
                      gpu.effective_utilization);
  }
  require_positive(gpu.hbm_bandwidth.value(), path + ".hbm_bandwidth", "B/s");
  require_finite_positive(gpu.hbm_capacity.value(), path + ".hbm_capacity", "B");
  require_positive(gpu.l2_bandwidth.value(), path + ".l2_bandwidth", "B/s");
  require_finite_positive(gpu.l2_size.value(), path + ".l2_size", "B");
  require_finite_positive(gpu.register_file.value(), path + ".register_file", "B");
  if (gpu.shared_memory_bandwidth) {
    require_positive(gpu.shared_memory_bandwidth->value(), path + ".shared_memory_bandwidth",
                     "B/s");
  }
  const double lat = gpu.matmul_latency.value();
  if (!(lat >= 0) || !std::isfinite(lat)) {
    throw ConfigError(path + ".matmul_latency", "must be a finite non-negative time, got {} s",
                      lat);
  }
  if (gpu.tensor_core_granule <= 0) {
    throw ConfigError(path + ".tensor_core_granule", "must be positive, got {}",
                      gpu.tensor_core_granule);
  }
}

void validate(const Cluster& cluster, const std::string& path) {
  validate(cluster.gpu, path + ".gpu");
  if (cluster.levels.empty()) {
    throw ConfigError(path + ".levels", "must have at least one network level, got none");
  }
  for (std::size_t i = 0; i < cluster.levels.size(); ++i) {
    const auto& l = cluster.levels[i];
    // Paths count levels from 1, as a scenario writes them (cluster.levels[1] is the innermost).
    const std::string p = fmt::format("{}.levels[{}]", path, i + 1);
    if (i + 1 < cluster.levels.size() && l.size <= 0) {
      throw ConfigError(p + ".size", "must be positive below the top level, got {}", l.size);
    }
    if (!(l.bandwidth.value() > 0)) {
      throw ConfigError(p + ".bandwidth", "must be positive, got {}",
                        format_quantity(Quantity{l.bandwidth.value(), kBandwidth}));
    }
    const double lat = l.latency.value();
    if (!(lat >= 0) || !std::isfinite(lat)) {
      throw ConfigError(p + ".latency", "must be a finite non-negative time, got {} s", lat);
    }
  }
}

Cluster optimistic_flat(const Cluster& cluster) {
  Cluster flat{.gpu = cluster.gpu, .levels = {}};
  double bw = 0;
  double lat = std::numeric_limits<double>::infinity();
  for (const auto& l : cluster.levels) {
    bw += l.bandwidth.value();
    lat = std::min(lat, l.latency.value());
  }
  flat.levels.push_back(NetworkLevel{.name = "optimistic",
                                     .size = 0,
                                     .bandwidth = units::BytesPerSecond(bw),
                                     .latency = units::Seconds(lat)});
  return flat;
}

std::vector<std::int64_t> level_sizes_for(const Cluster& cluster, u128 n_gpus) {
  std::vector<std::int64_t> sizes;
  const std::size_t below_top = cluster.levels.empty() ? 0 : cluster.levels.size() - 1;
  u128 running = 1;
  bool cut = false;
  for (std::size_t i = 0; i < below_top; ++i) {
    if (cut) {
      sizes.push_back(1);
      continue;
    }
    const auto size = static_cast<u128>(cluster.levels[i].size);
    const u128 below = running;
    running = checked_mul(running, size, "cumulative network level size");
    if (running < n_gpus) {
      sizes.push_back(cluster.levels[i].size);
    } else {
      sizes.push_back(static_cast<std::int64_t>(n_gpus / below));
      cut = true;
    }
  }
  return sizes;
}

}  // namespace dml
