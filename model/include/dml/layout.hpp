// A parallel layout: how a training run is spread over N GPUs (docs/model.md 2.1-2.2).
//
//   Layout l{.dp = 1, .tp = {.model = 4, .ff = 8}, .pp = 64, .microbatches = 128,
//            .zero_bubble = true};      // N = 1 x 32 x 64 x 1 = 2048 GPUs, best split chosen
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "dml/describe.hpp"
#include "dml/int128.hpp"

namespace dml {

// 2D tensor parallelism: W1 and W2 are sharded into (d_ff / ff) x (d_model / model) blocks.
struct TensorParallel {
  std::int64_t model = 1;  // shards of the d_model dimension
  std::int64_t ff = 1;     // shards of the d_ff dimension
};

// How each degree is split across the network levels, bottom level first: one entry per level
// (the same count as Cluster::levels). Below the top, the five factors of a level multiply to
// the level's size (cut to the cluster, docs/model.md 2.2); each degree is the product of its
// entries.
struct LevelSplit {
  std::vector<std::int64_t> dp{};
  std::vector<std::int64_t> tp_model{};
  std::vector<std::int64_t> tp_ff{};
  std::vector<std::int64_t> pp{};
  std::vector<std::int64_t> ep{};
};

struct Layout {
  std::int64_t dp = 1;            // data-parallel replicas
  TensorParallel tp{};            // 2D tensor parallelism
  std::int64_t pp = 1;            // pipeline stages
  std::int64_t ep = 1;            // expert-parallel ranks (the paper uses gcd(N, experts))
  std::int64_t microbatches = 1;  // m: microbatches per pipeline per batch
  bool zero_bubble = false;       // zero-bubble schedule (no bubble, m >= 2 pp) instead of 1F1B
  std::optional<std::int64_t> interleave{};  // v: interleaved 1F1B chunks per stage; unset: the
                                             // paper's rule (layers / pp for 1F1B with pp > 1,
                                             // else 1)
  std::optional<LevelSplit> split{};         // unset: the split that trains fastest

  // The number of GPUs, dp x tp.model x tp.ff x pp x ep (exact; throws OverflowError).
  [[nodiscard]] u128 gpus() const;
};

// --- descriptions ----------------------------------------------------------------------------

template <>
struct Description<TensorParallel> {
  static constexpr std::string_view name = "tp";
  static constexpr std::string_view title = "a 2D tensor-parallel degree";
  static constexpr std::string_view doc =
      "2D tensor parallelism: the weights are sharded into (d_ff / ff) x (d_model / model) "
      "blocks.";
  static constexpr std::array<std::string_view, 2> positional{"model", "ff"};  // { 4, 8 }
  template <class V, class S>
  static void fields(V& v, S& t) {
    v.field(t.model, {.name = "model", .doc = "shards of the d_model dimension", .min = 1});
    v.field(t.ff, {.name = "ff", .doc = "shards of the d_ff dimension", .min = 1});
  }
};

template <>
struct Description<LevelSplit> {
  static constexpr std::string_view name = "split";
  static constexpr std::string_view title = "a split of the degrees across network levels";
  static constexpr std::string_view doc =
      "How each degree is split across the network levels, innermost first: one entry per "
      "level.";
  template <class V, class S>
  static void fields(V& v, S& s) {
    v.field(s.dp, {.name = "dp", .doc = "data parallelism per level", .required = true});
    v.field(s.tp_model,
            {.name = "tp_model", .doc = "d_model tensor parallelism per level", .required = true});
    v.field(s.tp_ff,
            {.name = "tp_ff", .doc = "d_ff tensor parallelism per level", .required = true});
    v.field(s.pp, {.name = "pp", .doc = "pipeline parallelism per level", .required = true});
    v.field(s.ep, {.name = "ep", .doc = "expert parallelism per level", .required = true});
  }
};

template <>
struct Description<Layout> {
  static constexpr std::string_view name = "layout";
  static constexpr std::string_view title = "a parallel layout";
  static constexpr std::string_view doc =
      "How a run is spread over GPUs: the number of GPUs is dp x tp.model x tp.ff x pp x ep.";
  template <class V, class S>
  static void fields(V& v, S& l) {
    v.field(l.dp, {.name = "dp", .doc = "data-parallel replicas", .min = 1});
    v.field(l.tp,
            {.name = "tp", .doc = "2D tensor parallelism: { model = 4, ff = 8 } or { 4, 8 }"});
    v.field(l.pp, {.name = "pp", .doc = "pipeline stages", .min = 1});
    v.field(l.ep, {.name = "ep", .doc = "expert-parallel ranks", .min = 1});
    v.field(l.microbatches,
            {.name = "microbatches", .doc = "m: microbatches per pipeline per batch", .min = 1});
    v.field(l.zero_bubble, {.name = "zero_bubble", .doc = "zero-bubble schedule instead of 1F1B"});
    v.field(l.interleave, {.name = "interleave",
                           .doc = "v: interleaved 1F1B chunks per stage",
                           .min = 1,
                           .default_text = "the paper's rule (layers / pp for 1F1B with pp > 1)"});
    v.field(l.split, {.name = "split",
                      .doc = "the per-level split of each degree",
                      .default_text = "the fastest"});
  }
};

}  // namespace dml
