// Internals of the realistic model shared by evaluate() and the search (transformer.cpp,
// transformer_search.cpp). Not installed.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "dml/transformer.hpp"

namespace dml {

// The attention's shape, per layer and token: head widths, the linear layers' weights (split by
// TP, or replicated: MLA's down-projections), the widths its activations take.
struct AttentionShape {
  double qk = 0, v = 0;   // widths of a query/key head and of a value head
  double qkv_width = 0;   // the query, key and value heads together (a (2 qk + v) for MLA)
  double kv_width = 0;    // the keys and values a token carries (2 g d_h; a (qk + v) for MLA)
  double split = 0;       // weights the TP ranks split (all of them without MLA)
  double replicated = 0;  // weights every TP rank holds (MLA's down-projections)
  double rope = 0;        // elements RoPE rotates
  double q_rank = 0, kv_rank = 0, rope_dim = 0;  // MLA's latents (0 without)
  double latents = 0;  // MLA: the latent widths kept for the up-projections' backward
};
AttentionShape attention_shape(const Transformer& m);

}  // namespace dml

namespace dml::detail {

// A communication group: its bus bandwidth per GPU, latency per step, and placement.
struct Group {
  int level = 0;  // the network level the group reaches (0: inside a node)
  double size = 1;
  double bw = 1;
  double alpha = 0;
  double per_node = 1;  // ranks of the group on one node (its fewest, where groups straddle)
  double nodes = 1;
  double net_bw = 1;     // per-GPU bandwidth across nodes at the level it reaches
  double net_alpha = 0;  // the latency of that level
};

// A measured collective of one op at one network level (NetworkLevel::measured), ready to
// interpolate: bus bandwidth in log-size, then between group sizes in log-ranks.
struct Curve {
  struct Series {
    double log_ranks = 0;  // 0 for rows that name no group size
    std::vector<double> log_size, busbw;
  };
  std::vector<Series> series;  // by group size
  [[nodiscard]] bool empty() const { return series.empty(); }
  // Below the smallest size measured, the time stays that of the smallest (latency-bound);
  // above the largest, the bandwidth stays the largest size's.
  [[nodiscard]] double bus_bandwidth(double bytes, double ranks) const;
};

// The network as the collectives see it: bandwidths, latencies, measured curves.
struct NetworkCtx {
  NetworkCtx(const Cluster& cluster, const Stack& stack, std::int64_t gpus);

  // A level beyond the node: the GPUs one of its units joins, the per-GPU bandwidth a group
  // that reaches it gets (the slowest of the levels up to it, x e_network), its latency.
  struct Outer {
    std::int64_t span = 0;
    double bw = 0, alpha = 0;
  };

  std::int64_t n = 0;     // GPUs
  std::int64_t node = 1;  // GPUs in one scale-up domain
  int node_shift = -1;    // log2(node) when node is a power of two, else -1
  double node_bw = 0, node_alpha = 0;
  std::vector<Outer> outer;  // levels 1, 2, ... (empty on a single-level cluster)
  double launch = 0;
  double chunk = 0;                              // the stack's collective_chunk, bytes
  std::array<std::array<Curve, 4>, 2> curves{};  // [level][CollectiveOp], measured

