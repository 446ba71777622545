#include "dml/hardware.hpp"

#include <cmath>
#include <limits>

#include "dml/error.hpp"
#include "dml/quantity.hpp"

namespace dml {

double flop_per_clock_per_thread(const Gpu& gpu) {
  const PrecisionRates& r = gpu.flop_per_clock_per_thread;
  switch (gpu.bitwidth) {
    case 32:
      return r.fp32.value_or(0);
    case 16:
      return r.fp16.value_or(0);
    case 8:
      return r.fp8.value_or(0);
    default:
      throw ConfigError("gpu.bitwidth", "must be 8, 16 or 32, got {}", gpu.bitwidth);
  }
}

// The paper's float order (docs/model.md 3.1): integer FLOP per cycle of the whole chip, times a
// clock.
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

void Description<GpuPower>::check(const GpuPower& p, const std::string& path) {
  if (p.idle_watts > p.waiting_watts) {
    throw ConfigError(path + ".idle_watts", "{} W is more than waiting_watts, {} W", p.idle_watts,
                      p.waiting_watts);
  }
  if (p.waiting_watts > p.busy_watts) {
    throw ConfigError(path + ".waiting_watts", "{} W is more than busy_watts, {} W",
                      p.waiting_watts, p.busy_watts);
  }
}

void Description<Facility>::check(const Facility& f, const std::string& path) {
  if (f.gpu_hour_price && f.capital_per_gpu) {
    throw ConfigError(path + ".capital_per_gpu",
                      "give either gpu_hour_price (a cloud's all-in price) or capital_per_gpu "
                      "(owned, with energy_price), not both");
  }
  if (f.priced_gpu && blank(*f.priced_gpu)) {
    throw ConfigError(path + ".priced_gpu",
                      "is blank: the name of the GPU the price is for (\"H100 SXM\"), or leave it "
                      "out");
  }
}

bool written_binary(units::Bytes hbm_capacity) {
  // A whole number of MiB. (Not std::fmod: dividing by 2^20 is exact, and fmod of 80e9 by it
  // took a tenth of a GPU's validation, on every evaluation.)
  const double mib = hbm_capacity.value() / 1048576.0;
  return std::isfinite(mib) && mib == std::floor(mib) && mib * 1048576.0 == hbm_capacity.value();
}

units::Bytes datasheet_capacity(units::Bytes hbm_capacity) {
  return written_binary(hbm_capacity)
             ? hbm_capacity
             : units::Bytes(hbm_capacity.value() * (1024.0 * 1024 * 1024 / 1e9));
}

void Description<Gpu>::check(const Gpu& g, const std::string& path) {
  const PrecisionRates& r = g.flop_per_clock_per_thread;
  const std::optional<double>& rate = g.bitwidth == 32 ? r.fp32 : g.bitwidth == 16 ? r.fp16 : r.fp8;
  if (!rate) {
    throw ConfigError(fmt::format("{}.flop_per_clock_per_thread.fp{}", path, g.bitwidth),
                      "required for bitwidth = {} (the precision it trains in)", g.bitwidth);
  }
  // The peak is a number a time can be divided by: a clock of 1e306 Hz would make it infinite
  // and every arithmetic time 0.
  const double peak = peak_flop_per_s(g).value();
  if (!(peak < 1e60)) {
    throw ConfigError(path + ".clock",
                      "{} x {} SMs x 128 threads x {} FLOP per clock is a peak of {}, out of any "
                      "real range (at most 1e60 FLOP/s)",
                      format_quantity(to_quantity(g.clock)), g.sms, *rate,
                      format_quantity(Quantity{peak, kFlopRate}));
  }
  // Efficiencies are fractions of a peak: a product past the peak is a kernel faster than the
  // GPU (a plan would show an MFU over 100%).
  if (g.efficiency) {
    // A copy that changes a rate or the capacity for the paper's model, which reads no
    // efficiency, can trip these through the base's efficiencies (helper-119): said how to go on.
    constexpr std::string_view kPaperOnly =
        " (only the transformer model reads efficiency: a GPU for the paper's model alone can "
        "drop it, efficiency = false)";
    const GpuEfficiency& e = *g.efficiency;
    if (e.attention * e.flash3_gain > 1) {
      throw ConfigError(path + ".efficiency.flash3_gain",
                        "attention x flash3_gain is {:.4g} x {:.4g} = {:.4g}, past the 16-bit peak "
                        "(at most 1)",
                        e.attention, e.flash3_gain, e.attention * e.flash3_gain);
    }
    if (r.fp16 && r.fp8 && *r.fp16 > 0 && e.gemm * e.fp8_gain > *r.fp8 / *r.fp16) {
      throw ConfigError(path + ".efficiency.fp8_gain",
                        "gemm x fp8_gain is {:.4g} x {:.4g} = {:.4g} of the 16-bit peak, past the "
                        "FP8 peak ({:.4g} of it: flop_per_clock_per_thread fp8 / fp16); raise fp8 "
                        "with fp16, or lower fp8_gain{}",
                        e.gemm, e.fp8_gain, e.gemm * e.fp8_gain, *r.fp8 / *r.fp16, kPaperOnly);
    }
    // What a framework can allocate is at most what the HBM holds, hbm_capacity read as a
    // datasheet writes it (an MI300X's "192 GB": rocm-smi reports 196,288 MiB).
    const bool binary = written_binary(g.hbm_capacity);
    const double most = datasheet_capacity(g.hbm_capacity).value();
    if (e.memory && e.memory->value() > most * (1 + 1e-12)) {
      throw ConfigError(path + ".efficiency.memory",
                        "{} is more than the GPU holds: hbm_capacity is {} (at most {}{})",
                        format_quantity(to_quantity(*e.memory)),
                        format_quantity(to_quantity(g.hbm_capacity)),
                        format_quantity(Quantity{most, kBytes}),
                        binary ? "" : ", read as GiB as datasheets write it");
    }
    // The workspace is taken out of that memory: one as large leaves no room for any layout.
    const double memory = e.memory ? e.memory->value() : most;  // as the transformer model reads it
    if (e.workspace.value() >= memory) {
      throw ConfigError(path + ".efficiency.workspace",
                        "{} is no less than the {} a framework can allocate (efficiency.memory, "
                        "else hbm_capacity read as GiB): nothing would fit{}",
                        format_quantity(to_quantity(e.workspace)),
                        format_quantity(Quantity{memory, kBytes}), kPaperOnly);
    }
  }
}

namespace {

// Two rows of one collective at one size and group size would make the curve ambiguous. The
// path is built only for the error (checks run on every evaluation).
void check_measured(const std::vector<BusBandwidth>& rows, const std::string& path,
                    std::size_t level) {
  for (std::size_t i = 0; i < rows.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      const BusBandwidth& x = rows[i];
      const BusBandwidth& y = rows[j];
      if (x.op == y.op && x.gpus == y.gpus && x.size.value() == y.size.value()) {
        throw ConfigError(
            item_path(item_path(path + ".levels", level + 1) + ".measured", i + 1) + ".size",
            "{} bytes of {} on {} appears twice (rows {} and {})", x.size.value(), enum_name(x.op),
            x.gpus ? fmt::format("{} GPUs", *x.gpus) : std::string("any group"), j + 1, i + 1);
      }
    }
  }
}

}  // namespace

