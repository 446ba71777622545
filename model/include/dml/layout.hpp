// A parallel layout: how a training run is spread over N GPUs (spec 2.1-2.2).
//
//   Layout l{.dp = 1, .tp = {.model = 4, .ff = 8}, .pp = 64, .microbatches = 128,
//            .zero_bubble = true};      // N = 1 x 32 x 64 x 1 = 2048 GPUs, best split chosen
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "dml/int128.hpp"

namespace dml {

// 2D tensor parallelism: W1 and W2 are sharded into (d_ff / ff) x (d_model / model) blocks.
struct TensorParallel {
  std::int64_t model = 1;  // shards of the d_model dimension
  std::int64_t ff = 1;     // shards of the d_ff dimension
};

// How each degree is split across the network levels, bottom level first: one entry per level
// (the same count as Cluster::levels). Below the top, the five factors of a level multiply to
// the level's size (cut to the cluster, spec 2.2); each degree is the product of its entries.
struct LevelSplit {
  std::vector<std::int64_t> dp;
  std::vector<std::int64_t> tp_model;
  std::vector<std::int64_t> tp_ff;
  std::vector<std::int64_t> pp;
  std::vector<std::int64_t> ep;
};

struct Layout {
  std::int64_t dp = 1;              // data-parallel replicas
  TensorParallel tp;                // 2D tensor parallelism
  std::int64_t pp = 1;              // pipeline stages
  std::int64_t ep = 1;              // expert-parallel ranks (the paper uses gcd(N, experts))
  std::int64_t microbatches = 1;    // m: microbatches per pipeline per batch
  bool zero_bubble = false;         // zero-bubble schedule (no bubble, m >= 2 pp) instead of 1F1B
  std::int64_t interleave = 0;      // v: interleaved 1F1B chunks per stage; 0 = the paper's rule
                                    // (layers / pp for 1F1B with pp > 1, else 1)
  std::optional<LevelSplit> split;  // unset: the split that trains fastest

  // The number of GPUs, dp x tp.model x tp.ff x pp x ep (exact; throws OverflowError).
  [[nodiscard]] u128 gpus() const;
};

}  // namespace dml
