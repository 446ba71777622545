// The realistic model's cost of one layout (docs/model.md part II, sections 8.x). One Ctx holds
// what depends on the run only; cost() is the hot function the search calls per layout and
// allocates nothing; evaluate() and optimize() build the plan of the layouts they return.
#include "dml/transformer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <tuple>

#include "divisors.hpp"
#include "dml/error.hpp"
#include "dml/plan.hpp"  // count_text
#include "dml/quantity.hpp"
#include "transformer_model.hpp"

namespace dml {

// --- checks of the declarations -----------------------------------------------------------------

void Description<Stack>::check(const Stack& s, const std::string& path) {
  for (std::size_t i = 0; i < s.zero_stages.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (s.zero_stages[i] == s.zero_stages[j]) {
        throw ConfigError(fmt::format("{}.zero_stages[{}]", path, i + 1), "{} is named twice",
                          s.zero_stages[i]);
      }
    }
  }
  if (!s.offers_zero(s.default_zero)) {
    throw ConfigError(path + ".default_zero",
                      "{} is not one of the stack's zero_stages: the stage a layout that leaves "
                      "zero out runs must be one the stack offers (a copy that changes "
                      "zero_stages gives default_zero too)",
                      s.default_zero);
  }
}

void Description<Moe>::check(const Moe& m, const std::string& path) {
  if (m.routed() > m.experts) {
    throw ConfigError(path + ".top_k", "{} is more than the {} experts", m.routed(), m.experts);
  }
  // A token's top_k copies go to distinct experts, so a rank holding x of them receives at most
  // min(top_k, x) of its copies, against top_k x / experts on average: the busiest rank's load is
  // at most experts / top_k times the mean (and ep times, docs/model.md 8.8).
  const double most = static_cast<double>(m.experts) / static_cast<double>(m.routed());
  if (m.imbalance > most) {
    throw ConfigError(path + ".imbalance",
                      "{} is more than experts / top_k = {} / {} = {:.4g}: a token's copies go to "
                      "distinct experts, so no rank can get more than that times the mean",
                      m.imbalance, m.experts, m.routed(), most);
  }
  if (m.pattern && (m.dense_layers > 0 || m.every > 1)) {
    throw ConfigError(path + ".pattern",
                      "gives each layer's kind: leave out {} (or set pattern = false to drop it)",
                      m.dense_layers > 0 && m.every > 1 ? "dense_layers and every"
                      : m.dense_layers > 0              ? "dense_layers"
                                                        : "every");
  }
  if (m.shared_d_ff && m.shared_experts == 0) {
    throw ConfigError(path + ".shared_d_ff",
                      "is the shared experts' width, and there are none: give shared_experts");
  }
  if (m.pad_to_capacity && !m.capacity_factor) {
    throw ConfigError(path + ".pad_to_capacity",
                      "pads each expert to its capacity: give capacity_factor too");
  }
  // Padded, an expert's capacity is at most the tokens a rank routes (Megatron-Core picks that
  // many of them by top-k: helper-358).
  if (m.pad_to_capacity && *m.capacity_factor > most) {
    throw ConfigError(path + ".capacity_factor",
                      "{} padded is more than experts / top_k = {} / {} = {:.4g}: an expert's "
                      "capacity would exceed the tokens it is picked from",
                      *m.capacity_factor, m.experts, m.routed(), most);
  }
  if (m.groups.has_value() != m.group_top_k.has_value()) {
    throw ConfigError(path + (m.groups ? ".group_top_k" : ".groups"),
                      "group-limited routing needs both groups and group_top_k");
  }
  if (!m.groups) return;
  if (*m.groups > m.experts) {
    throw ConfigError(path + ".groups", "{} groups are more than the {} experts", *m.groups,
                      m.experts);
  }
  if (m.experts % *m.groups != 0) {
    throw ConfigError(path + ".groups", "{} does not divide the {} experts", *m.groups, m.experts);
  }
  if (*m.group_top_k > *m.groups) {
    throw ConfigError(path + ".group_top_k", "{} is more than the {} groups", *m.group_top_k,
                      *m.groups);
  }
  const std::int64_t reachable = *m.group_top_k * (m.experts / *m.groups);
  if (m.routed() > reachable) {
    throw ConfigError(path + ".top_k",
                      "{} is more than the {} experts of group_top_k = {} groups of {}", m.routed(),
                      reachable, *m.group_top_k, m.experts / *m.groups);
  }
}

void Description<Transformer>::check(const Transformer& m, const std::string& path) {
  if (m.moe && m.moe->clamped_glu && !m.gated) {
    throw ConfigError(path + ".moe.clamped_glu",
                      "the model's MLP is not gated (gated = false): there is no GLU to clamp");
  }
  const std::int64_t kv = m.kv_heads.value_or(m.heads);
  if (kv > m.heads) {  // (helper-346: said as "does not divide")
    throw ConfigError(
        path + ".kv_heads",
        "{} is more than the {} query heads (GQA shares a key/value head among query heads)", kv,
        m.heads);
  }
  if (m.heads % kv != 0) {
    throw ConfigError(path + ".kv_heads", "{} does not divide the {} query heads", kv, m.heads);
  }
  if (!m.head_dim && m.d_model % m.heads != 0) {
    throw ConfigError(path + ".heads",
                      "{} does not divide d_model {}; give head_dim for such a model", m.heads,
                      m.d_model);
  }
  if (m.mla && m.kv_heads && *m.kv_heads != m.heads) {
    throw ConfigError(path + ".kv_heads",
                      "{} with mla: latent attention gives every head its own key and value "
                      "(leave kv_heads out)",
                      *m.kv_heads);
  }
  if (m.full_attention_every && !m.window) {
    throw ConfigError(path + ".full_attention_every",
                      "needs a window (every layer is full without one)");
  }
  if (m.moe && m.moe->pattern) {
    const auto n = static_cast<std::int64_t>(m.moe->pattern->size());
    if (n != m.layers) {
      throw ConfigError(path + ".moe.pattern", "has {} entr{} for the {} layers: one a layer", n,
                        n == 1 ? "y" : "ies", m.layers);
    }
    if (m.moe->moe_before(static_cast<double>(m.layers)) < 1) {
      throw ConfigError(path + ".moe.pattern", "has no MoE layer (a 1)");
    }
  }
  if (m.moe && m.moe->dense_layers >= m.layers) {
    throw ConfigError(path + ".moe.dense_layers", "{} leaves no MoE layer of the {}",
                      m.moe->dense_layers, m.layers);
  }
  if (m.moe && m.moe->moe_before(static_cast<double>(m.layers)) < 1) {
    throw ConfigError(path + ".moe.every", "{} leaves no MoE layer of the {} after the {} dense",
                      m.moe->every, m.layers, m.moe->dense_layers);
  }
}

double total_params(const Transformer& m);       // below, with the other counts
constexpr double default_tokens_per_param = 20;  // Chinchilla's, the run's default

void Description<TransformerRun>::check(const TransformerRun& r, const std::string& path) {
  if (r.global_batch && r.global_batch_tokens) {
    throw ConfigError(path + ".global_batch_tokens",
                      "give either global_batch (sequences) or global_batch_tokens, not both");
  }
  if (!r.global_batch && !r.global_batch_tokens) {
    throw ConfigError(path + ".global_batch",
                      "required: sequences per step (or global_batch_tokens)");
  }
  if (r.global_batch_tokens && *r.global_batch_tokens % r.model.seq_len != 0) {
    throw ConfigError(path + ".global_batch_tokens",
                      "{} is not a whole number of {}-token sequences", *r.global_batch_tokens,
                      r.model.seq_len);
  }
  {
    // Less than one step is no training run: most often a misplaced exponent ("1e6 tokens" for
    // "1e12 tokens"), or a model too small for its batch under the default. A partial last step
    // is fine (StepPlan.steps is not rounded).
    const std::int64_t sequences =
        r.global_batch ? *r.global_batch : *r.global_batch_tokens / r.model.seq_len;
    const double per_step = static_cast<double>(sequences) * static_cast<double>(r.model.seq_len);
    Transformer main = r.model;
    main.mtp_layers = 0;
    const double tokens = r.tokens ? *r.tokens : default_tokens_per_param * total_params(main);
    if (tokens < per_step && r.tokens) {
      throw ConfigError(path + ".tokens",
                        "{} token{} is less than one step of {:.0f} tokens ({} "
                        "sequences of {})",
                        format_number(tokens, 4), tokens == 1 ? "" : "s", per_step, sequences,
                        r.model.seq_len);
    }
    if (tokens < per_step) {
      throw ConfigError(path + ".tokens",
                        "unset: 20 a parameter (the default) is {} tokens, less "
                        "than one step of {:.0f} tokens ({} sequences of {}); give the run's "
                        "tokens",
                        format_number(tokens, 4), per_step, sequences, r.model.seq_len);
    }
  }
  if (!r.cluster.size) {
    throw ConfigError(path + ".cluster.size",
                      "required for a transformer run: the number of GPUs it uses (dml.gpus_for "
                      "searches it: any size does there)");
  }
  if (!r.cluster.gpu.efficiency) {
    throw ConfigError(path + ".cluster.gpu.efficiency",
                      "required for a transformer run: what {} reaches in real kernels (the GPU "
                      "presets carry it; see dml --doc efficiency)",
                      r.cluster.gpu.name);
  }
  if (!r.cluster.gpu.flop_per_clock_per_thread.fp16) {
    throw ConfigError(path + ".cluster.gpu.flop_per_clock_per_thread.fp16",
                      "required for a transformer run: the 16-bit rate is the peak MFU is of");
  }
  if (r.precision == Precision::kFp4 && !(r.cluster.gpu.efficiency->fp4_gain > 0)) {
    const Sources& src = r.cluster.gpu.efficiency->sources;
    const auto why = src.find("fp4_gain");
    throw ConfigError(path + ".precision",
                      "\"fp4\": no FP4 rate is known for {} (its efficiency.fp4_gain is 0{}; the "
                      "Blackwell presets carry one)",
                      r.cluster.gpu.name, why == src.end() ? "" : ": " + why->second);
  }
  // FP8 needs FP8 tensor cores: a GPU whose flop_per_clock_per_thread has no fp8 (Ampere,
  // Volta) cannot run the linears or the dispatch in FP8.
  if (!r.cluster.gpu.flop_per_clock_per_thread.fp8) {
    const char* field = r.precision == Precision::kFp8                    ? "precision"
                        : r.dispatch_precision == DispatchPrecision::kFp8 ? "dispatch_precision"
                                                                          : nullptr;
    if (field != nullptr) {
      throw ConfigError(path + "." + field,
                        "\"fp8\": {} has no FP8 rate (its flop_per_clock_per_thread has no fp8: "
                        "no FP8 tensor cores)",
                        r.cluster.gpu.name);
    }
  }
  if (r.precision == Precision::kFp4 && r.fp8_scaling == Fp8Scaling::kRowwise) {
    throw ConfigError(path + ".fp8_scaling", "\"rowwise\" applies to precision \"fp8\" only");
  }
}

void validate(const TransformerRun& run, const std::string& path) {
  detail::validate_record(run, FieldPath{nullptr, path});
}

// --- counts -------------------------------------------------------------------------------------

namespace {}  // namespace

AttentionShape attention_shape(const Transformer& m) {
  AttentionShape x;
  const double h = static_cast<double>(m.d_model);
  const double a = static_cast<double>(m.heads);
  const double dh = static_cast<double>(m.head_dim.value_or(m.d_model / m.heads));
  if (!m.mla) {
    const double g = static_cast<double>(m.kv_heads.value_or(m.heads));
    x.qk = x.v = dh;
    x.qkv_width = (a + 2 * g) * dh;
    x.kv_width = 2 * g * dh;
    x.split = h * x.qkv_width + a * dh * h;
    x.rope = (a + g) * dh;
    return x;
  }
  // MLA (DeepSeek-V2 section 2.1): down-projections to the latents, replicated across TP ranks;
  // up-projections to a heads of query (head_dim + rope_dim), key (head_dim, its rotary part
  // from the down-projection) and value (v_dim), then the output projection, split by TP.
  const Mla& l = *m.mla;
  const double dr = static_cast<double>(l.rope_dim);
  const double kv = static_cast<double>(l.kv_rank);
  x.qk = dh + dr;
  x.v = l.v_dim ? static_cast<double>(*l.v_dim) : dh;
  x.q_rank = l.q_rank ? static_cast<double>(*l.q_rank) : 0;
  x.kv_rank = kv;
  x.rope_dim = dr;
  x.qkv_width = a * (2 * x.qk + x.v);
  x.kv_width = a * (x.qk + x.v);
  x.replicated = (x.q_rank > 0 ? h * x.q_rank : 0) + h * (kv + dr);
  x.split = (x.q_rank > 0 ? x.q_rank : h) * a * x.qk + kv * a * (dh + x.v) + a * x.v * h;
  x.rope = a * dr + dr;
  x.latents = x.q_rank + kv + dr;
  return x;
}

namespace {

double attention_params(const Transformer& m) {
  const AttentionShape x = attention_shape(m);
  return x.replicated + x.split;
}

double mlp_matrices(const Transformer& m) { return m.gated ? 3.0 : 2.0; }

double expert_width(const Transformer& m) {
  return static_cast<double>(m.moe->expert_d_ff.value_or(m.d_ff));
}

// The shared experts' hidden width, all of them together.
double shared_width(const Transformer& m) {
  return m.moe->shared_d_ff ? static_cast<double>(*m.moe->shared_d_ff)
                            : static_cast<double>(m.moe->shared_experts) * expert_width(m);
}

// Average keys a query attends to in a layer whose window is w (s: full attention), causal and
// windowed counted exactly.
double keys_per_query(const Transformer& m, double w, bool causal_skips) {
  const double s = static_cast<double>(m.seq_len);
  if (!m.causal || !causal_skips) return std::min(s, w);
  if (w >= s) return (s + 1) / 2;
  // Query i sees min(i, w) keys: the sum over i = 1..s is s w - w (w - 1) / 2.
  return (s * w - w * (w - 1) / 2) / s;
}

// Average over the layers: with full_attention_every n, layers n, 2n, ... (floor(L / n) of them,
// as Megatron-Core's window_attn_skip_freq and the models' layer_types count them) see the whole
// context and the others the window.
double keys_per_query(const Transformer& m, bool causal_skips) {
  const double s = static_cast<double>(m.seq_len);
  if (!m.window) return keys_per_query(m, s, causal_skips);
  const double windowed = keys_per_query(m, static_cast<double>(*m.window), causal_skips);
  if (!m.full_attention_every) return windowed;
  const double L = static_cast<double>(m.layers);
  const double full = std::floor(L / static_cast<double>(*m.full_attention_every));
  return (full * keys_per_query(m, s, causal_skips) + (L - full) * windowed) / L;
}

// A multi-token prediction module beside its layer (DeepSeek-V3 report 2.2): the projection of
// the hidden state and the next token's embedding, 2h -> h, the two norms before it and the one
// after its layer (Megatron-Core's enorm, hnorm and final_layernorm). Its embedding and output
// head are the model's own.
double mtp_extra_params(const Transformer& m) {
  const double h = static_cast<double>(m.d_model);
  return 2 * h * h + 3 * h;
}

}  // namespace

double total_params(const Transformer& m) {
  const double h = static_cast<double>(m.d_model);
  const double L = static_cast<double>(m.layers);
  const double mtp = static_cast<double>(m.mtp_layers);
  const double embed = static_cast<double>(m.vocab) * h * (m.tied_embeddings ? 1 : 2);
  const double norms = 2 * h * (L + mtp) + h;
  const double dense_mlp = mlp_matrices(m) * h * static_cast<double>(m.d_ff);
  const double extra = mtp * mtp_extra_params(m);
  if (!m.moe) return embed + norms + extra + (L + mtp) * (attention_params(m) + dense_mlp);
  // The MTP modules' layers are of the model's last layer's kind (docs/model.md 8.1: as
  // Megatron-Core builds them).
  const Moe& e = *m.moe;
  const double moe_l = e.moe_before(L);  // the model's MoE layers; the rest dense
  const double mtp_moe = e.last_is_moe(m.layers) ? mtp : 0.0;
  const double expert = mlp_matrices(m) * h * expert_width(m);
  const double moe_mlp = expert * static_cast<double>(e.experts) +
                         mlp_matrices(m) * h * shared_width(m) + h * static_cast<double>(e.experts);
  return embed + norms + extra + (L + mtp) * attention_params(m) +
         (L + mtp - moe_l - mtp_moe) * dense_mlp + (moe_l + mtp_moe) * moe_mlp;
}

double active_params(const Transformer& m) {
  if (!m.moe) return total_params(m);
  const Moe& e = *m.moe;
  const double h = static_cast<double>(m.d_model);
  const double expert = mlp_matrices(m) * h * expert_width(m);
  const double moe_layers = e.moe_before(static_cast<double>(m.layers)) +
                            (e.last_is_moe(m.layers) ? static_cast<double>(m.mtp_layers) : 0.0);
  return total_params(m) - moe_layers * expert * static_cast<double>(e.experts - e.routed());
}

double model_flop_per_token(const Transformer& m) {
  const double h = static_cast<double>(m.d_model);
  // The model's layers and the multi-token prediction modules' (one more layer each, with its
  // 2h -> h projection and the output head again).
  const double mtp = static_cast<double>(m.mtp_layers);
  const double L = static_cast<double>(m.layers) + mtp;
  const double a = static_cast<double>(m.heads);
  double linear = L * attention_params(m) + mtp * 2 * h * h;  // multiply-adds per token
  if (!m.moe) {
    linear += L * mlp_matrices(m) * h * static_cast<double>(m.d_ff);
  } else {
    const Moe& e = *m.moe;
    const double moe_l = e.moe_before(static_cast<double>(m.layers));
    // (The MTP modules' layers of the last layer's kind.)
    const double dense_l = L - moe_l - (e.last_is_moe(m.layers) ? mtp : 0.0);
    const double expert = mlp_matrices(m) * h * expert_width(m);
    linear += dense_l * mlp_matrices(m) * h * static_cast<double>(m.d_ff);
    linear += (L - dense_l) *
              (expert * static_cast<double>(e.routed()) + mlp_matrices(m) * h * shared_width(m) +
               h * static_cast<double>(e.experts));
  }
  const AttentionShape x = attention_shape(m);
  const double attention = L * a * (x.qk + x.v) * keys_per_query(m, true);  // QK^T and AV
  const double logits = (1 + mtp) * h * static_cast<double>(m.vocab);
  return 3 * 2 * (linear + attention + logits);  // forward and backward (2x)
}

double megatron_flop_per_token(const Transformer& m) {
  // Megatron's MLA branch of num_floating_point_operations counts MLA's projections, down and
  // up, and the kernel as dml does: dml's own count stands in.
  if (m.mla) return model_flop_per_token(m);
  const double h = static_cast<double>(m.d_model);
  const double L = static_cast<double>(m.layers);
  const double s = static_cast<double>(m.seq_len);
  const double a = static_cast<double>(m.heads);
  const double g = static_cast<double>(m.kv_heads.value_or(m.heads));
  const double dh = static_cast<double>(m.head_dim.value_or(m.d_model / m.heads));
  const double V = static_cast<double>(m.vocab);
  // Megatron-Core r0.8 (megatron/training/training.py): every layer's MLP at the routed experts'
  // width times top-k (no shared experts, no dense first layers), attention non-causal, no MTP
  // modules; later releases count those (r0.10 shared experts, r0.12 causal attention and MTP).
  const double f =
      m.moe ? expert_width(m) * static_cast<double>(m.moe->routed()) : static_cast<double>(m.d_ff);
  return 12 * L * h * h *
         ((1 + g / a + s / h) * (a * dh / h) + (f / h) * (m.gated ? 1.5 : 1.0) + V / (2 * L * h));
}

// --- the run's constants ------------------------------------------------------------------------