// Halving and doubling are exact in binary floating point, so a level declared with link =
// "400 Gb/s" has bandwidth 1e11 B/s exactly, the same double as bandwidth = "100 GB/s".
void Description<NetworkLevel>::complete(NetworkLevel& l) {
  if (l.link && l.bandwidth.value() == 0) {
    l.bandwidth = units::BytesPerSecond(2 * l.link->value());
  } else if (!l.link && l.bandwidth.value() != 0) {
    l.link = units::BytesPerSecond(l.bandwidth.value() / 2);
  }
}

void Description<NetworkLevel>::check(const NetworkLevel& l, const std::string& path) {
  // A finite link of 1e308 B/s doubles past a double's range: no infinitely fast network.
  if (l.link && std::isfinite(l.link->value()) && !std::isfinite(l.bandwidth.value())) {
    throw ConfigError(path + ".link",
                      "{} in each direction is out of range (2 x link, the "
                      "bandwidth, is past 1.8e308 B/s); an infinitely fast network is "
                      "dml.q(math.huge, \"B/s\")",
                      format_quantity(to_quantity(*l.link)));
  }
  // A bandwidth so small that halving it is not exact (a subnormal double) makes a link that
  // is not its half: the bandwidth is at fault, whichever was given (helper-348).
  if (const double b = l.bandwidth.value(); b > 0 && (b / 2) * 2 != b) {
    throw ConfigError(path + ".bandwidth", "{} is too small to halve into a link in each direction",
                      format_quantity(to_quantity(l.bandwidth)));
  }
  if (l.link && l.bandwidth.value() != 2 * l.link->value()) {
    throw ConfigError(path + ".link",
                      "{} in each direction is not half the bandwidth, {} (both directions): give "
                      "one of the two",
                      format_quantity(to_quantity(*l.link)),
                      format_quantity(to_quantity(l.bandwidth)));
  }
}

