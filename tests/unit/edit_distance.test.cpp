#include "edit_distance.hpp"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using dml::lua::closest;
using dml::lua::edit_distance;
using dml::lua::suggestion;

TEST_CASE("edit distance: insertions, deletions, substitutions and transpositions",
          "[did_you_mean]") {
  CHECK(edit_distance("bandwidth", "bandwidth") == 0);
  CHECK(edit_distance("bandwith", "bandwidth") == 1);
  CHECK(edit_distance("optimise", "optimize") == 1);
  CHECK(edit_distance("hbm_bnadwidth", "hbm_bandwidth") == 1);  // one transposition
  CHECK(edit_distance("", "abc") == 3);
}

TEST_CASE("closest: a likely typo, else nothing", "[did_you_mean]") {
  const std::vector<std::string> names = {"optimize", "evaluate", "options", "sweep"};
  CHECK(closest("optimise", names) == "optimize");
  CHECK(closest("evalute", names) == "evaluate");
  CHECK(closest("swep", names) == "sweep");
  CHECK(closest("frobnicate", names).empty());
  CHECK(closest("x", names).empty());
}

TEST_CASE("closest: a name cut short stands for the shortest name it begins", "[did_you_mean]") {
  const std::vector<std::string> gpus = {"a100_sxm", "h100_pcie", "h100_sxm",
                                         "h100_sxm_low_latency", "nvlink4_h100"};
  CHECK(closest("h100", gpus) == "h100_sxm");  // h100_pcie is longer
  CHECK(closest("H100", gpus) == "h100_sxm");  // case does not matter
  CHECK(closest("a100", gpus) == "a100_sxm");
  CHECK(closest("h100_sxm_low", gpus) == "h100_sxm_low_latency");
  CHECK(closest("nvlink", gpus).empty());  // "nvlink4" is not a word of its own
  CHECK(closest("h1", gpus).empty());      // too short to stand for anything
  const std::vector<std::string> clusters = {"H100 SXM", "H100 SXM Low Latency", "A100 SXM"};
  CHECK(closest("h100", clusters) == "H100 SXM");
  // a name it begins wins over one two edits away, not over one a single edit away
  const std::vector<std::string> comparisons = {"base_comparison", "grand_comparison_dense"};
  CHECK(closest("grand_comparison", comparisons) == "grand_comparison_dense");
  const std::vector<std::string> stacks = {"torchtitan_compile", "torchtitan_async_tp",
                                           "torchtitn"};
  CHECK(closest("torchtitan", stacks) == "torchtitn");
}

TEST_CASE("closest: another tool's name for a field, and a name with words added",
          "[did_you_mean]") {
  const std::vector<std::string> run = {
      "model", "cluster", "stack", "global_batch", "global_batch_tokens", "microbatch", "tokens"};
  CHECK(closest("global_batch_size", run) == "global_batch");  // Megatron's argument
  CHECK(closest("micro_batch_size", run) == "microbatch");
  CHECK(closest("tokens_total", run) == "tokens");  // the name it begins with
  const std::vector<std::string> model = {"layers", "d_model", "heads",  "kv_heads",
                                          "d_ff",   "vocab",   "seq_len"};
  CHECK(closest("num_layers", model) == "layers");
  CHECK(closest("hidden_size", model) == "d_model");  // Hugging Face's config.json
  CHECK(closest("num_key_value_heads", model) == "kv_heads");
  CHECK(closest("intermediate_size", model) == "d_ff");
  CHECK(closest("num_heads", model) == "heads");  // nanoGPT's and torchtitan's (helper-162)
  CHECK(closest("n_layer", model) == "layers");
  CHECK(closest("n_embd", model) == "d_model");
  CHECK(closest("n_kv_heads", model) == "kv_heads");
  CHECK(closest("max_seq_len", model) == "seq_len");
  CHECK(closest("tensor_model_parallel_size", model).empty());  // not a field here
  const std::vector<std::string> step_plan = {"mfu", "hfu", "time_to_train", "step"};
  CHECK(closest("utilization", step_plan) == "mfu");  // the paper plan's name
  CHECK(closest("training_time", step_plan) == "time_to_train");
  const std::vector<std::string> paper_plan = {"utilization", "duration"};
  CHECK(closest("mfu", paper_plan) == "utilization");
}

