#include "edit_distance.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <vector>

namespace dml::lua {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows: the one before the previous (for transpositions), the previous, the current.
  std::vector<std::size_t> before(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        cur[j] = std::min(cur[j], before[j - 2] + 1);
      }
    }
    std::swap(before, prev);
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

namespace {

// Whether `name` is the first words of `candidate`, ignoring case: "h100" of "h100_sxm",
// "H100" of "H100 SXM", "megatron" of "megatron_core" (not "nvlink" of "nvlink4_h100").
bool first_words_of(std::string_view name, std::string_view candidate) {
  if (name.size() < kFirstWordsMinLength || candidate.size() <= name.size()) return false;
  const auto lower = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
  if (!std::equal(name.begin(), name.end(), candidate.begin(),
                  [&](char a, char b) { return lower(a) == lower(b); })) {
    return false;
  }
  const char next = candidate[name.size()];
  return next == '_' || next == ' ' || next == '-' || next == '.';
}

// Names other tools give dml's fields (Megatron-LM's arguments, Hugging Face's config.json) and
// the names of one plan's figure in the other kind of plan: each stands for the dml name, where
// that name is a candidate.
constexpr std::array<std::pair<std::string_view, std::string_view>, 65> kOtherNames{{
    {"num_layers", "layers"},
    {"num_hidden_layers", "layers"},
    {"hidden_size", "d_model"},
    {"num_attention_heads", "heads"},
    {"num_heads", "heads"},     // nanoGPT's, torchtitan's, Meta's and OPT's names (helper-162)
    {"block_size", "seq_len"},  // nanoGPT's (helper-168)
    {"dim", "d_model"},         // Meta's params.json and torchtitan's
    {"n_heads", "heads"},
    {"n_head", "heads"},
    {"n_layers", "layers"},
    {"n_layer", "layers"},
    {"n_embd", "d_model"},
    {"num_kv_heads", "kv_heads"},
    {"n_kv_heads", "kv_heads"},
    {"ffn_dim", "d_ff"},
    {"max_seq_len", "seq_len"},
    {"num_key_value_heads", "kv_heads"},
    {"num_query_groups", "kv_heads"},
    {"ffn_hidden_size", "d_ff"},
    {"intermediate_size", "d_ff"},
    {"vocab_size", "vocab"},
    {"seq_length", "seq_len"},
    {"tie_word_embeddings", "tied_embeddings"},
    {"micro_batch_size", "microbatch"},
    {"global_batch_size", "global_batch"},
    {"tensor_model_parallel_size", "tp"},
    {"pipeline_model_parallel_size", "pp"},
    {"context_parallel_size", "cp"},
    {"expert_model_parallel_size", "ep"},
    {"virtual_pipeline_model_parallel_size", "interleave"},
    {"num_experts", "experts"},
    {"n_routed_experts", "experts"},
    {"moe_router_topk", "top_k"},
    {"num_experts_per_tok", "top_k"},
    {"moe_ffn_hidden_size", "expert_d_ff"},
    {"n_shared_experts", "shared_experts"},
    {"moe_intermediate_size", "expert_d_ff"},  // Hugging Face's DeepSeek and Qwen MoE configs
    {"first_k_dense_replace", "dense_layers"},
    {"num_local_experts", "experts"},  // Mixtral's
    {"kv_lora_rank", "kv_rank"},       // DeepSeek's multi-head latent attention
    {"q_lora_rank", "q_rank"},
    {"qk_rope_head_dim", "rope_dim"},
    {"v_head_dim", "v_dim"},
    {"tensor_parallel", "tp"},
    {"pipeline_parallel", "pp"},
    {"context_parallel", "cp"},
    {"data_parallel", "dp"},
    {"memory_bandwidth", "hbm_bandwidth"},
    {"hbm_bw", "hbm_bandwidth"},  // helper-119's abbreviations
    {"bw", "bandwidth"},
    {"lat", "latency"},
    {"capacity", "hbm_capacity"},
    {"peak_flops", "flop_per_clock_per_thread"},
    {"peak", "flop_per_clock_per_thread"},
    {"hbm_size", "hbm_capacity"},
    {"memory", "hbm_capacity"},
    {"flops", "flop_per_clock_per_thread"},  // a GPU's peak is the rate per clock x SMs x clock
    {"tflops", "flop_per_clock_per_thread"},
    {"ep_size", "ep"},
    {"expert_parallel", "ep"},
    {"utilization", "mfu"},
    {"utilisation", "mfu"},
    {"mfu", "utilization"},
    {"training_time", "time_to_train"},
    {"step_time", "time"},  // a step plan's time.step
}};

// Whether `a` and `b` are the same '_'-separated words, in any order, each at least two of them
// ("step_time" and "time_step").
bool same_words(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  const auto words = [](std::string_view s) {
    std::vector<std::string_view> out;
    for (std::size_t start = 0;;) {
      const std::size_t end = s.find('_', start);
      out.push_back(s.substr(start, end == std::string_view::npos ? end : end - start));
      if (end == std::string_view::npos) break;
      start = end + 1;
    }
    std::sort(out.begin(), out.end());
    return out;
  };
  const auto wa = words(a);
  return wa.size() >= 2 && wa == words(b);
}

// Whether `candidate` is the first words of `name` ("global_batch" of "global_batch_size").
bool starts_with_words(std::string_view name, std::string_view candidate) {
  return candidate.size() >= kFirstWordsMinLength && first_words_of(candidate, name);
}

}  // namespace