  // `size` ranks `stride` apart in rank order, in blocks of stride x size consecutive ranks.
  [[nodiscard]] Group group(std::int64_t size, std::int64_t stride) const;
  // The link between neighbours of a chain of `size` ranks `stride` apart (pipeline stages):
  // one GPU's NIC where a neighbour is on another node.
  [[nodiscard]] Group chain(std::int64_t size, std::int64_t stride) const;
  // The pipeline-fill latency of one network hop moving `piece` bytes at most per link.
  [[nodiscard]] double net_hop(double piece, const Group& gr) const {
    return gr.net_alpha + std::min(chunk, piece) / gr.net_bw;
  }
  [[nodiscard]] double all_reduce(double bytes, const Group& g) const;
  // All-gather or reduce-scatter (the same alpha-beta cost; measured tables may differ).
  [[nodiscard]] double gather(double bytes, const Group& g,
                              CollectiveOp op = CollectiveOp::kAllGather) const;
  // Each rank sends `bytes`, spread evenly over the group's ranks.
  [[nodiscard]] double all_to_all(double bytes, const Group& g) const;
  // A point-to-point exchange that sends `inside` bytes over NVLink and `outside` over the
  // network from each rank, the two at once (token-based MoE dispatch).
  [[nodiscard]] double exchange(double inside, double outside, const Group& g) const;
  [[nodiscard]] const Curve* measured(CollectiveOp op, const Group& gr) const {
    if (gr.level >= static_cast<int>(curves.size())) return nullptr;  // tables: levels 0 and 1
    const Curve& cv = curves[static_cast<std::size_t>(gr.level)][static_cast<std::size_t>(op)];
    return cv.empty() ? nullptr : &cv;
  }
  // The node level's measured table of `op`, for the NVLink part of a group across nodes
  // (gr.level > 0, no table of `op` at its own level), or nullptr.
  [[nodiscard]] const Curve* node_table(CollectiveOp op, const Group& gr) const {
    if (gr.level == 0 || curves.empty()) return nullptr;
    const Curve& cv = curves[0][static_cast<std::size_t>(op)];
    return cv.empty() ? nullptr : &cv;
  }
  // The NVLink bandwidth of such a group: the node table's bus bandwidth at its largest sizes
  // (bandwidth-bound: its smaller sizes' busbw holds the latencies the group's own alpha terms
  // count) over the group's ranks on a node (helper-370: a slow measured NVLink sped up 32x once
  // a group left the node), else the declared one.
  [[nodiscard]] static double table_bw(const Curve& cv, const Group& gr) {
    return cv.bus_bandwidth(std::numeric_limits<double>::max(), std::max(gr.per_node, 2.0));
  }
  // A group's bandwidth through k of its ranks on a node, its NVLink part at `nb`: a ring sends
  // (k-1)/k of each rank's traffic over NVLink and 1/k over its own NIC (NetworkCtx::group).
  [[nodiscard]] static double ring_bw(double nb, const Group& gr) {
    const double k = gr.per_node;
    return k > 1 ? std::min(k / (k - 1) * nb, k * gr.net_bw) : std::min(nb, gr.net_bw);
  }
};

// What depends on the run only, computed once.
struct TransformerCtx : NetworkCtx {
  explicit TransformerCtx(const TransformerRun& run);

