// The network being trained and the run: the paper's stack of MLP blocks (dense or
// mixture-of-experts), its scaling laws (depth, sparsity, batch size) and the data and
// compute they imply (docs/model.md 1.1-1.5).
//
//   auto run = paper_run(12288, {});   // d_model = 12288 with the paper's laws
//   run.model.layers == 192; run.batch_sequences == 3584; train_flop(run) == 6.4549e24
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dml/describe.hpp"
#include "dml/int128.hpp"
#include "dml/units.hpp"

namespace dml {

// L identical MLP blocks (no attention, embedding or norm). Each block has W1 (d_ff x d_model)
// and W2 (d_model x d_ff); a sparse block has `experts` copies and routes each token to one.
struct MlpStack {
  std::int64_t d_model = 0;              // D: model width
  std::optional<std::int64_t> d_ff{};    // F: hidden width of the MLP; unset: 4 D (the paper's)
  std::optional<std::int64_t> layers{};  // L: number of MLP blocks; unset: the depth law
  std::int64_t experts = 1;  // E: experts per layer, top-1 routing ("sparsity factor"); 1 = dense
  std::optional<std::string> name{};  // a label for tables
};

// F and L of a model, with the paper's rules where they are unset.
[[nodiscard]] std::int64_t ff_width(const MlpStack& m);
[[nodiscard]] std::int64_t depth(const MlpStack& m);

// The paper's time budget: 0.25 of its years of 3.154e7 s (7885000 s, "3 months").
inline constexpr units::Seconds kPaperDuration = 0.25 * units::kPaperYear;

// One training run of a model: the model, its batch, its data and its time budget.
struct TrainingRun {
  MlpStack model{};
  std::int64_t batch_sequences = 0;          // global batch in sequences
  std::int64_t seq_len = 2048;               // tokens per sequence
  double tokens_per_param = 20;              // dataset D = tokens_per_param x total parameters
                                             // (Chinchilla, applied to the total count) ...
  std::optional<double> tokens{};            // ... unless the tokens to train are given
  units::Seconds duration = kPaperDuration;  // the time a cluster may take to train it
};

// The contract of the core's entry points: the model within its description, a positive batch,
// and every count small enough that no product of the cost model leaves 64 bits. Throws
// ConfigError naming the field ("run.model.d_ff: must be a positive whole number, got 0").
void validate(const TrainingRun& run, const std::string& path = "run");

[[nodiscard]] u128 total_params(const MlpStack& m);               // 2 D F L E
[[nodiscard]] u128 active_params(const MlpStack& m);              // 2 D F L
[[nodiscard]] std::int64_t batch_tokens(const TrainingRun& run);  // batch_sequences x seq_len
// The dataset: `tokens` when given, else tokens_per_param x total parameters (exact for a whole
// tokens_per_param, as the paper's code computes it), rounded to a whole token.
[[nodiscard]] u128 dataset_tokens(const TrainingRun& run);
// ConfigError at `field` when tokens_per_param x the model's parameters rounds to no token: the
// one check of a dataset given per parameter, where a run is declared and where it is validated.
void check_dataset_tokens(const MlpStack& model, double tokens_per_param, const std::string& field);
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

// Global batch size in sequences, from compute C, seq_len and experts E (docs/model.md 1.4).
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

// --- descriptions ----------------------------------------------------------------------------

// Bounds far past any real model, so that no product of the cost model (layers x experts x
// microbatches, 2 x layers, ...) can leave 64-bit integers: past them an answer would be
// wrong, and a wrong answer is worse than an error.
inline constexpr double kMaxWidth = 1099511627776.0;        // 2^40: d_model, d_ff
inline constexpr double kMaxLayers = 1048576.0;             // 2^20
inline constexpr double kMaxExperts = 1048576.0;            // 2^20
inline constexpr double kMaxSeqLen = 1073741824.0;          // 2^30
inline constexpr double kMaxBatchTokens = 4398046511104.0;  // 2^42 tokens per batch
inline constexpr double kMaxTokens = 1e30;                  // tokens to train (the dataset)

template <>
struct Description<MlpStack> {
  static constexpr std::string_view name = "mlp_stack";
  static constexpr std::string_view title = "an MLP-stack model";
  static constexpr std::string_view doc =
      "The paper's model: L identical MLP blocks (no attention), dense or mixture-of-experts "
      "with top-1 routing (Erdil & Schneider-Joseph 2024; docs/model.md 1.1).";
  template <class V, class S>
  static void fields(V& v, S& m) {
    v.field(
        m.d_model,
        {.name = "d_model", .doc = "D: model width", .required = true, .min = 1, .max = kMaxWidth});
    v.field(m.d_ff, {.name = "d_ff",
                     .doc = "F: hidden width of each MLP",
                     .min = 1,
                     .max = kMaxWidth,
                     .default_text = "4 x d_model, as in the paper"});
    v.field(m.layers, {.name = "layers",
                       .doc = "L: number of MLP blocks",
                       .min = 1,
                       .max = kMaxLayers,
                       .default_text = "the paper's depth law, round_list(0.10056 (D F)^0.3751)"});
    v.field(m.experts, {.name = "experts",
                        .doc = "E: experts per layer, each token routed to one; 1 is dense",
                        .min = 1,
                        .max = kMaxExperts});
    v.field(m.name, {.name = "name", .doc = "a label for tables"});
  }
  // What d_model implies where d_ff and layers are left to it (4 D, the depth law) stays within
  // their bounds too: said at the width, where the model is declared.
  static void check(const MlpStack& m, const std::string& path);
};

template <>
struct EnumNames<SparsityLaw::Kind> {
  static constexpr std::array values{
      std::pair{SparsityLaw::Kind::kDense, std::string_view("dense")},
      std::pair{SparsityLaw::Kind::kPaper, std::string_view("paper")}};
};

template <>
struct EnumNames<BatchRule::Kind> {
  static constexpr std::array values{
      std::pair{BatchRule::Kind::kPaper, std::string_view("paper")},
      std::pair{BatchRule::Kind::kFixed, std::string_view("fixed")},
      std::pair{BatchRule::Kind::kDeepSeek, std::string_view("deepseek")}};
};

}  // namespace dml
