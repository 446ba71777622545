#include "dml/search.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <thread>
#include <unordered_map>

#include "dml/quantity.hpp"
#include "engine.hpp"

namespace dml {

void Description<Setting>::check(const Setting& s, const std::string& path) {
  if (!s.cluster.size) return;
  throw ConfigError(path + ".cluster.size",
                    "a setting chooses the cluster's size for each model (the smallest that trains "
                    "it within the duration), so it takes a cluster without one, not {} GPUs; for "
                    "a run on a fixed cluster, ask dml.optimize(dml.run {{ model = ..., cluster = "
                    "cluster }})",
                    *s.cluster.size);
}

SearchStats& SearchStats::operator+=(const SearchStats& o) {
  clusters_searched += o.clusters_searched;
  branches += o.branches;
  branches_pruned += o.branches_pruned;
  layouts_evaluated += o.layouts_evaluated;
  return *this;
}

namespace detail {
namespace {

// Why no layout was found on n GPUs, for both searches: nothing in the paper's search space
// fits n, nothing finishes within the threshold, or nothing splits across the levels.
std::string not_found_reason(const RunCtx& ctx, u128 n, bool any_candidate, bool any_memory_fail,
                             double threshold, const SearchStats& stats) {
  // With no time limit, a layout that was costed and not kept had a time that is no number or
  // infinite: an input out of any real range.
  if (threshold == std::numeric_limits<double>::infinity() && stats.layouts_evaluated > 0) {
    throw Error(out_of_range_message(
        fmt::format("the cost of every layout evaluated on {} GPUs", to_string(n))));
  }
  if (!any_candidate && any_memory_fail) {
    return fmt::format(
        "no layout of the paper's search space fits {} GPUs (some fail the memory "
        "check)",
        to_string(n));
  }
  if (!any_candidate) {
    return fmt::format(
        "no layout of the paper's search space splits {} GPUs: TP x DP x PP must divide d_model "
        "x d_ff ({} x {}), the batch ({} tokens) and the layers ({}){}",
        to_string(n), ctx.d_model, ctx.d_ff, ctx.batch_tokens, ctx.layers,
        ctx.experts > 1 ? fmt::format(", with EP gcd(GPUs, {} experts)", ctx.experts) : "");
  }
  if (threshold < std::numeric_limits<double>::infinity()) {
    return fmt::format("no layout on {} GPUs finishes within {}", to_string(n),
                       format_quantity(Quantity{threshold, kTime}));
  }
  return fmt::format("no layout on {} GPUs splits across the network levels", to_string(n));
}

// Prime factors of n by trial division (n up to 64 bits; used on model sizes only).
void add_prime_factors(std::uint64_t n, std::vector<std::uint64_t>& primes) {
  for (std::uint64_t p = 2; p * p <= n; p += (p == 2 ? 1 : 2)) {
    if (n % p == 0) {
      primes.push_back(p);
      while (n % p == 0) n /= p;
    }
  }
  if (n > 1) primes.push_back(n);
}

class Searcher {
 public:
  Searcher(const Cluster& cluster, const TrainingRun& run, const Options& options,
           const Control& control)
      : ctx(cluster, run, options), control_(control) {
    add_prime_factors(static_cast<std::uint64_t>(ctx.d_model), primes_);
    add_prime_factors(static_cast<std::uint64_t>(ctx.d_ff), primes_);
    add_prime_factors(static_cast<std::uint64_t>(ctx.batch_tokens), primes_);
    add_prime_factors(static_cast<std::uint64_t>(ctx.layers), primes_);
    add_prime_factors(static_cast<std::uint64_t>(ctx.experts), primes_);
    std::sort(primes_.begin(), primes_.end());
    primes_.erase(std::unique(primes_.begin(), primes_.end()), primes_.end());
    if (live_ == 0 && div_cache_.size() > kDivCacheLimit) div_cache_.clear();
    ++live_;
  }
  ~Searcher() { --live_; }
  Searcher(const Searcher&) = delete;
  Searcher& operator=(const Searcher&) = delete;

  // The optimum on n GPUs among layouts faster than `threshold` (+inf: no limit).
  LayoutSearch optimal(u128 n, double threshold) {
    return ctx.opt.reference_search ? optimal_reference(n, threshold) : optimal_fast(n, threshold);
  }

  RunCtx ctx;

  // Throw Cancelled when control.cancelled says so. poll() is called for each cluster size,
  // TP degree, TP split of a triple (a few branches) and split costed with comm_costs (each
  // takes microseconds) and asks every kPollEvery calls; poll_step() for each split tried or
  // combined (tens of nanoseconds) and asks every kStepsPerPoll: a search stops within a few
  // milliseconds, and the hot loops pay an increment and a test.
  void poll() {
    if (polls_++ % kPollEvery == 0) [[unlikely]]
      ask();
  }
  void poll_step() {
    if (steps_++ % kStepsPerPoll == 0) [[unlikely]]
      ask();
  }
  // Out of line: the hot loops keep their registers.
  [[gnu::noinline]] void ask() {
    check_cancelled(control_);
    SearchProgress::note(steps_ - noted_);  // the caller's progress line, if it shows one
    noted_ = steps_;
  }

