// The realistic model (model/src/transformer.cpp) against its sources. Every expected value is
// worked out by hand in the comments from the published formula, never by calling the code
// under test:
//   - FLOPs: Megatron-LM's num_floating_point_operations (megatron/training/training.py), Narayanan
//     et al. 2021 (arXiv 2104.04473) App. and Korthikanti et al. 2022 (arXiv 2205.05198) App. A;
//   - parameter counts: the published sizes of Llama 3 (8,030,261,248; 405,853,388,800) and
//     DeepSeek-V3 (671B total, 37B activated);
//   - activation memory: Korthikanti et al. 2022, Table 2;
//   - pipeline bubbles: Narayanan 2021 2.2, Qi et al. 2023 (ZB-H1), DualPipe's README;
//   - collectives: nccl-tests doc/PERFORMANCE.md (bus-bandwidth factors).
#include "dml/transformer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <limits>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "dml/quantity.hpp"
#include "paper_gpus.hpp"
#include "transformer_model.hpp"

namespace {

using Catch::Matchers::Contains;
using Catch::Matchers::EndsWith;
using Catch::Matchers::StartsWith;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using dml::Recompute;
using dml::Schedule;
using dml::Transformer;
using dml::TransformerLayout;
using dml::TransformerRun;
using namespace dml::units;

// --- models -------------------------------------------------------------------------------------

// Llama 3 8B (config.json of meta-llama/Meta-Llama-3-8B).
Transformer llama3_8b() {
  return Transformer{.name = "Llama 3 8B",
                     .layers = 32,
                     .d_model = 4096,
                     .heads = 32,
                     .kv_heads = 8,
                     .head_dim = 128,
                     .d_ff = 14336,
                     .gated = true,
                     .vocab = 128256,
                     .seq_len = 8192};
}

// Llama 3.1 405B.
Transformer llama3_405b() {
  return Transformer{.name = "Llama 3 405B",
                     .layers = 126,
                     .d_model = 16384,
                     .heads = 128,
                     .kv_heads = 8,
                     .head_dim = 128,
                     .d_ff = 53248,
                     .gated = true,
                     .vocab = 128256,
                     .seq_len = 8192};
}

// Llama 2 70B.
Transformer llama2_70b() {
  return Transformer{.name = "Llama 2 70B",
                     .layers = 80,
                     .d_model = 8192,
                     .heads = 64,
                     .kv_heads = 8,
                     .d_ff = 28672,
                     .gated = true,
                     .vocab = 32000,
                     .seq_len = 4096};
}

// A GPT-style model as Narayanan and Korthikanti count it: MHA, d_ff = 4h, GeLU (not gated).
Transformer gpt(std::int64_t layers, std::int64_t h, std::int64_t heads, std::int64_t vocab,
                std::int64_t seq) {
  return Transformer{.layers = layers,
                     .d_model = h,
                     .heads = heads,
                     .d_ff = 4 * h,
                     .gated = false,
                     .vocab = vocab,
                     .seq_len = seq};
}

// --- hardware and stacks ------------------------------------------------------------------------

// An H100 SXM (989.4 TFLOP/s dense 16-bit, 80 GB) with round network numbers: 8-GPU NVLink nodes
// at 900 GB/s per GPU both ways (450 GB/s one way), 2 us per step; a network of 100 GB/s per GPU
// both ways (50 GB/s one way), 6 us per step. Collectives reach 0.75 of NVLink and 0.95 of the
// network, so bus bandwidths are 337.5 GB/s inside a node and 47.5 GB/s across nodes. Fewer
// than 8 GPUs: one NVLink node.
dml::Cluster h100s(std::int64_t gpus) {
  dml::Cluster c = dml::paper::h100_sxm();
  c.gpu.hbm_capacity = bytes(80e9);
  c.gpu.efficiency = dml::GpuEfficiency{.nvlink = 0.75, .network = 0.95};
  const dml::NetworkLevel nvlink{
      .name = "nvlink", .bandwidth = bytes_per_s(900e9), .latency = microseconds(2)};
  const dml::NetworkLevel infiniband{
      .name = "infiniband", .bandwidth = bytes_per_s(100e9), .latency = microseconds(6)};
  c.levels = {nvlink};
  if (gpus >= 8) {
    c.levels[0].size = 8;
    c.levels.push_back(infiniband);
  }
  c.size = gpus;
  return c;
}

// Megatron as Korthikanti et al. 2022 ran it: unfused attention (the s x s scores materialised)
// and dropout.
dml::Stack megatron_2022() {
  return dml::Stack{
      .name = "megatron-2022", .attention = dml::AttentionKernel::kUnfused, .dropout = true};
}

TransformerRun run_of(Transformer m, std::int64_t gpus, std::int64_t batch,
                      dml::Stack stack = dml::Stack{.name = "test"}) {
  return TransformerRun{.model = std::move(m),
                        .cluster = h100s(gpus),
                        .stack = std::move(stack),
                        .global_batch = batch};
}

// One microbatch of a plan's busiest stage: every per-microbatch term of the breakdown / m.
double per_microbatch(const dml::StepPlan& p, double m) {
  const dml::StepTime& t = p.time;
  return (t.gemm.value() + t.attention.value() + t.elementwise.value() + t.logits.value() +
          t.recompute.value() + t.overhead.value() + t.tp.value() + t.cp.value() + t.ep.value() +
          t.slowdown.value()) /
         m;
}

// A pipeline of pp stages on pp GPUs: no DP, TP or sharding, microbatch 1, no recompute.
TransformerLayout pipeline(std::int64_t pp, Schedule schedule = Schedule::k1F1B,
                           std::int64_t interleave = 1, Recompute recompute = Recompute::kNone) {
  return TransformerLayout{.tp = 1,
                           .pp = pp,
                           .interleave = interleave,
                           .schedule = schedule,
                           .dp = 1,
                           .zero = 0,
                           .microbatch = 1,
                           .recompute = recompute};
}

// The run without latencies or launch costs, and no TP overlap: collectives are bytes / bandwidth.
TransformerRun no_latency(TransformerRun r) {
  for (dml::NetworkLevel& level : r.cluster.levels) level.latency = seconds(0);
  r.stack.collective_launch = seconds(0);
  r.stack.collective_chunk = bytes(0);
  r.stack.tp_overlap = dml::TpOverlap::kNone;
  return r;
}
}  // namespace

// --- 1. FLOPs and parameters ---------------------------------------------------------------------

TEST_CASE("transformer FLOPs: Llama 3 8B against Megatron-LM's num_floating_point_operations",
          "[transformer][flops]") {
  // L = 32, h = 4096, a = 32, g = 8, d_h = 128, f = 14336, V = 128256, s = 8192, SwiGLU.
  // Per token and layer, multiply-adds of the linears:
  //   QKV h d_h (a + 2g) = 4096 x 128 x 48 = 25,165,824; output a d_h h = 16,777,216;
  //   MLP 3 h f = 3 x 4096 x 14336 = 176,160,768; sum 218,103,808; x 32 layers = 6,979,321,856.
  // Logits h V = 4096 x 128256 = 525,336,576.
  //
  // Megatron-LM's formula as of Megatron-Core r0.8 (non-causal; the attention term became causal
  // later), per iteration of B sequences:
  //   12 B s L h^2 [(1 + g/a + s/h)(a d_h / h) + (f/h)(3/2) + V/(2 L h)]
  // per token (/ B s): 12 x 32 x 4096^2 = 6,442,450,944 times
  //   (1 + 0.25 + 2) x 1 + 3.5 x 1.5 + 128256 / 262144 = 3.25 + 5.25 + 0.4892578125
  //   = 8.9892578125, i.e. 57,912,852,480 FLOP per token.
  // In it, attention scores and values are 12 L a d_h s = 12 x 32 x 4096 x 8192 = 12,884,901,888
  // (every query against all s keys).
  //
  // Megatron-LM today (training.py, transformer_flops()): the same linears and logits, and core
  // attention a d_h s / 2 x 2 multiply-adds, x 3 x 2: 6 L a d_h s = 6,442,450,944; total
  // 6 (6,979,321,856 + 525,336,576) + 6,442,450,944 = 51,470,401,536.
  //
  // dml counts the causal keys exactly, (s + 1)/2 per query, so its attention is
  // 6 L a d_h (s + 1) = 6 x 131072 x 8193 = 6,443,237,376, and its total is
  // 45,027,950,592 + 6,443,237,376 = 51,471,187,968: today's Megatron figure + 6 L a d_h (786,432).
  const Transformer m = llama3_8b();
  const double dml_flop = dml::model_flop_per_token(m);
  CHECK_THAT(dml_flop, WithinRel(51471187968.0, 1e-15));

  const double L = 32, a = 32, dh = 128, s = 8192;
  const double causal_dml = 6 * L * a * dh * (s + 1);  // dml's attention term
  SECTION("the non-causal formula (Megatron-Core r0.8)") {
    CHECK_THAT(dml_flop - causal_dml + 12 * L * a * dh * s, WithinRel(57912852480.0, 1e-15));
  }
  SECTION("the causal formula (Megatron-LM today): keys s/2 instead of (s + 1)/2") {
    CHECK_THAT(dml_flop - 6 * L * a * dh, WithinRel(51470401536.0, 1e-15));
  }
  SECTION("evaluate reports the same count, and MFU is of it") {
    const auto p = dml::evaluate(run_of(m, 8, 8), TransformerLayout{.tp = 8, .zero = 1});
    REQUIRE(p.feasible);
    CHECK_THAT(p.model_flop_per_token, WithinRel(51471187968.0, 1e-15));
    // MFU = model FLOPs x tokens/s / (GPUs x peak); peak = 32 x 128 x 132 x 1.83e9.
    CHECK_THAT(
        p.mfu,
        WithinRel(51471187968.0 * p.tokens_per_second / (8 * 32.0 * 128 * 132 * 1.83e9), 1e-12));
    // The MFU Megatron-Core r0.8 would report: its own 57,912,852,480 FLOP per token (above).
    CHECK_THAT(
        p.mfu_megatron,
        WithinRel(57912852480.0 * p.tokens_per_second / (8 * 32.0 * 128 * 132 * 1.83e9), 1e-12));
  }
}

TEST_CASE("transformer FLOPs: Megatron-Core r0.8's count of a mixture of experts",
          "[transformer][flops]") {
  // megatron/training/training.py at core_r0.8.0: 12 L h^2 [(1 + g/a + s/h) (a d_h/h) + (f/h) k
  // (3/2 gated) + V/(2 L h)] per token, every layer's MLP at the routed experts' width times
  // top-k: no shared experts, no dense first layers, no MTP modules (later releases count them).
  // 2 layers, h 64, 8 heads of 8, s 16, V 10, 4 experts of width 32, top-2, one shared, the first
  // layer dense: (1 + 1 + 0.25) + (32/64) 2 (3/2) + 10/256 = 3.7890625; x 12 x 2 x 64^2 = 372,480.
  Transformer m{
      .layers = 2,
      .d_model = 64,
      .heads = 8,
      .d_ff = 256,
      .gated = true,
      .vocab = 10,
      .seq_len = 16,
      .moe = dml::Moe{
          .experts = 4, .top_k = 2, .shared_experts = 1, .expert_d_ff = 32, .dense_layers = 1}};
  CHECK(dml::megatron_flop_per_token(m) == 372480.0);
  m.mtp_layers = 1;
  CHECK(dml::megatron_flop_per_token(m) == 372480.0);
}

TEST_CASE("transformer MTP: the module's layer is of the model's last layer's kind",
          "[transformer][flops][mtp]") {
  // Megatron-Core builds its multi-token prediction modules with the spec of the decoder's last
  // layer (pretrain_gpt.py: the decoder layer specs' last): a MoE layer after a MoE last layer, a
  // dense one after a dense last layer. 4 layers, h 64, 8 heads, d_ff 256 gated (a dense MLP:
  // 3 x 64 x 256 = 49,152 parameters), 4 experts of width 32, top-2 (a MoE MLP: 3 x 64 x 32 x 4
  // = 24,576 and the router 64 x 4 = 256, 24,832; active 12,288 + 256 = 12,544). The two
  // patterns have three MoE layers each; only the MTP layer's kind tells them apart.
  const auto model = [](std::vector<std::int64_t> pattern, std::int64_t mtp) {
    Transformer t = gpt(4, 64, 8, 10, 16);
    t.d_ff = 256;
    t.gated = true;
    t.mtp_layers = mtp;
    t.moe = dml::Moe{.experts = 4, .top_k = 2, .expert_d_ff = 32, .pattern = std::move(pattern)};
    return t;
  };
  const std::vector<std::int64_t> last_dense{1, 1, 1, 0}, last_moe{0, 1, 1, 1};
  CHECK(dml::total_params(model(last_moe, 0)) == dml::total_params(model(last_dense, 0)));
  CHECK(dml::total_params(model(last_moe, 1)) - dml::total_params(model(last_dense, 1)) ==
        24832.0 - 49152.0);
  CHECK(dml::active_params(model(last_moe, 1)) - dml::active_params(model(last_dense, 1)) ==
        12544.0 - 49152.0);
  // Six FLOPs per multiply-add and token, forward and backward.
  CHECK(dml::model_flop_per_token(model(last_moe, 1)) -
            dml::model_flop_per_token(model(last_dense, 1)) ==
        6 * (12544.0 - 49152.0));
  // The weights one GPU holds (no parallelism, 16-bit weights: 2 bytes a parameter).
  const auto weights = [&](const std::vector<std::int64_t>& pattern) {
    const auto p = dml::evaluate(run_of(model(pattern, 1), 1, 8),
                                 TransformerLayout{.tp = 1, .pp = 1, .dp = 1, .microbatch = 1});
    REQUIRE(p.feasible);
    return p.memory.weights.value();
  };
  CHECK_THAT(weights(last_moe) - weights(last_dense), WithinAbs(2 * (24832.0 - 49152.0), 1e-6));
  // A capacity factor pads (or drops) the experts of the MoE layers, a MoE MTP layer's among
  // them, and no dense layer's (helper-364): padded to 2, the hardware's FLOPs beyond the
  // model's are the same with a dense MTP layer as without one.
  const auto padding = [&](const std::vector<std::int64_t>& pattern, std::int64_t mtp) {
    Transformer t = model(pattern, mtp);
    t.moe->capacity_factor = 2.0;
    t.moe->pad_to_capacity = true;
    const auto p = dml::evaluate(run_of(t, 1, 8),
                                 TransformerLayout{.tp = 1, .pp = 1, .dp = 1, .microbatch = 1});
    REQUIRE(p.feasible);
    return p.hardware_flop_per_token - p.model_flop_per_token;
  };
  CHECK_THAT(padding(last_dense, 1), WithinRel(padding(last_dense, 0), 1e-12));
  CHECK(padding(last_moe, 1) > padding(last_moe, 0) * 1.2);

  // And its time, on one stage of both kinds (helper-364: the MTP layer had cost the stage's
  // mean layer whatever its kind): a dense MTP layer costs over a MoE one about what a dense
  // layer of the model costs over a MoE layer. h 2048, d_ff 16384 against 16 experts of 512,
  // top-2: the dense layer is the dearer.
  const auto step = [](std::vector<std::int64_t> pattern, std::int64_t mtp) {
    Transformer t = gpt(static_cast<std::int64_t>(pattern.size()), 2048, 16, 32000, 4096);
    t.d_ff = 16384;
    t.gated = true;
    t.mtp_layers = mtp;
    t.moe = dml::Moe{.experts = 16, .top_k = 2, .expert_d_ff = 512, .pattern = std::move(pattern)};
    const auto p = dml::evaluate(
        run_of(t, 16, 64),
        TransformerLayout{.tp = 1, .pp = 1, .dp = 16, .zero = 1, .ep = 1, .microbatch = 1});
    REQUIRE(p.feasible);
    return p.time.step.value();
  };
  const double mtp_kinds = step({0, 1, 1, 1, 1, 1, 1, 0}, 1) - step({0, 0, 1, 1, 1, 1, 1, 1}, 1);
  const double layer_kinds =
      step({0, 1, 1, 1, 1, 1, 1, 0, 0}, 0) - step({0, 1, 1, 1, 1, 1, 1, 0, 1}, 0);
  REQUIRE(layer_kinds > 0);
  CHECK_THAT(mtp_kinds, WithinRel(layer_kinds, 0.01));
}

TEST_CASE("transformer FLOPs: GPT-3 175B against Narayanan 2021 and Korthikanti 2022",
          "[transformer][flops]") {
  // L = 96, h = 12288, a = 96, f = 4h = 49152, V = 51200, s = 2048, GeLU, MHA.
  // Per token: linears 12 L h^2 multiply-adds, x 6 = 72 L h^2 = 1,043,677,052,928; attention
  // (dml, causal) 6 L h (s + 1) = 6 x 96 x 12288 x 2049 = 14,502,592,512; logits 6 h V =
  // 3,774,873,600. dml: 1,061,954,519,040.
  const Transformer m = gpt(96, 12288, 96, 51200, 2048);
  const double L = 96, h = 12288, s = 2048, V = 51200;
  CHECK_THAT(dml::model_flop_per_token(m), WithinRel(1061954519040.0, 1e-15));

  // Narayanan 2021 (with the full-recompute forward: 4 passes; non-causal scores):
  //   96 B s L h^2 (1 + s/(6h) + V/(16 L h)) per iteration; per token
  //   96 L h^2 = 1,391,569,403,904; x s/(6h) = 1/36: 38,654,705,664; x V/(16 L h):
  //   1,391,569,403,904 x 51200 / 18,874,368 = 3,774,873,600. Sum 1,433,998,983,168.
  // From dml's count: the linears x 4/3 (a fourth pass), the attention non-causal 16 L h s
  // (4 passes of 4 L h s), the logits as they are.
  const double dml_flop = dml::model_flop_per_token(m);
  const double linears = dml_flop - 6 * L * h * (s + 1) - 6 * h * V;
  CHECK_THAT(linears * 4 / 3 + 16 * L * h * s + 6 * h * V, WithinRel(1433998983168.0, 1e-15));

  // Megatron 2021/22 computed the whole s x s score matrix (unfused attention), so dml's
  // hardware FLOPs, which count masked blocks and recompute, are the papers' numerators.
  // As Narayanan ran it: TP 8 x PP 12 (interleaved), DP 1 here.
  const auto layout = [](Recompute r) {
    return TransformerLayout{
        .tp = 8, .pp = 12, .interleave = 2, .dp = 1, .zero = 0, .microbatch = 1, .recompute = r};
  };
  SECTION("full recompute: Narayanan's 96 B s L h^2 (1 + s/6h + V/16Lh)") {
    const auto p = dml::evaluate(run_of(m, 96, 96, megatron_2022()), layout(Recompute::kFull));
    REQUIRE(p.feasible);
    CHECK_THAT(p.hardware_flop_per_token, WithinRel(1433998983168.0, 1e-12));
    // The MFU Narayanan et al. report is of that same numerator (this test's GPUs are H100s:
    // peak 32 x 128 x 132 x 1.83e9).
    const double per_flop = p.tokens_per_second / (96 * 32.0 * 128 * 132 * 1.83e9);
    CHECK_THAT(p.mfu_narayanan, WithinRel(1433998983168.0 * per_flop, 1e-12));
  }
  SECTION("no recompute: Korthikanti's 72 B L s h^2 (1 + s/6h + V/12hL)") {
    // 72 L h^2 = 1,043,677,052,928; x 1/36 = 28,991,029,248; x V/(12 h L) = 51200/14,155,776:
    // 3,774,873,600. Sum 1,076,442,955,776.
    // (Without recompute the layout runs but does not fit: the costs are still reported.)
    const auto p = dml::evaluate(run_of(m, 96, 96, megatron_2022()), layout(Recompute::kNone));
    REQUIRE(p.violations.size() == 1);
    REQUIRE_THAT(p.violations[0], Contains("memory: "));
    CHECK_THAT(p.hardware_flop_per_token, WithinRel(1076442955776.0, 1e-12));
  }
}

TEST_CASE("transformer FLOPs: sliding windows, in every layer or between full ones",
          "[transformer][flops]") {
  // GPT, h 256, 4 heads of 64, vocabulary 1000, s = 8, causal. A layer's attention FLOPs per token
  // are 12 a d_h k (scores and values, forward and backward), k the keys a query sees on average:
  //   full causal: (1 + 2 + ... + 8) / 8 = 4.5;
  //   window 3: query i sees min(i, 3) keys, 1 + 2 + 3 x 6 = 21, / 8 = 2.625.
  // Only the attention term changes, so differences against the model without a window isolate it.
  const double per_key = 12 * 4 * 64;  // 12 a d_h
  const auto flop = [](std::int64_t layers, std::optional<std::int64_t> window,
                       std::optional<std::int64_t> every) {
    Transformer m = gpt(layers, 256, 4, 1000, 8);
    m.window = window;
    m.full_attention_every = every;
    return dml::model_flop_per_token(m);
  };
  SECTION("every layer windowed") {
    CHECK_THAT(flop(4, 3, std::nullopt) - flop(4, std::nullopt, std::nullopt),
               WithinRel(per_key * 4 * (2.625 - 4.5), 1e-12));
  }
  SECTION("every 2nd layer full (gpt-oss): layers 2 and 4 of 4, 2 and 4 of 5") {
    CHECK_THAT(flop(4, 3, 2) - flop(4, std::nullopt, std::nullopt),
               WithinRel(per_key * 2 * (2.625 - 4.5), 1e-12));
    CHECK_THAT(flop(5, 3, 2) - flop(5, std::nullopt, std::nullopt),
               WithinRel(per_key * 3 * (2.625 - 4.5), 1e-12));
  }
  SECTION("every 6th layer full (Gemma 3): layer 6 of 7; a window past s changes nothing") {
    CHECK_THAT(flop(7, 3, 6) - flop(7, std::nullopt, std::nullopt),
               WithinRel(per_key * 6 * (2.625 - 4.5), 1e-12));
    CHECK(flop(4, 8, 2) == flop(4, std::nullopt, std::nullopt));
  }
  SECTION("full layers without a window are refused") {
    Transformer m = gpt(4, 256, 4, 1000, 8);
    m.full_attention_every = 2;
    CHECK_THROWS_WITH(dml::Description<Transformer>::check(m, "model"),
                      Contains("model.full_attention_every") && Contains("needs a window"));
  }
}

TEST_CASE("transformer notes: values read that change nothing are said", "[transformer][notes]") {
  const TransformerLayout l{
      .tp = 1, .pp = 1, .dp = 1, .zero = 0, .microbatch = 1, .recompute = Recompute::kNone};
  Transformer m = gpt(4, 256, 4, 1000, 8);
  TransformerRun run = run_of(m, 1, 4);
  CHECK(dml::evaluate(run, l).notes.empty());
  SECTION("a window no shorter than the sequence") {
    run.model.window = 7;  // shorter: no note
    CHECK(dml::evaluate(run, l).notes.empty());
    for (const std::int64_t w : {8, 9}) {
      run.model.window = w;
      const auto p = dml::evaluate(run, l);
      REQUIRE(p.notes.size() == 1);
      CHECK(p.notes[0] == fmt::format("window = {} is no shorter than the sequence (8 tokens): "
                                      "every layer attends to the whole context",
                                      w));
    }
  }
  SECTION("row-wise FP8 scaling in a 16-bit run") {
    run.fp8_scaling = dml::Fp8Scaling::kRowwise;
    const auto p = dml::evaluate(run, l);
    REQUIRE(p.notes.size() == 1);
    CHECK(p.notes[0] ==
          "fp8_scaling = \"rowwise\" changes nothing: it applies to FP8 matmuls, and this "
          "run's precision is \"bf16\"");
    run.precision = dml::Precision::kFp8;  // the GPU preset of run_of has an FP8 rate
    CHECK(dml::evaluate(run, l).notes.empty());
  }
}

TEST_CASE("transformer plan text: figures far past a run's sizes print in scientific notation",
          "[transformer][notes]") {
  const TransformerLayout l{
      .tp = 1, .pp = 1, .dp = 1, .zero = 0, .microbatch = 1, .recompute = Recompute::kNone};
  TransformerRun run = run_of(gpt(4, 256, 4, 1000, 8), 1, 4);
  run.tokens = 1e12;
  // The breakdown in the step's unit: microseconds under a millisecond, milliseconds, seconds
  // from 100 s on (to two places).
  const auto fast = dml::evaluate(run, l);
  REQUIRE(fast.time.step.value() < 1e-3);
  CHECK_THAT(dml::step_plan_summary(fast), Contains(fmt::format("  step time       {:>10.1f} us\n",
                                                                fast.time.step.value() * 1e6)));
  const double clock = run.cluster.gpu.clock.value();
  run.cluster.gpu.clock = dml::units::Hertz(clock * 1e-2);
  const auto ms = dml::evaluate(run, l);
  REQUIRE(ms.time.step.value() >= 1e-3);
  REQUIRE(ms.time.step.value() < 100);
  CHECK_THAT(dml::step_plan_summary(ms),
             Contains(fmt::format("  matmuls         {:>10.1f} ms", ms.time.gemm.value() * 1e3)));
  run.cluster.gpu.clock = dml::units::Hertz(clock * 1e-7);
  const auto s = dml::evaluate(run, l);
  REQUIRE(s.time.step.value() >= 100);
  CHECK_THAT(dml::step_plan_summary(s),
             Contains(fmt::format("  matmuls         {:>10.2f} s ", s.time.gemm.value())));
  // A clock 1e15 times too slow: every arithmetic term 1e15 times longer.
  run.cluster.gpu.clock = dml::units::Hertz(clock * 1e-15);
  const auto p = dml::evaluate(run, l);
  REQUIRE(p.time.step.value() >= 1e9);
  REQUIRE(p.tokens_per_second_per_gpu < 1);
  const std::string text = dml::step_plan_summary(p);
  // In scientific notation as format_number writes every number: 3 significant digits.
  CHECK_THAT(text, Contains(fmt::format("  step time       {:>10} s\n",
                                        dml::format_number(p.time.step.value(), 3))));
  CHECK_THAT(text, Contains(dml::format_number(p.tokens_per_second_per_gpu, 3) + " tokens/s and "));
  CHECK_THAT(text, Contains(dml::format_number(p.time_to_train.value() / 86400, 3) + " days"));
  CHECK_THAT(text, !Contains("e+"));
}

TEST_CASE("transformer attention: the fused kernel's rate by head width", "[transformer][flops]") {
  // The same attention FLOPs (a d_h = 1536, s = 1024) at head widths 64, 96, 128 and 256, on a
  // stack whose kernel runs at 0.5 of its 128-wide rate forward and 0.8 backward at width 64.
  // With R the 128-wide rate and F a layer's forward FLOPs, the kernel takes F/R forward and
  // 2.5 F/(0.8 R) backward: 4.125 F/R at 128. At 64: F/(0.5 R) + 3.125 F/(0.8 R) = 5.90625 F/R.
  // At 96, log2(96) - 6 = 0.5849625 of the way: forward 0.5 + 0.5849625 x 0.5 = 0.79248125,
  // backward 0.8 + 0.5849625 x 0.2 = 0.9169925; 1/0.79248125 + 3.125/0.9169925 = 4.669781 F/R.
  // From 128 up the rate stays R.
  const auto attention = [](std::int64_t heads, std::int64_t width) {
    Transformer m = gpt(2, 1536, heads, 32000, 1024);
    m.head_dim = width;
    dml::Stack st{.name = "by width", .attention_d64_forward = 0.5, .attention_d64_backward = 0.8};
    const auto p = dml::evaluate(
        run_of(m, 1, 1, st),
        TransformerLayout{
            .tp = 1, .pp = 1, .dp = 1, .microbatch = 1, .recompute = Recompute::kNone});
    REQUIRE(p.feasible);
    return p.time.attention.value();
  };
  const double at128 = attention(12, 128);
  CHECK_THAT(attention(24, 64) / at128, WithinRel(5.90625 / 4.125, 1e-9));
  CHECK_THAT(attention(16, 96) / at128,
             WithinRel((1 / 0.79248125 + 3.125 / 0.9169925) / 4.125, 1e-6));
  CHECK_THAT(attention(6, 256) / at128, WithinRel(1.0, 1e-12));
}

