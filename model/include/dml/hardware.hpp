// Hardware: one GPU, and the network that joins many of them.
//
//   Gpu h100{ .name = "H100 SXM", .flop_per_clock_per_thread = {.fp32 = 2, .fp16 = 32, .fp8 = 64},
//             .sms = 132, .clock = mhz(1830), .effective_utilization = 0.7, ... };
//   Cluster c{ .gpu = h100, .levels = {{.name = "nvlink", .size = 8, ...}, {.name = "ib", ...}} };
//
// The fields are those of the paper's GPU model (Erdil & Schneider-Joseph 2024,
// spec section 3.1). Values of real GPUs are preset data (stdlib), not C++.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dml/int128.hpp"
#include "dml/units.hpp"

namespace dml {

// Dense tensor-core FLOP per clock cycle per thread, by precision (0 = not supported).
struct PrecisionRates {
  double fp32 = 0;  // 32-bit
  double fp16 = 0;  // 16-bit (bf16/fp16): the precision the paper's model trains in
  double fp8 = 0;   // 8-bit
};

struct Gpu {
  std::string name;                          // e.g. "H100 SXM"
  int bitwidth = 16;                         // training precision: weights, activations and
                                             // communication all use bitwidth/8-byte words
  PrecisionRates flop_per_clock_per_thread;  // by precision; the one for `bitwidth` is used
  std::int64_t sms = 0;                      // streaming multiprocessors (128 threads each)
  units::Hertz clock;                        // maximum (boost) clock
  double effective_utilization = 1.0;        // fraction of the clock reached on long sequences
                                             // of big matmuls, in (0, 1]; scales the clock
  units::BytesPerSecond hbm_bandwidth;       // global memory (HBM) bandwidth
  units::Bytes hbm_capacity;                 // global memory size
  units::BytesPerSecond l2_bandwidth;        // L2 cache bandwidth
  units::Bytes l2_size;                      // L2 cache size (75% of it is usable)
  units::Bytes register_file;                // registers per processing block (4 per SM;
                                             // 75% usable)
  // Shared-memory bandwidth; unset: 32 banks x 4 B per cycle per SM at the effective clock.
  std::optional<units::BytesPerSecond> shared_memory_bandwidth;
  bool dsmem = false;                    // distributed shared memory (Hopper), multicasts
                                         // redundant L2 -> SM loads
  units::Seconds matmul_latency;         // fixed time added to every matmul call
  std::int64_t tensor_core_granule = 8;  // matmul dimensions are padded to multiples of this
};

// One level of the network hierarchy, bottom (level 0, e.g. the NVLink node) first.
struct NetworkLevel {
  std::string name;                 // e.g. "nvlink", "infiniband"
  std::int64_t size = 0;            // units of the level below (GPUs for level 0) joined at this
                                    // level; ignored for the top level, which spans the cluster
  units::BytesPerSecond bandwidth;  // per-GPU *bidirectional* bandwidth at this level; may be
                                    // +infinity
  units::Seconds latency;           // per message at this level
};

// A GPU and its network. The cluster size N is not part of it: searches choose N.
struct Cluster {
  Gpu gpu;
  std::vector<NetworkLevel> levels;  // at least one; the last is the top level
};

// Throws ConfigError naming the field ("gpu.sms", "cluster.levels[1].bandwidth", ...) and the
// value when a field is out of range.
void validate(const Gpu& gpu, const std::string& path = "gpu");
void validate(const Cluster& cluster, const std::string& path = "cluster");

// Derived GPU figures of the paper's model (spec 3.1).
[[nodiscard]] double flop_per_clock_per_thread(const Gpu& gpu);           // at gpu.bitwidth
[[nodiscard]] units::FlopPerSecond peak_flop_per_s(const Gpu& gpu);       // max clock
[[nodiscard]] units::FlopPerSecond effective_flop_per_s(const Gpu& gpu);  // clock x utilization
[[nodiscard]] units::BytesPerSecond shared_memory_bandwidth(const Gpu& gpu);
[[nodiscard]] double bytes_per_word(const Gpu& gpu);  // bitwidth / 8

// The cluster with one flat level: the sum of the level bandwidths and the smallest latency.
// The paper's search uses it as an optimistic bound (spec 4.1).
[[nodiscard]] Cluster optimistic_flat(const Cluster& cluster);

// The sizes of the levels below the top for a cluster of n GPUs, cut where the cumulative
// product reaches n (spec 2.2): {8} for n >= 8, {4} for n = 4, {1} for n = 1 with one 8-GPU
// level below the top.
[[nodiscard]] std::vector<std::int64_t> level_sizes_for(const Cluster& cluster, u128 n_gpus);

}  // namespace dml
