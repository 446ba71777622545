// The paper's settings and its five comparisons (docs/model.md 1.6), for tests and benchmarks.
// A setting is (GPU and network, depth law, sparsity law, batch rule); see paper_gpus.hpp.
#pragma once

#include <string>
#include <vector>

#include "dml/search.hpp"
#include "dml/workload.hpp"
#include "paper_gpus.hpp"

namespace dml::paper {

inline ScalingLaws dense_laws() { return ScalingLaws{}; }
inline ScalingLaws sparse_laws() {
  ScalingLaws l;
  l.sparsity.kind = SparsityLaw::Kind::kPaper;
  return l;
}

inline Setting setting(std::string name, Cluster c, ScalingLaws laws) {
  return Setting{.name = std::move(name), .cluster = std::move(c), .laws = laws};
}

// Spec 1.6: the five comparisons, as (run name, settings in order).
struct Comparison {
  std::string run;
  std::vector<Setting> settings;
};

inline std::vector<Comparison> comparisons() {
  const auto base = [](const ScalingLaws& laws) {
    return std::vector<Setting>{setting("V100 SXM", v100_sxm(), laws),
                                setting("A100 SXM", a100_sxm(), laws),
                                setting("H100 SXM", h100_sxm(), laws)};
  };
  const auto grand = [](const ScalingLaws& laws) {
    return std::vector<Setting>{
        setting("H100 SXM", h100_sxm(), laws),
        setting("H100 SXM Low Latency", h100_low_latency(), laws),
        setting("H100 SXM Global NVLink", h100_global_nvlink(), laws),
        setting("H100 SXM Global NVLink and LL", h100_global_nvlink_ll(), laws),
        setting("H100 SXM Infinite Network and LL", h100_infinite_network_ll(), laws)};
  };
  ScalingLaws fixed = dense_laws();
  fixed.batch.kind = BatchRule::Kind::kFixed;
  ScalingLaws deepseek = dense_laws();
  deepseek.batch.kind = BatchRule::Kind::kDeepSeek;
  return {
      {"base_comparison", base(dense_laws())},
      {"base_comparison_sparse", base(sparse_laws())},
      {"grand_comparison_dense", grand(dense_laws())},
      {"grand_comparison_sparse", grand(sparse_laws())},
      {"batch_size_comparison",
       {setting("No scaling", h100_sxm(), fixed),
        setting("Default scaling", h100_sxm(), dense_laws()),
        setting("DeepSeek scaling", h100_sxm(), deepseek)}},
  };
}

}  // namespace dml::paper
