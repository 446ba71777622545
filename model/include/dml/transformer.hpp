// The realistic model: a real dense or mixture-of-experts transformer, trained by a real software
// stack on a real cluster, costed per training step (docs/model.md, part II). Paper mode
// (workload.hpp, evaluate.hpp) is untouched by it.
//
//   TransformerRun run{.model = llama, .cluster = h100s, .stack = megatron_core, ...};
//   StepPlan p = evaluate(run, TransformerLayout{.tp = 8, .pp = 16, .interleave = 8});
//   StepPlan best = optimize(run).front();  // the fastest layout that fits, with what it assumed
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dml/describe.hpp"
#include "dml/hardware.hpp"
#include "dml/parallel.hpp"
#include "dml/units.hpp"

namespace dml {

// --- The model ---------------------------------------------------------------------------------

struct Moe {
  std::int64_t experts = 0;                   // routed experts per MoE layer
  std::optional<std::int64_t> top_k{};        // routed experts per token; unset: 1 (routed())
  std::int64_t shared_experts = 0;            // experts every token also goes through
  std::optional<std::int64_t> expert_d_ff{};  // hidden width of one expert; unset: d_ff
  // The shared experts' hidden width, all of them together; unset: shared_experts x expert_d_ff.
  std::optional<std::int64_t> shared_d_ff{};
  std::int64_t dense_layers = 0;  // the first this many layers are dense
  // After them, one layer in this many is a MoE layer (the last of each run), the others dense.
  std::int64_t every = 1;
  // Or each layer's kind, one entry a layer: 1 a MoE layer, 0 a dense one (Megatron-Core's
  // moe_layer_freq as a list); unset: dense_layers and every say.
  std::optional<std::vector<std::int64_t>> pattern{};
  // Whether the last of the model's `layers` is a MoE layer: the kind Megatron-Core builds its
  // multi-token prediction modules with (their spec is the decoder's last layer's).
  [[nodiscard]] bool last_is_moe(std::int64_t layers) const {
    const auto n = static_cast<double>(layers);
    return moe_before(n) - moe_before(n - 1) > 0.5;
  }
  // MoE layers among the model's first x layers (x whole, or a fraction of a layer's place).
  [[nodiscard]] double moe_before(double x) const {
    if (pattern) {
      const std::vector<std::int64_t>& kinds = *pattern;
      const auto n = static_cast<double>(kinds.size());
      const double whole = std::clamp(std::floor(x), 0.0, n);
      double count = 0;
      for (std::size_t i = 0; static_cast<double>(i) < whole; ++i) {
        count += static_cast<double>(kinds[i]);
      }
      if (whole < n && x > whole) {
        count += (x - whole) * static_cast<double>(kinds[static_cast<std::size_t>(whole)]);
      }
      return count;
    }
    const double past = x - static_cast<double>(dense_layers);
    if (past <= 0) return 0;
    if (every == 1) return past;
    // Whole runs, and the part of the next run's last layer x covers (a chunk's fractional span
    // gets its fraction of a MoE layer: helper-360).
    const double e = static_cast<double>(every);
    const double runs = std::floor(past / e);
    return runs + std::clamp(past - e * runs - (e - 1), 0.0, 1.0);
  }
  double imbalance = 1.0;  // busiest rank's expert load / the mean
  // Token dropping: an expert takes at most this many times the mean of the tokens (Megatron-Core's
  // moe_expert_capacity_factor); unset: dropless.
  std::optional<double> capacity_factor{};
  bool pad_to_capacity = false;  // every expert padded to its capacity (needs capacity_factor)
  std::optional<std::int64_t> max_nodes{};    // node-limited routing: nodes a token reaches
  std::optional<std::int64_t> groups{};       // group-limited routing: groups of experts
  std::optional<std::int64_t> group_top_k{};  // groups a token's experts are chosen from
  bool expert_bias = false;                   // the experts' linears carry biases (GPT-OSS)
  bool clamped_glu = false;  // the experts' GLU clamps its two inputs (GPT-OSS: at 7)
  // The routed experts a token goes to: top_k, else 1 (Switch's routing; listed as assumed).
  [[nodiscard]] std::int64_t routed() const { return top_k.value_or(1); }
};

// Multi-head latent attention (DeepSeek-V2/V3): queries and keys/values pass through low-rank
// latents; every head has its own decompressed key and value, a shared rotary key part.
struct Mla {
  std::int64_t kv_rank = 0;              // the keys' and values' latent width (DeepSeek-V3: 512)
  std::optional<std::int64_t> q_rank{};  // the queries' latent width (1536); unset: no latent
  std::int64_t rope_dim = 0;             // rotary part of each query and key head (64)
  std::optional<std::int64_t> v_dim{};   // value head width; unset: head_dim
};

struct Transformer {
  std::optional<std::string> name{};
  std::int64_t layers = 0;
  std::int64_t d_model = 0;
  std::int64_t heads = 0;
  std::optional<std::int64_t> kv_heads{};  // unset: heads (MHA); fewer: GQA; 1: MQA
  std::optional<std::int64_t> head_dim{};  // unset: d_model / heads
  std::int64_t d_ff = 0;                   // MLP hidden width (dense layers)
  bool gated = true;                       // SwiGLU/GeGLU: three matrices, not two
  std::int64_t vocab = 0;
  bool tied_embeddings = false;  // the output layer reuses the input embedding
  std::int64_t seq_len = 0;
  bool causal = true;
  std::optional<std::int64_t> window{};  // sliding-window attention: keys per query at most
  std::optional<std::int64_t> full_attention_every{};  // with a window: every n-th layer is full
  bool parallel_block = false;  // attention and MLP side by side (GPT-J, PaLM)
  std::int64_t mtp_layers = 0;  // multi-token prediction modules on the last stage (DeepSeek-V3: 1)
  std::optional<Moe> moe{};
  std::optional<Mla> mla{};  // multi-head latent attention; head_dim is the non-rotary key width
};

// --- The software stack -------------------------------------------------------------------------

enum class AttentionKernel { kFlash, kFlash3, kUnfused };
enum class TpOverlap { kNone, kBackward, kOverlapped };
// How expert tokens move (docs/model.md 8.8): every routed copy through an all-to-all (NCCL;
// Megatron-Core's alltoall dispatcher), or token-based (DeepEP, HybridEP): each token once per
// GPU it reaches in its node and once per remote node, forwarded over that node's NVLink.
enum class MoeDispatcher { kAllToAll, kToken };

struct Stack {
  std::string name{};
  AttentionKernel attention = AttentionKernel::kFlash;
  bool dropout = false;             // dropout after attention and MLP (GPT-era recipes)
  double elementwise_factor = 1.0;  // memory traffic of element-wise ops x this (unfused eager)
  TpOverlap tp_overlap = TpOverlap::kBackward;
  double tp_hidden_fraction = 0.7;    // with overlapped TP: the share that hides under GEMMs
  double overlap_slowdown = 0.3;      // hidden communication still slows compute by this x its time
  bool dp_overlap = true;             // gradient reduction under the backward
  bool param_gather_overlap = true;   // parameter all-gathers under compute (ZeRO-3: prefetch)
  bool p2p_overlap = true;            // pipeline sends under compute (fill and drain exposed)
  bool scatter_gather_sends = false;  // without SP: each TP rank sends 1/t, then an NVLink gather
  double ep_hidden_fraction = 0;      // expert all-to-all hidden under other compute
  bool ep_overlap = false;  // a forward and a backward layer run side by side, each all-to-all
                            // under the other's compute (Megatron-Core's EP overlap; DualPipe)
  MoeDispatcher dispatcher = MoeDispatcher::kAllToAll;
  std::int64_t default_zero = 0;  // the sharding the stack uses when a layout leaves it out
  // The ZeRO stages the framework offers: the search tries these only (Megatron-LM 2021 had no
  // distributed optimizer; PyTorch FSDP shards gradients with the optimizer, no stage 1 alone).
  std::vector<std::int64_t> zero_stages{0, 1, 2, 3};
  [[nodiscard]] bool offers_zero(std::int64_t stage) const {
    return std::find(zero_stages.begin(), zero_stages.end(), stage) != zero_stages.end();
  }
  // ZeRO 2 frees the gathered weights after each microbatch's backward and gathers them again
  // in the next forward (PyTorch FSDP); false: it keeps them whole, gathering once a step.
  bool zero2_regathers = false;
  // With a pipeline, ZeRO 2 and 3 keep a stage's weights gathered and its gradients whole over
  // the step's microbatches: one gather, one reduce-scatter after the last backward
  // (torch.distributed.pipelining with FSDP2, torchtitan's reshard_after_forward = not pp).
  bool pipeline_defers_sharding = false;
  double weight_bytes = 2;           // per parameter
  double gradient_bytes = 4;         // per parameter (fp32 main gradients)
  double optimizer_bytes = 12;       // per parameter: fp32 master copy, Adam's m and v
  double gradient_reduce_bytes = 2;  // per gradient element on the wire
  double optimizer_traffic = 30;     // HBM bytes per parameter of one optimizer step
  double loss_traffic = 48;    // HBM bytes per logit of the loss, forward and backward (PyTorch's
                               // eager cross_entropy on fp32 logits: docs/model.md 8.2)
  double permute_traffic = 4;  // MoE: HBM bytes per element of each routed token copy moved by
                               // the permutation and its inverse, forward (docs/model.md 8.2)
  // MoE, per routed token copy, forward and backward together (docs/model.md 8.2): HBM bytes per
  // d_model element for the biases of a model with expert_bias, per expert d_ff element for the
  // clamp of a model with clamped_glu, where the stack's kernels leave them unfused.
  double expert_bias_traffic = 0;
  double glu_clamp_traffic = 0;
  // Ring context parallelism (docs/model.md 8.8): HBM bytes moved per ring step after the first
  // (the busiest rank of the load-balanced ring), per element of the attention's output or query
  // gradient (token x head x head width) and per element of the keys and values. 0 where a
  // stack does not say: its presets count them from their code.
  double ring_out_traffic = 0;      // forward: the step's output merged into the running one
  double ring_kv_traffic = 0;       // forward: keys and values copied for the exchange
  double ring_grad_traffic = 0;     // backward: the step's query gradient accumulated
  double ring_kv_grad_traffic = 0;  // backward: key/value gradients accumulated, buffers copied
  bool repeats_kv = false;  // GQA keys and values expanded to every query head before attention
  std::int64_t gathers_per_layer = 1;  // ZeRO-3/FSDP collectives per layer and pass
  bool fused_projections = true;       // Q, K, V one linear, the gated MLP's two inputs one linear
  bool recompute_norms = false;  // offers recompute = "norms" (Megatron-Core's "layernorm" module)
  bool saves_quantized_inputs = false;  // FP8/FP4 linears keep their quantized input (TE)
  bool has_sequence_parallel = true;    // offers SP (Megatron-LM from 2022 on; not 2021's)
  bool has_pipeline = true;             // offers PP (not Composer)
  bool has_context_parallel = true;     // offers CP (Megatron-Core, torchtitan; not 2021-22's)
  bool recompute_modules = false;       // offers Megatron-Core's mla_up_proj and moe_act modules
  bool offloads_activations = false;    // offers the layout's offload (Megatron-Core through TE)
  bool zero_bubble = false;             // offers the zero_bubble and zero_bubble_v schedules
  bool dualpipe = false;                // offers the dualpipe schedule
  double attention_d64_forward = 1.0;   // fused attention's rate at head width 64 / at 128
  double attention_d64_backward = 1.0;  // the same for its backward
  units::Seconds layer_overhead = units::microseconds(26);  // per layer and microbatch
  units::Seconds collective_launch = units::microseconds(8);
  units::Bytes collective_chunk = units::mib(2);  // pipelining unit across the network
  units::Seconds step_overhead{};                 // per step: data loading, logging
  Sources sources{};
};

// --- The run and its layout ---------------------------------------------------------------------

enum class Precision { kBf16, kFp8, kFp4 };
enum class DispatchPrecision { kBf16, kFp8 };  // the expert dispatch's tokens (no FP4 dispatch)
enum class Fp8Scaling { kTensorwise, kRowwise };
enum class Recompute { kNone, kSelective, kOp, kFull, kNorms };
enum class Schedule { kGpipe, k1F1B, kZeroBubble, kZeroBubbleV, kDualPipe };
enum class ContextParallel { kRing, kAllGather };

struct TransformerRun {
  Transformer model{};
  Cluster cluster{};  // its size: the GPUs the run uses
  Stack stack{};
  std::optional<std::int64_t> global_batch{};         // sequences per step
  std::optional<std::int64_t> global_batch_tokens{};  // or tokens per step
  std::optional<double> tokens{};                     // to train; unset: 20 per parameter
  Precision precision = Precision::kBf16;             // of the matmuls
  DispatchPrecision dispatch_precision = DispatchPrecision::kBf16;  // of the expert dispatch
  Fp8Scaling fp8_scaling = Fp8Scaling::kTensorwise;                 // FP8 scaling granularity
  std::optional<std::string> name{};
};

struct TransformerLayout {
  std::optional<std::int64_t> tp{};
  std::optional<std::int64_t> tp_model{};  // 2D TP: d_model split this many ways (of tp)
  std::optional<bool> sequence_parallel{};
  std::optional<std::int64_t> pp{};
  std::optional<std::int64_t> interleave{};
  std::optional<Schedule> schedule{};
  std::optional<std::int64_t> dp{};
  std::optional<std::int64_t> zero{};   // 0: plain DP; 1, 2: sharded optimizer/gradients; 3: FSDP
  std::optional<std::int64_t> shard{};  // ranks a ZeRO/FSDP shard spans (< dp x cp: HSDP)
  std::optional<std::int64_t> cp{};
  std::optional<ContextParallel> cp_kind{};
  std::optional<std::int64_t> ep{};
  std::optional<std::int64_t> etp{};         // expert TP: each routed expert split this many ways
  std::optional<std::int64_t> microbatch{};  // sequences per microbatch
  std::optional<Recompute> recompute{};
  std::optional<std::int64_t> recompute_layers{};  // full recompute of a chunk's first N layers
  std::optional<bool> recompute_mla_up{};          // Megatron-Core's mla_up_proj module
  std::optional<bool> recompute_moe_act{};         // Megatron-Core's moe_act module
  std::optional<std::int64_t> offload{};           // layers whose activations wait in host memory
  std::optional<bool> optimizer_offload{};         // the optimizer's states and step on the host
};

// --- Results ------------------------------------------------------------------------------------

// Where one step's time goes, on the slowest pipeline stage. Compute terms include every
// microbatch; communication terms are what is exposed, unless named *_hidden.
struct StepTime {
  units::Seconds step{};
  units::Seconds gemm{};
  units::Seconds attention{};
  units::Seconds elementwise{};
  units::Seconds logits{};
  units::Seconds recompute{};
  units::Seconds overhead{};
  units::Seconds tp{};
  units::Seconds tp_hidden{};
  units::Seconds cp{};
  units::Seconds cp_hidden{};
  units::Seconds ep{};
  units::Seconds ep_hidden{};
  units::Seconds pp{};
  units::Seconds pp_hidden{};
  units::Seconds bubble{};
  units::Seconds dp{};
  units::Seconds dp_hidden{};
  units::Seconds optimizer{};
  units::Seconds slowdown{};
  units::Seconds offload{};  // activation copies to and from host memory, exposed
};

struct StepMemory {
  units::Bytes weights{};
  units::Bytes gradients{};
  units::Bytes optimizer{};
  units::Bytes activations{};
  units::Bytes logits{};
  units::Bytes workspace{};
  units::Bytes total{};
  units::Bytes capacity{};
  units::Bytes host{};           // offloaded activations and optimizer in host memory (not in
                                 // the total)
  units::Bytes host_capacity{};  // what the host holds for the GPU (0: no limit)
};

// What a step draws and costs, when the GPU has a power record (docs/model.md 8.13).
struct StepEnergy {
  double busy_share = 0;              // of the step's time: computing
  double waiting_share = 0;           // on exposed communication
  double idle_share = 0;              // pipeline bubbles and host gaps
  double gpu_watts = 0;               // average board power per GPU
  double facility_watts_per_gpu = 0;  // (GPU + host) x PUE
  double step_joules = 0;             // the whole cluster's, facility power
  double tokens_per_joule = 0;
  double run_megawatt_hours = 0;
  std::optional<double> run_cost{};  // dollars, when the facility has a price
  std::optional<double> cost_per_million_tokens{};
};

struct StepPlan {
  // The run's own name, its model's (when they have one) and its GPU's, to tell a sweep's rows
  // apart.
  std::optional<std::string> run_name{};
  std::optional<std::string> model_name{};
  std::string gpu_name{};
  bool feasible = false;
  std::vector<std::string> violations{};
  std::int64_t gpus = 0;
  // What else of the run tells a sweep's rows apart: its stack's name, matmul precision, global
  // batch (sequences) and tokens to train.
  std::string stack_name{};
  Precision precision = Precision::kBf16;
  std::int64_t global_batch = 0;
  double tokens = 0;
  TransformerLayout layout{};  // every field filled in
  std::string layout_text{};   // the layout as the plan's first line writes it
  std::vector<std::string> assumed{};
  std::vector<std::string> notes{};  // what to read the answer with: inputs the costs do not use
  StepTime time{};
  StepMemory memory{};
  double params = 0;         // total
  double active_params = 0;  // per token
  double model_flop_per_token = 0;
  double hardware_flop_per_token = 0;
  double mfu = 0;
  double hfu = 0;
  double mfu_megatron = 0;   // with Megatron-Core r0.8's FLOP formula (non-causal attention)
  double mfu_narayanan = 0;  // with Narayanan et al. 2021's (includes a recompute forward)
  double mfu_palm = 0;       // with PaLM's 6N + 12 L h s per token (llm-foundry's MFU)
  double tokens_per_second = 0;
  double tokens_per_second_per_gpu = 0;
  std::int64_t microbatches = 0;
  double steps = 0;
  units::Seconds time_to_train{};
  double gpu_hours = 0;                // gpus x time_to_train, in hours
  std::optional<StepEnergy> energy{};  // with the GPU's power record
  std::int64_t layouts_evaluated = 0;  // optimize: layouts costed
};

// --- Entry points -------------------------------------------------------------------------------

// Counts of the model (docs/model.md 8.1).
[[nodiscard]] double total_params(const Transformer& m);
[[nodiscard]] double active_params(const Transformer& m);  // per token: top-k and shared only
// Model FLOPs per token of a training step (forward and backward, no recompute), exact: GQA,
// gated MLPs, causal or windowed attention, top-k routing, logits.
[[nodiscard]] double model_flop_per_token(const Transformer& m);
// FLOPs per token as Megatron-Core r0.8's num_floating_point_operations counts them, the count
// of the Megatron-LM tables (docs/model.md 8.10): 12 L h^2 [(1 + g/a + s/h) a d_h/h + (f/h) k
// (3/2 gated) + V/(2 L h)], f the routed experts' width. For MLA models, model_flop_per_token:
// Megatron's own MLA branch counts the same.
[[nodiscard]] double megatron_flop_per_token(const Transformer& m);

// Cost one layout on run.cluster.size GPUs. Fields the layout leaves out are assumed (and listed
// in `assumed`). Bad input throws ConfigError; a layout that cannot run is infeasible with its
// reasons.
[[nodiscard]] StepPlan evaluate(const TransformerRun& run, const TransformerLayout& layout);

// A run checked and set up once, for costing many of its layouts (a sweep over layouts, a tool's
// own search): evaluate(layout) is dml::evaluate(run, layout) without validating the run and
// deriving its constants again each time. It keeps its own copy of the run; evaluate may be
// called from several threads at once. (A moved-from evaluator may only be assigned to or
// destroyed.)
class TransformerEvaluator {
 public:
  // Throws ConfigError for a run that dml::evaluate would refuse.
  explicit TransformerEvaluator(const TransformerRun& run);
  ~TransformerEvaluator();
  TransformerEvaluator(TransformerEvaluator&&) noexcept;
  TransformerEvaluator& operator=(TransformerEvaluator&&) noexcept;