TEST_CASE("transformer multi-head latent attention: weights, FLOPs and activations",
          "[transformer][flops]") {
  // GPT, 2 layers, h 1024, MLP 4h (not gated), vocabulary 1000, 8 heads; MLA with head_dim 64,
  // rope_dim 32, v_dim 64, q_rank 384, kv_rank 256. Per layer:
  //   down-projections (every TP rank whole): h q_rank + h (kv_rank + rope) = 393,216 + 294,912
  //     = 688,128;
  //   up- and output projections: q_rank a (64 + 32) + kv_rank a (64 + 64) + a 64 h = 294,912 +
  //     262,144 + 524,288 = 1,081,344;
  //   attention 1,769,472; MLP 8 h^2 = 8,388,608; linear multiply-adds 2 x 10,158,080 =
  //   20,316,160 per token.
  // Attention kernel at s = 8 (causal: 4.5 keys a query): a (96 + 64) 4.5 = 5,760 per layer,
  // 11,520 for two; logits h V = 1,024,000. Model FLOPs 6 (20,316,160 + 11,520 + 1,024,000) =
  // 128,110,080 per token.
  Transformer m = gpt(2, 1024, 8, 1000, 8);
  m.head_dim = 64;
  m.mla = dml::Mla{.kv_rank = 256, .q_rank = 384, .rope_dim = 32, .v_dim = 64};
  CHECK_THAT(dml::model_flop_per_token(m), WithinRel(128110080.0, 1e-15));

  SECTION("activations: every head's query, key and value, and the latents") {
    // At s = 1024, one microbatch of one sequence, one stage, no recompute: against the same
    // model with plain multi-head attention of width 64 (4 (a + g) d_h = 4,096 bytes a token and
    // layer), MLA keeps 2 (a (2 x 96 + 64) + a 64) = 5,120 bytes of heads and 2 x (384 + 256 + 32)
    // = 1,344 of latents: 2,368 more, x 1,024 tokens x 2 layers = 4,849,664 bytes.
    Transformer latent = gpt(2, 1024, 8, 1000, 1024);
    latent.head_dim = 64;
    latent.mla = m.mla;
    Transformer plain = gpt(2, 1024, 8, 1000, 1024);
    plain.head_dim = 64;
    const TransformerLayout one{
        .tp = 1, .pp = 1, .dp = 1, .microbatch = 1, .recompute = Recompute::kNone};
    const auto with = dml::evaluate(run_of(latent, 1, 1), one);
    const auto without = dml::evaluate(run_of(plain, 1, 1), one);
    REQUIRE(with.feasible);
    REQUIRE(without.feasible);
    CHECK_THAT(with.memory.activations.value() - without.memory.activations.value(),
               WithinRel(4849664.0, 1e-12));
  }
  SECTION("GEMM time: the down-projections are split by SP, not by TP") {
    // With the GEMMs at the peak (efficiency 1, no small-size penalty, HBM too fast to bind), a
    // layer's linear time is its FLOPs / 9.894e14 (32 x 128 x 132 x 1.83e9). One microbatch of 8
    // tokens, 2 layers, forward and backward (3 passes of 2 FLOPs per multiply-add):
    //   TP 1: 6 x 10,158,080 x 2 x 8 = 975,175,680 FLOP;
    //   TP 2 without SP, the down-projections whole on each rank:
    //     6 x (688,128 + (1,081,344 + 8,388,608) / 2) x 2 x 8 = 520,617,984 FLOP;
    //   TP 2 with SP, each rank's down-projections on its own half of the tokens:
    //     6 x (1,769,472 + 8,388,608) / 2 x 2 x 8 = 487,587,840 FLOP.
    const auto gemm_time = [&](std::int64_t tp, bool sp) {
      TransformerRun run = run_of(m, tp, 1);
      run.cluster.gpu.efficiency->gemm = 1;
      run.cluster.gpu.efficiency->gemm_half_dim = 0;
      run.cluster.gpu.hbm_bandwidth = bytes_per_s(1e18);
      TransformerLayout l{
          .tp = tp, .pp = 1, .dp = 1, .microbatch = 1, .recompute = Recompute::kNone};
      l.sequence_parallel = sp;
      const auto p = dml::evaluate(run, l);
      REQUIRE(p.feasible);
      return p.time.gemm.value();
    };
    const double peak = 32.0 * 128 * 132 * 1.83e9;
    CHECK_THAT(gemm_time(1, false), WithinRel(975175680.0 / peak, 1e-12));
    CHECK_THAT(gemm_time(2, false), WithinRel(520617984.0 / peak, 1e-12));
    CHECK_THAT(gemm_time(2, true), WithinRel(487587840.0 / peak, 1e-12));
  }
  SECTION("SP: the attention's all-gather moves the latents, not d_model") {
    // TP 2 with SP in one node (337.5 GB/s; a gather or reduce-scatter moves 1/2 of its bytes),
    // no latency, nothing overlapped. A layer's activation of 8 tokens: 8 x 1024 x 2 = 16,384 B;
    // its latents 8 x (384 + 256 + 32) x 2 = 10,752 B. Forward: the latents gathered, the
    // attention's output reduce-scattered, the MLP's pair: 10,752 + 3 x 16,384 = 59,904 B.
    // Backward: the mirror (16,384 gathered, 10,752 and 16,384 reduce-scattered, 16,384
    // gathered) and the inputs gathered again for the weight gradients (10,752 + 16,384):
    // 4 x 16,384 + 2 x 10,752 = 87,040 B. Two layers: 2 x 146,944 / 2 / 337.5e9.
    dml::Stack plain{.name = "no overlap", .tp_overlap = dml::TpOverlap::kNone};
    TransformerLayout l{.tp = 2, .pp = 1, .dp = 1, .microbatch = 1, .recompute = Recompute::kNone};
    l.sequence_parallel = true;
    const auto p = dml::evaluate(no_latency(run_of(m, 2, 1, plain)), l);
    REQUIRE(p.feasible);
    CHECK_THAT(p.time.tp.value(), WithinRel(2 * 146944.0 / 2 / 337.5e9, 1e-12));
  }
  SECTION("kv_heads other than heads is refused, and so is 2D TP") {
    Transformer gqa = m;
    gqa.kv_heads = 2;
    CHECK_THROWS_WITH(dml::Description<Transformer>::check(gqa, "model"),
                      Contains("model.kv_heads") && Contains("with mla"));
    const auto two_d =
        dml::evaluate(run_of(m, 8, 8), TransformerLayout{.tp = 8, .tp_model = 2, .pp = 1, .dp = 1});
    CHECK_FALSE(two_d.feasible);
    CHECK_THAT(two_d.violations.front(), Contains("not modelled with latent attention"));
  }
}

TEST_CASE("transformer recompute modules: MLA's up-projections and the experts' activation",
          "[transformer][memory]") {
  // GPT, 2 layers, h 1024, MLP 4h = 4096 (not gated: the activation reads 2 and writes 2 bytes
  // per hidden unit, 4 in all), vocabulary 1000, s = 1024, one microbatch of one sequence, one
  // GPU. GEMMs at the peak (9.894e14); HBM reached whole, at 1e18 B/s (so that no GEMM waits on
  // it) or 1e12 B/s (for the activation's traffic).
  dml::Stack core{.name = "core", .recompute_modules = true};
  const auto plan = [&](const Transformer& model, bool up, bool act, double hbm = 1e12) {
    TransformerRun run = run_of(model, 1, 1, core);
    run.cluster.gpu.efficiency->gemm = 1;
    run.cluster.gpu.efficiency->gemm_half_dim = 0;
    run.cluster.gpu.efficiency->hbm = 1;
    run.cluster.gpu.hbm_bandwidth = bytes_per_s(hbm);
    TransformerLayout l{.tp = 1, .pp = 1, .dp = 1, .microbatch = 1, .recompute = Recompute::kNone};
    l.recompute_mla_up = up;
    l.recompute_moe_act = act;
    return dml::evaluate(run, l);
  };
  SECTION("mla_up_proj: the heads' queries, keys and values dropped, the up-projections rerun") {
    // MLA as in the latent-attention test (8 heads, head_dim 64, rope 32, v 64, q_rank 384,
    // kv_rank 256). Dropped: 2 x 8 (2 x 96 + 64) = 4,096 bytes a token and layer, x 1,024 x 2 =
    // 8,388,608. Rerun: 2 x 1,024 x (384 x 8 x 96 + 256 x 8 x 128) = 1,140,850,688 FLOP a
    // layer, 2,281,701,376 for two, / 9.894e14.
    Transformer m = gpt(2, 1024, 8, 1000, 1024);
    m.head_dim = 64;
    m.mla = dml::Mla{.kv_rank = 256, .q_rank = 384, .rope_dim = 32, .v_dim = 64};
    const auto off = plan(m, false, false, 1e18);
    const auto on = plan(m, true, false, 1e18);
    REQUIRE(on.feasible);
    CHECK_THAT(off.memory.activations.value() - on.memory.activations.value(),
               WithinRel(8388608.0, 1e-12));
    CHECK_THAT(on.time.recompute.value() - off.time.recompute.value(),
               WithinRel(2281701376.0 / (32.0 * 128 * 132 * 1.83e9), 1e-9));
  }
  SECTION("moe_act: the experts' activation output dropped and recomputed") {
    // 4 experts, top-2, each 4096 wide. Dropped: 2 copies x 2 bytes x 4096 = 16,384 bytes a
    // token and layer, x 1,024 x 2 = 33,554,432. Rerun: the activation's 4 bytes per hidden unit
    // for 2 x 1,024 copies, 4096 wide, in 2 layers: 67,108,864 bytes / 1e12 B/s.
    Transformer m = gpt(2, 1024, 8, 1000, 1024);
    m.moe = dml::Moe{.experts = 4, .top_k = 2};
    const auto off = plan(m, false, false);
    const auto on = plan(m, false, true);
    REQUIRE(on.feasible);
    CHECK_THAT(off.memory.activations.value() - on.memory.activations.value(),
               WithinRel(33554432.0, 1e-12));
    CHECK_THAT(on.time.recompute.value() - off.time.recompute.value(),
               WithinRel(67108864.0 / 1e12, 1e-9));
  }
  SECTION("moe_act under TP 2 with SP: routed experts of the MoE layers only, per rank") {
    // 3 layers, the first dense; 4 experts of 2048 (gated: the activation reads 4 and writes 2
    // bytes per hidden unit, 6 in all), top-2, one shared expert (its activation kept). With SP
    // each rank dispatches 1,024 / 2 = 512 tokens. Dropped: 2 MoE layers x 1,024 tokens x 2
    // copies x 2 bytes x 2048 / 2 = 8,388,608 bytes. Rerun: 2 layers x 512 tokens x 2 copies x
    // 6 bytes x 2048 = 25,165,824 bytes / 1e12 B/s.
    Transformer m = gpt(3, 1024, 8, 1000, 1024);
    m.gated = true;
    m.moe = dml::Moe{
        .experts = 4, .top_k = 2, .shared_experts = 1, .expert_d_ff = 2048, .dense_layers = 1};
    const auto at = [&](bool act) {
      TransformerRun run = run_of(m, 2, 1, core);
      run.cluster.gpu.efficiency->hbm = 1;
      run.cluster.gpu.hbm_bandwidth = bytes_per_s(1e12);
      TransformerLayout l{
          .tp = 2, .pp = 1, .dp = 1, .microbatch = 1, .recompute = Recompute::kNone};
      l.sequence_parallel = true;
      l.recompute_moe_act = act;
      return dml::evaluate(run, l);
    };
    const auto off = at(false);
    const auto on = at(true);
    REQUIRE(on.feasible);
    CHECK_THAT(off.memory.activations.value() - on.memory.activations.value(),
               WithinRel(8388608.0, 1e-12));
    CHECK_THAT(on.time.recompute.value() - off.time.recompute.value(),
               WithinRel(25165824.0 / 1e12, 1e-9));
  }
  SECTION("refused where they do not apply") {
    const Transformer dense = gpt(2, 1024, 8, 1000, 1024);
    CHECK_THAT(plan(dense, true, false).violations.front(),
               Contains("layout.recompute_mla_up: the model has no latent attention"));
    CHECK_THAT(plan(dense, false, true).violations.front(),
               Contains("layout.recompute_moe_act: the model has no experts"));
    TransformerLayout l{.tp = 1, .pp = 1, .dp = 1, .microbatch = 1, .recompute = Recompute::kNone};
    l.recompute_moe_act = true;
    Transformer moe = dense;
    moe.moe = dml::Moe{.experts = 4, .top_k = 2};
    CHECK_THAT(dml::evaluate(run_of(moe, 1, 1), l).violations.front(),
               Contains("needs a stack that recomputes single modules"));
    l.recompute = Recompute::kOp;
    CHECK_THAT(dml::evaluate(run_of(moe, 1, 1, core), l).violations.front(),
               Contains("goes beside recompute \"none\", \"selective\" or \"norms\""));
  }
}

TEST_CASE("transformer parameters: a shared expert of its own width (Qwen2-57B-A14B)",
          "[transformer][params][moe]") {
  // Qwen2-57B-A14B (config.json of Qwen/Qwen2-57B-A14B): 28 layers, h 3584, 28 heads and 4
  // key/value heads of 128, 64 experts of width 2560, top-8, one shared expert of width 20480,
  // vocabulary 151936, untied. Per layer: attention 2 x 3584^2 + 2 x 3584 x 512 = 29,360,128;
  // routed experts 64 x 3 x 3584 x 2560 = 1,761,607,680; the shared one 3 x 3584 x 20480 =
  // 220,200,960; the router 3584 x 64 = 229,376; in all 2,011,398,144, x 28 = 56,319,148,032.
  // Embeddings 2 x 151936 x 3584 = 1,089,077,248; norms 2 x 3584 x 28 + 3584 = 204,288. Total
  // 57,408,429,568 (Qwen's "57B"; dml counts no biases); active, less 28 x 56 skipped experts of
  // 27,525,120: 14,249,041,408 (its "A14B").
  Transformer q{.name = "Qwen2-57B-A14B",
                .layers = 28,
                .d_model = 3584,
                .heads = 28,
                .kv_heads = 4,
                .d_ff = 18944,
                .gated = true,
                .vocab = 151936,
                .seq_len = 4096,
                .moe = dml::Moe{.experts = 64,
                                .top_k = 8,
                                .shared_experts = 1,
                                .expert_d_ff = 2560,
                                .shared_d_ff = 20480}};
  CHECK(dml::total_params(q) == 57408429568.0);
  CHECK(dml::active_params(q) == 14249041408.0);
  // One shared expert of 8 experts' width costs as 8 shared experts of the routed width.
  Transformer eight = q;
  eight.moe->shared_experts = 8;
  eight.moe->shared_d_ff.reset();
  CHECK(dml::total_params(eight) == dml::total_params(q));
  const TransformerLayout layout{
      .tp = 2, .sequence_parallel = true, .pp = 4, .dp = 8, .zero = 1, .ep = 8, .microbatch = 1};
  const auto a = dml::evaluate(run_of(q, 64, 64), layout);
  const auto b = dml::evaluate(run_of(eight, 64, 64), layout);
  REQUIRE(a.feasible);
  CHECK(a.time.step.value() == b.time.step.value());
  CHECK(a.memory.total.value() == b.memory.total.value());
  CHECK(a.model_flop_per_token == b.model_flop_per_token);
  // Without shared experts the width is refused.
  Transformer none = q;
  none.moe->shared_experts = 0;
  CHECK_THROWS_WITH(dml::validate(run_of(none, 8, 8)),
                    Contains("shared_d_ff: is the shared experts' width, and there are none"));
}

TEST_CASE("transformer parameters: Llama 3 8B and 405B, DeepSeek-V3's routed experts",
          "[transformer][params]") {
  SECTION("Llama 3 8B: 8,030,261,248") {
    // Layers 32 x 218,103,808 = 6,979,321,856; embedding and output 2 V h = 1,050,673,152;
    // RMSNorm weights 2 h L + h = 266,240.
    CHECK(dml::total_params(llama3_8b()) == 8030261248.0);
    CHECK(dml::active_params(llama3_8b()) == 8030261248.0);
  }
  SECTION("Llama 3 405B: 405,853,388,800") {
    // Per layer: QKV 16384 x 128 x 144 = 301,989,888; output 16384^2 = 268,435,456; MLP
    // 3 x 16384 x 53248 = 2,617,245,696; sum 3,187,671,040, x 126 = 401,646,551,040. Embedding
    // and output 2 x 128256 x 16384 = 4,202,692,608; norms 2 x 16384 x 126 + 16384 = 4,145,152.
    CHECK(dml::total_params(llama3_405b()) == 405853388800.0);
  }
  SECTION("DeepSeek-V3: total - activated = the routed experts a token skips") {
    // DeepSeek-V3 (arXiv 2412.19437): 671B total, 37B activated per token. Their difference is
    // only the routed experts a token does not use, whatever the attention: 58 MoE layers (61 - 3
    // dense) x (256 - 8) experts x 3 h f_e = 58 x 248 x 3 x 7168 x 2048 = 58 x 248 x 44,040,192 =
    // 633,474,121,728, against 671B - 37B = 634B (each rounded to 1B). The counts alone are
    // checked below, with its latent attention.
    const Transformer v3{.name = "DeepSeek-V3 (attention as multi-head)",
                         .layers = 61,
                         .d_model = 7168,
                         .heads = 128,
                         .head_dim = 128,
                         .d_ff = 18432,
                         .gated = true,
                         .vocab = 129280,
                         .seq_len = 4096,
                         .moe = dml::Moe{.experts = 256,
                                         .top_k = 8,
                                         .shared_experts = 1,
                                         .expert_d_ff = 2048,
                                         .dense_layers = 3}};
    const double skipped = dml::total_params(v3) - dml::active_params(v3);
    CHECK_THAT(skipped, WithinRel(633474121728.0, 1e-12));
    CHECK(skipped > 632e9);
    CHECK(skipped < 636e9);
    // With MLA (config.json: kv_lora_rank 512, q_lora_rank 1536, qk_rope_head_dim 64,
    // v_head_dim 128) the counts themselves match the report's 671B and 37B to their rounding
    // (dml leaves out the norms and the multi-token-prediction module, 14B in the report).
    Transformer mla = v3;
    mla.mla = dml::Mla{.kv_rank = 512, .q_rank = 1536, .rope_dim = 64, .v_dim = 128};
    CHECK(dml::total_params(mla) > 670.5e9);
    CHECK(dml::total_params(mla) < 671.5e9);
    CHECK(dml::active_params(mla) > 37e9);
    CHECK(dml::active_params(mla) < 38e9);
  }
}

// --- 2. Activation memory -----------------------------------------------------------------------

// Korthikanti et al. 2022, Table 2, per layer (bytes, 16-bit activations, dropout, unfused
// attention): s b h (34 + 5 a s / h) without TP; s b h (10 + 24/t + 5 a s/(h t)) with TP t;
// s b h / t (34 + 5 a s / h) with TP and SP; 2 s b h with full recompute.
//
// The model: L = 24, h = 2048, a = 16 (d_h = 128), f = 8192, V = 51200, s = 2048; microbatch
// b = 2, so s b h = 2048 x 2 x 2048 = 8,388,608 and 5 a s / h = 5 x 16 = 80. With pp = 1 and
// 1F1B one microbatch is in flight.
TEST_CASE("transformer activation memory: Korthikanti et al. 2022, Table 2",
          "[transformer][memory]") {
  const Transformer m = gpt(24, 2048, 16, 51200, 2048);
  const auto plan = [&](std::int64_t tp, bool sp, Recompute r) {
    const auto p =
        dml::evaluate(run_of(m, tp, 8, megatron_2022()), TransformerLayout{.tp = tp,
                                                                           .sequence_parallel = sp,
                                                                           .pp = 1,
                                                                           .dp = 1,
                                                                           .zero = 0,
                                                                           .microbatch = 2,
                                                                           .recompute = r});
    REQUIRE(p.violations.empty());
    return p;
  };
  SECTION("no TP: s b h (34 + 5as/h) per layer") {
    // 8,388,608 x 114 = 956,301,312 per layer, x 24 = 22,951,231,488.
    CHECK_THAT(plan(1, false, Recompute::kNone).memory.activations.value(),
               WithinRel(22951231488.0, 1e-14));
  }
  SECTION("TP 2 without SP: s b h (10 + 24/t + 5as/(ht))") {
    // 8,388,608 x (10 + 12 + 40) = 520,093,696 per layer, x 24 = 12,482,248,704.
    CHECK_THAT(plan(2, false, Recompute::kNone).memory.activations.value(),
               WithinRel(12482248704.0, 1e-14));
  }
  SECTION("TP 2 with SP: s b h / t (34 + 5as/h)") {
    // 956,301,312 / 2 x 24 = 11,475,615,744.
    CHECK_THAT(plan(2, true, Recompute::kNone).memory.activations.value(),
               WithinRel(11475615744.0, 1e-14));
  }
  SECTION("full recompute: 2 s b h per layer, and the one layer being recomputed") {
    // Korthikanti's 2 s b h L = 2 x 8,388,608 x 24 = 402,653,184 counts the stored layer inputs
    // only. dml adds the layer whose forward is being rerun during its backward, which holds
    // what a layer without recompute holds, s b h (34 + 5as/h) = 956,301,312 (the unfused
    // kernel materialises its s x s scores again): 1,358,954,496.
    CHECK_THAT(plan(1, false, Recompute::kFull).memory.activations.value(),
               WithinRel(1358954496.0, 1e-14));
    // With TP 2 and SP both are divided by t: 201,326,592 + 478,150,656 = 679,477,248.
    CHECK_THAT(plan(2, true, Recompute::kFull).memory.activations.value(),
               WithinRel(679477248.0, 1e-14));
  }
  SECTION("selective recompute with TP and SP: s b h 34 / t (the scores are recomputed)") {
    // 8,388,608 x 34 / 2 x 24 = 3,422,552,064.
    CHECK_THAT(plan(2, true, Recompute::kSelective).memory.activations.value(),
               WithinRel(3422552064.0, 1e-14));
  }
}

// FP8 and FP4 linears that keep their quantized input (Transformer Engine): the first norm's
// output (the QKV input), a dense layer's second norm's output (the up-projection's input), the
// activation entering the down-projection and the experts' dispatched tokens take the GEMM
// operand's bytes, 1 for FP8 and 0.5625 for NVFP4, instead of 2. A MoE layer's router keeps the
// second norm's output 16-bit, and the attention's output stays 16-bit (the output projection
// quantizes it again in its backward). Per token and dense layer, 2h + f bytes fewer with FP8:
// for the GPT below (f = 4h) 6h.
TEST_CASE("transformer activation memory: FP8 and FP4 linears keep their quantized inputs",
          "[transformer][memory]") {
  struct Mode {
    Recompute recompute = Recompute::kNone;
    bool moe_act = false;
  };
  const auto plan = [&](const Transformer& m, dml::Precision precision, bool saves, std::int64_t tp,
                        Mode mode) {
    dml::Stack stack{.name = "test"};
    stack.saves_quantized_inputs = saves;
    stack.recompute_norms = true;
    stack.recompute_modules = true;
    dml::TransformerRun run = run_of(m, tp, 8, stack);
    run.precision = precision;
    run.cluster.gpu.efficiency->fp4_gain = 3.0;
    const auto p = dml::evaluate(run, TransformerLayout{.tp = tp,
                                                        .sequence_parallel = tp > 1,
                                                        .pp = 1,
                                                        .dp = 1,
                                                        .zero = 0,
                                                        .ep = 1,
                                                        .microbatch = 2,
                                                        .recompute = mode.recompute,
                                                        .recompute_moe_act = mode.moe_act});
    REQUIRE(p.violations.empty());
    return p.memory.activations.value();
  };
  const auto saved = [&](const Transformer& m, dml::Precision precision, std::int64_t tp,
                         Mode mode = {}) {
    return plan(m, precision, false, tp, mode) - plan(m, precision, true, tp, mode);
  };
  const double sbl = 2048.0 * 2 * 24;  // tokens of a microbatch x layers
  const Transformer m = gpt(24, 2048, 16, 51200, 2048);
  // s b L 6h = 2048 x 2 x 24 x 6 x 2048 = 1,207,959,552 bytes.
  CHECK_THAT(saved(m, dml::Precision::kFp8, 1), WithinRel(1207959552.0, 1e-14));
  // With TP 2 and SP every one of them is split two ways.
  CHECK_THAT(saved(m, dml::Precision::kFp8, 2), WithinRel(1207959552.0 / 2, 1e-14));
  // NVFP4 keeps 0.5625 bytes an element: 1.4375 saved instead of 1.
  CHECK_THAT(saved(m, dml::Precision::kFp4, 1), WithinRel(1207959552.0 * 1.4375, 1e-14));
  // BF16 runs keep their 16-bit inputs, whatever the stack.
  CHECK(saved(m, dml::Precision::kBf16, 1) == 0);
  // With the norms recomputed their outputs are not kept at all, so nothing is saved on them:
  // only the down-projection's input, f = 8,192 bytes a token.
  CHECK_THAT(saved(m, dml::Precision::kFp8, 1, {.recompute = Recompute::kNorms}),
             WithinRel(sbl * 8192, 1e-14));
  // A MoE layer, top-2 of 8 experts of width 1,024 and one shared expert: the first norm's
  // output (h), each routed copy's dispatched token and activation (h + f_e each) and the
  // shared expert's activation (f_e), less the shared expert's own 1-byte copy of the second
  // norm's output (the router keeps the 16-bit one): h + 2 (h + f_e) + f_e - h = 2h + 3 f_e =
  // 7,168 bytes a token.
  Transformer moe = m;
  moe.gated = true;
  moe.moe = dml::Moe{.experts = 8, .top_k = 2, .shared_experts = 1, .expert_d_ff = 1024};
  CHECK_THAT(saved(moe, dml::Precision::kFp8, 1), WithinRel(sbl * 7168, 1e-14));
  // Without shared experts, the expert activation recomputed (moe_act): its output is not kept
  // in any precision, so only the first norm's output and the dispatched tokens: h + 2h = 6,144.
  moe.moe->shared_experts = 0;
  CHECK_THAT(saved(moe, dml::Precision::kFp8, 1, {.moe_act = true}), WithinRel(sbl * 6144, 1e-14));
  // MLA's two down-projections keep a copy each of the first norm's output: with FP8 two bytes,
  // as the 16-bit one, so a dense MLA layer saves only on the second norm's output and the
  // down-projection's input, h + f = 10,240 bytes a token; with NVFP4 the two copies take
  // 1.125 bytes, 0.875 h saved on the first norm as well: 1.4375 (h + f) + 0.875 h.
  Transformer mla = m;
  mla.mla = dml::Mla{.kv_rank = 512, .q_rank = 1536, .rope_dim = 64, .v_dim = 128};
  CHECK_THAT(saved(mla, dml::Precision::kFp8, 1), WithinRel(sbl * 10240, 1e-14));
  CHECK_THAT(saved(mla, dml::Precision::kFp4, 1),
             WithinRel(sbl * (1.4375 * 10240 + 0.875 * 2048), 1e-14));
}

TEST_CASE(
    "transformer activation memory: full recompute of a MoE layer holds the experts' "
    "activations",
    "[transformer][memory]") {
  // 4 layers (1 dense, 3 MoE), h = 1024, a = g = 8 (d_h = 128), f = 4096, 16 experts, top-8,
  // f_e = 4096, gated (6 bytes per hidden unit), flash attention, no dropout; s = 1024, b = 1.
  // Full recompute keeps 2 h bytes per token and layer: 4 x 1024 x 2048 = 8,388,608. The layer
  // being recomputed holds its activations; a MoE layer's is the larger: per routed copy of a
  // token, the experts' first GEMM keeps its input (the dispatched token, 2h, saved for the
  // weight gradient as any linear's input) and the MLP its 6 f_e:
  //   8h + 4(a + g) d_h + top_k x (2h + 6 f_e) = 8192 + 8192 + 8 x (2048 + 24576) = 229,376
  //   bytes per token (a dense layer's: 8192 + 8192 + 6 x 4096 = 40,960, its MLP input being the
  //   norm's output in the 8h), x 1024 tokens = 234,881,024. Total 243,269,632.
  const Transformer m{.layers = 4,
                      .d_model = 1024,
                      .heads = 8,
                      .d_ff = 4096,
                      .gated = true,
                      .vocab = 32000,
                      .seq_len = 1024,
                      .moe = dml::Moe{.experts = 16, .top_k = 8, .dense_layers = 1}};
  const auto p = dml::evaluate(run_of(m, 1, 8), TransformerLayout{.tp = 1,
                                                                  .pp = 1,
                                                                  .dp = 1,
                                                                  .zero = 0,
                                                                  .ep = 1,
                                                                  .microbatch = 1,
                                                                  .recompute = Recompute::kFull});
  REQUIRE(p.violations.empty());
  CHECK_THAT(p.memory.activations.value(), WithinRel(243269632.0, 1e-14));
}

TEST_CASE("transformer activation memory: each pipeline device holds its own layers' kind",
          "[transformer][memory][pipeline]") {
  // The model of the test above on 16 layers and PP 4 (1F1B, 16 microbatches, EP 1): 4 layers a
  // device, device d holding 4 - d microbatches. Per token, a dense layer keeps 40,960 B and a
  // MoE layer 229,376 B (above): x 1,024 tokens, 41,943,040 and 234,881,024 B a microbatch.
  const auto plan = [](std::int64_t dense_layers) {
    const Transformer m{.layers = 16,
                        .d_model = 1024,
                        .heads = 8,
                        .d_ff = 4096,
                        .gated = true,
                        .vocab = 32000,
                        .seq_len = 1024,
                        .moe = dml::Moe{.experts = 16, .top_k = 8, .dense_layers = dense_layers}};
    const auto p =
        dml::evaluate(run_of(m, 4, 16), TransformerLayout{.tp = 1,
                                                          .pp = 4,
                                                          .dp = 1,
                                                          .zero = 0,
                                                          .ep = 1,
                                                          .microbatch = 1,
                                                          .recompute = Recompute::kNone});
    REQUIRE(p.violations.empty());
    return p;
  };
  SECTION("4 dense first layers: the fullest device is the second, 4 MoE layers x 3 in flight") {
    // The first device holds the 4 dense layers x 4 (671,088,640 B) and the embedding; the
    // second 4 MoE layers (16 experts each: 16 x 3 h f_e = 201,326,592 parameters a layer) x 3
    // microbatches, 2,818,572,288 B. A count of the MoE layers with the first device's 4 in
    // flight would give 3,758,096,384.
    CHECK_THAT(plan(4).memory.activations.value(), WithinRel(2818572288.0, 1e-14));
  }
  SECTION("6 dense first layers: past the second device, which holds 2 of them") {
    // The second device: (2 x 41,943,040 + 2 x 234,881,024) x 3 = 1,660,944,384 B, and 2 MoE
    // layers' states; the third: 4 MoE layers x 2 = 1,879,048,192 B, and 4 MoE layers' states.
    CHECK_THAT(plan(6).memory.activations.value(), WithinRel(1879048192.0, 1e-14));
  }
  SECTION("the parts add up to the fullest device's total") {
    const auto p = plan(6);
    const dml::StepMemory& u = p.memory;
    CHECK_THAT(u.weights.value() + u.gradients.value() + u.optimizer.value() +
                   u.activations.value() + u.logits.value() + u.workspace.value(),
               WithinRel(u.total.value(), 1e-14));
  }
}

// --- 3. Pipeline bubbles ------------------------------------------------------------------------