void Description<Cluster>::check(const Cluster& c, const std::string& path) {
  const std::size_t n = c.levels.size();
  if (n > kMaxNetworkLevels) {
    throw ConfigError(path + ".levels", "at most {} levels are supported, got {}",
                      kMaxNetworkLevels, n);
  }
  constexpr std::int64_t kMaxGroup = std::int64_t{1} << 62;
  std::int64_t product = 1;
  for (std::size_t i = 0; i < n; ++i) {
    const NetworkLevel& level = c.levels[i];
    if (level.measured) {
      if (i >= 2 && !level.measured->empty()) {
        throw ConfigError(item_path(path + ".levels", i + 1) + ".measured",
                          "measured collectives are read on the two innermost levels only (a "
                          "group that reaches level {} keeps alpha-beta)",
                          i + 1);
      }
      check_measured(*level.measured, path, i);
    }
    const auto lpath = [&] { return item_path(path + ".levels", i + 1) + ".size"; };
    if (i + 1 < n && !level.size) {
      throw ConfigError(lpath(),
                        "required on every level but the outermost (how many groups of the level "
                        "below it joins)");
    }
    // The outermost level spans the whole cluster. A size there (a preset's: an 8-GPU NVLink
    // node) is accepted where a group of it would cover the cluster, and not used.
    if (i + 1 == n && level.size) {
      if (!c.size) {
        throw ConfigError(lpath(),
                          "the outermost level spans the whole cluster; give the cluster's size "
                          "instead");
      }
      const double span = static_cast<double>(product) * static_cast<double>(*level.size);
      if (span < static_cast<double>(*c.size)) {
        throw ConfigError(lpath(),
                          "the outermost level spans the whole cluster, {} GPUs, more than a "
                          "group of {} of this level holds: add the level that joins its groups "
                          "(a network)",
                          *c.size, fmt::format("{:.0f}", span));
      }
      continue;
    }
    if (!level.size) continue;
    if (*level.size < 2) {
      throw ConfigError(lpath(), "a level joins at least 2 groups of the level below, got {}",
                        *level.size);
    }
    if (*level.size > kMaxGroup / product) {
      throw ConfigError(lpath(), "a group at this level holds more than 2^62 GPUs");
    }
    product *= *level.size;
    if (c.size && product > *c.size) {
      // (helper-171: said how: the levels after this one dropped)
      throw ConfigError(
          lpath(),
          "a group at this level holds {} GPUs, more than the cluster's {}: a "
          "cluster inside one such group gives only the levels it spans ({}; "
          "drop the levels after it)",
          product, *c.size,
          i == 0 ? std::string("levels[1] alone") : fmt::format("levels[1] to levels[{}]", i + 1));
    }
  }
  if (c.size && *c.size % product != 0) {
    // The whole numbers of groups on either side (4,096 GB200s: 4,032 or 4,104 in racks of 72).
    const std::int64_t below = *c.size / product * product;
    std::int64_t above = 0;
    const bool above_fits = !__builtin_add_overflow(below, product, &above);
    throw ConfigError(path + ".size",
                      "{} GPUs is not a whole number of level-{} groups of {} GPUs{}", *c.size,
                      n - 1, product,
                      below > 0 && above_fits ? fmt::format(" ({} or {} are)", below, above)
                      : below > 0             ? fmt::format(" ({} is)", below)
                                              : fmt::format(" ({} is)", above));
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
                                     .size = std::nullopt,
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
    const auto size = static_cast<u128>(cluster.levels[i].size.value_or(1));
    const u128 below = running;
    running = checked_mul(running, size, "cumulative network level size");
    if (running < n_gpus) {
      sizes.push_back(cluster.levels[i].size.value_or(1));
    } else {
      sizes.push_back(static_cast<std::int64_t>(n_gpus / below));
      cut = true;
    }
  }
  return sizes;
}

}  // namespace dml