 private:
  static constexpr std::size_t kDivCacheLimit = std::size_t{1} << 16;
  static constexpr std::uint32_t kPollEvery = 64;
  static constexpr std::uint32_t kStepsPerPoll = 1024;
  const Control& control_;
  std::uint32_t polls_ = 0;
  std::uint32_t steps_ = 0;
  std::uint32_t noted_ = 0;  // steps_ when SearchProgress last heard of them

  // Sorted divisors of n, factorised with the primes of the model's sizes first.
  const std::vector<std::int64_t>& divs(std::uint64_t n) {
    auto it = div_cache_.find(n);
    if (it != div_cache_.end()) return it->second;
    if (n == 0) return div_cache_.emplace(0, std::vector<std::int64_t>{}).first->second;
    std::vector<std::int64_t> out{1};
    std::uint64_t m = n;
    auto add = [&](std::uint64_t p) {
      int e = 0;
      while (m % p == 0) {
        m /= p;
        ++e;
      }
      const std::size_t sz = out.size();
      std::uint64_t pk = 1;
      for (int k = 1; k <= e; ++k) {
        pk *= p;
        for (std::size_t i = 0; i < sz; ++i) out.push_back(out[i] * static_cast<std::int64_t>(pk));
      }
    };
    for (const std::uint64_t p : primes_) {
      if (m == 1) break;
      if (m % p == 0) add(p);
    }
    if (m > 1) {
      std::vector<std::uint64_t> rest;
      add_prime_factors(m, rest);
      for (const std::uint64_t p : rest) add(p);
    }
    std::sort(out.begin(), out.end());
    return div_cache_.emplace(n, std::move(out)).first->second;
  }

  // The paper's search as its code does it: enumeration order, branch pruning and tie-break.
  LayoutSearch optimal_reference(u128 n, double threshold);
  // The same optimum, found best-first: see optimal_fast() below.
  LayoutSearch optimal_fast(u128 n, double threshold);

  // What the bounds need of a TP degree: its valid (model, ff) splits at their cheapest.
  struct TpInfo {
    const std::vector<std::int64_t>* divs = nullptr;  // divisors of the TP degree
    std::int64_t tp_sqrt = 0;  // isqrt(TP): ff ranges over [tp_sqrt, 4 tp_sqrt]
    bool any = false;          // some split divides d_model and d_ff
    double min_words = 0;      // least (model - 1) d_ff + (ff - 1) d_model over the splits
    double min_groups = 0;     // least number of TP groups (model, ff) larger than 1
  };
  struct Triple {
    std::int64_t n_tp, n_dp, n_pp;
    std::int64_t q;     // tokens per replica and expert: microbatch counts divide it
    std::size_t order;  // position in the paper's enumeration
    double bound;       // no layout of this triple trains faster (a deflated lower bound)
    const TpInfo* tp;
    const std::vector<std::int64_t>* microbatch_counts;  // divisors of q
  };
  TpInfo tp_info(std::int64_t n_tp);
  struct Candidate {
    std::array<std::size_t, 5> key;  // (triple, TP split, schedule, m, partition) order
    Branch br;
    Split split;
    Comm comm;
    Costs costs;
  };
  bool triple_bound(Triple& t, std::int64_t n_ep, double gpus_d);
  void expand(const Triple& t, std::int64_t n_ep, u128 n, double& best, LayoutSearch& out);