// p = 4 stages of 4 layers, m = 16 microbatches of one sequence, dp = 1 (no DP traffic). The time
// of one microbatch on the busiest stage, t_mb, is every per-microbatch term of the plan / m.
TEST_CASE("transformer pipeline: bubbles and activations in flight by schedule",
          "[transformer][pipeline]") {
  // GPT-style, h = 2048, a = 16, f = 8192, s = 2048, flash attention without dropout: a layer
  // keeps 8h + 4(a + g) d_h + 4f = 16384 + 16384 + 32768 = 65,536 bytes per token, x 2048 tokens
  // x 4 layers = 536,870,912 per microbatch on a stage.
  const Transformer m = gpt(16, 2048, 16, 51200, 2048);
  const double p_stages = 4, m_mb = 16;
  // (pp 4 on 4 GPUs, or one stage on one GPU: the same 16 microbatches.)
  const auto plan = [&](Schedule s, std::int64_t v, std::int64_t pp = 4) {
    const auto p = dml::evaluate(run_of(m, pp, 16), pipeline(pp, s, v));
    REQUIRE(p.violations.empty());
    REQUIRE(p.microbatches == 16);
    return p;
  };
  const auto all_microbatches = [](const dml::StepPlan& p) {
    const dml::StepTime& t = p.time;
    return t.gemm.value() + t.attention.value() + t.elementwise.value() + t.logits.value() +
           t.recompute.value() + t.overhead.value() + t.tp.value() + t.cp.value() + t.ep.value() +
           t.slowdown.value();
  };
  // bubble / (m t_mb), and the step: m t_mb + bubble + exposed sends, DP and optimizer.
  const auto bubble_fraction = [&](const dml::StepPlan& p) {
    const double mb = all_microbatches(p);
    CHECK_THAT(p.time.step.value(), WithinRel(mb + p.time.bubble.value() + p.time.pp.value() +
                                                  p.time.dp.value() + p.time.optimizer.value(),
                                              1e-12));
    return p.time.bubble.value() / mb;
  };
  const auto f1b = plan(Schedule::k1F1B, 1);
  const double act = 536870912.0;
  // The fill and the drain pass through the p - 1 devices that do not set the pace: here the
  // three that hold four layers each, not the last, whose logits (its own term of the plan)
  // make it the busiest. A stage of layers is the last one's time less its logits:
  // (p - 1)(t_mb - logits / m) / (m t_mb), 3/16 of the busiest's share of the rest.
  const double layers_share = 1 - f1b.time.logits.value() / all_microbatches(f1b);
  REQUIRE(layers_share < 0.9);  // the logits weigh: the old (p - 1) t_mb is well off

  SECTION("1F1B: (p - 1) t_mid / (m t_mb), p microbatches in flight") {
    CHECK_THAT(bubble_fraction(f1b),
               WithinRel((p_stages - 1) / m_mb * layers_share, 1e-12));  // 3/16 of it
    CHECK_THAT(f1b.memory.activations.value(), WithinRel(4 * act, 1e-14));
  }
  SECTION("interleaved 1F1B, v = 2: half of it, p (1 + (p - 1)/(p v)) in flight") {
    const auto il = plan(Schedule::k1F1B, 2);
    CHECK_THAT(bubble_fraction(il), WithinRel(3.0 / 32 * layers_share, 1e-12));
    CHECK_THAT(il.time.bubble.value(), WithinRel(f1b.time.bubble.value() / 2, 1e-12));
    // 4 x (1 + 3/8) = 5.5 microbatches' worth.
    CHECK_THAT(il.memory.activations.value(), WithinRel(5.5 * act, 1e-14));
  }
  SECTION("GPipe: the 1F1B bubble, but all m microbatches in flight") {
    const auto gp = plan(Schedule::kGpipe, 1);
    CHECK_THAT(bubble_fraction(gp), WithinRel(3.0 / 16 * layers_share, 1e-12));
    CHECK_THAT(gp.time.step.value(), WithinRel(f1b.time.step.value(), 1e-12));
    CHECK_THAT(gp.memory.activations.value(), WithinRel(16 * act, 1e-14));
  }
  SECTION("without a pipeline (PP 1) every schedule holds one microbatch") {
    // (helper-128: GPipe at PP 1 held all 16.) One microbatch of the 16 layers: 4 stages' worth.
    const auto one = [&](Schedule s) { return plan(s, 1, 1).memory.activations.value(); };
    CHECK_THAT(one(Schedule::kGpipe), WithinRel(one(Schedule::k1F1B), 1e-14));
    CHECK_THAT(one(Schedule::k1F1B), WithinRel(4 * act, 1e-14));
  }
  SECTION("ZB-H1: (p - 1) t_mb / 3, as 1F1B in memory") {
    const auto zb = plan(Schedule::kZeroBubble, 1);
    CHECK_THAT(bubble_fraction(zb), WithinRel(1.0 / 16 * layers_share, 1e-12));
    CHECK_THAT(zb.memory.activations.value(), WithinRel(4 * act, 1e-14));
  }
  SECTION("ZB-V: no bubble; the first device holds the first and the last chunk") {
    const auto zbv = plan(Schedule::kZeroBubbleV, 1);
    CHECK(zbv.time.bubble.value() == 0);
    // PyTorch's ScheduleZBVZeroBubble: device 0 runs chunks 0 and 2p - 1 of 2p, so it holds
    // p microbatches of its 4 layers, the embedding and the head (51,200 x 2,048 parameters of
    // 2 bytes more than 1F1B's first device: 209,715,200 B), and the logits, 2,048 x 51,200 x 6 B.
    CHECK_THAT(zbv.memory.activations.value(), WithinRel(4 * act, 1e-14));
    CHECK_THAT(zbv.memory.logits.value(), WithinRel(629145600.0, 1e-14));
    CHECK_THAT(zbv.memory.weights.value() - f1b.memory.weights.value(),
               WithinRel(209715200.0, 1e-14));
  }
  SECTION("interleaved 1F1B with as many microbatches as stages: every forward before a backward") {
    // Megatron-LM's get_num_warmup_microbatches: with m = p every device warms up with all m v
    // chunks, so each holds m = 4 microbatches of its layers (not 4 x (1 + 3/8) on the first);
    // the last device, with the logits, is the fullest.
    const auto p = dml::evaluate(run_of(m, 4, 4), TransformerLayout{.tp = 1,
                                                                    .pp = 4,
                                                                    .interleave = 2,
                                                                    .dp = 1,
                                                                    .zero = 0,
                                                                    .microbatch = 1,
                                                                    .recompute = Recompute::kNone});
    REQUIRE(p.violations.empty());
    REQUIRE(p.microbatches == 4);
    CHECK_THAT(p.memory.activations.value(), WithinRel(4 * act, 1e-14));
    CHECK_THAT(p.memory.logits.value(), WithinRel(629145600.0, 1e-14));
  }
  SECTION("DualPipe: (p/2 - 1)(F&B + B - 3W), p + 1 in flight, two copies of the weights") {
    // The README's B is a full backward chunk (input and weight gradients) and F&B a forward and
    // a backward chunk overlapped: with T_F = T_B,input = T_W = t_mb / 3 (as dml's 1F1B and
    // ZB-H1 rows read the same table: (p - 1)(F + B) = (p - 1) t_mb and (p - 1)(F + B - 2W) =
    // (p - 1) t_mb / 3), F&B = F + B = t_mb, B = 2 t_mb / 3, W = t_mb / 3:
    // (4/2 - 1)(t_mb + 2 t_mb/3 - t_mb) = 2 t_mb / 3, i.e. a fraction 2/3 / 16 = 1/24.
    const auto dp = plan(Schedule::kDualPipe, 1);
    CHECK_THAT(bubble_fraction(dp), WithinRel(1.0 / 24, 1e-12));
    CHECK_THAT(dp.memory.activations.value(), WithinRel(5 * act, 1e-14));
    CHECK_THAT(dp.memory.weights.value(), WithinRel(2 * f1b.memory.weights.value(), 1e-14));
  }
}

TEST_CASE("transformer pipeline: the filling schedules need microbatches to fill with",
          "[transformer][pipeline]") {
  // PP 4 on 4 GPUs, one sequence a microbatch: the batch is the microbatch count. DualPipe needs
  // an even count of at least 2 pp = 8, zero-bubble V at least 8, zero-bubble H1 at least 4;
  // 1F1B runs any count (with fewer than p it is GPipe's bubble).
  const auto plan = [](Schedule s, std::int64_t batch) {
    return dml::evaluate(run_of(gpt(16, 2048, 16, 51200, 2048), 4, batch),
                         TransformerLayout{.tp = 1,
                                           .pp = 4,
                                           .schedule = s,
                                           .dp = 1,
                                           .zero = 0,
                                           .microbatch = 1,
                                           .recompute = Recompute::kNone});
  };
  const auto refused = [&](Schedule s, std::int64_t batch, const std::string& text) {
    const auto p = plan(s, batch);
    REQUIRE_FALSE(p.violations.empty());
    CHECK_THAT(p.violations.front(), Contains(text));
  };
  refused(Schedule::kDualPipe, 6,
          "layout.schedule: dualpipe needs an even count of at least 8 microbatches per step on "
          "4 stages; this layout has 6");
  refused(Schedule::kDualPipe, 9, "an even count of at least 8 microbatches");
  CHECK(plan(Schedule::kDualPipe, 8).violations.empty());
  refused(Schedule::kZeroBubbleV, 7, "zero_bubble_v needs at least 8 microbatches");
  CHECK(plan(Schedule::kZeroBubbleV, 8).violations.empty());
  refused(Schedule::kZeroBubble, 3, "zero_bubble needs at least 4 microbatches");
  CHECK(plan(Schedule::kZeroBubble, 4).violations.empty());
  CHECK(plan(Schedule::k1F1B, 1).violations.empty());
}

TEST_CASE("transformer pipeline: stages one layer short at the ends", "[transformer][pipeline]") {
  // GPT-style, h = 2048, s = 2048, PP 4 on 4 GPUs, 16 microbatches of one sequence. 16 layers
  // split evenly: 4 a stage, and the logits on top of the last stage's. 14 layers split as Llama
  // 3 splits its 126 on 16 stages (report 3.3.2): (14 + 2) / 4 = 4 a stage, the first and the
  // last stage one layer short, the embedding and the logits in the missing layers' places. The
  // busiest stage is then a middle one (4 layers) or the last (3 layers and the logits).
  const auto plan = [](std::int64_t layers, std::int64_t vocab, std::int64_t v) {
    return dml::evaluate(run_of(gpt(layers, 2048, 16, vocab, 2048), 4, 16),
                         pipeline(4, Schedule::k1F1B, v));
  };
  // One microbatch of the busiest stage.
  const auto per_mb = [](const dml::StepPlan& p) { return per_microbatch(p, 16); };
  // From the even split: one layer's time (the stage's four, less the logits, / 4) and the
  // logits' time per microbatch. The layers are the same in both models.
  const auto layer_and_logits = [&](const dml::StepPlan& even) {
    const double logits = even.time.logits.value() / 16;
    return std::pair{(per_mb(even) - logits) / 4, logits};
  };

  SECTION("a small vocabulary: the logits cost less than a layer, a middle stage sets the pace") {
    const auto even = plan(16, 8000, 1);
    const auto short_ends = plan(14, 8000, 1);
    REQUIRE(even.violations.empty());
    REQUIRE(short_ends.violations.empty());
    const auto [layer, logits] = layer_and_logits(even);
    REQUIRE(logits > 0);
    // 3 x 2 x 2048 x 2048 x 8000 FLOP and 2048 x 8000 x 48 B of loss traffic, against a layer's
    // 6 x 2048 x 12 h^2 FLOP and its element-wise traffic.
    REQUIRE(logits < layer);
    CHECK(short_ends.time.logits.value() == 0);  // off the busiest stage
    CHECK_THAT(per_mb(short_ends), WithinRel(4 * layer, 1e-12));
    // 1F1B's bubble: the fill and the drain through the devices other than a middle one that
    // sets the pace: the first (3 layers), the other middle one (4) and the last (3 and the
    // logits), not (p - 1) t_mb = 12 layers.
    CHECK_THAT(short_ends.time.bubble.value(), WithinRel(10 * layer + logits, 1e-12));
  }
  SECTION("a large vocabulary: the last stage, three layers and the logits, sets the pace") {
    const auto even = plan(16, 512000, 1);
    const auto short_ends = plan(14, 512000, 1);
    REQUIRE(short_ends.violations.empty());
    const auto [layer, logits] = layer_and_logits(even);
    REQUIRE(logits > layer);
    CHECK_THAT(short_ends.time.logits.value(), WithinRel(even.time.logits.value(), 1e-12));
    CHECK_THAT(per_mb(short_ends), WithinRel(3 * layer + logits, 1e-12));
    // Through the first device (3 layers) and the two middle ones (4 each).
    CHECK_THAT(short_ends.time.bubble.value(), WithinRel(11 * layer, 1e-12));
  }
  SECTION("interleaved: 16 chunks of one layer for 14 layers, the two end chunks empty") {
    const auto il = plan(14, 8000, 4);
    REQUIRE(il.violations.empty());
    const auto [layer, logits] = layer_and_logits(plan(16, 8000, 1));
    CHECK_THAT(per_mb(il), WithinRel(4 * layer, 1e-12));
    // The devices' times as without interleaving, the fill and drain / v.
    CHECK_THAT(il.time.bubble.value(), WithinRel((10 * layer + logits) / 4, 1e-12));
    // 32 chunks would leave whole stages of empty chunks.
    const auto too_many = plan(14, 8000, 8);
    REQUIRE_FALSE(too_many.violations.empty());
    CHECK_THAT(too_many.violations[0], Contains("8 chunks x 4 stages is more than the 14 layers"));
  }
  SECTION("DualPipe: the ends' device runs 3 layers of each direction and half the logits") {
    // Device 0 holds the first stage of one direction (the embedding and 3 layers) and the last
    // of the other (3 layers and the logits), half the microbatches each: 3 layers and half the
    // logits per microbatch; devices 1 and 2 hold 4 layers of each.
    const auto dual = [](std::int64_t vocab) {
      return dml::evaluate(run_of(gpt(14, 2048, 16, vocab, 2048), 4, 16),
                           pipeline(4, Schedule::kDualPipe));
    };
    for (const std::int64_t vocab : {8000, 512000}) {
      const auto [layer, logits] = layer_and_logits(plan(16, vocab, 1));
      const auto p = dual(vocab);
      REQUIRE(p.violations.empty());
      CHECK_THAT(per_mb(p), WithinRel(std::max(4 * layer, 3 * layer + logits / 2), 1e-12));
    }
  }
  SECTION("zero-bubble V: device 0 runs both short end chunks, 2 layers and the logits") {
    // 14 layers + the embedding and the loss in 8 chunks of two places: device 0 holds chunk 0
    // (the embedding and a layer) and chunk 7 (a layer and the loss), the others 4 layers.
    for (const std::int64_t vocab : {8000, 512000}) {
      const auto [layer, logits] = layer_and_logits(plan(16, vocab, 1));
      const auto p = dml::evaluate(run_of(gpt(14, 2048, 16, vocab, 2048), 4, 16),
                                   pipeline(4, Schedule::kZeroBubbleV));
      REQUIRE(p.violations.empty());
      CHECK_THAT(per_mb(p), WithinRel(std::max(4 * layer, 2 * layer + logits), 1e-12));
    }
  }
  SECTION("the search runs zero-bubble V only where its half stages are whole layers") {
    // 12 layers on 4 stages: 3 a stage, chunks of 1.5 (costed as a mean no run has, and faster
    // than a real split of 2 and 1); 16 layers: chunks of 2.
    const auto schedules = [](std::int64_t layers) {
      const auto best = dml::optimize(
          run_of(gpt(layers, 2048, 16, 8000, 2048), 4, 16,
                 dml::Stack{.name = "test", .zero_bubble = true}),
          TransformerLayout{
              .tp = 1, .pp = 4, .dp = 1, .zero = 0, .microbatch = 1, .recompute = Recompute::kNone},
          20);
      std::set<Schedule> seen;
      for (const auto& p : best) seen.insert(p.layout.schedule.value_or(Schedule::k1F1B));
      return seen;
    };
    CHECK_FALSE(schedules(12).contains(Schedule::kZeroBubbleV));
    CHECK(schedules(12).contains(Schedule::kZeroBubble));
    CHECK(schedules(16).contains(Schedule::kZeroBubbleV));
  }
  SECTION("the search tries the chunk counts that divide (L + 2) / p: 1, 2 and 4") {
    const auto best = dml::optimize(
        run_of(gpt(14, 2048, 16, 8000, 2048), 4, 16),
        TransformerLayout{
            .tp = 1, .pp = 4, .dp = 1, .zero = 0, .microbatch = 1, .recompute = Recompute::kNone},
        3);
    REQUIRE(best.size() == 3);
    // Fastest first: the smallest bubble. (With chunks dividing 14 / 4 = 3 it tried 1 and 3.)
    CHECK(best[0].layout.interleave == 4);
    CHECK(best[1].layout.interleave == 2);
    CHECK(best[2].layout.interleave == 1);
  }
}

TEST_CASE("transformer pipeline: an uneven split: ceil(L/p) layers a stage, the rest on the last",
          "[transformer][pipeline]") {
  // 16 layers split evenly on PP 4; 14 do as the ends' places (L + 2 = 16); 13 do not: 4 layers
  // on each of the first three stages, the 1 left over and the logits on the last (as
  // Megatron-Core's decoder_last_pipeline_num_layers = 1 runs it).
  const auto plan = [](std::int64_t layers) {
    const auto p = dml::evaluate(run_of(gpt(layers, 2048, 16, 8000, 2048), 4, 16), pipeline(4));
    REQUIRE(p.violations.empty());
    return p;
  };
  const auto said = [](const dml::StepPlan& p) {
    return std::any_of(p.notes.begin(), p.notes.end(), [](const std::string& n) {
      return n.find("do not split evenly") != std::string::npos;
    });
  };
  CHECK_FALSE(said(plan(16)));
  CHECK_FALSE(said(plan(14)));
  const auto odd = plan(13);
  REQUIRE(said(odd));
  CHECK_THAT(odd.notes.back(),
             Contains("the 13 layers do not split evenly into pp 4 x interleave 1 chunks: costed "
                      "with 4 layers a stage at most, 1 on the last, the chunks filled in order"));
  // 5 layers on 4 stages: chunks of 2 filled in order, 2, 2, 1 and none on the last (helper-90:
  // the note said "2 a stage and 0 on the last", 6 layers).
  CHECK_THAT(plan(5).notes.back(), Contains("costed with 2 layers a stage at most, 0 on the last"));
  // 32 layers on 4 stages of 3 chunks: the stages even, the chunks not (no "on the last").
  const auto chunks =
      dml::evaluate(run_of(gpt(32, 2048, 16, 8000, 2048), 4, 16), pipeline(4, Schedule::k1F1B, 3));
  REQUIRE(chunks.violations.empty());
  const auto noted = [](const dml::StepPlan& p, const std::string& text) {
    return std::find(p.notes.begin(), p.notes.end(), text) != p.notes.end();
  };
  // (Its stages are even, 8 layers each: only the chunks' note is said; helper-112 read the
  // "do not split evenly" note as uneven stages.)
  const auto uneven_said = [](const dml::StepPlan& p) {
    return std::any_of(p.notes.begin(), p.notes.end(), [](const std::string& n) {
      return n.find("do not split evenly") != std::string::npos;
    });
  };
  CHECK_FALSE(uneven_said(chunks));
  // Chunks of 8/3 layers are a mean no run has (helper-108: a hand layout of 1.5-layer chunks
  // beat dml.optimize, which tries only whole ones): said, with the whole-layer sizes.
  CHECK(noted(chunks,
              "interleave 3 splits a stage's layers into chunks of 2.67 layers: costed as equal "
              "fractions, the mean of a pipeline layout of whole-layer chunks of 2 and 3, with "
              "the larger chunks' fill and drain (dml.optimize tries only interleaves that divide "
              "a stage's layers)"));
  // ...the larger chunks pace the fill and drain (helper-382: costed at the mean, an interleave
  // the search does not try came out faster than its answer): a bubble of 3 layers' chunks, 3/8
  // of the uninterleaved one (8 layers a stage), not 1/3.
  const auto plain =
      dml::evaluate(run_of(gpt(32, 2048, 16, 8000, 2048), 4, 16), pipeline(4, Schedule::k1F1B, 1));
  CHECK(chunks.time.bubble.value() / plain.time.bubble.value() == Approx(3.0 / 8).epsilon(1e-9));
  // 6 chunks a stage: 8/6 six times sums to 8 only near enough (helper-91: "8.0 on the last").
  const auto six =
      dml::evaluate(run_of(gpt(32, 2048, 16, 8000, 2048), 4, 16), pipeline(4, Schedule::k1F1B, 6));
  REQUIRE(six.violations.empty());
  CHECK_FALSE(uneven_said(six));
  // Whole chunks say nothing of fractions.
  const auto whole = [](const dml::StepPlan& p) {
    return std::none_of(p.notes.begin(), p.notes.end(), [](const std::string& n) {
      return n.find("equal fractions") != std::string::npos;
    });
  };
  CHECK_FALSE(whole(six));
  // Zero-bubble V's half stages: 12 layers on 4 stages, chunks of 1.5 (helper-111: the note's
  // last clause read "stage counts whose stages it halves that divide a stage's layers").
  const auto zbv = dml::evaluate(run_of(gpt(12, 2048, 16, 8000, 2048), 4, 16),
                                 pipeline(4, Schedule::kZeroBubbleV));
  REQUIRE(zbv.violations.empty());
  CHECK(noted(zbv,
              "zero_bubble_v splits a stage's layers into chunks of 1.50 layers: costed as equal "
              "fractions, the mean of a pipeline layout of whole-layer chunks of 1 and 2, whose "
              "bubble is longer than costed (dml.optimize tries zero_bubble_v only on stages of "
              "an even count of layers)"));
  CHECK(whole(plan(13)));
  CHECK(whole(dml::evaluate(run_of(gpt(32, 2048, 16, 8000, 2048), 4, 16),
                            pipeline(4, Schedule::k1F1B, 4))));
  // More chunks than layers only with a middle stage (helper-91: PP 2 x 8 chunks of 14 layers ran
  // with chunks under a layer).
  const auto two =
      dml::evaluate(run_of(gpt(14, 2048, 16, 8000, 2048), 2, 16), pipeline(2, Schedule::k1F1B, 8));
  REQUIRE_FALSE(two.violations.empty());
  CHECK(two.violations[0] == "layout.interleave: 8 chunks x 2 stages is more than the 14 layers");
  // A layer and the logits a microbatch, from the even 16-layer split (its last stage, 4 layers
  // and the logits, the busiest).
  const auto per_mb = [](const dml::StepPlan& p) { return per_microbatch(p, 16); };
  const auto even = plan(16);
  const double logits = even.time.logits.value() / 16;
  const double layer = (per_mb(even) - logits) / 4;
  REQUIRE(layer + logits < 4 * layer);
  // A full stage sets the pace: 4 layers, no logits in its breakdown.
  CHECK(odd.time.logits.value() == 0);
  CHECK_THAT(per_mb(odd), WithinRel(4 * layer, 1e-12));
  CHECK(odd.time.step.value() < even.time.step.value());
}

TEST_CASE("transformer pipeline: a split filled in order that leaves stages empty",
          "[transformer][pipeline]") {
  // On PP 8, 8 layers split evenly; 9 and 10 are ceil(L/8) = 2 a stage, filled in order: 9 is
  // 2, 2, 2, 2, 1 and three stages with none (the last holding the logits), 10 one more layer
  // on the fifth. The fill and drain pass through the layers the stages hold, not 2 a stage:
  // with one layer's time a microbatch t and the logits' g, 1F1B's bubble is the sum of the
  // devices' times but the slowest, 8 layers + g - 2 layers = 7 t + g at 9 layers and 8 t + g at
  // 10 (before, both 12 t + g: every middle stage counted full), and 7 t at 8 (the last, 1 layer
  // and the logits, the slowest): the difference of the first two is a seventh of the third.
  // (helper-92: 64 layers on PP 36, the search's pick on 4,608 GB200s.)
  const auto plan = [](std::int64_t layers) {
    const auto p = dml::evaluate(run_of(gpt(layers, 2048, 16, 50000, 2048), 8, 16), pipeline(8));
    REQUIRE(p.violations.empty());
    return p;
  };
  const auto eight = plan(8), nine = plan(9), ten = plan(10);
  CHECK_THAT(ten.time.bubble.value() - nine.time.bubble.value(),
             WithinRel(eight.time.bubble.value() / 7, 1e-9));
  // The note names the empty stages and the split without them that costs the same.
  CHECK(nine.notes.back() ==
        "filled in order, stages 6 to 7 of 8 hold no layer; spread as 2 stages of 2 and 5 of 1, "
        "none on the last but the logits (Megatron-Core's pipeline layout), the step costs the "
        "same");
  CHECK_THAT(ten.notes.back(), Contains("spread as 3 stages of 2 and 4 of 1"));
}

TEST_CASE("transformer pipeline: a MoE model's wide dense first layers set the pace",
          "[transformer][pipeline][moe]") {
  // 8 layers on PP 4 (2 a device), 16 microbatches, EP 1; dense layers with a wide MLP (d_ff
  // 16384) beside narrow experts (top 2 of 16, d_ff 512 each). With the first 2 layers dense the
  // first device, 2 dense layers, sets the pace; the fill and the drain pass through the other
  // three: 2 MoE layers each, and the logits on the last.
  const auto plan = [](std::int64_t dense_layers, std::int64_t v = 1) {
    const Transformer m{
        .layers = 8,
        .d_model = 1024,
        .heads = 8,
        .d_ff = 16384,
        .gated = true,
        .vocab = 32000,
        .seq_len = 1024,
        .moe =
            dml::Moe{.experts = 16, .top_k = 2, .expert_d_ff = 512, .dense_layers = dense_layers}};
    const auto p = dml::evaluate(run_of(m, 4, 16), pipeline(4, Schedule::k1F1B, v));
    REQUIRE(p.violations.empty());
    REQUIRE(p.microbatches == 16);
    return p;
  };
  const auto per_mb = [](const dml::StepPlan& p) { return per_microbatch(p, 16); };
  // From the model without dense layers: its last device, 2 MoE layers and the logits, sets the
  // pace; the logits are their own term of the plan.
  const auto all_moe = plan(0);
  const double logits = all_moe.time.logits.value() / 16;
  const double moe_layer = (per_mb(all_moe) - logits) / 2;
  REQUIRE(logits > 0);
  // From the model with 2 dense layers: the first device's 2 dense layers, without the logits.
  const auto two = plan(2);
  CHECK(two.time.logits.value() == 0);
  const double dense_layer = per_mb(two) / 2;
  REQUIRE(2 * dense_layer > 2 * moe_layer + logits);  // the first device is the slowest

  SECTION("2 dense layers: the fill is the three MoE devices, not 3 x the dense device") {
    CHECK_THAT(two.time.bubble.value(), WithinRel(6 * moe_layer + logits, 1e-12));
  }
  SECTION("3 dense layers: the second device, a dense and a MoE layer, is timed as it is") {
    const auto three = plan(3);
    CHECK_THAT(per_mb(three), WithinRel(2 * dense_layer, 1e-12));
    CHECK_THAT(three.time.bubble.value(),
               WithinRel((dense_layer + moe_layer) + 4 * moe_layer + logits, 1e-12));
  }
  SECTION("interleaved, v = 2: the dense layers on two devices, the fill and the drain / v") {
    const auto il = plan(2, 2);
    // 8 chunks of a layer: devices 0 and 1 hold a dense layer and a MoE one each (layers 0 and
    // 4, 1 and 5), device 2 two MoE layers, device 3 two and the logits, now the slowest: the
    // fill passes through the first three.
    REQUIRE(dense_layer + moe_layer < 2 * moe_layer + logits);
    CHECK_THAT(per_mb(il), WithinRel(2 * moe_layer + logits, 1e-12));
    CHECK_THAT(il.time.bubble.value(),
               WithinRel((2 * (dense_layer + moe_layer) + 2 * moe_layer) / 2, 1e-12));
  }
}