namespace detail {

namespace {
const TransformerRun& validated(const TransformerRun& r) {
  validate(r);
  return r;
}
}  // namespace

NetworkCtx::NetworkCtx(const Cluster& cluster, const Stack& st, std::int64_t gpus) {
  const GpuEfficiency& e = *cluster.gpu.efficiency;
  n = gpus;
  const NetworkLevel& inner = cluster.levels.front();
  node = cluster.levels.size() > 1 ? inner.size.value_or(n) : n;
  node_bw = inner.bandwidth.value() / 2 * e.nvlink;
  node_alpha = inner.latency.value();
  if (node > 0 && (node & (node - 1)) == 0)
    node_shift = std::countr_zero(static_cast<std::uint64_t>(node));
  // Each level beyond the node joins `size` units of the one below; the outermost spans the
  // cluster whatever its size says. A group that crosses a level also crosses the ones inside
  // it: its bandwidth is the slowest of them.
  std::int64_t span = node;
  double bw = std::numeric_limits<double>::infinity();
  for (std::size_t lv = 1; lv < cluster.levels.size(); ++lv) {
    const NetworkLevel& level = cluster.levels[lv];
    const bool outermost = lv + 1 == cluster.levels.size();
    const std::int64_t units = level.size.value_or(1);
    span = outermost || span > std::numeric_limits<std::int64_t>::max() / units
               ? std::numeric_limits<std::int64_t>::max()
               : span * units;
    bw = std::min(bw, level.bandwidth.value() / 2 * e.network);
    outer.push_back({.span = span, .bw = bw, .alpha = level.latency.value()});
  }
  for (std::size_t lv = 0; lv < std::min<std::size_t>(2, cluster.levels.size()); ++lv) {
    if (!cluster.levels[lv].measured) continue;
    for (const BusBandwidth& row : *cluster.levels[lv].measured) {
      Curve& cv = curves[lv][static_cast<std::size_t>(row.op)];
      const double lr = row.gpus ? std::log(static_cast<double>(*row.gpus)) : 0.0;
      auto it = std::find_if(cv.series.begin(), cv.series.end(),
                             [&](const Curve::Series& x) { return x.log_ranks == lr; });
      if (it == cv.series.end()) {
        cv.series.push_back({.log_ranks = lr, .log_size = {}, .busbw = {}});
        it = cv.series.end() - 1;
      }
      it->log_size.push_back(std::log(row.size.value()));
      it->busbw.push_back(row.bus_bandwidth.value());
    }
    for (Curve& cv : curves[lv]) {
      // Group sizes in order; each series' rows in order of size.
      std::sort(
          cv.series.begin(), cv.series.end(),
          [](const Curve::Series& x, const Curve::Series& y) { return x.log_ranks < y.log_ranks; });
      for (Curve::Series& x : cv.series) {
        std::vector<std::size_t> order(x.log_size.size());
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::sort(order.begin(), order.end(),
                  [&](std::size_t i, std::size_t j) { return x.log_size[i] < x.log_size[j]; });
        Curve::Series sorted{.log_ranks = x.log_ranks, .log_size = {}, .busbw = {}};
        for (const std::size_t i : order) {
          sorted.log_size.push_back(x.log_size[i]);
          sorted.busbw.push_back(x.busbw[i]);
        }
        x = std::move(sorted);
      }
    }
  }
  launch = st.collective_launch.value();
  chunk = st.collective_chunk.value();
}

TransformerCtx::TransformerCtx(const TransformerRun& r)
    : NetworkCtx(validated(r).cluster, r.stack, *r.cluster.size), run(r) {
  const Transformer& m = r.model;
  const GpuEfficiency& e = *r.cluster.gpu.efficiency;
  h = static_cast<double>(m.d_model);
  a = static_cast<double>(m.heads);
  g = static_cast<double>(m.kv_heads.value_or(m.heads));
  dh = static_cast<double>(m.head_dim.value_or(m.d_model / m.heads));
  att = attention_shape(m);
  mla = m.mla.has_value();
  dk = (att.qk + att.v) / 2;
  f = static_cast<double>(m.d_ff);
  V = static_cast<double>(m.vocab);
  s = static_cast<double>(m.seq_len);
  layers = m.layers;
  mtp = static_cast<double>(m.mtp_layers);
  up = m.gated ? 2.0 : 1.0;
  act_bytes = m.gated ? 6.0 : 4.0;
  reductions = m.parallel_block ? 1.0 : 2.0;
  keys_model = keys_per_query(m, true);
  const bool unfused = r.stack.attention == AttentionKernel::kUnfused;
  keys_kernel = keys_per_query(m, !unfused);
  if (m.moe) {
    experts = m.moe->experts;
    top_k = static_cast<double>(m.moe->routed());
    shared = static_cast<double>(m.moe->shared_experts);
    fs = shared_width(m);
    fe = expert_width(m);
    dense_layers = m.moe->dense_layers;
    if (m.moe->pattern) {
      const std::vector<std::int64_t>& kinds = *m.moe->pattern;
      dense_first = false;
      moe_prefix.assign(kinds.size() + 1, 0.0);
      for (std::size_t i = 0; i < kinds.size(); ++i) {
        moe_prefix[i + 1] = moe_prefix[i] + static_cast<double>(kinds[i]);
      }
    }
    every = m.moe->every;
    if (every > 1) dense_first = false;
    moe_layers = m.moe->moe_before(static_cast<double>(m.layers));
    mtp_moe = m.moe->last_is_moe(m.layers);
    imbalance = m.moe->imbalance;
    capacity_factor = m.moe->capacity_factor.value_or(0);
    padded = m.moe->pad_to_capacity;
    served = capacity_factor <= 0 ? 1.0 : padded ? capacity_factor : std::min(1.0, capacity_factor);
    expert_fwd = 2 * top_k * (up + 1) * h * fe;
    unfused_clamp_bytes = m.moe->clamped_glu ? r.stack.glu_clamp_traffic * fe : 0.0;
    unfused_expert_bytes =
        (m.moe->expert_bias ? r.stack.expert_bias_traffic * h : 0.0) + unfused_clamp_bytes;
  }
  batch = r.global_batch ? *r.global_batch : *r.global_batch_tokens / m.seq_len;
  peak = *r.cluster.gpu.flop_per_clock_per_thread.fp16 * 128.0 *
         static_cast<double>(r.cluster.gpu.sms) * r.cluster.gpu.clock.value();
  low_gain = r.precision == Precision::kFp8   ? e.fp8_gain
             : r.precision == Precision::kFp4 ? e.fp4_gain
                                              : 1.0;
  gemm_peak = peak * e.gemm * low_gain;
  // Bytes per GEMM operand element: NVFP4 is 4 bits and an 8-bit scale per 16 elements.
  gemm_bytes = r.precision == Precision::kFp8   ? 1.0
               : r.precision == Precision::kFp4 ? 0.5 + 1.0 / 16
                                                : 2.0;
  half_dim = e.gemm_half_dim;
  attn_rate =
      peak * e.attention * (r.stack.attention == AttentionKernel::kFlash3 ? e.flash3_gain : 1.0);
  // Head width (docs/model.md 8.2): the stack's rate at 64 over 128, log-linear between them.
  const double width = std::clamp(std::log2(dh) - 6.0, 0.0, 1.0);  // 0 at 64, 1 at 128 and up
  attn_rate_bwd =
      attn_rate * (r.stack.attention_d64_backward + width * (1 - r.stack.attention_d64_backward));
  attn_rate *= r.stack.attention_d64_forward + width * (1 - r.stack.attention_d64_forward);
  hbm = r.cluster.gpu.hbm_bandwidth.value() * e.hbm;
  host_bw = r.cluster.gpu.host_bandwidth ? r.cluster.gpu.host_bandwidth->value() : 0.0;
  host_capacity = r.cluster.gpu.host_memory ? r.cluster.gpu.host_memory->value() : 0.0;
  // A GPU's share of its server's host; a run on fewer of a server's GPUs than it has gets the
  // whole host's optimizer over its GPUs (CPU Adam's threads take the cores a process sees:
  // ZeRO-Offload's one GPU has its server's host).
  const auto server = r.cluster.levels.empty() ? n : r.cluster.levels.front().size.value_or(n);
  host_optimizer_rate = r.cluster.gpu.host_optimizer_rate.value_or(0.0) *
                        (n < server ? static_cast<double>(server) / static_cast<double>(n) : 1.0);
  // Without a memory of its own, the capacity as datasheets write it ("192 GB" is 192 GiB), as a
  // copy with another capacity reads it (helper-370: "192 GB" gave 178.8 GiB declared from
  // scratch and 191.2 GiB in a copy).
  capacity = e.memory ? e.memory->value() : datasheet_capacity(r.cluster.gpu.hbm_capacity).value();
  workspace = e.workspace.value();
  if (m.moe && m.moe->max_nodes) max_nodes = static_cast<double>(*m.moe->max_nodes);
  if (m.moe && m.moe->groups) {
    groups = *m.moe->groups;
    group_top_k = *m.moe->group_top_k;
  }
  dispatch_bytes = r.dispatch_precision == DispatchPrecision::kFp8 ? 1.0 : 2.0;
  layer_overhead = r.stack.layer_overhead.value();
  if (r.tokens) {
    tokens = *r.tokens;
  } else {  // 20 a parameter of the model, its multi-token prediction modules left out
    Transformer main = m;
    main.mtp_layers = 0;
    tokens = default_tokens_per_param * total_params(main);
  }
  flop_model = model_flop_per_token(m);
  flop_megatron = megatron_flop_per_token(m);
  params = total_params(m);
  params_active = active_params(m);
  write_run_notes();
}

// The notes and assumptions of a plan that depend on the run alone, written once for all of its
// layouts (a plan copies them).
void TransformerCtx::write_run_notes() {
  // A level's measured collectives set only the ops they give: the others there keep alpha-beta
  // (helper-119: an all-reduce table scaled 0.25x to 100x left a ZeRO-1 run's step as it was,
  // its reduce-scatters and gathers costed without it, and nothing said so).
  for (std::size_t level = 0; level < curves.size(); ++level) {
    const auto& ops = curves[level];
    // (A level has no table, or one for every op, in most runs: settled before a list is built.)
    const auto tabled =
        std::count_if(ops.begin(), ops.end(), [](const Curve& cv) { return !cv.empty(); });
    if (tabled == 0 || tabled == std::ssize(ops)) continue;
    std::vector<std::string_view> given, kept;
    for (std::size_t op = 0; op < ops.size(); ++op) {
      (ops[op].empty() ? kept : given).push_back(enum_name(static_cast<CollectiveOp>(op)));
    }
    if (given.empty() || kept.empty()) continue;
    const auto list = [](const std::vector<std::string_view>& names) {
      std::string out;
      for (std::size_t i = 0; i < names.size(); ++i) {
        out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + std::string(names[i]);
      }
      return out;
    };
    const auto& levels = run.cluster.levels;
    run_notes.push_back(
        fmt::format("the measured collectives of {} give {} only: its {} keep alpha-beta",
                    level < levels.size() && levels[level].name ? *levels[level].name
                                                                : fmt::format("level {}", level),
                    list(given), list(kept)));
  }
  // Efficiencies that set the step time but that no measured run fitted (their sources begin
  // "estimate"): said, so that a preset's guess is not read as a measurement (docs/model.md 8.2).
  if (const auto& eff = run.cluster.gpu.efficiency) {
    // (The links only where the run uses them: NVLink with more than one GPU, the network
    // with more than one node.)
    const std::array<std::pair<std::string_view, bool>, 7> timed{{
        {"gemm", true},
        {"attention", true},
        {"hbm", true},
        {"nvlink", n > 1},
        {"network", n > node},
        {"fp8_gain", run.precision == Precision::kFp8},
        {"fp4_gain", run.precision == Precision::kFp4},
    }};
    std::string estimated;
    for (const auto& [field, used] : timed) {
      if (!used) continue;
      const auto it = eff->sources.find(field);
      if (it == eff->sources.end() || !it->second.starts_with("estimate")) continue;
      estimated += (estimated.empty() ? "" : ", ") + std::string(field);
    }
    if (!estimated.empty()) {
      run_notes.push_back(fmt::format(
          "{}'s efficiency values {} are estimates, not fitted to measured runs (their sources "
          "say how they were set): read the figures they set as a what-if",
          run.cluster.gpu.name, estimated));
    }
  }
  // Every query head its own key/value head when kv_heads is left out: multi-head attention, a
  // ninth more parameters and eight times the KV cache of Llama 3 70B's GQA where that was meant
  // (helper-372). (MLA's heads are its own: no kv_heads to give.)
  if (!run.model.kv_heads && !run.model.mla) {
    run_assumed.push_back("kv_heads = " + std::to_string(run.model.heads) +
                          " (heads: multi-head attention; give the model's own for grouped-query "
                          "attention, Llama 3's 8)");
  }
  // One routed expert a token when top_k is left out: Switch's routing, half Mixtral's expert
  // compute and an eighth of DeepSeek-V3's where theirs was meant (helper-118).
  if (const auto& moe = run.model.moe; moe && !moe->top_k) {
    run_assumed.push_back(
        "moe.top_k = 1 (Switch's routing: each token to one routed expert; give the model's own, "
        "Mixtral's 2, DeepSeek-V3's 8)");
  }
  // An expert as wide as the dense MLP: the default, and a 9x larger model where the expert's own
  // width was meant (DeepSeek-V3: d_ff 18432, experts 2048).
  if (const auto& moe = run.model.moe; moe && !moe->expert_d_ff) {
    run_assumed.push_back(fmt::format(
        "moe.expert_d_ff = {} (d_ff: each expert as wide as the dense MLP; give the experts' own "
        "width)",
        run.model.d_ff));
  }
  // The tokens to train, when the run gives none: Chinchilla's 20 a parameter (all of a MoE's,
  // the multi-token prediction modules left out), which sets the time to train.
  if (!run.tokens) {
    // (std::to_chars, as printf's "%.3g", not fmt's "{:.3g}": each dml::evaluate(run, layout)
    // writes it, and fmt's took an eighth of one's instructions.)
    char digits[32];
    const char* end =
        std::to_chars(digits, digits + sizeof digits, tokens, std::chars_format::general, 3).ptr;
    std::string text = "tokens = ";
    text.reserve(96);
    for (const char* d = digits; d != end; ++d) {
      if (*d != '+') text += *d;  // 1.61e11, as a scenario writes it
    }
    text += " (20 a parameter, Chinchilla's; give the run's tokens)";
    run_assumed.push_back(std::move(text));
  }
}

// A group of `size` ranks, `stride` apart in rank order (TP innermost: tp, cp, ep, dp, pp): the
// groups fill blocks of stride x size consecutive ranks. A block stays in one unit of a level
// when it fits and the unit holds a whole number of blocks; else some groups straddle two units,
// and the slowest group sets the pace: the block reaches the next level out, and its fewest
// ranks on one node are gcd(block, node) / stride (the shortest piece a node boundary cuts).
namespace {
// Division and remainder of non-negative degrees, in 32 bits where they fit (a 64-bit divide
// costs several times a 32-bit one on the CPUs the search runs on).
inline std::int64_t div_degrees(std::int64_t a, std::int64_t b) {
  if (((a | b) >> 32) == 0) return static_cast<std::uint32_t>(a) / static_cast<std::uint32_t>(b);
  return a / b;
}
inline std::int64_t mod_degrees(std::int64_t a, std::int64_t b) {
  if (((a | b) >> 32) == 0) return static_cast<std::uint32_t>(a) % static_cast<std::uint32_t>(b);
  return a % b;
}
}  // namespace

Group NetworkCtx::group(std::int64_t size, std::int64_t stride) const {
  Group gr;
  gr.size = static_cast<double>(size);
  gr.net_bw = outer.empty() ? node_bw : outer.front().bw;
  gr.net_alpha = outer.empty() ? node_alpha : outer.front().alpha;
  gr.bw = node_bw;
  gr.alpha = node_alpha;
  gr.per_node = gr.size;
  if (size <= 1 || outer.empty()) return gr;
  stride = std::max<std::int64_t>(stride, 1);
  std::int64_t block = 0;
  if (__builtin_mul_overflow(stride, size, &block))
    block = std::numeric_limits<std::int64_t>::max();
  // Degrees are mostly powers of two: then a unit holds whole blocks when the block's bits below
  // it are clear in the unit, with no division (the search calls this a dozen times a layout).
  const bool pow2 = (block & (block - 1)) == 0;
  const auto within = [block, pow2](std::int64_t unit) {
    return block <= unit && (pow2 ? (unit & (block - 1)) == 0 : mod_degrees(unit, block) == 0);
  };
  if (within(node)) return gr;  // level 0
  std::size_t lv = 0;
  while (lv + 1 < outer.size() && !within(outer[lv].span)) ++lv;
  const Outer& o = outer[lv];
  const std::int64_t common = pow2 ? std::min(block, node & -node) : std::gcd(block, node);
  // A power-of-two block has power-of-two factors: shifts instead of divisions.
  const std::int64_t k =
      std::clamp<std::int64_t>(pow2 ? common >> std::countr_zero(static_cast<std::uint64_t>(stride))
                                    : div_degrees(common, stride),
                               1, size);
  // The nodes the worst group touches: its shortest piece on one, the rest of its block over
  // whole nodes after it (a block of 32 on 72-GPU racks: 2 racks, pieces of 24 and 8).
  const std::int64_t touched = 1 + (node_shift >= 0 ? (block - common + node - 1) >> node_shift
                                                    : div_degrees(block - common + node - 1, node));
  gr.level = static_cast<int>(lv) + 1;
  gr.net_bw = o.bw;
  gr.net_alpha = o.alpha;
  gr.per_node = static_cast<double>(k);
  // A ring through k ranks of a node sends (k-1)/k of each rank's traffic over NVLink and 1/k
  // over its own NIC (the rings rotate which rank leaves the node; nccl-tests' busbw of a
  // multi-node all-reduce is about k NICs' bandwidth).
  gr.bw = ring_bw(node_bw, gr);
  gr.alpha = o.alpha;
  gr.nodes = static_cast<double>(std::min(touched, size));
  return gr;
}

Group NetworkCtx::chain(std::int64_t size, std::int64_t stride) const {
  Group gr = group(size, stride);
  if (gr.level > 0) {  // some neighbours on different nodes: one GPU's link to the next node
    gr.bw = std::min(node_bw, gr.net_bw);
    gr.per_node = 1;
  }
  return gr;
}

double Curve::bus_bandwidth(double bytes, double ranks) const {
  const double ls = std::log(bytes);
  const auto at = [&](const Series& x) {
    if (ls <= x.log_size.front()) return x.busbw.front() * std::exp(ls - x.log_size.front());
    if (ls >= x.log_size.back()) return x.busbw.back();
    const std::size_t hi = static_cast<std::size_t>(
        std::upper_bound(x.log_size.begin(), x.log_size.end(), ls) - x.log_size.begin());
    const std::size_t lo = hi - 1;
    const double w = (ls - x.log_size[lo]) / (x.log_size[hi] - x.log_size[lo]);
    return x.busbw[lo] + w * (x.busbw[hi] - x.busbw[lo]);
  };
  // Rows that name their group size serve the groups; rows without one only when none does.
  const std::size_t first = series.front().log_ranks == 0 && series.size() > 1 ? 1 : 0;
  if (series.size() - first == 1) return at(series[first]);
  const double lr = std::log(ranks);
  if (lr <= series[first].log_ranks) return at(series[first]);
  if (lr >= series.back().log_ranks) return at(series.back());
  std::size_t hi = first + 1;
  while (series[hi].log_ranks < lr) ++hi;
  const Series& a = series[hi - 1];
  const Series& b = series[hi];
  const double w = (lr - a.log_ranks) / (b.log_ranks - a.log_ranks);
  return at(a) + w * (at(b) - at(a));
}

// nccl-tests' conventions (docs/model.md 8.4): S is the whole buffer, bus bandwidth factors
// 2(n-1)/n for all-reduce and (n-1)/n for the others; latency per ring step. A measured table
// of the op at the group's level replaces the alpha-beta terms (its times include them).
double NetworkCtx::all_reduce(double bytes, const Group& gr) const {
  if (gr.size <= 1 || bytes <= 0) return 0;  // nothing to move: no collective
  if (const Curve* cv = measured(CollectiveOp::kAllReduce, gr)) {
    return 2 * (gr.size - 1) / gr.size * bytes / cv->bus_bandwidth(bytes, gr.size);
  }
  const Curve* nvlink = node_table(CollectiveOp::kAllReduce, gr);
  const double traffic =
      2 * (gr.size - 1) / gr.size * bytes / (nvlink ? ring_bw(table_bw(*nvlink, gr), gr) : gr.bw);
  if (gr.level == 0) return launch + gr.alpha * 2 * (gr.size - 1) + traffic;
  // Across nodes, a pipelined ring or tree (NCCL picks the faster): each network hop waits for
  // one chunk (at most the message's share of a NIC) to cross, each NVLink hop for its latency.
  const double hop = net_hop(bytes / gr.per_node, gr);
  const double inside = node_alpha * 2 * (gr.per_node - 1);
  const double ring = 2 * (gr.nodes * hop + (gr.size - gr.nodes) * node_alpha);
  const double tree = 2 * std::max(std::log2(gr.nodes), 1.0) * hop + inside;
  return launch + std::min(ring, tree) + traffic;
}

double NetworkCtx::gather(double bytes, const Group& gr, CollectiveOp op) const {
  if (gr.size <= 1 || bytes <= 0) return 0;  // nothing to move: no collective
  if (const Curve* cv = measured(op, gr)) {
    return (gr.size - 1) / gr.size * bytes / cv->bus_bandwidth(bytes, gr.size);
  }
  const Curve* nvlink = node_table(op, gr);
  const double traffic =
      (gr.size - 1) / gr.size * bytes / (nvlink ? ring_bw(table_bw(*nvlink, gr), gr) : gr.bw);
  if (gr.level == 0) return launch + gr.alpha * (gr.size - 1) + traffic;
  // A ring (NCCL has no tree for these): one rank's piece per step.
  const double hop = net_hop(bytes / gr.size, gr);
  return launch + gr.nodes * hop + (gr.size - gr.nodes) * node_alpha + traffic;
}

double NetworkCtx::all_to_all(double bytes, const Group& gr) const {
  if (gr.size <= 1 || bytes <= 0) return 0;  // nothing to move: no collective
  if (const Curve* cv = measured(CollectiveOp::kAllToAll, gr)) {
    return (gr.size - 1) / gr.size * bytes / cv->bus_bandwidth(bytes, gr.size);
  }
  const Curve* nvlink = node_table(CollectiveOp::kAllToAll, gr);
  const double inside =
      bytes * (gr.per_node - 1) / gr.size / (nvlink ? table_bw(*nvlink, gr) : node_bw);
  const double outside = bytes * (gr.size - gr.per_node) / gr.size / gr.net_bw;
  return launch + gr.alpha * (gr.size - 1) + std::max(inside, outside);
}

double NetworkCtx::exchange(double inside, double outside, const Group& gr) const {
  if (gr.size <= 1 || inside + outside <= 0) return 0;
  // One step to each other GPU of the node and to each other node (the peers a token-based
  // dispatcher writes to), not the all-to-all's n - 1 steps at the group's slowest latency.
  const double steps =
      node_alpha * (gr.per_node - 1) + (gr.nodes > 1 ? gr.net_alpha * (gr.nodes - 1) : 0);
  return launch + steps + std::max(inside / node_bw, outside / gr.net_bw);
}

double TransformerCtx::gemm(double M, double K, double N, bool low) const {
  const double dmin = std::min({M, K, N});
  const double flop = 2 * M * K * N;
  const double rate = low ? gemm_peak : gemm_peak / low_gain;
  const double compute = flop / (rate * dmin / (dmin + half_dim));
  // Operands at the linears' precision (16-bit where `low` is false), the output in 16 bits.
  const double memory = ((low ? gemm_bytes : 2.0) * (M * K + K * N) + 2 * M * N) / hbm;
  return std::max(compute, memory);
}

}  // namespace detail

namespace {

using detail::Costed;
using detail::Group;
using detail::Lay;
using detail::TransformerCtx;

}  // namespace

