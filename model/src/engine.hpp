// Internal: the paper's per-batch cost model (docs/model.md 2.4) on plain doubles and integers,
// shared by evaluate() and the searches. Every floating-point operation follows the order of the
// authors' code, so that times agree to the last bit and ties break the same way.
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "dml/evaluate.hpp"
#include "dml/hardware.hpp"
#include "dml/int128.hpp"
#include "dml/workload.hpp"
#include "matmul_model.hpp"

namespace dml::detail {

constexpr int kMaxLevels = 4;  // network levels supported (the paper uses 1 or 2)
enum Deg : int { kDP = 0, kTPm = 1, kTPf = 2, kPP = 3, kEP = 4 };
using Degrees = std::array<std::int64_t, 5>;    // DP, TP_model, TP_ff, PP, EP
using Split = std::array<Degrees, kMaxLevels>;  // split[level][degree]

// The network as the cost formulas see it.
struct Net {
  int levels = 0;
  std::array<double, kMaxLevels> bw{};   // per-GPU bidirectional bandwidth
  std::array<double, kMaxLevels> lat{};  // latency
  std::vector<std::int64_t> sizes;       // sizes of the levels below the top (uncut)
};
Net make_net(const Cluster& cluster);
Net make_flat_net(const Cluster& cluster);  // sum of bandwidths, min latency (docs/model.md 4.1)

// Constants of one (cluster, run, options).
struct RunCtx {
  RunCtx(const Cluster& cluster, const TrainingRun& run, const Options& options);

  Options opt;
  MatmulModel mm;
  Net net;
  Net flat;
  std::int64_t d_model, d_ff, layers, experts, batch_tokens;
  u128 n_param;
  double bytewidth;
  double batches;       // D / B, rounded once
  double train_flop;    // C = 6 N_active D, rounded once
  double duration;      // the run's time budget, seconds
  double fwd_fma;       // N_param / experts, rounded once
  double peak;          // peak FLOP/s
  double hbm_capacity;  // bytes per GPU

  // Sum of the six matmuls of one layer and microbatch (docs/model.md 2.4 step 2), memoised.
  double per_layer(std::int64_t dff_s, std::int64_t dm_s, std::int64_t b);