TEST_CASE("transformer multi-token prediction: a layer, a projection and the logits again",
          "[transformer][pipeline]") {
  // DeepSeek-V3 report 2.2: each MTP module is a transformer layer, a 2h -> h projection of the
  // hidden state and the next token's embedding (two norms before it, one after the layer:
  // Megatron-Core's enorm, hnorm and final_layernorm), and the shared output head and loss, on
  // the last pipeline stage, which also keeps a copy of the embedding for the modules
  // (Megatron-Core's gpt_model.py). GPT-style, h = 2048, 16 heads, s = 2048, vocabulary 8000 (not
  // tied), as the test above; one module.
  const auto model = [](std::int64_t layers, std::int64_t mtp) {
    Transformer m = gpt(layers, 2048, 16, 8000, 2048);
    m.mtp_layers = mtp;
    return m;
  };
  SECTION("parameters: a layer of 12 h^2 and its 2 norms, a projection of 2 h^2 and 3 norms") {
    // 12 x 2048^2 + 2 x 2048 + 2 x 2048^2 + 3 x 2048 = 50,331,648 + 4,096 + 8,388,608 + 6,144.
    CHECK(dml::total_params(model(16, 1)) - dml::total_params(model(16, 0)) == 58730496);
    CHECK(dml::active_params(model(16, 1)) == dml::total_params(model(16, 1)));
  }
  SECTION("FLOPs per token: the layer, its attention, the projection and the logits, x 6") {
    // 12 h^2 = 50,331,648; attention a (d_h + d_h) (s + 1)/2 = 16 x 256 x 1024.5 = 4,196,352;
    // projection 2 h^2 = 8,388,608; logits h V = 16,384,000: 79,300,608 multiply-adds, x 6.
    CHECK(dml::model_flop_per_token(model(16, 1)) - dml::model_flop_per_token(model(16, 0)) ==
          6.0 * 79300608);
  }
  const auto plan = [&](std::int64_t layers, std::int64_t mtp) {
    return dml::evaluate(run_of(model(layers, mtp), 4, 16), pipeline(4));
  };
  const auto per_mb = [](const dml::StepPlan& p) { return per_microbatch(p, 16); };
  const auto without = plan(16, 0);
  REQUIRE(without.violations.empty());
  const double logits = without.time.logits.value() / 16;
  const double layer = (per_mb(without) - logits) / 4;
  // The projection, 3 GEMMs of 2 x 2048 x 4096 x 2048 FLOP (forward, and two backward) at
  // 0.7 x 2048 / (2048 + 93) of the peak, 32 FLOP x 128 threads x 132 SMs x 1830 MHz
  // (compute-bound: 156 us against 15 us to move its 42 MB).
  const double proj = 3 * 2.0 * 2048 * 4096 * 2048 / (32 * 128 * 132 * 1830e6 * 0.7 * 2048 / 2141);
  SECTION("zero-bubble V: the modules take places only where its last half-chunk holds them") {
    // 11 layers, 3 modules, 4 stages: 16 places, but zero-bubble V's last chunk is half a
    // stage, 2 places, short of the loss and 3 modules; they go on top of the last device's
    // layers, so more modules never make a step faster (a review found 3 faster than 1).
    const auto zbv = [&](std::int64_t mtp) {
      return dml::evaluate(run_of(model(11, mtp), 4, 16), pipeline(4, Schedule::kZeroBubbleV));
    };
    const auto one = zbv(1), three = zbv(3);
    REQUIRE(one.violations.empty());
    REQUIRE(three.violations.empty());
    CHECK(three.time.step.value() > one.time.step.value());
    CHECK(three.time.gemm.value() > one.time.gemm.value());
  }
  SECTION("the default tokens to train: 20 a parameter of the model, the module left out") {
    const auto with = plan(16, 1);
    CHECK_THAT(with.steps * 16 * 2048, WithinRel(20 * dml::total_params(model(16, 0)), 1e-12));
  }
  SECTION("time: the last stage runs 4 + 1 layers, the logits twice and the projection") {
    const auto with = plan(16, 1);
    REQUIRE(with.violations.empty());
    CHECK_THAT(per_mb(with), WithinRel(5 * layer + 2 * logits + proj, 1e-12));
    CHECK_THAT(with.time.logits.value(), WithinRel(2 * without.time.logits.value(), 1e-12));
    // The fill and the drain through the three devices of 4 layers, not the last one's time.
    CHECK_THAT(with.time.bubble.value(), WithinRel(3 * 4 * layer, 1e-12));
  }
  // A vocabulary of 256,000 makes the last device the fullest (its head, 524,288,000
  // parameters, and its logits, 2,048 x 256,000 x 6 B = 3,145,728,000 B, against the first
  // device's embedding and 4 layers x 4 microbatches of activations, 2,147,483,648 B), so that
  // its memory is the plan's.
  const auto wide = [](std::int64_t layers, std::int64_t mtp) {
    Transformer m = gpt(layers, 2048, 16, 256000, 2048);
    m.mtp_layers = mtp;
    return dml::evaluate(run_of(m, 4, 16), pipeline(4));
  };
  // The module's layer 12 h^2, its projection 2 h^2 and the embedding's copy V h: 50,331,648 +
  // 8,388,608 + 524,288,000 = 583,008,256 parameters of 2 bytes, 1,166,016,512 B (norms are not
  // counted as states).
  const double module_weights = 1166016512.0;
  SECTION("memory: the layer's and the projection's weights, the embedding's copy, logits twice") {
    const auto with = wide(16, 1);
    const auto bare = wide(16, 0);
    REQUIRE(with.violations.empty());
    CHECK_THAT(bare.memory.logits.value(), WithinRel(3145728000.0, 1e-12));
    CHECK_THAT(with.memory.weights.value() - bare.memory.weights.value(),
               WithinRel(module_weights, 1e-12));
    CHECK_THAT(with.memory.logits.value(), WithinRel(2 * bare.memory.logits.value(), 1e-12));
  }
  SECTION("memory on one stage: a microbatch of the module's activations, a second logits buffer") {
    const auto one = [&](std::int64_t mtp) {
      return dml::evaluate(run_of(model(16, mtp), 1, 16), pipeline(1));
    };
    // Per token of the module's layer (Korthikanti et al.'s count, flash attention, no dropout):
    // the norms' 8h, the heads' 2 (3h + h) and the MLP's 4 x 4h, 32h = 65,536 B, x 2,048 tokens =
    // 134,217,728 B; logits 2,048 x 8,000 x 6 B = 98,304,000 B more.
    CHECK_THAT(one(1).memory.activations.value() - one(0).memory.activations.value(),
               WithinRel(134217728.0, 1e-12));
    CHECK_THAT(one(1).memory.logits.value() - one(0).memory.logits.value(),
               WithinRel(98304000.0, 1e-12));
  }
  SECTION("hardware FLOPs under full recompute: the module's forward again, not its logits") {
    // Model FLOPs + a third of them again, less the logits' forward 2 h V per head (not
    // recomputed); the unfused kernel also computes the masked half: 4 passes x 4 a d_h (s -
    // (s + 1)/2) per layer. The module adds 475,803,648 x 4/3 - 2 x 2048 x 8000 + 4 x 4 x 16 x 128
    // x 1023.5 = 634,404,864 - 32,768,000 + 33,538,048 = 635,174,912 per token.
    const auto hw = [&](std::int64_t mtp) {
      return dml::evaluate(run_of(model(16, mtp), 4, 16, megatron_2022()),
                           pipeline(4, Schedule::k1F1B, 1, Recompute::kFull))
          .hardware_flop_per_token;
    };
    CHECK_THAT(hw(1) - hw(0), WithinRel(635174912.0, 1e-12));
  }
  SECTION("the module in a place of its own: 13 layers + embedding, MTP and loss = 16 places") {
    // Megatron-Bridge's DeepSeek-V3 layout, small: 4 places a stage; the first stage holds the
    // embedding and 3 layers, the middle ones 4, the last 2 layers, the MTP layer and the loss.
    const auto small_vocab = plan(13, 1);
    REQUIRE(small_vocab.violations.empty());
    // 2 logits and the projection cost less than a layer here: a middle stage sets the pace.
    REQUIRE(2 * logits + proj < layer);
    CHECK(small_vocab.time.logits.value() == 0);
    CHECK_THAT(per_mb(small_vocab), WithinRel(4 * layer, 1e-12));
    // The search tries 4 stages for 13 layers (13, 15 and 16 places divide by 1, 3, 5, 2, 4, 8
    // and 13), and 1, 2 or 4 chunks a stage.
    const auto best = dml::optimize(
        run_of(model(13, 1), 4, 16),
        TransformerLayout{
            .tp = 1, .pp = 4, .dp = 1, .zero = 0, .microbatch = 1, .recompute = Recompute::kNone},
        3);
    REQUIRE(best.size() == 3);
    CHECK(best[0].layout.interleave == 4);
  }
  SECTION(
      "DualPipe: the ends' device runs the first stage of one direction and the last of the "
      "other, half the microbatches each") {
    // 16 layers on 4 stages: device 0 holds 4 layers of each direction, and the logits (and the
    // module) of one: per microbatch 4 + 1/2 layers, half the logits and half the projection.
    const auto dual = dml::evaluate(run_of(model(16, 1), 4, 16), pipeline(4, Schedule::kDualPipe));
    REQUIRE(dual.violations.empty());
    CHECK_THAT(per_mb(dual), WithinRel(4.5 * layer + logits + proj / 2, 1e-12));
    CHECK_THAT(dual.time.logits.value(), WithinRel(without.time.logits.value(), 1e-12));
  }
  SECTION("stages short at the ends: the module takes the last stage's missing layer") {
    // 14 layers on 4 stages (the test above): the last holds 3, the module makes it 4, and with
    // the logits twice it is the busiest.
    const auto with = plan(14, 1);
    REQUIRE(with.violations.empty());
    CHECK_THAT(per_mb(with), WithinRel(4 * layer + 2 * logits + proj, 1e-12));
    // The module's layer fills the missing place, and the last device holds its weights, the
    // projection's and the embedding's copy (the last device the fullest, as above).
    CHECK_THAT(wide(14, 1).memory.weights.value() - wide(14, 0).memory.weights.value(),
               WithinRel(module_weights, 1e-12));
  }
  SECTION("more places than ceil(L/p): 62 layers and 2 modules in 66 places on 3 stages") {
    // A middle stage holds 22 layers (not ceil(62/3) = 21); the last 19 of its own, the two
    // modules and the loss. Without modules: 21 layers a stage, the last 20 and the logits.
    const auto at3 = [&](std::int64_t mtp) {
      return dml::evaluate(run_of(model(62, mtp), 3, 15), pipeline(3));
    };
    const auto per_mb15 = [](const dml::StepPlan& p) { return per_microbatch(p, 15); };
    REQUIRE(at3(2).violations.empty());
    CHECK_THAT(per_mb15(at3(0)), WithinRel(std::max(21 * layer, 20 * layer + logits), 1e-12));
    CHECK_THAT(per_mb15(at3(2)),
               WithinRel(std::max(22 * layer, 21 * layer + 3 * logits + 2 * proj), 1e-12));
  }
  SECTION("no room at the ends: 9 layers and 5 modules go on top of the last stage's 3 layers") {
    // 16 places on 4 stages leave 4 a stage, too few for 5 modules and the loss: the split is
    // ceil(9/4) = 3 layers a stage and the rest, 0, on the last, which adds the 5 modules, 6
    // logits and 5 projections.
    const auto five = plan(9, 5);
    REQUIRE(five.violations.empty());
    CHECK_THAT(per_mb(five), WithinRel(5 * layer + 6 * logits + 5 * proj, 1e-12));
  }
}

// --- 4. Collectives -----------------------------------------------------------------------------

// nccl-tests' conventions: S is the whole buffer; all-reduce moves 2(n-1)/n S per rank,
// all-gather, reduce-scatter and all-to-all (n-1)/n S. Time = launch (8 us) + alpha x steps +
// factor x S / bus bandwidth. S = 1 GB below.
TEST_CASE("transformer collectives: alpha-beta times and placement", "[transformer][comm]") {
  const TransformerRun run = run_of(llama3_8b(), 128, 128);
  const dml::detail::TransformerCtx c(run);
  const double S = 1e9;

  SECTION("a group of 8, stride 1, stays in its node") {
    const auto g = c.group(8, 1);
    CHECK(g.per_node == 8);
    CHECK(g.nodes == 1);
    CHECK_THAT(g.bw, WithinRel(337.5e9, 1e-15));  // 900 / 2 x 0.75
    CHECK(g.alpha == 2e-6);
    // All-reduce: ring 2(n-1) = 14 steps (a tree in one node is as long):
    // 8 + 28 us + 2 x 7/8 x 1e9 / 337.5e9 = 36e-6 + 5.185185185185e-3 = 5.221185185185e-3.
    CHECK_THAT(c.all_reduce(S, g), WithinRel(5.221185185185185e-3, 1e-12));
    // All-gather / reduce-scatter: 7 steps: 22e-6 + 2.592592592593e-3.
    CHECK_THAT(c.gather(S, g), WithinRel(2.614592592592593e-3, 1e-12));
    // All-to-all in one node: 7/8 of S over NVLink, 7 steps: the same.
    CHECK_THAT(c.all_to_all(S, g), WithinRel(2.614592592592593e-3, 1e-12));
  }
  SECTION("a group of 16, stride 8, has one rank on each of 16 nodes") {
    const auto g = c.group(16, 8);
    CHECK(g.per_node == 1);
    CHECK(g.nodes == 16);
    CHECK_THAT(g.bw, WithinRel(47.5e9, 1e-15));  // the network's: 100 / 2 x 0.95
    CHECK(g.alpha == 6e-6);
    // Each network hop of the pipeline waits for one chunk (2 MiB, less than the message) to
    // cross a NIC: hop = 6 us + 2097152 / 47.5e9 = 6e-6 + 4.41505684210526e-5
    // = 5.01505684210526e-5. All-reduce: a tree of 2 log2(16) = 8 hops beats the ring's 2 x 16: 8
    // us + 8 hops (4.01204547368421e-4) + 2 x 15/16 x 1e9 / 47.5e9 (0.039473684210526) =
    // 0.0398828887578947.
    CHECK_THAT(c.all_reduce(S, g), WithinRel(0.0398828887578947, 1e-12));
    // All-gather: a ring of 16 network hops (the piece, 1e9/16, is larger than a chunk):
    // 8 us + 8.02409094736842e-4 + 15/16 x 1e9 / 47.5e9 (0.019736842105263) = 0.0205472512.
    CHECK_THAT(c.gather(S, g), WithinRel(0.0205472512, 1e-12));
    // All-to-all: 15 steps of alpha, no pipeline fill: 98e-6 + 15/16 / 47.5.
    CHECK_THAT(c.all_to_all(S, g), WithinRel(0.019834842105263, 1e-12));
  }
  SECTION("a group of 16, stride 1, spans 2 nodes of 8 (rail-aligned)") {
    const auto g = c.group(16, 1);
    CHECK(g.per_node == 8);
    CHECK(g.nodes == 2);
    // A ring through 8 ranks of a node sends 7/8 of its traffic over NVLink and 1/8 over its
    // NIC: min(8/7 x 337.5 = 385.7, 8 NICs x 47.5 = 380) GB/s.
    CHECK_THAT(g.bw, WithinRel(380e9, 1e-15));
    // All-reduce: tree of 2 log2(2) = 2 network hops (the chunk: 2 MiB < 1e9 / 8) and
    // 2 x 7 NVLink hops of 2 us: 8 us + 2 x 5.01505684210526e-5 + 28 us + 2 x 15/16 x 1e9 / 380e9
    // (4.934210526315789e-3) = 5.070511663157894e-3.
    CHECK_THAT(c.all_reduce(S, g), WithinRel(5.070511663157894e-3, 1e-12));
    // All-to-all: 7/16 of S inside the node (1.296e-3 s at 337.5 GB/s), 8/16 across
    // (0.5e9 / 47.5e9 = 0.010526315789474 s); the slower sets the time: 8 + 90 us + that.
    CHECK_THAT(c.all_to_all(S, g), WithinRel(0.010624315789474, 1e-12));
  }
  SECTION("a group of 4, stride 4, puts 2 ranks on each of 2 nodes") {
    const auto g = c.group(4, 4);
    CHECK(g.per_node == 2);
    CHECK(g.nodes == 2);
    CHECK_THAT(g.bw, WithinRel(95e9, 1e-15));  // 2 NICs x 47.5 GB/s
  }
  SECTION("a group of one costs nothing") {
    const auto g = c.group(1, 1);
    CHECK(c.all_reduce(S, g) == 0);
    CHECK(c.gather(S, g) == 0);
    CHECK(c.all_to_all(S, g) == 0);
  }
  SECTION("groups of 3 on nodes of 8 straddle them: ranks 6-8 have one rank on the next node") {
    const auto g = c.group(3, 1);
    CHECK(g.level == 1);
    CHECK(g.per_node == 1);  // gcd(3, 8) = 1: the shortest piece a node boundary cuts
    CHECK_THAT(g.bw, WithinRel(47.5e9, 1e-15));
    CHECK(g.alpha == 6e-6);
  }
  SECTION("a pipeline of 4 stages 4 ranks apart crosses a node between stages 2 and 3") {
    // The pairs (0, 4) and (8, 12) share a node, but (4, 8) does not, and the pipeline waits
    // for its slowest send: one GPU's NIC.
    const auto pp = c.chain(4, 4);
    CHECK(pp.level == 1);
    CHECK_THAT(pp.bw, WithinRel(47.5e9, 1e-15));
    CHECK(pp.alpha == 6e-6);
    const auto inside = c.chain(2, 4);  // 2 stages: ranks 0 and 4, one node
    CHECK(inside.level == 0);
    CHECK_THAT(inside.bw, WithinRel(337.5e9, 1e-15));
  }
}

TEST_CASE("transformer collectives: groups that straddle 72-GPU racks", "[transformer][comm]") {
  // An NVL72-like domain: a block of 32 consecutive ranks (EP 32) lies in at most 2 racks, 24
  // and 8 of it; its pace is the 8-rank piece's (8 NICs), over 2 racks, not 4.
  TransformerRun run = run_of(llama3_8b(), 576, 576);
  run.cluster.levels[0].size = 72;
  const dml::detail::TransformerCtx c(run);
  const auto ep32 = c.group(32, 1);
  CHECK(ep32.level == 1);
  CHECK(ep32.per_node == 8);
  CHECK(ep32.nodes == 2);
  const auto ep8 = c.group(8, 1);  // 9 blocks a rack: inside
  CHECK(ep8.level == 0);
  const auto dp = c.group(8, 72);  // one rank on each of 8 racks
  CHECK(dp.per_node == 1);
  CHECK(dp.nodes == 8);
  const auto pair = c.group(2, 64);  // ranks r and r + 64: 64 and 8 of a 128-block on 2 racks
  CHECK(pair.level == 1);
  CHECK(pair.per_node == 1);
  CHECK(pair.nodes == 2);
}

TEST_CASE("transformer collectives: a third network level", "[transformer][comm]") {
  // 8-GPU nodes, pods of 4 nodes on the 100 GB/s network, pods joined by 10 GB/s (both ways)
  // at 20 us: a group that crosses pods gets the slower level's bandwidth and latency.
  TransformerRun run = run_of(llama3_8b(), 128, 128);
  run.cluster.levels[1].size = 4;
  run.cluster.levels.push_back(dml::NetworkLevel{
      .name = "spine", .bandwidth = bytes_per_s(10e9), .latency = microseconds(20)});
  const dml::detail::TransformerCtx c(run);
  const auto pod = c.group(4, 8);  // one rank on each of 4 nodes of a pod
  CHECK(pod.level == 1);
  CHECK_THAT(pod.bw, WithinRel(47.5e9, 1e-15));
  CHECK(pod.alpha == 6e-6);
  const auto across = c.group(8, 8);  // 8 nodes: two pods
  CHECK(across.level == 2);
  CHECK_THAT(across.bw, WithinRel(4.75e9, 1e-15));  // 10 / 2 x 0.95
  CHECK_THAT(across.alpha, WithinRel(20e-6, 1e-15));
  // The pipeline-fill hop waits for a chunk at the spine's bandwidth: 20 us + 2 MiB / 4.75 GB/s.
  CHECK_THAT(c.net_hop(1e9, across), WithinRel(20e-6 + 2097152 / 4.75e9, 1e-12));
  const auto rail = c.group(16, 8);  // one rank on each of 16 nodes: every pod
  CHECK(rail.level == 2);
  // A level wider than the cluster (the outermost) joins everything.
  CHECK(c.group(128, 1).level == 2);
}

// --- 5. Feasibility and assumptions -------------------------------------------------------------

TEST_CASE("transformer feasibility: memory, degrees, assumed fields", "[transformer][feasible]") {
  SECTION("Llama 2 70B on 8 GPUs without sharding does not fit, and the message says why") {
    // Parameters held: 68,975,329,280 (68,976,648,192 less the norms' 1,318,912, which dml does
    // not count per GPU). Weights 2 B: 128.48 GiB; gradients 4 B: 256.95 GiB; Adam 12 B:
    // 770.86 GiB; an "80 GB" H100 without a memory of its own holds 80 GiB (a datasheet's GB
    // read as GiB).
    const auto p = dml::evaluate(run_of(llama2_70b(), 8, 64),
                                 TransformerLayout{.tp = 1, .pp = 1, .dp = 8, .zero = 0});
    CHECK_FALSE(p.feasible);
    REQUIRE(p.violations.size() == 1);
    CHECK_THAT(p.violations[0], Contains("memory: "));
    CHECK_THAT(p.violations[0], Contains("weights 128.5 GiB, gradients 257.0 GiB, optimizer "
                                         "770.9 GiB"));
    CHECK_THAT(p.violations[0], Contains("exceeds the 80.0 GiB of one H100 SXM"));
  }
  SECTION("the limit is the efficiency record's memory when it gives one, else hbm_capacity") {
    // Llama 3 8B, TP 8, no recompute, microbatch 1 holds about 34 GB (18 B for each of its 1e9
    // parameters per GPU, 8192 tokens of activations on 32 layers, 3 GiB of workspace); more
    // workspace puts it between the 81,559 MiB (85,520,809,984 B) an H100 80GB HBM3 reports and
    // the 80 GiB (85,899,345,920 B) its "80 GB" hbm_capacity is read as (helper-370: it was read
    // as 80e9 B, where a copy with another capacity read GB as GiB; the premise, required below).
    TransformerRun run = run_of(llama3_8b(), 8, 8);
    const TransformerLayout l{.tp = 8,
                              .sequence_parallel = false,
                              .pp = 1,
                              .dp = 1,
                              .zero = 0,
                              .microbatch = 1,
                              .recompute = Recompute::kNone};
    const double base = dml::evaluate(run, l).memory.total.value();
    run.cluster.gpu.efficiency->workspace = gib(3) + bytes(85.7e9 - base);
    const auto nominal = dml::evaluate(run, l);
    run.cluster.gpu.efficiency->memory = mib(81559);
    const auto reported = dml::evaluate(run, l);
    CHECK(nominal.memory.capacity.value() == 80.0 * 1073741824);
    CHECK(reported.memory.capacity.value() == 81559.0 * 1048576);
    CHECK(nominal.memory.total.value() == reported.memory.total.value());
    REQUIRE(nominal.memory.total.value() > 85520809984.0);
    REQUIRE(nominal.memory.total.value() < 80.0 * 1073741824);
    CHECK(nominal.feasible);
    CHECK(nominal.violations.empty());
    CHECK_FALSE(reported.feasible);
    CHECK_THAT(reported.violations.at(0), Contains("exceeds the 79.6 GiB of one H100 SXM"));
  }
  SECTION("degrees that do not multiply to the GPU count") {
    const auto p = dml::evaluate(run_of(llama3_8b(), 8, 64),
                                 TransformerLayout{.tp = 2, .pp = 2, .dp = 3, .zero = 0});
    CHECK_FALSE(p.feasible);
    REQUIRE_FALSE(p.violations.empty());
    CHECK(p.violations[0] == "layout: tp 2 x pp 2 x dp 3 x cp 1 = 12 GPUs, but the cluster has 8");
  }
  SECTION("evaluate lists what it assumed") {
    const auto p = dml::evaluate(run_of(llama3_8b(), 8, 64), TransformerLayout{});
    CHECK(p.assumed == std::vector<std::string>{"tp = 1", "pp = 1", "cp = 1",
                                                "dp = 8 (GPUs / (tp x pp x cp))",
                                                "zero = 0 (the stack's default)", "microbatch = 1",
                                                "recompute = \"none\"",
                                                "tokens = 1.61e11 (20 a parameter, Chinchilla's; "
                                                "give the run's tokens)"});
    CHECK(p.layout.dp == 8);  // derived: GPUs / (tp x pp x cp)
    const auto q = dml::evaluate(run_of(llama3_8b(), 8, 64), TransformerLayout{.tp = 2, .pp = 2});
    CHECK(q.assumed == std::vector<std::string>{"cp = 1", "dp = 2 (GPUs / (tp x pp x cp))",
                                                "sequence_parallel = true", "schedule = \"1f1b\"",
                                                "interleave = 1", "zero = 0 (the stack's default)",
                                                "microbatch = 1", "recompute = \"none\"",
                                                "tokens = 1.61e11 (20 a parameter, Chinchilla's; "
                                                "give the run's tokens)"});
  }
}

// --- 6. Measured collectives, HSDP, 2D TP, node-limited routing ----------------------------------

namespace {

// A run on a network with no latency, free launches and no pipeline fill: collective times are
// bandwidth only.
dml::BusBandwidth row(dml::CollectiveOp op, double mib_size, double gb_per_s,
                      std::optional<std::int64_t> gpus) {
  return dml::BusBandwidth{.op = op,
                           .size = bytes(mib_size * 1048576.0),
                           .bus_bandwidth = bytes_per_s(gb_per_s * 1e9),
                           .gpus = gpus};
}

}  // namespace

TEST_CASE("transformer collectives: measured nccl-tests tables replace alpha-beta",
          "[transformer][comm]") {
  using dml::CollectiveOp;
  TransformerRun run = run_of(llama3_8b(), 128, 128);
  // All-reduce measured across nodes on 16 and on 64 GPUs; a reduce-scatter on any group.
  run.cluster.levels[1].measured = std::vector<dml::BusBandwidth>{
      row(CollectiveOp::kAllReduce, 8, 40, 16),    row(CollectiveOp::kAllReduce, 32, 80, 16),
      row(CollectiveOp::kAllReduce, 128, 160, 16), row(CollectiveOp::kAllReduce, 32, 60, 64),
      row(CollectiveOp::kAllReduce, 128, 120, 64), row(CollectiveOp::kReduceScatter, 64, 30, {})};
  const dml::detail::TransformerCtx c(run);
  const double MiB = 1048576.0;
  const auto g16 = c.group(16, 8);  // one rank on each of 16 nodes: the network level

  SECTION("a size in the table: nccl-tests' time, 2 (n-1)/n S / busbw, no alpha-beta terms") {
    CHECK_THAT(c.all_reduce(32 * MiB, g16), WithinRel(2 * 15.0 / 16 * 32 * MiB / 80e9, 1e-12));
  }
  SECTION("between sizes: linear in log-size (64 MiB is halfway from 32 to 128: 120 GB/s)") {
    CHECK_THAT(c.all_reduce(64 * MiB, g16), WithinRel(2 * 15.0 / 16 * 64 * MiB / 120e9, 1e-12));
  }
  SECTION("below the smallest size the time stays that of the smallest; above, the bandwidth") {
    CHECK_THAT(c.all_reduce(4 * MiB, g16), WithinRel(2 * 15.0 / 16 * 8 * MiB / 40e9, 1e-12));
    CHECK_THAT(c.all_reduce(1024 * MiB, g16), WithinRel(2 * 15.0 / 16 * 1024 * MiB / 160e9, 1e-12));
  }
  SECTION("rows without a group size serve only where no row of the op names one") {
    TransformerRun mixed = run;
    mixed.cluster.levels[1].measured->push_back(row(CollectiveOp::kAllReduce, 32, 10, {}));
    const dml::detail::TransformerCtx cm(mixed);
    // The 16-GPU rows still set the 16-GPU time: 80 GB/s, not the generic row's 10.
    CHECK_THAT(cm.all_reduce(32 * MiB, cm.group(16, 8)),
               WithinRel(2 * 15.0 / 16 * 32 * MiB / 80e9, 1e-12));
  }
  SECTION("between group sizes: linear in log-ranks (32 is halfway from 16 to 64: 70 GB/s)") {
    const auto g32 = c.group(32, 8);
    CHECK_THAT(c.all_reduce(32 * MiB, g32), WithinRel(2 * 31.0 / 32 * 32 * MiB / 70e9, 1e-12));
  }
  SECTION("each op has its own table; an op or level without one keeps alpha-beta") {
    CHECK_THAT(c.gather(64 * MiB, g16, CollectiveOp::kReduceScatter),
               WithinRel(15.0 / 16 * 64 * MiB / 30e9, 1e-12));
    // All-gather: no table; the alpha-beta time of the collectives test (16 hops, 47.5 GB/s).
    CHECK_THAT(c.gather(1e9, g16), WithinRel(0.0205472512, 1e-12));
    // Inside a node (level 0): no table.
    CHECK_THAT(c.all_reduce(1e9, c.group(8, 1)), WithinRel(5.221185185185185e-3, 1e-12));
  }
  SECTION("two rows of one op, size and group size are refused, naming the row") {
    dml::Cluster cluster = run.cluster;
    cluster.levels[1].measured->push_back(row(CollectiveOp::kAllReduce, 32, 90, 16));
    CHECK_THROWS_WITH(dml::detail::validate_record(cluster, dml::FieldPath{nullptr, "cluster"}),
                      Contains("cluster.levels[2].measured[7].size") && Contains("appears twice"));
  }
}

TEST_CASE("transformer ZeRO-3: without prefetch every gather is exposed, per-tensor collectives",
          "[transformer][dp]") {
  // GPT, 4 layers, h 1024, MLP 4h, vocabulary 2048, untied; 8 GPUs in one node, FSDP over all 8,
  // one microbatch (batch 8, microbatch 1). A layer's buffer S = 12,582,912 parameters x 2 bytes
  // = 25,165,824 B (the HSDP test below); in the node (337.5 GB/s) each of its two gathers and
  // its reduce-scatter moves 7/8 S: 6.524472888888889e-5 s each, 1.9573418666666667e-4 s a
  // layer. The embedding and the head are units of their own of V h = 2,097,152 parameters, a
  // sixth of a layer each: the six units move 4 + 1/3 layers' worth.
  dml::Stack eager{.name = "eager", .dp_overlap = false, .param_gather_overlap = false};
  const auto plan = [](const TransformerRun& run) {
    return dml::evaluate(run, TransformerLayout{.tp = 1,
                                                .pp = 1,
                                                .dp = 8,
                                                .zero = 3,
                                                .cp = 1,
                                                .microbatch = 1,
                                                .recompute = Recompute::kNone});
  };
  const Transformer m = gpt(4, 1024, 8, 2048, 1024);
  constexpr double kUnits = 4 + 2.0 / 6;  // four layers, the embedding and the head
  SECTION("a stack that neither prefetches nor overlaps exposes all six units' traffic") {
    const auto p = plan(no_latency(run_of(m, 8, 8, eager)));
    REQUIRE(p.feasible);
    CHECK_THAT(p.time.dp.value(), WithinRel(kUnits * 1.9573418666666667e-4, 1e-9));
    CHECK(p.time.dp_hidden.value() == 0);
    // With both overlaps (the default stack) the units' traffic hides under their neighbours'
    // compute: only the first gathers and the last reduce-scatter of the largest, one layer's
    // worth, stay out; the rest, kUnits - 1 layers' worth, hides (exposed and hidden add up to
    // the traffic once: never more exposed than without the overlaps).
    const auto overlapped = plan(no_latency(run_of(m, 8, 8)));
    CHECK_THAT(overlapped.time.dp.value(), WithinRel(1.9573418666666667e-4, 1e-9));
    CHECK_THAT(overlapped.time.dp_hidden.value(),
               WithinRel((kUnits - 1) * 1.9573418666666667e-4, 1e-9));
  }
  SECTION("one flag: reduce-scatters hide, gathers do not (and the other way round)") {
    // dp_overlap alone: each unit's two gathers (1.3048945777777778e-4 s a layer) exposed, its
    // reduce-scatter (6.524472888888889e-5 s a layer, under a layer's compute) hidden but for
    // the last.
    dml::Stack rs_only = eager;
    rs_only.dp_overlap = true;
    const auto p = plan(no_latency(run_of(m, 8, 8, rs_only)));
    REQUIRE(p.feasible);
    CHECK_THAT(p.time.dp.value(),
               WithinRel(kUnits * 1.3048945777777778e-4 + 6.524472888888889e-5, 1e-9));
    CHECK_THAT(p.time.dp_hidden.value(), WithinRel((kUnits - 1) * 6.524472888888889e-5, 1e-9));
    // param_gather_overlap alone: the reduce-scatters exposed; the gathers' exposure depends on
    // the compute they hide under, but all four reduce-scatters are out in any case.
    dml::Stack ag_only = eager;
    ag_only.param_gather_overlap = true;
    const auto q = plan(no_latency(run_of(m, 8, 8, ag_only)));
    REQUIRE(q.feasible);
    CHECK(q.time.dp.value() >= 4 * 6.524472888888889e-5 + 1.3048945777777778e-4 - 1e-12);
    CHECK(q.time.dp.value() < p.time.dp.value());
  }
  SECTION("each of gathers_per_layer collectives pays its launch and ring latency") {
    // In the node a collective pays the 8 us launch and 7 NVLink steps of 2 us: 22 us. With 4
    // collectives of each kind instead of 1, a unit pays 3 kinds x 3 more: 198 us; 4 layers, the
    // embedding and the head: 1188 us more, the bytes unchanged.
    dml::Stack per_tensor = eager;
    per_tensor.gathers_per_layer = 4;
    const auto one = plan(run_of(m, 8, 8, eager));
    const auto four = plan(run_of(m, 8, 8, per_tensor));
    REQUIRE(four.feasible);
    CHECK_THAT(four.time.dp.value() - one.time.dp.value(), WithinRel(1188e-6, 1e-9));
  }
}