namespace detail {

namespace {
// Records a reason a layout cannot run, formatted only when the caller wants reasons.
struct Failures {
  std::vector<std::string>* why;
  bool none = true;
  template <class... A>
  void operator()(fmt::format_string<A...> f, A&&... args) {
    none = false;
    if (why != nullptr) why->push_back(fmt::format(f, std::forward<A>(args)...));
  }
};
}  // namespace

// The reasons a layout cannot run (docs/model.md 8.1); with why == nullptr, only whether.
bool layout_runs(const TransformerCtx& c, const Lay& l, std::vector<std::string>* why) {
  Failures fail{why};
  const Transformer& m = c.run.model;
  // The divisors of what a degree splits, listed only when the reasons are wanted (the search
  // asks whether a layout runs without them).
  const auto divs = [why](std::int64_t n, std::int64_t near) {
    return why == nullptr
               ? std::string()
               : divisors_text(static_cast<std::uint64_t>(n), static_cast<std::uint64_t>(near));
  };
  // tp x pp x cp splits the GPUs, so that dp is the rest; the checks of what dp divides need it.
  const bool split = c.n % (l.tp * l.pp * l.cp) == 0;
  if (!split) {
    fail(
        "layout: tp {} x pp {} x cp {} = {} does not divide the cluster's {} GPUs; its divisors: "
        "{}",
        l.tp, l.pp, l.cp, l.tp * l.pp * l.cp, c.n, divs(c.n, l.tp * l.pp * l.cp));
  } else if (l.tp * l.pp * l.dp * l.cp != c.n) {
    fail("layout: tp {} x pp {} x dp {} x cp {} = {} GPUs, but the cluster has {}", l.tp, l.pp,
         l.dp, l.cp, l.tp * l.pp * l.dp * l.cp, c.n);
  }
  // 2D TP splits heads and d_ff over tp / tp_model GPUs and d_model over tp_model.
  std::int64_t t1 = l.tp;
  const char* t1_name = "layout.tp";
  if (l.tp_model > 1) {
    t1_name = "layout.tp / layout.tp_model";
    if (l.tp % l.tp_model != 0) {
      fail("layout.tp_model: {} does not divide tp {}; divisors: {}", l.tp_model, l.tp,
           divs(l.tp, l.tp_model));
    } else {
      t1 = l.tp / l.tp_model;
    }
    if (m.d_model % l.tp_model != 0) {
      fail("layout.tp_model: {} does not divide d_model {}; divisors: {}", l.tp_model, m.d_model,
           divs(m.d_model, l.tp_model));
    }
    if (c.experts > 0) fail("layout.tp_model: 2D TP is modelled for dense models only");
    if (c.mla) fail("layout.tp_model: 2D TP is not modelled with latent attention (mla)");
    if (l.sequence_parallel) {
      fail(
          "layout.sequence_parallel: not with 2D TP (tp_model = {}); its d_model split "
          "already shards the activations",
          l.tp_model);
    }
  }
  if (m.heads % t1 != 0) {
    fail("{}: {} does not divide the {} heads; divisors: {}", t1_name, t1, m.heads,
         divs(m.heads, t1));
  }
  const std::int64_t kv = m.kv_heads.value_or(m.heads);
  if (kv % t1 != 0 && t1 % kv != 0) {
    fail("{}: {} and the {} key/value heads: neither divides the other", t1_name, t1, kv);
  }
  if (c.run.model.d_ff % t1 != 0) {
    fail("{}: {} does not divide d_ff {}; divisors: {}", t1_name, t1, m.d_ff, divs(m.d_ff, t1));
  }
  // The shared experts' MLP splits over TP as a dense one does (helper-358).
  if (m.moe && m.moe->shared_experts > 0) {
    const auto shared = static_cast<std::int64_t>(c.fs);
    if (shared % t1 != 0) {
      fail("{}: {} does not divide the shared experts' width {}; divisors: {}", t1_name, t1, shared,
           divs(shared, t1));
    }
  }
  // Up to L + 2 stages when they divide L + 2: the first stage only the embedding, the last only
  // the loss, as the interleaved chunks below (with a middle stage, and not zero-bubble V, whose
  // 2p chunks would be of half a place).
  if (l.pp > c.layers && ((c.layers + 2) % l.pp != 0 || l.schedule == Schedule::kZeroBubbleV ||
                          l.pp < (l.schedule == Schedule::kDualPipe ? 4 : 3))) {
    fail(
        "layout.pp: {} stages for {} layer{} (more stages than layers only when they divide the "
        "layers + 2, the embedding's and the loss's places: {}, with a middle stage and not "
        "under zero_bubble_v)",
        l.pp, c.layers, c.layers == 1 ? "" : "s", c.layers + 2);
  }
  if (l.cp > 1 && l.cp_kind == ContextParallel::kRing && windowed(m)) {
    fail(
        "layout.cp_kind: \"ring\" does not run sliding-window attention (window = {}; Transformer "
        "Engine's p2p ring refuses it, Megatron-LM #1160): use \"allgather\", as Megatron-LM "
        "does for such models",
        *m.window);
  }
  if (l.interleave > 1) {
    // Up to L + 2 chunks when the ends are one layer short (docs/model.md 8.6): Llama 3's 126
    // layers run as 16 stages x 8 chunks, the first chunk only the embedding, the last only the
    // loss.
    const std::int64_t chunks = l.pp * l.interleave;
    const std::int64_t places = c.layers + 2 + m.mtp_layers;  // the modules' places too
    // (With a middle stage, as the split places them; the modules' places with room for them
    // and the loss in the last stage.)
    const bool ends_fit = (c.layers + 2) % chunks == 0;
    const bool modules_fit = places % chunks == 0 && places / l.pp >= m.mtp_layers + 1;
    if (chunks > c.layers && (l.pp < 3 || (!ends_fit && !modules_fit))) {
      fail("layout.interleave: {} chunks x {} stages is more than the {} layers", l.interleave,
           l.pp, c.layers);
    }
    if (l.pp == 1) fail("layout.interleave: {} needs pipeline stages (pp > 1)", l.interleave);
    // Megatron-LM's interleaved schedule runs microbatches in groups of pp (schedules.py refuses
    // a count that is not a multiple of the stages).
    const std::int64_t per_replica = l.dp * l.microbatch;
    if (split && per_replica > 0 && c.batch % per_replica == 0 &&
        (c.batch / per_replica) % l.pp != 0) {
      fail(
          "layout.interleave: {} microbatches per step is not a multiple of the {} stages, as "
          "the interleaved schedule needs",
          c.batch / per_replica, l.pp);
    }
    if (l.schedule != Schedule::k1F1B) {
      fail("layout.interleave: {} needs the 1f1b schedule, not {}", l.interleave,
           enum_name(l.schedule));
    }
  }
  // Zero-bubble V splits the layers into 2 pp chunks, two a device (PyTorch's
  // ScheduleZBVZeroBubble runs two stages a rank), each of at least one layer; or, as Qi et al.
  // place them (2023, Table 6: 62 layers on 32 devices), the first chunk the embedding alone and
  // the last the head and loss alone, every other chunk a layer: 2 pp = L + 2.
  if (l.schedule == Schedule::kZeroBubbleV && l.pp > 1 && 2 * l.pp > c.layers &&
      !(2 * l.pp == c.layers + 2 && l.pp >= 3)) {
    fail(
        "layout.schedule: zero_bubble_v runs 2 x {} = {} chunks of layers, more than the {} layers "
        "(or the {} layers and the embedding's and the head's chunks)",
        l.pp, 2 * l.pp, c.layers, c.layers);
  }
  if (l.schedule == Schedule::kDualPipe && l.pp % 2 != 0) {
    fail("layout.pp: DualPipe needs an even number of stages, got {}", l.pp);
  }
  // The schedules that fill the pipeline with weight-gradient and reverse-direction work need
  // microbatches to fill it with: DualPipe an even count of at least 2 pp (DualPipe's step()
  // asserts it), zero-bubble V at least its 2 pp stages (PyTorch's ScheduleZBVZeroBubble),
  // zero-bubble H1 at least pp (its steady state; Qi et al. 2023 section 3).
  const bool fills = l.schedule == Schedule::kDualPipe || l.schedule == Schedule::kZeroBubble ||
                     l.schedule == Schedule::kZeroBubbleV;
  if (split && fills && l.pp > 1 && l.dp * l.microbatch > 0 &&
      c.batch % (l.dp * l.microbatch) == 0) {
    const std::int64_t mb = c.batch / (l.dp * l.microbatch);
    const std::int64_t least = l.schedule == Schedule::kZeroBubble ? l.pp : 2 * l.pp;
    if (mb < least || (l.schedule == Schedule::kDualPipe && mb % 2 != 0)) {
      fail(
          "layout.schedule: {} needs {}at least {} microbatches per step on {} stages; this "
          "layout has {} (batch / (dp x microbatch))",
          enum_name(l.schedule), l.schedule == Schedule::kDualPipe ? "an even count of " : "",
          least, l.pp, mb);
    }
  }
  if (l.sequence_parallel && l.tp > 1 && l.cp > 0 && m.seq_len % l.cp == 0 &&
      (m.seq_len / l.cp) % l.tp != 0) {
    fail(
        "layout.sequence_parallel: TP {} splits the {} tokens of each CP rank's sequence (seq_len "
        "{} / cp {}) between its ranks, and does not divide them",
        l.tp, m.seq_len / l.cp, m.seq_len, l.cp);
  }
  if (c.run.model.seq_len % l.cp != 0) {
    fail("layout.cp: {} does not divide the sequence length {}; divisors: {}", l.cp, m.seq_len,
         divs(m.seq_len, l.cp));
  }
  // Megatron's block method: the first N layers of each chunk recomputed whole.
  if (l.recompute_layers > 0) {
    if (l.recompute != Recompute::kFull) {
      fail("layout.recompute_layers: needs recompute \"full\" (the layout has \"{}\")",
           enum_name(l.recompute));
    }
    const std::int64_t chunks = chunks_of(l);
    const std::int64_t largest = (c.layers + chunks - 1) / chunks;
    if (l.recompute_layers > largest) {
      fail(
          "layout.recompute_layers: {} is more than a chunk's {} layers ({} layers in {} "
          "chunk{}); leave it out to recompute every layer",
          l.recompute_layers, largest, c.layers, chunks, chunks == 1 ? "" : "s");
    }
  }
  if ((l.recompute_mla_up || l.recompute_moe_act) && !c.run.stack.recompute_modules) {
    fail(
        "layout.{}: needs a stack that recomputes single modules (recompute_modules, as "
        "Megatron-Core's); {} does not",
        l.recompute_mla_up ? "recompute_mla_up" : "recompute_moe_act",
        c.run.stack.name.empty() ? std::string("this stack") : c.run.stack.name);
  }
  if (l.recompute_mla_up && !c.mla) {
    fail("layout.recompute_mla_up: the model has no latent attention (mla)");
  }
  if (l.recompute_moe_act && c.experts == 0) {
    fail("layout.recompute_moe_act: the model has no experts");
  }
  if ((l.recompute_mla_up || l.recompute_moe_act) &&
      (l.recompute == Recompute::kFull || l.recompute == Recompute::kOp)) {
    fail(
        "layout.{}: goes beside recompute \"none\", \"selective\" or \"norms\" (\"{}\" "
        "reruns it already)",
        l.recompute_mla_up ? "recompute_mla_up" : "recompute_moe_act", enum_name(l.recompute));
  }
  // Activation offloading as Megatron-Core runs it (Transformer Engine's offload handler):
  // TransformerConfig refuses it beside a pipeline or recompute, and for all the layers.
  if (l.offload > 0) {
    if (l.offload >= c.layers) {
      fail("layout.offload: {} layers is not fewer than the model's {}", l.offload, c.layers);
    }
    if (!c.run.stack.offloads_activations) {
      fail(
          "layout.offload: needs a stack that offloads activations (offloads_activations, as "
          "Megatron-Core's); {} does not",
          c.run.stack.name.empty() ? std::string("this stack") : c.run.stack.name);
    }
    if (l.pp > 1) fail("layout.offload: needs pp 1 (the layout has pp {})", l.pp);
    if (l.schedule != Schedule::k1F1B) {
      fail(
          "layout.offload: needs the 1f1b schedule, as Megatron-Core runs pp 1 (the layout has {})",
          enum_name(l.schedule));
    }
    if (l.recompute != Recompute::kNone || l.recompute_mla_up || l.recompute_moe_act) {
      fail("layout.offload: needs recompute \"none\" (offloaded layers are not recomputed)");
    }
    if (c.host_bw <= 0) {
      fail("layout.offload: the GPU ({}) has no host_bandwidth to offload over",
           c.run.cluster.gpu.name.empty() ? std::string("unnamed") : c.run.cluster.gpu.name);
    }
  }
  if (l.optimizer_offload && l.zero == 0 && l.dp * l.cp > 1) {
    fail(
        "layout.optimizer_offload: needs zero >= 1 with {} data-parallel replicas (DeepSpeed and "
        "Megatron-Core offload the optimizer's shard; unsharded, every replica's host would update "
        "the whole model)",
        l.dp * l.cp);
  }
  if (l.optimizer_offload && (c.host_bw <= 0 || c.host_optimizer_rate <= 0)) {
    fail("layout.optimizer_offload: the GPU ({}) has no {} to offload its optimizer {}",
         c.run.cluster.gpu.name.empty() ? std::string("unnamed") : c.run.cluster.gpu.name,
         c.host_bw <= 0 ? "host_bandwidth" : "host_optimizer_rate", c.host_bw <= 0 ? "over" : "at");
  }
  if (l.recompute == Recompute::kNorms && !c.run.stack.recompute_norms) {
    fail(
        "layout.recompute: \"norms\" needs a stack that recomputes its norms alone "
        "(recompute_norms, as Megatron-Core's); {} does not",
        c.run.stack.name.empty() ? std::string("this stack") : c.run.stack.name);
  }
  if (l.cp > 1 && c.run.stack.attention == AttentionKernel::kUnfused) {
    fail("layout.cp: context parallelism needs a fused attention kernel; the stack's is unfused");
  }
  if (c.experts == 0 && l.ep > 1) fail("layout.ep: {} for a dense model", l.ep);
  if (c.experts == 0 && l.etp > 1) fail("layout.etp: {} for a dense model", l.etp);
  // Megatron-Core refuses MoE with TP and no sequence parallelism in training (MoELayer.forward;
  // helper-359: costed at 3.5 times the step with it, every TP rank routing every token).
  if (c.experts > 0 && l.tp > 1 && l.tp_model == 1 && !l.sequence_parallel &&
      c.run.stack.has_sequence_parallel) {
    fail(
        "layout.sequence_parallel: a mixture of experts with tp > 1 needs sequence parallelism "
        "(Megatron-Core refuses MoE with TP without it in training)");
  }
  if (c.padded && c.run.stack.dispatcher == MoeDispatcher::kToken) {
    fail(
        "moe.pad_to_capacity: the stack's dispatcher = \"token\" (Megatron-Core's flex "
        "dispatcher: DeepEP, HybridEP) does not pad to capacity");
  }
  if (c.experts > 0) {
    if (c.experts % l.ep != 0) {
      fail("layout.ep: {} does not divide the {} experts; divisors: {}", l.ep, c.experts,
           divs(c.experts, l.ep));
    }
    const auto width = static_cast<std::int64_t>(c.fe);
    if (width % l.etp != 0) {
      fail("layout.etp: {} does not divide the experts' d_ff of {}; divisors: {}", l.etp, width,
           divs(width, l.etp));
    }
    // The experts' ranks regroup the tp x dp x cp ones as expert TP (innermost) x EP x expert DP
    // (Megatron-Core's expert rank generator).
    const std::int64_t ranks = l.tp * l.dp * l.cp;
    if (split && ranks % (l.ep * l.etp) != 0) {
      if (l.etp > 1) {
        fail(
            "layout.etp: ep {} x etp {} = {} does not divide tp x dp x cp = {} (the experts' "
            "ranks are those ranks regrouped); divisors: {}",
            l.ep, l.etp, l.ep * l.etp, ranks, divs(ranks, l.ep * l.etp));
      } else {
        fail(
            "layout.ep: {} does not divide tp x dp x cp = {} (experts, not split by TP, are "
            "spread over those ranks); divisors: {}",
            l.ep, ranks, divs(ranks, l.ep));
      }
    }
  }
  if (!split) {
    // dp is not a whole share of the GPUs (said above): what it divides says nothing more.
  } else if (c.batch % l.dp != 0) {
    fail("layout.dp: {} does not divide the global batch of {} sequence{}; divisors: {}", l.dp,
         c.batch, c.batch == 1 ? "" : "s", divs(c.batch, l.dp));
  } else if ((c.batch / l.dp) % l.microbatch != 0) {
    fail(
        "layout.microbatch: {} does not divide the {} sequence{} per data-parallel rank; divisors: "
        "{}",
        l.microbatch, c.batch / l.dp, c.batch / l.dp == 1 ? "" : "s",
        divs(c.batch / l.dp, l.microbatch));
  }
  if (l.sequence_parallel && l.tp == 1) {
    fail("layout.sequence_parallel: needs tp > 1");
  }
  if (l.sequence_parallel && !c.run.stack.has_sequence_parallel) {
    fail("layout.sequence_parallel: {} has no sequence parallelism (has_sequence_parallel = false)",
         c.run.stack.name.empty() ? std::string("this stack") : c.run.stack.name);
  }
  const std::int64_t dp_ranks = l.dp * l.cp;
  if (l.shard != dp_ranks) {
    if (split && dp_ranks % l.shard != 0) {
      fail("layout.shard: {} does not divide dp x cp = {}; divisors: {}", l.shard, dp_ranks,
           divs(dp_ranks, l.shard));
    }
    if (l.zero == 0) {
      fail("layout.shard: {} shards states, but zero = 0 keeps them whole; give zero >= 1",
           l.shard);
    }
  }
  return fail.none;
}

// The cost of one layout that runs. Allocates nothing.
void cost(const TransformerCtx& c, const Lay& l, Costed& out) {
  out.pace_device = -1;
  out.pace_dense = 0;
  out.uneven_stage_layers = 0;
  out.uneven_last_layers = 0;
  const Stack& st = c.run.stack;
  // The busiest EP rank's load over the mean: one rank (EP 1) holds every expert and is the mean.
  // A rank gets at most one copy of a token per expert it holds and at most all k, so at most
  // min(ep, experts / k) times the mean (the declaration holds it to experts / k).
  const double routed_load = l.ep > 1 ? std::min(c.imbalance, static_cast<double>(l.ep)) : 1.0;
  // A capacity factor caps each expert's tokens, so the rank's (dropping the excess); padded to
  // capacity, every expert computes and exchanges exactly that many (docs/model.md 8.2).
  const double imbalance = c.capacity_factor <= 0 ? routed_load
                           : c.padded             ? c.capacity_factor
                                                  : std::min(routed_load, c.capacity_factor);
  // The stack's EP overlap runs where Megatron-Core allows it: with a pipeline only across
  // interleaved chunks (virtual stages), and without full recompute (transformer_config.py
  // asserts both; helper-99: dml costed it, and the search chose it, where it would not launch).
  const bool stack_pairs = ep_overlap_runs(c.run.stack, l);
  const double t = static_cast<double>(l.tp);
  const double p = static_cast<double>(l.pp);
  const double v = static_cast<double>(l.interleave);
  const double d = static_cast<double>(l.dp);
  const double cp = static_cast<double>(l.cp);
  const double ep = static_cast<double>(l.ep);
  const double et = static_cast<double>(l.etp);  // expert TP
  const double b = static_cast<double>(l.microbatch);
  const double m = static_cast<double>(c.batch) / (d * b);  // microbatches
  const double T = b * c.s / cp;                            // tokens per microbatch and GPU
  // The vocabulary rows a TP rank holds: whole, the vocabulary padded to a multiple of t where t
  // does not divide it (the plan says so; Megatron pads to 128 t, the vocab field's "as padded").
  const double vocab_t = std::ceil(c.V / t);
  const bool sp = l.sequence_parallel;
  // FP8 or FP4 linears: quantized inputs, the same casts (docs/model.md 8.2).
  const bool quantized = c.run.precision != Precision::kBf16;
  const bool rowwise =
      c.run.precision == Precision::kFp8 && c.run.fp8_scaling == Fp8Scaling::kRowwise;
  // 2D TP (docs/model.md 8.5): tm GPUs split d_model, t1 = tp / tm split heads and d_ff. 1D TP
  // is tm = 1. Activations of width d_model are split by SP (t ways) or by tm.
  const double tm = static_cast<double>(l.tp_model);
  const double t1 = t / tm;
  const double sp_div = sp ? t : tm;

  // --- one layer, one microbatch (docs/model.md 8.2) ---
  const double h = c.h, a = c.a, dh = c.dh;
  const AttentionShape& x = c.att;
  // Per TP rank: the query heads split t1 ways, the key/value heads min(t1, g) ways: with more
  // ranks than key/value heads each rank holds a whole one, copied t1/g times (as vLLM copies
  // them; Megatron-Core requires t1 to divide g: docs/model.md 8.5). MLA splits every head's key
  // and value t1 ways.
  const double kv_ranks = c.mla ? t1 : std::min(t1, c.g);
  const double qkv_t = c.mla ? x.qkv_width / t1 : (a / t1 + 2 * c.g / kv_ranks) * dh;
  const double rope_t = c.mla ? x.rope / t1 : (a / t1 + c.g / kv_ranks) * dh;  // RoPE's elements
  // The copies' key/value projection weights, over all t GPUs (0 when t1 <= g).
  const double kv_copies = c.mla ? 0.0 : 2 * c.g * dh * h * (t1 / kv_ranks - 1);
  // Attention's linear layers: the query/key/value projection and the output projection; with
  // MLA the down-projections to the latents (every TP rank computes them whole), the
  // up-projections to the heads and the output projection (docs/model.md 8.2).
  // The column-parallel ones (the query/key/value projection, MLA's up-projections, the MLP's
  // up-projection) are kept apart too: TP's backward reductions hide under their weight
  // gradients (docs/model.md 8.5).
  double attn_gemm = 0, attn_column = 0;
  if (c.mla) {
    // The down-projections see the rank's own tokens under SP (T / t), all T without it.
    const double q_in = x.q_rank > 0 ? x.q_rank : h;
    const double T_down = T / sp_div;
    const double q_up = c.gemm(T, q_in, a * x.qk / t);
    const double kv_up = c.gemm(T, x.kv_rank, a * (dh + x.v) / t);
    attn_gemm = (x.q_rank > 0 ? c.gemm(T_down, h, x.q_rank) : 0.0) + q_up +
                c.gemm(T_down, h, x.kv_rank + x.rope_dim) + kv_up + c.gemm(T, a * x.v / t, h);
    attn_column = q_up + kv_up;
  } else {
    attn_column = c.gemm(T, h / tm, qkv_t);
    attn_gemm = attn_column + c.gemm(T, a * dh / t1, h / tm);
  }
  const double dense_up = c.gemm(T, h / tm, c.up * c.f / t1);
  const double dense_gemm = dense_up + c.gemm(T, c.f / t1, h / tm);
  double shared_up = 0;  // the shared experts' up-projection, split by TP
  double moe_gemm = 0;
  double moe_elem = 0;
  double expert_tokens = 0;  // tokens entering one rank's dispatcher
  double permute = 0;        // the token permutation's HBM time, forward (= backward)
  if (c.experts > 0) {
    expert_tokens = sp ? T / t : T;
    const double local = static_cast<double>(c.experts) / ep;
    // Expert TP (docs/model.md 8.8): the copies an expert's ranks received, gathered over its
    // etp ranks, each running them all through its 1/etp of the expert's width.
    const double per_expert = expert_tokens * c.top_k * ep * et / static_cast<double>(c.experts);
    moe_gemm = local * imbalance *
                   (c.gemm(per_expert, h, c.up * c.fe / et) + c.gemm(per_expert, c.fe / et, h)) +
               c.gemm(T, h, static_cast<double>(c.experts));  // the router
    if (c.shared > 0) {
      shared_up = c.gemm(T, h, c.up * c.fs / t);
      moe_gemm += shared_up + c.gemm(T, c.fs / t, h);
    }
    // The biases and the clamp a stack leaves unfused (docs/model.md 8.2): their bytes are
    // forward and backward together, a third of them counted here, as the backward of every
    // element-wise op is costed at twice its forward.
    moe_elem =
        (expert_tokens * c.top_k * imbalance * (c.act_bytes * c.fe + c.unfused_expert_bytes / 3) +
         T * c.act_bytes * c.fs / t);
    // Token permutation (docs/model.md 8.2): each token read once before the dispatch and
    // written once after the combine; each of its k copies written and read by the stack's
    // permute and unpermute; with several experts on a rank, the received copies sorted by
    // expert and back (a read and a write each way; under expert TP, every copy its ranks
    // gathered). The backward mirrors it.
    // (Dropping keeps, and padding to capacity writes, capacity_factor times the copies: as many
    // rows as the experts' capacities, helper-358.)
    const double copies = expert_tokens * c.top_k;
    permute = (expert_tokens * 4 * h + copies * c.served * st.permute_traffic * h +
               (local > 1 ? copies * imbalance * 8 * h * et : 0.0)) /
              c.hbm;
  }
  // Attention kernel, forward and backward.
  const double attn_flop = 4 * T * c.keys_kernel * (a / t1) * c.dk;  // 2D TP: repeated tm ways
  double attn_f = 0, attn_b = 0, attn_recompute_selective = 0;
  if (st.attention == AttentionKernel::kUnfused) {
    const double eff = c.gemm_peak / c.low_gain;  // batched GEMMs stay 16-bit
    const double dmin = std::min(c.dk, c.s);
    const double gemms = attn_flop / (eff * dmin / (dmin + c.half_dim));
    const double scores = b * (a / t1) * c.s * c.s * (st.dropout ? 9.0 : 4.0) / c.hbm;
    attn_f = gemms + scores;
    attn_b = 2 * gemms + 2 * scores;
    attn_recompute_selective = attn_f;
  } else {
    attn_f = attn_flop / c.attn_rate;
    attn_b = 2.5 * attn_flop / (c.attn_rate_bwd * 0.8);
  }
  // Keys and values per token as the attention kernel sees them: GQA's g heads, or every query
  // head's when the model repeats them first (torchtitan's repeat_kv).
  const double kv_t = st.repeats_kv && !c.mla ? 2 * a * dh / t1
                      : c.mla                 ? x.kv_width / t1
                                              : 2 * c.g * dh / kv_ranks;
  // Ring CP's bookkeeping (docs/model.md 8.8): after the first step, each step's partial output
  // merges into the running one (forward), its query and key/value gradients add into the
  // running ones (backward), and the buffers passed round the ring are copied; the stack's
  // bytes per element, counted op by op from its code, over HBM. Part of the attention, it is
  // recomputed with it.
  if (l.cp > 1 && l.cp_kind == ContextParallel::kRing) {
    const double later = cp - 1;
    const double out_el = T * a * x.v / t1, q_el = T * a * x.qk / t1, kv_el = T * kv_t;
    attn_f += later * (out_el * st.ring_out_traffic + kv_el * st.ring_kv_traffic) / c.hbm;
    attn_b += later * (q_el * st.ring_grad_traffic + kv_el * st.ring_kv_grad_traffic) / c.hbm;
    if (attn_recompute_selective > 0) attn_recompute_selective = attn_f;
  }
  // Element-wise traffic per token, forward (docs/model.md 8.2).
  const double h_terms = 8 * h + (st.dropout ? 14 : 12) * h;
  const double base_elem =
      h_terms / sp_div + 4 * rope_t + (quantized && !rowwise ? 3 * (3 * h + c.f) / t : 0);
  const double dense_elem_f =
      T * (base_elem + c.act_bytes * c.f / t1) * st.elementwise_factor / c.hbm;
  const double moe_elem_f = (T * base_elem + moe_elem) * st.elementwise_factor / c.hbm;
  // Row-wise FP8 (docs/model.md 8.2): every GEMM input is quantized after the TP gather (no FP8
  // TP communication), by each linear that reads it, along both axes (8 bytes per element for
  // activations and gradients, 10 for weights: torchao's roofline model); the backward GEMMs'
  // outputs are rescaled in a separate pass (4 bytes per element). The MLP of MoE layers keeps
  // the tensor-wise term.
  double rowwise_f = 0, rowwise_b = 0, rowwise_moe_f = 0, rowwise_moe_b = 0;
  if (rowwise) {
    const double qkv_in = st.fused_projections ? 1 : 3;
    const double up_in = st.fused_projections || !c.run.model.gated ? 1 : 2;
    // MLA: the down-projections read h (twice), the up-projections their latents.
    const double attn_in = c.mla ? 2 * h / sp_div + x.q_rank + x.kv_rank + a * x.v / t
                                 : qkv_in * h / tm + a * dh / t1;  // inputs of QKV and out
    const double attn_go = c.mla ? x.latents / sp_div + a * (x.qk + dh + x.v) / t + h
                                 : qkv_t + h / tm;    // their output gradients
    const double mlp_in = up_in * h / tm + c.f / t1;  // inputs of up and down
    const double mlp_go = c.up * c.f / t1 + h / tm;   // their output gradients
    // weights per GPU, with the copied key/value heads (8.5)
    const double attn_w = x.split / t + x.replicated + kv_copies / t;
    const double mlp_w = (c.up + 1) * h * c.f / t;
    const auto fwd = [&](double in, double w) { return (8 * T * in + 3 * w) / c.hbm; };
    const auto bwd = [&](double in, double go, double w) {
      return (8 * T * go + 7 * w + 4 * (T * in + w)) / c.hbm;
    };
    const double tensorwise_mlp = T * 3 * (2 * h + c.f) / t / c.hbm;  // the term it replaces
    rowwise_f = fwd(attn_in, attn_w) + fwd(mlp_in, mlp_w);
    rowwise_b = bwd(attn_in, attn_go, attn_w) + bwd(mlp_in, mlp_go, mlp_w);
    rowwise_moe_f = fwd(attn_in, attn_w) + tensorwise_mlp;
    rowwise_moe_b = bwd(attn_in, attn_go, attn_w) + 2 * tensorwise_mlp;
  }

  // TP per layer and microbatch (docs/model.md 8.5).
  const Group tp_g = c.group(l.tp, 1);
  const double act = T * h * 2;  // bytes of one layer's activations, bf16
  double tp_f = 0, tp_b = 0, tp_b_hideable = 0;
  if (l.tp_model > 1) {
    // Per layer and pass: the outputs of the d_model-contracting GEMMs (QKV, MLP up) reduced
    // over the tm GPUs, those of the head/d_ff-contracting ones (attention out, MLP down) over
    // the t1 GPUs; the backward mirrors it (the paper's 2D TP, docs/model.md 8.5).
    const Group tm_g = c.group(l.tp_model, 1);
    const Group t1_g = c.group(l.tp / l.tp_model, l.tp_model);
    const double wide =
        c.all_reduce(T * qkv_t * 2, tm_g) + c.all_reduce(T * c.up * c.f / t1 * 2, tm_g);
    tp_f = wide + c.reductions * c.all_reduce(T * h / tm * 2, t1_g);
    tp_b = tp_f;
    tp_b_hideable = tp_b;
  } else if (l.tp > 1) {
    if (sp) {
      // Per reduction, forward: gather the input, reduce-scatter the output; backward the
      // mirror, and the input gathered again for the weight gradient. With MLA the attention's
      // gather moves its latents (the down-projections ran on the rank's own tokens).
      const double ag = c.gather(act, tp_g);
      const double rs = c.gather(act, tp_g, CollectiveOp::kReduceScatter);
      const bool latent = c.mla && c.reductions == 2;
      const double lat = T * x.latents * 2;
      const double ag_attn = latent ? c.gather(lat, tp_g) : ag;
      const double rs_attn = latent ? c.gather(lat, tp_g, CollectiveOp::kReduceScatter) : rs;
      if (c.reductions == 2) {
        tp_f = (ag_attn + rs) + (ag + rs);
        tp_b = (ag + rs_attn) + (ag + rs) + (ag_attn + ag);
        tp_b_hideable = tp_b - 2 * ag;  // the AGs mirroring the forward's RS
      } else {
        tp_f = ag + rs;
        tp_b = ag + rs + ag;
        tp_b_hideable = tp_b - ag;
      }
    } else {
      tp_f = c.reductions * c.all_reduce(act, tp_g);
      tp_b = tp_f;
      tp_b_hideable = tp_b;
    }
  }
  // Column-parallel weight-gradient GEMMs, which the backward reductions may hide under: the
  // attention's, and the MLP's up-projection, a dense layer's or a MoE layer's shared experts'
  // (the routed experts are not on TP's group: expert TP has collectives of its own, 8.8).
  const double wgrad_cover_dense = attn_column + dense_up;
  const double wgrad_cover_moe = attn_column + shared_up;

  // CP per layer and microbatch (docs/model.md 8.8).
  const Group cp_g = c.group(l.cp, l.tp);
  double cp_f = 0, cp_b = 0;
  double cp_under_f = 0, cp_under_b = 0;  // the attention kernel's time the ring hides under
  if (l.cp > 1) {
    // Keys and values per rank: 2 g d_h (2 a d_h repeated), or with MLA every head's
    // decompressed a (qk + v).
    const double kv = b * (c.s / cp) * kv_t * 2;
    if (l.cp_kind == ContextParallel::kRing) {
      const double step = cp_g.alpha + kv / cp_g.bw;
      const double ring_f = (cp - 1) * step + c.launch, ring_b = 2 * (cp - 1) * step + c.launch;
      cp_f = std::max(0.0, ring_f - attn_f);
      cp_b = std::max(0.0, ring_b - attn_b);
      cp_under_f = std::min(ring_f, attn_f);
      cp_under_b = std::min(ring_b, attn_b);
    } else {
      cp_f = c.gather(kv * cp, cp_g);
      cp_b = c.gather(2 * kv * cp, cp_g);
    }
  }
  // EP per MoE layer and microbatch: dispatch and combine, forward and backward.
  // The tp x cp x dp ranks are regrouped as expert TP (innermost) x EP x expert DP, as
  // Megatron-Core does: an EP group's ranks lie etp apart.
  // Node-limited routing (at most max_nodes nodes a token) saves bytes only where a token
  // crosses the network once per node it reaches and fans out inside it: token-based dispatch
  // (DeepSeek-V3 3.2.2, DeepEP, HybridEP).
  const bool token_dispatch = st.dispatcher == MoeDispatcher::kToken;
  // (Token-based dispatch sends over the expert TP x EP ranks at once, below.)
  const Group ep_g = token_dispatch ? c.group(l.ep * l.etp, 1) : c.group(l.ep, l.etp);
  double ep_fwd = 0, ep_bwd = 0;  // dispatch and combine
  if (c.experts > 0 && token_dispatch) {
    // Token-based dispatch (DeepEP, HybridEP): a token goes once to each other GPU of its node
    // that holds one of its k experts, and once to each remote node that does, to the GPU of
    // its own index there, which forwards it over NVLink to the GPUs it reaches in that node.
    // With experts spread evenly, a block of x of the E experts misses all k of a token's with
    // probability C(E - x, k) / C(E, k). Under expert TP the etp ranks of an expert each get the
    // token and each send back their part of its output, summed in the combine (Megatron-Core's
    // flex dispatcher routes over the expert TP x EP group, a token's experts replicated etp
    // ways): the group is those ep x etp ranks, each holding E / ep experts.
    const double E = static_cast<double>(c.experts);
    const auto missed = [&](double block) {
      double none = 1;
      for (double i = 0; i < c.top_k; ++i) none *= std::max(0.0, (E - block - i) / (E - i));
      return none;
    };
    const std::int64_t ranks = l.ep * l.etp;
    const double per_rank = E / static_cast<double>(l.ep);  // experts a rank holds
    // Distinct experts per rank of a block of several expert TP groups (of a block inside one,
    // per_rank: the max below).
    const double spread = E / static_cast<double>(ranks);
    double local = (ep_g.per_node - 1) * (1 - missed(per_rank));
    double remote = 0, forwarded = 0;
    // A group a node boundary cuts (EP 32 on 72-GPU racks: 8 ranks on one, 24 on the next) is
    // costed at its side of per_node ranks, whose NICs take what the rest sends it: the ranks
    // elsewhere each send a token there when it reaches that side's per_node x per_rank
    // experts, which arrive over per_node NICs, while its own ranks send one a token to each
    // other node it reaches (the rest taken as spread evenly over the other nodes).
    const bool cut = ep_g.nodes > 1 && ep_g.per_node * ep_g.nodes != static_cast<double>(ranks);
    if (cut) {
      const double k = ep_g.per_node;
      const double elsewhere = static_cast<double>(ranks) - k;
      const double side_hit = 1 - missed(std::max(k * spread, per_rank));
      const double arriving = elsewhere / k * side_hit;
      const double leaving =
          (ep_g.nodes - 1) *
          (1 - missed(std::max(elsewhere / (ep_g.nodes - 1) * spread, per_rank)));
      remote = std::max(arriving, leaving);
      forwarded = arriving * local / side_hit;  // each arrival, on to the others it reaches
    } else if (ep_g.nodes > 1) {
      // (A node holds E / nodes distinct experts, or under an expert TP wider than a node one
      // rank's E / ep: helper-357.)
      const double node_hit = 1 - missed(std::max(E / ep_g.nodes, per_rank));
      remote = (ep_g.nodes - 1) * node_hit;
      forwarded = remote * local / node_hit;  // each arrival, on to the others it reaches
      double reach = c.max_nodes > 0 ? std::min(c.max_nodes, ep_g.nodes) : ep_g.nodes;
      // Group-limited routing: the EP ranks hold the experts in order, node after node, so
      // where the groups line up with the nodes (G groups on n nodes, one dividing the other) a
      // group spans max(1, n/G) nodes and a token's group_top_k groups reach at most that many
      // times as many; where they do not line up, dml takes no limit from them.
      if (c.groups > 0) {
        const auto nodes = static_cast<std::int64_t>(std::llround(ep_g.nodes));
        if (nodes * static_cast<std::int64_t>(std::llround(ep_g.per_node)) == ranks &&
            (c.groups % nodes == 0 || nodes % c.groups == 0)) {
          const std::int64_t span = std::max<std::int64_t>(1, nodes / c.groups);
          reach = std::min(reach, static_cast<double>(c.group_top_k * span));
        }
      }
      if (reach * (ep_g.nodes - 1) / ep_g.nodes < remote) {
        // Node-limited routing: the k experts crowd into `reach` nodes, k / reach in each; j of
        // them reach (n_l - 1)(1 - (1 - 1/n_l)^j) of a node's GPUs other than a given one
        // (drawn with replacement).
        const double others =
            (ep_g.per_node - 1) * (1 - std::pow(1 - 1 / ep_g.per_node, c.top_k / reach));
        remote = reach * (ep_g.nodes - 1) / ep_g.nodes;
        forwarded = remote * others;
        local = reach / ep_g.nodes * others;
      }
    }
    // The busiest rank receives `imbalance` times the mean of the copies (and sends as many back
    // in the combine): it paces the exchange (helper-99: the imbalance slowed only the experts'
    // compute).
    const double token = expert_tokens * h * imbalance;  // elements, once each, at the busiest
    const auto move = [&](double bytes) {
      return c.exchange(token * bytes * (local + forwarded), token * bytes * remote, ep_g);
    };
    const double bf16 = move(2);  // combine, and the backward's
    ep_fwd = move(c.dispatch_bytes) + bf16;
    ep_bwd = 2 * bf16;
  } else if (c.experts > 0) {
    // The all-to-all sends every routed copy to the rank of its expert, copies bound for one
    // node or one rank each on their own (Megatron-Core's MoEAlltoAllTokenDispatcher permutes
    // a token into its k copies first). Node-limited routing leaves its bytes as they are: the
    // nodes are alike to a token, so each still gets k/nodes of its copies on average.
    // (The busiest rank's share, `imbalance` times the mean: it receives that many copies in the
    // dispatch and sends them back in the combine, and the exchange waits for it.)
    const double elems = expert_tokens * c.top_k * h * imbalance;
    const double bf16 = c.all_to_all(elems * 2, ep_g);  // combine, and the backward's
    ep_fwd = c.all_to_all(elems * c.dispatch_bytes, ep_g) + bf16;
    ep_bwd = 2 * bf16;
  }
  double etp_fwd = 0, etp_bwd = 0;  // expert TP's gathers and reduce-scatters
  if (c.experts > 0 && l.etp > 1 && !token_dispatch) {
    // Expert TP (docs/model.md 8.8): the copies a rank received are gathered over its etp ranks
    // before the experts and the outputs reduce-scattered back after them; the backward gathers
    // the output gradients and reduce-scatters the input gradients. Each rank received
    // `imbalance` times its share at the busiest. They run on the compute path (Megatron-Core's
    // dispatch_postprocess and combine_preprocess, in the experts' node of its overlap
    // schedule), so no EP overlap hides them.
    const Group etp_g = c.group(l.etp, 1);
    const double gathered = et * expert_tokens * c.top_k * h * imbalance;  // elements
    const double bf16 = c.gather(gathered * 2, etp_g, CollectiveOp::kReduceScatter);
    etp_fwd = c.gather(gathered * c.dispatch_bytes, etp_g) + bf16;
    etp_bwd = c.gather(gathered * 2, etp_g) + bf16;
  }

  // Layers on the busiest stage.
  // How the layers split into the p x v chunks (docs/model.md 8.6): evenly when p v divides L;
  // else, with a middle stage (p >= 3, DualPipe p >= 4), the embedding and the loss each take a
  // layer's place when p v divides L + 2, and so do the D multi-token prediction modules when it
  // divides L + 2 + D and the last stage has room for them and the loss; else ceil(L/p) layers on
  // every stage but the last, which holds the rest. With places, a middle stage holds places / p
  // layers.
  const bool dualpipe = l.schedule == Schedule::kDualPipe;
  // Zero-bubble V's 2p half-stage chunks: its last chunk, half a stage, holds the loss and the
  // modules.
  const bool folded = l.schedule == Schedule::kZeroBubbleV && l.pp > 1;
  const std::int64_t chunks = l.pp * l.interleave;
  const std::int64_t mtp_n = c.run.model.mtp_layers;
  const bool has_middle = l.pp >= (dualpipe ? 4 : 3);
  const bool uneven = c.layers % chunks != 0;
  const bool ends_places = has_middle && uneven && (c.layers + 2) % chunks == 0;
  const std::int64_t mtp_stage = (c.layers + 2 + mtp_n) / l.pp;  // places a stage, with the modules
  const bool mtp_places = has_middle && uneven && !ends_places && mtp_n > 0 &&
                          (c.layers + 2 + mtp_n) % chunks == 0 &&
                          (folded ? mtp_stage >= 2 * (mtp_n + 1) : mtp_stage >= mtp_n + 1);
  const bool short_ends = ends_places || mtp_places;
  const std::int64_t per_stage = mtp_places ? mtp_stage : (c.layers + l.pp - 1) / l.pp;
  // Neither evens the split out: ceil(L/p) layers a stage, the rest on the last, as Megatron-Core
  // runs it when told the last stage's layers (decoder_last_pipeline_num_layers, or a pipeline
  // layout).
  const bool last_short = uneven && !short_ends;
  // The last device's layers, the chunks filled in order with ceil(L/p) / v layers each (half a
  // stage under zero-bubble V, whose first device holds the first chunk and the last): what
  // the earlier chunks leave, none where they take every layer.
  double rest = 0;
  if (last_short) {
    const double L = static_cast<double>(c.layers);
    const double size = static_cast<double>(per_stage) / (folded ? 2.0 : v);
    const auto in_chunk = [&](double k) { return std::clamp(L - k * size, 0.0, size); };
    if (folded) {
      rest = in_chunk(0) + in_chunk(2.0 * static_cast<double>(l.pp) - 1);
    } else {
      for (std::int64_t j = 0; j < l.interleave; ++j) {
        rest += in_chunk(static_cast<double>(j * l.pp + l.pp - 1));
      }
    }
    // (A sum of v equal fractions: an integer it rounds near is that integer.)
    if (std::abs(rest - std::round(rest)) < 1e-9) rest = std::round(rest);
    out.uneven_stage_layers = per_stage;
    out.uneven_last_layers = rest;
  }
  const double moe_layers_total = c.moe_layers;
  const double n_layers = static_cast<double>(per_stage);
  out.chunk_layers = n_layers / (folded ? 2.0 : v);

  // One layer's compute of each kind, forward and backward: a device's passes are their sums,
  // and activation offloading hides its copies under them layer by layer.
  const double fwd_dense = attn_gemm + dense_gemm + attn_f + dense_elem_f + rowwise_f;
  const double fwd_moe = attn_gemm + moe_gemm + attn_f + moe_elem_f + rowwise_moe_f + permute;
  const double bwd_dense = 2 * (attn_gemm + dense_gemm) + attn_b + 2 * dense_elem_f + rowwise_b;
  const double bwd_moe =
      2 * (attn_gemm + moe_gemm) + attn_b + 2 * moe_elem_f + rowwise_moe_b + permute;
  // Logits and loss on the last stage: a GEMM (T, h, V/t) forward and two backward, and the
  // stack's cross-entropy traffic per logit.
  // The output layer stays 16-bit under FP8 and FP4 (Megatron-Core's output_layer is a plain
  // ColumnParallelLinear; torchtitan's float8 conversion skips "output").
  const double logits = 3 * c.gemm(T, h, vocab_t, false) + T * vocab_t * st.loss_traffic / c.hbm;
  // A recomputed attention forward exchanges its keys and values again (the ring, or the
  // all-gather, runs inside the kernel call the checkpoint reruns).
  const bool attention_rerun =
      l.recompute == Recompute::kFull ||
      (l.recompute == Recompute::kSelective && attn_recompute_selective > 0);
  // Full recompute of a chunk's first recompute_layers layers (Megatron's block method): the
  // share of every chunk's layers rerun, a chunk a stage's places over its v chunks (half a
  // stage's under zero-bubble V); all of them (1) without a count.
  const double chunk_layers =
      n_layers / (l.schedule == Schedule::kZeroBubbleV && l.pp > 1 ? 2.0 : v);
  const double rerun_share =
      l.recompute_layers == 0
          ? 1.0
          : std::min(1.0, static_cast<double>(l.recompute_layers) / chunk_layers);

  // What a device's layers cost a microbatch, by kind, given how many of them are dense and how
  // many MoE (a MoE model's dense first layers sit on its first devices, docs/model.md 8.6).
  struct StageTime {
    double layers = 0;  // dense and MoE
    double gemm = 0, elem = 0, cast_f = 0, cast_b = 0, perm = 0, attn_f = 0, attn_b = 0;
    double fwd = 0, bwd = 0, recompute = 0;
    double tp_exposed = 0, tp_hidden = 0, cp_exposed = 0, cp_hidden = 0, ep_exposed = 0;
    double ep_hidden = 0, slowdown = 0, overhead = 0, total = 0;
    double tp_exposed_f = 0, cp_exposed_f = 0;  // of the exposed waits, the forward's
  };
  const auto stage_time = [&](double n_dense, double n_moe) __attribute__((always_inline)) {
    StageTime s;
    const double n = n_dense + n_moe;
    s.layers = n;
    s.gemm = n_dense * (attn_gemm + dense_gemm) + n_moe * (attn_gemm + moe_gemm);
    s.elem = n_dense * dense_elem_f + n_moe * moe_elem_f;
    s.cast_f = n_dense * rowwise_f + n_moe * rowwise_moe_f;  // row-wise FP8 only
    s.cast_b = n_dense * rowwise_b + n_moe * rowwise_moe_b;
    s.perm = n_moe * permute;  // MoE token permutation, forward; the backward mirrors it
    s.attn_f = n * attn_f;
    s.attn_b = n * attn_b;
    s.fwd = n_dense * fwd_dense + n_moe * fwd_moe;
    s.bwd = n_dense * bwd_dense + n_moe * bwd_moe;

    double recompute = 0;
    double tp_exposed = n * (tp_f + tp_b);
    double tp_hidden = 0;
    double tp_exposed_f = n * tp_f;  // the forward's (what recompute adds runs in the backward)
    switch (st.tp_overlap) {
      case TpOverlap::kNone:
        break;
      case TpOverlap::kBackward: {
        const double hidden = n_dense * std::min(tp_b_hideable, wgrad_cover_dense) +
                              n_moe * std::min(tp_b_hideable, wgrad_cover_moe);
        tp_exposed -= hidden;
        tp_hidden += hidden;
        break;
      }
      case TpOverlap::kOverlapped: {
        // Hidden under the layers' GEMMs, forward and backward, and never more than they take.
        const double hidden = std::min(tp_exposed * st.tp_hidden_fraction, 3 * s.gemm);
        if (tp_exposed > 0) tp_exposed_f -= hidden * tp_exposed_f / tp_exposed;
        tp_exposed -= hidden;
        tp_hidden += hidden;
        break;
      }
    }
    const double rerun = l.recompute == Recompute::kFull ? rerun_share : 0.0;
    if (l.recompute == Recompute::kFull) {
      recompute = rerun * (s.gemm + s.attn_f + s.elem + s.cast_f + s.perm);
      tp_exposed += rerun * n * tp_f;
    } else if (l.recompute == Recompute::kSelective) {
      recompute = s.attn_f == 0 ? 0 : n * attn_recompute_selective;
    } else if (l.recompute == Recompute::kNorms) {
      // The two norms' forward again in the backward: each reads its input and writes its output,
      // 2h bytes each way per token (docs/model.md 8.3).
      recompute = n * T * 2 * (4 * h) / sp_div * st.elementwise_factor / c.hbm;
    } else if (l.recompute == Recompute::kOp) {
      // torchtitan's per-op policy saves the attention kernel's output, the reduce-scatters and
      // every other 16-bit matmul's output (aten.mm), and recomputes the rest (docs/model.md
      // 8.3): FP8 linears (aten._scaled_mm, not in its save list) are all recomputed, and so are
      // the forward's TP all-gathers (all-reduces without SP).
      recompute = (quantized ? 1.0 : 0.5) * s.gemm + s.elem + s.cast_f + s.perm;
      if (l.tp > 1 && l.tp_model == 1) {
        tp_exposed += n * (sp ? c.reductions * c.gather(act, tp_g) : tp_f);
      }
    }
    // Megatron-Core's fine-grained modules beside the mode (docs/model.md 8.3): MLA's
    // up-projections again from the latents, the experts' activation again from its input.
    if (l.recompute_mla_up) {
      recompute += n * (c.gemm(T, x.q_rank > 0 ? x.q_rank : h, a * x.qk / t) +
                        c.gemm(T, x.kv_rank, a * (dh + x.v) / t));
      // Under SP the up-projections gather their latents again (column-parallel inputs).
      if (sp && l.tp > 1) tp_exposed += n * c.gather(T * x.latents * 2, tp_g);
    }
    if (l.recompute_moe_act) {
      recompute += n_moe * expert_tokens * c.top_k * imbalance *
                   (c.act_bytes * c.fe + c.unfused_clamp_bytes / 3) * st.elementwise_factor / c.hbm;
    }
    s.recompute = recompute;
    const double reruns = attention_rerun ? (l.recompute == Recompute::kFull ? rerun : 1.0) : 0.0;
    s.cp_exposed = n * (cp_f * (1 + reruns) + cp_b);
    s.cp_exposed_f = n * cp_f;
    s.tp_exposed_f = tp_exposed_f;
    // A ring's exchange under the attention kernel (docs/model.md 8.10).
    s.cp_hidden = n * (cp_under_f * (1 + reruns) + cp_under_b);
    const double ep_total = n_moe * (ep_fwd * (1 + rerun) + ep_bwd);
    // EP overlap (docs/model.md 8.8): in the steady state a forward layer of one microbatch runs
    // beside a backward layer of another, as Megatron-Core's TransformerLayerSchedulePlan.run
    // orders them: the backward's combine under the forward's attention, both dispatches under
    // the two expert blocks, the forward's combine under the backward's attention. Each pair
    // exposes what its communication takes beyond its compute. Only the steady state pairs: the
    // first stage's warm-up (and cool-down) chunks run alone.
    double ep_paired = 0;  // hidden per microbatch by the pairing
    const bool pairs = (stack_pairs || l.schedule == Schedule::kDualPipe) &&
                       l.schedule != Schedule::kGpipe && n_moe > 0 && ep_fwd > 0;
    if (pairs) {
      const double elem_side = T * base_elem * st.elementwise_factor / c.hbm;
      // The attention kernel's time a ring CP exchange already hides under is not hidden under
      // twice.
      const double attn_fwd = attn_gemm + attn_f - cp_under_f + elem_side + permute;
      const double attn_bwd = 2 * attn_gemm + attn_b - cp_under_b + 2 * elem_side + permute;
      const double mlp_fwd = moe_gemm + moe_elem * st.elementwise_factor / c.hbm;
      const double mlp_bwd = 2 * mlp_fwd;
      const double combine = ep_bwd / 2;  // each backward all-to-all moves the combine's bf16
      const double dispatch_f = ep_fwd - combine;
      const double exposed = std::max(0.0, combine - attn_fwd) +
                             std::max(0.0, dispatch_f + combine - (mlp_bwd + mlp_fwd)) +
                             std::max(0.0, combine - attn_bwd);
      const double mb_chunks = m * v;  // the first stage's chunk runs per step
      // Megatron's first stage runs its warm-up alone; without a pipeline a microbatch's forward
      // pairs with the previous one's backward, so the first forward (and the last backward) run
      // alone.
      const double warmup =
          std::min(mb_chunks, v > 1 ? 2 * (p - 1) + (v - 1) * p : std::max(1.0, p - 1));
      ep_paired = n_moe * (ep_fwd + ep_bwd - exposed) * (mb_chunks - warmup) / mb_chunks;
    }
    // What ep_hidden_fraction hides beside the pairing runs under the compute that the pairing
    // and TP's and a ring CP's hidden traffic left: never more than it (helper-354: a fraction
    // of 1 hid 3.9 s of all-to-all under 1.8 s of compute; helper-355: TP's and CP's too).
    const double ep_window =
        std::max(0.0, s.fwd + s.bwd + recompute - ep_paired - tp_hidden - s.cp_hidden);
    s.ep_hidden = ep_paired + std::min((ep_total - ep_paired) * st.ep_hidden_fraction, ep_window);
    s.ep_exposed = ep_total - s.ep_hidden + n_moe * (etp_fwd * (1 + rerun) + etp_bwd);
    s.tp_exposed = tp_exposed;
    s.tp_hidden = tp_hidden;
    s.slowdown = st.overlap_slowdown * (tp_hidden + s.ep_hidden + s.cp_hidden);
    s.overhead = n * c.layer_overhead;
    s.total = s.fwd + s.bwd + recompute + tp_exposed + s.cp_exposed + s.ep_exposed + s.slowdown +
              s.overhead;
    return s;
  };
  const bool untied = !c.run.model.tied_embeddings;
  const bool embedding_copy = c.mtp > 0 && l.pp > 1 && !dualpipe;
  // Each device holds its own chunks of the split (8.6): their layers, dense or MoE, the
  // embedding with the first chunk, the head, the MTP modules and the logits with the last; and
  // its own microbatches in flight. The layout needs what the fullest device holds. A device's
  // chunks are j p + d (j < v); DualPipe's device d holds stages d and p - 1 - d.
  const double chunk_size = n_layers / v;        // layers (and places) of a middle device's chunk
  const double offset = short_ends ? 1.0 : 0.0;  // the embedding's place in the first chunk
  const double L_all = static_cast<double>(c.layers);
  const double k_dense = c.experts > 0 ? static_cast<double>(c.dense_layers) : L_all;
  struct Held {
    double dense = 0, moe = 0, embed = 0, share = 1;  // embed: embeddings and heads held
    bool last = false;
  };
  // The places past the last layer, in the last chunks: the loss's and the modules', or what
  // ceil(L/p) layers a stage leave over.
  const double tail = static_cast<double>(chunks) * chunk_size - offset - L_all;
  // Zero-bubble V runs 2p chunks of half a stage, device d holding chunks d and 2p - 1 - d
  // (PyTorch's ScheduleZBVZeroBubble): the first device holds the first chunk and the last.
  const bool zbv = l.schedule == Schedule::kZeroBubbleV && l.pp > 1;
  // The layers of chunk `chunk` of `size` places, [start, end), and the dense first ones of them.
  struct Span {
    double start, end;
    [[nodiscard]] double layers() const { return std::max(0.0, end - start); }
  };
  const auto span = [&](double chunk, double size) {
    return Span{std::max(0.0, chunk * size - offset), std::min(L_all, (chunk + 1) * size - offset)};
  };
  const auto dense_in = [&](const Span& range) {
    if (c.dense_first) return std::clamp(k_dense - range.start, 0.0, range.layers());
    // One layer in `every` after the dense first ones is MoE.
    return std::clamp(range.layers() - (c.moe_before(range.end) - c.moe_before(range.start)), 0.0,
                      range.layers());
  };
  const auto held_by = [&](std::int64_t dev) __attribute__((always_inline)) {
    Held hd;
    const auto add = [&](double chunk, double size) {
      const Span range = span(chunk, size);
      const double dense = dense_in(range);
      hd.dense += dense;
      hd.moe += range.layers() - dense;
    };
    const bool first = dev == 0 || (dualpipe && dev == l.pp - 1);
    hd.last = zbv ? dev == 0 : dev == l.pp - 1 || (dualpipe && dev == 0);
    if (first) hd.embed += 1;
    if (hd.last) {
      // The head, or the tied embedding's copy on a stage of its own (zero-bubble V's first
      // device holds the embedding itself); and the embedding's copy the MTP modules use.
      if (untied || (l.pp > 1 && !zbv)) hd.embed += 1;
      if (embedding_copy && untied && !first) hd.embed += 1;
    }
    if (dualpipe) {
      add(static_cast<double>(dev), chunk_size);
      add(static_cast<double>(l.pp - 1 - dev), chunk_size);
      hd.share = 0.5;  // the mean of its two stages
    } else if (zbv) {
      add(static_cast<double>(dev), chunk_size / 2);
      add(static_cast<double>(2 * l.pp - 1 - dev), chunk_size / 2);
    } else if (tail > chunk_size) {  // the surplus spans several chunks: chunk by chunk
      for (std::int64_t j = 0; j < l.interleave; ++j) {
        add(static_cast<double>(j * l.pp + dev), chunk_size);
      }
    } else {
      // v chunks, the first one's embedding place and the last one's tail off; the dense first
      // layers in the chunks that start below them.
      const double n = v * chunk_size - (dev == 0 ? offset : 0.0) - (hd.last ? tail : 0.0);
      hd.dense = c.experts > 0 ? 0.0 : n;
      for (std::int64_t j = 0; c.experts > 0 && j < l.interleave; ++j) {
        const Span range = span(static_cast<double>(j * l.pp + dev), chunk_size);
        if (c.dense_first && range.start >= k_dense) break;
        hd.dense += dense_in(range);
      }
      hd.moe = n - hd.dense;
    }
    return hd;
  };
  // The devices' holdings the pace, the data-parallel time and the memory all ask for (the first
  // devices and the last), worked out once each.
  std::array<Held, 4> held_seen{};
  std::array<std::int64_t, 4> held_dev{-1, -1, -1, -1};
  std::size_t held_next = 0;
  const auto held = [&](std::int64_t dev) {
    for (std::size_t i = 0; i < held_dev.size(); ++i) {
      if (held_dev[i] == dev) return held_seen[i];
    }
    const Held hd = held_by(dev);
    held_dev[held_next] = dev;
    held_seen[held_next] = hd;
    held_next = (held_next + 1) % held_dev.size();
    return hd;
  };

  // A stage time's every term times k (DualPipe's device: the mean of its two stages).
  const auto scaled = [](StageTime s, double k) {
    for (double* f : {&s.layers,       &s.gemm,         &s.elem,       &s.cast_f,     &s.cast_b,
                      &s.perm,         &s.attn_f,       &s.attn_b,     &s.fwd,        &s.bwd,
                      &s.recompute,    &s.tp_exposed,   &s.tp_hidden,  &s.cp_exposed, &s.cp_hidden,
                      &s.tp_exposed_f, &s.cp_exposed_f, &s.ep_exposed, &s.ep_hidden,  &s.slowdown,
                      &s.overhead,     &s.total}) {
      *f *= k;
    }
    return s;
  };
  // The MoE-heaviest stage: a middle one, or the last. With dense first layers, as many MoE
  // layers as the device that holds the fewest dense ones: the last (its chunks come last in
  // every round), or under zero-bubble V the first or the last (each holds a chunk of either
  // end), or DualPipe's middle device, of two middle stages (their mean).
  double busy_dense = n_layers - std::min(n_layers, moe_layers_total);
  const bool mixed = c.experts > 0 && (c.dense_layers > 0 || !c.dense_first);
  if (mixed && l.pp > 1) {
    const auto dense_of = [&](std::int64_t dev) {
      const Held hd = held(dev);
      return hd.dense * hd.share;
    };
    double fewest = dense_of(dualpipe ? l.pp / 2 : l.pp - 1);
    if (zbv) fewest = std::min(fewest, dense_of(0));
    busy_dense = std::clamp(fewest, busy_dense, n_layers);
    // MoE layers among dense ones (every > 1): any device may hold the most of them, and the
    // devices do not all hold n_layers (short ends, a short last stage): the busiest stage holds
    // as many MoE layers as the device with the most (helper-360: the fewest dense had credited
    // one with more MoE layers than any device held).
    if (!c.dense_first) {
      double most = 0;
      for (std::int64_t dev = 0; dev < l.pp; ++dev) {
        const Held hd = held(dev);
        most = std::max(most, hd.moe * hd.share);
      }
      busy_dense = n_layers - std::min(n_layers, most);
    }
  }
  const double n_moe_busy = n_layers - busy_dense;
  const StageTime busy = stage_time(busy_dense, n_moe_busy);
  const double t_layers = busy.total;
  // The busiest stage (docs/model.md 8.6). When L + 2 layers split evenly into the p v chunks
  // and L does not, the embedding and the loss each take a layer's place: the first and last
  // stages hold one layer fewer, and the last one's logits stand where its missing layer would
  // (Llama 3 report 3.3.2; Megatron-Core's account_for_embedding_in_pipeline_split and
  // account_for_loss_in_pipeline_split). A middle stage (p >= 3) of n = (L + 2)/p layers or the
  // last, n - 1 layers and the logits, sets the pace. Otherwise a stage holds n = ceil(L/p)
  // layers and the last what chunks filled in order leave, and the logits: it or a full stage sets
  // the pace. Multi-token prediction (docs/model.md 8.6): each module is one more layer on the last
  // stage (of the stage's mean cost), its 2h -> h projection, and the output head and loss again.
  // With the ends short, the modules may take layer places too: Megatron-Core's layouts put
  // the MTP layer and the loss in the last chunk (Megatron-Bridge's DeepSeek-V3, 61 layers + the
  // embedding, the MTP layer and the loss = 64 places on 16 or 32 chunks).
  // DualPipe runs stage i of one direction and stage p - 1 - i of the other on device i, half
  // the microbatches each: the ends' device averages the first stage and the last (DualPipe's
  // README), and there are middle devices from p = 4.
  // The last stage's own layers: one fewer for the loss's place, and the modules' places; the
  // first stage's: one fewer for the embedding's. Zero-bubble V's first device runs both: the
  // first chunk and the last, each one layer short.
  // With ceil(L/p) layers a stage, the last holds the rest (zero-bubble V's first device: its
  // last chunk short by as many).
  const double n_last =
      short_ends   ? std::max(0.0, n_layers - (zbv ? 2.0 : 1.0) - (mtp_places ? c.mtp : 0.0))
      : last_short ? rest
                   : n_layers;
  const double n_first = short_ends ? n_layers - 1 : n_layers;
  const double mtp_proj = c.mtp > 0 ? 3 * c.gemm(T, 2 * h / tm, h / t1) : 0.0;
  // The MTP layers in layers of the busiest stage's mean cost: as many where that stage holds
  // one kind of layer (a stage of MoE layers alone, the MTP layers MoE too: a dense last layer
  // sends a pipeline to the per-device timing below); where it holds both (one stage, or a
  // DualPipe or first device of the dense first layers), a layer of the MTP layers' own kind
  // over the stage's mean (helper-364: one stage had costed a dense MTP layer as its mean).
  double mtp_eq = c.mtp;
  if (c.mtp > 0 && busy_dense > 0 && n_moe_busy > 0) {
    mtp_eq *= stage_time(c.mtp_moe ? 0.0 : 1.0, c.mtp_moe ? 1.0 : 0.0).total * n_layers / t_layers;
  }
  // Of the stage's layers, of the logits and of the MTP projections, per microbatch.
  const double ends = dualpipe ? 0.5 : 1.0;
  double layer_share =
      dualpipe ? (n_first + n_last + mtp_eq) / 2 / n_layers : (n_last + mtp_eq) / n_layers;
  double logits_share = ends * (1 + c.mtp), proj_share = ends * c.mtp;
  // (DualPipe with fewer than 4 stages has no device but its ends'.)
  if ((short_ends || last_short) && (has_middle || !dualpipe)) {
    const double last = layer_share * t_layers + logits_share * logits + proj_share * mtp_proj;
    if (last <= t_layers) {  // a full stage sets the pace
      layer_share = 1;
      logits_share = 0;
      proj_share = 0;
    }
  }
  double t_mb = layer_share * t_layers + logits_share * logits + proj_share * mtp_proj;

  // Parameters held per GPU (the busiest stage: layers, and the embedding on the first).
  // (/ t below: per GPU), with the key/value projections' copies when t1 > g
  const double attn_p = c.att.split + c.att.replicated * t + kv_copies;
  const double dense_mlp_p = (c.up + 1) * c.h * c.f;
  double expert_p = 0, shared_p = 0;
  if (c.experts > 0) {
    expert_p = (c.up + 1) * c.h * c.fe * static_cast<double>(c.experts);
    shared_p = (c.up + 1) * c.h * c.fs + c.h * static_cast<double>(c.experts);
  }
  // The embedding, and the output head when untied, on one stage; the last stage holds the head
  // and, with MTP modules, a copy of the embedding for them (Megatron-Core's gpt_model.py builds
  // it where mtp_process is set, kept equal to the first stage's by an all-reduce). DualPipe's
  // ends' device holds the embedding and the head already (its two stages, the doubled states
  // below), and its modules use them (DeepSeek-V3 report 2.2).
  // Zero-bubble V's first device holds the embedding and the head.
  const double embed_units =
      zbv ? held(0).embed : ((l.pp == 1 || embedding_copy) && untied ? 2.0 : 1.0);
  const double embed_p = vocab_t * t * c.h * embed_units;
  // The last stage's MTP layers beyond the busiest stage's count (of the model's last kind),
  // and every module's projection.
  const double mtp_extra = std::max(0.0, n_last + c.mtp - n_layers);
  const double mtp_moe = c.mtp_moe ? mtp_extra : 0.0;
  const double n_nonexpert =
      ((n_layers + mtp_extra) * attn_p + (busy_dense + mtp_extra - mtp_moe) * dense_mlp_p +
       (n_moe_busy + mtp_moe) * shared_p + embed_p + c.mtp * 2 * c.h * c.h) /
      t;
  const double ex_split = ep * et;  // the ranks one layer's routed experts spread over
  const double n_expert = (n_moe_busy + mtp_moe) * expert_p / ex_split;

  // DP and sharding (docs/model.md 8.7).
  // The states shard over l.shard of the dp x cp ranks (innermost) and replicate over the rest
  // (HSDP); plain DP and full sharding have one replica group of 1.
  const std::int64_t dp_ranks = l.dp * l.cp;
  const std::int64_t replicas = dp_ranks / l.shard;
  const Group dp_g = c.group(l.shard, l.tp);
  const Group rep_g = c.group(replicas, l.tp * l.shard);
  const std::int64_t expert_dp = std::max<std::int64_t>(l.tp * dp_ranks / (l.ep * l.etp), 1);
  // Expert states replicate over the fewest groups, at least the replicas, that divide the
  // expert-DP group: as the others do where the replicas divide it, and wholly where there are as
  // many or more (a shard group too small to hold two ranks of one expert), so that they never
  // shard more finely than the others (helper-354: shard = 1 had sharded the experts 32 ways
  // while shard = 2 replicated them; helper-355: DP 48 x EP 8 held more at shard 16 than at 12).
  std::int64_t erep = std::min(replicas, expert_dp);
  while (expert_dp % erep != 0) ++erep;
  const Group edp_g = c.group(expert_dp / erep, l.ep * l.etp);
  const Group erep_g = c.group(erep, l.ep * l.etp * (expert_dp / erep));
  // A ring CP exchange and the data-parallel collectives, both across nodes, share the network:
  // the attention kernel's time the ring fills is no window for the DP collectives too.
  const bool cp_shares_net = l.cp > 1 && l.cp_kind == ContextParallel::kRing && cp_g.level > 0 &&
                             (dp_g.level > 0 || rep_g.level > 0);
  // A wait on another link is a window too: while a layer waits on TP's (or CP's) exchange inside
  // a node, the data-parallel collectives run on the network beside it, so the step is the
  // longer of the two, not their sum (a faster GPU, which exposes more of the node's waits,
  // never exposes more of both).
  // (The shard group's collectives, and the expert DP group's of a MoE model, on the network:
  // an HSDP shard inside the node shares TP's link and gets no window from its waits.)
  const bool dp_on_net = dp_g.level > 0 && (c.experts == 0 || edp_g.size <= 1 || edp_g.level > 0);
  const bool tp_waits_window = l.tp > 1 && tp_g.level == 0 && dp_on_net;
  const bool cp_waits_window = l.cp > 1 && cp_g.level == 0 && dp_on_net;
  const double gbytes = st.gradient_reduce_bytes;
  const double wbytes = st.weight_bytes;
  const double gather_bytes = 2;  // weights are gathered in the 16-bit compute type
  // A pipelined FSDP stage keeps its weights gathered and its gradients whole over the step
  // (torch.distributed.pipelining turns off resharding after backward and the gradient sync
  // until the last microbatch; torchtitan does not reshard after forward under a pipeline):
  // ZeRO 2 and 3 gather once and reduce-scatter once a step (8.7).
  const bool deferred = st.pipeline_defers_sharding && l.pp > 1 && l.zero >= 2;
  const double shard = static_cast<double>(l.shard);
  const double eshard = static_cast<double>(expert_dp / erep);
  constexpr CollectiveOp kRS = CollectiveOp::kReduceScatter;
  // Per layer of each kind, the parameters a TP or EP rank holds (non-expert and expert), and a
  // MTP module's (of the model's last kind) and projection.
  const double ne_dense = (attn_p + dense_mlp_p) / t;
  const double embed_t = vocab_t * c.h;  // an embedding or head
  const double ne_moe = (attn_p + shared_p) / t, ex_moe = expert_p / ex_split;
  const double ne_mtp = (c.mtp_moe ? ne_moe : ne_dense) + 2 * c.h * c.h / t;
  const double ex_mtp = c.mtp_moe ? ex_moe : 0.0;
  // A device's data-parallel time, given its layers' compute (s), how many are dense and MoE,
  // its parameters per GPU (non-expert and expert) and how many stages they stand for (DualPipe's
  // rank holds two: it reduces, and gathers after the step, both stages' parameters).
  struct DpTime {
    double exposed = 0, hidden = 0, optimizer = 0;
    double waits = 0;  // ZeRO 3: a microbatch's exposed waits between the layers
    // ZeRO 0-2 with the overlaps: the reduce under a microbatch's backward (`reductions` of
    // them) and the gathers under the forward, each its traffic, the compute it runs under and
    // its least exposed part (the last bucket's), for the offload copies' stalls (8.9).
    struct Under {
      double traffic = 0, under = 0, least = 0;
      // What it exposes with `more` seconds of stalls beside its compute.
      [[nodiscard]] double exposed(double more) const {
        return traffic > 0 ? std::max(least, traffic - under - more) : 0.0;
      }
    };
    Under reduce{}, gather{};
    double reductions = 0, gatherings = 0;
  };
  const auto dp_time = [&](const StageTime& s, double n_dense, double n_moe, double mtp_units,
                           double embeds, double nonexpert, double expert, double stages)
      __attribute__((always_inline)) {
    DpTime out_dp;
    // (A device of no layers, the head alone, hides nothing: its whole traffic is its last
    // bucket's; helper-363: a division by 0 had left it out of the step's DP time.)
    const double per_layers = s.layers > 0 ? s.layers : 1.0;
    const double cp_fills_f = cp_shares_net ? s.layers * cp_under_f : 0.0;
    const double reruns =
        attention_rerun ? (l.recompute == Recompute::kFull ? rerun_share : 1.0) : 0.0;
    const double cp_fills_b = cp_shares_net ? s.layers * (cp_under_b + reruns * cp_under_f) : 0.0;
    // The layer's waits on the node's links, forward and backward (tp_waits_window above).
    const double waits_f =
        (tp_waits_window ? s.tp_exposed_f : 0.0) + (cp_waits_window ? s.cp_exposed_f : 0.0);
    const double waits_b = (tp_waits_window ? s.tp_exposed - s.tp_exposed_f : 0.0) +
                           (cp_waits_window ? s.cp_exposed - s.cp_exposed_f : 0.0);
    if (l.zero >= 3 && !deferred) {
      // Per layer: gather the weights forward and again backward, reduce-scatter the gradients,
      // again every microbatch. A per-tensor framework issues gathers_per_layer collectives of
      // each kind, each paying its own launch and ring latency (the bytes split among them).
      // With param_gather_overlap the next layer's gathers run under this layer's compute, with
      // dp_overlap the reduce-scatters under the next one's; what overlaps hides but for the
      // first gather and the last reduce-scatter, the rest is exposed layer by layer.
      // The stage's dense layers gather their MLP, its MoE layers their shared experts and their
      // rank's routed ones.
      const double per = static_cast<double>(st.gathers_per_layer);
      const auto split = [&](double bytes, const Group& gr, CollectiveOp op) {
        return per * c.gather(bytes / per, gr, op);
      };
      constexpr CollectiveOp kAG = CollectiveOp::kAllGather;
      const double compute_l =
          (s.fwd + s.bwd + s.recompute - cp_fills_f - cp_fills_b + waits_f + waits_b) / per_layers;
      double exposed_mb = 0, hidden_mb = 0, first_last = 0;
      const auto layer_kind = [&](double count, double layer_ne, double layer_e)
          __attribute__((always_inline)) {
        if (count <= 0) return;
        const double gathers = 2 * (split(layer_ne * gather_bytes, dp_g, kAG) +
                                    split(layer_e * gather_bytes, edp_g, kAG));
        const double reduces = split(layer_ne * gbytes, dp_g, kRS) +
                               c.all_reduce(layer_ne * gbytes / shard, rep_g) +
                               (layer_e > 0 ? split(layer_e * gbytes, edp_g, kRS) +
                                                  c.all_reduce(layer_e * gbytes / eshard, erep_g)
                                            : 0);
        const double hideable =
            (st.param_gather_overlap ? gathers : 0) + (st.dp_overlap ? reduces : 0);
        const double hidden = std::min(hideable, compute_l);
        exposed_mb += count * (gathers + reduces - hideable + std::max(0.0, hideable - compute_l));
        hidden_mb += count * hidden;
        // The first gathers (the forward's, and the backward's of a unit resharded after it)
        // and the last reduce-scatter have nothing to hide under: the largest unit's, of what
        // the layer above counted hidden (never more exposed than without the overlaps).
        first_last = std::max(first_last, std::min(count, 1.0) * hidden);
      };
      layer_kind(n_dense, ne_dense, 0);
      layer_kind(n_moe, ne_moe, ex_moe);
      // The MTP modules (a layer and its projection each), the embedding and the output head
      // are units of their own, gathered and reduced as a layer is.
      layer_kind(mtp_units, ne_mtp, ex_mtp);
      layer_kind(embeds, embed_t, 0);
      if (l.offload > 0) out_dp.waits = exposed_mb;
      out_dp.exposed = m * (exposed_mb + first_last);
      out_dp.hidden = m * std::max(0.0, hidden_mb - first_last);
    } else {
      double reduce = 0, gather_t = 0;
      if (l.zero == 0) {
        reduce = c.all_reduce(nonexpert * gbytes, dp_g) + c.all_reduce(expert * gbytes, edp_g);
      } else {
        reduce = c.gather(nonexpert * gbytes, dp_g, kRS) + c.gather(expert * gbytes, edp_g, kRS) +
                 c.all_reduce(nonexpert * gbytes / shard, rep_g) +
                 c.all_reduce(expert * gbytes / eshard, erep_g);
        gather_t =
            c.gather(nonexpert * gather_bytes, dp_g) + c.gather(expert * gather_bytes, edp_g);
      }
      // ZeRO 2 keeps only its shard of the gradients, so under accumulation it reduce-scatters
      // every microbatch's, each under that microbatch's backward (DeepSpeed's stage 2 reduces
      // each micro-step's buckets; FSDP's SHARD_GRAD_OP outside no_sync): of the one stage a
      // microbatch runs. ZeRO 0 and 1 hold the whole gradients and reduce every stage's once,
      // after the last microbatch; so does a pipelined FSDP stage (deferred), but only once
      // its last backward is done, with nothing left to hide under.
      const bool per_microbatch = l.zero == 2 && !deferred;
      const double reductions = per_microbatch ? m : 1.0;
      if (!per_microbatch) reduce *= stages;
      // ZeRO 2 of a stack that frees the gathered weights after each backward (PyTorch FSDP)
      // gathers them again in every microbatch's forward, of the stage it runs; the others
      // gather every stage's once, after the optimizer.
      const double gatherings = per_microbatch && st.zero2_regathers ? m : 1.0;
      if (gatherings == 1) gather_t *= stages;
      if (deferred) {
        out_dp.exposed += reduce;
      } else if (st.dp_overlap) {
        const double under = s.bwd + s.recompute - cp_fills_b + waits_b;  // a microbatch's backward
        const double exposed = std::max(reduce / per_layers, reduce - under);
        out_dp.exposed += reductions * exposed;
        out_dp.hidden += reductions * (reduce - exposed);
        if (l.offload > 0) {  // (only offloading reads them: the search's loop stays as it was)
          out_dp.reduce = {.traffic = reduce, .under = under, .least = reduce / per_layers};
          out_dp.reductions = reductions;
        }
      } else {
        out_dp.exposed += reductions * reduce;
      }
      if (st.param_gather_overlap) {
        const double under = s.fwd - cp_fills_f + waits_f;  // a microbatch's forward
        const double exposed = std::max(gather_t / per_layers, gather_t - under);
        out_dp.exposed += gatherings * exposed;
        out_dp.hidden += gatherings * (gather_t - exposed);
        if (l.offload > 0) {
          out_dp.gather = {.traffic = gather_t, .under = under, .least = gather_t / per_layers};
          out_dp.gatherings = gatherings;
        }
      } else {
        out_dp.exposed += gatherings * gather_t;
      }
    }
    const double held_for_optimizer =
        stages * (nonexpert / (l.zero >= 1 ? shard : 1.0) + expert / (l.zero >= 1 ? eshard : 1.0));
    // Offloaded (8.9): the shard's gradients go down over the host link, under the backward
    // where the stack overlaps its reduction (DeepSpeed copies each reduced bucket in the
    // backward's hooks; a pipelined stage that defers it reduces after the backward), the host
    // updates them and the updated weights come back, while the GPU
    // waits.
    out_dp.optimizer =
        l.optimizer_offload
            ? held_for_optimizer * ((st.dp_overlap && !deferred ? 0.0 : gbytes) / c.host_bw +
                                    wbytes / c.host_bw + 1.0 / c.host_optimizer_rate)
            : st.optimizer_traffic * held_for_optimizer / c.hbm;
    return out_dp;
  };
  const double dual = dualpipe ? 2.0 : 1.0;  // DualPipe: two stages' weights a rank
  // A MoE model with dense layers on a pipeline: each device is timed (below). Where its dense
  // first layers leave a middle device of whole chunks of MoE layers alone, that device holds
  // the busiest stage above and the middle devices after it hold the same: the devices up to it
  // are timed, and it stands for the rest. Otherwise (dense layers between MoE ones, an uneven
  // split, two stages, DualPipe, zero-bubble V) no device need hold the busiest stage, and every
  // device is timed, the slowest setting the pace and the step's DP time (helper-362).
  bool moe_middle = false;
  // The devices of whole chunks of MoE layers alone, [first_moe, pp - short_devices) (none
  // where first_moe reaches that end).
  std::int64_t first_moe = l.pp, short_devices = 0;
  if (mixed && l.pp > 1 && c.dense_first && !dualpipe && !zbv) {
    first_moe = 1;  // the first device whose first chunk starts past them
    while (first_moe < l.pp && static_cast<double>(first_moe) * chunk_size - offset < k_dense) {
      ++first_moe;
    }
    // The places past the last layer shorten the last chunks, the last devices' (at least the
    // last device, with the logits); the devices before them hold whole chunks.
    short_devices = std::max<std::int64_t>(
        1, static_cast<std::int64_t>(std::ceil(std::max(0.0, tail) / chunk_size - 1e-9)));
    // (Not where the modules' places spill out of the last chunk: that path's last stage loses
    // a layer its device holds, the modules' place counted against it; helper-363.)
    moe_middle = first_moe + short_devices < l.pp && !(mtp_places && tail > chunk_size);
  }
  const bool per_device = mixed && l.pp > 1 && !moe_middle;
  DpTime dp = per_device ? DpTime{}
                         : dp_time(busy, busy_dense, n_moe_busy, mtp_extra, embed_units,
                                   n_nonexpert, n_expert, dual);
  const auto dp_total = [&](const DpTime& d_t) {
    return d_t.exposed + st.overlap_slowdown * d_t.hidden + d_t.optimizer;
  };
  // With the ends one layer short (8.6), no device holds both the busiest stage's layers and the
  // embedding (or the head): the first and last hold one layer fewer beside it, a middle device
  // none. Each reduces its own parameters, the larger closing the step (helper-122: Llama 3
  // 405B's DP had been costed for 8 layers and the embedding, 4.9 s where its stages hold 4.5).
  if (short_ends && l.pp > 1 && !zbv && !dualpipe && !embedding_copy && !per_device) {
    const bool drop_dense = busy_dense >= 1;
    const double end_dense = drop_dense ? busy_dense - 1 : busy_dense;
    const double end_moe = drop_dense ? n_moe_busy : std::max(0.0, n_moe_busy - 1);
    const double end_nonexpert =
        ((n_layers - 1) * attn_p + end_dense * dense_mlp_p + end_moe * shared_p + embed_p) / t;
    dp = dp_time(busy, end_dense, end_moe, 0, embed_units, end_nonexpert,
                 end_moe * expert_p / ex_split, dual);
    if (has_middle) {
      const double mid_nonexpert =
          (n_layers * attn_p + busy_dense * dense_mlp_p + n_moe_busy * shared_p) / t;
      const DpTime mid = dp_time(busy, busy_dense, n_moe_busy, 0, 0, mid_nonexpert,
                                 n_moe_busy * expert_p / ex_split, dual);
      if (dp_total(mid) > dp_total(dp)) dp = mid;
    }
  }
  // A MoE model with dense layers: its devices hold different mixes (the dense first layers on
  // the first devices, or dense layers between MoE ones), and the busiest stage above, a full
  // stage of the most MoE layers a device holds, may be one no device holds (an uneven split,
  // the ends short, two stages; helper-362). The devices are timed as they are (docs/model.md
  // 8.6; all of them, or those up to the middle device that holds the busiest stage: above),
  // each with its share of the logits and modules when it holds the last chunk, and the slowest
  // sets the pace; each reduces (and gathers) its own parameters, the slowest closing the step.
  // A device that holds what the one before holds costs what it costs: costed once.
  StageTime pace = busy;
  // The devices this loop times, [timed_begin, timed_end), and the sum of their times a
  // microbatch: the pipeline's fill and drain pass through them (below).
  std::int64_t timed_begin = 0, timed_end = 0;
  double timed_sum = 0, timed_max = 0, timed_layers = 0;
  if (mixed && l.pp > 1) {
    // (Said where a device with dense layers is slower than the busiest stage of MoE layers and
    // than it would be were its dense layers MoE ones: helper-363, the note had named devices
    // that the logits or more MoE layers made the slowest.)
    const double t_moe_stage = t_mb;
    if (per_device) t_mb = 0;
    Held pace_held{.dense = 0};
    std::int64_t pace_dev = -1;
    Held prev{.dense = -1};
    StageTime here{};
    DpTime dp_here{};
    double t_here = 0, lg = 0, pj = 0;
    for (std::int64_t dev = 0; dev < l.pp; ++dev) {
      const Held hd = held(dev);
      // (The devices up to the first middle one of MoE layers alone: the first may hold only
      // the embedding.)
      if (!per_device && hd.dense <= 0) {
        if (dev > 0) break;
        continue;
      }
      const double mtp_here = hd.last ? c.mtp : 0.0;
      if (hd.dense != prev.dense || hd.moe != prev.moe || hd.embed != prev.embed ||
          hd.share != prev.share || hd.last != prev.last) {
        prev = hd;
        // (A full stage of the busiest's mix is the busiest stage, costed above; a stage of MoE
        // layers alone beside a busiest one of MoE layers alone, its share of it: every term of
        // a stage of one kind of layer grows as its layers do.)
        // (Its MTP layers, of the last layer's kind.)
        const double n_moe_here = hd.moe + (c.mtp_moe ? mtp_here : 0.0);
        const double n_dense_here = hd.dense + (c.mtp_moe ? 0.0 : mtp_here);
        here = n_dense_here == busy_dense && n_moe_here == n_moe_busy ? busy
               : n_dense_here <= 0 && busy_dense <= 0 && n_moe_busy > 0
                   ? scaled(busy, n_moe_here / n_moe_busy)
                   : stage_time(n_dense_here, n_moe_here);
        lg = hd.last ? hd.share * (1 + c.mtp) : 0.0;
        pj = hd.last ? hd.share * c.mtp : 0.0;
        t_here = hd.share * here.total + lg * logits + pj * mtp_proj;
        // Costed per stage as the busiest stage is: DualPipe's device runs one of its two
        // stages a microbatch, their mean, and holds both.
        const double k = hd.share;
        dp_here = dp_time(
            scaled(here, k), k * hd.dense, k * hd.moe, k * mtp_here, k * hd.embed,
            k * (hd.dense * ne_dense + hd.moe * ne_moe + hd.embed * embed_t + mtp_here * ne_mtp),
            k * (hd.moe * ex_moe + mtp_here * ex_mtp), 1 / k);
      }
      if (timed_end == 0) timed_begin = dev;
      timed_end = dev + 1;
      timed_sum += t_here;
      timed_layers += hd.dense + hd.moe;
      timed_max = std::max(timed_max, t_here);
      if (t_here > t_mb) {
        pace = here;
        layer_share = hd.share;
        logits_share = lg;
        proj_share = pj;
        t_mb = t_here;
        pace_held = hd;
        pace_dev = dev;
      }
      if (dp_total(dp_here) > dp_total(dp)) dp = dp_here;
      // The whole-chunk devices of MoE layers alone after this one hold what it holds: counted
      // as it is, once each, in the fill.
      if (per_device && dev == first_moe && dev + 1 < l.pp - short_devices) {
        const auto same = static_cast<double>(l.pp - short_devices - 1 - dev);
        timed_sum += same * t_here;
        timed_layers += same * (hd.dense + hd.moe);
        dev = l.pp - short_devices - 1;
      }
    }
    if (pace_dev >= 0 && pace_held.dense > 0 && t_mb > t_moe_stage) {
      const double mtp_at = pace_held.last ? c.mtp : 0.0;
      const double all_moe =
          pace_held.share * stage_time(0.0, pace_held.dense + pace_held.moe + mtp_at).total +
          logits_share * logits + proj_share * mtp_proj;
      if (t_mb > all_moe) {
        out.pace_device = pace_dev;
        // (With a dense MTP layer on it, that one too.)
        out.pace_dense = pace_held.dense + (c.mtp_moe ? 0.0 : mtp_at);
      }
    }
  }
  const double dp_exposed = dp.exposed, dp_hidden = dp.hidden, optimizer = dp.optimizer;
  const double dp_slowdown = st.overlap_slowdown * dp_hidden;

  // Pipeline (docs/model.md 8.6). The fill and the drain pass through every device but the one
  // that sets the pace: their times a microbatch, not p - 1 of the busiest's (a last stage with
  // the logits, a first one a layer short). A simulation of the 1F1B order gives a step of
  // (m - 1) t_max + sum t_dev for a chain whose slowest device never waits.
  double fill = (p - 1) * t_mb;
  if (l.pp > 1 && !dualpipe && !zbv) {
    const double t_last =
        (n_last + mtp_eq) / n_layers * t_layers + (1 + c.mtp) * logits + c.mtp * mtp_proj;
    const double t_first = n_first / n_layers * t_layers;
    double sum = timed_sum, slowest = timed_max;
    const auto add = [&](double device, double count) {
      sum += count * device;
      slowest = std::max(slowest, device);
    };
    // The layers the middle devices hold between them: what the first, the last and the
    // devices the dense-layer loop timed leave. A split filled in order can leave middle devices
    // a layer or more short, or with none (64 layers on pp 36: 32 stages of 2, then 4 empty);
    // the fill passes through the layers they hold, which any split of the same busiest stage
    // and last stage has (29 stages of 2 and 6 of 1 cost the same).
    const double outside = (timed_end == 0 || timed_begin > 0 ? n_first : 0.0) +
                           (timed_end < l.pp ? n_last : 0.0) + timed_layers;
    const double middle_layers = std::max(0.0, L_all - outside);
    // The devices the dense-layer loop did not time, [from, to): the first and the last each as
    // they are, the middle ones by the layers they hold, at most a full stage each.
    const auto add_devices = [&](std::int64_t from, std::int64_t to) {
      if (from < to && from == 0) {
        add(t_first, 1);
        ++from;
      }
      if (from < to && to == l.pp) {
        add(t_last, 1);
        --to;
      }
      if (from < to) {
        const double count = static_cast<double>(to - from);
        sum += t_layers * std::min(count, middle_layers / n_layers);
        if (middle_layers > 0) slowest = std::max(slowest, t_layers);
      }
    };
    if (timed_end == 0) {
      add_devices(0, l.pp);
    } else {
      add_devices(0, timed_begin);
      add_devices(timed_end, l.pp);
    }
    // All but the slowest of the devices summed (t_mb, the pace, may be the MoE-heaviest stage
    // no single device holds, when the loop above timed every device but the last).
    fill = std::clamp(sum - slowest, 0.0, (p - 1) * t_mb);
  }
  double bubble = 0;
  switch (l.schedule) {
    case Schedule::kGpipe:
      bubble = fill;
      break;
    case Schedule::k1F1B:
      bubble = fill / v;
      // Chunks of a fractional count of layers run as whole-layer chunks of two sizes (a pipeline
      // layout), whose fill and drain the larger paces (helper-382: costed at the mean, an
      // interleave the search does not try came out faster than its answer).
      if (v > 1 && out.chunk_layers != std::floor(out.chunk_layers)) {
        bubble *= std::ceil(out.chunk_layers) / out.chunk_layers;
      }
      break;
    case Schedule::kZeroBubble:
      bubble = fill / 3;
      break;
    case Schedule::kZeroBubbleV:
      bubble = 0;
      break;
    case Schedule::kDualPipe: {
      // DualPipe's README: (p/2 - 1)(F&B + B - 3W), where B is a full backward chunk (input and
      // weight gradients) and F&B a forward and a backward chunk run together, their compute
      // adding up (the overlap hides communication, which t_mb counts apart). With T_F =
      // T_B,input = T_W = t_mb / 3, as the 1F1B and ZB-H1 rows above read the same table:
      // (p/2 - 1)(t_mb + 2 t_mb/3 - t_mb) = (p/2 - 1) 2 t_mb / 3.
      const double fwd = t_mb / 3, bwd = 2 * t_mb / 3, bwd_w = t_mb / 3;
      bubble = std::max(0.0, (p / 2 - 1) * ((fwd + bwd) + bwd - 3 * bwd_w));
      break;
    }
  }
  const Group pp_g = c.chain(l.pp, l.tp * l.cp * l.dp);
  // A boundary's activation, T h 2 bytes, leaves each TP rank whole, or split t ways (SP; or the
  // scatter/gather optimisation, which then all-gathers it over NVLink on the receiving side).
  const bool scatter = st.scatter_gather_sends && !sp && l.tp_model == 1 && l.tp > 1;
  const double send = l.pp > 1 ? c.launch + pp_g.alpha + act / (scatter ? t : sp_div) / pp_g.bw +
                                     (scatter ? c.gather(act, tp_g) : 0.0)
                               : 0;
  // Overlapped, only the fill and the drain stay exposed: the first microbatch's forward and the
  // last one's backward cross every chunk boundary, p v - 1 of them (interleaved; zero-bubble
  // V's fold, 2p chunks, crosses 2(p - 1) between devices).
  const double hops = zbv ? 2 * (p - 1) : p * v - 1;
  // Not overlapped, a device waits on each of its 2 m v sends, and the fill and drain's 2 hops
  // lie on the step's path either way: with fewer microbatches than hops those set the count.
  double pp_exposed =
      l.pp > 1 ? (st.p2p_overlap ? 2 * hops * send : 2 * std::max(m * v, hops) * send) : 0;
  if (l.pp > 1 && st.p2p_overlap) {
    // In the steady state a device's chunk slot (a forward and a backward, t_mb / v) hides the
    // two sends it starts, one each way on the same links; what they take beyond the slot waits
    // (a slow or distant link: the sends, not the compute, then set the pace).
    const double slots = std::max(0.0, m * v - hops);
    pp_exposed += slots * std::max(0.0, 2 * send - t_mb / v);
  }
  const double pp_hidden = l.pp > 1 ? std::max(0.0, 2 * m * v * send - pp_exposed) : 0;

  double step = m * t_mb + bubble + pp_exposed + dp_exposed + dp_slowdown + optimizer +
                st.step_overhead.value();

  // Memory per GPU (docs/model.md 8.9).
  // FP8 and FP4 linears of a stack that keeps their quantized input for the weight gradient
  // (Transformer Engine) hold it at the GEMM operand's bytes (1 for FP8, 0.5625 for NVFP4)
  // instead of the 16-bit tensor (docs/model.md 8.9): the first norm's output (but under MLA,
  // whose two down-projections keep a copy each), a dense layer's second norm's output (a MoE
  // layer's router keeps it 16-bit), the activation's output entering the down-projections and
  // the experts' dispatched tokens. The attention's output stays 16-bit for the attention's
  // backward, and the output projection quantizes it again in its backward (Megatron-Core 0.15
  // on) rather than keep a copy.
  const bool q_kept = quantized && st.saves_quantized_inputs;
  const double q_saved = q_kept ? 2.0 - c.gemm_bytes : 0.0;
  const bool norms_dropped = l.recompute == Recompute::kNorms;
  // MLA's two down-projections keep a copy each of the first norm's output; a MoE layer's shared
  // experts keep their own copy of the second's beside the router's 16-bit one.
  const double norm1_saved = norms_dropped || !q_kept
                                 ? 0.0
                                 : (c.mla ? std::max(0.0, 2.0 - 2 * c.gemm_bytes) : q_saved) * h;
  const double norm2_saved = norms_dropped ? 0.0 : q_saved * h;
  const double shared_copy = q_kept && !norms_dropped && c.shared > 0 ? c.gemm_bytes * h : 0.0;
  // The two norms' inputs and outputs (the outputs dropped when the norms are recomputed), and
  // the dropout masks.
  const double replicated = (norms_dropped ? 4 * h : 8 * h) + (st.dropout ? 2 * h : 0) +
                            2 * x.latents;  // MLA: its latents
  const double replicated_dense = replicated - norm1_saved - norm2_saved;
  const double replicated_moe = replicated - norm1_saved + shared_copy;
  // Attention's heads: the query, key and value heads and the attention's output, 2 bytes each
  // (4 (a + g) d_h without MLA).
  const double attn_act = 2 * ((l.recompute_mla_up ? 0 : qkv_t * t1) + a * x.v);
  const double mlp_act_bytes = c.act_bytes - q_saved;  // the activation's output quantized
  const double split_dense = attn_act + mlp_act_bytes * c.f;
  // An unfused clamp of the experts' GLU (a stack with glu_clamp_traffic) keeps its input, the
  // up-projection's whole output, beside what the activation keeps: 4 bytes per expert d_ff
  // element, unless the expert activation is recomputed.
  const double clamp_kept = c.unfused_clamp_bytes > 0 && !l.recompute_moe_act ? 4.0 : 0.0;
  // The s x s scores an unfused kernel keeps (softmax output, dropout mask and output); selective,
  // op and full recompute do not store them.
  const double scores =
      st.attention == AttentionKernel::kUnfused ? (st.dropout ? 5.0 : 4.0) * a * c.s : 0.0;
  const double stored_scores =
      l.recompute == Recompute::kNone || l.recompute == Recompute::kNorms ? scores : 0.0;
  // Bytes per token one layer holds for its backward, given the scores it keeps.
  const auto dense_layer = [&](double sc) {
    return replicated_dense / sp_div + (split_dense + sc) / t;
  };
  // A MoE layer's experts keep, per routed copy of a token, their first GEMM's input (2h: the
  // dispatched token, a tensor of its own, saved for the weight gradient; under expert TP every
  // copy the etp ranks gathered, each rank's 1/etp of the width of the rest) and their MLP
  // activations; the shared experts read the norm's output, already counted.
  const double routed_kept =
      c.experts > 0
          ? c.top_k * imbalance *
                ((2 - q_saved) * h * static_cast<double>(l.etp) +
                 ((l.recompute_moe_act ? c.act_bytes - 2 : mlp_act_bytes) + clamp_kept) * c.fe) /
                sp_div
          : 0.0;
  const auto moe_layer = [&](double sc) {
    return replicated_moe / sp_div + (attn_act + sc) / t +
           (c.experts > 0 ? routed_kept + mlp_act_bytes * c.fs / t : 0);
  };
  double per_token_dense = dense_layer(stored_scores);
  double per_token_moe = moe_layer(stored_scores);
  if (l.recompute == Recompute::kOp) {
    // Kept: the layer input and the MLP's, the attention output, and half the matmul outputs
    // (QKV and the MLP up-projection are the wide ones; the out and down projections, of width
    // h, are the reduce-scatters' outputs and kept). Element-wise results are recomputed.
    const double kept =
        2 * (2 * h) / sp_div + 2 * a * x.v / t1 + 2 * (2 * h) / sp_div + 0.5 * 2 * qkv_t;
    per_token_dense = std::min(per_token_dense, kept + 0.5 * 2 * c.up * c.f / t1);
    per_token_moe = std::min(
        per_token_moe,
        kept + (c.experts > 0 ? 0.5 * 2 * c.up * (c.fe * c.top_k * imbalance / sp_div + c.fs / t)
                              : 0));
  }
  // Full recompute keeps a layer's input; of a chunk's first recompute_layers layers only, the
  // others keep all they would without recompute: every layer holds the mix, rerun_share of one
  // and the rest of the other.
  const bool partial = l.recompute == Recompute::kFull && l.recompute_layers > 0;
  const double kept_dense = partial ? dense_layer(scores) : 0.0;
  const double kept_moe = partial ? moe_layer(scores) : 0.0;
  if (l.recompute == Recompute::kFull) {
    per_token_dense = 2 * h / sp_div;
    per_token_moe = 2 * h / sp_div;
  }
  if (partial) {
    per_token_dense = rerun_share * per_token_dense + (1 - rerun_share) * kept_dense;
    per_token_moe = rerun_share * per_token_moe + (1 - rerun_share) * kept_moe;
  }
  // The MTP layers (of the model's last kind), one microbatch of them, and one logits buffer
  // per output head, on the device that holds the last chunk.
  const double mtp_act = c.mtp * T * (c.mtp_moe ? per_token_moe : per_token_dense);
  const double logits_bytes = (1 + c.mtp) * T * vocab_t * 6;

  // Activation offloading (docs/model.md 8.9), pp 1, 1F1B and no recompute: the first
  // `offload` layers (a MoE model's dense first layers first) copy what they keep to host memory
  // in the forward and back in the backward, on copy streams beside the compute. The device then
  // holds the other layers' activations and one offloaded layer's, the first reloaded at the
  // backward's start while the last layers' are still held. Only tensors marked for offloading
  // move: Transformer Engine's linears, norms and attention mark theirs and Megatron-Core's
  // SwiGLU its input, but its grouped linears do not, so the routed experts' stay (TE v2.8
  // `mark_activation_offload`; Megatron-Core core_v0.14 `mlp.py`, `moe/experts.py`).
  double offloaded = 0, offload_buffer = 0, offload_exposed = 0, offload_credit = 0;
  if (l.offload > 0) {
    const double n_off = static_cast<double>(l.offload);
    const std::int64_t dense_first = c.experts > 0 ? c.dense_layers : c.layers;
    const double dense_off = n_off - c.moe_before(n_off);
    const double moe_moved = per_token_moe - routed_kept;
    offloaded = T * (dense_off * per_token_dense + (n_off - dense_off) * moe_moved);
    offload_buffer = T * (n_off > dense_off ? moe_moved : per_token_dense);
    // The copies run on their own engine through every wait of the compute stream as well as
    // its compute: TP's and CP's exposed waits, EP's, and ZeRO 3's between the layers (the
    // passes' shares of those not split by pass in proportion to their compute). A window is
    // then its layers' time, and the copies are exposed only past it (a faster GPU whose DP
    // waits grow by what its compute loses keeps the window: helper-102, 2x clock +12%).
    const double share_f = busy.fwd / std::max(busy.fwd + busy.bwd, 1e-300);
    const double pooled = busy.ep_exposed + dp.waits;
    const double waits_f = busy.tp_exposed_f + busy.cp_exposed_f + share_f * pooled;
    const double waits_b = busy.tp_exposed - busy.tp_exposed_f + busy.cp_exposed -
                           busy.cp_exposed_f + (1 - share_f) * pooled;
    const double stretch_f = busy.fwd > 0 ? 1 + waits_f / busy.fwd : 1.0;
    const double stretch_b = busy.bwd > 0 ? 1 + waits_b / busy.bwd : 1.0;
    const detail::ByKind copy{.dense = T * per_token_dense / c.host_bw,
                              .moe = T * moe_moved / c.host_bw};
    const detail::ByKind window_f{.dense = stretch_f * fwd_dense, .moe = stretch_f * fwd_moe};
    const detail::ByKind window_b{.dense = stretch_b * bwd_dense, .moe = stretch_b * bwd_moe};
    const detail::ByPass off = detail::offload_exposed_by_pass(
        c.layers, l.offload, dense_first, copy, window_f, window_b, c.every, c.moe_prefix);
    offload_exposed = off.forward + off.backward;
    const double off_f = off.forward, off_b = off.backward;
    step += m * offload_exposed;
    // Under ZeRO 0-2 the overlapped reduce runs through the stalls the copies cause in its
    // microbatch's backward, and the gathers through the forward's: the two streams' excesses
    // meet rather than add (helper-105: ZeRO 1, +6.4% from a 2x to a 4x clock).
    offload_credit = dp.reductions * (dp.reduce.exposed(0) - dp.reduce.exposed(off_b)) +
                     dp.gatherings * (dp.gather.exposed(0) - dp.gather.exposed(off_f));
    step -= offload_credit;
  }

  // Microbatches of a device's chunks held at once: 1F1B device d p - d (interleaved, its
  // warm-up's 2 (p - d - 1) + (v - 1) p + 1 chunks, and with m = p all of them: every forward
  // runs before the first backward; Megatron-LM's schedules.py), GPipe all, ZB-H1 as 1F1B,
  // ZB-V p, DualPipe p + 1 (of the mean of its two stages).
  // Without a pipeline (PP 1) a schedule orders nothing: each microbatch's backward follows its
  // forward, as gradient accumulation runs (helper-128: GPipe at PP 1 held every microbatch).
  const auto in_flight = [&](double dev) {
    if (l.pp == 1) return std::min(m, 1.0);
    switch (l.schedule) {
      case Schedule::kGpipe:
        return m;
      case Schedule::k1F1B:
        if (v > 1) return m <= p ? m : std::min(m, p * (1 + (p - 1 - 2 * dev) / (p * v)));
        return std::min(m, p - dev);
      case Schedule::kZeroBubble:
        return std::min(m, p - dev);
      case Schedule::kZeroBubbleV:
        return std::min(m, p);
      case Schedule::kDualPipe:
        return std::min(m, p + 1);
    }
    return m;
  };
  // Per parameter a device holds: the bytes of each state after sharding (non-expert over the
  // shard group, experts over theirs); per layer of each kind, the parameters a TP or EP rank
  // holds (non-expert and expert), and a MTP module's (of the model's last kind) and projection.
  const auto per_param = [&](double bytes, bool sharded_here) {
    return std::array<double, 2>{bytes / (sharded_here ? shard : 1.0),
                                 bytes / (sharded_here ? eshard : 1.0)};
  };
  // ZeRO 2 of a stack that keeps its parameters wider than the 16-bit compute type (FSDP's mixed
  // precision: fp32 shards, SHARD_GRAD_OP or reshard_after_forward=False) shards those with the
  // gradients and holds the 16-bit copy each layer's forward gathers whole until its backward:
  // every layer's at the step's peak, between the forward and the backward (helper-346); a
  // group of one rank keeps its weights as they are.
  // A pipelined FSDP stage (deferred) holds what ZeRO 2 holds, and its whole gradients.
  std::array<double, 2> w_b = per_param(wbytes, l.zero >= 3 && !deferred);
  if ((l.zero == 2 || deferred) && wbytes > gather_bytes) {
    if (shard > 1) w_b[0] = wbytes / shard + gather_bytes;
    if (eshard > 1) w_b[1] = wbytes / eshard + gather_bytes;
  }
  // Offloading the optimizer (8.9) moves its states to the host, with fp32 gradients of its
  // shard (the host's optimizer reads them there); ZeRO 2 and 3 copy each reduced shard down and
  // keep none on the GPU, ZeRO 0 and 1 keep their whole gradient buffer and copy from it.
  const bool grads_sharded = l.zero >= 2 && !deferred;
  const bool grads_on_host = l.optimizer_offload && grads_sharded;
  const std::array<double, 2> g_b =
      per_param(grads_on_host ? 0.0 : st.gradient_bytes, grads_sharded);
  const std::array<double, 2> o_b =
      per_param(l.optimizer_offload ? 0.0 : st.optimizer_bytes, l.zero >= 1);
  const std::array<double, 2> host_b =
      per_param(l.optimizer_offload ? st.optimizer_bytes + st.gradient_bytes : 0.0, l.zero >= 1);
  struct DeviceMemory {
    double weights = 0, grads = 0, optim = 0, transient = 0, activations = 0, logits = 0;
    double host = 0;  // the offloaded optimizer's, in host memory
    double total = -1;
  };
  const auto device = [&](std::int64_t dev, const Held& hd) {
    const double mtp_here = hd.last ? c.mtp : 0.0;
    const double nonexpert =
        hd.dense * ne_dense + hd.moe * ne_moe + hd.embed * embed_t + mtp_here * ne_mtp;
    const double expert = hd.moe * ex_moe + mtp_here * ex_mtp;
    DeviceMemory dm;
    dm.weights = nonexpert * w_b[0] + expert * w_b[1];
    dm.grads = nonexpert * g_b[0] + expert * g_b[1];
    dm.optim = nonexpert * o_b[0] + expert * o_b[1];
    dm.host = nonexpert * host_b[0] + expert * host_b[1];
    if (l.zero >= 3 && !deferred) {
      // Two units gathered whole at a time (the one computing and the one prefetched), at
      // most the device's: the largest of its dense layers, its MoE layers, its MTP modules and
      // its embeddings and heads.
      dm.transient =
          std::min(2.0, hd.dense + hd.moe + mtp_here + hd.embed) *
          std::max({hd.dense > 0 ? ne_dense : 0.0, hd.moe > 0 ? ne_moe + ex_moe : 0.0,
                    mtp_here > 0 ? ne_mtp + ex_mtp : 0.0, hd.embed > 0 ? embed_t : 0.0}) *
          gather_bytes;
    }
    // Full recompute: the layer whose forward is rerun in the backward holds all it would hold
    // without recompute, scores included; the larger of the device's dense and MoE layers.
    const double full_layer = l.recompute == Recompute::kFull
                                  ? T * std::max(hd.dense > 0 ? dense_layer(scores) : 0.0,
                                                 hd.moe > 0 ? moe_layer(scores) : 0.0)
                                  : 0.0;
    const double per_microbatch =
        T * (hd.dense * per_token_dense + hd.moe * per_token_moe) * hd.share;
    dm.activations = per_microbatch * in_flight(static_cast<double>(dev)) + full_layer +
                     (hd.last ? mtp_act : 0.0) - offloaded + offload_buffer;
    dm.logits = hd.last ? logits_bytes : 0.0;
    dm.total =
        dm.weights + dm.grads + dm.optim + dm.transient + dm.activations + dm.logits + c.workspace;
    return dm;
  };
  // The devices that can hold the most: the first (most in flight), those after it up to the
  // first that holds no dense first layer of a MoE model (the first middle device of a dense
  // one), and the last. Other middle devices hold the same as that one, with fewer in flight. A
  // dense model's second device holds no more than the first unless the first gave a place to
  // the embedding or DualPipe pairs it with the short last stage. With dense layers between MoE
  // ones any device may hold the widest: every device (helper-362: a pattern's dense layers
  // after a device of MoE layers alone were not counted).
  DeviceMemory fullest;
  double host_most = 0;  // the offloaded optimizer's most on one host share
  const auto consider = [&](std::int64_t dev) {
    const Held hd = held(dev);
    const DeviceMemory dm = device(dev, hd);
    if (dm.total > fullest.total) fullest = dm;
    host_most = std::max(host_most, dm.host);
    return hd.dense > 0;
  };
  consider(0);
  const bool second_can_hold_more = c.experts > 0 || short_ends || dualpipe || zbv;
  for (std::int64_t dev = 1; second_can_hold_more && dev < l.pp - 1; ++dev) {
    if ((!consider(dev) && c.dense_first) || c.experts == 0) break;
  }
  if (l.pp > 1) consider(l.pp - 1);
  const double total = fullest.total;

  using units::Bytes;
  using units::Seconds;
  const double ml = m * layer_share;  // microbatches of the busiest stage's layers
  out.time.step = Seconds(step);
  out.time.gemm = Seconds(ml * pace.gemm * 3 + m * proj_share * mtp_proj);
  out.time.attention = Seconds(ml * (pace.attn_f + pace.attn_b));
  out.time.elementwise = Seconds(ml * (pace.elem * 3 + pace.cast_f + pace.cast_b + 2 * pace.perm));
  out.time.logits = Seconds(m * logits_share * logits);
  out.time.recompute = Seconds(ml * pace.recompute);
  out.time.overhead = Seconds(ml * pace.overhead + st.step_overhead.value());
  out.time.tp = Seconds(ml * pace.tp_exposed);
  out.time.tp_hidden = Seconds(ml * pace.tp_hidden);
  out.time.cp = Seconds(ml * pace.cp_exposed);
  out.time.cp_hidden = Seconds(ml * pace.cp_hidden);
  out.time.ep = Seconds(ml * pace.ep_exposed);
  out.time.ep_hidden = Seconds(ml * pace.ep_hidden);
  out.time.pp = Seconds(pp_exposed);
  out.time.pp_hidden = Seconds(pp_hidden);
  out.time.bubble = Seconds(bubble);
  out.time.dp = Seconds(dp_exposed);
  out.time.dp_hidden = Seconds(dp_hidden);
  out.time.optimizer = Seconds(optimizer);
  out.time.slowdown = Seconds(ml * pace.slowdown + dp_slowdown);
  out.time.offload = Seconds(m * offload_exposed - offload_credit);
  out.memory.weights = Bytes(fullest.weights + fullest.transient);
  out.memory.gradients = Bytes(fullest.grads);
  out.memory.optimizer = Bytes(fullest.optim);
  // The parts of the fullest device, so that they add up to the total.
  out.memory.activations = Bytes(fullest.activations);
  out.memory.logits = Bytes(fullest.logits);
  out.memory.total = Bytes(total);
  out.memory.workspace = Bytes(c.workspace);
  out.memory.capacity = Bytes(c.capacity);
  out.memory.host = Bytes(offloaded + host_most);
  out.memory.host_capacity = Bytes(c.host_capacity);
  out.microbatches = m;
  // An unfused kernel also computes the masked blocks: in the forward, the backward (2x) and,
  // under full recompute, the forward run again (Narayanan et al. 2021's 96 B s L h^2
  // (1 + s/6h + V/16Lh) counts all s x s scores in all four passes).
  // (Of a chunk's first recompute_layers layers only: that share of all the layers.)
  const double rerun_all = l.recompute != Recompute::kFull ? 0.0 : rerun_share;
  const double unfused_passes = 3.0 + rerun_all;
  // Per token: the layers with the MTP modules' (attention and recompute run in them too), and
  // the logits' forward of every output head (never recomputed).
  const double all_layers = static_cast<double>(c.layers) + c.mtp;
  const double logits_fwd = 2 * c.h * c.V * (1 + c.mtp);
  out.hardware_flop_per_token =
      c.flop_model + rerun_all * (c.flop_model / 3 - logits_fwd) +
      (st.attention == AttentionKernel::kUnfused
           ? unfused_passes * 4 * all_layers * a * c.dk * (c.keys_kernel - c.keys_model)
           : 0);
  if (l.recompute == Recompute::kSelective && st.attention == AttentionKernel::kUnfused) {
    out.hardware_flop_per_token += 4 * all_layers * a * c.dk * c.keys_kernel;
  }
  // GQA's key/value heads copied over more TP ranks than there are of them (8.5): every copy's
  // projection runs, forward and backward (6 FLOPs a weight), and again under full recompute.
  out.hardware_flop_per_token += (6.0 + 2 * rerun_all) * all_layers * kv_copies;
  if (l.recompute_mla_up) {  // MLA's up-projections again, per token
    out.hardware_flop_per_token += 2 * all_layers *
                                   ((c.att.q_rank > 0 ? c.att.q_rank : c.h) * a * c.att.qk +
                                    c.att.kv_rank * a * (c.dh + c.att.v));
  }
  // Per-op checkpointing reruns half the linear layers' forward, or under FP8 and FP4 all of
  // them (the quantized matmuls' outputs are not saved: 8.3, as the step's time counts them).
  const double op_rerun = l.recompute != Recompute::kOp         ? 0.0
                          : c.run.precision != Precision::kBf16 ? 1.0
                                                                : 0.5;
  if (op_rerun > 0) {
    // The linear layers' forward: model FLOPs / 3 less attention and logits.
    const double linear_fwd =
        c.flop_model / 3 - logits_fwd - 4 * all_layers * a * c.dk * c.keys_model;
    out.hardware_flop_per_token += op_rerun * linear_fwd;
  }
  if (c.experts > 0 && c.capacity_factor > 0) {
    // A capacity factor changes the experts' work per token on average: padded, every expert
    // computes capacity_factor times the mean; dropping, a factor below 1 drops that share of
    // every expert's copies (what an imbalanced routing drops beyond it is not known: none).
    const double passes = 3.0 + rerun_all + op_rerun;
    out.hardware_flop_per_token +=
        (c.served - 1) * passes * (c.moe_layers + (c.mtp_moe ? c.mtp : 0.0)) * c.expert_fwd;
  }
}

}  // namespace detail