  std::vector<std::uint64_t> primes_;
  // Divisor lists outlive one search: a limits sweep runs hundreds of searches whose sizes share
  // most of their divisors' arguments (half of the lists were made again before). One per
  // thread (searches run in parallel), emptied before a search when it has grown large; a
  // search keeps pointers into it, so never during one.
  static thread_local std::unordered_map<std::uint64_t, std::vector<std::int64_t>> div_cache_;
  static thread_local int live_;  // Searchers alive on this thread
  std::vector<Triple> triples_;
  std::vector<Candidate> ties_;
  std::vector<SplitComm> real_;
  TwoLevel two_;                      // per-degree communication tables for the current N
  bool two_ok_ = false;               // the network is two-level and two_ is usable
  std::vector<std::uint16_t> valid_;  // level-0 factorisations of the current TP split
  std::vector<Comm> comms_;           // their communication terms for the current schedule
  std::vector<TpInfo> tp_infos_;
};

thread_local std::unordered_map<std::uint64_t, std::vector<std::int64_t>> Searcher::div_cache_;
thread_local int Searcher::live_ = 0;

Split flat_split(const Degrees& deg) {
  Split s{};
  s[0] = deg;
  return s;
}

LayoutSearch Searcher::optimal_reference(u128 n, double threshold) {
  LayoutSearch out;
  out.stats.clusters_searched = 1;
  const Options& opt = ctx.opt;
  const u128 experts = static_cast<u128>(ctx.experts);
  const auto n_ep = static_cast<std::int64_t>(gcd(n, experts));
  const u128 gpus_per_ep = n / static_cast<u128>(n_ep);
  const u128 f_size = static_cast<u128>(ctx.d_model) * static_cast<u128>(ctx.d_ff);
  const u128 b_tok = static_cast<u128>(ctx.batch_tokens);
  const double gpus_d = to_double(n);
  const double mem_have = memory_available(ctx, n);

  double best_time = threshold;
  bool have = false;
  Branch best_br;
  Split best_split{};
  Costs best_costs;
  Comm best_comm;
  bool any_memory_fail = false;
  bool any_branch = false;

  Branch br;
  br.n = n;
  br.gpus_d = gpus_d;
  br.deg[kEP] = n_ep;

  for (const std::int64_t n_tp : divs(static_cast<std::uint64_t>(gcd(gpus_per_ep, f_size)))) {
    const u128 r1 = gpus_per_ep / static_cast<u128>(n_tp);
    for (const std::int64_t n_dp : divs(static_cast<std::uint64_t>(gcd(r1, b_tok)))) {
      const u128 r2 = r1 / static_cast<u128>(n_dp);
      if (r2 > static_cast<u128>(ctx.layers) || ctx.layers % static_cast<std::int64_t>(r2) != 0) {
        continue;
      }
      const auto n_pp = static_cast<std::int64_t>(r2);
      if (mem_have < memory_required(ctx, n_dp)) {
        any_memory_fail = true;
        continue;
      }
      const std::int64_t q = ctx.batch_tokens / (ctx.experts * n_dp);
      if (q == 0) continue;  // no whole token per replica and expert: no microbatch count
      const std::vector<std::int64_t>& microbatch_counts = divs(static_cast<std::uint64_t>(q));
      const auto tp_sqrt = static_cast<std::int64_t>(isqrt(static_cast<std::uint64_t>(n_tp)));
      for (const std::int64_t tpf : divs(static_cast<std::uint64_t>(n_tp))) {
        if (tpf < tp_sqrt) continue;
        if (tpf > 4 * tp_sqrt) break;
        const std::int64_t tpm = n_tp / tpf;
        if (ctx.d_model % tpm != 0 || ctx.d_ff % tpf != 0) continue;
        br.deg[kDP] = n_dp;
        br.deg[kTPm] = tpm;
        br.deg[kTPf] = tpf;
        br.deg[kPP] = n_pp;
        for (int zbi = 0; zbi < (opt.zero_bubble ? 2 : 1); ++zbi) {
          const bool zb = zbi == 1;
          const std::int64_t lo = zb ? 2 * n_pp : n_pp;
          std::int64_t left =
              zb ? opt.zero_bubble_microbatch_candidates : opt.microbatch_candidates;
          for (auto it = std::lower_bound(microbatch_counts.begin(), microbatch_counts.end(), lo);
               it != microbatch_counts.end() && left > 0; ++it, --left) {
            any_branch = true;
            poll();
            ++out.stats.branches;
            br.m = *it;
            br.zb = zb;
            br.v = paper_interleave(ctx, n_pp, zb);
            prepare_branch(ctx, br);
            // The paper's pruning: the same layout on one flat level with the summed
            // bandwidth and the smallest latency cannot be slower than any real split.
            const Comm oc = comm_costs(ctx, ctx.flat, br, flat_split(br.deg));
            const Costs ob = combine(ctx, br, oc);
            if (ob.time > best_time) {
              ++out.stats.branches_pruned;
              continue;
            }
            // Each split is costed as it is enumerated (the list of them can outgrow memory).
            for_each_partition(
                ctx.net, n, br.deg,
                [&](const Split& s) {
                  poll();  // comm_costs on a deep network takes microseconds
                  ++out.stats.layouts_evaluated;
                  const Comm cm = comm_costs(ctx, ctx.net, br, s);
                  const Costs c = combine(ctx, br, cm);
                  if (c.time < best_time ||
                      (c.time == best_time && have &&
                       tie_sum_candidate(ctx, cm) < tie_sum_incumbent(ctx, best_comm))) {
                    have = true;
                    best_time = c.time;
                    best_br = br;
                    best_split = s;
                    best_costs = c;
                    best_comm = cm;
                  }
                },
                [&] { poll_step(); });
          }
        }
      }
    }
  }
  out.splits = any_branch || any_memory_fail;
  if (have) {
    out.found = true;
    out.best = make_evaluation(ctx, best_br, best_split, best_costs, {});
  } else {
    out.reasons.push_back(
        not_found_reason(ctx, n, any_branch, any_memory_fail, threshold, out.stats));
  }
  return out;
}

// The fast search finds the same optimum as the paper's, with the same tie-break:
//
// 1. Every (TP, DP, PP) factorisation ("triple") gets a cheap lower bound on the training time
//    of all its layouts: compute time from the padded FLOP and the per-matmul latency of the
//    smallest microbatch count, the TP and DP all-reduces on the optimistic flat network
//    (a bound because sum_l x_l / sum_l bw_l <= max_l x_l / bw_l), and the least latency.
// 2. Triples are expanded in order of their bound, and the expansion stops at the first bound
//    above the best time found: no layout in the rest can be faster.
// 3. Inside a triple, each branch (TP split, schedule, m) keeps the paper's own bound, the
//    layout costed on the flat network; the communication of each split is costed once per
//    (TP split, schedule) and shared by the microbatch counts.
// 4. Every layout whose time equals the best is kept with its position in the paper's
//    enumeration; at the end they are replayed in that order through the paper's tie rule
//    (equal time and strictly less communication), which is what its sequential scan yields.
// Bounds only skip layouts strictly slower than a time already found, so the optimum and every
// layout tied with it are always costed.
Searcher::TpInfo Searcher::tp_info(std::int64_t n_tp) {
  TpInfo info;
  info.divs = &divs(static_cast<std::uint64_t>(n_tp));
  info.tp_sqrt = static_cast<std::int64_t>(isqrt(static_cast<std::uint64_t>(n_tp)));
  info.min_words = std::numeric_limits<double>::infinity();
  info.min_groups = 2;
  for (const std::int64_t tpf : *info.divs) {
    if (tpf < info.tp_sqrt) continue;
    if (tpf > 4 * info.tp_sqrt) break;
    const std::int64_t tpm = n_tp / tpf;
    if (ctx.d_model % tpm != 0 || ctx.d_ff % tpf != 0) continue;
    info.any = true;
    info.min_words = std::min(info.min_words,
                              static_cast<double>(tpm - 1) * static_cast<double>(ctx.d_ff) +
                                  static_cast<double>(tpf - 1) * static_cast<double>(ctx.d_model));
    info.min_groups = std::min(info.min_groups, static_cast<double>((tpm > 1) + (tpf > 1)));
  }
  return info;
}

bool Searcher::triple_bound(Triple& t, std::int64_t n_ep, double gpus_d) {
  const Options& opt = ctx.opt;
  const TpInfo& tp = *t.tp;
  const double lat_min = ctx.flat.lat[0];
  const double denom = gpus_d * ctx.flat.bw[0] / 2;
  const auto L = static_cast<double>(ctx.layers);
  const auto btok = static_cast<double>(ctx.batch_tokens);
  const double tp_bw = 2 * tp.min_words * (2 * L) * btok * ctx.bytewidth / denom;
  const double tp_lat = 4 * L * lat_min * tp.min_groups;
  const std::vector<std::int64_t>& microbatch_counts = *t.microbatch_counts;
  const auto first_at_least = [&](std::int64_t lo) -> std::int64_t {
    const auto it = std::lower_bound(microbatch_counts.begin(), microbatch_counts.end(), lo);
    return it == microbatch_counts.end() ? 0 : *it;
  };
  const std::int64_t m_nz = first_at_least(t.n_pp);
  const std::int64_t m_zb = opt.zero_bubble ? first_at_least(2 * t.n_pp) : 0;
  if (m_nz == 0 && m_zb == 0) return false;
  // Compute: each of the 6 matmuls per layer and microbatch takes at least its latency plus
  // its FLOP at the effective rate; m x b = q tokens pass through (L / PP)(E / EP) layers.
  const double reps = static_cast<double>((ctx.layers / t.n_pp) * (ctx.experts / n_ep));
  const double flop_time = 12.0 *
                           (static_cast<double>(ctx.d_model) * static_cast<double>(ctx.d_ff) /
                            static_cast<double>(t.n_tp)) *
                           static_cast<double>(t.q) / ctx.mm.flop_per_s;
  const auto compute = [&](std::int64_t m) {
    return reps * (6 * ctx.mm.latency * static_cast<double>(m) + flop_time);
  };
  const double dp_bw =
      2.0 * static_cast<double>(t.n_dp - 1) * to_double(ctx.n_param) * ctx.bytewidth / denom;
  const double dp_lat = t.n_dp > 1 ? 2 * lat_min : 0.0;
  const auto total = [&](double pipe) {
    return opt.overlap_dp ? std::max(pipe, dp_bw) + dp_lat : pipe + dp_bw + dp_lat;
  };
  double best = std::numeric_limits<double>::infinity();
  if (m_zb != 0) best = total(std::max(compute(m_zb), tp_bw));
  if (m_nz != 0) {
    const std::int64_t v = paper_interleave(ctx, t.n_pp, false);
    double pp_lat = 0;
    if (ctx.layers > 1) {
      if (n_ep > 1) {
        pp_lat = 2 * (L - 1) * lat_min;
      } else if (t.n_pp > 1) {
        pp_lat = 2 * static_cast<double>(v * t.n_pp - 1) * lat_min;
      }
    }
    best = std::min(best, total(std::max(compute(m_nz), tp_bw) + tp_lat + pp_lat));
  }
  t.bound = ctx.batches * best * (1 - 1e-9);
  return true;
}

void Searcher::expand(const Triple& t, std::int64_t n_ep, u128 n, double& best, LayoutSearch& out) {
  const Options& opt = ctx.opt;
  Branch br;
  br.n = n;
  br.gpus_d = to_double(n);
  br.deg = {t.n_dp, 0, 0, t.n_pp, n_ep};
  const std::vector<std::int64_t>& microbatch_counts = *t.microbatch_counts;
  const std::int64_t tp_sqrt = t.tp->tp_sqrt;
  // On the paper's two-level networks every split is costed from per-degree tables, and the
  // term-wise minima of the tables bound all splits of a branch (more tightly than the flat
  // network, which they dominate). Elsewhere: the flat network and comm_costs per split.
  const bool two = two_ok_;
  std::array<const DegreeTerms*, 5> terms{};
  if (two) {
    terms[kDP] = &two_.dp(t.n_dp);
    terms[kPP] = &two_.plain(t.n_pp);
    terms[kEP] = &two_.plain(n_ep);
  }
  std::size_t tp_idx = 0;
  for (const std::int64_t tpf : *t.tp->divs) {
    if (tpf < tp_sqrt) continue;
    if (tpf > 4 * tp_sqrt) break;
    ++tp_idx;
    const std::int64_t tpm = t.n_tp / tpf;
    if (ctx.d_model % tpm != 0 || ctx.d_ff % tpf != 0) continue;
    br.deg[kTPm] = tpm;
    br.deg[kTPf] = tpf;
    double min_tp_comm = 0;
    double min_tp_lat = 0;
    if (two) {
      terms[kTPm] = &two_.ff(tpm);
      terms[kTPf] = &two_.md(tpf);
      two_.min_tp(*terms[kTPm], *terms[kTPf], min_tp_comm, min_tp_lat);
    }
    bool valid_built = false;
    for (int zbi = 0; zbi < (opt.zero_bubble ? 2 : 1); ++zbi) {
      br.zb = zbi == 1;
      br.v = paper_interleave(ctx, t.n_pp, br.zb);
      const std::int64_t lo = br.zb ? 2 * t.n_pp : t.n_pp;
      const std::int64_t count =
          br.zb ? opt.zero_bubble_microbatch_candidates : opt.microbatch_candidates;
      auto first = std::lower_bound(microbatch_counts.begin(), microbatch_counts.end(), lo);
      if (first == microbatch_counts.end()) continue;
      Comm bound;
      const PpTable* pp = nullptr;
      if (two) {
        pp = &two_.pp(br);
        bound.tp_comm = min_tp_comm;
        bound.tp_lat = min_tp_lat;
        bound.pp_comm = pp->min_comm;
        bound.pp_lat = pp->min_lat;
        bound.dp_comm = terms[kDP]->min_comm;
        bound.dp_lat = terms[kDP]->min_lat;
      } else {
        bound = comm_costs(ctx, ctx.flat, br, flat_split(br.deg));
      }
      bool real_done = false;
      int mi = 0;
      for (auto it = first; it != microbatch_counts.end() && mi < count; ++it, ++mi) {
        ++out.stats.branches;
        br.m = *it;
        // First with a lower bound of the compute time, which needs no matmul costing; then
        // with the exact compute time. The bounds get a relative margin of 1e-12, except the
        // paper's own (the flat network), which is applied as the paper does.
        prepare_branch_bound(ctx, br);
        if (combine(ctx, br, bound).time * (1 - 1e-12) > best) {
          ++out.stats.branches_pruned;
          continue;
        }
        prepare_branch(ctx, br);
        if (two ? combine(ctx, br, bound).time * (1 - 1e-12) > best
                : combine(ctx, br, bound).time > best) {
          ++out.stats.branches_pruned;
          continue;
        }
        if (two) {
          if (!valid_built) {
            two_.valid(terms, valid_);
            valid_built = true;
          }
          if (!real_done) {
            comms_.clear();
            for (const std::uint16_t j : valid_) comms_.push_back(two_.comm(terms, *pp, j));
            real_done = true;
          }
          for (std::size_t pi = 0; pi < comms_.size(); ++pi) {
            ++out.stats.layouts_evaluated;
            const Costs c = combine(ctx, br, comms_[pi]);
            if (c.time > best || (c.time == best && ties_.empty())) continue;
            if (c.time < best) {
              best = c.time;
              ties_.clear();
            }
            ties_.push_back(Candidate{
                {t.order, tp_idx, static_cast<std::size_t>(zbi), static_cast<std::size_t>(mi), pi},
                br,
                two_.split(terms, valid_[pi]),
                comms_[pi],
                c});
          }
          continue;
        }
        if (!real_done) {
          real_.clear();
          for_each_partition(
              ctx.net, n, br.deg,
              [&](const Split& s) {
                poll();  // comm_costs on a deep network takes microseconds
                real_.push_back({s, comm_costs(ctx, ctx.net, br, s)});
              },
              [&] { poll_step(); });
          real_done = true;
        }
        for (std::size_t pi = 0; pi < real_.size(); ++pi) {
          poll_step();
          ++out.stats.layouts_evaluated;
          const Costs c = combine(ctx, br, real_[pi].comm);
          if (c.time > best || (c.time == best && ties_.empty())) continue;
          if (c.time < best) {
            best = c.time;
            ties_.clear();
          }
          ties_.push_back(Candidate{
              {t.order, tp_idx, static_cast<std::size_t>(zbi), static_cast<std::size_t>(mi), pi},
              br,
              real_[pi].split,
              real_[pi].comm,
              c});
        }
      }
    }
  }
}

LayoutSearch Searcher::optimal_fast(u128 n, double threshold) {
  LayoutSearch out;
  out.stats.clusters_searched = 1;
  const u128 experts = static_cast<u128>(ctx.experts);
  const auto n_ep = static_cast<std::int64_t>(gcd(n, experts));
  const u128 gpus_per_ep = n / static_cast<u128>(n_ep);
  const u128 f_size = static_cast<u128>(ctx.d_model) * static_cast<u128>(ctx.d_ff);
  const u128 b_tok = static_cast<u128>(ctx.batch_tokens);
  const double gpus_d = to_double(n);
  const double mem_have = memory_available(ctx, n);
  bool any_memory_fail = false;

  triples_.clear();
  tp_infos_.clear();
  bool any_triple = false;
  std::size_t order = 0;
  const std::vector<std::int64_t>& tp_degrees =
      divs(static_cast<std::uint64_t>(gcd(gpus_per_ep, f_size)));
  tp_infos_.reserve(tp_degrees.size());  // Triples point into it
  for (const std::int64_t n_tp : tp_degrees) {
    poll();
    const u128 r1 = gpus_per_ep / static_cast<u128>(n_tp);
    const TpInfo* tp = nullptr;
    const std::vector<std::int64_t>& dp_degrees = divs(static_cast<std::uint64_t>(gcd(r1, b_tok)));
    // PP = r1 / DP must divide the layers, so DP >= r1 / layers: skip the smaller ones.
    const u128 dp_min = (r1 + static_cast<u128>(ctx.layers) - 1) / static_cast<u128>(ctx.layers);
    auto dp_first = dp_degrees.begin();
    if (dp_min > 1) {
      dp_first = dp_min > static_cast<u128>(dp_degrees.back())
                     ? dp_degrees.end()
                     : std::lower_bound(dp_degrees.begin(), dp_degrees.end(),
                                        static_cast<std::int64_t>(dp_min));
    }
    for (auto dp_it = dp_first; dp_it != dp_degrees.end(); ++dp_it) {
      const std::int64_t n_dp = *dp_it;
      const u128 r2 = r1 / static_cast<u128>(n_dp);
      if (r2 > static_cast<u128>(ctx.layers) || ctx.layers % static_cast<std::int64_t>(r2) != 0) {
        continue;
      }
      if (mem_have < memory_required(ctx, n_dp)) {
        any_memory_fail = true;
        continue;
      }
      const std::int64_t q = ctx.batch_tokens / (ctx.experts * n_dp);
      if (q == 0) continue;
      if (tp == nullptr) {
        tp_infos_.push_back(tp_info(n_tp));
        tp = &tp_infos_.back();
      }
      if (!tp->any) break;
      Triple t{n_tp, n_dp, static_cast<std::int64_t>(r2),       q, order++,
               0,    tp,   &divs(static_cast<std::uint64_t>(q))};
      if (!triple_bound(t, n_ep, gpus_d)) continue;
      any_triple = true;
      if (t.bound <= threshold) triples_.push_back(t);
    }
  }
  std::stable_sort(triples_.begin(), triples_.end(),
                   [](const Triple& a, const Triple& b) { return a.bound < b.bound; });
  double best = threshold;
  ties_.clear();
  two_ok_ = two_.reset(ctx, n);
  for (const Triple& t : triples_) {
    if (t.bound > best) break;
    poll();
    expand(t, n_ep, n, best, out);
  }
  out.splits = any_triple || any_memory_fail;
  if (ties_.empty()) {
    out.reasons.push_back(
        not_found_reason(ctx, n, any_triple, any_memory_fail, threshold, out.stats));
    return out;
  }
  std::sort(ties_.begin(), ties_.end(),
            [](const Candidate& a, const Candidate& b) { return a.key < b.key; });
  const Candidate* win = &ties_.front();
  for (const Candidate& c : ties_) {
    if (tie_sum_candidate(ctx, c.comm) < tie_sum_incumbent(ctx, win->comm)) win = &c;
  }
  out.found = true;
  out.best = make_evaluation(ctx, win->br, win->split, win->costs, {});
  return out;
}

void check_inputs(const Cluster& cluster, const TrainingRun& run, const Options& options) {
  validate(cluster);
  validate(run);
  validate(options);
}

ClusterSearch smallest(Searcher& s, const Cluster& cluster) {
  ClusterSearch out;
  const RunCtx& ctx = s.ctx;
  const Options& opt = ctx.opt;
  // The paper's budget in its float order: years, then seconds.
  const double duration_years = ctx.duration / opt.seconds_in_year;
  const double budget_s = duration_years * opt.seconds_in_year;
  // A little slack so that a layout finishing just under the budget is never cut by rounding;
  // the test below is the paper's, on the optimum.
  const double threshold = budget_s * (1 + 1e-9);
  const double compute = ctx.train_flop;
  const double n_min = compute / (budget_s * effective_flop_per_s(cluster.gpu).value());
  // The paper tries N = experts x 2^i. A level whose size has an odd factor (a 72-GPU NVL72
  // domain) never divides such N, so the base also takes the odd part of the levels below the
  // top: N = lcm(experts, odd part) x 2^i. With power-of-two levels, as in all of the paper's
  // settings, the base is the number of experts and the sizes tried are the paper's.
  const u128 base = cluster_size_base(cluster, ctx.experts);
  bool tried = false;    // some size was searched, and ...
  bool splits = false;   // ... some layout split one of them
  bool too_few = false;  // a size was passed over as too small to finish in time
  for (int i = 0; i < opt.max_doublings; ++i) {
    const u128 n = checked_mul(base, pow2(i), "cluster size");
    if (opt.max_gpus && n > static_cast<u128>(*opt.max_gpus)) break;
    if (to_double(n) < n_min) {
      too_few = true;
      continue;
    }
    s.poll();
    LayoutSearch r = s.optimal(n, threshold);
    tried = true;
    splits |= r.splits;
    out.stats += r.stats;
    if (r.found && r.best.training_time.value() / opt.seconds_in_year < duration_years) {
      out.feasible = true;
      out.gpus = n;
      out.best = std::move(r.best);
      return out;
    }
  }
  std::string sizes = "2^i";
  if (base == static_cast<u128>(ctx.experts) && base > 1) sizes = "experts x 2^i";
  if (base != static_cast<u128>(ctx.experts)) {
    sizes = fmt::format("{} x 2^i (lcm of the experts and the odd part of the levels' units)",
                        to_string(base));
  }
  if (tried && !splits && too_few &&
      s.optimal(base, std::numeric_limits<double>::infinity()).splits) {
    // The time: a layout splits the smallest size, too small to finish in time, and none the
    // sizes that could (helper-348: a tiny model and 1e30 tokens read as the sizes' odd
    // factor, 1).
    out.splits = false;
    out.reasons.push_back(fmt::format(
        "no cluster of {} GPUs (i < {}{}) trains C = {} within {}: that takes at least {} "
        "GPUs at their peak, and no layout splits so many (TP x DP x PP must divide d_model x "
        "d_ff ({} x {}), the batch ({} tokens) and the layers ({}))",
        sizes, opt.max_doublings, opt.max_gpus ? fmt::format(", at most {}", *opt.max_gpus) : "",
        format_quantity(Quantity{compute, kFlop}), format_quantity(Quantity{budget_s, kTime}),
        format_number(n_min), ctx.d_model, ctx.d_ff, ctx.batch_tokens, ctx.layers));
    return out;
  }
  if (tried && !splits) {
    // Not the time: the sizes' odd factor (a level's unit of 72 GPUs: 9) is one that no degree
    // can take from the model's dimensions.
    out.splits = false;
    u128 odd = base;
    while (odd % 2 == 0) odd /= 2;
    out.reasons.push_back(fmt::format(
        "no layout splits a cluster of {} GPUs (i < {}{}): TP x DP x PP must divide d_model x "
        "d_ff ({} x {}), the batch ({} tokens) and the layers ({}), and none takes the sizes' "
        "odd factor {}",
        sizes, opt.max_doublings, opt.max_gpus ? fmt::format(", at most {}", *opt.max_gpus) : "",
        ctx.d_model, ctx.d_ff, ctx.batch_tokens, ctx.layers, to_string(odd)));
    return out;
  }
  out.reasons.push_back(fmt::format(
      "no cluster of {} GPUs (i < {}{}) trains C = {} within {}", sizes, opt.max_doublings,
      opt.max_gpus ? fmt::format(", at most {}", *opt.max_gpus) : "",
      format_quantity(Quantity{compute, kFlop}), format_quantity(Quantity{budget_s, kTime})));
  return out;
}

}  // namespace
}  // namespace detail

// A cluster holds whole units of every level below the top (docs/model.md 2.2), and a level's
// unit is the product of the sizes up to it: levels of 3 and 3 make units of 3 and 9 GPUs. The
// odd part of the product divides the size (its powers of two the doublings supply).
u128 cluster_size_base(const Cluster& cluster, std::int64_t experts) {
  u128 base = static_cast<u128>(experts);
  u128 odd_units = 1;
  for (std::size_t i = 0; i + 1 < cluster.levels.size(); ++i) {
    auto odd = static_cast<u128>(cluster.levels[i].size.value_or(1));
    while (odd != 0 && odd % 2 == 0) odd /= 2;
    odd_units = checked_mul(odd_units, odd, "cluster size base");
  }
  if (odd_units > 1)
    base = checked_mul(base / gcd(base, odd_units), odd_units, "cluster size base");
  return base;
}

LayoutSearch optimal_layout(const Cluster& cluster, const TrainingRun& run, u128 gpus,
                            const Options& options, const Control& control) {
  detail::check_inputs(cluster, run, options);
  if (gpus == 0) throw ConfigError("gpus", "must be positive, got 0");
  detail::Searcher s(cluster, run, options, control);
  return s.optimal(gpus, std::numeric_limits<double>::infinity());
}

ClusterSearch smallest_cluster(const Cluster& cluster, const TrainingRun& run,
                               const Options& options, const Control& control) {
  detail::check_inputs(cluster, run, options);
  detail::Searcher s(cluster, run, options, control);
  return detail::smallest(s, cluster);
}

Summary summarize(const std::vector<SweepPoint>& points, const Gpu& gpu, const Options& options) {
  Summary s;
  const double threshold = options.linear_scaling_fraction * gpu.effective_utilization;
  for (const SweepPoint& p : points) {
    const units::Flop flop(p.train_flop);
    if (!p.result.feasible && !p.result.splits) continue;  // passed over (sweep)
    if (!p.result.feasible) {
      s.first_infeasible_flop = flop;
      break;
    }
    const double u = p.result.best.utilization;
    if (!s.linear_scaling_ends_at && u <= threshold) {
      s.linear_scaling_ends_at = flop;
      s.utilization_there = u;
    }
    s.largest_feasible_flop = flop;
    s.largest_feasible_utilization = u;
  }
  return s;
}

namespace {
// Levels whose units hold an odd factor (a 72-GPU rack: 9) put it in every cluster size, which a
// width without it splits badly: said where a sweep ends, with the way round it (helper-96:
// NVL72 B200s ended below 8-GPU nodes of the same GPUs; helper-119: a dense sweep on 72-GPU
// racks ended at 0.035% utilization, against 5.2% on 8-GPU nodes, without it).
std::string odd_units(const Setting& setting) {
  std::int64_t unit = 1;
  for (const NetworkLevel& level : setting.cluster.levels) unit *= level.size.value_or(1);
  std::int64_t odd = unit;
  while (odd > 1 && odd % 2 == 0) odd /= 2;
  if (odd <= 1) return {};
  return fmt::format(
      " (every cluster size is a multiple of the levels' units of {} GPUs, so of {}: "
      "declaring the level with a power-of-two size, as size = 64 of a 72-GPU rack, runs "
      "that many of each unit's GPUs)",
      unit, odd);
}
}  // namespace

Sweep sweep(const Setting& setting, const std::vector<std::int64_t>& grid, const Options& options,
            const Control& control) {
  validate(setting);
  validate(options);
  Sweep out;
  out.setting = setting.name.value_or(setting.cluster.gpu.name);
  std::string ended_by = "the grid's last width";
  for (const std::int64_t d : grid) {
    SweepPoint p;
    p.d_model = d;
    try {
      p.run = paper_run(d, setting.laws);
    } catch (const ConfigError&) {
      // The laws cannot build this width (its batch past the largest the model counts, 2^42
      // tokens, under DeepSeek's batch law): the sweep ends at the widths before it.
      ended_by = fmt::format(
          "the batch law builds no model of width {} (its batch passes the 2^42 tokens the "
          "model counts)",
          d);
      break;
    }
    p.run.duration = setting.duration.value_or(kPaperDuration);
    p.train_flop = train_flop(p.run);
    p.result = smallest_cluster(setting.cluster, p.run, options, control);
    out.stats += p.result.stats;
    // A width no cluster size splits (the model lacks the levels' odd factor: a 72-GPU domain
    // and d_model 7 x 2^k) is passed over, not the end: wider models may split again.
    const bool infeasible = !p.result.feasible && p.result.splits;
    const bool floor = p.result.feasible && p.result.best.utilization < options.utilization_floor;
    if (infeasible) {
      ended_by = fmt::format("no cluster trains width {} in time{}", d, odd_units(setting));
    } else if (floor) {
      ended_by = fmt::format(
          "the utilization at width {} ({}) is below options.utilization_floor ({}): wider "
          "models were not tried{}",
          d, format_number(p.result.best.utilization), format_number(options.utilization_floor),
          odd_units(setting));
    }
    out.points.push_back(std::move(p));
    if (infeasible || floor) break;
  }
  out.summary = summarize(out.points, setting.cluster.gpu, options);
  out.summary.ended_by = std::move(ended_by);
  return out;
}

Sweep sweep(const Setting& setting, const Options& options, const Control& control) {
  return sweep(setting, paper_d_model_grid(), options, control);
}

Sweeps sweep_all(const std::vector<Setting>& settings, const Options& options,
                 const Control& control) {
  return sweep_all(settings, paper_d_model_grid(), options, control);
}

Sweeps sweep_all(const std::vector<Setting>& settings, const std::vector<std::int64_t>& grid,
                 const Options& options, const Control& control) {
  validate(options);
  Sweeps out;
  out.sweeps.resize(settings.size());
  if (settings.size() == 1) {
    // One setting: on the calling thread, whose searches report their steps (SearchProgress) where
    // a worker's would not; parallel_for would show 0 of 1 until the end.
    out.completion.finished.assign(1, 0);
    if (control.cancelled && control.cancelled()) {
      out.completion.cancelled = true;
      return out;
    }
    try {
      out.sweeps[0] = sweep(settings[0], grid, options, control);
      out.completion.finished[0] = 1;
    } catch (const Cancelled&) {
      out.completion.cancelled = true;
    }
    return out;
  }
  out.completion = parallel_for(
      settings.size(),
      [&](std::size_t i) { out.sweeps[i] = sweep(settings[i], grid, options, control); }, control);
  return out;
}

}  // namespace dml