TEST_CASE("transformer FSDP: ZeRO 2 regathers every microbatch, a pipeline defers the sharding",
          "[transformer][dp]") {
  // The model of the ZeRO-3 test above (a layer 12,582,912 parameters, the embedding and the
  // head a sixth of a layer each), on 8 GPUs in one node, with neither overlap: every collective
  // is exposed. Weights are gathered, and gradients reduced, at 2 bytes a parameter.
  //   DP 8: a layer's gather (or reduce-scatter) moves 7/8 x 25,165,824 B at 337.5 GB/s:
  //   6.524472888888889e-5 s; the model, 4 + 1/3 layers' worth, 2.8272715851851852e-4 s.
  //   DP 4: 3/4 x 25,165,824 / 337.5e9 = 5.592405333333333e-5 s a layer; a stage of two layers
  //   and the embedding (or the head), 13/6 layers' worth: 1.2116878222222222e-4 s.
  const Transformer m = gpt(4, 1024, 8, 2048, 1024);
  const dml::Stack eager{.name = "eager", .dp_overlap = false, .param_gather_overlap = false};
  const auto plan = [&](dml::Stack st, std::int64_t pp, std::int64_t zero) {
    return dml::evaluate(no_latency(run_of(m, 8, 32, std::move(st))),
                         TransformerLayout{.tp = 1,
                                           .pp = pp,
                                           .dp = 8 / pp,
                                           .zero = zero,
                                           .cp = 1,
                                           .microbatch = 1,
                                           .recompute = Recompute::kNone});
  };
  constexpr double kModel = 2.8272715851851852e-4;
  constexpr double kStage = 1.2116878222222222e-4;
  SECTION(
      "ZeRO 2 without a pipeline: 4 microbatches reduce 4 times; they gather 4 times only "
      "where the stack frees the weights after each backward") {
    dml::Stack fsdp = eager;
    fsdp.zero2_regathers = true;
    const auto keeps = plan(eager, 1, 2);
    const auto regathers = plan(fsdp, 1, 2);
    REQUIRE(keeps.feasible);
    REQUIRE(regathers.feasible);
    CHECK_THAT(keeps.time.dp.value(), WithinRel(5 * kModel, 1e-9));
    CHECK_THAT(regathers.time.dp.value(), WithinRel(8 * kModel, 1e-9));
    // ZeRO 1 holds the whole weights and gradients: once each, whatever the flag.
    CHECK_THAT(plan(fsdp, 1, 1).time.dp.value(), WithinRel(2 * kModel, 1e-9));
  }
  SECTION("a pipelined stage that defers the sharding gathers once and reduces once a step") {
    dml::Stack pipelined = eager;
    pipelined.pipeline_defers_sharding = true;
    // PP 2 x DP 4, 8 microbatches. ZeRO 3 as FSDP runs it without the flag: two gathers and a
    // reduce-scatter a unit and microbatch, 24 stage's worth; with it, one of each a step.
    const auto per_layer = plan(eager, 2, 3);
    const auto deferred = plan(pipelined, 2, 3);
    REQUIRE(per_layer.feasible);
    REQUIRE(deferred.feasible);
    CHECK_THAT(per_layer.time.dp.value(), WithinRel(24 * kStage, 1e-9));
    CHECK_THAT(deferred.time.dp.value(), WithinRel(2 * kStage, 1e-9));
    const auto said = std::find_if(deferred.notes.begin(), deferred.notes.end(), [](const auto& n) {
      return n.find("zero = 3 on a pipeline runs as ZeRO 2") != std::string::npos;
    });
    CHECK(said != deferred.notes.end());
    const auto zero2_notes = plan(pipelined, 2, 2).notes;
    CHECK(std::any_of(zero2_notes.begin(), zero2_notes.end(), [](const auto& n) {
      return n.find("zero = 2 on a pipeline on the stack eager (pipeline_defers_sharding)") !=
             std::string::npos;
    }));
    // ZeRO 2 runs the same; ZeRO 3 holds ZeRO 2's weights and whole gradients (4 bytes for
    // each of the stage's 27,262,976 parameters), not ZeRO 3's quarter of them.
    const auto zero2 = plan(pipelined, 2, 2);
    CHECK_THAT(zero2.time.dp.value(), WithinRel(2 * kStage, 1e-9));
    CHECK(deferred.memory.weights.value() == zero2.memory.weights.value());
    CHECK(deferred.memory.gradients.value() == 27262976.0 * 4);
    CHECK(per_layer.memory.gradients.value() == 27262976.0 * 4 / 4);
    // With fp32 weights (FSDP's mixed precision) the stage holds its fp32 shard and the bf16
    // copy whole: 4 / 4 + 2 bytes a parameter.
    dml::Stack wide = pipelined;
    wide.weight_bytes = 4;
    CHECK_THAT(plan(wide, 2, 3).memory.weights.value(), WithinRel(27262976.0 * 3, 1e-12));
    // The reduce-scatter follows the last backward: a stack that overlaps it elsewhere exposes
    // it whole here all the same. The gather hides under the first forward, which is long
    // enough to leave out only the least 8.7 exposes, one of the stage's two layers' share.
    dml::Stack overlapped{.name = "overlapped", .pipeline_defers_sharding = true};
    const auto hidden = plan(overlapped, 2, 3);
    CHECK_THAT(hidden.time.dp.value(), WithinRel(kStage + kStage / 2, 1e-9));
    CHECK_THAT(hidden.time.dp_hidden.value(), WithinRel(kStage / 2, 1e-9));
  }
}

TEST_CASE("transformer pipeline sends: Megatron-LM's scatter/gather optimisation",
          "[transformer][pipeline]") {
  // GPT, 4 layers, h 1024; 16 GPUs as TP 8 x PP 2, one stage per node, so each send crosses the
  // network (47.5 GB/s) and the gather runs in the node (337.5 GB/s). Batch 4, microbatch 1: 4
  // microbatches, 2 x 4 sends exposed without p2p overlap. A boundary's activation: 1024 tokens
  // x 1024 x 2 bytes = 2,097,152 B.
  //   whole, from every rank: 2,097,152 / 47.5e9 = 4.415057e-5 s a send;
  //   scattered: 2,097,152 / 8 / 47.5e9 + 7/8 x 2,097,152 / 337.5e9 = 5.518822e-6 + 5.437156e-6
  //   = 1.0955978e-5 s a send.
  const auto pp_time = [](bool scatter, bool sp) {
    dml::Stack st{.name = "sends", .p2p_overlap = false, .scatter_gather_sends = scatter};
    const auto p = dml::evaluate(no_latency(run_of(gpt(4, 1024, 8, 32000, 1024), 16, 4, st)),
                                 TransformerLayout{.tp = 8,
                                                   .sequence_parallel = sp,
                                                   .pp = 2,
                                                   .dp = 1,
                                                   .microbatch = 1,
                                                   .recompute = Recompute::kFull});
    REQUIRE(p.feasible);
    return p.time.pp.value();
  };
  CHECK_THAT(pp_time(false, false), WithinRel(8 * 2097152.0 / 47.5e9, 1e-9));
  CHECK_THAT(pp_time(true, false),
             WithinRel(8 * (2097152.0 / 8 / 47.5e9 + 7.0 / 8 * 2097152.0 / 337.5e9), 1e-9));
  // With SP the activation is already split t ways: nothing to gather.
  CHECK_THAT(pp_time(true, true), WithinRel(8 * 2097152.0 / 8 / 47.5e9, 1e-9));
}

TEST_CASE("transformer pipeline sends overlapped: the fill and the drain cross every chunk",
          "[transformer][pipeline]") {
  // GPT, 8 layers, h 1024; 32 GPUs as TP 8 x PP 4, one stage a node, sends overlapped, without
  // SP: exposed are the first microbatch's forward and the last one's backward, across the
  // p v - 1 chunk boundaries each (interleaved with v = 2: 7, not the 3 of p - 1), and under
  // zero-bubble V across 2 (p - 1) = 6 device boundaries each. A send, as in the test above:
  // 2,097,152 B / 47.5 GB/s.
  const auto pp_time = [](Schedule s, std::int64_t v) {
    dml::Stack st{.name = "sends", .p2p_overlap = true, .scatter_gather_sends = false};
    const auto p = dml::evaluate(no_latency(run_of(gpt(8, 1024, 8, 32000, 1024), 32, 8, st)),
                                 TransformerLayout{.tp = 8,
                                                   .sequence_parallel = false,
                                                   .pp = 4,
                                                   .interleave = v,
                                                   .schedule = s,
                                                   .dp = 1,
                                                   .microbatch = 1,
                                                   .recompute = Recompute::kFull});
    REQUIRE(p.feasible);
    return p.time;
  };
  const double send = 2097152.0 / 47.5e9;
  CHECK_THAT(pp_time(Schedule::k1F1B, 1).pp.value(), WithinRel(2 * 3 * send, 1e-9));
  CHECK_THAT(pp_time(Schedule::k1F1B, 2).pp.value(), WithinRel(2 * 7 * send, 1e-9));
  CHECK_THAT(pp_time(Schedule::kZeroBubbleV, 1).pp.value(), WithinRel(2 * 6 * send, 1e-9));
  // The rest of the 8 microbatches' sends, each way, hide under other microbatches' compute:
  // 2 (8 - 3) sends, and 2 (16 - 7) with two chunks a device.
  CHECK_THAT(pp_time(Schedule::k1F1B, 1).pp_hidden.value(), WithinRel(2 * 5 * send, 1e-9));
  CHECK_THAT(pp_time(Schedule::k1F1B, 2).pp_hidden.value(), WithinRel(2 * 9 * send, 1e-9));
}

TEST_CASE("transformer sequence parallelism: only on stacks that have it", "[transformer][tp]") {
  // Megatron-LM of 2021 had no sequence parallelism: such a stack runs tp > 1 without it unless
  // told, refuses a layout that asks for it, and the search does not try it.
  dml::Stack old{.name = "megatron-2021", .has_sequence_parallel = false};
  const TransformerRun run = run_of(gpt(4, 1024, 8, 32000, 1024), 8, 8, old);
  const TransformerLayout tp8{.tp = 8, .pp = 1, .dp = 1, .microbatch = 1};
  const auto p = dml::evaluate(run, tp8);
  REQUIRE(p.feasible);
  CHECK(p.layout.sequence_parallel == false);
  CHECK(std::find(p.assumed.begin(), p.assumed.end(), "sequence_parallel = false") !=
        p.assumed.end());
  TransformerLayout asked = tp8;
  asked.sequence_parallel = true;
  const auto refused = dml::evaluate(run, asked);
  CHECK_FALSE(refused.feasible);
  CHECK_THAT(refused.violations.front(),
             Contains("layout.sequence_parallel: megatron-2021 has no sequence parallelism"));
  const auto best = dml::optimize(run, TransformerLayout{.tp = 8}, 1);
  REQUIRE(best.size() == 1);
  CHECK(best[0].layout.sequence_parallel == false);
  // A search whose fixed fields rule out every layout says which field and why, and shows no
  // made-up layout.
  const auto none = dml::optimize(run, asked, 1);
  REQUIRE(none.size() == 1);
  CHECK_FALSE(none[0].feasible);
  CHECK_FALSE(none[0].layout.tp.has_value());
  CHECK_THAT(none[0].violations.front(),
             Contains("layout.sequence_parallel: megatron-2021 has no sequence parallelism"));
  CHECK_THAT(dml::step_plan_summary(none[0]), StartsWith("no layout runs on 8 GPUs\n"));
  // An interleave held beside a schedule that cannot interleave is told that, not that it needs
  // stages, which the search was free to add (pp is not held); held at pp 1, it is told both.
  const auto dual =
      dml::optimize(run_of(gpt(8, 1024, 8, 32000, 1024), 8, 8),
                    TransformerLayout{.interleave = 2, .schedule = Schedule::kDualPipe}, 1);
  REQUIRE(dual.size() == 1);
  CHECK_FALSE(dual[0].feasible);
  REQUIRE(dual[0].violations.size() == 1);
  CHECK_THAT(dual[0].violations.front(),
             Contains("layout.interleave: 2 needs the 1f1b schedule, not dualpipe"));
  const auto flat = dml::optimize(
      run_of(gpt(8, 1024, 8, 32000, 1024), 8, 8),
      TransformerLayout{.pp = 1, .interleave = 2, .schedule = Schedule::kDualPipe}, 1);
  REQUIRE(flat.size() == 1);
  CHECK_THAT(flat[0].violations.front(), Contains("needs pipeline stages (pp > 1)"));
  // (So where the degrees held leave no room for two stages: TP 8 of 8 GPUs.)
  const auto full_tp = dml::optimize(
      run_of(gpt(8, 1024, 8, 32000, 1024), 8, 8),
      TransformerLayout{.tp = 8, .interleave = 2, .schedule = Schedule::kDualPipe}, 1);
  REQUIRE(full_tp.size() == 1);
  CHECK_THAT(full_tp[0].violations.front(), Contains("needs pipeline stages (pp > 1)"));
  // A stack that has it uses it by default.
  CHECK(dml::evaluate(run_of(gpt(4, 1024, 8, 32000, 1024), 8, 8), tp8).layout.sequence_parallel ==
        true);
}

TEST_CASE("transformer TP overlap: a MoE layer's reductions hide under its own weight gradients",
          "[transformer][tp]") {
  // Every layer routes (8 experts, top-1, experts 1024 wide, not split by TP): the dense d_ff
  // is no layer's, so it cannot change the step (it set the cover the backward reductions hid
  // under, a GEMM the MoE layers do not run); and a faster GEMM never slows the step (it shrank
  // that phantom cover faster than it saved time).
  const auto plan = [](std::int64_t d_ff, double gemm) {
    const Transformer m{.layers = 8,
                        .d_model = 4096,
                        .heads = 32,
                        .d_ff = d_ff,
                        .vocab = 32000,
                        .seq_len = 4096,
                        .moe = dml::Moe{.experts = 8, .top_k = 1, .expert_d_ff = 1024}};
    TransformerRun r = run_of(m, 8, 8, megatron_2022());
    r.cluster.gpu.efficiency->gemm = gemm;
    const auto p = dml::evaluate(r, TransformerLayout{.tp = 8,
                                                      .pp = 1,
                                                      .dp = 1,
                                                      .zero = 1,
                                                      .ep = 8,
                                                      .microbatch = 1,
                                                      .recompute = Recompute::kNone});
    REQUIRE(p.violations.empty());
    return p.time.step.value();
  };
  CHECK_THAT(plan(262144, 0.6), WithinRel(plan(4096, 0.6), 1e-12));
  CHECK(plan(262144, 0.9) <= plan(262144, 0.6));
}

TEST_CASE("transformer search: many runs on all cores, as one at a time", "[transformer][search]") {
  std::vector<TransformerRun> runs;
  for (const std::int64_t layers : {4, 6, 8, 10, 12})
    runs.push_back(run_of(gpt(layers, 1024, 8, 32000, 1024), 8, 32));
  const auto many = dml::optimize_all(runs, dml::Control{.threads = 3});
  REQUIRE(many.size() == runs.size());
  for (std::size_t i = 0; i < runs.size(); ++i) {
    REQUIRE(many[i]);
    const dml::StepPlan one = dml::optimize(runs[i]).front();
    CHECK(dml::step_plan_summary(*many[i]) == dml::step_plan_summary(one));
    CHECK(many[i]->time.step.value() == one.time.step.value());
  }
  // Cancelled before it starts: no run finishes, and none is made up.
  const auto none = dml::optimize_all(runs, dml::Control{.cancelled = [] { return true; }});
  CHECK(std::none_of(none.begin(), none.end(), [](const auto& p) { return p.has_value(); }));
}

TEST_CASE("transformer search: a stage count given that divides no split runs one chunk",
          "[transformer][search]") {
  // 9 layers on 4 stages: neither 9 nor 9 + 2 splits 4 ways; evaluate runs ceil(9/4) = 3
  // layers a stage, and a search with pp = 4 fixed finds that layout (it found none before).
  const TransformerRun run = run_of(gpt(9, 1024, 8, 32000, 1024), 8, 16);
  const auto given = dml::evaluate(run, TransformerLayout{.tp = 1, .pp = 4, .dp = 2});
  REQUIRE(given.feasible);
  const auto best = dml::optimize(run, TransformerLayout{.pp = 4}, 1);
  REQUIRE(best.size() == 1);
  REQUIRE(best[0].feasible);
  CHECK(best[0].layout.pp.value_or(0) == 4);
  CHECK(best[0].layout.interleave.value_or(0) == 1);
  CHECK(best[0].time.step.value() <= given.time.step.value());
}

TEST_CASE("transformer HSDP: states shard inside the group, gradients all-reduce across",
          "[transformer][dp]") {
  // GPT, 4 layers, h 1024, MLP 4h (not gated), vocabulary 32000, untied, one stage. Parameters
  // a GPU holds (dml leaves the norms out of the sharded buffers): per layer attention 4 h^2 =
  // 4,194,304 and MLP 8 h^2 = 8,388,608, so 12,582,912; x 4 = 50,331,648; embeddings 2 V h =
  // 65,536,000; in all 115,867,648.
  const TransformerRun run = no_latency(run_of(gpt(4, 1024, 8, 32000, 1024), 64, 64));
  const auto plan = [&](std::int64_t shard) {
    return dml::evaluate(run, TransformerLayout{.tp = 1,
                                                .pp = 1,
                                                .dp = 64,
                                                .zero = 3,
                                                .shard = shard,
                                                .cp = 1,
                                                .microbatch = 1,
                                                .recompute = Recompute::kNone});
  };
  const auto hsdp = plan(8);
  const auto fsdp = plan(64);
  REQUIRE(hsdp.feasible);
  REQUIRE(fsdp.feasible);
  SECTION("optimizer state (12 B per parameter) is divided by the shard group, not by dp") {
    CHECK_THAT(hsdp.memory.optimizer.value(), WithinRel(115867648.0 * 12 / 8, 1e-12));
    CHECK_THAT(fsdp.memory.optimizer.value(), WithinRel(115867648.0 * 12 / 64, 1e-12));
  }
  SECTION("per layer: 2 all-gathers and a reduce-scatter in the node, an all-reduce across") {
    // Layer buffer S = 12,582,912 x 2 bytes. In the node (337.5 GB/s): 3 x 7/8 S / 337.5e9;
    // across the 8 replicas, one rank per node (47.5 GB/s): 2 x 7/8 x (S / 8) / 47.5e9;
    // in all 3.116294287719298e-4 s. The embedding and the head are units of their own, of
    // V h = 32,768,000 parameters each, 125/48 of a layer's. One microbatch: each unit's once,
    // exposed or hidden (the first gathers and the last reduce-scatter of the largest unit move
    // from hidden to exposed, not into both): (4 + 2 x 125/48) = 9.208333... x that.
    CHECK_THAT(hsdp.time.dp.value() + hsdp.time.dp_hidden.value(),
               WithinRel(3.116294287719298e-4 * (4 + 2 * 125.0 / 48), 1e-9));
  }
  SECTION("the layout says so, and a shard that does not divide dp x cp is refused") {
    CHECK_THAT(dml::layout_text(hsdp.layout), Contains("HSDP: shard 8 x replicate 8"));
    const auto bad = plan(6);
    CHECK_FALSE(bad.feasible);
    CHECK_THAT(bad.violations.front(), Contains("layout.shard: 6 does not divide dp x cp = 64"));
    // (its layout names no replica count that 6 x 10 would not make 64: helper-93)
    CHECK_THAT(dml::layout_text(bad.layout), Contains("HSDP: shard 6)"));
    const auto plain = dml::evaluate(
        run, TransformerLayout{.tp = 1, .pp = 1, .dp = 64, .zero = 0, .shard = 8, .cp = 1});
    CHECK_FALSE(plain.feasible);
    CHECK_THAT(plain.violations.front(), Contains("give zero >= 1"));
  }
}

TEST_CASE("transformer 2D TP: the paper's d_model x d_ff split", "[transformer][tp]") {
  // GPT, 4 layers, h 1024, 8 heads of 128, MLP 4h, on one node of 8 (337.5 GB/s), tp 8 split as
  // tp_model 2 (d_model) x 4 (heads, d_ff), no latency, TP exposed. One microbatch of 1024
  // tokens. Per layer and pass, all-reduces of:
  //   QKV outputs over the 2 d_model ranks: T (a + 2g) d_h / 4 x 2 B = 1,572,864 B, 2 x 1/2 S / bw;
  //   MLP up outputs over them: T f / 4 x 2 = 2,097,152 B;
  //   attention-out and MLP-down outputs over the 4 d_ff ranks: T h / 2 x 2 = 1,048,576 B each,
  //   2 x 3/4 S / bw.
  // Sum: 2.0194797037037038e-05 s; forward and backward, 4 layers, 8 microbatches: x 64.
  const TransformerRun run = no_latency(run_of(gpt(4, 1024, 8, 32000, 1024), 8, 8));
  const auto two_d = dml::evaluate(run, TransformerLayout{.tp = 8,
                                                          .tp_model = 2,
                                                          .sequence_parallel = false,
                                                          .pp = 1,
                                                          .dp = 1,
                                                          .microbatch = 1,
                                                          .recompute = Recompute::kNone});
  REQUIRE(two_d.feasible);
  CHECK_THAT(two_d.time.tp.value(), WithinRel(1.2924670103703704e-3, 1e-9));
  CHECK_THAT(dml::layout_text(two_d.layout), Contains("TP 8 (2D: 2 x 4)"));
  // A tp_model that does not divide tp: no factor of 0 in the text.
  CHECK_THAT(dml::layout_text(TransformerLayout{.tp = 8, .tp_model = 16}),
             StartsWith("TP 8 (2D: tp_model 16) x PP 1"));
  SECTION("sequence parallelism, MoE and a d_model split that does not divide are refused") {
    const auto sp =
        dml::evaluate(run, TransformerLayout{.tp = 8, .tp_model = 2, .sequence_parallel = true});
    CHECK_FALSE(sp.feasible);
    CHECK_THAT(sp.violations.front(), Contains("not with 2D TP"));
    const auto odd = dml::evaluate(run, TransformerLayout{.tp = 8, .tp_model = 3});
    CHECK_FALSE(odd.feasible);
    CHECK_THAT(odd.violations.front(), Contains("layout.tp_model: 3 does not divide tp 8"));
  }
}

TEST_CASE("transformer EP: node-limited routing and FP8 dispatch", "[transformer][ep]") {
  // 32 experts, top-8, EP 32 over 4 nodes of 8, no latency. The all-to-all dispatcher sends
  // each of a token's 8 copies to its expert's rank, 24/32 of them off the node; with the
  // token's experts on at most 2 nodes (or in 2 of 4 groups, one a node) each node still gets
  // 8/4 copies on average, so its bytes and its time do not change.
  Transformer m = gpt(4, 1024, 8, 32000, 1024);
  m.moe = dml::Moe{.experts = 32, .top_k = 8};
  const TransformerLayout layout{.tp = 1, .pp = 1, .dp = 32, .zero = 1, .ep = 32, .microbatch = 1};
  const TransformerRun uniform = no_latency(run_of(m, 32, 32));
  TransformerRun limited = uniform;
  limited.model.moe->max_nodes = 2;
  TransformerRun grouped = uniform;
  grouped.model.moe->groups = 4;
  grouped.model.moe->group_top_k = 2;
  const auto u = dml::evaluate(uniform, layout);
  REQUIRE(u.time.ep.value() > 0);
  CHECK_THAT(dml::evaluate(limited, layout).time.ep.value(), WithinRel(u.time.ep.value(), 1e-12));
  CHECK_THAT(dml::evaluate(grouped, layout).time.ep.value(), WithinRel(u.time.ep.value(), 1e-12));
  // The plan says the limit is read and not used, naming the field; without a limit, under the
  // token dispatcher, or with no expert exchange (EP 1), it says nothing.
  CHECK(u.notes.empty());
  const auto limited_notes = dml::evaluate(limited, layout).notes;
  REQUIRE(limited_notes.size() == 1);
  CHECK_THAT(limited_notes.front(), Contains("moe.max_nodes") && Contains("\"all_to_all\""));
  CHECK_THAT(dml::evaluate(grouped, layout).notes.at(0), Contains("moe.groups"));
  CHECK_THAT(dml::step_plan_summary(dml::evaluate(grouped, layout)),
             Contains("  note: moe.groups limits the nodes a token reaches"));
  TransformerRun token = limited;
  token.stack.dispatcher = dml::MoeDispatcher::kToken;
  CHECK(dml::evaluate(token, layout).notes.empty());
  TransformerLayout ep1 = layout;
  ep1.ep = 1;
  CHECK(dml::evaluate(limited, ep1).notes.empty());
  // FP8 dispatch: of the four all-to-alls (forward dispatch and combine, their two backward),
  // the first moves 1 byte per element instead of 2: (0.5 + 1 + 2) / 4 = 0.875.
  TransformerRun fp8 = uniform;
  fp8.dispatch_precision = dml::DispatchPrecision::kFp8;
  CHECK_THAT(dml::evaluate(fp8, layout).time.ep.value() / u.time.ep.value(),
             WithinRel(0.875, 1e-12));
}

TEST_CASE("transformer EP: expert tensor parallelism", "[transformer][ep]") {
  // GPT, 4 layers, h 1024, MLP 4h (not gated), 8 experts of width 4096, top-2, one node of 8
  // (337.5 GB/s), no latency; TP 2 with SP x DP 4, ZeRO 1, EP 4 with expert TP 1 or 2.
  Transformer m = gpt(4, 1024, 8, 32000, 1024);
  m.moe = dml::Moe{.experts = 8, .top_k = 2};
  const TransformerRun run = no_latency(run_of(m, 8, 8));
  const auto plan = [&](const TransformerRun& r, std::int64_t etp) {
    return dml::evaluate(r, TransformerLayout{.tp = 2,
                                              .sequence_parallel = true,
                                              .pp = 1,
                                              .dp = 4,
                                              .zero = 1,
                                              .cp = 1,
                                              .ep = 4,
                                              .etp = etp,
                                              .microbatch = 1,
                                              .recompute = Recompute::kNone});
  };
  const auto one = plan(run, 1);
  const auto two = plan(run, 2);
  REQUIRE(one.feasible);
  REQUIRE(two.feasible);
  SECTION("the experts' weights split over ep x etp ranks, their optimizer over all 8") {
    // A layer's routed experts: 2 x 1024 x 4096 x 8 = 67,108,864 parameters, over 4 ranks or
    // over 8: 4 layers x 8,388,608 x 2 bytes fewer weights. Expert DP is 8 / 4 = 2 ranks or
    // 8 / 8 = 1, so each rank's share of the experts' optimizer state is 1/8 either way.
    CHECK_THAT(one.memory.weights.value() - two.memory.weights.value(),
               WithinRel(4 * 8388608.0 * 2, 1e-12));
    CHECK_THAT(two.memory.optimizer.value(), WithinRel(one.memory.optimizer.value(), 1e-12));
    CHECK(two.hardware_flop_per_token == one.hardware_flop_per_token);
  }
  SECTION("the copies gathered over the expert TP ranks and reduce-scattered back") {
    // Per layer and microbatch a rank dispatches its 512 tokens (SP) x 2 copies x 1024 values,
    // B = 2 MiB in bf16: each of the four all-to-alls (dispatch, combine and their backward)
    // over 4 ranks moves 3/4 B, and under expert TP 2 each of the four gathers and
    // reduce-scatters of the 2 B the two ranks hold moves 1/2 of it: (3/4 + 1) / (3/4) = 7/3.
    CHECK_THAT(two.time.ep.value() / one.time.ep.value(), WithinRel(7.0 / 3.0, 1e-12));
    // Token-based dispatch sends a token to each GPU holding one of its experts, over the
    // ep x etp ranks: 3 or 7 others, each holding 2 of the 8 experts, hit with probability
    // 1 - C(6, 2) / C(8, 2) = 13/28 each, no gather after: again 7/3.
    TransformerRun token = run;
    token.stack.dispatcher = dml::MoeDispatcher::kToken;
    CHECK_THAT(plan(token, 2).time.ep.value() / plan(token, 1).time.ep.value(),
               WithinRel(7.0 / 3.0, 1e-12));
  }
  SECTION("an EP group's ranks lie etp apart; the experts' FLOPs stay, in narrower GEMMs") {
    // On two nodes of 8, TP 2 x DP 8, EP 4 x expert TP 4: the EP group's ranks (0, 4, 8, 12)
    // span both nodes, 2 on each, so each of its four all-to-alls of B = 2 MiB sends half of it
    // over the network (47.5 GB/s): 1/2 B / 47.5e9; each of the four gathers and reduce-scatters
    // of 4 B over the 4 expert TP ranks in one node 3/4 x 4 B / 337.5e9. 4 layers x 2
    // microbatches (16 sequences over DP 8).
    const TransformerRun two_nodes = no_latency(run_of(m, 16, 16));
    const auto wide = dml::evaluate(two_nodes, TransformerLayout{.tp = 2,
                                                                 .sequence_parallel = true,
                                                                 .pp = 1,
                                                                 .dp = 8,
                                                                 .zero = 1,
                                                                 .cp = 1,
                                                                 .ep = 4,
                                                                 .etp = 4,
                                                                 .microbatch = 1});
    REQUIRE(wide.feasible);
    const double B = 2097152;
    CHECK_THAT(wide.time.ep.value(),
               WithinRel(8 * 4 * (0.5 * B / 47.5e9 + 0.75 * 4 * B / 337.5e9), 1e-9));
    // The same FLOPs at etp 2 as at 1, in GEMMs of twice the rows (1024 a local expert, not
    // 512) and half the width: within a tenth (a little faster here, the rows being the GEMMs'
    // smallest side).
    CHECK_THAT(two.time.gemm.value(), WithinRel(one.time.gemm.value(), 0.1));
  }
  SECTION("the experts keep the gathered copies for their weight gradient") {
    // Per token of the rank's 512 (SP), 2 copies x 2 bytes x 1024 values more under etp 2, its
    // peer's copies (the width-4096 activations split as the copies gather): 4 layers x 512 x
    // 2 x 2 x 1024 B.
    CHECK_THAT(two.memory.activations.value() - one.memory.activations.value(),
               WithinRel(4 * 512 * 2 * 2 * 1024.0, 1e-12));
  }
  SECTION("said in the layout; refused where it does not divide") {
    CHECK_THAT(dml::layout_text(two.layout), Contains("x EP 4 x ETP 2,"));
    CHECK_THAT(dml::layout_text(one.layout), !Contains("ETP"));
    const auto four = plan(run, 4);
    REQUIRE_FALSE(four.feasible);
    CHECK_THAT(four.violations.front(),
               Contains("layout.etp: ep 4 x etp 4 = 16 does not divide tp x dp x cp = 8"));
    const auto three = plan(run, 3);
    REQUIRE_FALSE(three.feasible);
    CHECK_THAT(three.violations.front(),
               Contains("layout.etp: 3 does not divide the experts' d_ff of 4096"));
    const auto dense = dml::evaluate(
        run_of(gpt(4, 1024, 8, 32000, 1024), 8, 8),
        TransformerLayout{.tp = 2, .pp = 1, .dp = 4, .cp = 1, .etp = 2, .microbatch = 1});
    REQUIRE_FALSE(dense.feasible);
    CHECK_THAT(dense.violations.front(), Contains("layout.etp: 2 for a dense model"));
  }
  SECTION("MoE under TP needs SP; an expert TP across nodes and one that divides no split say so") {
    TransformerLayout no_sp{.tp = 2, .sequence_parallel = false, .pp = 1, .dp = 4, .ep = 4};
    TransformerRun megatron = run;
    megatron.stack.has_sequence_parallel = true;
    const auto refused = dml::evaluate(megatron, no_sp);
    REQUIRE_FALSE(refused.feasible);
    CHECK_THAT(refused.violations.front(),
               Contains("layout.sequence_parallel: a mixture of experts with tp > 1 needs "
                        "sequence parallelism"));
    const auto wide = dml::evaluate(
        no_latency(run_of(m, 16, 16)),
        TransformerLayout{
            .tp = 1, .pp = 1, .dp = 16, .zero = 1, .ep = 1, .etp = 16, .microbatch = 1});
    REQUIRE(wide.feasible);
    CHECK(std::any_of(wide.notes.begin(), wide.notes.end(), [](const std::string& n) {
      return n.starts_with("etp 16 spans 2 nodes of 8 GPUs");
    }));
    const auto three = dml::optimize(run, TransformerLayout{.etp = 3}, 1);
    REQUIRE(three.size() == 1);
    CHECK_FALSE(three[0].feasible);
    const auto& why = three[0].violations;
    CHECK(std::any_of(why.begin(), why.end(), [](const std::string& w) {
      return w.starts_with("layout.etp: 3 does not divide the 8 GPUs");
    }));
    CHECK(std::none_of(why.begin(), why.end(),
                       [](const std::string& w) { return w.starts_with("layout.etp: ep "); }));
  }
  SECTION("left out under TP, it is assumed 1 and said; the search holds a given one") {
    TransformerLayout left{.tp = 2, .sequence_parallel = true, .pp = 1, .dp = 4, .ep = 4};
    const auto p = dml::evaluate(run, left);
    CHECK(std::any_of(p.assumed.begin(), p.assumed.end(), [](const std::string& a) {
      return a.starts_with("etp = 1 (Megatron-Core's own default is tp");
    }));
    const auto best = dml::optimize(run, TransformerLayout{.etp = 2}, 3);
    REQUIRE_FALSE(best.empty());
    for (const auto& b : best) {
      REQUIRE(b.feasible);
      CHECK(b.layout.etp == 2);
    }
  }
}