 private:
  struct Key {
    std::int64_t a, b, c;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const {
      std::uint64_t h = static_cast<std::uint64_t>(k.a) * 0x9E3779B97F4A7C15ull;
      h ^= static_cast<std::uint64_t>(k.b) + 0x632BE59BD9B4E019ull + (h << 6) + (h >> 2);
      h ^= static_cast<std::uint64_t>(k.c) + 0x85EBCA77C2B2AE63ull + (h << 6) + (h >> 2);
      return static_cast<std::size_t>(h);
    }
  };
  std::unordered_map<Key, double, KeyHash> per_layer_cache_;
};

// The parts of a layout that do not depend on its split across levels.
struct Branch {
  Degrees deg{};
  u128 n = 0;                        // N, the cluster size
  double gpus_d = 0;                 // N as a double
  std::int64_t m = 1, v = 1, b = 0;  // microbatches, interleave, tokens per microbatch
  bool zb = false;
  double arith = 0, compute = 0, bubble = 0;
};
// The paper's interleave rule (docs/model.md 2.1): 1F1B with pp > 1 runs layers / pp chunks per
// stage when options.interleaving is on; every other schedule runs 1.
inline std::int64_t paper_interleave(const RunCtx& ctx, std::int64_t pp, bool zero_bubble) {
  return (!zero_bubble && pp > 1 && ctx.opt.interleaving) ? ctx.layers / pp : 1;
}

// Fills arith, compute, bubble and b from deg, m, v, zb (n and gpus_d must be set).
void prepare_branch(RunCtx& ctx, Branch& br);
// The same, but compute is only a lower bound (each matmul takes at least its padded FLOP at the
// effective rate plus its latency), without costing the matmuls.
void prepare_branch_bound(const RunCtx& ctx, Branch& br);

struct Costs {
  double tp_comm = 0, tp_lat = 0, pp_comm = 0, pp_lat = 0, dp_comm = 0, dp_lat = 0;
  double pipe = 0, total = 0, time = 0, util = 0;
};

// Communication terms of one split (they depend on the degrees, v and the split only).
struct Comm {
  double tp_comm = 0, tp_lat = 0, pp_comm = 0, pp_lat = 0, dp_comm = 0, dp_lat = 0;
};
Comm comm_costs(const RunCtx& ctx, const Net& net, const Branch& br, const Split& split);
// The PP/EP point-to-point terms of a split (docs/model.md 2.4 step 5), added to c.
void add_pp_ep(const RunCtx& ctx, const Net& net, const Branch& br, const Split& split, Comm& c);

struct SplitComm {
  Split split;
  Comm comm;
};
// Combine compute and communication (docs/model.md 2.4 step 6).
Costs combine(const RunCtx& ctx, const Branch& br, const Comm& c);

// Python's tie-break: a candidate with equal time wins if (tp + dp + pp) of its run totals is
// smaller than (tp + pp + dp) of the incumbent (the code sums them in these orders).
inline double tie_sum_candidate(const RunCtx& ctx, const Comm& c) {
  return c.tp_comm * ctx.batches + c.dp_comm * ctx.batches + c.pp_comm * ctx.batches;
}
inline double tie_sum_incumbent(const RunCtx& ctx, const Comm& c) {
  return c.tp_comm * ctx.batches + c.pp_comm * ctx.batches + c.dp_comm * ctx.batches;
}

struct LevelFactors {
  std::vector<std::int64_t> divs;                  // divisors of the level size
  std::vector<std::array<std::uint8_t, 5>> index;  // its 5-factorisations, as indices
};

// The communication terms of a network of exactly two levels (the paper's), for one cluster
// size N. With one level below the top, the terms of a degree depend only on that degree and
// its level-0 factor: they are tabulated once per degree value and N (and v for PP/EP), and
// every split is then costed by table look-ups, with the same floating-point operations as
// comm_costs, so the values agree bit for bit.
struct DegreeTerms {
  std::uint64_t ok = 0;                // bit j: divs[j] divides the degree
  std::array<std::int64_t, 16> top{};  // degree / divs[j]: the top-level factor
  std::array<double, 16> b0{}, b1{};   // all-reduce bandwidth time at levels 0 and 1
  std::array<double, 16> l0{}, l1{};   // and latency
  double min_comm = 0, min_lat = 0;    // DP: least max(b0, b1) and l0 + l1 over valid j
};
struct PpTable {
  std::array<double, 256> comm{};  // by index(PP factor) x 16 + index(EP factor)
  std::array<double, 256> lat{};
  double min_comm = 0, min_lat = 0;  // over the pairs that fit in level 0 together
};

class TwoLevel {
 public:
  // Prepare for cluster size n; false if the network is not two-level or its level-0 size has
  // more than 16 divisors (then use for_each_partition and comm_costs).
  bool reset(const RunCtx& ctx, u128 n);
  const DegreeTerms& dp(std::int64_t n_dp);
  const DegreeTerms& ff(std::int64_t tp_model);   // all-reduce of d_ff words over TP_model
  const DegreeTerms& md(std::int64_t tp_ff);      // all-reduce of d_model words over TP_ff
  const DegreeTerms& plain(std::int64_t degree);  // ok and top only (PP, EP)
  const PpTable& pp(const Branch& br);            // for br.deg[kPP], br.deg[kEP], br.v

  // Least TP bandwidth and latency over the (TP_model, TP_ff) factor pairs that fit in level 0.
  void min_tp(const DegreeTerms& ff, const DegreeTerms& md, double& comm, double& lat) const;
  // The level-0 factorisations (indices into level0->index) that split the degrees, in order.
  void valid(const std::array<const DegreeTerms*, 5>& d, std::vector<std::uint16_t>& out) const;
  Comm comm(const std::array<const DegreeTerms*, 5>& d, const PpTable& pp, std::uint16_t j) const;
  Split split(const std::array<const DegreeTerms*, 5>& d, std::uint16_t j) const;

