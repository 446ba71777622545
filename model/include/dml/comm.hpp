// Communication primitives of the paper's model (docs/model.md 2.3).
//
// Costs are aggregate-throughput formulas: the bytes moved across the whole cluster at a
// network level, divided by the cluster's aggregate one-way bandwidth there, N x bw / 2
// (bw is the per-GPU bidirectional bandwidth of the level).
#pragma once

#include <cstdint>

#include "dml/hardware.hpp"
#include "dml/int128.hpp"
#include "dml/units.hpp"

namespace dml {

struct CommTime {
  units::Seconds latency;    // paid once per sequential repeat
  units::Seconds bandwidth;  // bytes / aggregate bandwidth
};

// Ring all-reduce (reduce-scatter + all-gather) of `words` words among `participants`, repeated
// `repeat_sequential` times in sequence and `repeat_parallel` times side by side, at `level`
// of a cluster of `cluster_size` GPUs:
//   bandwidth = 2 (p - 1) W rs rp bytes_per_word / (N bw / 2);  latency = 2 rs lat if p > 1.
[[nodiscard]] CommTime allreduce_time(const Cluster& cluster, std::int64_t participants, u128 words,
                                      int level, u128 cluster_size, u128 repeat_sequential = 1,
                                      u128 repeat_parallel = 1);

// Point-to-point transfer: bandwidth = W rs rp bytes_per_word / (N bw / 2); latency = rs lat.
// The sequential repeat may be fractional (an expected count).
[[nodiscard]] CommTime p2p_time(const Cluster& cluster, u128 words, int level, u128 cluster_size,
                                double repeat_sequential = 1, u128 repeat_parallel = 1);

}  // namespace dml