TEST_CASE("transformer MoE: one MoE layer in every few, between dense ones", "[transformer][moe]") {
  // GPT, 8 layers, h 1024, MLP 4h (not gated), vocabulary 32000, untied; 8 experts of width
  // 4096, top-1, one layer in 2 a MoE layer (layers 1, 3, 5, 7). Per layer: attention 4 h^2 =
  // 4,194,304; a dense MLP 8 h^2 = 8,388,608; a MoE layer's experts 8 x 8,388,608 and router
  // 8 h: 67,117,056. Total: embeddings 2 x 32000 x 1024 = 65,536,000, norms 2 h 8 + h = 17,408,
  // 8 attentions, 4 dense MLPs, 4 MoE layers: 401,130,496.
  Transformer m = gpt(8, 1024, 8, 32000, 1024);
  m.moe = dml::Moe{.experts = 8, .top_k = 1, .every = 2};
  CHECK(dml::total_params(m) == 401130496.0);
  // With one dense first layer and 9 layers, layers 2, 4, 6 and 8 route: 5 dense MLPs.
  Transformer nine = gpt(9, 1024, 8, 32000, 1024);
  nine.moe = dml::Moe{.experts = 8, .top_k = 1, .dense_layers = 1, .every = 2};
  CHECK(dml::total_params(nine) == 413715456.0);
  // Two stages of 4 layers each hold 2 dense and 2 MoE layers and an embedding or the head:
  // (4 attentions + 2 dense MLPs + 2 MoE layers + 32000 x 1024) x 2 bytes of weights.
  const auto two = dml::evaluate(run_of(m, 2, 8), TransformerLayout{.tp = 1,
                                                                    .pp = 2,
                                                                    .dp = 1,
                                                                    .zero = 0,
                                                                    .ep = 1,
                                                                    .microbatch = 1,
                                                                    .recompute = Recompute::kNone});
  REQUIRE(two.feasible);
  CHECK(two.memory.weights.value() == 401113088.0);
  // The busiest stage holds as many MoE layers as the device with the most. 6 layers on 4
  // stages, the ends a layer short (embedding and loss each take a place): layers 0 | 1 2 | 3 4
  // | 5, one MoE layer at most a device, as 8 layers' 0 1 | 2 3 | 4 5 | 6 7: against every layer
  // a MoE layer, the same share of the matmul time (helper-360: the fewest dense, the first
  // device's 0 of 1, had put 2 MoE layers on a stage of the 6). A vocabulary of 1024 keeps the
  // last device, the logits beside its one MoE layer, from setting the pace.
  const TransformerLayout four{.tp = 1,
                               .pp = 4,
                               .dp = 1,
                               .zero = 0,
                               .ep = 1,
                               .microbatch = 1,
                               .recompute = Recompute::kNone};
  const auto gemm = [&](std::int64_t layers, std::int64_t every) {
    Transformer t = gpt(layers, 1024, 8, 1024, 1024);
    t.moe = dml::Moe{.experts = 8, .top_k = 1, .every = every};
    const auto p = dml::evaluate(run_of(t, 4, 16), four);
    REQUIRE(p.feasible);
    return p.time.gemm.value();
  };
  CHECK_THAT(gemm(6, 2) / gemm(6, 1), WithinRel(gemm(8, 2) / gemm(8, 1), 1e-12));
  CHECK(gemm(6, 2) < gemm(6, 1));
  // One-layer stages: 4 layers on 4 devices hold dense, MoE, dense, MoE. With narrow experts
  // (width 256) and a small vocabulary the dense devices set the pace, and the fill and drain
  // pass through the other three: one dense device, two MoE ones. A wider dense MLP (16h
  // against 4h) lengthens the pace and the bubble by the same time (helper-360: the devices
  // were timed up to the first without a dense layer, device 1, and the third device's dense
  // layer entered the bubble at the MoE stage's time).
  const auto one_layer_stages = [&](std::int64_t d_ff) {
    Transformer t = gpt(4, 1024, 8, 1024, 1024);
    t.d_ff = d_ff;
    t.moe = dml::Moe{.experts = 8, .top_k = 1, .expert_d_ff = 256, .every = 2};
    const auto p = dml::evaluate(no_latency(run_of(t, 4, 8)), pipeline(4));
    REQUIRE(p.feasible);
    return p;
  };
  const auto narrow = one_layer_stages(4 * 1024), wide = one_layer_stages(16 * 1024);
  const double pace_grew = per_microbatch(wide, 8) - per_microbatch(narrow, 8);
  CHECK(pace_grew > 0);
  CHECK_THAT(wide.time.bubble.value() - narrow.time.bubble.value(), WithinRel(pace_grew, 1e-9));
  // A model whose every leaves no MoE layer is refused where declared.
  Transformer none = gpt(4, 1024, 8, 32000, 1024);
  none.moe = dml::Moe{.experts = 8, .top_k = 1, .dense_layers = 2, .every = 3};
  CHECK_THROWS_WITH(dml::validate(run_of(none, 2, 8)),
                    Contains("moe.every: 3 leaves no MoE layer of the 4 after the 2 dense"));
  // Activation offloading of 4 layers, 2 offloaded, layers 1 and 3 MoE: the first copy (a dense
  // layer's, 3) under layer 1's forward (MoE, 2): 1 exposed; the second (layer 1's, MoE, 5)
  // under layers 2 and 3 (1 + 2): 2; the backward's windows (2 + 4 = 6, 4) hide both.
  CHECK(dml::detail::offload_exposed(4, 2, 0, {.dense = 3, .moe = 5}, {.dense = 1, .moe = 2},
                                     {.dense = 2, .moe = 4}, 2) == 3.0);
}

TEST_CASE("transformer MoE: each layer's kind given as a pattern", "[transformer][moe]") {
  // A pattern that says what dense_layers or every say costs the same layouts the same: the
  // pattern runs the per-device path (every device's own dense and MoE layers), the dense first
  // layers their own shortcut.
  const auto plan_of = [](const dml::Moe& moe, const TransformerLayout& layout) {
    Transformer t = gpt(8, 1024, 8, 32000, 1024);
    t.moe = moe;
    TransformerRun r = no_latency(run_of(t, 8, 16));
    r.cluster.gpu.host_bandwidth = bytes_per_s(50e9);  // a PCIe Gen5 link, for offloading
    r.stack.offloads_activations = true;
    return dml::evaluate(r, layout);
  };
  const auto same = [&](const dml::Moe& given, const dml::Moe& pattern) {
    for (const TransformerLayout& layout :
         {TransformerLayout{.tp = 1, .pp = 1, .dp = 8, .zero = 1, .ep = 8, .microbatch = 1},
          TransformerLayout{.tp = 1, .pp = 2, .dp = 4, .zero = 1, .ep = 4, .microbatch = 1},
          TransformerLayout{
              .tp = 1, .pp = 4, .interleave = 2, .dp = 2, .zero = 1, .ep = 2, .microbatch = 1},
          TransformerLayout{
              .tp = 1, .pp = 1, .dp = 8, .zero = 1, .ep = 8, .microbatch = 1, .offload = 3}}) {
      const auto a = plan_of(given, layout), b = plan_of(pattern, layout);
      INFO((a.violations.empty() ? std::string() : a.violations.front()));
      REQUIRE(a.feasible);
      REQUIRE(b.feasible);
      CHECK_THAT(b.time.step.value(), WithinRel(a.time.step.value(), 1e-12));
      CHECK_THAT(b.time.bubble.value(), WithinRel(a.time.bubble.value(), 1e-12));
      CHECK_THAT(b.memory.total.value(), WithinRel(a.memory.total.value(), 1e-12));
    }
  };
  const std::vector<std::int64_t> three_dense{0, 0, 0, 1, 1, 1, 1, 1};
  const std::vector<std::int64_t> every_second{0, 1, 0, 1, 0, 1, 0, 1};
  same(dml::Moe{.experts = 8, .top_k = 2, .dense_layers = 3},
       dml::Moe{.experts = 8, .top_k = 2, .pattern = three_dense});
  same(dml::Moe{.experts = 8, .top_k = 2, .every = 2},
       dml::Moe{.experts = 8, .top_k = 2, .pattern = every_second});
  // Uneven splits (helper-362): 9 layers, the first dense, a dense MLP 16h wide beside experts
  // of 1024, on 2 stages of 5 and 4 layers, or 4 of 3, 2, 2, 2 interleaved: no device holds a
  // full stage of MoE layers, and each path costs the layers its devices hold.
  const auto plan9 = [](const dml::Moe& moe, const TransformerLayout& layout) {
    Transformer t = gpt(9, 1024, 8, 32000, 1024);
    t.d_ff = 16 * 1024;
    t.moe = moe;
    t.moe->expert_d_ff = 1024;
    return dml::evaluate(no_latency(run_of(t, 8, 16)), layout);
  };
  for (const TransformerLayout& layout :
       {TransformerLayout{.tp = 1, .pp = 2, .dp = 4, .zero = 1, .ep = 4, .microbatch = 1},
        TransformerLayout{.tp = 2, .pp = 4, .dp = 1, .zero = 1, .ep = 2, .microbatch = 1}}) {
    const auto a = plan9(dml::Moe{.experts = 8, .top_k = 2, .dense_layers = 1}, layout);
    const auto b = plan9(dml::Moe{.experts = 8,
                                  .top_k = 2,
                                  .pattern = std::vector<std::int64_t>{0, 1, 1, 1, 1, 1, 1, 1, 1}},
                         layout);
    REQUIRE(a.feasible);
    REQUIRE(b.feasible);
    CHECK_THAT(b.time.step.value(), WithinRel(a.time.step.value(), 1e-12));
    CHECK_THAT(b.time.gemm.value(), WithinRel(a.time.gemm.value(), 1e-12));
    CHECK_THAT(b.time.dp.value(), WithinRel(a.time.dp.value(), 1e-12));
    CHECK_THAT(b.memory.total.value(), WithinRel(a.memory.total.value(), 1e-12));
  }
  // The modules' places spilling out of the last chunk (helper-363): 13 layers, one MTP module,
  // 8 stages of 2 chunks, 16 places of one (embedding, 13 layers, module, loss): the two
  // declarations cost the last device alike (its layer, the module, the logits).
  const auto spill = [](const dml::Moe& moe) {
    Transformer t = gpt(13, 1024, 8, 32000, 1024);
    t.d_ff = 256;
    t.mtp_layers = 1;
    t.moe = moe;
    t.moe->expert_d_ff = 1024;
    return dml::evaluate(no_latency(run_of(t, 8, 16)), pipeline(8, Schedule::k1F1B, 2));
  };
  const auto spill_k = spill(dml::Moe{.experts = 8, .top_k = 2, .dense_layers = 4});
  const auto spill_p =
      spill(dml::Moe{.experts = 8,
                     .top_k = 2,
                     .pattern = std::vector<std::int64_t>{0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1}});
  REQUIRE(spill_k.feasible);
  CHECK_THAT(spill_p.time.step.value(), WithinRel(spill_k.time.step.value(), 1e-12));
  // A pattern's dense layers after a device of MoE layers alone count in memory (helper-362):
  // 8 layers on 4 stages, devices 2's two wide dense layers (d_ff 64h) hold more than any other.
  const auto memory8 = [](std::vector<std::int64_t> pattern) {
    Transformer t = gpt(8, 1024, 8, 1024, 1024);
    t.d_ff = 64 * 1024;
    t.moe = dml::Moe{.experts = 8, .top_k = 2, .expert_d_ff = 512, .pattern = std::move(pattern)};
    const auto p = dml::evaluate(
        no_latency(run_of(t, 8, 16)),
        TransformerLayout{.tp = 2, .pp = 4, .dp = 1, .zero = 1, .ep = 2, .microbatch = 1});
    REQUIRE(p.feasible);
    return p.memory.weights.value();
  };
  CHECK_THAT(memory8({1, 1, 1, 1, 0, 0, 1, 1}),
             WithinRel(memory8({1, 1, 0, 0, 1, 1, 1, 1}), 1e-12));
  CHECK(memory8({1, 1, 1, 1, 0, 0, 1, 1}) > memory8({1, 1, 1, 1, 1, 1, 1, 1}));
  // The parameters count the pattern's MoE layers: Megatron's [1, 0] * 4 (the first of each
  // pair) holds as many as every = 2 (the last).
  Transformer first = gpt(8, 1024, 8, 32000, 1024), last = first;
  first.moe = dml::Moe{
      .experts = 8, .top_k = 1, .pattern = std::vector<std::int64_t>{1, 0, 1, 0, 1, 0, 1, 0}};
  last.moe = dml::Moe{.experts = 8, .top_k = 1, .every = 2};
  CHECK(dml::total_params(first) == 401130496.0);  // as every = 2 (the test above)
  CHECK(dml::total_params(first) == dml::total_params(last));
  // Errors, where declared.
  Transformer bad = gpt(8, 1024, 8, 32000, 1024);
  bad.moe = dml::Moe{.experts = 8, .top_k = 1, .pattern = std::vector<std::int64_t>{1, 0, 1}};
  CHECK_THROWS_WITH(dml::validate(run_of(bad, 8, 8)),
                    Contains("moe.pattern: has 3 entries for the 8 layers: one a layer"));
  bad.moe->pattern = std::vector<std::int64_t>(8, 0);
  CHECK_THROWS_WITH(dml::validate(run_of(bad, 8, 8)),
                    Contains("moe.pattern: has no MoE layer (a 1)"));
  bad.moe = dml::Moe{.experts = 8, .top_k = 1, .dense_layers = 1, .pattern = three_dense};
  CHECK_THROWS_WITH(dml::validate(run_of(bad, 8, 8)),
                    Contains("moe.pattern: gives each layer's kind: leave out dense_layers (or set "
                             "pattern = false to drop it)"));
  // Offloading's windows read the pattern's kinds: as every = 2's.
  const std::vector<double> prefix{0, 0, 1, 1, 2};
  CHECK(dml::detail::offload_exposed_by_pass(4, 2, 0, {.dense = 3, .moe = 5},
                                             {.dense = 1, .moe = 2}, {.dense = 2, .moe = 4}, 1,
                                             prefix)
            .forward == dml::detail::offload_exposed_by_pass(4, 2, 0, {.dense = 3, .moe = 5},
                                                             {.dense = 1, .moe = 2},
                                                             {.dense = 2, .moe = 4}, 2)
                            .forward);
}

TEST_CASE("transformer MoE: a capacity factor drops or pads the experts' tokens",
          "[transformer][moe]") {
  // GPT, 4 layers, h 1024, 8 experts of width 4096, top-2, a routing imbalance of 1.5, on one
  // node of 8 as DP 8 x EP 8, no latency: the all-to-alls' time is their bytes, which scale
  // with the busiest rank's load.
  Transformer m = gpt(4, 1024, 8, 32000, 1024);
  m.moe = dml::Moe{.experts = 8, .top_k = 2, .imbalance = 1.5};
  const TransformerLayout layout{.tp = 1, .pp = 1, .dp = 8, .zero = 1, .ep = 8, .microbatch = 1};
  const auto with = [&](std::optional<double> factor, bool pad) {
    TransformerRun r = no_latency(run_of(m, 8, 8));
    r.model.moe->capacity_factor = factor;
    r.model.moe->pad_to_capacity = pad;
    return dml::evaluate(r, layout);
  };
  const auto dropless = with(std::nullopt, false);
  const auto dropped = with(1.25, false);
  const auto roomy = with(2.0, false);
  const auto padded = with(2.0, true);
  REQUIRE(dropless.feasible);
  // Dropping caps the busiest rank at 1.25 times the mean (and says so); a capacity above the
  // load changes nothing; padded, every rank moves and computes 2 times the mean.
  CHECK_THAT(dropped.time.ep.value() / dropless.time.ep.value(), WithinRel(1.25 / 1.5, 1e-12));
  CHECK(roomy.time.step.value() == dropless.time.step.value());
  CHECK_THAT(padded.time.ep.value() / dropless.time.ep.value(), WithinRel(2 / 1.5, 1e-12));
  CHECK(padded.time.gemm.value() > dropless.time.gemm.value());
  REQUIRE(dropped.notes.size() == 1);
  CHECK_THAT(dropped.notes.front(),
             Contains("moe.capacity_factor 1.25 is below the busiest expert's load (1.5 times the "
                      "mean): it drops 17% of its routed copies,"));
  CHECK(roomy.notes.empty());
  CHECK(padded.notes.empty());
  // The padding's work is hardware FLOPs: per token and MoE layer the experts' forward is
  // 2 x 2 copies x 2 matrices x 1024 x 4096 = 33,554,432 FLOPs, three passes, 4 layers, one more
  // mean's worth. The model's FLOPs do not change.
  CHECK_THAT(padded.hardware_flop_per_token - dropless.hardware_flop_per_token,
             WithinRel(33554432.0 * 3 * 4, 1e-12));
  CHECK(padded.model_flop_per_token == dropless.model_flop_per_token);
  CHECK(roomy.hardware_flop_per_token == dropless.hardware_flop_per_token);
  // Dropping keeps fewer copies for the backward: per token 2 copies x (1.5 - 1.25) x (2 x 1024
  // bytes of the dispatched token + 4 x 4096 of the MLP's activations) = 9216 bytes, x 1024
  // tokens x 4 layers.
  CHECK_THAT(dropless.memory.activations.value() - dropped.memory.activations.value(),
             WithinRel(4 * 1024 * 2 * 0.25 * (2 * 1024 + 4 * 4096.0), 1e-12));
  // A factor below 1 drops copies of every expert even when balanced: half of them here, in
  // the exchanges and in the hardware FLOPs (half a mean's worth, three passes, 4 layers).
  const auto half = with(0.5, false);
  CHECK_THAT(half.time.ep.value() / dropless.time.ep.value(), WithinRel(0.5 / 1.5, 1e-12));
  CHECK_THAT(dropless.hardware_flop_per_token - half.hardware_flop_per_token,
             WithinRel(0.5 * 33554432.0 * 3 * 4, 1e-12));
  // The MFU counts the copies kept (helper-359: a bf16 MFU past 100% when most were dropped):
  // the same half of the experts' model FLOPs less, so never above the HFU.
  CHECK_THAT(dropless.model_flop_per_token - half.model_flop_per_token,
             WithinRel(0.5 * 33554432.0 * 3 * 4, 1e-12));
  CHECK(half.mfu <= half.hfu);
  CHECK_THAT(half.notes.at(0), Contains("every expert at least 50%") &&
                                   Contains("the experts' FLOPs of the copies kept"));
  // Whether copies drop is the routing's, not the layout's: said at EP 1 too.
  TransformerLayout ep1 = layout;
  ep1.ep = 1;
  TransformerRun one_rank = no_latency(run_of(m, 8, 8));
  one_rank.model.moe->capacity_factor = 1.25;
  CHECK_THAT(dml::evaluate(one_rank, ep1).notes.at(0), Contains("drops 17% of its routed copies"));
  // Padded below the load, the excess is dropped first: said too.
  const auto tight = with(1.0, true);
  REQUIRE(tight.notes.size() == 1);
  CHECK_THAT(tight.notes.front(), Contains("(every expert padded to it)"));
  // The padding's FLOPs count the MoE layers only, with their MTP module's, in every pass: a
  // gated model (3 matrices), 6 layers of which the first 2 dense, one MTP module, full
  // recompute (4 passes), experts of width 1024 padded to 1.5 times the mean: 0.5 x 4 passes x
  // 5 MoE layers x 2 x 2 copies x 3 x 1024 x 1024 = 125,829,120 FLOPs a token more.
  Transformer g{.layers = 6,
                .d_model = 1024,
                .heads = 8,
                .d_ff = 4096,
                .gated = true,
                .vocab = 32000,
                .seq_len = 1024,
                .mtp_layers = 1,
                .moe = dml::Moe{.experts = 8, .top_k = 2, .expert_d_ff = 1024, .dense_layers = 2}};
  const TransformerLayout full{.tp = 1,
                               .pp = 1,
                               .dp = 8,
                               .zero = 1,
                               .ep = 8,
                               .microbatch = 1,
                               .recompute = Recompute::kFull};
  const auto g_dropless = dml::evaluate(no_latency(run_of(g, 8, 8)), full);
  g.moe->capacity_factor = 1.5;
  g.moe->pad_to_capacity = true;
  const auto g_padded = dml::evaluate(no_latency(run_of(g, 8, 8)), full);
  CHECK_THAT(g_padded.hardware_flop_per_token - g_dropless.hardware_flop_per_token,
             WithinRel(125829120.0, 1e-12));
}

TEST_CASE("transformer EP: token-based dispatch (DeepEP, HybridEP)", "[transformer][ep]") {
  // 32 experts, top-8, no latency. A block of x experts misses all 8 of a token's with
  // probability C(32 - x, 8) / C(32, 8).
  Transformer m = gpt(4, 1024, 8, 32000, 1024);
  m.moe = dml::Moe{.experts = 32, .top_k = 8};
  const auto token = [](TransformerRun r) {
    r.stack.dispatcher = dml::MoeDispatcher::kToken;
    return r;
  };
  // 48 experts, top-8, token-based dispatch, on `gpus` GPUs; and a run with expert groups.
  const auto run48 = [&token](std::int64_t gpus) {
    Transformer m48 = gpt(4, 1024, 8, 32000, 1024);
    m48.moe = dml::Moe{.experts = 48, .top_k = 8};
    return token(no_latency(run_of(m48, gpus, gpus)));
  };
  const auto with_groups = [](TransformerRun r, std::int64_t groups, std::int64_t top) {
    r.model.moe->groups = groups;
    r.model.moe->group_top_k = top;
    return r;
  };
  SECTION("across 4 nodes of 8: once per remote node reached, then over its NVLink") {
    // EP 32, one expert a GPU: a token reaches 7 x (1 - 24/32) = 1.75 other GPUs of its node
    // and 3 x (1 - C(24,8)/C(32,8)) = 2.7902 remote nodes (of 8 experts each), where each
    // arrival is forwarded to 1.75 / 0.930077 GPUs: NVLink carries 1.75 + 3 x 1.75 = 7 tokens,
    // 7 x 2 MiB at 337.5 GB/s = 43.5 us, the network 2.7902 tokens at 47.5 GB/s = 123.2 us, which
    // sets the time. The all-to-all sends 8 x 24/32 = 6 copies over the network: the ratio is
    // 2.7902 / 6 = 0.465039.
    const TransformerLayout layout{
        .tp = 1, .pp = 1, .dp = 32, .zero = 1, .ep = 32, .microbatch = 1};
    const TransformerRun all = no_latency(run_of(m, 32, 32));
    const auto a = dml::evaluate(all, layout);
    const auto t = dml::evaluate(token(all), layout);
    REQUIRE(a.time.ep.value() > 0);
    CHECK_THAT(t.time.ep.value() / a.time.ep.value(), WithinRel(0.4650385043210405, 1e-12));
    // Routing to at most 2 nodes: 2 x 3/4 = 1.5 remote nodes, a quarter of the all-to-all's 6.
    TransformerRun limited = token(all);
    limited.model.moe->max_nodes = 2;
    CHECK_THAT(dml::evaluate(limited, layout).time.ep.value() / a.time.ep.value(),
               WithinRel(0.25, 1e-12));
    // Group-limited routing bounds the nodes the same way where the groups line up with them:
    // 4 groups of 8 experts, one a node, a token's experts in 2 of them; or 2 groups of 16,
    // each over 2 nodes, a token's in 1 of them.
    const auto ratio = [&](const TransformerRun& r) {
      return dml::evaluate(r, layout).time.ep.value() / a.time.ep.value();
    };
    TransformerRun by_node = with_groups(token(all), 4, 2);
    CHECK_THAT(ratio(by_node), WithinRel(0.25, 1e-12));
    CHECK_THAT(ratio(with_groups(token(all), 2, 1)), WithinRel(0.25, 1e-12));
    // 8 groups of 4 (two a node), a token's experts in 4 of them: up to 4 nodes, all there
    // are, so no limit; and max_nodes and groups together take the tighter bound.
    TransformerRun loose = with_groups(token(all), 8, 4);
    CHECK_THAT(ratio(loose), WithinRel(0.4650385043210405, 1e-12));
    loose.model.moe->max_nodes = 2;
    CHECK_THAT(ratio(loose), WithinRel(0.25, 1e-12));
    // A looser max_nodes beside the groups' bound of 2 leaves the groups' bound.
    by_node.model.moe->max_nodes = 3;
    CHECK_THAT(ratio(by_node), WithinRel(0.25, 1e-12));
  }
  SECTION("an EP group in unequal pieces of nodes takes no bound from the groups") {
    // 48 experts, EP 12 on nodes of 8: the group's ranks lie 8 on one node and 4 on the next
    // (32 and 16 experts), so of 2 groups of 24 the second straddles the two nodes, and a token
    // whose experts are all in it may reach both: the time is the one without groups.
    const TransformerLayout layout{
        .tp = 1, .pp = 1, .dp = 24, .zero = 1, .ep = 12, .microbatch = 1};
    const auto p = dml::evaluate(run48(24), layout);
    REQUIRE(p.time.ep.value() > 0);
    CHECK_THAT(dml::evaluate(with_groups(run48(24), 2, 1), layout).time.ep.value(),
               WithinRel(p.time.ep.value(), 1e-12));
  }
  SECTION("groups that do not line up with the nodes set no limit") {
    // 48 experts in 3 groups of 16 on EP 16 over 2 nodes (24 experts a node): a group straddles
    // the nodes, so dml takes no bound from 1 group a token. A token reaches 7 x (1 - C(45,8) /
    // C(48,8)) other GPUs of its node and 1 - C(24,8)/C(48,8) remote nodes, as without groups.
    const TransformerLayout layout{
        .tp = 1, .pp = 1, .dp = 16, .zero = 1, .ep = 16, .microbatch = 1};
    const auto p = dml::evaluate(run48(16), layout);
    REQUIRE(p.time.ep.value() > 0);
    CHECK_THAT(dml::evaluate(with_groups(run48(16), 3, 1), layout).time.ep.value(),
               WithinRel(p.time.ep.value(), 1e-12));
    // Without groups the network sets the time: a token reaches 1 - C(24,8)/C(48,8) = 0.998
    // remote nodes, 0.998 / 47.5 GB/s, against NVLink's 2 x 7 x (1 - C(45,8)/C(48,8)) tokens at
    // 337.5 GB/s. With 2 groups of 24, one a node, and a token's experts in 1 of them, it
    // reaches 1 node, the other half the time: 0.5 remote nodes, and its 8 experts there reach
    // 7 x (1 - (7/8)^8) GPUs other than a given one, half the time on its own node and half
    // forwarded; now NVLink sets the time, 7 x (1 - (7/8)^8) / 337.5 GB/s.
    CHECK_THAT(
        dml::evaluate(with_groups(run48(16), 2, 1), layout).time.ep.value() / p.time.ep.value(),
        WithinRel(0.6479296172417266, 1e-12));
  }
  SECTION("when NVLink sets the time, the forwarded copies count") {
    // The same layout with a 1,000 GB/s network (475 GB/s a direction at 0.95). The all-to-all
    // stays network-bound (6 copies at 475 GB/s against 1.75 at 337.5 GB/s); the token
    // exchange's NVLink carries 7 tokens (1.75 of its own node, 3 x 1.75 forwarded): the ratio is
    // (7 / 337.5) / (6 / 475) = 3325 / 2025.
    const TransformerLayout layout{
        .tp = 1, .pp = 1, .dp = 32, .zero = 1, .ep = 32, .microbatch = 1};
    TransformerRun all = no_latency(run_of(m, 32, 32));
    all.cluster.levels[1].bandwidth = bytes_per_s(1000e9);
    const auto a = dml::evaluate(all, layout);
    REQUIRE(a.time.ep.value() > 0);
    CHECK_THAT(dml::evaluate(token(all), layout).time.ep.value() / a.time.ep.value(),
               WithinRel(3325.0 / 2025.0, 1e-12));
    // Routing to at most 2 nodes crowds the 8 experts into 2 nodes, 4 in each: a node then
    // reaches 7 x (1 - (7/8)^4) = 11865/4096 GPUs other than a given one. Own node half the
    // time, 1.5 remote nodes: NVLink carries (0.5 + 1.5) x 11865/4096 tokens (its network share,
    // 1.5 at 475 GB/s, is shorter), against the all-to-all's 6 copies at 475 GB/s, which the
    // limit does not change: (2 x 11865/4096 / 337.5) / (6 / 475).
    TransformerRun limited_all = all;
    limited_all.model.moe->max_nodes = 2;
    CHECK_THAT(dml::evaluate(limited_all, layout).time.ep.value(),
               WithinRel(a.time.ep.value(), 1e-12));
    CHECK_THAT(dml::evaluate(token(limited_all), layout).time.ep.value() / a.time.ep.value(),
               WithinRel((2 * 11865.0 / 4096.0 / 337.5) / (6.0 / 475.0), 1e-12));
  }
  SECTION("inside one node: once per GPU reached") {
    // EP 8 on 8 GPUs, 4 experts a GPU: a token reaches 7 x (1 - C(28,8)/C(32,8)) = 4.9315 of the
    // other GPUs, against the all-to-all's 8 x 7/8 = 7 copies, both over NVLink: 0.704505.
    const TransformerLayout layout{.tp = 1, .pp = 1, .dp = 8, .zero = 1, .ep = 8, .microbatch = 1};
    const TransformerRun all = no_latency(run_of(m, 8, 8));
    const auto a = dml::evaluate(all, layout);
    REQUIRE(a.time.ep.value() > 0);
    CHECK_THAT(dml::evaluate(token(all), layout).time.ep.value() / a.time.ep.value(),
               WithinRel(0.7045050055617352, 1e-12));
  }
}