  const LevelFactors* level0 = nullptr;  // the divisors and factorisations of level0_size
  std::int64_t level0_size = 0;          // GPUs per level-0 group for this cluster size
  std::size_t divisor_count = 0;         // level0->divs.size()

 private:
  DegreeTerms terms(std::int64_t degree, int kind);
  const RunCtx* ctx_ = nullptr;
  u128 n_ = 0;
  double gpus_d_ = 0, denom0_ = 0, denom1_ = 0;
  std::unordered_map<std::int64_t, DegreeTerms> dp_, ff_, md_, plain_;
  std::unordered_map<std::uint64_t, PpTable> pp_;
};

// Ordered factorisations of n into 5 factors (DP, TPm, TPff, PP, EP), in the order of the
// paper's `factorizations` (first factor slowest, divisors ascending).
const std::vector<Degrees>& factorizations5(std::int64_t n);
// Sizes of the levels below the top, cut to a cluster of n GPUs (docs/model.md 2.2).
std::array<std::int64_t, kMaxLevels> cut_sizes(const Net& net, u128 n);

// Calls fn(const Split&) for every split of `deg` across the levels for a cluster of n GPUs,
// in the order of the paper's `parallelism_partitions` (level 0 slowest, each level's
// factorisations in `factorizations5` order). step() is called at every combination tried,
// valid or not (there can be millions on deep networks): a search polls its cancellation there.
struct NoStep {
  void operator()() const {}
};
template <typename Fn, typename Step = NoStep>
void for_each_partition(const Net& net, u128 n, const Degrees& deg, Fn&& fn, Step&& step = {}) {
  const int below = net.levels - 1;
  const auto sizes = cut_sizes(net, n);
  std::array<const std::vector<Degrees>*, kMaxLevels> lists{};
  for (int l = 0; l < below; ++l) lists[l] = &factorizations5(sizes[l]);
  std::array<std::size_t, kMaxLevels> idx{};
  Split s{};
  while (true) {
    step();
    Degrees prod{1, 1, 1, 1, 1};
    for (int l = 0; l < below; ++l) {
      const Degrees& f = (*lists[l])[idx[l]];
      for (int x = 0; x < 5; ++x) prod[x] *= f[x];
    }
    bool ok = true;
    for (int x = 0; x < 5 && ok; ++x) ok = deg[x] % prod[x] == 0;
    if (ok) {
      for (int l = 0; l < below; ++l) s[l] = (*lists[l])[idx[l]];
      for (int x = 0; x < 5; ++x) s[below][x] = deg[x] / prod[x];
      fn(static_cast<const Split&>(s));
    }
    int l = below - 1;  // advance the odometer: the last level varies fastest
    while (l >= 0) {
      if (++idx[l] < lists[l]->size()) break;
      idx[l] = 0;
      --l;
    }
    if (l < 0) break;
  }
}

// All splits, collected (see for_each_partition).
void partitions(const Net& net, u128 n, const Degrees& deg, std::vector<Split>& out);

// Sorted divisors of n (n > 0, up to 64 bits: trial division by primes below 1000, then Pollard's
// rho with a Miller-Rabin test for what is left).
std::vector<std::int64_t> divisors(std::uint64_t n);

}  // namespace dml::detail

namespace dml::detail {

// The public result for one costed layout.
Evaluation make_evaluation(const RunCtx& ctx, const Branch& br, const Split& split,
                           const Costs& costs, std::vector<std::string> violations);
// Memory of the paper's feasibility check (docs/model.md 2.1): parameters replicated over DP plus
// the optimizer state sharded over DP, against N x HBM capacity. Float order as in the code.
inline double memory_required(const RunCtx& ctx, std::int64_t n_dp) {
  const double p = to_double(ctx.n_param) * ctx.bytewidth;
  return p * static_cast<double>(n_dp) + p * ctx.opt.optimizer_words_per_param;
}
inline double memory_available(const RunCtx& ctx, u128 n) {
  return to_double(n) * ctx.hbm_capacity;
}

}  // namespace dml::detail
