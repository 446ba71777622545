#include "dml/workload.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "dml/error.hpp"

namespace dml {
namespace {

// {f 2^i : f in {1,3,5,7,9}, 0 <= i < 60}, sorted. Every element is exact as a double.
const std::array<double, 300>& rounding_list() {
  static const std::array<double, 300> list = [] {
    std::array<double, 300> l{};
    std::size_t k = 0;
    for (int f = 1; f <= 9; f += 2) {
      for (int i = 0; i < 60; ++i) l[k++] = std::ldexp(static_cast<double>(f), i);
    }
    std::sort(l.begin(), l.end());
    return l;
  }();
  return list;
}

}  // namespace

std::int64_t ff_width(const MlpStack& m) { return m.d_ff ? *m.d_ff : 4 * m.d_model; }

void Description<MlpStack>::check(const MlpStack& m, const std::string& path) {
  if (m.d_model < 1 || static_cast<double>(m.d_model) > kMaxWidth) return;  // the field's own check
  if (!m.d_ff && 4.0 * static_cast<double>(m.d_model) > kMaxWidth) {
    throw ConfigError(path + ".d_model",
                      "{} makes d_ff (4 x d_model, left out) more than {}: give d_ff, or a "
                      "d_model of at most {}",
                      m.d_model, static_cast<std::int64_t>(kMaxWidth),
                      static_cast<std::int64_t>(kMaxWidth / 4));
  }
  if (!m.layers && (!m.d_ff || static_cast<double>(*m.d_ff) <= kMaxWidth)) {
    const double layers = static_cast<double>(layers_for(DepthLaw{}, m.d_model, ff_width(m)));
    if (layers > kMaxLayers) {
      throw ConfigError(path + ".d_model",
                        "{} gives {} layers by the depth law (layers left out), more than {}: "
                        "give layers, or a smaller d_model",
                        m.d_model, static_cast<std::int64_t>(layers),
                        static_cast<std::int64_t>(kMaxLayers));
    }
  }
}

std::int64_t depth(const MlpStack& m) {
  return m.layers ? *m.layers : layers_for(DepthLaw{}, m.d_model, ff_width(m));
}

void validate(const TrainingRun& run, const std::string& path) {
  validate(run.model, path + ".model");
  const auto check = [&](const std::string& problem, const char* field) {
    if (!problem.empty()) throw ConfigError(path + "." + field, problem);
  };
  check(whole_problem(run.batch_sequences, {.min = 1}), "batch_sequences");
  check(whole_problem(run.seq_len, {.min = 1, .max = kMaxSeqLen}), "seq_len");
  check(number_problem(run.tokens_per_param, {.min = 0, .above = true}), "tokens_per_param");
  if (run.tokens) check(number_problem(*run.tokens, {.min = 1, .max = kMaxTokens}), "tokens");
  check(quantity_problem(to_quantity(run.duration), {}), "duration");
  std::int64_t tokens = 0;
  if (__builtin_mul_overflow(run.batch_sequences, run.seq_len, &tokens) ||
      static_cast<double>(tokens) > kMaxBatchTokens) {
    throw ConfigError(path + ".batch_tokens",
                      "{} sequences x {} tokens is past the largest batch the model supports ({} "
                      "tokens)",
                      run.batch_sequences, run.seq_len, kMaxBatchTokens);
  }
  (void)total_params(run.model);  // throws OverflowError past 128 bits
  if (!run.tokens)
    check_dataset_tokens(run.model, run.tokens_per_param, path + ".tokens_per_param");
}

void check_dataset_tokens(const MlpStack& model, double tokens_per_param,
                          const std::string& field) {
  if (!(std::nearbyint(tokens_per_param * to_double(total_params(model))) >= 1)) {
    throw ConfigError(field,
                      "{} tokens per parameter x {} parameters is less than one token to train",
                      tokens_per_param, to_string(total_params(model)));
  }
}

u128 active_params(const MlpStack& m) {
  u128 p = checked_mul(2, static_cast<u128>(m.d_model), "parameter count");
  p = checked_mul(p, static_cast<u128>(ff_width(m)), "parameter count");
  return checked_mul(p, static_cast<u128>(depth(m)), "parameter count");
}

u128 total_params(const MlpStack& m) {
  return checked_mul(active_params(m), static_cast<u128>(m.experts), "parameter count");
}

std::int64_t batch_tokens(const TrainingRun& run) {
  std::int64_t tokens = 0;
  if (__builtin_mul_overflow(run.batch_sequences, run.seq_len, &tokens)) {
    throw OverflowError("batch tokens do not fit in 64 bits");
  }
  return tokens;
}

u128 dataset_tokens(const TrainingRun& run) {
  if (run.tokens) return static_cast<u128>(std::nearbyint(*run.tokens));  // 1 <= tokens <= 1e30
  const double k = run.tokens_per_param;
  if (k == std::floor(k) && k <= 9007199254740992.0) {  // a whole number: exact, as the paper's
    return checked_mul(static_cast<u128>(k), total_params(run.model), "dataset size");
  }
  const double tokens = std::nearbyint(k * to_double(total_params(run.model)));
  if (!(tokens < 0x1p127)) {
    throw OverflowError(
        fmt::format("dataset size: {} tokens per parameter x {} parameters does "
                    "not fit in 128 bits",
                    k, to_string(total_params(run.model))));
  }
  return static_cast<u128>(tokens);
}

double train_flop(const TrainingRun& run) {
  // Python: 6 * N_param * D / sf with exact integers, i.e. 6 N_active D rounded once.
  return product_to_double({6, active_params(run.model), dataset_tokens(run)});
}

std::int64_t round_list(double x) {
  if (std::isnan(x)) throw ConfigError("round_list", "argument is NaN");
  const auto& l = rounding_list();
  const auto it = std::lower_bound(l.begin(), l.end(), x);
  if (it == l.begin()) return static_cast<std::int64_t>(l.front());
  if (it == l.end()) return static_cast<std::int64_t>(l.back());
  const double after = *it;
  const double before = *(it - 1);
  return static_cast<std::int64_t>(after - x < x - before ? after : before);
}

std::int64_t layers_for(const DepthLaw& law, std::int64_t d_model, std::int64_t d_ff) {
  const double width2 = static_cast<double>(static_cast<u128>(d_model) * static_cast<u128>(d_ff));
  return round_list(law.coefficient * std::pow(width2, law.exponent));
}

std::int64_t experts_for(const SparsityLaw& law, std::int64_t d_model, std::int64_t d_ff) {
  if (law.kind == SparsityLaw::Kind::kDense) return 1;
  if (law.reference_width <= 0) {
    throw ConfigError("sparsity.reference_width", "must be positive, got {}", law.reference_width);
  }
  const u128 ref2 = checked_mul(4 * static_cast<u128>(law.reference_width),
                                static_cast<u128>(law.reference_width), "sparsity law");
  const double ratio = ratio_to_double(static_cast<u128>(d_model) * static_cast<u128>(d_ff), ref2);
  return round_list(law.base * std::pow(ratio, 0.5));
}

std::int64_t batch_sequences_for(const BatchRule& rule, double train_flop, std::int64_t seq_len,
                                 std::int64_t experts) {
  if (seq_len <= 0) throw ConfigError("run.seq_len", "must be positive, got {}", seq_len);
  if (experts <= 0) throw ConfigError("run.model.experts", "must be positive, got {}", experts);
  const auto sf = static_cast<double>(experts);
  double bs = 0;
  switch (rule.kind) {
    case BatchRule::Kind::kFixed:
      if (rule.fixed_tokens < seq_len) {
        throw ConfigError("batch.fixed_tokens", "must be at least seq_len = {}, got {}", seq_len,
                          rule.fixed_tokens);
      }
      return rule.fixed_tokens / seq_len;
    case BatchRule::Kind::kPaper:
      bs = std::pow(sf, 0.5) * std::pow(train_flop / rule.reference_flop, rule.compute_exponent) *
           rule.reference_tokens / static_cast<double>(seq_len);
      break;
    case BatchRule::Kind::kDeepSeek:
      bs = (1.0 / static_cast<double>(seq_len)) * std::pow(sf, 0.5) * rule.deepseek_coefficient *
           std::pow(train_flop, rule.deepseek_exponent);
      break;
  }
  std::int64_t out = 0;
  if (__builtin_mul_overflow(experts, round_list(bs / sf), &out)) {
    throw OverflowError("batch size does not fit in 64 bits");
  }
  return out;
}

TrainingRun paper_run(std::int64_t d_model, const ScalingLaws& laws) {
  if (d_model <= 0) throw ConfigError("d_model", "must be positive, got {}", d_model);
  if (laws.ff_ratio <= 0) throw ConfigError("ff_ratio", "must be positive, got {}", laws.ff_ratio);
  TrainingRun run;
  run.model.d_model = d_model;
  std::int64_t d_ff = 0;
  if (__builtin_mul_overflow(laws.ff_ratio, d_model, &d_ff)) {
    throw ConfigError("d_model", "{} x ff_ratio {} overflows", d_model, laws.ff_ratio);
  }
  run.model.d_ff = d_ff;
  run.model.layers = layers_for(laws.depth, d_model, d_ff);
  run.model.experts = experts_for(laws.sparsity, d_model, d_ff);
  run.seq_len = laws.seq_len;
  run.tokens_per_param = static_cast<double>(laws.tokens_per_param);
  run.batch_sequences = 1;  // the batch follows from the model: check the model first
  validate(run);
  run.batch_sequences =
      batch_sequences_for(laws.batch, train_flop(run), laws.seq_len, run.model.experts);
  validate(run);
  return run;
}

std::vector<std::int64_t> paper_d_model_grid() {
  std::vector<std::int64_t> grid;
  for (std::int64_t f = 1; f <= 15; f += 2) {
    for (int i = 11; i <= 21; ++i) {
      const std::int64_t d = f << i;
      if (d >= 12288 && d <= 12288 * 128) grid.push_back(d);
    }
  }
  std::sort(grid.begin(), grid.end());
  return grid;
}

}  // namespace dml