std::string closest(std::string_view name, std::span<const std::string> candidates) {
  // The name in other letters' case ("TP" for "tp"), however short.
  const auto lower = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
  for (const auto& c : candidates) {
    if (c.size() == name.size() && c != name &&
        std::equal(name.begin(), name.end(), c.begin(),
                   [&](char a, char b) { return lower(a) == lower(b); })) {
      return c;
    }
  }
  std::string best;
  std::size_t best_d = std::max<std::size_t>(1, name.size() / 4) + 1;
  for (const auto& c : candidates) {
    // names whose lengths differ by the threshold or more cannot be close enough
    const std::size_t gap =
        c.size() > name.size() ? c.size() - name.size() : name.size() - c.size();
    if (gap >= best_d) continue;
    const std::size_t d = edit_distance(name, c);
    if (d < best_d) {
      best_d = d;
      best = c;
    }
  }
  if (!best.empty() && best_d <= 1) return best;
  // The same words in another order ("step_time" for "time_step", helper-171).
  for (const auto& c : candidates) {
    if (c != name && same_words(name, c)) return c;
  }
  // Another tool's name for a field dml has.
  for (const auto& [other, ours] : kOtherNames) {
    if (name != other) continue;
    for (const auto& c : candidates) {
      if (c == ours) return c;
    }
  }
  // A name cut short ("h100" for "h100_sxm", the shortest such) is likelier than one two or
  // more edits away ("grand_comparison" is not "base_comparison").
  std::string shortened;
  for (const auto& c : candidates) {
    if (first_words_of(name, c) && (shortened.empty() || c.size() < shortened.size())) {
      shortened = c;
    }
  }
  if (!shortened.empty()) return shortened;
  // A name with words added ("global_batch_size" for "global_batch"), the longest such.
  std::string lengthened;
  for (const auto& c : candidates) {
    if (starts_with_words(name, c) && c.size() > lengthened.size()) lengthened = c;
  }
  return best.empty() ? lengthened : best;
}

std::string suggestion(std::string_view name, std::span<const std::string> candidates) {
  const std::string hint = closest(name, candidates);
  std::vector<std::string> stemmed;
  const std::string stem = std::string(name) + "_";
  for (const std::string& c : candidates) {
    if (c.starts_with(stem) && c != hint) stemmed.push_back(c);
  }
  std::sort(stemmed.begin(), stemmed.end());
  stemmed.erase(std::unique(stemmed.begin(), stemmed.end()), stemmed.end());
  if (!hint.empty() && hint.starts_with(stem)) stemmed.insert(stemmed.begin(), hint);
  if (stemmed.empty()) return hint.empty() ? hint : "'" + hint + "'";
  std::string text;
  for (std::size_t i = 0; i < stemmed.size(); ++i) {
    text += (i == 0 ? "" : (i + 1 == stemmed.size() ? " or " : ", ")) + ("'" + stemmed[i] + "'");
  }
  return text;
}

}  // namespace dml::lua