  const TransformerRun& run;
  double h = 0, a = 0, g = 0, dh = 0, f = 0, V = 0, s = 0;
  AttentionShape att{};
  bool mla = false;
  double dk = 0;  // the attention kernel's mean head width, (qk + v) / 2 (dh without MLA)
  std::int64_t layers = 0;
  double mtp = 0;          // multi-token prediction modules (a layer each) on the last stage
  double up = 1;           // up-projection matrices (2 when gated)
  double act_bytes = 4;    // activation-function traffic per hidden unit (6 when gated)
  double reductions = 2;   // TP reductions per layer and pass (1 for a parallel block)
  double keys_model = 0;   // keys per query, as the model counts them
  double keys_kernel = 0;  // as the attention kernel computes them
  std::int64_t experts = 0;
  double top_k = 0, shared = 0, fe = 0, imbalance = 1;
  double fs = 0;               // the shared experts' hidden width, all of them together
  double capacity_factor = 0;  // the experts' (0: dropless)
  bool padded = false;         // every expert padded to its capacity
  // The copies an expert computes on average over the routed ones: 1 dropless, the capacity
  // factor padded, min(1, factor) dropping (docs/model.md 8.2).
  double served = 1;
  double expert_fwd = 0;  // the routed experts' forward FLOPs per token and MoE layer
  // Per routed copy, forward and backward together: HBM bytes of the experts' biases and GLU
  // clamp the stack leaves unfused, and of the clamp alone (docs/model.md 8.2).
  double unfused_expert_bytes = 0, unfused_clamp_bytes = 0;
  std::int64_t dense_layers = 0;
  std::int64_t every = 1;  // after the dense first layers, one layer in this many is MoE
  // The dense layers all come first (every 1, no pattern): each device's dense layers are the
  // dense first ones its chunks start below.
  bool dense_first = true;
  // With a pattern: the MoE layers among the first i layers, i = 0 .. L (empty otherwise).
  std::vector<double> moe_prefix;
  double moe_layers = 0;  // the model's MoE layers (MTP modules apart)
  // The MTP modules' layers are MoE layers: the model has experts and its last layer is MoE
  // (Megatron-Core builds them with the last layer's kind).
  bool mtp_moe = false;
  // MoE layers among the model's first x (0 for a dense model).
  [[nodiscard]] double moe_before(double x) const {
    if (experts <= 0) return 0.0;
    if (moe_prefix.empty()) return run.model.moe->moe_before(x);
    const double count = static_cast<double>(moe_prefix.size() - 1);
    const double whole = std::clamp(std::floor(x), 0.0, count);
    const auto i = static_cast<std::size_t>(whole);
    return moe_prefix[i] +
           (whole < count && x > whole ? (x - whole) * (moe_prefix[i + 1] - moe_prefix[i]) : 0.0);
  }
  std::int64_t batch = 0;  // sequences per step
  double peak = 0;         // dense 16-bit FLOP/s
  double gemm_peak = 0;    // peak x GEMM efficiency (x the FP8 gain)
  double gemm_bytes = 2;
  double low_gain = 1;  // the linears' speed over 16-bit: fp8_gain, fp4_gain or 1
  double half_dim = 0;
  double attn_rate = 0;            // attention kernel FLOP/s (forward, at the model's head width)
  double attn_rate_bwd = 0;        // the backward kernel's, before its 0.8 (docs/model.md 8.2)
  double hbm = 0;                  // reachable HBM bytes/s
  double host_bw = 0;              // to host memory, each direction (0: none given)
  double host_capacity = 0;        // host memory per GPU for offloading (0: no limit)
  double host_optimizer_rate = 0;  // parameters a second the host updates for a GPU (0: none)
  double capacity = 0, workspace = 0;
  double layer_overhead = 0;
  double max_nodes = 0;     // node-limited routing (0: none)
  std::int64_t groups = 0;  // group-limited routing (0: none)
  std::int64_t group_top_k = 0;
  double dispatch_bytes = 2;  // per element of the dispatched tokens
  double tokens = 0;          // to train
  double flop_model = 0;      // model FLOPs per token
  double flop_megatron = 0;   // as Megatron-Core r0.8 counts them
  double params = 0, params_active = 0;
  // A plan's notes and assumed values that depend on the run alone (every layout's plan lists
  // them: measured tables that leave ops to alpha-beta, estimated efficiencies, MoE fields and
  // tokens left out).
  std::vector<std::string> run_notes, run_assumed;

  // A GEMM's time at the linears' precision (`low`), or at 16 bits (the output layer).
  [[nodiscard]] double gemm(double M, double K, double N, bool low = true) const;