TEST_CASE("transformer precision: FP4 (NVFP4) linears at the GPU's fp4_gain, refused without one",
          "[transformer][precision]") {
  // GPT, 2 layers, d_model 8192, 4,096 tokens a microbatch on 8 GPUs: every linear is
  // compute-bound, so its time is FLOPs / (peak x gemm x gain) and the matmuls' time scales as
  // 1 / gain: FP8 at 1.8, FP4 at 3.0, a ratio of 0.6.
  TransformerRun run = run_of(gpt(2, 8192, 64, 32000, 4096), 8, 8);
  run.cluster.gpu.efficiency->fp8_gain = 1.8;
  run.cluster.gpu.efficiency->fp4_gain = 3.0;
  const TransformerLayout layout{.tp = 1, .pp = 1, .dp = 8, .microbatch = 1};
  TransformerRun fp8 = run;
  fp8.precision = dml::Precision::kFp8;
  TransformerRun fp4 = run;
  fp4.precision = dml::Precision::kFp4;
  const auto a = dml::evaluate(fp8, layout);
  const auto b = dml::evaluate(fp4, layout);
  REQUIRE(a.time.gemm.value() > 0);
  CHECK_THAT(b.time.gemm.value() / a.time.gemm.value(), WithinRel(0.6, 1e-12));
  // The model's FLOPs and MFU's 16-bit peak do not change with the precision.
  CHECK_THAT(b.model_flop_per_token, WithinRel(a.model_flop_per_token, 1e-12));
  // Without an FP4 rate the run is refused, naming the field and the GPU.
  TransformerRun none = fp4;
  none.cluster.gpu.efficiency->fp4_gain = 0;
  CHECK_THROWS_WITH(dml::evaluate(none, layout),
                    Contains("precision") && Contains("fp4_gain is 0"));
  // A GPU without FP8 tensor cores (no fp8 in its flop rates, as the A100's) runs neither the
  // linears nor the dispatch in FP8.
  TransformerRun ampere = fp8;
  ampere.cluster.gpu.flop_per_clock_per_thread.fp8.reset();
  CHECK_THROWS_WITH(dml::evaluate(ampere, layout),
                    Contains("run.precision") && Contains("has no FP8 rate"));
  ampere.precision = dml::Precision::kBf16;
  CHECK_NOTHROW(dml::evaluate(ampere, layout));
  ampere.dispatch_precision = dml::DispatchPrecision::kFp8;
  CHECK_THROWS_WITH(dml::evaluate(ampere, layout), Contains("dispatch_precision"));
}

TEST_CASE("transformer recompute \"op\": torchtitan's per-op selective checkpointing",
          "[transformer][recompute]") {
  // GPT, 4 layers, h 1024, MLP 4h: the linear layers' forward is 2 x 12 L h^2 = 100,663,296
  // FLOPs per token; "op" runs half of it again.
  const TransformerRun run = run_of(gpt(4, 1024, 8, 32000, 1024), 8, 8);
  const auto plan = [&](Recompute r) {
    return dml::evaluate(run, TransformerLayout{.tp = 1, .pp = 1, .dp = 8, .recompute = r});
  };
  const auto op = plan(Recompute::kOp);
  const auto none = plan(Recompute::kNone);
  const auto full = plan(Recompute::kFull);
  CHECK_THAT(op.hardware_flop_per_token - op.model_flop_per_token, WithinRel(50331648.0, 1e-12));
  // Half the GEMM forward and all the element-wise forward (the totals count 3 passes).
  CHECK_THAT(op.time.recompute.value(),
             WithinRel(op.time.gemm.value() / 6 + op.time.elementwise.value() / 3, 1e-12));
  CHECK(op.memory.activations.value() < none.memory.activations.value());
  CHECK(op.memory.activations.value() > full.memory.activations.value());
}

TEST_CASE("transformer recompute \"norms\": the two norms' outputs dropped and rerun",
          "[transformer][memory]") {
  // GPT-style, 24 layers, h = 2048, on 2 GPUs with TP 2 and SP, one microbatch of 2 sequences of
  // 2048 tokens (T = 4096), flash attention: Megatron-Core's "layernorm" module keeps each norm's
  // input and drops its output (2h bytes, /t under SP), and reruns both norms in the backward.
  dml::Stack stack{.name = "test"};
  stack.recompute_norms = true;
  const auto plan = [&](const dml::TransformerRun& run, Recompute r) {
    return dml::evaluate(run, TransformerLayout{.tp = 2,
                                                .sequence_parallel = true,
                                                .pp = 1,
                                                .dp = 1,
                                                .zero = 0,
                                                .microbatch = 2,
                                                .recompute = r});
  };
  dml::TransformerRun run = run_of(gpt(24, 2048, 16, 51200, 2048), 2, 2, stack);
  const auto none = plan(run, Recompute::kNone);
  const auto norms = plan(run, Recompute::kNorms);
  REQUIRE(none.violations.empty());
  REQUIRE(norms.violations.empty());
  SECTION("memory: two norm outputs of 2h / t bytes per token and layer fewer") {
    // 2 x 2 x 2048 / 2 = 4,096 bytes x 4,096 tokens x 24 layers = 402,653,184.
    CHECK_THAT(none.memory.activations.value() - norms.memory.activations.value(),
               WithinRel(402653184.0, 1e-12));
  }
  SECTION("time: both norms' forward again, 4h bytes each over HBM per token, / t under SP") {
    // 2 norms x 4 x 2048 / 2 = 8,192 bytes x 4,096 tokens x 24 layers = 805,306,368 bytes.
    const dml::Cluster c = h100s(2);
    const double hbm = c.gpu.hbm_bandwidth.value() * c.gpu.efficiency->hbm;
    CHECK(none.time.recompute.value() == 0);
    CHECK_THAT(norms.time.recompute.value(), WithinRel(805306368.0 / hbm, 1e-12));
    CHECK_THAT(norms.time.step.value() - none.time.step.value(),
               WithinRel(805306368.0 / hbm, 1e-9));
  }
  SECTION("a stack that cannot recompute its norms alone refuses the layout") {
    const auto refused = plan(run_of(gpt(24, 2048, 16, 51200, 2048), 2, 2), Recompute::kNorms);
    REQUIRE_FALSE(refused.violations.empty());
    CHECK_THAT(refused.violations[0],
               Contains("\"norms\" needs a stack that recomputes its norms"));
  }
  SECTION("the search tries it: between the two totals, it is the fastest layout that fits") {
    run.cluster.gpu.efficiency->memory =
        bytes((none.memory.total.value() + norms.memory.total.value()) / 2);
    const auto best = dml::optimize(
        run, TransformerLayout{
                 .tp = 2, .sequence_parallel = true, .pp = 1, .dp = 1, .zero = 0, .microbatch = 2});
    REQUIRE(best.size() == 1);
    REQUIRE(best[0].feasible);
    CHECK(best[0].layout.recompute == Recompute::kNorms);
  }
}

TEST_CASE("transformer loss: the stack's bytes per logit over HBM", "[transformer][loss]") {
  // GPT, 4 layers, h 1024, vocabulary 32000, 1024 tokens a sequence, on 8 GPUs with TP 2 and DP
  // 4: two microbatches of one sequence per GPU, each with 1024 x 16000 logits.
  const auto plan = [](double bytes) {
    dml::Stack stack{.name = "test"};
    stack.loss_traffic = bytes;
    return dml::evaluate(run_of(gpt(4, 1024, 8, 32000, 1024), 8, 8, stack),
                         TransformerLayout{.tp = 2, .pp = 1, .dp = 4, .microbatch = 1});
  };
  const auto megatron = plan(52);
  const auto fused = plan(8);
  const dml::Cluster c = h100s(8);
  const double hbm = c.gpu.hbm_bandwidth.value() * c.gpu.efficiency->hbm;  // 0.83 of 3.35 TB/s
  CHECK_THAT(megatron.time.logits.value() - fused.time.logits.value(),
             WithinRel(2 * 1024 * 16000 * 44.0 / hbm, 1e-12));
  CHECK_THAT(megatron.time.step.value() - fused.time.step.value(),
             WithinRel(2 * 1024 * 16000 * 44.0 / hbm, 1e-12));
}

TEST_CASE("transformer CP: a recomputed forward exchanges its keys and values again",
          "[transformer][cp]") {
  // The all-gather kind, whose forward gather is exposed: full recompute reruns it, the
  // backward's is not rerun (selective recompute reruns the attention only with the unfused
  // kernel, which CP refuses: tests/lua/transformer.test.lua holds it to no rerun).
  Transformer m = gpt(4, 1024, 8, 32000, 8192);
  const auto cp_time = [&](Recompute recompute, dml::ContextParallel kind) {
    return dml::evaluate(run_of(m, 8, 2, dml::Stack{.name = "test"}),
                         TransformerLayout{.tp = 1,
                                           .pp = 1,
                                           .dp = 2,
                                           .cp = 4,
                                           .cp_kind = kind,
                                           .microbatch = 1,
                                           .recompute = recompute})
        .time.cp.value();
  };
  const double none = cp_time(Recompute::kNone, dml::ContextParallel::kAllGather);
  const double full = cp_time(Recompute::kFull, dml::ContextParallel::kAllGather);
  REQUIRE(none > 0);
  // Per layer: forward gather G, backward gather of twice the bytes; the rerun adds G: with
  // G_b/G_f = r, full/none = (2 + r)/(1 + r), strictly between 1 and 2.
  CHECK(full > none);
  CHECK(full < 2 * none);
}

TEST_CASE("transformer CP: the ring's bookkeeping per later step over HBM", "[transformer][cp]") {
  // GPT, 4 layers, h 1024, 8 heads of 128, 2 key/value heads, sequences of 8192, on 8 GPUs with
  // CP 4 x DP 2, one sequence per DP rank: 2048 tokens a GPU. Per layer and ring step after the
  // first (3 of them): 2048 x 8 x 128 = 2,097,152 output (and query-gradient) elements and
  // 2048 x 2 x 2 x 128 = 1,048,576 key and value elements (4,194,304 when repeated to the 8
  // query heads).
  Transformer m = gpt(4, 1024, 8, 32000, 8192);
  m.kv_heads = 2;
  const auto plan = [&](double out, double kv, double grad, double kv_grad, bool repeat,
                        std::int64_t cp, Recompute recompute) {
    dml::Stack stack{.name = "test"};
    stack.ring_out_traffic = out;
    stack.ring_kv_traffic = kv;
    stack.ring_grad_traffic = grad;
    stack.ring_kv_grad_traffic = kv_grad;
    stack.repeats_kv = repeat;
    return dml::evaluate(
        run_of(m, 8, 8 / cp, stack),
        TransformerLayout{
            .tp = 1, .pp = 1, .dp = 8 / cp, .cp = cp, .microbatch = 1, .recompute = recompute});
  };
  const dml::Cluster c = h100s(8);
  const double hbm = c.gpu.hbm_bandwidth.value() * c.gpu.efficiency->hbm;
  const auto attention_gain = [&](bool repeat, std::int64_t cp, Recompute recompute) {
    return plan(10, 4, 7, 13, repeat, cp, recompute).time.attention.value() -
           plan(0, 0, 0, 0, repeat, cp, recompute).time.attention.value();
  };
  SECTION("forward and backward, each element at its stack's bytes") {
    // 4 layers x 3 steps x (2,097,152 x (10 + 7) + 1,048,576 x (4 + 13)) bytes.
    CHECK_THAT(attention_gain(false, 4, Recompute::kNone), WithinRel(641728512.0 / hbm, 1e-12));
  }
  SECTION("keys and values repeated to the query heads count four times the elements") {
    // 4 x 3 x (2,097,152 x 17 + 4,194,304 x 17).
    CHECK_THAT(attention_gain(true, 4, Recompute::kNone), WithinRel(1283457024.0 / hbm, 1e-12));
  }
  SECTION("full recompute runs the forward's part again, not the backward's") {
    // 4 x 3 x (2,097,152 x 10 + 1,048,576 x 4) more in the recompute.
    const double gain = plan(10, 4, 7, 13, false, 4, Recompute::kFull).time.recompute.value() -
                        plan(0, 0, 0, 0, false, 4, Recompute::kFull).time.recompute.value();
    CHECK_THAT(gain, WithinRel(301989888.0 / hbm, 1e-12));
  }
  SECTION("without CP there is no ring") { CHECK(attention_gain(true, 1, Recompute::kNone) == 0); }
  SECTION("latent attention: outputs v wide, query gradients qk wide, keys and values both") {
    // MLA with head_dim 128, rope_dim 32, v_dim 64: qk = 160, v = 64, and a key and value of
    // every head (160 + 64 per head), never repeated. Per layer and later step: 2048 x 8 x 64 =
    // 1,048,576 output elements, 2048 x 8 x 160 = 2,621,440 query-gradient ones, 2048 x 8 x 224
    // = 3,670,016 key and value ones: 4 x 3 x (1,048,576 x 10 + 3,670,016 x 4 + 2,621,440 x 7 +
    // 3,670,016 x 13) bytes.
    m.kv_heads.reset();
    m.head_dim = 128;
    m.mla = dml::Mla{.kv_rank = 256, .rope_dim = 32, .v_dim = 64};
    CHECK_THAT(attention_gain(true, 4, Recompute::kNone), WithinRel(1094713344.0 / hbm, 1e-12));
  }
}

TEST_CASE("transformer CP: the ring's exchange under the attention kernel, reported and slowing it",
          "[transformer][cp]") {
  // GPT, 4 layers, h 2048, sequences of 16,384 in a ring of CP 4 x DP 2 on one 8-GPU node: the
  // exchange hides under the attention kernel, as TP's and DP's hidden traffic slows the compute
  // under it by the stack's overlap_slowdown.
  const Transformer m = gpt(4, 2048, 16, 32000, 16384);
  const auto plan = [&](double attention, dml::ContextParallel kind) {
    TransformerRun run = run_of(m, 8, 8);
    run.cluster.gpu.efficiency->attention = attention;
    const auto p = dml::evaluate(run, TransformerLayout{.tp = 1,
                                                        .pp = 1,
                                                        .dp = 2,
                                                        .zero = 1,
                                                        .cp = 4,
                                                        .cp_kind = kind,
                                                        .microbatch = 1,
                                                        .recompute = Recompute::kNone});
    REQUIRE(p.violations.empty());
    return p.time;
  };
  const dml::StepTime ring = plan(0.283, dml::ContextParallel::kRing);
  REQUIRE(ring.cp_hidden.value() > 0);
  REQUIRE(ring.dp_hidden.value() > 0);
  const double slowdown = dml::Stack{.name = "test"}.overlap_slowdown;
  REQUIRE(slowdown > 0);
  CHECK_THAT(ring.slowdown.value(),
             WithinRel(slowdown * (ring.tp_hidden.value() + ring.cp_hidden.value() +
                                   ring.ep_hidden.value() + ring.dp_hidden.value()),
                       1e-12));
  // The ring moves the same bytes whatever the kernel: only the split between exposed and
  // hidden moves (here a kernel ten times slower hides all of it).
  const dml::StepTime slow = plan(0.0283, dml::ContextParallel::kRing);
  CHECK_THAT(slow.cp.value() + slow.cp_hidden.value(),
             WithinRel(ring.cp.value() + ring.cp_hidden.value(), 1e-12));
  // The all-gather kind runs before the kernel: nothing hidden.
  CHECK(plan(0.283, dml::ContextParallel::kAllGather).cp_hidden.value() == 0);
}

TEST_CASE(
    "transformer CP and DP across nodes: the attention a ring fills is no window for the "
    "gradient reduce too",
    "[transformer][cp][dp]") {
  // GPT, 4 layers, h 2048, sequences of 16,384 in a ring of CP 16 over two 8-GPU nodes and a
  // 25 GB/s network, DP 2 across the nodes: the ring outlasts the attention kernel. The
  // gradients' reduce hides under the last backward's compute less the kernel time the ring
  // fills, so a faster kernel (which the ring's wait makes up for) exposes no more of it.
  const Transformer m = gpt(4, 2048, 16, 32000, 16384);
  const auto plan = [&](double attention) {
    TransformerRun run = run_of(m, 32, 32);
    run.cluster.levels[1].bandwidth = bytes_per_s(25e9);
    run.cluster.gpu.efficiency->attention = attention;
    const auto p = dml::evaluate(run, TransformerLayout{.tp = 1,
                                                        .pp = 1,
                                                        .dp = 2,
                                                        .zero = 1,
                                                        .cp = 16,
                                                        .cp_kind = dml::ContextParallel::kRing,
                                                        .microbatch = 1,
                                                        .recompute = Recompute::kNone});
    REQUIRE(p.violations.empty());
    REQUIRE(p.time.cp.value() > 0);
    return p;
  };
  const auto slow = plan(0.283), fast = plan(0.5);
  CHECK_THAT(fast.time.dp.value(), WithinRel(slow.time.dp.value(), 1e-12));
  CHECK(fast.time.step.value() <= slow.time.step.value() * (1 + 1e-12));
}

TEST_CASE(
    "transformer MoE: under EP overlap, the attention a ring CP exchange hides under is "
    "not hidden under twice",
    "[transformer][moe][cp]") {
  // 4 MoE layers (h 2048, 16 experts of 1024, top-4) on 16 GPUs, sequences of 16,384 in a
  // ring of CP 16 over a 25 GB/s network: each ring step outlasts the attention kernel, which
  // the exchange then fills. Before, the paired all-to-all hid under that kernel too, so a
  // faster kernel exposed more of it; now the exposed all-to-all does not depend on the kernel.
  Transformer m = gpt(4, 2048, 16, 32000, 16384);
  m.moe = dml::Moe{.experts = 16, .top_k = 4, .expert_d_ff = 1024};
  const auto plan = [&](double attention) {
    dml::Stack stack{.name = "test"};
    stack.ep_overlap = true;
    TransformerRun run = run_of(m, 16, 16, stack);
    run.cluster.levels[1].bandwidth = bytes_per_s(25e9);
    run.cluster.gpu.efficiency->attention = attention;
    const auto p = dml::evaluate(run, TransformerLayout{.tp = 1,
                                                        .pp = 1,
                                                        .dp = 1,
                                                        .zero = 1,
                                                        .cp = 16,
                                                        .cp_kind = dml::ContextParallel::kRing,
                                                        .ep = 16,
                                                        .microbatch = 1,
                                                        .recompute = Recompute::kNone});
    REQUIRE(p.violations.empty());
    REQUIRE(p.time.cp.value() > 0);  // the ring outlasts the kernel
    return p;
  };
  const auto slow = plan(0.283), fast = plan(0.5);
  REQUIRE(slow.time.ep_hidden.value() > 0);
  CHECK_THAT(fast.time.ep.value(), WithinRel(slow.time.ep.value(), 1e-12));
}

TEST_CASE("transformer MoE: the forward and backward layers paired under EP overlap",
          "[transformer][moe]") {
  // 8 MoE layers (h 4096, 8 experts of d_ff 16384, top-2), sequences of 4096, on 32 GPUs: PP 4
  // x DP 8 with EP 8 inside each stage's node, microbatch 1, 128 sequences per step: m = 16
  // microbatches per pipeline, 2 layers per stage. In the steady state each forward layer runs
  // beside a backward layer, each all-to-all under a block of the other's compute; the first
  // stage's p - 1 = 3 warm-up microbatches run alone, so 13 of 16 pair.
  Transformer m = gpt(8, 4096, 32, 32000, 4096);
  m.moe = dml::Moe{.experts = 8, .top_k = 2};
  const auto plan = [&](bool overlap, Schedule schedule, std::int64_t interleave,
                        double network = 900e9) {
    dml::Stack stack{.name = "test"};
    stack.ep_overlap = overlap;
    TransformerRun run = run_of(m, 32, 128, stack);
    run.cluster.levels[0].bandwidth = bytes_per_s(network);
    return dml::evaluate(run, TransformerLayout{.tp = 1,
                                                .pp = 4,
                                                .interleave = interleave,
                                                .schedule = schedule,
                                                .dp = 8,
                                                .zero = 1,
                                                .ep = 8,
                                                .microbatch = 1,
                                                .recompute = Recompute::kNone});
  };
  const auto off = plan(false, Schedule::k1F1B, 1);
  const double all = off.time.ep.value();
  REQUIRE(all > 0);
  CHECK(off.time.ep_hidden.value() == 0);
  // Over NVLink at 900 GB/s each all-to-all (4096 x 2 x 4096 x 2 B = 67 MB, 7/8 of it to other
  // GPUs: about 0.2 ms) is shorter than the compute it pairs with (the attention block's GEMMs
  // alone are 2 x 4096 x 4096 x 16384 FLOP = 0.55 TFLOP, about 0.7 ms): all of a paired
  // layer's all-to-all hides.
  // DualPipe pairs its chunks whether or not the stack asks.
  const auto on = plan(false, Schedule::kDualPipe, 1);
  CHECK_THAT(on.time.ep.value(), WithinRel(all * 3 / 16, 1e-12));
  CHECK_THAT(on.time.ep_hidden.value(), WithinRel(all * 13 / 16, 1e-12));
  // The stack's ep_overlap runs, as Megatron-Core's does, only across interleaved chunks when
  // pp > 1 (transformer_config.py asserts a virtual pipeline, and no full recompute): on plain
  // 1F1B it does nothing, and the plan says so (helper-99: dml hid 13/16 of it there).
  const auto plain = plan(true, Schedule::k1F1B, 1);
  CHECK_THAT(plain.time.ep.value(), WithinRel(all, 1e-12));
  CHECK(plain.time.step.value() == off.time.step.value());
  CHECK(std::any_of(plain.notes.begin(), plain.notes.end(), [](const std::string& n) {
    return n.starts_with("the stack's ep_overlap does not run on this layout");
  }));
  // Interleaved (v = 2, one layer per chunk): Megatron's first stage warms up with
  // 2 (p - 1) + (v - 1) p = 10 of its 32 chunks.
  const auto il_off = plan(false, Schedule::k1F1B, 2);
  CHECK_THAT(plan(true, Schedule::k1F1B, 2).time.ep.value(),
             WithinRel(il_off.time.ep.value() * 10 / 32, 1e-12));
  // GPipe runs every forward before any backward: nothing pairs.
  CHECK_THAT(plan(true, Schedule::kGpipe, 1).time.ep.value(),
             WithinRel(plan(false, Schedule::kGpipe, 1).time.ep.value(), 1e-12));
  // At 1 GB/s the all-to-all outlasts every block it pairs with, so a pair hides exactly its
  // compute: the two layers' attention and expert blocks, forward and backward, which is every
  // term of the stage's matmuls, attention and element-wise time (all its layers are MoE, no
  // recompute, the logits apart), on 13 of 16 microbatches.
  const auto slow = plan(false, Schedule::kDualPipe, 1, 1e9);
  const double compute =
      slow.time.gemm.value() + slow.time.attention.value() + slow.time.elementwise.value();
  CHECK_THAT(slow.time.ep_hidden.value(), WithinRel(compute * 13 / 16, 1e-12));
  CHECK(slow.time.ep.value() > 0);
  // Without a pipeline, a microbatch's forward pairs with the previous one's backward: on 8
  // GPUs (EP 8, DP 8), 32 sequences are 4 microbatches a GPU, of which 3 pair (all of a paired
  // layer's all-to-all hides, as above); 8 sequences are one microbatch, which pairs with
  // nothing.
  const auto flat = [&](bool overlap, std::int64_t batch) {
    dml::Stack stack{.name = "test"};
    stack.ep_overlap = overlap;
    return dml::evaluate(run_of(m, 8, batch, stack),
                         TransformerLayout{.tp = 1,
                                           .pp = 1,
                                           .dp = 8,
                                           .zero = 1,
                                           .ep = 8,
                                           .microbatch = 1,
                                           .recompute = Recompute::kNone});
  };
  CHECK_THAT(flat(true, 32).time.ep.value(), WithinRel(flat(false, 32).time.ep.value() / 4, 1e-12));
  CHECK_THAT(flat(true, 8).time.ep.value(), WithinRel(flat(false, 8).time.ep.value(), 1e-12));
}

TEST_CASE("transformer MoE: unfused expert biases and GLU clamp over HBM", "[transformer][moe]") {
  // GPT, 4 MoE layers, h 1024, 32 experts of width 512, top-8, DP 32: 8192 routed copies per
  // layer and GPU. A stack's bytes per copy are forward and backward together: the biases' per
  // d_model element, the clamp's per expert d_ff element.
  Transformer m = gpt(4, 1024, 8, 32000, 1024);
  m.gated = true;  // a GLU to clamp
  m.moe = dml::Moe{.experts = 32, .top_k = 8, .expert_d_ff = 512};
  const dml::Cluster c = h100s(32);
  const double hbm = c.gpu.hbm_bandwidth.value() * c.gpu.efficiency->hbm;
  const auto plan = [&](const Transformer& model, double bias_bytes, double clamp_bytes,
                        Recompute rc, bool moe_act) {
    dml::Stack stack{.name = "test"};
    stack.recompute_modules = true;
    stack.expert_bias_traffic = bias_bytes;
    stack.glu_clamp_traffic = clamp_bytes;
    return dml::evaluate(run_of(model, 32, 32, stack),
                         TransformerLayout{.tp = 1,
                                           .pp = 1,
                                           .dp = 32,
                                           .zero = 1,
                                           .ep = 32,
                                           .microbatch = 1,
                                           .recompute = rc,
                                           .recompute_moe_act = moe_act});
  };
  const double copies = 4 * 8192;  // over the 4 layers
  // A model without the features pays nothing, whatever the stack's bytes.
  CHECK(plan(m, 30, 36, Recompute::kNone, false).time.step.value() ==
        plan(m, 0, 0, Recompute::kNone, false).time.step.value());
  Transformer oss = m;
  oss.moe->expert_bias = true;
  oss.moe->clamped_glu = true;
  const auto none = plan(oss, 0, 0, Recompute::kNone, false);
  const auto both = plan(oss, 30, 36, Recompute::kNone, false);
  const double bytes = copies * (30 * 1024 + 36 * 512);
  CHECK_THAT(both.time.elementwise.value() - none.time.elementwise.value(),
             WithinRel(bytes / hbm, 1e-12));
  // The step grows by at most that (more compute hides more of the EP and DP exchanges).
  CHECK(both.time.step.value() > none.time.step.value());
  CHECK(both.time.step.value() - none.time.step.value() <= bytes / hbm * (1 + 1e-12));
  // The experts' activation recomputed (moe_act) runs the clamp's forward third again.
  const auto act = plan(oss, 0, 36, Recompute::kNone, true);
  const auto act0 = plan(oss, 0, 0, Recompute::kNone, true);
  CHECK_THAT(act.time.recompute.value() - act0.time.recompute.value(),
             WithinRel(copies * 36 * 512 / 3 / hbm, 1e-12));
  // The unfused clamp keeps its input, the up-projection's output, beside what the activation
  // keeps: 4 bytes per expert d_ff element of each routed copy, 8192 x 4 layers x 4 x 512 =
  // 67,108,864 bytes; nothing when the expert activation is recomputed.
  CHECK_THAT(both.memory.activations.value() - none.memory.activations.value(),
             WithinRel(copies * 4 * 512, 1e-14));
  CHECK(act.memory.activations.value() == act0.memory.activations.value());
  // Full recompute reruns the whole forward third of both.
  const auto full = plan(oss, 30, 36, Recompute::kFull, false);
  const auto full0 = plan(oss, 0, 0, Recompute::kFull, false);
  CHECK_THAT(full.time.recompute.value() - full0.time.recompute.value(),
             WithinRel(bytes / 3 / hbm, 1e-12));
}

TEST_CASE("transformer MoE: the token permutation's bytes over HBM", "[transformer][moe]") {
  // GPT, 4 MoE layers, h 1024, sequences of 1024, 32 experts, top-8, on 32 GPUs with DP 32: one
  // microbatch of 1024 tokens per GPU, 8192 routed copies per layer. Each term runs forward and
  // mirrored backward, so twice per layer.
  Transformer m = gpt(4, 1024, 8, 32000, 1024);
  m.moe = dml::Moe{.experts = 32, .top_k = 8};
  const dml::Cluster c = h100s(32);
  const double hbm = c.gpu.hbm_bandwidth.value() * c.gpu.efficiency->hbm;
  const auto plan = [&](const Transformer& model, double permute_traffic, std::int64_t ep) {
    dml::Stack stack{.name = "test"};
    stack.permute_traffic = permute_traffic;
    return dml::evaluate(run_of(model, 32, 32, stack),
                         TransformerLayout{.tp = 1,
                                           .pp = 1,
                                           .dp = 32,
                                           .zero = 1,
                                           .ep = ep,
                                           .microbatch = 1,
                                           .recompute = Recompute::kNone});
  };
  // The stack's bytes per element of each copy: 4 B x 8192 copies x 1024 elements.
  const auto fused = plan(m, 4, 32);
  const auto none = plan(m, 0, 32);
  CHECK_THAT(fused.time.elementwise.value() - none.time.elementwise.value(),
             WithinRel(4 * 2 * 8192 * 1024 * 4.0 / hbm, 1e-12));
  // With 4 experts on a rank (EP 8) the received copies are sorted by expert and back: a read
  // and a write of 2 B each way, 8 B per element. With one expert per rank (EP 32) there is no
  // sort.
  const auto sorted = plan(m, 0, 8);
  CHECK_THAT(sorted.time.elementwise.value() - none.time.elementwise.value(),
             WithinRel(4 * 2 * 8192 * 1024 * 8.0 / hbm, 1e-12));
  // Each token is read once before the dispatch and written once after the combine (2 + 2 B per
  // element): top-1 routing to experts as wide as the dense MLP, one expert per rank and no
  // stack bytes leave only that against the dense model.
  Transformer top1 = gpt(4, 1024, 8, 32000, 1024);
  top1.moe = dml::Moe{.experts = 32, .top_k = 1};
  const Transformer dense = gpt(4, 1024, 8, 32000, 1024);
  const auto dense_plan = dml::evaluate(
      run_of(dense, 32, 32),
      TransformerLayout{
          .tp = 1, .pp = 1, .dp = 32, .zero = 1, .microbatch = 1, .recompute = Recompute::kNone});
  CHECK_THAT(plan(top1, 0, 32).time.elementwise.value() - dense_plan.time.elementwise.value(),
             WithinRel(4 * 2 * 1024 * 1024 * 4.0 / hbm, 1e-12));
}