// --- evaluate -----------------------------------------------------------------------------------

namespace {

struct Filled {
  Lay lay;
  std::vector<std::string> assumed;
};

// The layout with every field filled in: given values, else assumptions, which are listed.
Filled fill(const TransformerCtx& c, const TransformerLayout& in) {
  Filled out;
  Lay& l = out.lay;
  auto note = [&](const char* field, const std::string& value) {
    out.assumed.push_back(fmt::format("{} = {}", field, value));
  };
  l.tp = in.tp.value_or(1);
  if (!in.tp) note("tp", "1");
  l.pp = in.pp.value_or(1);
  if (!in.pp) note("pp", "1");
  l.cp = in.cp.value_or(1);
  if (!in.cp) note("cp", "1");
  if (in.dp) {
    l.dp = *in.dp;
  } else {
    const std::int64_t rest = l.tp * l.pp * l.cp;
    l.dp = std::max<std::int64_t>(1, c.n / rest);
    // When tp x pp x cp does not divide the GPUs, the layout does not run (layout_runs says so);
    // the note says what was taken, not a quotient that is not one.
    note("dp", c.n % rest == 0 ? std::to_string(l.dp) + " (GPUs / (tp x pp x cp))"
                               : fmt::format("{} (tp x pp x cp = {} does not divide the {} GPUs)",
                                             l.dp, rest, c.n));
  }
  l.tp_model = in.tp_model.value_or(1);
  l.sequence_parallel = in.sequence_parallel.value_or(l.tp > 1 && l.tp_model == 1 &&
                                                      c.run.stack.has_sequence_parallel);
  if (!in.sequence_parallel && l.tp > 1) {
    note("sequence_parallel", l.sequence_parallel ? "true" : "false");
  }
  l.schedule = in.schedule.value_or(Schedule::k1F1B);
  if (!in.schedule && l.pp > 1) note("schedule", "\"1f1b\"");
  l.interleave = in.interleave.value_or(1);
  if (!in.interleave && l.pp > 1) note("interleave", "1");
  l.zero = in.zero.value_or(c.run.stack.default_zero);
  if (!in.zero) note("zero", std::to_string(l.zero) + " (the stack's default)");
  l.shard = in.shard.value_or(l.dp * l.cp);
  if (!in.shard && l.zero > 0 && l.dp * l.cp > 1) {
    note("shard", std::to_string(l.shard) + " (dp x cp: no HSDP)");
  }
  l.cp_kind = in.cp_kind.value_or(detail::default_cp_kind(c.run.model));
  if (!in.cp_kind && l.cp > 1) {
    note("cp_kind", l.cp_kind == ContextParallel::kRing
                        ? "\"ring\""
                        : "\"allgather\" (sliding-window attention: the ring does not run it)");
  }
  l.ep = in.ep.value_or(1);
  if (!in.ep && c.experts > 0) note("ep", "1");
  l.etp = in.etp.value_or(1);
  // Said where Megatron-Core's default (expert TP = tp) would differ.
  if (!in.etp && c.experts > 0 && l.tp > 1) {
    note("etp", "1 (Megatron-Core's own default is tp: give it where the run leaves it out)");
  }
  l.microbatch = in.microbatch.value_or(1);
  if (!in.microbatch) note("microbatch", "1");
  // (A count of recomputed layers is full recompute's.)
  l.recompute = in.recompute.value_or(in.recompute_layers ? Recompute::kFull : Recompute::kNone);
  if (!in.recompute) {
    note("recompute",
         in.recompute_layers ? "\"full\" (recompute_layers is full recompute's)" : "\"none\"");
  }
  l.recompute_layers = in.recompute_layers.value_or(0);
  // The switches below are listed where the layout could have used them.
  const bool modules_possible = c.run.stack.recompute_modules && l.recompute != Recompute::kFull &&
                                l.recompute != Recompute::kOp;
  l.recompute_mla_up = in.recompute_mla_up.value_or(false);
  if (!in.recompute_mla_up && modules_possible && c.mla) note("recompute_mla_up", "false");
  l.recompute_moe_act = in.recompute_moe_act.value_or(false);
  if (!in.recompute_moe_act && modules_possible && c.experts > 0) {
    note("recompute_moe_act", "false");
  }
  l.optimizer_offload = in.optimizer_offload.value_or(false);
  l.offload = in.offload.value_or(0);
  if (!in.offload && c.run.stack.offloads_activations && c.host_bw > 0 && l.pp == 1 &&
      l.schedule == Schedule::k1F1B && l.recompute == Recompute::kNone && !l.recompute_mla_up &&
      !l.recompute_moe_act) {
    note("offload", "0");
  }
  return out;
}

}  // namespace