 private:
  void write_run_notes();
};

// A layout with every field decided.
struct Lay {
  std::int64_t tp = 1, tp_model = 1, shard = 1, pp = 1, interleave = 1, dp = 1, zero = 0, cp = 1,
               ep = 1, etp = 1, microbatch = 1;
  bool sequence_parallel = false;
  Schedule schedule = Schedule::k1F1B;
  ContextParallel cp_kind = ContextParallel::kRing;
  Recompute recompute = Recompute::kNone;
  std::int64_t recompute_layers = 0;  // full recompute: a chunk's first N layers (0: all)
  bool recompute_mla_up = false, recompute_moe_act = false;
  std::int64_t offload = 0;        // layers whose activations go to host memory
  bool optimizer_offload = false;  // optimizer states and step on the host
  bool operator==(const Lay&) const = default;
};

// One costed layout: the plan's time and memory records, filled in by cost().
struct Costed {
  StepTime time{};
  StepMemory memory{};
  double microbatches = 0;
  double hardware_flop_per_token = 0;
  // The device whose own layers set the pace (one holding a MoE model's dense first layers), and
  // how many dense ones it holds; -1 when the MoE-heaviest stage does.
  std::int64_t pace_device = -1;
  double pace_dense = 0;
  // Layers a stage is costed with where the chunks split the layers unevenly (ceil(L/p)), the
  // ends' embedding and loss places not evening them out, and the last stage's (the rest); 0
  // for an even split.
  std::int64_t uneven_stage_layers = 0;
  double uneven_last_layers = 0;
  // Layers (and places) of a middle stage's chunk: its layers over v, or zero-bubble V's two;
  // fractional where they do not divide.
  double chunk_layers = 0;
};

bool layout_runs(const TransformerCtx& c, const Lay& l, std::vector<std::string>* why);
// Whether the stack's ep_overlap runs on the layout: Megatron-Core's overlap of one microbatch's
// all-to-all under another's compute needs interleaved chunks when pp > 1 and no full recompute.
inline bool ep_overlap_runs(const Stack& st, const Lay& l) {
  return st.ep_overlap && (l.pp == 1 || l.interleave > 1) && l.recompute != Recompute::kFull;
}
// "3.3 GiB" (1 decimal, 3 significant digits from 1e9 GiB up); fixed_text: a figure so.
std::string bytes_text(double bytes);
std::string fixed_text(double v, int decimals);
// The model attends through a window shorter than its sequence in some layers.
inline bool windowed(const Transformer& m) { return m.window && *m.window < m.seq_len; }
// CP's kind where a layout leaves it out: the ring, but for sliding-window attention, which only
// the all-gather runs (Transformer Engine's p2p ring refuses it; Megatron-LM #1160, #2222).
// The model chunks a layout splits the layers into: pp x interleave, zero-bubble V's 2 pp.
inline std::int64_t chunks_of(const Lay& l) {
  return l.schedule == Schedule::kZeroBubbleV && l.pp > 1 ? 2 * l.pp : l.pp * l.interleave;
}
inline ContextParallel default_cp_kind(const Transformer& m) {
  return windowed(m) ? ContextParallel::kAllGather : ContextParallel::kRing;
}
// A costed layout fits the GPU's memory, and its offloaded activations the host's.
inline bool host_fits(const TransformerCtx& c, const StepMemory& m) {
  return c.host_capacity <= 0 || m.host.value() <= c.host_capacity;
}
inline bool fits(const TransformerCtx& c, const StepMemory& m) {
  return m.total.value() <= c.capacity && host_fits(c, m);
}
void cost(const TransformerCtx& c, const Lay& l, Costed& out);
TransformerLayout to_layout(const Lay& l);  // every field given
// A figure for each kind of layer: a MoE model's dense first layers and its MoE layers.
struct ByKind {
  double dense = 0, moe = 0;
};
// What activation offloading exposes in one pass, per microbatch (docs/model.md 8.9): the first
// `offloaded` of the model's `layers` layers copy their activations (taking `copy` seconds each)
// over Transformer Engine's windows of later layers' compute (`compute` seconds each), the first
// `dense_layers` of them dense. Each copy exposes what it takes beyond its window.
// (With `every` above 1, one layer in that many after them is MoE, the others dense.)
double offload_exposed(std::int64_t layers, std::int64_t offloaded, std::int64_t dense_layers,
                       ByKind copy, ByKind compute_forward, ByKind compute_backward,
                       std::int64_t every = 1);
// The same, the forward's and the backward's parts.
struct ByPass {
  double forward = 0, backward = 0;
};
// (With `moe_prefix`, the MoE layers among the first i layers, i = 0 .. layers: a pattern's.)
ByPass offload_exposed_by_pass(std::int64_t layers, std::int64_t offloaded,
                               std::int64_t dense_layers, ByKind copy, ByKind compute_forward,
                               ByKind compute_backward, std::int64_t every = 1,
                               std::span<const double> moe_prefix = {});
StepPlan make_step_plan(const TransformerCtx& c, const Lay& l, std::vector<std::string> assumed);
// What rules out the fields a search holds fixed: the violations of the layout they give (the
// rest assumed, as evaluate() does) that name one of them; empty when none does.
std::vector<std::string> fixed_violations(const TransformerCtx& c, const TransformerLayout& fixed);

}  // namespace dml::detail