TEST_CASE("transformer activation offloading", "[transformer][memory][offload]") {
  // 8 identical dense layers, one GPU, 4 microbatches of one sequence, no pipeline or
  // recompute: each layer keeps the same bytes, so offloading n of them keeps (8 - n + 1)/8 of
  // the activations on the GPU (the other layers' and the one reloaded first) and puts n/8 of
  // them in host memory.
  const Transformer m = gpt(8, 2048, 16, 32000, 2048);
  const TransformerLayout base{
      .tp = 1, .pp = 1, .dp = 1, .zero = 0, .microbatch = 1, .recompute = Recompute::kNone};
  const auto with = [&](std::int64_t n) {
    TransformerLayout l = base;
    l.offload = n;
    return l;
  };
  TransformerRun run = run_of(m, 1, 4, dml::Stack{.name = "test", .offloads_activations = true});
  run.cluster.gpu.host_bandwidth = bytes_per_s(1e15);  // copies take no time
  const auto none = dml::evaluate(run, base);
  const double acts = none.memory.activations.value();
  REQUIRE(acts > 0);
  CHECK(none.memory.host.value() == 0);
  for (const std::int64_t layers : {1, 3, 7}) {
    const auto p = dml::evaluate(run, with(layers));
    const auto n = static_cast<double>(layers);
    CHECK_THAT(p.memory.activations.value(), WithinRel(acts * (8.0 - n + 1) / 8, 1e-12));
    CHECK_THAT(p.memory.host.value(), WithinRel(acts * n / 8.0, 1e-12));
    CHECK_THAT(p.memory.total.value(),
               WithinRel(none.memory.total.value() - acts * (n - 1) / 8.0, 1e-12));
    // Hidden copies cost nothing.
    CHECK(p.time.offload.value() == 0);
    CHECK(p.time.step.value() == none.time.step.value());
  }
  CHECK_THAT(dml::layout_text(with(3)), Contains("no recompute, 3 layers offloaded"));
  CHECK_THAT(dml::layout_text(with(1)), EndsWith("no recompute, 1 layer offloaded"));
  // One layer offloaded frees nothing (its reload buffer), which the plan says.
  const auto one = dml::evaluate(run, with(1));
  CHECK(one.memory.total.value() == none.memory.total.value());
  REQUIRE(one.notes.size() == 1);
  CHECK_THAT(one.notes[0], StartsWith("offload = 1 frees no GPU memory"));
  CHECK(dml::evaluate(run, with(2)).notes.empty());

  SECTION("copies longer than their windows are exposed") {
    // At 1 MB/s each of the 7 layers' copies takes far longer than a layer: each has one later
    // layer's compute to run beside in the forward and the same layer's in the backward (7 of
    // 8 layers offloaded: Transformer Engine's windows are one layer each), and layer 0's
    // compute hides none. Without recompute the layers' compute, forward and backward, is
    // (matmuls + attention + element-wise)/m, 8 identical layers.
    run.cluster.gpu.host_bandwidth = bytes_per_s(1e6);
    const auto p = dml::evaluate(run, with(7));
    const double copies = p.memory.host.value() / 1e6;
    const double compute =
        (none.time.gemm.value() + none.time.attention.value() + none.time.elementwise.value()) / 4;
    CHECK_THAT(p.time.offload.value(), WithinRel(4 * (2 * copies - 7.0 / 8 * compute), 1e-12));
    CHECK_THAT(p.time.step.value(),
               WithinRel(none.time.step.value() + p.time.offload.value(), 1e-12));
    CHECK_THAT(dml::step_plan_summary(p),
               Contains("  offload ") && Contains("offloaded to host memory"));
    // Copies taking half the layers' compute outlast their forward windows (a layer's forward
    // is a third of its compute, or near) and hide under the backward's: only the forward
    // exposes them, one for one as they grow.
    const auto half = [&](double share) {
      TransformerRun r = run;
      r.cluster.gpu.host_bandwidth = bytes_per_s(p.memory.host.value() / (share * compute));
      return dml::evaluate(r, with(7)).time.offload.value() / 4;
    };
    const double a = half(0.50), b = half(0.55);
    CHECK(a > 0);
    CHECK_THAT(b - a, WithinRel(0.05 * compute, 1e-9));
  }
  SECTION("what it needs: fewer layers than the model, no pipeline or recompute, a host link") {
    const auto reason = [&](const TransformerRun& r, const TransformerLayout& l) {
      const auto p = dml::evaluate(r, l);
      REQUIRE_FALSE(p.feasible);
      return p.violations.at(0);
    };
    CHECK_THAT(reason(run, with(8)),
               Contains("layout.offload: 8 layers is not fewer than the model's 8"));
    TransformerLayout piped = with(2);
    piped.pp = 2;
    TransformerRun two = run;
    two.cluster.size = 2;
    CHECK_THAT(reason(two, piped), Contains("layout.offload: needs pp 1"));
    TransformerLayout full = with(2);
    full.recompute = Recompute::kFull;
    CHECK_THAT(reason(run, full), Contains("layout.offload: needs recompute \"none\""));
    TransformerLayout gpipe = with(2);
    gpipe.schedule = Schedule::kGpipe;
    CHECK_THAT(reason(run, gpipe), Contains("layout.offload: needs the 1f1b schedule"));
    TransformerRun no_link = run;
    no_link.cluster.gpu.host_bandwidth.reset();
    CHECK_THAT(reason(no_link, with(2)), Contains("has no host_bandwidth to offload over"));
    // Only a stack that offloads (Megatron-Core's, through Transformer Engine) may.
    TransformerRun other = run;
    other.stack.offloads_activations = false;
    CHECK_THAT(reason(other, with(2)),
               Contains("layout.offload: needs a stack that offloads activations "
                        "(offloads_activations, as Megatron-Core's); test does not"));
    // The host's memory for the GPU holds what is offloaded, or the layout does not fit.
    TransformerRun small_host = run;
    small_host.cluster.gpu.host_memory = bytes(acts * 2.5 / 8);
    CHECK(dml::evaluate(small_host, with(2)).feasible);
    CHECK_THAT(reason(small_host, with(3)), Contains("host memory: the 3 offloaded layers keep"));
  }
  SECTION("optimize offloads the fewest layers that make a layout fit") {
    // HBM for the states and all but 2.5 layers' activations: n offloaded layers free n - 1
    // layers' worth (one comes back at the backward's start), so it takes n = 4.
    TransformerLayout fixed = base;
    fixed.recompute.reset();
    run.cluster.gpu.efficiency->memory = bytes(none.memory.total.value() - acts * 2.5 / 8);
    const auto best = dml::optimize(run, fixed).at(0);
    REQUIRE(best.feasible);
    CHECK(best.layout.recompute == Recompute::kNone);
    CHECK(best.layout.offload == 4);
    CHECK_FALSE(dml::evaluate(run, with(3)).feasible);
    // Held fixed at 0, it recomputes instead; so it does when the host cannot hold 4 layers.
    TransformerLayout no_offload = fixed;
    no_offload.offload = 0;
    const auto recomputed = dml::optimize(run, no_offload).at(0);
    REQUIRE(recomputed.feasible);
    CHECK(recomputed.layout.recompute != Recompute::kNone);
    CHECK(recomputed.layout.offload == 0);
    TransformerRun small_host = run;
    small_host.cluster.gpu.host_memory = bytes(acts * 3.5 / 8);
    const auto host_bound = dml::optimize(small_host, fixed).at(0);
    REQUIRE(host_bound.feasible);
    CHECK(host_bound.layout.offload == 0);
    CHECK(host_bound.layout.recompute != Recompute::kNone);
    // Room for all but 5.5 layers: only 7 layers of 8, the most allowed, make it fit.
    run.cluster.gpu.efficiency->memory = bytes(none.memory.total.value() - acts * 5.5 / 8);
    CHECK(dml::optimize(run, fixed).at(0).layout.offload == 7);
    // With recompute held at none and a host that holds 3.5 layers, nothing fits; the answer
    // names the layout that fits the GPU and needs the least host memory, and how much.
    TransformerRun short_host = run;
    short_host.cluster.gpu.host_memory = bytes(acts * 3.5 / 8);
    const auto host_short = dml::optimize(short_host, base).at(0);
    CHECK_FALSE(host_short.feasible);
    REQUIRE(host_short.notes.size() == 1);
    CHECK_THAT(
        host_short.notes[0],
        Contains("the layout that needs the least host memory of those that fit the "
                 "GPU's, TP 1 x PP 1 x DP 1, microbatch 1, no recompute, 7 layers "
                 "offloaded, offloads ") &&
            Contains(fmt::format("{:.1f} GiB per GPU, more than the {:.1f} GiB of host "
                                 "memory",
                                 acts * 7 / 8 / 1073741824.0, acts * 3.5 / 8 / 1073741824.0)));
    // A stack that does not offload recomputes instead.
    TransformerRun other = run;
    other.stack.offloads_activations = false;
    const auto recomputing = dml::optimize(other, fixed).at(0);
    REQUIRE(recomputing.feasible);
    CHECK(recomputing.layout.offload == 0);
    CHECK(recomputing.layout.recompute != Recompute::kNone);
    // Where nothing fits, the search says it tried offloading, and within what host memory.
    run.cluster.gpu.efficiency->memory = gib(3) + bytes(1e6);  // the workspace and 1 MB
    const auto nothing = dml::optimize(run, fixed).at(0);
    CHECK_FALSE(nothing.feasible);
    CHECK_THAT(nothing.violations.at(0), Contains("(activation offloading tried)"));
    // It names the layout that needs the least memory: none of the others needs less.
    REQUIRE(nothing.notes.size() == 1);
    const std::string& closest = nothing.notes[0];
    CHECK_THAT(closest, StartsWith("the layout that needs the least memory, TP 1 x PP 1 x DP 1"));
    const auto at = closest.rfind(", needs ");
    REQUIRE(at != std::string::npos);
    const double least = std::stod(closest.substr(at + 8)) * 1073741824.0;
    double smallest = std::numeric_limits<double>::infinity();
    for (const Recompute rc : {Recompute::kNone, Recompute::kSelective, Recompute::kFull}) {
      for (const std::int64_t mb : {1, 2, 4}) {
        for (std::int64_t n = 0; n < (rc == Recompute::kNone ? 8 : 1); ++n) {
          TransformerLayout l = base;
          l.recompute = rc;
          l.microbatch = mb;
          l.offload = n;
          const auto p = dml::evaluate(run, l);
          if (p.violations.empty() || p.time.step.value() > 0) {
            smallest = std::min(smallest, p.memory.total.value());
          }
        }
      }
    }
    CHECK_THAT(least, WithinAbs(smallest, 0.05 * 1073741824.0));
    run.cluster.gpu.host_memory = bytes(2 * 1073741824.0);
    CHECK_THAT(dml::optimize(run, fixed).at(0).violations.at(0),
               Contains("(activation offloading tried, within 2.0 GiB of host memory)"));
    // It says so only where some layout could offload: not with a pipeline held fixed, nor
    // with a stack that does not offload.
    TransformerRun two = run;
    two.cluster.size = 2;
    TransformerLayout piped = fixed;
    piped.pp = 2;
    piped.dp.reset();
    const auto piped_none = dml::optimize(two, piped).at(0);
    CHECK_FALSE(piped_none.feasible);
    CHECK_THAT(piped_none.violations.at(0), !Contains("offloading"));
    other.cluster.gpu.efficiency->memory = gib(3) + bytes(1e6);
    const auto other_none = dml::optimize(other, fixed).at(0);
    CHECK_FALSE(other_none.feasible);
    CHECK_THAT(other_none.violations.at(0), !Contains("offloading"));
  }
  SECTION("an evaluated layout lists offload = 0 where it could have offloaded") {
    const auto listed = [](const dml::StepPlan& p) {
      return std::find(p.assumed.begin(), p.assumed.end(), "offload = 0") != p.assumed.end();
    };
    CHECK(listed(none));
    TransformerLayout full = base;
    full.recompute = Recompute::kFull;
    CHECK_FALSE(listed(dml::evaluate(run, full)));
    TransformerLayout gpipe = base;
    gpipe.schedule = Schedule::kGpipe;
    CHECK_FALSE(listed(dml::evaluate(run, gpipe)));
    TransformerRun other = run;
    other.stack.offloads_activations = false;
    CHECK_FALSE(listed(dml::evaluate(other, base)));
    TransformerLayout given = base;
    given.offload = 0;
    CHECK_FALSE(listed(dml::evaluate(run, given)));
  }
}

TEST_CASE("activation offloading's windows", "[transformer][offload]") {
  // Transformer Engine's layer_window_map (v2.8 cpu_offload.py), worked by hand: copy k must be
  // done by the end of layer w[k] and runs beside the layers after the previous window (after
  // layer 0 for the first). L = 8, N = 3: w = 2, 5, 7, windows of 2, 3 and 2 layers.
  // Copies of 2.5 layers' forward expose 0.5 in each 2-layer window; the backward (10 a layer)
  // hides them.
  using dml::detail::offload_exposed;
  CHECK_THAT(offload_exposed(8, 3, 8, {.dense = 2.5, .moe = 0}, {.dense = 1, .moe = 0},
                             {.dense = 10, .moe = 0}),
             WithinAbs(1.0, 1e-12));
  // L = 32, N = 20: w = 1, 3, ..., 23 (windows of 1 then 2 layers), then 24, ..., 31 (eight
  // windows of one layer): nine one-layer windows expose 0.5 each.
  CHECK_THAT(offload_exposed(32, 20, 32, {.dense = 1.5, .moe = 0}, {.dense = 1, .moe = 0},
                             {.dense = 10, .moe = 0}),
             WithinAbs(4.5, 1e-12));
  // A MoE model, 3 dense layers first, L = 8, N = 4: w = 1, 3, 5, 7. Copies 0-2 are dense (3),
  // copy 3 a MoE layer's (5); forward 1 a dense layer and 2 a MoE one, backward 2 and 3.
  // Forward: 3 - 1 = 2 (layer 1), 3 - (1 + 2) = 0 (layers 2-3), 3 - 4 < 0, 5 - 4 = 1.
  // Backward: 3 - 2 = 1, then hidden.
  CHECK_THAT(offload_exposed(8, 4, 3, {.dense = 3, .moe = 5}, {.dense = 1, .moe = 2},
                             {.dense = 2, .moe = 3}),
             WithinAbs(4.0, 1e-12));
  // With two kinds of layers it can: 5 dense layers whose copies are long and 11 MoE layers
  // whose copies are short; the 15th layer offloaded moves the last window's short copy onto a
  // window of its own (the search therefore also tries L - 1 layers for such models).
  CHECK_THAT(offload_exposed(16, 14, 5, {.dense = 2, .moe = 0.9}, {.dense = 2, .moe = 1.6},
                             {.dense = 4, .moe = 3.2}),
             WithinAbs(0.8, 1e-12));
  CHECK_THAT(offload_exposed(16, 15, 5, {.dense = 2, .moe = 0.9}, {.dense = 2, .moe = 1.6},
                             {.dense = 4, .moe = 3.2}),
             WithinAbs(0.4, 1e-12));
  // The search's bisection takes the fewest offloaded layers as the fastest: with identical
  // layers, what is exposed never falls as more layers go.
  for (std::int64_t layers = 2; layers <= 96; ++layers) {
    for (const double copy : {0.3, 0.9, 1.0, 1.2, 2.0, 2.5, 3.1, 5.0}) {
      double before = 0;
      for (std::int64_t n = 1; n < layers; ++n) {
        const double e = offload_exposed(layers, n, layers, {.dense = copy, .moe = 0},
                                         {.dense = 1, .moe = 0}, {.dense = 2, .moe = 0});
        if (e < before - 1e-12) FAIL("layers " << layers << ", copy " << copy << ", n " << n);
        before = e;
      }
    }
  }
}

TEST_CASE("transformer activation offloading of a MoE model", "[transformer][memory][offload]") {
  // 8 layers, the first 3 dense; 8 experts, top-2, as wide as the dense MLP (GeLU, 16-bit, no
  // TP or SP). Offloading moves what Transformer Engine's modules and Megatron-Core's dense MLP
  // mark, not the routed experts' saved tensors (their grouped linears mark none): per token and
  // routed copy the dispatched token (2h) and the experts' activation input and output (2 f_e
  // each, plain GeLU), docs/model.md 8.9.
  Transformer m = gpt(8, 1024, 8, 32000, 1024);
  m.moe = dml::Moe{.experts = 8, .top_k = 2, .dense_layers = 3};
  const TransformerLayout base{.tp = 1,
                               .pp = 1,
                               .dp = 8,
                               .zero = 1,
                               .ep = 8,
                               .microbatch = 1,
                               .recompute = Recompute::kNone};
  TransformerRun run = run_of(m, 8, 8, dml::Stack{.name = "test", .offloads_activations = true});
  run.cluster.gpu.host_bandwidth = bytes_per_s(1e15);
  const auto held = [&](std::int64_t n) {
    TransformerLayout l = base;
    l.offload = n;
    const auto p = dml::evaluate(run, l);
    REQUIRE(p.feasible);
    return p.memory.activations.value();
  };
  const double tokens = 1024, h = 1024, fe = 4096;
  const double routed = tokens * 2 * (2 * h + 4 * fe);
  // One more dense layer offloaded frees a dense layer; one more MoE layer (past the first) frees
  // what a MoE layer keeps less the routed experts' tensors.
  const double dense = held(1) - held(2);
  const double moe_moved = held(5) - held(6);
  REQUIRE(dense > 0);
  const double moe_layer = (held(0) - 3 * dense) / 5;  // a MoE layer's activations
  CHECK_THAT(moe_moved, WithinRel(moe_layer - routed, 1e-12));
  CHECK_THAT(held(6) - held(7), WithinRel(moe_moved, 1e-12));
  // The first MoE layer offloaded (N = 4) frees a dense layer's worth: its moved bytes leave,
  // and the buffer, a dense layer's until then, becomes a MoE layer's moved bytes.
  CHECK_THAT(held(3) - held(4), WithinRel(dense, 1e-12));
}

TEST_CASE("transformer optimizer offloading", "[transformer][memory][offload]") {
  // The HSDP case's GPT (4 layers of h 1024, vocabulary 32000, untied): 115,867,648 parameters a
  // GPU holds whole, an eighth of them (14,483,456) in each shard of 8 data-parallel ranks. The
  // test stack keeps 2 B of weights, 4 B of fp32 gradients and 12 B of optimizer state a
  // parameter, and reduces gradients in 2 B.
  const double shard_params = 115867648.0 / 8;
  TransformerRun run = no_latency(run_of(gpt(4, 1024, 8, 32000, 1024), 8, 8));
  run.cluster.gpu.host_bandwidth = bytes_per_s(25e9);
  run.cluster.gpu.host_optimizer_rate = 4e8;
  const auto layout = [](std::int64_t zero, bool offload) {
    return TransformerLayout{.tp = 1,
                             .pp = 1,
                             .dp = 8,
                             .zero = zero,
                             .cp = 1,
                             .microbatch = 1,
                             .recompute = Recompute::kNone,
                             .optimizer_offload = offload};
  };
  for (const std::int64_t zero : {1, 2, 3}) {
    CAPTURE(zero);
    const auto gpu = dml::evaluate(run, layout(zero, false));
    const auto host = dml::evaluate(run, layout(zero, true));
    REQUIRE(gpu.feasible);
    REQUIRE(host.feasible);
    // The shard's weights back (2 B at 25 GB/s) and the host's update at 4e8 parameters a
    // second, exposed, in place of the GPU's optimizer step; its gradients go down under the
    // backward, as the stack overlaps its reduction (below, a stack that does not).
    const double step_on_host = shard_params * (2.0 / 25e9 + 1.0 / 4e8);
    CHECK_THAT(host.time.optimizer.value(), WithinRel(step_on_host, 1e-12));
    CHECK_THAT(host.time.step.value() - gpu.time.step.value(),
               WithinRel(step_on_host - gpu.time.optimizer.value(), 1e-9));
    // The states leave the GPU for the host, with the shard's fp32 gradients, which ZeRO 2 and
    // 3 keep none of on the GPU and ZeRO 1 copies from its whole buffer.
    CHECK(host.memory.optimizer.value() == 0);
    CHECK_THAT(gpu.memory.optimizer.value(), WithinRel(shard_params * 12, 1e-12));
    CHECK(host.memory.weights.value() == gpu.memory.weights.value());
    CHECK_THAT(host.memory.host.value(), WithinRel(shard_params * 16, 1e-12));
    if (zero == 1) {
      CHECK(host.memory.gradients.value() == gpu.memory.gradients.value());
    } else {
      CHECK(host.memory.gradients.value() == 0);
      CHECK_THAT(gpu.memory.gradients.value(), WithinRel(shard_params * 4, 1e-12));
    }
    CHECK(gpu.memory.host.value() == 0);
  }
  CHECK_THAT(dml::layout_text(layout(1, true)), EndsWith("no recompute, optimizer on the host"));
  CHECK_THAT(dml::step_plan_summary(dml::evaluate(run, layout(1, true))),
             Contains("offloaded to host memory 0.2 GiB per GPU"));
  // A stack that reduces after the backward copies the gradients after it too (2 B more).
  TransformerRun serial = run;
  serial.stack.dp_overlap = false;
  CHECK_THAT(dml::evaluate(serial, layout(1, true)).time.optimizer.value(),
             WithinRel(shard_params * (4.0 / 25e9 + 1.0 / 4e8), 1e-12));
  // Fewer GPUs than a server's 8 have the whole host's rate over them: 4 GPUs, twice a GPU's
  // share, each updating a quarter of the model.
  TransformerRun half = no_latency(run_of(gpt(4, 1024, 8, 32000, 1024), 4, 8));
  half.cluster.levels[0].size = 8;
  half.cluster.gpu = run.cluster.gpu;
  TransformerLayout four = layout(1, true);
  four.dp = 4;
  CHECK_THAT(dml::evaluate(half, four).time.optimizer.value(),
             WithinRel(115867648.0 / 4 * (2.0 / 25e9 + 1.0 / 8e8), 1e-12));
  // Unsharded, every replica's host would update the whole model: DeepSpeed and Megatron-Core
  // offload a shard.
  const auto unsharded = dml::evaluate(run, layout(0, true));
  CHECK_FALSE(unsharded.feasible);
  CHECK_THAT(unsharded.violations.at(0),
             StartsWith("layout.optimizer_offload: needs zero >= 1 with 8 data-parallel replicas"));

  SECTION("the host's memory holds it, or the layout does not fit") {
    TransformerRun small = run;
    small.cluster.gpu.host_memory = bytes(shard_params * 16 / 2);
    const auto p = dml::evaluate(small, layout(1, true));
    CHECK_FALSE(p.feasible);
    REQUIRE(p.violations.size() == 1);
    CHECK_THAT(p.violations[0], StartsWith("host memory: the offloaded optimizer keeps 0.2 GiB per "
                                           "GPU, more than the 0.1 GiB of host memory"));
  }
  SECTION("it needs a host link and a host rate") {
    TransformerRun no_rate = run;
    no_rate.cluster.gpu.host_optimizer_rate.reset();
    const auto p = dml::evaluate(no_rate, layout(1, true));
    CHECK_FALSE(p.feasible);
    REQUIRE_FALSE(p.violations.empty());
    CHECK_THAT(p.violations[0], Contains("layout.optimizer_offload: the GPU (") &&
                                    Contains(") has no host_optimizer_rate to offload its "
                                             "optimizer at"));
    TransformerRun no_link = run;
    no_link.cluster.gpu.host_bandwidth.reset();
    CHECK_THAT(dml::evaluate(no_link, layout(1, true)).violations.at(0),
               Contains("has no host_bandwidth to offload its optimizer over"));
  }
  SECTION("the search holds it where the layout gives it, and leaves it off otherwise") {
    const auto held = dml::optimize(run, TransformerLayout{.optimizer_offload = true}, 1);
    REQUIRE(held.size() == 1);
    REQUIRE(held[0].feasible);
    CHECK(held[0].layout.optimizer_offload == std::optional<bool>(true));
    CHECK(held[0].time.optimizer.value() > 0.03);
    const auto open = dml::optimize(run, TransformerLayout{}, 1);
    REQUIRE(open.size() == 1);
    CHECK(open[0].layout.optimizer_offload == std::optional<bool>(false));
  }
}

TEST_CASE("transformer: a vocabulary TP does not divide is costed padded to whole rows a rank",
          "[transformer][vocab]") {
  // GPT-2's 50,257 on TP 8 costs as 50,264 (6,283 rows a rank), not 6,282.1 rows (helper-109),
  // and says so with Megatron's own padding (128 x 8: 51,200).
  const auto plan = [](std::int64_t vocab, std::int64_t tp) {
    auto p = dml::evaluate(run_of(gpt(4, 2048, 16, vocab, 2048), 8, 16),
                           TransformerLayout{.tp = tp,
                                             .pp = 1,
                                             .dp = 8 / tp,
                                             .zero = 0,
                                             .microbatch = 1,
                                             .recompute = Recompute::kNone});
    REQUIRE(p.violations.empty());
    return p;
  };
  const auto odd = plan(50257, 8);
  const auto padded = plan(50264, 8);
  CHECK(odd.time.logits.value() == padded.time.logits.value());
  CHECK(odd.memory.total.value() == padded.memory.total.value());
  CHECK(odd.time.step.value() == padded.time.step.value());
  CHECK(plan(50257, 8).time.logits.value() > plan(50256, 8).time.logits.value());
  const auto noted = [](const dml::StepPlan& p) {
    return std::any_of(p.notes.begin(), p.notes.end(), [](const std::string& n) {
      return n.find("is not a multiple of tp") != std::string::npos;
    });
  };
  REQUIRE(noted(odd));
  CHECK(std::find(odd.notes.begin(), odd.notes.end(),
                  "vocab 50257 is not a multiple of tp 8: costed padded to 50264 (6283 rows a "
                  "rank); Megatron pads it to a multiple of 128 x tp, 51200: give vocab as the run "
                  "pads it") != odd.notes.end());
  CHECK_FALSE(noted(padded));
  CHECK_FALSE(noted(plan(50257, 1)));
}

TEST_CASE("transformer evaluator: a prepared run costs each layout as dml::evaluate does",
          "[transformer][evaluate]") {
  // A MoE run with every run-level note and assumption: top_k, expert_d_ff and tokens left out,
  // an efficiency whose source says it is an estimate.
  Transformer m = llama3_8b();
  m.moe = dml::Moe{.experts = 8};
  TransformerRun run = run_of(m, 64, 256);
  run.cluster.gpu.efficiency->sources["gemm"] = "estimate: no measured run";
  const dml::TransformerEvaluator evaluator(run);
  const auto same = [&](const TransformerLayout& layout) {
    const dml::StepPlan a = dml::evaluate(run, layout), b = evaluator.evaluate(layout);
    CHECK(b.layout_text == a.layout_text);
    CHECK(b.feasible == a.feasible);
    CHECK(b.violations == a.violations);
    CHECK(b.notes == a.notes);
    CHECK(b.assumed == a.assumed);
    CHECK(b.time.step.value() == a.time.step.value());
    CHECK(b.memory.total.value() == a.memory.total.value());
    CHECK(dml::step_plan_summary(b) == dml::step_plan_summary(a));
    return b;
  };
  const dml::StepPlan assumed = same(TransformerLayout{});
  // The run's own assumptions come after the layout's, in the order plans have always listed
  // them: top_k, expert_d_ff, tokens (the layout's fields are filled first, then the run's).
  REQUIRE(assumed.assumed.size() > 3);
  const std::size_t k = assumed.assumed.size() - 3;
  CHECK_THAT(assumed.assumed[k], StartsWith("moe.top_k = 1 (Switch's routing"));
  CHECK_THAT(assumed.assumed[k + 1], StartsWith("moe.expert_d_ff = 14336 (d_ff"));
  CHECK_THAT(assumed.assumed[k + 2], StartsWith("tokens = "));
  CHECK_THAT(assumed.assumed.front(), StartsWith("tp = "));
  CHECK(std::any_of(assumed.notes.begin(), assumed.notes.end(), [](const std::string& n) {
    return n.find("efficiency values gemm are estimates") != std::string::npos;
  }));
  same(TransformerLayout{.tp = 8, .pp = 2, .dp = 4, .ep = 4, .microbatch = 1});
  same(TransformerLayout{.tp = 3});  // cannot run: infeasible, with its reasons
  const dml::StepPlan wide = same(TransformerLayout{.tp = 8, .pp = 1, .dp = 8, .ep = 8});
  INFO(wide.layout_text);
  CHECK(wide.layout_text == "TP 8 (SP) x PP 1 x DP 8 x EP 8, microbatch 1, no recompute");

  // The evaluator keeps its own copy: a change to the run after it was made changes nothing.
  const dml::StepPlan before = evaluator.evaluate(TransformerLayout{});
  run.global_batch = 512;
  CHECK(evaluator.run().global_batch == 256);
  CHECK(evaluator.evaluate(TransformerLayout{}).time.step.value() == before.time.step.value());
  CHECK(dml::evaluate(run, TransformerLayout{}).time.step.value() != before.time.step.value());

  // A moved evaluator costs as before, moved by construction and by assignment.
  dml::TransformerEvaluator first(evaluator.run());
  dml::TransformerEvaluator moved(std::move(first));
  CHECK(moved.evaluate(TransformerLayout{}).time.step.value() == before.time.step.value());
  dml::TransformerEvaluator assigned(run);  // the changed run: another step
  CHECK(assigned.evaluate(TransformerLayout{}).time.step.value() != before.time.step.value());
  assigned = std::move(moved);
  CHECK(assigned.evaluate(TransformerLayout{}).time.step.value() == before.time.step.value());
  CHECK(assigned.run().global_batch == 256);

  // What dml::evaluate refuses, the evaluator refuses with the same message: a run when it is
  // made, a layout when it is costed.
  const auto message = [](const auto& f) {
    try {
      f();
    } catch (const dml::ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("(no error)");
  };
  TransformerRun bad = run;
  bad.global_batch.reset();
  const std::string refused = message([&] { (void)dml::evaluate(bad, TransformerLayout{}); });
  CHECK(refused.find("global_batch") != std::string::npos);
  CHECK(message([&] { dml::TransformerEvaluator e(bad); }) == refused);
  const TransformerLayout zero_tp{.tp = 0};
  const std::string bad_layout = message([&] { (void)dml::evaluate(run, zero_tp); });
  CHECK(bad_layout.find("layout.tp") != std::string::npos);
  CHECK(message([&] { (void)evaluator.evaluate(zero_tp); }) == bad_layout);
}

TEST_CASE("transformer layout text: every part, at the largest degrees, written whole",
          "[transformer][evaluate]") {
  // (dp x cp overflows: no replica count, and no overflow in computing it, which UBSan checks.)
  constexpr std::int64_t big = std::numeric_limits<std::int64_t>::max();  // 19 digits
  const TransformerLayout l{.tp = big,
                            .tp_model = big,
                            .sequence_parallel = true,
                            .pp = big,
                            .interleave = big,
                            .schedule = Schedule::kZeroBubbleV,
                            .dp = big,
                            .zero = 2,
                            .shard = big - 1,
                            .cp = big,
                            .cp_kind = dml::ContextParallel::kAllGather,
                            .ep = big,
                            .microbatch = big,
                            .recompute = Recompute::kFull,
                            .recompute_layers = big,
                            .recompute_mla_up = true,
                            .recompute_moe_act = true,
                            .offload = big};
  const std::string text = dml::layout_text(l);
  INFO(text);
  CHECK(text.starts_with("TP 9223372036854775807 (2D: 9223372036854775807 x 1) (SP) x PP "));
  CHECK(text.find("(zero_bubble_v, interleave 9223372036854775807)") != std::string::npos);
  CHECK(text.find(" x DP 9223372036854775807 (ZeRO-2, HSDP: shard 9223372036854775806) x CP "
                  "9223372036854775807 (allgather)") != std::string::npos);
  CHECK(text.ends_with(
      ", full recompute of 9223372036854775807 layers a chunk + MLA up-projections + expert "
      "activation, 9223372036854775807 layers offloaded"));
}