namespace detail {

TransformerLayout to_layout(const Lay& l) {
  return TransformerLayout{.tp = l.tp,
                           .tp_model = l.tp_model,
                           .sequence_parallel = l.sequence_parallel,
                           .pp = l.pp,
                           .interleave = l.interleave,
                           .schedule = l.schedule,
                           .dp = l.dp,
                           .zero = l.zero,
                           .shard = l.shard,
                           .cp = l.cp,
                           .cp_kind = l.cp_kind,
                           .ep = l.ep,
                           .etp = l.etp,
                           .microbatch = l.microbatch,
                           .recompute = l.recompute,
                           .recompute_layers = l.recompute_layers > 0
                                                   ? std::optional<std::int64_t>(l.recompute_layers)
                                                   : std::nullopt,
                           .recompute_mla_up = l.recompute_mla_up,
                           .recompute_moe_act = l.recompute_moe_act,
                           .offload = l.offload,
                           .optimizer_offload = l.optimizer_offload};
}

// A figure in fixed notation at the sizes a run has, and beyond them as format_number writes
// numbers: a step of 3.65e16 ms (a clock a million times too slow), not 17 digits.
std::string fixed_text(double v, int decimals) {
  if (std::abs(v) >= 1e6) return format_number(v, 3);  // (helper-128: "358809600.0 GiB")
  return fmt::format("{:.{}f}", v, decimals);
}

std::string bytes_text(double b) { return fixed_text(b / 1073741824.0, 1) + " GiB"; }

}  // namespace detail

