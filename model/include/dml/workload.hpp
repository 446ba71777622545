// The network being trained and the run: the paper's stack of MLP blocks (dense or
// mixture-of-experts), its scaling laws (depth, sparsity, batch size) and the data and
// compute they imply (spec sections 1.1-1.5).
//
//   auto run = paper_run(12288, {});   // d_model = 12288 with the paper's laws
//   run.model.layers == 192; run.batch_sequences == 3584; train_flop(run) == 6.4549e24
#pragma once

#include <cstdint>
#include <vector>

#include "dml/int128.hpp"

namespace dml {

// L identical MLP blocks (no attention, embedding or norm). Each block has W1 (d_ff x d_model)
// and W2 (d_model x d_ff); a sparse block has `experts` copies and routes each token to one.
struct MlpStack {
  std::int64_t d_model = 0;  // D: model width
  std::int64_t d_ff = 0;     // F: hidden width of the MLP (the paper uses 4 D)
  std::int64_t layers = 0;   // L: number of MLP blocks
  std::int64_t experts = 1;  // E: experts per layer, top-1 routing ("sparsity factor"); 1 = dense
};

// One training run of a model: the model, its batch and its data.
struct TrainingRun {
  MlpStack model;
  std::int64_t batch_sequences = 0;    // global batch in sequences
  std::int64_t seq_len = 2048;         // tokens per sequence
  std::int64_t tokens_per_param = 20;  // dataset D = tokens_per_param x total parameters
                                       // (Chinchilla, applied to the total count)
};

// Throws ConfigError naming the field and value ("run.model.d_ff: must be positive, got 0").
void validate(const TrainingRun& run, const std::string& path = "run");

[[nodiscard]] u128 total_params(const MlpStack& m);               // 2 D F L E
[[nodiscard]] u128 active_params(const MlpStack& m);              // 2 D F L
[[nodiscard]] std::int64_t batch_tokens(const TrainingRun& run);  // batch_sequences x seq_len
[[nodiscard]] u128 dataset_tokens(const TrainingRun& run);        // tokens_per_param x params
// Training compute C = 6 x active parameters x tokens, rounded once to double.
[[nodiscard]] double train_flop(const TrainingRun& run);

// --- Scaling laws ----------------------------------------------------------------------------

// The element of {f 2^i : f in {1,3,5,7,9}, 0 <= i < 60} closest to x; on a tie the smaller.
[[nodiscard]] std::int64_t round_list(double x);

// L = round_list(coefficient (D F)^exponent): a power law fit to Hoffmann et al. (2022).
struct DepthLaw {
  double coefficient = 0.10056;  // paper: 0.10056
  double exponent = 0.3751;      // paper: 0.3751
};
[[nodiscard]] std::int64_t layers_for(const DepthLaw& law, std::int64_t d_model, std::int64_t d_ff);

// Experts per layer. kDense: 1. kPaper: round_list(base sqrt(D F / (4 reference_width^2))),
// i.e. `base` experts at D = reference_width, F = 4 D, growing linearly with width.
struct SparsityLaw {
  enum class Kind { kDense, kPaper };
  Kind kind = Kind::kDense;
  double base = 8;                       // paper: 8 experts ...
  std::int64_t reference_width = 12288;  // ... at d_model = 12288 ("roughly GPT-4")
};
[[nodiscard]] std::int64_t experts_for(const SparsityLaw& law, std::int64_t d_model,
                                       std::int64_t d_ff);

// Global batch size in sequences, from compute C, seq_len and experts E (spec 1.4).
//   kPaper ("Default scaling"): bs = sqrt(E) (C / 3e23)^(1/6) 2048^2 / seq_len;
//   kDeepSeek: bs = sqrt(E) 0.2920 C^0.3271 / seq_len (Bi et al. 2024);
//   both return E round_list(bs / E).
//   kFixed ("No scaling"): fixed_tokens // seq_len.
struct BatchRule {
  enum class Kind { kPaper, kFixed, kDeepSeek };
  Kind kind = Kind::kPaper;
  double reference_flop = 3e23;             // kPaper: compute at which ...
  double reference_tokens = 2048.0 * 2048;  // ... the batch is 4 Mi tokens
  double compute_exponent = 1.0 / 6;        // kPaper: bs grows as C^(1/6)
  double deepseek_coefficient = 0.2920;     // kDeepSeek: tokens = 0.2920 C^0.3271
  double deepseek_exponent = 0.3271;
  std::int64_t fixed_tokens = 1 << 22;  // kFixed: 4,194,304 tokens
};
[[nodiscard]] std::int64_t batch_sequences_for(const BatchRule& rule, double train_flop,
                                               std::int64_t seq_len, std::int64_t experts);

// The laws that turn a width into a run (the paper's "setting" without its hardware).
struct ScalingLaws {
  DepthLaw depth;             // paper's Hoffmann fit
  SparsityLaw sparsity;       // dense by default
  BatchRule batch;            // paper's default rule
  std::int64_t ff_ratio = 4;  // F = ff_ratio x D
  std::int64_t seq_len = 2048;
  std::int64_t tokens_per_param = 20;
};

// The run the paper trains at width d_model: F = 4 D, L, E and batch from the laws.
[[nodiscard]] TrainingRun paper_run(std::int64_t d_model, const ScalingLaws& laws);

// The paper's sweep grid: every f 2^i (f odd in 1..15, 11 <= i <= 21) with
// 12288 <= d_model <= 12288 x 128, ascending (55 values: 12288, 14336, 16384, ...).
[[nodiscard]] std::vector<std::int64_t> paper_d_model_grid();

}  // namespace dml