  [[nodiscard]] StepPlan evaluate(const TransformerLayout& layout) const;
  [[nodiscard]] const TransformerRun& run() const;

 private:
  struct Prepared;
  std::unique_ptr<const Prepared> prepared_;
};

// --- One collective -----------------------------------------------------------------------------

// A collective of `size` bytes (the whole buffer, nccl-tests' convention) over `gpus` consecutive
// ranks of the cluster, as the realistic model costs it (docs/model.md 8.4).
struct CollectiveQuery {
  Cluster cluster{};
  Stack stack{};  // its collective_launch and collective_chunk
  CollectiveOp op = CollectiveOp::kAllReduce;
  units::Bytes size{};
  std::int64_t gpus = 0;
};

struct CollectiveEstimate {
  CollectiveOp op = CollectiveOp::kAllReduce;
  units::Bytes size{};
  std::int64_t gpus = 0;
  std::int64_t nodes = 1;  // scale-up domains the group spans
  std::int64_t level = 1;  // the network level it reaches (1: inside a node)
  std::string model{};     // "alpha-beta", "measured" (the level's table), or
                           // "alpha-beta, NVLink measured" (the node level's, across nodes)
  units::Seconds time{};
  units::BytesPerSecond bus_bandwidth{};        // nccl-tests' busbw: factor x size / time
  units::BytesPerSecond algorithm_bandwidth{};  // nccl-tests' algbw: size / time
};

[[nodiscard]] CollectiveEstimate estimate_collective(const CollectiveQuery& query);

// The fastest layouts that fit on run.cluster.size GPUs, fastest first (at most `count`),
// searching what `fixed` leaves out: TP (with SP), PP, interleave and schedule, DP with its ZeRO
// stage, CP, EP, microbatch, recompute. None fits: one infeasible plan saying why. Each plan's
// layouts_evaluated is the search's count. When control.cancelled() turns true the search stops
// within milliseconds and throws dml::Cancelled (dml/parallel.hpp).
[[nodiscard]] std::vector<StepPlan> optimize(const TransformerRun& run,
                                             const TransformerLayout& fixed = {},
                                             std::int64_t count = 1, const Control& control = {});
// Which layouts optimize() returns: at most `count`, fastest first; with distinct_splits, the
// fastest of each split (TP, PP, DP, CP, EP and expert TP degrees), so that the runners-up are
// other splits, not the best one's split with another interleave, microbatch or recompute.
struct Ranking {
  std::int64_t count = 1;
  bool distinct_splits = false;
};
[[nodiscard]] std::vector<StepPlan> optimize(const TransformerRun& run,
                                             const TransformerLayout& fixed, const Ranking& ranking,
                                             const Control& control = {});

// The fastest layout that fits of each run, as optimize(run) finds it, the runs searched on
// control.threads workers (parallel_for). plans[i] is unset where control.cancelled stopped the
// work before run i finished.
[[nodiscard]] std::vector<std::optional<StepPlan>> optimize_all(
    std::span<const TransformerRun> runs, const Control& control = {});

void validate(const TransformerRun& run, const std::string& path = "run");

// "TP 8 (SP) x PP 16 (interleave 8, 1f1b) x DP 128 (ZeRO-1) x CP 1 x EP 1, microbatch 1, no
// recompute"
[[nodiscard]] std::string layout_text(const TransformerLayout& l);
[[nodiscard]] std::string step_plan_summary(const StepPlan& p);

// --- Descriptions -------------------------------------------------------------------------------

inline constexpr std::int64_t kMaxModelDim = std::int64_t{1} << 24;

template <>
struct EnumNames<AttentionKernel> {
  static constexpr std::array values{
      std::pair{AttentionKernel::kFlash, std::string_view("flash")},
      std::pair{AttentionKernel::kFlash3, std::string_view("flash3")},
      std::pair{AttentionKernel::kUnfused, std::string_view("unfused")}};
};
template <>
struct EnumNames<TpOverlap> {
  static constexpr std::array values{
      std::pair{TpOverlap::kNone, std::string_view("none")},
      std::pair{TpOverlap::kBackward, std::string_view("backward")},
      std::pair{TpOverlap::kOverlapped, std::string_view("overlapped")}};
};
template <>
struct EnumNames<MoeDispatcher> {
  static constexpr std::array values{
      std::pair{MoeDispatcher::kAllToAll, std::string_view("all_to_all")},
      std::pair{MoeDispatcher::kToken, std::string_view("token")}};
};
template <>
struct EnumNames<Precision> {
  static constexpr std::array values{std::pair{Precision::kBf16, std::string_view("bf16")},
                                     std::pair{Precision::kFp8, std::string_view("fp8")},
                                     std::pair{Precision::kFp4, std::string_view("fp4")}};
};
template <>
struct EnumNames<DispatchPrecision> {
  static constexpr std::array values{std::pair{DispatchPrecision::kBf16, std::string_view("bf16")},
                                     std::pair{DispatchPrecision::kFp8, std::string_view("fp8")}};
};
template <>
struct EnumNames<Fp8Scaling> {
  static constexpr std::array values{
      std::pair{Fp8Scaling::kTensorwise, std::string_view("tensorwise")},
      std::pair{Fp8Scaling::kRowwise, std::string_view("rowwise")}};
};
template <>
struct EnumNames<Recompute> {
  static constexpr std::array values{
      std::pair{Recompute::kNone, std::string_view("none")},
      std::pair{Recompute::kSelective, std::string_view("selective")},
      std::pair{Recompute::kOp, std::string_view("op")},
      std::pair{Recompute::kFull, std::string_view("full")},
      std::pair{Recompute::kNorms, std::string_view("norms")}};
};
template <>
struct EnumNames<Schedule> {
  static constexpr std::array values{
      std::pair{Schedule::k1F1B, std::string_view("1f1b")},
      std::pair{Schedule::kGpipe, std::string_view("gpipe")},
      std::pair{Schedule::kZeroBubble, std::string_view("zero_bubble")},
      std::pair{Schedule::kZeroBubbleV, std::string_view("zero_bubble_v")},
      std::pair{Schedule::kDualPipe, std::string_view("dualpipe")}};
};
template <>
struct EnumNames<ContextParallel> {
  static constexpr std::array values{
      std::pair{ContextParallel::kRing, std::string_view("ring")},
      std::pair{ContextParallel::kAllGather, std::string_view("allgather")}};
};

template <>
struct Description<Mla> {
  static constexpr std::string_view name = "mla";
  static constexpr bool part = true;
  static constexpr std::string_view title = "multi-head latent attention";
  static constexpr std::string_view doc =
      "DeepSeek-V2/V3's attention: the queries and the keys and values are projected down to "
      "latents and up again per head; each query and key head is head_dim wide plus a rotary "
      "part, the rotary key shared by all heads.";
  template <class V, class S>
  static void fields(V& v, S& m) {
    v.field(m.kv_rank, {.name = "kv_rank",
                        .doc = "width of the keys' and values' latent (DeepSeek-V3: 512)",
                        .required = true,
                        .min = 1,
                        .max = kMaxModelDim});
    v.field(m.q_rank, {.name = "q_rank",
                       .doc = "width of the queries' latent (DeepSeek-V3: 1536)",
                       .min = 1,
                       .max = kMaxModelDim,
                       .default_text = "none (queries projected directly)"});
    v.field(m.rope_dim, {.name = "rope_dim",
                         .doc = "rotary width added to each query and key head (DeepSeek-V3: 64)",
                         .min = 0,
                         .max = kMaxModelDim});
    v.field(m.v_dim, {.name = "v_dim",
                      .doc = "width of each value head (DeepSeek-V3: 128)",
                      .min = 1,
                      .max = kMaxModelDim,
                      .default_text = "the model's head_dim"});
  }
};

template <>
struct Description<Moe> {
  static constexpr std::string_view name = "moe";
  static constexpr bool part = true;
  static constexpr std::string_view title = "a mixture of experts";
  static constexpr std::string_view doc =
      "The MoE layers of a transformer: routed experts (top-k of them per token), shared experts, "
      "and the dense layers before them.";
  template <class V, class S>
  static void fields(V& v, S& m) {
    v.field(m.experts, {.name = "experts",
                        .doc = "routed experts per MoE layer",
                        .required = true,
                        .min = 2,
                        .max = 65536});
    v.field(m.top_k, {.name = "top_k",
                      .doc = "routed experts each token goes to (Switch's routing when left out, "
                             "and said in the plan's assumed: give Mixtral's 2, DeepSeek-V3's 8)",
                      .min = 1,
                      .max = 65536,
                      .default_text = "1"});
    v.field(m.shared_experts, {.name = "shared_experts",
                               .doc = "experts every token also goes through (DeepSeek: 1)",
                               .min = 0,
                               .max = 64});
    v.field(m.expert_d_ff, {.name = "expert_d_ff",
                            .doc = "hidden width of one expert (routed and shared)",
                            .min = 1,
                            .max = kMaxModelDim,
                            .default_text = "the model's d_ff"});
    v.field(m.shared_d_ff,
            {.name = "shared_d_ff",
             .doc = "hidden width of the shared experts, all of them together, where it is not "
                    "shared_experts x expert_d_ff (Megatron-Core's "
                    "moe_shared_expert_intermediate_size; Qwen2-MoE's "
                    "shared_expert_intermediate_size: Qwen2-57B-A14B's 20480, 8 x its experts' "
                    "width)",
             .min = 1,
             .max = kMaxModelDim,
             .default_text = "shared_experts x expert_d_ff"});
    v.field(m.every,
            {.name = "every",
             .doc = "after the dense first layers, one layer in this many is a MoE layer (the "
                    "last of each run), the others dense: 2 for Llama 4 Maverick's "
                    "interleave_moe_layer_step, GShard's and Switch's every other layer "
                    "(Megatron-Core's moe_layer_freq puts the first of each run, which costs the "
                    "same but for a layer at a stage's ends and the kind of the MTP modules' "
                    "layers, the last layer's; moe.pattern places them as Megatron-Core does)",
             .min = 1,
             .max = 1 << 20});
    v.field(m.pattern,
            {.name = "pattern",
             .doc = "each layer's kind, one entry a layer from the first: 1 a MoE layer, 0 a "
                    "dense one (Megatron-Core's moe_layer_freq given as a list: [1, 0] * 24 puts "
                    "the first of each pair); instead of dense_layers and every",
             .min = 0,
             .max = 1,
             .default_text = "dense_layers and every say"});
    v.field(m.dense_layers, {.name = "dense_layers",
                             .doc = "the first this many layers have a dense MLP (DeepSeek-V3: 3)",
                             .min = 0,
                             .max = kMaxModelDim});
    v.field(m.imbalance, {.name = "imbalance",
                          .doc = "tokens on the busiest rank's experts / the mean (1: balanced): "
                                 "its experts' compute and its share of the all-to-all; at most "
                                 "experts / top_k, and counted as at most ep",
                          .min = 1,
                          .max = 64});
    v.field(m.capacity_factor,
            {.name = "capacity_factor",
             .doc = "token dropping: each expert takes at most this many times the mean of the "
                    "routed copies and drops the rest (Megatron-Core's moe_expert_capacity_factor; "
                    "GShard's, Switch's): the busiest rank's load is at most this, however "
                    "imbalanced the routing",
             .min = 0.01,
             .max = 64,
             .default_text = "dropless"});
    v.field(m.pad_to_capacity,
            {.name = "pad_to_capacity",
             .doc = "with capacity_factor: every expert is padded to its capacity, so each "
                    "rank's experts compute and exchange capacity_factor times the mean (Megatron-"
                    "Core's moe_pad_expert_input_to_capacity)"});
    v.field(m.max_nodes,
            {.name = "max_nodes",
             .doc = "node-limited routing: a token's experts lie on at most this many nodes; "
                    "a token-based dispatcher then sends it over the network once per node "
                    "(DeepSeek-V3: 4); the all-to-all dispatcher still sends every routed copy",
             .min = 1,
             .max = 1 << 20,
             .default_text = "no limit"});
    v.field(m.groups,
            {.name = "groups",
             .doc = "group-limited routing: the experts form this many groups of consecutive "
                    "experts, and a token picks its top_k from group_top_k of them "
                    "(DeepSeek-V3's n_group: 8); with expert parallelism this bounds the nodes "
                    "a token reaches, as max_nodes does, wherever the groups line up with "
                    "nodes, which saves bytes only under a token-based dispatcher",
             .min = 1,
             .max = 65536,
             .default_text = "no groups"});
    v.field(m.group_top_k,
            {.name = "group_top_k",
             .doc = "group-limited routing: the groups a token's experts are chosen from "
                    "(DeepSeek-V3's topk_group: 4); needs groups",
             .min = 1,
             .max = 65536,
             .default_text = "no groups"});
    v.field(m.expert_bias, {.name = "expert_bias",
                            .doc = "the experts' two linears carry biases (GPT-OSS); a stack's "
                                   "expert_bias_traffic prices the ones its kernels do not fuse"});
    v.field(m.clamped_glu,
            {.name = "clamped_glu",
             .doc = "the experts' GLU clamps its gate and linear inputs (GPT-OSS: at 7); a "
                    "stack's glu_clamp_traffic prices the clamp where its kernels do not fuse it"});
  }
  static void check(const Moe& m, const std::string& path);
};

template <>
struct Description<Transformer> {
  static constexpr std::string_view name = "transformer";
  static constexpr std::string_view title = "a transformer";
  static constexpr std::string_view doc =
      "A decoder-only transformer as it is trained: attention (MHA, GQA or MQA, causal, "
      "optionally a sliding window), a gated or plain MLP or a mixture of experts, a vocabulary.";
  template <class V, class S>
  static void fields(V& v, S& m) {
    v.field(
        m.layers,
        {.name = "layers", .doc = "transformer blocks", .required = true, .min = 1, .max = 100000});
    v.field(m.d_model, {.name = "d_model",
                        .doc = "model width (hidden size)",
                        .required = true,
                        .min = 1,
                        .max = kMaxModelDim});
    v.field(
        m.heads,
        {.name = "heads", .doc = "query heads", .required = true, .min = 1, .max = kMaxModelDim});
    v.field(m.kv_heads, {.name = "kv_heads",
                         .doc = "key/value heads: fewer than heads is GQA, 1 is MQA",
                         .min = 1,
                         .max = kMaxModelDim,
                         .default_text = "heads (multi-head attention)"});
    v.field(m.head_dim, {.name = "head_dim",
                         .doc = "width of one head",
                         .min = 1,
                         .max = kMaxModelDim,
                         .default_text = "d_model / heads"});
    v.field(m.d_ff, {.name = "d_ff",
                     .doc = "MLP hidden width (of the dense layers; a model whose layers are "
                            "all MoE reads it only as expert_d_ff's default: give that width)",
                     .required = true,
                     .min = 1,
                     .max = kMaxModelDim});
    v.field(m.gated,
            {.name = "gated", .doc = "gated MLP (SwiGLU, GeGLU): three matrices instead of two"});
    v.field(m.vocab, {.name = "vocab",
                      .doc = "vocabulary size (as padded for the run)",
                      .required = true,
                      .min = 1,
                      .max = 1 << 24});
    v.field(m.tied_embeddings,
            {.name = "tied_embeddings", .doc = "the output layer reuses the input embedding"});
    v.field(m.seq_len, {.name = "seq_len",
                        .doc = "tokens per sequence",
                        .required = true,
                        .min = 1,
                        .max = 1 << 26});
    v.field(m.causal,
            {.name = "causal", .doc = "causal attention: a token attends to the ones before it"});
    v.field(m.window, {.name = "window",
                       .doc = "sliding-window attention: each token attends to at most this many",
                       .min = 1,
                       .max = 1 << 26,
                       .default_text = "none (full attention)"});
    v.field(m.full_attention_every,
            {.name = "full_attention_every",
             .doc = "with a window: layers n, 2n, ... attend to the whole context, the others "
                    "through the window (GPT-OSS 2, Gemma 3 6)",
             .min = 1,
             .max = 1 << 20,
             .default_text = "none (every layer windowed)"});
    v.field(m.parallel_block,
            {.name = "parallel_block",
             .doc = "attention and MLP side by side on one input (GPT-J, PaLM): one TP "
                    "reduction per layer and pass instead of two"});
    v.field(m.mtp_layers,
            {.name = "mtp_layers",
             .doc = "multi-token prediction modules (DeepSeek-V3 1): each one more layer of the "
                    "kind of the model's last layer (MoE or dense, as Megatron-Core builds it), "
                    "a 2 d_model x d_model projection and the shared output head and loss "
                    "again, on the last pipeline stage",
             .min = 0,
             .max = 64});
    v.field(m.moe, {.name = "moe", .doc = "the mixture of experts; unset: dense"});
    v.field(m.mla, {.name = "mla",
                    .doc = "multi-head latent attention (head_dim is then each key head's "
                           "non-rotary width); unset: multi-, grouped- or multi-query attention"});
    v.field(m.name, {.name = "name", .doc = "a label for tables"});
  }
  static void check(const Transformer& m, const std::string& path);
};

template <>
struct Description<Stack> {
  static constexpr std::string_view name = "stack";
  static constexpr std::string_view title = "a software stack";
  static constexpr std::string_view doc =
      "How a training framework runs a step: its attention kernel, fusion, which communication "
      "it overlaps, the bytes it keeps per parameter and its fixed costs (dml.presets.stacks).";
  template <class V, class S>
  static void fields(V& v, S& s) {
    v.field(s.name, {.name = "name", .doc = "e.g. \"megatron-core 2024\"", .required = true});
    v.field(s.attention,
            {.name = "attention",
             .doc = "attention kernel: \"flash\" (FlashAttention-2), \"flash3\" (FA3/cuDNN on "
                    "Hopper) or \"unfused\" (two GEMMs and a softmax over s x s)"});
    v.field(s.dropout, {.name = "dropout", .doc = "dropout after attention and the MLP"});
    v.field(s.elementwise_factor,
            {.name = "elementwise_factor",
             .doc = "memory traffic of norms, residuals, activations and RoPE, x this (1: fused "
                    "kernels or torch.compile; about 2.9 for eager PyTorch)",
             .min = 0,
             .above = true,
             .max = 100});
    v.field(s.tp_overlap,
            {.name = "tp_overlap",
             .doc = "TP communication: \"none\" exposed, \"backward\" (the input-gradient "
                    "reductions hide under weight-gradient GEMMs), \"overlapped\" (userbuffers, "
                    "async-TP: tp_hidden_fraction of it hides)"});
    v.field(s.tp_hidden_fraction, {.name = "tp_hidden_fraction",
                                   .doc = "with tp_overlap = \"overlapped\": the share that hides",
                                   .min = 0,
                                   .max = 1});
    v.field(s.overlap_slowdown,
            {.name = "overlap_slowdown",
             .doc = "hidden communication slows the compute under it by this x its time (SM and "
                    "HBM contention)",
             .min = 0,
             .max = 1});
    v.field(s.dp_overlap, {.name = "dp_overlap",
                           .doc = "gradient reduction runs under the last microbatch's backward "
                                  "(ZeRO-2: each microbatch's under its own; ZeRO-3: each layer's "
                                  "reduce-scatter under the next layer's; not a pipelined stage "
                                  "under pipeline_defers_sharding, which reduces after its last "
                                  "backward)"});
    v.field(s.param_gather_overlap,
            {.name = "param_gather_overlap",
             .doc = "ZeRO-1/2: the parameter all-gather runs under the next step's forward "
                    "(under zero2_regathers, each microbatch's under that forward); ZeRO-3: the "
                    "next layer's gathers are prefetched under this layer's compute"});
    v.field(s.p2p_overlap,
            {.name = "p2p_overlap",
             .doc = "pipeline sends run under compute (only fill and drain are exposed)"});
    v.field(s.scatter_gather_sends,
            {.name = "scatter_gather_sends",
             .doc = "without sequence parallelism, a stage boundary's tensor-parallel ranks each "
                    "send 1/t of the activation and all-gather it in the node (Megatron-LM "
                    "2021-22), instead of each sending all of it (1D TP; with 2D TP each sends "
                    "its d_model share)"});
    v.field(s.ep_hidden_fraction,
            {.name = "ep_hidden_fraction",
             .doc = "of the expert all-to-all left exposed by ep_overlap, the share hidden "
                    "under other compute (at most the compute left beside it)",
             .min = 0,
             .max = 1});
    v.field(s.ep_overlap,
            {.name = "ep_overlap",
             .doc = "in the pipeline's steady state, one microbatch's forward layer runs beside "
                    "another's backward layer and each all-to-all hides under the other's "
                    "attention or experts (Megatron-Core's overlap_moe_expert_parallel_comm: "
                    "without a pipeline or across interleaved chunks, not under full recompute; "
                    "DualPipe always does); no effect under GPipe"});
    v.field(s.dispatcher,
            {.name = "dispatcher",
             .doc = "how expert tokens move: \"all_to_all\" sends every routed copy through an "
                    "all-to-all (NCCL; Megatron-Core's alltoall dispatcher); \"token\" sends "
                    "each token once to each GPU of its node that holds one of its experts and "
                    "once to each remote node that does, where it is forwarded over NVLink "
                    "(DeepEP, HybridEP: Megatron-Core's flex dispatcher)"});
    v.field(s.default_zero, {.name = "default_zero",
                             .doc = "the ZeRO stage used when a layout leaves it out (3: FSDP)",
                             .min = 0,
                             .max = 3});
    v.field(s.zero_stages,
            {.name = "zero_stages",
             .doc = "the ZeRO stages the framework offers, which dml.optimize searches (a layout "
                    "that sets another is costed as asked, with a note): Megatron-LM 2021's "
                    "{ 0 }, PyTorch FSDP's { 0, 2, 3 }",
             .min = 0,
             .max = 3,
             .default_text = "{ 0, 1, 2, 3 }"});
    v.field(s.zero2_regathers,
            {.name = "zero2_regathers",
             .doc = "ZeRO 2 frees the weights it gathered after each microbatch's backward and "
                    "gathers them again in the next microbatch's forward (PyTorch FSDP's "
                    "SHARD_GRAD_OP, FSDP2's reshard_after_forward=False); false: it keeps them "
                    "whole and gathers once a step, after the optimizer (DeepSpeed's stage 2)"});
    v.field(s.pipeline_defers_sharding,
            {.name = "pipeline_defers_sharding",
             .doc = "with pipeline parallelism, ZeRO 2 and 3 keep each stage's weights gathered "
                    "and its gradients whole over the step's microbatches: one all-gather at the "
                    "first forward, one reduce-scatter after the last backward, exposed "
                    "(torch.distributed.pipelining with FSDP2; torchtitan does not reshard after "
                    "forward under a pipeline)"});
    v.field(s.weight_bytes,
            {.name = "weight_bytes", .doc = "bytes per parameter of weights", .min = 0, .max = 64});
    v.field(s.gradient_bytes,
            {.name = "gradient_bytes", .doc = "bytes per gradient kept", .min = 0, .max = 64});
    v.field(s.optimizer_bytes,
            {.name = "optimizer_bytes",
             .doc = "bytes per parameter of optimizer state (Adam: master, m, v)",
             .min = 0,
             .max = 256});
    v.field(s.gradient_reduce_bytes,
            {.name = "gradient_reduce_bytes",
             .doc = "bytes per gradient element reduced over DP (2: bf16; 4: fp32, as Llama 3)",
             .min = 0,
             .above = true,
             .max = 64});
    v.field(s.optimizer_traffic, {.name = "optimizer_traffic",
                                  .doc = "HBM bytes moved per parameter by one optimizer step",
                                  .min = 0,
                                  .max = 1024});
    v.field(s.loss_traffic,
            {.name = "loss_traffic",
             .doc = "HBM bytes moved per logit (token x vocabulary entry) by the cross-entropy "
                    "loss, forward and backward, beyond the output layer's GEMM",
             .min = 0,
             .max = 1024});
    v.field(s.permute_traffic,
            {.name = "permute_traffic",
             .doc = "MoE: HBM bytes moved per element of each routed token copy by the token "
                    "permutation before the dispatch and its inverse after the combine, forward "
                    "(the backward mirrors it; 4: fused kernels write and read each copy once)",
             .min = 0,
             .max = 1024});
    v.field(s.expert_bias_traffic,
            {.name = "expert_bias_traffic",
             .doc = "MoE with expert_bias: HBM bytes moved per d_model element of each routed "
                    "token copy, forward and backward together, by the experts' biases where the "
                    "stack's kernels do not fuse them (0: fused, or not counted)",
             .min = 0,
             .max = 1024});
    v.field(s.glu_clamp_traffic,
            {.name = "glu_clamp_traffic",
             .doc = "MoE with clamped_glu: HBM bytes moved per expert d_ff element of each routed "
                    "token copy, forward and backward together, by the GLU's clamp where the "
                    "stack's kernels do not fuse it (0: fused, or not counted)",
             .min = 0,
             .max = 1024});
    v.field(s.ring_out_traffic,
            {.name = "ring_out_traffic",
             .doc = "ring context parallelism: HBM bytes moved per attention-output element "
                    "(token x head x head width) at each ring step after the first, forward, "
                    "merging the step's partial output and log-sum-exp into the running ones",
             .min = 0,
             .max = 1024});
    v.field(s.ring_kv_traffic,
            {.name = "ring_kv_traffic",
             .doc = "ring context parallelism: HBM bytes moved per key or value element at each "
                    "ring step after the first, forward (copying them into the exchange buffer)",
             .min = 0,
             .max = 1024});
    v.field(s.ring_grad_traffic,
            {.name = "ring_grad_traffic",
             .doc = "ring context parallelism: HBM bytes moved per query-gradient element at "
                    "each ring step after the first, backward (accumulating the step's part)",
             .min = 0,
             .max = 1024});
    v.field(s.ring_kv_grad_traffic,
            {.name = "ring_kv_grad_traffic",
             .doc = "ring context parallelism: HBM bytes moved per key or value gradient element "
                    "at each ring step after the first, backward (accumulating the step's part "
                    "into the gradient passed round the ring, and the exchange buffers' copies)",
             .min = 0,
             .max = 1024});
    v.field(s.repeats_kv,
            {.name = "repeats_kv",
             .doc = "the model expands grouped keys and values to every query head before the "
                    "attention kernel (torchtitan's repeat_kv), so context parallelism "
                    "exchanges and accumulates them at the query heads' width"});
    v.field(s.gathers_per_layer,
            {.name = "gathers_per_layer",
             .doc = "ZeRO-3/FSDP collectives per layer and pass, each paying its own latency "
                    "(1: one flat buffer per layer)",
             .min = 1,
             .max = 1024});
    v.field(s.fused_projections,
            {.name = "fused_projections",
             .doc = "the query, key and value projections are one linear, and so are a gated "
                    "MLP's two input projections (Megatron/Transformer Engine); false: separate "
                    "linears that each quantize their input for FP8 (torchtitan's wq, wk, wv; "
                    "w1, w3)"});
    v.field(s.saves_quantized_inputs,
            {.name = "saves_quantized_inputs",
             .doc = "FP8 and FP4 linears keep their quantized input (the GEMM operand's bytes: "
                    "1 an element for FP8, 0.5625 for NVFP4) for the weight gradient instead of "
                    "the 16-bit tensor, as Transformer Engine's do: less activation memory in "
                    "those precisions"});
    v.field(s.recompute_norms,
            {.name = "recompute_norms",
             .doc = "the stack can recompute just its two norms, dropping their outputs "
                    "(Megatron-Core's recompute_modules \"layernorm\"): layouts may use "
                    "recompute = \"norms\", and optimize tries it"});
    v.field(s.recompute_modules,
            {.name = "recompute_modules",
             .doc = "the stack can recompute MLA's up-projections and the experts' activation "
                    "alone (Megatron-Core's recompute_modules mla_up_proj and moe_act): layouts "
                    "may set recompute_mla_up and recompute_moe_act, and optimize tries them"});
    v.field(s.offloads_activations,
            {.name = "offloads_activations",
             .doc = "the stack can copy the first layers' activations to host memory and back "
                    "beside the compute (Megatron-Core's cpu_offloading through Transformer "
                    "Engine's offload handler): layouts may set offload, and optimize tries it "
                    "where a layout does not fit"});
    v.field(s.zero_bubble,
            {.name = "zero_bubble",
             .doc = "the stack runs the zero-bubble pipeline schedules (PyTorch's "
                    "ScheduleZBVZeroBubble, in torchtitan from February 2025): optimize tries "
                    "zero_bubble and zero_bubble_v beside 1f1b; a layout may ask for them "
                    "either way"});
    v.field(s.dualpipe,
            {.name = "dualpipe",
             .doc = "the stack runs DeepSeek's DualPipe schedule (DeepSeek-V3's own framework): "
                    "optimize tries dualpipe beside 1f1b; a layout may ask for it either way"});
    v.field(s.has_sequence_parallel,
            {.name = "has_sequence_parallel",
             .doc = "the stack offers sequence parallelism: layouts with tp > 1 use it unless they "
                    "say otherwise, and optimize tries it; false (Megatron-LM of 2021, before "
                    "Korthikanti et al. 2022): layouts run without it and may not ask for it"});
    v.field(s.has_pipeline,
            {.name = "has_pipeline",
             .doc = "the stack runs pipeline parallelism: optimize tries pp > 1 only where it does "
                    "(a layout that asks for it is costed as asked, with a note)"});
    v.field(s.has_context_parallel,
            {.name = "has_context_parallel",
             .doc = "the stack runs context parallelism: optimize tries cp > 1 only where it does "
                    "(a layout that asks for it is costed as asked, with a note)"});
    v.field(s.attention_d64_forward,
            {.name = "attention_d64_forward",
             .doc = "the fused attention kernel's forward rate at head width 64 over its rate at "
                    "128; between them log-linear in the width, held below 64 and at 1 above 128",
             .min = 0.05,
             .max = 2});
    v.field(s.attention_d64_backward, {.name = "attention_d64_backward",
                                       .doc = "as attention_d64_forward, for the backward kernel",
                                       .min = 0.05,
                                       .max = 2});
    v.field(s.layer_overhead,
            {.name = "layer_overhead",
             .doc = "fixed time per layer and microbatch: launches, small kernels, CPU gaps",
             .nonnegative = true});
    v.field(s.collective_launch, {.name = "collective_launch",
                                  .doc = "fixed time of launching one collective",
                                  .nonnegative = true});
    v.field(
        s.collective_chunk,
        {.name = "collective_chunk",
         .doc = "the unit a collective pipelines across the network: each network hop of "
                "its pipeline first waits for one such chunk (or the message's share, if "
                "smaller) to cross a GPU's link (NCCL's Simple protocol: 2 MiB; \"0 B\": no fill)",
         .nonnegative = true});
    v.field(s.step_overhead, {.name = "step_overhead",
                              .doc = "fixed time per step (data loading, logging)",
                              .nonnegative = true});
    v.field(s.sources,
            {.name = "sources", .doc = "where each value comes from: field name -> citation"});
  }
  static void check(const Stack& s, const std::string& path);
};

template <>
struct Description<TransformerRun> {
  static constexpr std::string_view name = "transformer_run";
  static constexpr std::string_view constructor = "run";  // dml.run builds either kind of run
  static constexpr std::string_view title = "a transformer training run";
  static constexpr std::string_view doc =
      "dml.run with a dml.transformer model: the model, the cluster (its size: the GPUs used), "
      "the software stack, the global batch and the tokens to train.";
  template <class V, class S>
  static void fields(V& v, S& r) {
    v.field(r.model, {.name = "model", .doc = "the transformer", .required = true});
    v.field(r.cluster, {.name = "cluster",
                        .doc = "the cluster; its size is the number of GPUs",
                        .required = true});
    v.field(r.stack, {.name = "stack",
                      .doc = "the software stack: a preset of require \"dml.presets.stacks\" "
                             "(megatron_core, torchtitan, ...) or a dml.stack",
                      .required = true});
    v.field(r.global_batch, {.name = "global_batch",
                             .doc = "sequences per step",
                             .min = 1,
                             .max = 1e12,
                             .alternative = "global_batch_tokens"});
    v.field(r.global_batch_tokens, {.name = "global_batch_tokens",
                                    .doc = "tokens per step (instead of global_batch)",
                                    .min = 1,
                                    .max = 1e15,
                                    .count_of = "tokens",
                                    .example = "4194304 tokens",
                                    .alternative = "global_batch"});
    v.field(r.tokens, {.name = "tokens",
                       .doc = "tokens to train (at least one step's)",
                       .min = 1,
                       .max = 1e20,
                       .count_of = "tokens",
                       .default_text = "20 x parameters (Chinchilla)"});
    v.field(r.precision,
            {.name = "precision",
             .doc = "of the matmuls: \"bf16\", \"fp8\" (FP8 linears) or \"fp4\" (NVFP4 linears: "
                    "4-bit inputs, a scale per 16 elements; on GPUs whose efficiency has an "
                    "fp4_gain)"});
    v.field(r.dispatch_precision,
            {.name = "dispatch_precision",
             .doc = "of the tokens the expert all-to-all dispatches: \"bf16\", or \"fp8\" "
                    "(DeepSeek-V3); the combine stays bf16. Gradients: the stack's "
                    "gradient_bytes and gradient_reduce_bytes"});
    v.field(r.fp8_scaling,
            {.name = "fp8_scaling",
             .doc = "with precision = \"fp8\": \"tensorwise\" (one scale per tensor: Transformer "
                    "Engine, torchao's default) or \"rowwise\" (torchao's axiswise recipe: one "
                    "scale per row, so every GEMM input is quantized along both axes, the "
                    "backward GEMMs rescale their output, and TP communicates in 16-bit; "
                    "docs/model.md 8.2)"});
    v.field(r.name, {.name = "name", .doc = "a label for tables"});
  }
  static void check(const TransformerRun& r, const std::string& path);
};

template <>
struct Description<TransformerLayout> {
  static constexpr std::string_view name = "transformer_layout";
  static constexpr std::string_view title = "a transformer layout";
  static constexpr std::string_view doc =
      "How a transformer run is split over its GPUs. Every field may be left out: evaluate "
      "assumes it (and lists what it assumed), optimize searches it.";
  template <class V, class S>
  static void fields(V& v, S& l) {
    v.field(l.tp, {.name = "tp", .doc = "tensor parallel degree", .min = 1, .max = 1 << 20});
    v.field(l.tp_model,
            {.name = "tp_model",
             .doc = "2D TP (the paper's): of the tp GPUs, split d_model this many ways and "
                    "heads and d_ff tp / tp_model ways (dense models, no sequence parallelism)",
             .min = 1,
             .max = 1 << 20,
             .default_text = "1 (Megatron's 1D TP)"});
    v.field(l.sequence_parallel, {.name = "sequence_parallel",
                                  .doc = "sequence parallelism with TP (Korthikanti 2022)",
                                  .default_text = "true when tp > 1"});
    v.field(l.pp, {.name = "pp", .doc = "pipeline stages", .min = 1, .max = 1 << 20});
    v.field(l.interleave, {.name = "interleave",
                           .doc = "model chunks per pipeline stage (interleaved 1F1B)",
                           .min = 1,
                           .max = 1 << 20});
    v.field(l.schedule, {.name = "schedule",
                         .doc = "pipeline schedule (optimize searches 1f1b, and the others only "
                                "where the stack's zero_bubble or dualpipe says it runs them)"});
    v.field(l.dp, {.name = "dp",
                   .doc = "data parallel degree",
                   .min = 1,
                   .max = 1 << 30,
                   .default_text = "GPUs / (tp x pp x cp)"});
    v.field(l.zero, {.name = "zero",
                     .doc = "0: plain DP; 1: sharded optimizer state; 2: and gradients, "
                            "reduce-scattered every microbatch; 3: and weights (FSDP); on a "
                            "pipeline of a stack with pipeline_defers_sharding, 2 and 3 keep a "
                            "stage's weights and gradients whole and reduce once a step",
                     .min = 0,
                     .max = 3,
                     .default_text = "the stack's default_zero"});
    v.field(l.shard, {.name = "shard",
                      .doc = "with zero >= 1: shard the states over this many of the dp x cp "
                             "ranks and replicate the shards over the rest (HSDP)",
                      .min = 1,
                      .max = 1 << 30,
                      .default_text = "dp x cp (all of them)"});
    v.field(l.cp, {.name = "cp", .doc = "context parallel degree", .min = 1, .max = 1 << 20});
    v.field(l.cp_kind,
            {.name = "cp_kind",
             .doc = "\"ring\" attention or \"allgather\" of keys and values; sliding-window "
                    "attention runs under allgather only",
             .default_text = "\"ring\"; \"allgather\" for a model with a window shorter than "
                             "its sequence"});
    v.field(l.ep, {.name = "ep", .doc = "expert parallel degree", .min = 1, .max = 1 << 20});
    v.field(l.etp,
            {.name = "etp",
             .doc = "expert tensor parallel degree: each routed expert's linears split this many "
                    "ways, the tokens dispatched to them gathered over those ranks and the "
                    "outputs reduce-scattered back (Megatron-Core's expert_tensor_parallel_size); "
                    "ep x etp divides tp x dp x cp; left out, dml.optimize tries 1 and tp",
             .min = 1,
             .max = 1 << 20,
             .default_text = "1 (Megatron-Core's own default is tp)"});
    v.field(l.microbatch,
            {.name = "microbatch", .doc = "sequences per microbatch", .min = 1, .max = 1 << 20});
    v.field(l.recompute, {.name = "recompute",
                          .doc = "activation recomputation: \"none\", \"selective\" (the attention "
                                 "core), \"norms\" (the two norms: Megatron-Core's layernorm "
                                 "module), \"op\" (torchtitan's per-op checkpointing: every "
                                 "other matmul and the element-wise ops), \"full\""});
    v.field(l.recompute_layers,
            {.name = "recompute_layers",
             .doc = "with recompute \"full\": only the first this many layers of each pipeline "
                    "chunk are recomputed, the others keep what they hold for the backward "
                    "(Megatron's block method, recompute_num_layers)",
             .min = 1,
             .max = 1 << 20,
             .default_text = "every layer"});
    v.field(l.recompute_mla_up,
            {.name = "recompute_mla_up",
             .doc = "MLA models: drop every head's query, key and value and rerun the "
                    "up-projections from the latents in the backward (Megatron-Core's "
                    "mla_up_proj module), beside recompute none, selective or norms",
             .default_text = "false"});
    v.field(l.recompute_moe_act,
            {.name = "recompute_moe_act",
             .doc = "MoE models: drop the experts' activation output and rerun the activation in "
                    "the backward (Megatron-Core's moe_act module), beside recompute none, "
                    "selective or norms",
             .default_text = "false"});
    v.field(l.offload,
            {.name = "offload",
             .doc = "activation offloading: the first this many layers copy what they keep for "
                    "the backward to host memory in the forward and back in the backward, "
                    "beside the compute (Megatron-Core's cpu_offloading_num_layers; a MoE "
                    "layer's routed experts keep theirs); fewer than the layers, with pp 1, the "
                    "1f1b schedule and recompute none, on a GPU with a host_bandwidth",
             .min = 0,
             .max = 1 << 20,
             .default_text = "0"});
    v.field(l.optimizer_offload,
            {.name = "optimizer_offload",
             .doc = "the optimizer runs on the host: its states and the fp32 gradients of the "
                    "GPU's shard live in host memory, each step copies the gradients down and "
                    "the updated weights back over host_bandwidth, and the host updates them at "
                    "the GPU's host_optimizer_rate while the GPU waits (DeepSpeed's "
                    "offload_optimizer, Megatron-Core's optimizer_cpu_offload)",
             .default_text = "false"});
  }
};

template <>
struct Description<StepTime> {
  static constexpr bool result = true;
  static constexpr std::string_view name = "step_time";
  static constexpr std::string_view title = "where a step's time goes";
  static constexpr std::string_view doc =
      "One training step on the slowest pipeline stage: compute over all microbatches, then the "
      "communication left exposed, the bubble and the optimizer.";
  template <class V, class S>
  static void fields(V& v, S& t) {
    v.field(t.step, {.name = "step", .doc = "one training step", .label = "step time"});
    v.field(
        t.gemm,
        {.name = "gemm", .doc = "matmuls of the layers, forward and backward", .label = "matmuls"});
    v.field(t.attention, {.name = "attention",
                          .doc = "the attention kernel (scores and values)",
                          .label = "attention"});
    v.field(t.elementwise, {.name = "elementwise",
                            .doc = "memory-bound ops: norms, residuals, activations, RoPE",
                            .label = "element-wise"});
    v.field(t.logits,
            {.name = "logits", .doc = "output layer and loss (last stage)", .label = "logits"});
    v.field(t.recompute, {.name = "recompute", .doc = "recomputed forward", .label = "recompute"});
    v.field(t.overhead,
            {.name = "overhead", .doc = "fixed per-layer and per-step costs", .label = "overhead"});
    v.field(t.tp, {.name = "tp", .doc = "TP communication, exposed", .label = "TP exposed"});
    v.field(t.tp_hidden, {.name = "tp_hidden", .doc = "TP communication hidden under compute"});
    v.field(t.cp,
            {.name = "cp", .doc = "context-parallel KV exchange, exposed", .label = "CP exposed"});
    v.field(t.cp_hidden, {.name = "cp_hidden",
                          .doc = "context-parallel KV exchange hidden under the attention kernel"});
    v.field(t.ep, {.name = "ep", .doc = "expert all-to-all, exposed", .label = "EP exposed"});
    v.field(t.ep_hidden, {.name = "ep_hidden", .doc = "expert all-to-all hidden under compute"});
    v.field(t.pp, {.name = "pp", .doc = "pipeline sends, exposed", .label = "PP sends"});
    v.field(t.pp_hidden, {.name = "pp_hidden",
                          .doc = "pipeline sends hidden under other microbatches' compute"});
    v.field(t.bubble, {.name = "bubble", .doc = "pipeline bubble", .label = "bubble"});
    v.field(t.dp, {.name = "dp",
                   .doc = "data-parallel (and FSDP) communication, exposed",
                   .label = "DP exposed"});
    v.field(t.dp_hidden,
            {.name = "dp_hidden", .doc = "data-parallel communication hidden under compute"});
    v.field(t.optimizer, {.name = "optimizer", .doc = "the optimizer step", .label = "optimizer"});
    v.field(t.slowdown, {.name = "slowdown",
                         .doc = "compute slowed by communication running under it",
                         .label = "contention"});
    v.field(t.offload, {.name = "offload",
                        .doc = "activation copies to and from host memory, exposed",
                        .label = "offload"});
  }
};

template <>
struct Description<StepMemory> {
  static constexpr bool result = true;
  static constexpr std::string_view name = "step_memory";
  static constexpr std::string_view title = "memory per GPU";
  static constexpr std::string_view doc =
      "What the GPU that holds the most holds (the first pipeline stage's, or the last's): states "
      "as sharded, activations in flight, logits, workspace; the parts add up to the total.";
  template <class V, class S>
  static void fields(V& v, S& m) {
    v.field(m.weights, {.name = "weights", .doc = "weights held"});
    v.field(m.gradients, {.name = "gradients", .doc = "gradients held"});
    v.field(m.optimizer, {.name = "optimizer", .doc = "optimizer state held"});
    v.field(m.activations, {.name = "activations", .doc = "activations of microbatches in flight"});
    v.field(m.logits, {.name = "logits",
                       .doc = "logits and loss buffers (0 when the first stage holds more)"});
    v.field(m.workspace, {.name = "workspace", .doc = "framework and communication buffers"});
    v.field(m.total, {.name = "total", .doc = "the sum", .label = "memory per GPU"});
    v.field(m.capacity, {.name = "capacity",
                         .doc = "the memory a framework can allocate (the GPU's efficiency.memory, "
                                "else its hbm_capacity read as GiB)",
                         .note = "available"});
    v.field(m.host, {.name = "host",
                     .doc = "activations and optimizer offloaded to host memory (not part of the "
                            "total)",
                     .label = "in host memory"});
    v.field(m.host_capacity,
            {.name = "host_capacity",
             .doc = "host memory per GPU offloading may fill (the GPU's host_memory; 0: no limit)",
             .note = "available"});
  }
};

template <>
struct Description<StepEnergy> {
  static constexpr bool result = true;
  static constexpr std::string_view name = "step_energy";
  static constexpr std::string_view title = "energy and cost";
  static constexpr std::string_view doc =
      "What a step draws and what the run costs: the GPU's power in each state weighted by the "
      "step's time in it, the facility's overheads and prices.";
  template <class V, class S>
  static void fields(V& v, S& e) {
    v.field(e.busy_share, {.name = "busy_share", .doc = "of the step: computing"});
    v.field(e.waiting_share,
            {.name = "waiting_share", .doc = "of the step: waiting on exposed communication"});
    v.field(e.idle_share,
            {.name = "idle_share", .doc = "of the step: pipeline bubbles and host gaps"});
    v.field(e.gpu_watts, {.name = "gpu_watts",
                          .doc = "average board power per GPU (W)",
                          .label = "power per GPU",
                          .note = "W"});
    v.field(e.facility_watts_per_gpu,
            {.name = "facility_watts_per_gpu", .doc = "(GPU + host) x PUE, per GPU (W)"});
    v.field(e.step_joules,
            {.name = "step_joules", .doc = "the cluster's facility energy per step (J)"});
    v.field(e.tokens_per_joule, {.name = "tokens_per_joule",
                                 .doc = "tokens per joule of facility energy",
                                 .label = "tokens per joule"});
    v.field(e.run_megawatt_hours, {.name = "run_megawatt_hours",
                                   .doc = "facility energy to train the run's tokens (MWh)"});
    v.field(e.run_cost, {.name = "run_cost",
                         .doc = "dollars to train the run's tokens (the facility's prices)",
                         .label = "cost of the run",
                         .note = "$"});
    v.field(e.cost_per_million_tokens,
            {.name = "cost_per_million_tokens", .doc = "dollars per million tokens trained"});
  }
};

template <>
struct Description<StepPlan> {
  static constexpr bool result = true;
  static constexpr std::string_view name = "step_plan";
  static constexpr std::string_view title = "a transformer plan";
  static constexpr std::string_view doc =
      "The answer of dml.evaluate and dml.optimize for a transformer run: a layout, its step "
      "time and where it goes, memory per GPU, MFU and HFU, and what was assumed.";
  template <class V, class S>
  static void fields(V& v, S& p) {
    v.field(p.run_name, {.name = "run_name", .doc = "the run's name, when it has one"});
    v.field(p.model_name, {.name = "model_name", .doc = "the model's name, when it has one"});
    v.field(p.gpu_name, {.name = "gpu_name", .doc = "the GPU's name"});
    v.field(p.feasible, {.name = "feasible", .doc = "the layout runs and fits in memory"});
    v.field(p.violations, {.name = "violations", .doc = "why not, when not feasible"});
    v.field(p.gpus, {.name = "gpus", .doc = "GPUs used"});
    v.field(p.stack_name, {.name = "stack_name", .doc = "the run's software stack's name"});
    v.field(p.precision, {.name = "run_precision", .doc = "the run's matmul precision"});
    v.field(p.global_batch, {.name = "run_global_batch", .doc = "the run's sequences per step"});
    v.field(p.tokens, {.name = "run_tokens",
                       .doc = "the run's tokens to train (20 a parameter when it gave none)"});
    v.field(p.layout, {.name = "layout",
                       .doc = "the layout, every field filled in (none when optimize found none "
                              "that fits: its costs are then empty in a table)"});
    v.field(p.layout_text,
            {.name = "layout_text",
             .doc = "the layout in one cell, as the plan's first line writes it (\"TP 8 (SP) x PP "
                    "16 (1f1b, interleave 8) x DP 128 (ZeRO-1), microbatch 1, no recompute\"; "
                    "empty when optimize found none)"});
    v.field(p.assumed, {.name = "assumed", .doc = "layout values the run did not give"});
    v.field(p.notes, {.name = "notes",
                      .doc = "what to read the answer with: inputs the layout's costs do not use "
                             "(a node limit under the all-to-all dispatcher), the pipeline "
                             "device that sets the pace when its dense first layers do, an "
                             "uneven pipeline split, a TP degree that spans nodes, ZeRO 2 or 3 "
                             "on a pipeline that defers its sharding, and the tokens a "
                             "capacity factor drops"});
    v.field(p.time, {.name = "time", .doc = "where a step's time goes", .costed = true});
    v.field(p.memory, {.name = "memory", .doc = "memory per GPU", .costed = true});
    v.field(p.params, {.name = "params", .doc = "parameters, total"});
    v.field(p.active_params, {.name = "active_params", .doc = "parameters a token goes through"});
    v.field(p.model_flop_per_token,
            {.name = "model_flop_per_token", .doc = "model FLOPs per token, forward and backward"});
    v.field(p.hardware_flop_per_token,
            {.name = "hardware_flop_per_token",
             .doc = "FLOPs the GPUs execute per token (recompute, masked attention blocks)",
             .costed = true});
    v.field(
        p.mfu,
        {.name = "mfu",
         .doc = "model FLOP utilization, of the dense 16-bit peak (FP8 and FP4 runs can pass 1)",
         .label = "MFU",
         .costed = true});
    v.field(p.hfu,
            {.name = "hfu", .doc = "hardware FLOP utilization", .label = "HFU", .costed = true});
    v.field(p.mfu_megatron,
            {.name = "mfu_megatron",
             .doc = "MFU as Megatron-Core r0.8 reports it: 12 B s L h^2 [(1 + g/a + s/h) a d_h/h "
                    "+ (f/h) k (3/2 gated) + V/(2 L h)], non-causal attention, f the routed "
                    "experts' width; dml's count for MLA models",
             .costed = true});
    v.field(p.mfu_narayanan,
            {.name = "mfu_narayanan",
             .doc = "as Narayanan et al. 2021 report it: 96 B s L h^2 (1 + s/6h + V/16Lh), which "
                    "counts a full-recompute forward",
             .costed = true});
    v.field(p.mfu_palm, {.name = "mfu_palm",
                         .doc = "as PaLM and llm-foundry report it: (6 N + 12 L h s) per token, N "
                                "the active parameters",
                         .costed = true});
    v.field(p.tokens_per_second,
            {.name = "tokens_per_second", .doc = "tokens per second", .costed = true});
    v.field(p.tokens_per_second_per_gpu, {.name = "tokens_per_second_per_gpu",
                                          .doc = "tokens per second per GPU",
                                          .label = "tokens/s per GPU",
                                          .costed = true});
    v.field(p.microbatches,
            {.name = "microbatches", .doc = "microbatches per step and pipeline", .costed = true});
    v.field(p.steps,
            {.name = "steps",
             .doc = "steps to train the run's tokens: tokens / tokens per step, not rounded "
                    "(the last step may be part of one)",
             .costed = true});
    v.field(p.time_to_train, {.name = "time_to_train",
                              .doc = "steps x step time",
                              .label = "time to train",
                              .costed = true});
    v.field(p.gpu_hours, {.name = "gpu_hours",
                          .doc = "GPU-hours to train the run's tokens: gpus x time_to_train (the "
                                 "figure labs report a run's compute in)",
                          .costed = true});
    v.field(p.energy, {.name = "energy",
                       .doc = "power, energy and cost (when the GPU has a power record)",
                       .flatten = true,
                       .costed = true});
    v.field(p.layouts_evaluated, {.name = "layouts_evaluated", .doc = "optimize: layouts costed"});
  }
  static std::string summary(const StepPlan& p) { return step_plan_summary(p); }
  // No cost (optimize found no layout that fits, or evaluate's layout cannot run): a table leaves
  // the costs empty rather than show zeros. A layout that runs but does not fit keeps them.
  static bool costed(const StepPlan& p) { return p.time.step.value() > 0; }
};

template <>
struct Description<CollectiveQuery> {
  static constexpr std::string_view name = "collective_query";
  static constexpr std::string_view title = "a collective to cost";
  static constexpr std::string_view doc =
      "dml.collective's argument: one collective over a group of consecutive ranks of a cluster.";
  template <class V, class S>
  static void fields(V& v, S& q) {
    v.field(q.cluster, {.name = "cluster",
                        .doc = "the cluster (its GPU's efficiency record scales the bandwidths)",
                        .required = true});
    v.field(q.stack, {.name = "stack",
                      .doc = "the software stack: its collective_launch and collective_chunk",
                      .default_text = "dml.stack's defaults (NCCL: 8 us launch, 2 MiB chunk)"});
    v.field(q.op, {.name = "op",
                   .doc = "\"all_reduce\", \"all_gather\", \"reduce_scatter\" or \"all_to_all\""});
    v.field(q.size, {.name = "size",
                     .doc = "the whole buffer (nccl-tests' size column), e.g. \"64 MiB\"",
                     .required = true});
    v.field(q.gpus, {.name = "gpus",
                     .doc = "ranks in the group: consecutive GPUs; a size that does not tile "
                            "the nodes is costed as its slowest group, the one a node boundary "
                            "cuts, as a plan costs it",
                     .required = true,
                     .min = 2,
                     .max = std::int64_t{1} << 30});
  }
  static void check(const CollectiveQuery& q, const std::string& path);
};

template <>
struct Description<CollectiveEstimate> {
  static constexpr bool result = true;
  static constexpr std::string_view name = "collective_estimate";
  static constexpr std::string_view title = "a costed collective";
  static constexpr std::string_view doc =
      "The answer of dml.collective: the time of one collective and its bandwidths in "
      "nccl-tests' conventions.";
  template <class V, class S>
  static void fields(V& v, S& e) {
    v.field(e.op, {.name = "op", .doc = "the collective"});
    v.field(e.size, {.name = "size", .doc = "the whole buffer"});
    v.field(e.gpus, {.name = "gpus", .doc = "ranks in the group"});
    v.field(e.nodes, {.name = "nodes", .doc = "scale-up domains (nodes) the group spans"});
    v.field(e.level,
            {.name = "level", .doc = "the network level the group reaches (1: inside a node)"});
    v.field(e.model, {.name = "model",
                      .doc = "\"alpha-beta\", \"measured\" (the level's measured table), or "
                             "\"alpha-beta, NVLink measured\" (across nodes, the NVLink part "
                             "at the node level's table)"});
    v.field(e.time, {.name = "time", .doc = "the collective's time", .label = "time"});
    v.field(e.bus_bandwidth,
            {.name = "bus_bandwidth",
             .doc = "nccl-tests' busbw: 2(n-1)/n (all-reduce) or (n-1)/n x size / time",
             .label = "bus bandwidth"});
    v.field(e.algorithm_bandwidth,
            {.name = "algorithm_bandwidth", .doc = "nccl-tests' algbw: size / time"});
  }
};

}  // namespace dml