namespace {

using detail::bytes_text;
using detail::fixed_text;

// A figure of `digits` significant digits (0.283, 12.28), whole from 10^digits on (15310), as
// the rest of the plan's text writes numbers (never fmt's 1.531e+04).
std::string figure_text(double v, int digits) {
  if (std::abs(v) >= std::pow(10.0, digits)) return fixed_text(v, 0);
  return format_number(v, digits);
}

// The parts of the GPU that holds the most; the logits only on the stage that has them.
std::string memory_parts_text(const StepMemory& m) {
  std::string out = fmt::format("weights {}, gradients {}, optimizer {}, activations {}",
                                bytes_text(m.weights.value()), bytes_text(m.gradients.value()),
                                bytes_text(m.optimizer.value()), bytes_text(m.activations.value()));
  if (m.logits.value() > 0) out += fmt::format(", logits {}", bytes_text(m.logits.value()));
  return out + fmt::format(", workspace {}", bytes_text(m.workspace.value()));
}

}  // namespace

namespace detail {

// Power in each state weighted by the step's time in it; the facility's overheads and prices
// (docs/model.md 8.13). An optimizer on the host leaves the GPU idle while it runs.
StepEnergy step_energy(const TransformerCtx& c, const StepTime& t, double steps,
                       double tokens_per_step, bool optimizer_on_host) {
  const GpuPower& pw = *c.run.cluster.gpu.power;
  const Facility fac = c.run.cluster.facility.value_or(Facility{});
  const double step = t.step.value();
  const double waiting =
      t.tp.value() + t.cp.value() + t.ep.value() + t.pp.value() + t.dp.value() + t.offload.value();
  const double idle =
      t.bubble.value() + t.overhead.value() + (optimizer_on_host ? t.optimizer.value() : 0.0);
  const double busy = std::max(0.0, step - waiting - idle);
  StepEnergy e;
  e.busy_share = busy / step;
  e.waiting_share = waiting / step;
  e.idle_share = idle / step;
  e.gpu_watts = e.busy_share * pw.busy_watts + e.waiting_share * pw.waiting_watts +
                e.idle_share * pw.idle_watts;
  e.facility_watts_per_gpu = (e.gpu_watts + fac.host_watts_per_gpu) * fac.pue;
  const double n = static_cast<double>(c.n);
  e.step_joules = e.facility_watts_per_gpu * n * step;
  e.tokens_per_joule = tokens_per_step / e.step_joules;
  e.run_megawatt_hours = e.step_joules * steps / 3.6e9;
  const double hours = step * steps / 3600;
  if (fac.gpu_hour_price) {
    e.run_cost = *fac.gpu_hour_price * n * hours;
  } else if (fac.capital_per_gpu) {
    const double per_hour = *fac.capital_per_gpu / (fac.lifetime_years * 8766.0);
    e.run_cost = per_hour * n * hours + fac.energy_price * e.run_megawatt_hours * 1000;
  } else if (fac.energy_price > 0) {  // the energy alone (the GPUs' capital left out)
    e.run_cost = fac.energy_price * e.run_megawatt_hours * 1000;
  }
  if (e.run_cost) e.cost_per_million_tokens = *e.run_cost / (tokens_per_step * steps / 1e6);
  return e;
}

StepPlan make_step_plan(const TransformerCtx& c, const Lay& l, std::vector<std::string> assumed) {
  StepPlan p;
  p.run_name = c.run.name;
  p.model_name = c.run.model.name;
  p.gpu_name = c.run.cluster.gpu.name;
  p.gpus = c.n;
  p.stack_name = c.run.stack.name;
  p.precision = c.run.precision;
  p.global_batch = c.batch;
  p.tokens = c.tokens;
  p.layout = to_layout(l);
  p.layout_text = layout_text(p.layout);
  if (c.run.stack.ep_overlap && c.experts > 0 && l.ep > 1 && l.schedule != Schedule::kDualPipe &&
      !ep_overlap_runs(c.run.stack, l)) {
    p.notes.emplace_back(
        "the stack's ep_overlap does not run on this layout: Megatron-Core pairs microbatches' "
        "layers only across interleaved chunks when pp > 1, and not under full recompute; the "
        "all-to-all is costed without it");
  }
  p.notes.insert(p.notes.end(), c.run_notes.begin(), c.run_notes.end());
  p.assumed = std::move(assumed);
  p.assumed.insert(p.assumed.end(), c.run_assumed.begin(), c.run_assumed.end());
  p.params = c.params;
  p.active_params = c.params_active;
  p.model_flop_per_token = c.flop_model;
  if (!layout_runs(c, l, &p.violations)) {
    p.feasible = false;
    return p;
  }
  // A node limit saves bytes only where a token travels once per node (docs/model.md 8.8): the
  // all-to-all dispatcher sends every routed copy, so the limit is read and not used.
  if (l.ep > 1 && c.run.model.moe && c.run.stack.dispatcher == MoeDispatcher::kAllToAll &&
      (c.run.model.moe->max_nodes || c.run.model.moe->groups)) {
    p.notes.push_back(fmt::format(
        "moe.{} limits the nodes a token reaches, which saves nothing under the stack's "
        "dispatcher = \"all_to_all\" (every routed copy is sent); dispatcher = \"token\" "
        "(DeepEP, HybridEP) uses it",
        c.run.model.moe->max_nodes ? "max_nodes" : "groups"));
  }
  if (c.capacity_factor > 0) {
    // (Padded too: Megatron-Core drops above the capacity before it pads, helper-358.) Capacity
    // caps each expert: whether copies drop is the routing's, the declared imbalance, whatever
    // the layout (helper-359: said at EP 8 and not at EP 1).
    const double busiest = std::max(c.imbalance, 1.0);
    if (c.capacity_factor < busiest) {
      const double cf = c.capacity_factor;
      p.notes.push_back(fmt::format(
          "moe.capacity_factor {:.4g} is below the busiest expert's load ({:.4g} times the "
          "mean): it drops {:.0f}% of its routed copies{}, which are not trained on; the step is "
          "costed at the capped load{}, and the MFU counts {}",
          cf, busiest, 100 * (1 - cf / busiest),
          cf < 1 ? fmt::format(", and every expert at least {:.0f}%", 100 * (1 - cf))
                 : std::string(),
          c.padded ? " (every expert padded to it)" : "",
          cf < 1 ? "the experts' FLOPs of the copies kept"
                 : "every copy's (what the other experts drop is not known)"));
    }
  }
  if (l.etp > 1 && c.run.model.moe && c.run.model.moe->expert_bias) {
    p.notes.emplace_back(
        "expert biases with etp > 1: Megatron-Core refuses them (its TransformerConfig runs MoE "
        "biases only with expert TP 1); costed as asked");
  }
  if (l.offload == 1) {
    p.notes.push_back(
        "offload = 1 frees no GPU memory: the buffer its reload needs holds the layer's bytes "
        "(N offloaded layers free N - 1 layers' worth)");
  }
  // Values that are read and change nothing here: said, so a user does not think them costed.
  if (c.run.fp8_scaling == Fp8Scaling::kRowwise && c.run.precision != Precision::kFp8) {
    p.notes.push_back(fmt::format(
        "fp8_scaling = \"rowwise\" changes nothing: it applies to FP8 matmuls, and this run's "
        "precision is \"{}\"",
        enum_name(c.run.precision)));
  }
  if (c.run.dispatch_precision == DispatchPrecision::kFp8 && !c.run.model.moe) {
    p.notes.push_back(
        "dispatch_precision = \"fp8\" changes nothing: it applies to the experts' dispatch, and "
        "this model has no experts");
  }
  // A schedule the stack does not offer, asked for: costed as asked, and said.
  if (l.pp > 1 && ((l.schedule == Schedule::kDualPipe && !c.run.stack.dualpipe) ||
                   ((l.schedule == Schedule::kZeroBubble || l.schedule == Schedule::kZeroBubbleV) &&
                    !c.run.stack.zero_bubble))) {
    p.notes.push_back(fmt::format(
        "schedule = \"{}\" is not one the stack {} offers ({} = false): costed as asked, as "
        "another framework would run it",
        enum_name(l.schedule), c.run.stack.name,
        l.schedule == Schedule::kDualPipe ? "dualpipe" : "zero_bubble"));
  }
  // ZeRO 2 and 3 on a pipeline that keeps each stage's weights gathered and gradients whole (8.7):
  // said, so a user does not look for ZeRO 3's per-layer gathers, or ZeRO 2's sharded gradients,
  // in the result.
  if (l.zero >= 2 && l.pp > 1 && c.run.stack.pipeline_defers_sharding && l.shard > 1) {
    p.notes.push_back(fmt::format(
        "zero = {} on a pipeline {}on the stack {} (pipeline_defers_sharding): each stage keeps "
        "its weights gathered and its gradients whole over the step's microbatches, one "
        "all-gather and one reduce-scatter a step, after the last backward",
        l.zero, l.zero == 3 ? "runs as ZeRO 2 " : "", c.run.stack.name));
  }
  // Parallelism the stack does not run, asked for: costed as asked, and said.
  for (const auto& [asked, name, degree, what, field] :
       {std::tuple{l.pp > 1 && !c.run.stack.has_pipeline, "pp", l.pp, "pipeline", "has_pipeline"},
        std::tuple{l.cp > 1 && !c.run.stack.has_context_parallel, "cp", l.cp, "context",
                   "has_context_parallel"}}) {
    if (!asked) continue;
    p.notes.push_back(fmt::format(
        "{} = {}: the stack {} has no {} parallelism ({} = false): costed as asked, as another "
        "framework would run it",
        name, degree, c.run.stack.name, what, field));
  }
  if (!c.run.stack.offers_zero(l.zero)) {
    std::string stages;
    for (const std::int64_t z : c.run.stack.zero_stages) {
      stages += fmt::format("{}{}", stages.empty() ? "" : ", ", z);
    }
    p.notes.push_back(fmt::format(
        "zero = {} is not a stage the stack {} offers (zero_stages {{ {} }}): costed as asked, as "
        "another framework would run it",
        l.zero, c.run.stack.name, stages));
  }
  if (c.run.model.window && *c.run.model.window >= c.run.model.seq_len) {
    p.notes.push_back(fmt::format(
        "window = {} is no shorter than the sequence ({} tokens): every layer attends to the "
        "whole context",
        *c.run.model.window, c.run.model.seq_len));
  }
  // A group small enough for one unit of the innermost level whose blocks do not tile it (EP 32
  // on 72-GPU racks): the group a unit boundary cuts sets the pace over an outer level (8.4),
  // which a user does not expect of a degree that "fits": said.
  {
    const auto level_name = [&](std::size_t i) {
      const auto& levels = c.run.cluster.levels;
      return i < levels.size() && levels[i].name ? *levels[i].name : fmt::format("level {}", i);
    };
    // (Each with the degree its ranks lie apart by: CP's beyond TP's, EP's beyond expert TP's.)
    const std::array<std::tuple<const char*, std::int64_t, std::int64_t, const char*>, 4> groups{
        {{"tp", l.tp, 1, ""},
         {"cp", l.cp, l.tp, "tp"},
         {"etp", l.etp, 1, ""},
         {"ep", l.ep, l.etp, "etp"}}};
    for (const auto& [name, size, stride, inner] : groups) {
      if (size <= 1 || size * stride > c.node || c.outer.empty()) continue;
      const int reached = c.group(size, stride).level;
      if (reached == 0) continue;
      // The block is the group's stride times its size: said as such where TP is inside it
      // (helper-102: "72 is no multiple of 16" for CP 2 on TP 8).
      const std::string block = stride > 1 ? fmt::format("{}, {} x {}", size * stride, inner, name)
                                           : std::to_string(size);
      p.notes.push_back(fmt::format(
          "{} groups of {} straddle the {}-GPU units of {} ({} is no multiple of {}): the "
          "group a unit boundary cuts runs its collectives out to {}, at the slowest bandwidth "
          "on the way (units of a multiple of {} GPUs keep every group in one: {} declared "
          "with size = {} runs {} of each unit's {} GPUs)",
          name, size, c.node, level_name(0), c.node, block,
          level_name(static_cast<std::size_t>(reached)), size * stride, level_name(0),
          c.node / (size * stride) * (size * stride), c.node / (size * stride) * (size * stride),
          c.node));
    }
  }
  // A vocabulary TP does not divide is costed padded to whole rows a rank (helper-109: 50,257
  // on tp 8 was costed at 6,282.1 rows a rank, and nothing said so).
  if (const std::int64_t vocab = c.run.model.vocab; l.tp > 1 && vocab % l.tp != 0) {
    const std::int64_t padded = (vocab + l.tp - 1) / l.tp * l.tp;
    const std::int64_t megatron = (vocab + 128 * l.tp - 1) / (128 * l.tp) * (128 * l.tp);
    p.notes.push_back(fmt::format(
        "vocab {} is not a multiple of tp {}: costed padded to {} ({} rows a rank); Megatron "
        "pads it to a multiple of 128 x tp, {}: give vocab as the run pads it",
        vocab, l.tp, padded, padded / l.tp, megatron));
  }
  // TP's ranks are the innermost: a degree above a node's GPUs sends every layer's collectives
  // over the network, which is costed; said, since no framework places TP so by choice.
  if (c.outer.size() > 0 && l.tp > c.node) {
    p.notes.push_back(fmt::format(
        "tp {} spans {} nodes of {} GPUs: every layer's tensor-parallel collectives cross the "
        "network",
        l.tp, (l.tp + c.node - 1) / c.node, c.node));
  }
  // Megatron's TP of more ranks than key/value heads is costed as vLLM copies a head (docs/model.md
  // 8.5), which the training stacks do not run: said (helper-375 compared such a layout, given
  // tp = 16 for 8 key/value heads, with the search's answers as if a stack could launch it).
  if (const std::int64_t g = c.run.model.kv_heads.value_or(c.run.model.heads);
      !c.run.model.mla && l.tp_model >= 1 && l.tp / l.tp_model > g) {
    p.notes.push_back(fmt::format(
        "tp {} splits the heads more ways than the {} key/value heads: each rank holds a copy of a "
        "head (as vLLM does, and BigCode's Megatron-LM for one head); Megatron-Core and "
        "torchtitan need tp to divide the key/value heads (docs/model.md 8.5)",
        l.tp / l.tp_model, g));
  }
  // So does expert TP's (helper-359: etp 64 ran 10 times the step of etp 1, unsaid).
  if (c.outer.size() > 0 && c.experts > 0 && l.etp > c.node) {
    p.notes.push_back(
        fmt::format("etp {} spans {} nodes of {} GPUs: every MoE layer's expert-TP gathers and "
                    "reduce-scatters cross the network",
                    l.etp, (l.etp + c.node - 1) / c.node, c.node));
  }
  Costed k;
  cost(c, l, k);
  // A step of 1e100 s (or a total that does not fit a double's range once printed in ms or
  // GiB) is no run's (out_of_range_message).
  if (!(k.time.step.value() < 1e100) || !(k.memory.total.value() < 1e100)) {
    throw Error(out_of_range_message("the cost of " + layout_text(to_layout(l))));
  }
  p.time = k.time;
  p.memory = k.memory;
  if (k.uneven_stage_layers > 0) {
    const double last = k.uneven_last_layers;
    const bool stages_even = std::abs(last - static_cast<double>(k.uneven_stage_layers)) < 1e-9;
    // (Zero-bubble V's short device is its first: it holds the first chunk and the last.)
    const char* short_device =
        l.schedule == Schedule::kZeroBubbleV ? "the first device" : "the last";
    // Even stages hold chunks that are not whole layers (their L divides p, not p v): the
    // chunks' note below says it (helper-112: this one read as if the stages were uneven).
    if (!stages_even) {
      p.notes.push_back(fmt::format(
          "the {} layers do not split evenly into pp {} x interleave {} chunks: costed with {} "
          "layer{} a stage at most, {} on {}, the chunks filled in order (as Megatron-Core runs "
          "a split it is told: decoder_last_pipeline_num_layers, or a pipeline layout)",
          c.layers, l.pp, l.interleave, k.uneven_stage_layers,
          k.uneven_stage_layers == 1 ? "" : "s", fixed_text(last, last == std::floor(last) ? 0 : 1),
          short_device));
    }
    // One chunk a device, filled in order, can leave devices before the last with no layer
    // (64 layers on pp 36: 32 of 2, then none): say so, and the split without empty stages that
    // costs the same (the same busiest stage and last stage: docs/model.md 8.6).
    const std::int64_t n = k.uneven_stage_layers;
    const std::int64_t filled = (c.layers + n - 1) / n;  // devices holding a layer, in order
    if (l.interleave == 1 && l.schedule != Schedule::kZeroBubbleV &&
        l.schedule != Schedule::kDualPipe && filled < l.pp - 1 && n >= 2) {
      const std::int64_t full = c.layers - (l.pp - 1) * (n - 1);  // stages of n in the spread
      p.notes.push_back(fmt::format(
          "filled in order, {} of {} hold{} no layer; spread as {} stage{} of {} and {} of {}, "
          "none on the last but the logits (Megatron-Core's pipeline layout), the step costs the "
          "same",
          filled + 1 == l.pp - 1 ? fmt::format("stage {}", filled + 1)
                                 : fmt::format("stages {} to {}", filled + 1, l.pp - 1),
          l.pp, filled + 1 == l.pp - 1 ? "s" : "", full, full == 1 ? "" : "s", n, l.pp - 1 - full,
          n - 1));
    }
  }
  // A stage's layers that its chunks do not divide are costed in equal fractions of a layer:
  // the mean of a pipeline layout of whole-layer chunks of two sizes, whose bubble (paced by
  // the larger) is longer. The search tries only interleaves that divide a stage's layers.
  if (l.pp > 1 && k.chunk_layers != std::floor(k.chunk_layers)) {
    const bool zbv = l.schedule == Schedule::kZeroBubbleV;
    p.notes.push_back(fmt::format(
        "{} splits a stage's layers into chunks of {} layers: costed as equal fractions, the "
        "mean of a pipeline layout of whole-layer chunks of {} and {}, {} (dml.optimize tries {})",
        zbv ? std::string("zero_bubble_v") : fmt::format("interleave {}", l.interleave),
        fixed_text(k.chunk_layers, 2), std::floor(k.chunk_layers), std::ceil(k.chunk_layers),
        zbv ? "whose bubble is longer than costed" : "with the larger chunks' fill and drain",
        zbv ? "zero_bubble_v only on stages of an even count of layers"
            : "only interleaves that divide a stage's layers"));
  }
  if (k.pace_device >= 0) {
    p.notes.push_back(fmt::format(
        "the pipeline's device {} of {} sets the pace: its {} dense {}layer{} cost more a "
        "microbatch than the MoE layers a stage holds (the breakdown is that device's{})",
        k.pace_device + 1, l.pp,
        fixed_text(k.pace_dense, k.pace_dense == std::floor(k.pace_dense) ? 0 : 1),
        c.dense_first ? "first " : "", k.pace_dense == 1 ? "" : "s",
        k.time.logits.value() > 0 ? ""
                                  : ": the logits and the loss, on the last stage, are not in "
                                    "it"));
  }
  const double tokens_per_step = static_cast<double>(c.batch) * c.s;
  p.hardware_flop_per_token = k.hardware_flop_per_token;
  p.tokens_per_second = tokens_per_step / k.time.step.value();
  p.tokens_per_second_per_gpu = p.tokens_per_second / static_cast<double>(c.n);
  // A capacity factor below 1 drops 1 - c of every expert's copies: the model's FLOPs the step
  // does are those of the copies kept (helper-359: a bf16 MFU of 223% at a factor of 0.05).
  if (c.experts > 0 && c.capacity_factor > 0 && c.capacity_factor < 1) {
    p.model_flop_per_token = c.flop_model - (1 - c.capacity_factor) * 3 * c.expert_fwd *
                                                (c.moe_layers + (c.mtp_moe ? c.mtp : 0.0));
  }
  p.mfu = p.model_flop_per_token * p.tokens_per_second / (static_cast<double>(c.n) * c.peak);
  p.hfu = k.hardware_flop_per_token * p.tokens_per_second / (static_cast<double>(c.n) * c.peak);
  // Utilization as each source's own FLOP formula counts it (docs/model.md 8.10).
  {
    const double h = c.h, L = static_cast<double>(c.layers), s = c.s;
    const double narayanan = 96 * L * h * h * (1 + s / (6 * h) + c.V / (16 * L * h));
    const double palm = 6 * c.params_active + 12 * L * h * s;
    const double per_flop = p.tokens_per_second / (static_cast<double>(c.n) * c.peak);
    p.mfu_megatron = c.flop_megatron * per_flop;
    p.mfu_narayanan = narayanan * per_flop;
    p.mfu_palm = palm * per_flop;
  }
  p.microbatches = static_cast<std::int64_t>(k.microbatches);
  p.steps = c.tokens / tokens_per_step;
  p.time_to_train = k.time.step * p.steps;
  p.gpu_hours = static_cast<double>(c.n) * p.time_to_train.value() / 3600;
  if (c.run.cluster.gpu.power) {
    p.energy = step_energy(c, k.time, p.steps, tokens_per_step, l.optimizer_offload);
  } else if (const auto& fac = c.run.cluster.facility;
             fac && (fac->gpu_hour_price || fac->capital_per_gpu || fac->energy_price > 0)) {
    // A facility's prices without the GPU's power draw: no energy, so no cost either, said
    // (helper-365: the price was dropped in silence).
    p.notes.push_back(fmt::format(
        "the cluster's facility gives a price, but the {} has no power record (its watts busy, "
        "waiting and idle): the plan has no energy or cost; give it one (dml.gpu(base, {{ power "
        "= {{ ... }} }}), as the GPU presets carry)",
        c.run.cluster.gpu.name));
  }
  // A price quoted for one GPU, costing a run on another (helper-108: B200 and GB200 runs costed
  // at an H100's $2.49 an hour, silently).
  // Whole dollars with separators ("$50,000"), cents as given.
  const auto dollars = [](double v) {
    return v == std::floor(v) && v < 1e15 ? count_text(static_cast<u128>(v)) : format_number(v, 6);
  };
  // (A GPU named as the priced one, or as it and a further word, is taken as that part: "H100
  // SXM Low Latency" is an H100 SXM; "B200x" and "GB200" are not a B200.)
  // (Letters' case aside: "h100 sxm" is the H100 SXM.)
  const auto same_part = [](std::string_view priced, std::string_view gpu) {
    if (gpu.size() < priced.size() || (gpu.size() > priced.size() && gpu[priced.size()] != ' ')) {
      return false;
    }
    for (std::size_t i = 0; i < priced.size(); ++i) {
      if (std::tolower(static_cast<unsigned char>(gpu[i])) !=
          std::tolower(static_cast<unsigned char>(priced[i]))) {
        return false;
      }
    }
    return true;
  };
  if (const auto& fac = c.run.cluster.facility;
      p.energy && p.energy->run_cost && fac && fac->priced_gpu &&
      (fac->gpu_hour_price || fac->capital_per_gpu) &&
      !same_part(*fac->priced_gpu, c.run.cluster.gpu.name)) {
    p.notes.push_back(fmt::format(
        "the cost uses the facility's {}, quoted for the {} ({}); these GPUs are {}: give "
        "their price in the cluster's facility ({{ {} = ..., priced_gpu = \"{}\" }})",
        fac->gpu_hour_price ? "gpu_hour_price" : "capital_per_gpu", *fac->priced_gpu,
        fac->gpu_hour_price ? fmt::format("${} a GPU-hour", *fac->gpu_hour_price)
                            : fmt::format("${} a GPU", dollars(*fac->capital_per_gpu)),
        c.run.cluster.gpu.name, fac->gpu_hour_price ? "gpu_hour_price" : "capital_per_gpu",
        c.run.cluster.gpu.name));
  }
  // What the cost and the facility's power leave out, where a facility gives some of it
  // (helper-380: an energy price alone printed as "cost of the run", 14x under the owned cost; a
  // capital without an energy price priced the energy at $0; a PUE without host power left the
  // servers out under "with host and cooling").
  if (const auto& fac = c.run.cluster.facility; fac && p.energy) {
    const bool capital = fac->capital_per_gpu && *fac->capital_per_gpu > 0;
    if (p.energy->run_cost && !fac->gpu_hour_price && !capital) {
      p.notes.push_back(
          "the cost of the run is its energy alone: the cluster's facility gives an energy_price "
          "and neither a gpu_hour_price nor a capital_per_gpu, so the GPUs are not priced");
    } else if (p.energy->run_cost && !fac->gpu_hour_price && capital && fac->energy_price == 0) {
      p.notes.push_back(fmt::format(
          "the cost of the run is the GPUs' capital alone: the cluster's facility gives no "
          "energy_price, so the {} MWh to train are priced at $0",
          figure_text(p.energy->run_megawatt_hours, 4)));
    }
    if (fac->host_watts_per_gpu == 0 && fac->pue > 1) {
      p.notes.push_back(fmt::format(
          "the facility's power counts cooling (pue {}) and no host power (its host_watts_per_gpu "
          "is 0): the servers' CPUs, memory and NICs, 300 W a GPU in the facility presets, are "
          "left out",
          fac->pue));
    }
  }
  p.feasible = fits(c, k.memory);
  if (k.memory.total.value() > c.capacity) {
    p.violations.push_back(fmt::format(
        "memory: {} per GPU ({}) exceeds the {} of one {}", bytes_text(k.memory.total.value()),
        memory_parts_text(k.memory), bytes_text(c.capacity), c.run.cluster.gpu.name));
  }
  if (!host_fits(c, k.memory)) {
    const std::string what =
        l.offload > 0 && l.optimizer_offload
            ? fmt::format("the {} offloaded layers and the optimizer keep", l.offload)
        : l.offload > 0 ? fmt::format("the {} offloaded layers keep", l.offload)
                        : std::string("the offloaded optimizer keeps");
    p.violations.push_back(fmt::format(
        "host memory: {} {} per GPU, more than the {} of host memory each {} has for it "
        "(host_memory)",
        what, bytes_text(k.memory.host.value()), bytes_text(c.host_capacity),
        c.run.cluster.gpu.name));
  }
  return p;
}

// Transformer Engine's AsyncDoubleBufferGroupOffloadHandler (v2.8 `cpu_offload.py`) gives
// offloaded layer k a window that ends with layer w[k] (`layer_window_map`): its copy to host
// starts when the previous window closes (layer 0's when layer 0's forward ends) and the compute
// waits for it at the end of layer w[k]'s forward. The backward mirrors it: the copy back starts
// as layer w[k]'s backward begins and is waited for before layer w[k-1]'s (layer 0's for k = 0),
// so each copy has the same layers' compute to hide under in both passes. Layer 0's forward hides
// nothing; windows are L div N layers long, the first L mod N one layer longer (the first
// window one layer shorter, as it starts after layer 0).
double offload_exposed(std::int64_t layers, std::int64_t offloaded, std::int64_t dense_layers,
                       ByKind copy, ByKind compute_forward, ByKind compute_backward,
                       std::int64_t every) {
  const ByPass e = offload_exposed_by_pass(layers, offloaded, dense_layers, copy, compute_forward,
                                           compute_backward, every);
  return e.forward + e.backward;
}

ByPass offload_exposed_by_pass(std::int64_t layers, std::int64_t offloaded,
                               std::int64_t dense_layers, ByKind copy, ByKind compute_forward,
                               ByKind compute_backward, std::int64_t every,
                               std::span<const double> moe_prefix) {
  const std::int64_t step = layers / offloaded, extra = layers % offloaded;
  // Layers in [0, end) of each kind: the dense first ones, then one MoE layer in `every` (the
  // last of each run).
  // (Or as a pattern gives them.)
  const auto moe_before = [&](std::int64_t end) {
    if (!moe_prefix.empty()) {
      return static_cast<std::int64_t>(moe_prefix[static_cast<std::size_t>(end)]);
    }
    return end <= dense_layers ? std::int64_t{0} : (end - dense_layers) / every;
  };
  const auto dense_before = [&](std::int64_t end) { return end - moe_before(end); };
  ByPass exposed;
  std::int64_t first = 1;  // the window's first layer
  std::int64_t constant = 0;
  for (std::int64_t k = 0; k < offloaded; ++k) {
    std::int64_t last = step * (k + 1) - 1;  // the window's last layer, w[k]
    if (k < extra) {
      last += k + 1;
      constant = k + 1;
    } else {
      last += constant;
    }
    const double n_dense = static_cast<double>(dense_before(last + 1) - dense_before(first));
    const double n_moe = static_cast<double>(last + 1 - first) - n_dense;
    const double t = moe_before(k + 1) > moe_before(k) ? copy.moe : copy.dense;  // layer k's kind
    exposed.forward +=
        std::max(0.0, t - (n_dense * compute_forward.dense + n_moe * compute_forward.moe));
    exposed.backward +=
        std::max(0.0, t - (n_dense * compute_backward.dense + n_moe * compute_backward.moe));
    first = last + 1;
  }
  return exposed;
}

}  // namespace detail