TEST_CASE("closest: a name in other letters' case, however short, and a step plan's step time",
          "[did_you_mean]") {
  const std::vector<std::string> layout = {"tp", "pp", "dp", "cp", "ep", "microbatch"};
  CHECK(closest("TP", layout) == "tp");  // two edits away: no typo, but the same name
  CHECK(closest("Microbatch", layout) == "microbatch");
  CHECK(closest("TQ", layout).empty());
  const std::vector<std::string> step_plan = {"mfu", "time", "memory"};
  CHECK(closest("step_time", step_plan) == "time");  // its time.step
  const std::vector<std::string> moe = {"experts", "top_k", "expert_d_ff", "dense_layers"};
  CHECK(closest("moe_intermediate_size", moe) == "expert_d_ff");  // Hugging Face's MoE configs
  CHECK(closest("first_k_dense_replace", moe) == "dense_layers");
  CHECK(closest("ep_size", layout) == "ep");
  // helper-103: Hugging Face's names of Mixtral's experts and DeepSeek's latent attention, a
  // parallelism spelt out, a GPU's peak and bandwidth, British spelling.
  CHECK(closest("num_local_experts", moe) == "experts");
  const std::vector<std::string> mla = {"kv_rank", "q_rank", "rope_dim", "v_dim"};
  CHECK(closest("kv_lora_rank", mla) == "kv_rank");
  CHECK(closest("q_lora_rank", mla) == "q_rank");
  CHECK(closest("qk_rope_head_dim", mla) == "rope_dim");
  CHECK(closest("v_head_dim", mla) == "v_dim");
  // (Not Hugging Face's max_position_embeddings: the longest context, not the training length.)
  CHECK(closest("max_position_embeddings", std::vector<std::string>{"layers", "seq_len"}).empty());
  CHECK(closest("tensor_parallel", layout) == "tp");
  const std::vector<std::string> gpu = {"flop_per_clock_per_thread", "hbm_bandwidth",
                                        "hbm_capacity"};
  CHECK(closest("tflops", gpu) == "flop_per_clock_per_thread");
  CHECK(closest("memory_bandwidth", gpu) == "hbm_bandwidth");
  CHECK(closest("utilisation", std::vector<std::string>{"mfu", "hfu"}) == "mfu");
  // helper-119's abbreviations and a GPU's peak
  CHECK(closest("hbm_bw", gpu) == "hbm_bandwidth");
  CHECK(closest("capacity", gpu) == "hbm_capacity");
  CHECK(closest("peak_flops", gpu) == "flop_per_clock_per_thread");
  CHECK(closest("peak", gpu) == "flop_per_clock_per_thread");
  const std::vector<std::string> level = {"name", "size", "bandwidth", "link", "latency"};
  CHECK(closest("bw", level) == "bandwidth");
  CHECK(closest("lat", level) == "latency");
}

TEST_CASE("closest: the same words in another order", "[did_you_mean]") {
  // helper-171: the search tables' step_time is a sweep table's time_step
  const std::vector<std::string> columns = {"gpus", "time_step", "time_to_train", "mfu"};
  CHECK(closest("step_time", columns) == "time_step");
  CHECK(closest("train_to_time", columns) == "time_to_train");
  CHECK(closest("step", columns).empty());         // one word: not a reordering
  CHECK(closest("step_time_x", columns).empty());  // another word
  // A step plan has no time_step: its time.step, as before.
  CHECK(closest("step_time", std::vector<std::string>{"mfu", "time"}) == "time");
}

TEST_CASE("suggestion: a stem names every name it begins, else the closest", "[did_you_mean]") {
  // A split's "tp" is the stem of two fields; 'dp', one edit away, is not what was meant.
  const std::vector<std::string> split = {"dp", "tp_model", "tp_ff", "pp", "ep"};
  CHECK(suggestion("tp", split) == "'tp_ff' or 'tp_model'");
  // Presets: the closest first (a cut-short name's shortest), then the others in order.
  const std::vector<std::string> stacks = {"megatron_core", "megatron_2022", "megatron_2021",
                                           "deepspeed_zero3_2021"};
  CHECK(suggestion("megatron", stacks) == "'megatron_core', 'megatron_2021' or 'megatron_2022'");
  // One stem alone; no stem: the closest, quoted; nothing close: "".
  CHECK(suggestion("deepspeed_zero3", stacks) == "'deepspeed_zero3_2021'");
  CHECK(suggestion("db", split) == "'dp'");
  CHECK(suggestion("zzz", split).empty());
}