namespace detail {

namespace {
// The names of a layout's fields that are set.
struct SetFields {
  std::vector<std::string> names;
  template <class M>
  void field(const M& m, const Field& f) {
    if constexpr (IsOptional<M>::value) {
      if (m) names.emplace_back(f.name);
    }
  }
};
}  // namespace

std::vector<std::string> fixed_violations(const TransformerCtx& c, const TransformerLayout& fixed) {
  SetFields set;
  Description<TransformerLayout>::fields(set, fixed);
  std::vector<std::string> why;
  layout_runs(c, fill(c, fixed).lay, &why);
  std::vector<std::string> out;
  // The whole layout's count of GPUs ("layout: tp 8 x pp 8 x dp 32 x cp 1 = 2048 GPUs, but the
  // cluster has 1024") is the fixed degrees' doing where their product alone cannot fill the
  // cluster: more GPUs than it has, or no divisor of them (not where the degrees the search was
  // free to choose only filled in a default).
  std::int64_t fixed_product = 1;
  for (const auto& degree : {fixed.tp, fixed.pp, fixed.dp, fixed.cp}) {
    if (!degree || *degree <= 0) continue;
    if (__builtin_mul_overflow(fixed_product, *degree, &fixed_product)) {
      fixed_product = std::numeric_limits<std::int64_t>::max();
    }
  }
  const bool degree_fixed = fixed_product > c.n || c.n % fixed_product != 0;
  for (const std::string& w : why) {
    if (degree_fixed && w.starts_with("layout: ")) {
      out.push_back(w);
      continue;
    }
    for (const std::string& name : set.names) {
      const std::string prefix = "layout." + name;
      if (w.starts_with(prefix) && w.size() > prefix.size() &&
          (w[prefix.size()] == ':' || w[prefix.size()] == ' ')) {
        out.push_back(w);
        break;
      }
    }
  }
  // A microbatch that divides no data-parallel rank's share, none of the batch, where the
  // default fill's own DP failed first (helper-89: only the DP was said).
  // (Where the DP is not held fixed, the share the default fill's DP left is no one's to quote:
  // helper-128, "3 does not divide the 1 sequences per data-parallel rank" on 1,024 GPUs.)
  const bool batch_level =
      fixed.microbatch && *fixed.microbatch > 0 && c.batch % *fixed.microbatch != 0;
  if (batch_level && !fixed.dp) {
    std::erase_if(out, [](const std::string& w) { return w.starts_with("layout.microbatch"); });
  }
  // An expert TP that divides no split of the GPUs: said as such, not of the default fill's ep
  // (helper-359: "ep 1 x etp 3 = 3 does not divide ...", an ep no one held).
  if (fixed.etp && *fixed.etp > 1 && !fixed.ep && c.n % *fixed.etp != 0) {
    std::erase_if(out, [](const std::string& w) { return w.starts_with("layout.etp: ep "); });
    out.push_back(fmt::format(
        "layout.etp: {} does not divide the {} GPUs (ep x etp divides tp x dp x cp, which divides "
        "them); divisors: {}",
        *fixed.etp, c.n,
        divisors_text(static_cast<std::uint64_t>(c.n), static_cast<std::uint64_t>(*fixed.etp))));
  }
  // An interleave's want of stages is the default fill's pp 1, which the search was free to
  // raise: not a reason where the fixed fields give another (helper-354: `schedule =
  // "dualpipe", interleave = 2` was first told it needs pp > 1).
  // (Only where the fields held leave the GPUs room for two stages: helper-358.)
  std::int64_t held_split = 1;
  for (const auto& degree : {fixed.tp, fixed.dp, fixed.cp}) {
    if (degree && *degree > 0) held_split = held_split > c.n ? held_split : held_split * *degree;
  }
  const bool room_for_stages = held_split <= c.n / 2;
  if (!fixed.pp && room_for_stages && out.size() > 1) {
    std::erase_if(out, [](const std::string& w) {
      return w.starts_with("layout.interleave: ") && w.ends_with("needs pipeline stages (pp > 1)");
    });
  }
  const bool microbatch_said = std::any_of(out.begin(), out.end(), [](const std::string& w) {
    return w.starts_with("layout.microbatch");
  });
  if (!microbatch_said && batch_level) {
    out.push_back(fmt::format(
        "layout.microbatch: {} divides no data-parallel rank's share of the global batch of {} "
        "sequence{} (it does not divide the batch); divisors: {}",
        *fixed.microbatch, c.batch, c.batch == 1 ? "" : "s",
        divisors_text(static_cast<std::uint64_t>(c.batch),
                      static_cast<std::uint64_t>(*fixed.microbatch))));
  }
  return out;
}

}  // namespace detail

namespace {
// (The layout checked by the caller.)
StepPlan evaluate_with(const TransformerCtx& c, const TransformerLayout& layout) {
  Filled f = fill(c, layout);
  return detail::make_step_plan(c, f.lay, std::move(f.assumed));
}
}  // namespace

StepPlan evaluate(const TransformerRun& run, const TransformerLayout& layout) {
  // (The layout is checked before the run, as it always was: a message names the first.)
  detail::validate_record(layout, FieldPath{nullptr, "layout"});
  return evaluate_with(TransformerCtx(run), layout);
}

// The run's copy first: the context refers to it.
struct TransformerEvaluator::Prepared {
  explicit Prepared(const TransformerRun& r) : run(r), ctx(run) {}
  TransformerRun run;
  TransformerCtx ctx;
};

TransformerEvaluator::TransformerEvaluator(const TransformerRun& run)
    : prepared_(std::make_unique<const Prepared>(run)) {}
TransformerEvaluator::~TransformerEvaluator() = default;
TransformerEvaluator::TransformerEvaluator(TransformerEvaluator&&) noexcept = default;
TransformerEvaluator& TransformerEvaluator::operator=(TransformerEvaluator&&) noexcept = default;

StepPlan TransformerEvaluator::evaluate(const TransformerLayout& layout) const {
  detail::validate_record(layout, FieldPath{nullptr, "layout"});
  return evaluate_with(prepared_->ctx, layout);
}

const TransformerRun& TransformerEvaluator::run() const { return prepared_->run; }

// --- text ---------------------------------------------------------------------------------------

std::string layout_text(const TransformerLayout& l) {
  // Written into a buffer on the stack with memcpy and std::to_chars, then copied into the
  // string once: a plan's text is built for every evaluation, and from formatted temporaries it
  // took a fifth of one's instructions, appended to a std::string piece by piece a tenth. (The
  // longest text, every part present and every number 19 digits, is under 600 characters; the
  // writes stop at the buffer's end regardless.)
  std::array<char, 1024> buf;
  std::size_t n = 0;
  const auto put = [&buf, &n](std::string_view text) {
    const std::size_t k = std::min(text.size(), buf.size() - n);
    std::memcpy(buf.data() + n, text.data(), k);
    n += k;
  };
  const auto add = [&buf, &n, &put](std::string_view text, std::int64_t v) {
    put(text);
    n = static_cast<std::size_t>(std::to_chars(buf.data() + n, buf.data() + buf.size(), v).ptr -
                                 buf.data());
  };
  // (The rarer parts, formatted.)
  const auto format = [&buf, &n]<class... A>(fmt::format_string<A...> f, A&&... args) {
    const auto r = fmt::format_to_n(buf.data() + n, buf.size() - n, f, std::forward<A>(args)...);
    n += std::min(r.size, buf.size() - n);
  };
  add("TP ", l.tp.value_or(1));
  if (l.tp_model.value_or(1) > 1) {
    const std::int64_t tp = l.tp.value_or(1);
    // A tp_model that does not divide tp (a layout that cannot run) has no other factor to show.
    // (model x ff, as a paper layout's TP 2x4 reads; helper-128: it read ff x model.)
    if (tp % *l.tp_model == 0) {
      add(" (2D: ", *l.tp_model);
      add(" x ", tp / *l.tp_model);
      put(")");
    } else {
      add(" (2D: tp_model ", *l.tp_model);
      put(")");
    }
  }
  if (l.sequence_parallel.value_or(false)) put(" (SP)");
  add(" x PP ", l.pp.value_or(1));
  if (l.pp.value_or(1) > 1) {
    put(" (");
    put(enum_name(l.schedule.value_or(Schedule::k1F1B)));
    if (l.interleave.value_or(1) > 1) add(", interleave ", *l.interleave);
    put(")");
  }
  add(" x DP ", l.dp.value_or(1));
  const std::int64_t z = l.zero.value_or(0);
  if (z == 3) {
    put(" (ZeRO-3/FSDP");
  } else if (z > 0) {
    add(" (ZeRO-", z);
  }
  // (Degrees whose product overflows are a layout that cannot run: no replica count either.)
  std::int64_t ranks = 0;
  const bool overflows = __builtin_mul_overflow(l.dp.value_or(1), l.cp.value_or(1), &ranks);
  if (overflows) ranks = std::numeric_limits<std::int64_t>::max();
  if (z > 0 && l.shard && *l.shard > 0 && *l.shard < ranks) {
    // (A shard that does not divide the ranks is the layout's violation: no replica count.)
    if (!overflows && ranks % *l.shard == 0) {
      format(", HSDP: shard {} x replicate {}", *l.shard, ranks / *l.shard);
    } else {
      format(", HSDP: shard {}", *l.shard);
    }
  }
  if (z > 0) put(")");
  if (l.cp.value_or(1) > 1) {
    format(" x CP {} ({})", *l.cp, enum_name(l.cp_kind.value_or(ContextParallel::kRing)));
  }
  if (l.ep.value_or(1) > 1) add(" x EP ", *l.ep);
  if (l.etp.value_or(1) > 1) add(" x ETP ", *l.etp);
  add(", microbatch ", l.microbatch.value_or(1));
  const Recompute r = l.recompute.value_or(Recompute::kNone);
  const bool mla_up = l.recompute_mla_up.value_or(false);
  const bool moe_act = l.recompute_moe_act.value_or(false);
  if (r == Recompute::kNone && (mla_up || moe_act)) {
    // The modules alone: "recompute of the expert activation", not "no recompute + ..."
    // (helper-103).
    format(", recompute of the {}{}{} only", mla_up ? "MLA up-projections" : "",
           mla_up && moe_act ? " and " : "", moe_act ? "expert activation" : "");
  } else {
    if (r == Recompute::kNone) {
      put(", no recompute");
    } else {
      put(", ");
      put(enum_name(r));
      put(" recompute");
    }
    if (l.recompute_layers) {
      format(" of {} layer{} a chunk", *l.recompute_layers, *l.recompute_layers == 1 ? "" : "s");
    }
    if (mla_up) put(" + MLA up-projections");
    if (moe_act) put(" + expert activation");
  }
  if (l.offload.value_or(0) > 0) {
    format(", {} layer{} offloaded", *l.offload, *l.offload == 1 ? "" : "s");
  }
  if (l.optimizer_offload.value_or(false)) put(", optimizer on the host");
  return std::string(buf.data(), n);
}

namespace {
// "2.328 million GPU-hours", as labs report a run's compute; "1,536 GPU-hours" below a million.
std::string gpu_hours_text(double hours) {
  // (past a thousand million, a power of ten: "1.461e12 GPU-hours", not "1.461e6 million";
  // helper-346)
  if (hours >= 1e9) return format_number(hours, 4) + " GPU-hours";
  if (hours >= 1e6) return format_number(hours / 1e6, 4) + " million GPU-hours";
  if (hours >= 1) return count_text(static_cast<u128>(std::llround(hours))) + " GPU-hours";
  return format_number(hours, 3) + " GPU-hours";
}
}  // namespace

std::string step_plan_summary(const StepPlan& p) {
  // A search that found nothing returns a plan without a layout: say so, not a made-up one.
  const char* gpus = p.gpus == 1 ? "GPU" : "GPUs";
  // The layout's line says what ran: the model's name where it has one, and the GPU.
  const std::string what = p.model_name ? *p.model_name + ": " : std::string();
  const std::string gpu = p.gpu_name.empty() ? std::string() : p.gpu_name + " ";
  // (The matmuls' precision where it is not the 16-bit default: fp8 and bf16 plans of a run
  // read alike otherwise.)
  const std::string precision = p.precision == Precision::kBf16
                                    ? std::string()
                                    : fmt::format(", {} linears", enum_name(p.precision));
  // Counts with thousands separators, as the searches' titles write them (helper-372: "on 1024
  // H100 SXM GPUs", "3576279 steps" beside gpus_for's "13,312").
  const auto count = [](std::int64_t n) {
    return n >= 0 ? count_text(static_cast<u128>(n)) : std::to_string(n);
  };
  std::string out =
      p.layout.tp ? fmt::format("{}{} on {} {}{}{}{}\n", what, layout_text(p.layout), count(p.gpus),
                                gpu, gpus, precision, p.feasible ? "" : " (infeasible)")
      : p.layouts_evaluated == 0 ? fmt::format("no layout runs on {} {}\n", count(p.gpus), gpus)
                                 : fmt::format("no layout fits on {} {} (of {} that run)\n",
                                               count(p.gpus), gpus, count(p.layouts_evaluated));
  for (const std::string& v : p.violations) out += "  cannot run: " + v + "\n";
  if (!p.assumed.empty()) {
    out += "  assumed: ";
    for (std::size_t i = 0; i < p.assumed.size(); ++i) {
      out += (i > 0 ? ", " : "") + p.assumed[i];
    }
    out += "\n";
  }
  for (const std::string& n : p.notes) out += "  note: " + n + "\n";
  // Lines, without a final newline (as a paper plan's summary): print adds one.
  const auto text = [&out] {
    if (!out.empty() && out.back() == '\n') out.pop_back();
    return out;
  };
  if (p.time.step.value() <= 0) return text();
  const double step = p.time.step.value();
  // One unit for the whole breakdown, the step's: milliseconds, as most steps read; a step of
  // 100 s or more in seconds to two places ("154.00 s", not "153998.7 ms"), under a millisecond
  // in microseconds.
  // (Not a structured binding: clang 14 cannot capture one in the lambdas below.)
  const double scale = step >= 100 ? 1.0 : step < 1e-3 ? 1e6 : 1e3;
  const char* const unit = scale == 1.0 ? "s" : scale == 1e6 ? "us" : "ms";
  const int places = scale == 1.0 ? 2 : 1;
  const auto in_unit = [&](double seconds) {
    return fmt::format("{} {}", fixed_text(seconds * scale, places), unit);
  };
  auto row = [&](const char* name, units::Seconds s) {
    if (s.value() <= 0) return;
    out += fmt::format("  {:<15} {:>10} {:<2}  {:>5.1f}%\n", name,
                       fixed_text(s.value() * scale, places), unit, 100 * s.value() / step);
  };
  out += fmt::format("  step time       {:>10} {}\n", fixed_text(step * scale, places), unit);
  row("matmuls", p.time.gemm);
  row("attention", p.time.attention);
  row("element-wise", p.time.elementwise);
  row("logits", p.time.logits);
  row("recompute", p.time.recompute);
  row("overhead", p.time.overhead);
  row("TP exposed", p.time.tp);
  row("CP exposed", p.time.cp);
  row("EP exposed", p.time.ep);
  row("PP sends", p.time.pp);
  row("bubble", p.time.bubble);
  row("DP exposed", p.time.dp);
  row("optimizer", p.time.optimizer);
  row("contention", p.time.slowdown);
  row("offload", p.time.offload);
  // The kinds that hid some communication, each once.
  std::string hidden;
  for (const auto& [kind, t] :
       {std::pair{"TP", p.time.tp_hidden}, std::pair{"CP", p.time.cp_hidden},
        std::pair{"EP", p.time.ep_hidden}, std::pair{"PP", p.time.pp_hidden},
        std::pair{"DP", p.time.dp_hidden}}) {
    if (t.value() > 0)
      hidden += fmt::format("{}{} {}", hidden.empty() ? "" : ", ", kind, in_unit(t.value()));
  }
  if (!hidden.empty()) out += "  hidden under compute: " + hidden + "\n";
  // Fewer than one token a second reads as its figure, not as 0.
  const double tps = p.tokens_per_second_per_gpu;
  const std::string tokens_text = tps > 0 && tps < 1 ? format_number(tps, 3) : fixed_text(tps, 0);
  // (Of the 16-bit peak whatever the linears' precision, as the sources report it: an FP8 run's
  // MFU can pass what a bf16 run reaches, and says so.)
  // With the model FLOP/s a GPU achieves, as papers and labs report it (helper-346: a reader
  // multiplied the MFU by the peak by hand).
  const double achieved = p.model_flop_per_token * tps;
  out += fmt::format(
      "  MFU {:.1f}%, HFU {:.1f}%{}, {} tokens/s{} per GPU\n", 100 * p.mfu, 100 * p.hfu,
      p.precision == Precision::kBf16 ? "" : " (of the 16-bit peak)", tokens_text,
      achieved > 0 ? " and " + format_quantity(Quantity{achieved, kFlopRate}, 3) + " (model)" : "");
  // In days, as runs are planned; a run shorter than a day in its own unit ("3.52 h", "24.6 us").
  const double days = p.time_to_train.value() / 86400;
  // From a year up, also in years ("4056.2 days (11.1 years)").
  const double years = days / 365.25;
  out += fmt::format(
      "  time to train {} step{}: {}, {}\n",
      p.steps >= 100 && p.steps < 9e18 ? count(static_cast<std::int64_t>(std::llround(p.steps)))
                                       : format_number(p.steps, 3),
      p.steps == 1 ? "" : "s",
      days >= 1 ? fixed_text(days, 1) + " days" +
                      (years >= 1 ? fmt::format(" ({} years)", fixed_text(years, 1)) : "")
                : format_quantity(Quantity{p.time_to_train.value(), kTime}, 3),
      gpu_hours_text(p.gpu_hours));
  out += fmt::format("  memory per GPU {} of {} ({})\n", bytes_text(p.memory.total.value()),
                     bytes_text(p.memory.capacity.value()), memory_parts_text(p.memory));
  if (p.memory.host.value() > 0) {
    out +=
        fmt::format("  offloaded to host memory {} per GPU{}\n", bytes_text(p.memory.host.value()),
                    p.memory.host_capacity.value() > 0
                        ? fmt::format(" of {}", bytes_text(p.memory.host_capacity.value()))
                        : std::string());
  }
  if (p.energy) {
    const StepEnergy& e = *p.energy;
    // The facility's share where the cluster's facility adds one (host power, a PUE); else the
    // energy is the boards' alone, said (helper-372: 1.6x under a cloud facility's, unsaid),
    // with or without a facility (one that gives only prices adds no power either).
    const std::string facility =
        e.facility_watts_per_gpu != e.gpu_watts
            ? fmt::format("{:.0f} W per GPU with the facility's host power and PUE; ",
                          e.facility_watts_per_gpu)
            : std::string(
                  "no host or cooling power counted (a cluster's facility adds them: its "
                  "host_watts_per_gpu and pue); ");
    out += fmt::format(
        "  power per GPU {:.0f} W (computing {:.0f}%, waiting {:.0f}%, idle {:.0f}% of a step); "
        "{}{} tokens per joule; {} MWh to train\n",
        e.gpu_watts, 100 * e.busy_share, 100 * e.waiting_share, 100 * e.idle_share, facility,
        figure_text(e.tokens_per_joule, 3), figure_text(e.run_megawatt_hours, 4));
    if (e.run_cost) {
      out += fmt::format("  cost of the run ${}M (${} per million tokens)\n",
                         figure_text(*e.run_cost / 1e6, 4),
                         figure_text(*e.cost_per_million_tokens, 3));
    }
  }
  if (p.layouts_evaluated > 0) out += "  layouts evaluated: " + count(p.layouts_evaluated) + "\n";
  return text();
}

// --- one collective ------------------------------------------------------------------------------

void Description<CollectiveQuery>::check(const CollectiveQuery& q, const std::string& path) {
  if (!q.cluster.gpu.efficiency) {
    throw ConfigError(path + ".cluster.gpu.efficiency",
                      "required: what {} reaches in real collectives (the GPU presets carry it; "
                      "see dml --doc efficiency)",
                      q.cluster.gpu.name);
  }
  if (q.cluster.size && q.gpus > *q.cluster.size) {
    throw ConfigError(path + ".gpus", "{} is more than the cluster's {} GPUs", q.gpus,
                      *q.cluster.size);
  }
  // A group that does not tile a node (EP 16 on 72-GPU racks) is costed as a plan costs it: as
  // the slowest of the groups of consecutive ranks, the one a node boundary cuts (8.4).
}

CollectiveEstimate estimate_collective(const CollectiveQuery& q) {
  detail::validate_record(q, FieldPath{nullptr, "collective"});
  const detail::NetworkCtx net(q.cluster, q.stack, q.gpus);
  const detail::Group gr = net.group(q.gpus, 1);
  const double S = q.size.value();
  double t = 0;
  switch (q.op) {
    case CollectiveOp::kAllReduce:
      t = net.all_reduce(S, gr);
      break;
    case CollectiveOp::kAllGather:
    case CollectiveOp::kReduceScatter:
      t = net.gather(S, gr, q.op);
      break;
    case CollectiveOp::kAllToAll:
      t = net.all_to_all(S, gr);
      break;
  }
  const double n = static_cast<double>(q.gpus);
  const double factor = (q.op == CollectiveOp::kAllReduce ? 2.0 : 1.0) * (n - 1) / n;
  CollectiveEstimate e;
  e.op = q.op;
  e.size = q.size;
  e.gpus = q.gpus;
  e.nodes = static_cast<std::int64_t>(gr.nodes);
  e.level = gr.level + 1;
  e.model = net.measured(q.op, gr) != nullptr     ? "measured"
            : net.node_table(q.op, gr) != nullptr ? "alpha-beta, NVLink measured"
                                                  : "alpha-beta";
  if (!(t > 0) || !std::isfinite(t)) {
    throw Error(fmt::format("internal: collective {} of {} bytes on {} GPUs costs {} s",
                            static_cast<int>(q.op), S, q.gpus, t));
  }
  e.time = units::Seconds(t);
  e.algorithm_bandwidth = units::BytesPerSecond(S / t);
  e.bus_bandwidth = units::BytesPerSecond(factor * S / t);
  return e;
}

}  // namespace dml
