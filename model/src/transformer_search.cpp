// The realistic model's search (docs/model.md 8.11): every layout of the run's GPUs that the
// caller left open, costed by detail::cost, the fastest that fits kept.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <limits>
#include <numeric>
#include <vector>

#include "dml/error.hpp"
#include "dml/transformer.hpp"
#include "engine.hpp"
#include "transformer_model.hpp"

namespace dml {

namespace {

using detail::Costed;
using detail::Lay;
using detail::TransformerCtx;

std::vector<std::int64_t> divisors(std::int64_t x, std::int64_t limit) {
  std::vector<std::int64_t> out;
  for (std::int64_t d = 1; d <= x && d <= limit; ++d) {
    if (x % d == 0) out.push_back(d);
  }
  return out;
}

std::vector<std::int64_t> powers_of_two(std::int64_t limit) {
  std::vector<std::int64_t> out;
  for (std::int64_t p = 1; p <= limit; p *= 2) out.push_back(p);
  return out;
}

template <class T>
std::vector<T> one_or(const std::optional<T>& fixed, std::vector<T> all) {
  if (fixed) return {*fixed};
  return all;
}

struct Ranked {
  double step;
  std::int64_t order;
  Lay lay;
};

}  // namespace

std::vector<StepPlan> optimize(const TransformerRun& run, const TransformerLayout& fixed,
                               std::int64_t count, const Control& control) {
  return optimize(run, fixed, {.count = count}, control);
}

std::vector<StepPlan> optimize(const TransformerRun& run, const TransformerLayout& fixed,
                               const Ranking& ranking, const Control& control) {
  const std::int64_t count = ranking.count;
  detail::validate_record(fixed, FieldPath{nullptr, "layout"});
  if (count < 1) throw ConfigError("count", "must be at least 1, got {}", count);
  const TransformerCtx c(run);
  const Transformer& m = run.model;

  const std::int64_t tm = fixed.tp_model.value_or(1);
  std::vector<std::int64_t> tps;
  // The stacks' frameworks split whole key/value heads (Megatron-Core divides the query groups
  // by the TP size; torchtitan views its shard as whole heads): the search keeps t1 <= g. A
  // layout given by hand may copy them instead (docs/model.md 8.5).
  const std::int64_t kv_heads = m.mla ? m.heads : m.kv_heads.value_or(m.heads);
  for (const std::int64_t t : powers_of_two(std::min<std::int64_t>(c.node, m.heads * tm))) {
    if (t % tm == 0 && m.heads % (t / tm) == 0 && m.d_ff % (t / tm) == 0 && t / tm <= kv_heads) {
      tps.push_back(t);
    }
  }
  tps = one_or(fixed.tp, tps);
  // Each TP degree with its tp_model (2D TP's d_model split; 1: Megatron's TP).
  std::vector<std::pair<std::int64_t, std::int64_t>> tp_pairs;
  for (const std::int64_t t : tps) tp_pairs.emplace_back(t, tm);
  // A TP degree given without its tp_model that Megatron's TP cannot split (the heads or d_ff
  // not divisible): each 2D split of it the heads allow (helper-117: tp = 64 of 240 heads was
  // refused where 8 x 8 runs); the one given when none does, for its error.
  // A 2D split of TP: t_model of d_model times t1 of the whole key/value heads and d_ff.
  const auto splits = [&](std::int64_t t_model, std::int64_t t1) {
    return m.d_model % t_model == 0 && m.heads % t1 == 0 && m.d_ff % t1 == 0 && t1 <= kv_heads;
  };
  if (fixed.tp && !fixed.tp_model && (m.heads % *fixed.tp != 0 || m.d_ff % *fixed.tp != 0)) {
    tp_pairs.clear();
    for (const std::int64_t t_model : powers_of_two(std::min<std::int64_t>(64, *fixed.tp))) {
      if (*fixed.tp % t_model == 0 && splits(t_model, *fixed.tp / t_model)) {
        tp_pairs.emplace_back(*fixed.tp, t_model);
      }
    }
    if (tp_pairs.empty()) tp_pairs.emplace_back(*fixed.tp, 1);
  }
  std::vector<std::int64_t> cps;
  for (const std::int64_t x : powers_of_two(32)) {
    if (m.seq_len % x == 0 && (x == 1 || m.seq_len / x >= 1024)) cps.push_back(x);
  }
  cps = one_or(fixed.cp, cps);
  // What the stack does not run is not searched (a layout may still ask for it).
  const bool no_pp = !run.stack.has_pipeline && !fixed.pp;
  const bool no_cp = !run.stack.has_context_parallel && !fixed.cp;
  if (no_cp) cps = {1};
  std::vector<std::int64_t> pps;
  // Layer places a split may divide: the layers; with the ends one layer short (as Llama 3's
  // 126 layers on 16) L + 2; with the MTP modules in places of their own too, L + 2 + mtp.
  const std::int64_t places_mtp = c.layers + 2 + m.mtp_layers;
  const auto places = [&](std::int64_t p) -> std::int64_t {
    if (c.layers % p == 0) return c.layers;
    if ((c.layers + 2) % p == 0) return c.layers + 2;
    // The modules' places need a middle stage and room for them and the loss in the last.
    const bool fits = p >= 3 && places_mtp % p == 0 && places_mtp / p >= m.mtp_layers + 1;
    return m.mtp_layers > 0 && fits ? places_mtp : 0;
  };
  for (std::int64_t p = 1; p <= std::min<std::int64_t>(c.layers, c.n); ++p) {
    if (places(p) > 0) pps.push_back(p);
  }
  pps = one_or(fixed.pp, pps);
  if (no_pp) pps = {1};
  // The stages the stack offers (zero_stages) of 0, 1 and 3; ZeRO 2 beside ZeRO 1 where it could
  // win (try_zero2 below), and in its place on a stack without ZeRO 1 (PyTorch FSDP's
  // SHARD_GRAD_OP).
  std::vector<std::int64_t> offered_zeros;
  for (const std::int64_t z : {0, 1, 2, 3}) {
    if (!run.stack.offers_zero(z)) continue;
    if (z == 2 && run.stack.offers_zero(1)) continue;
    offered_zeros.push_back(z);
  }
  const std::vector<std::int64_t> zeros = one_or(fixed.zero, offered_zeros);
  // (ZeRO 2 is costed in its place: among the stages, or beside ZeRO 1 where it could win, and
  // a deferred ZeRO 2 is no faster than ZeRO 1.)
  const bool deferred_zero3 =
      run.stack.pipeline_defers_sharding && !fixed.zero && run.stack.offers_zero(2);
  // Selective recompute reruns what an unfused kernel keeps (its scores); with a fused kernel
  // it is none's plan under another name, not tried.
  std::vector<Recompute> tried{Recompute::kNone, Recompute::kFull};
  if (run.stack.attention == AttentionKernel::kUnfused) tried.push_back(Recompute::kSelective);
  if (run.stack.recompute_norms) tried.push_back(Recompute::kNorms);
  // A count of layers to recompute is full recompute's (Megatron's block method).
  if (fixed.recompute_layers) tried = {Recompute::kFull};
  const std::vector<Recompute> recomputes = one_or(fixed.recompute, tried);
  // Megatron-Core's single modules, on stacks that have them and models they apply to.
  const bool modules = run.stack.recompute_modules;
  const auto switches = [](const std::optional<bool>& fixed_value, bool applies) {
    std::array<bool, 2> v{false, true};
    std::size_t n = applies ? 2 : 1;
    if (fixed_value) {
      v[0] = *fixed_value;
      n = 1;
    }
    return std::pair{v, n};
  };
  // Plain names, not structured bindings: the lambdas below capture them (clang 14 does not
  // capture a structured binding).
  const auto mla_switch = switches(fixed.recompute_mla_up, modules && c.mla);
  const auto moe_switch = switches(fixed.recompute_moe_act, modules && c.experts > 0);
  const std::array<bool, 2>& mla_ups = mla_switch.first;
  const std::size_t n_mla_ups = mla_switch.second;
  const std::array<bool, 2>& moe_acts = moe_switch.first;
  const std::size_t n_moe_acts = moe_switch.second;
  // 1F1B (interleaved where v > 1), and the schedules the stack offers besides.
  std::vector<Schedule> offered{Schedule::k1F1B};
  if (run.stack.zero_bubble) {
    offered.push_back(Schedule::kZeroBubble);
    offered.push_back(Schedule::kZeroBubbleV);
  }
  if (run.stack.dualpipe) offered.push_back(Schedule::kDualPipe);
  const std::vector<Schedule> schedules = one_or(fixed.schedule, offered);

  std::vector<Ranked> best;  // fastest first, at most `count`
  std::int64_t evaluated = 0;
  std::int64_t order = 0;
  Costed k;
  // What the answer says when none fits: of the layouts that run but do not fit the GPU's
  // memory, the one that needs the least; of those that fit it but whose offloaded activations
  // do not fit the host's memory, the one that needs the least host memory (the nearer miss).
  constexpr double kNone = std::numeric_limits<double>::infinity();
  double least_memory = kNone, least_host = kNone;
  Lay least, least_on_host;
  const auto note_least = [&](const Lay& l) {
    const double total = k.memory.total.value();
    if (total > c.capacity) {
      if (total < least_memory) {
        least_memory = total;
        least = l;
      }
    } else if (k.memory.host.value() < least_host) {  // fits the GPU: the host's memory failed
      least_host = k.memory.host.value();
      least_on_host = l;
    }
  };
  // The memory of the last layout costed without its gradients: what it would need with the
  // gradients sharded to nothing (kNone when it did not run). Weights wider than the 16-bit
  // compute copy shard too under ZeRO 2 (8.9), down to the copy's share of them.
  double without_grads = kNone;
  const double wide_weights = run.stack.weight_bytes > 2 ? 1 - 2 / run.stack.weight_bytes : 0.0;
  // Costs a layout and keeps it among the best; true when it runs and fits.
  const auto consider = [&](const Lay& l) {
    ++order;
    without_grads = kNone;
    if (!detail::layout_runs(c, l, nullptr)) return false;
    if (++evaluated % 64 == 0) SearchProgress::note(64);  // the caller's progress line
    detail::cost(c, l, k);
    without_grads = k.memory.total.value() - k.memory.gradients.value() -
                    (l.zero == 1 ? wide_weights * k.memory.weights.value() : 0.0);
    if (!detail::fits(c, k.memory)) {
      if (best.empty()) note_least(l);
      return false;
    }
    const double step = k.time.step.value();
    if (ranking.distinct_splits) {
      // One layout per split: a faster one replaces its split's, a slower one is passed over.
      // (The bound below stays sound: a layout slower than the last kept is slower than any
      // kept layout of its own split too.)
      const auto same = std::find_if(best.begin(), best.end(), [&](const Ranked& x) {
        return x.lay.tp == l.tp && x.lay.tp_model == l.tp_model && x.lay.pp == l.pp &&
               x.lay.dp == l.dp && x.lay.cp == l.cp && x.lay.ep == l.ep && x.lay.etp == l.etp;
      });
      if (same != best.end()) {
        if (!(step < same->step)) return true;
        best.erase(same);
      }
    }
    if (static_cast<std::int64_t>(best.size()) == count && !(step < best.back().step)) {
      return true;
    }
    const Ranked r{step, order, l};
    const auto at =
        std::upper_bound(best.begin(), best.end(), r,
                         [](const Ranked& x, const Ranked& y) { return x.step < y.step; });
    best.insert(at, r);
    if (static_cast<std::int64_t>(best.size()) > count) best.pop_back();
    return true;
  };
  // Activation offloading (docs/model.md 8.11), where the run leaves it open: a layout that runs
  // without pipeline or recompute but does not fit tries the fewest offloaded layers that make
  // it fit. Memory falls and, for identical layers, time never falls as layers go, so the
  // fewest is the fastest of them; found by bisection, costed as it goes, and only where
  // offloading all but one layer fits at all.
  const bool try_offload = !fixed.offload && c.host_bw > 0 && run.stack.offloads_activations;
  bool offload_tried = false;  // some layout could offload (for the message when none fits)
  const auto fits_offloading = [&](Lay& l, std::int64_t n) {
    l.offload = n;
    if (++evaluated % 64 == 0) SearchProgress::note(64);
    detail::cost(c, l, k);
    const bool fits_gpu = k.memory.total.value() <= c.capacity;  // the host's: by consider
    if (best.empty() && !fits_gpu) note_least(l);
    return fits_gpu;
  };
  const auto consider_offload = [&](Lay l) {
    std::int64_t lo = 0, hi = c.layers - 1;  // lo does not fit; hi, checked first, must
    if (hi < 1) return;
    l.offload = hi;
    if (!detail::layout_runs(c, l, nullptr)) return;
    offload_tried = true;
    if (!fits_offloading(l, hi)) return;
    while (hi - lo > 1) {
      const std::int64_t mid = lo + (hi - lo) / 2;
      if (fits_offloading(l, mid)) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    l.offload = hi;
    --evaluated;  // consider counts it again
    consider(l);
    // With layers of two kinds (a MoE model's dense first layers) the exposed copies can fall
    // as the last layers go, most often at L - 1 (docs/model.md 8.11): that count is tried too.
    if (c.experts > 0 && (c.dense_layers > 0 || !c.dense_first) && hi < c.layers - 1) {
      l.offload = c.layers - 1;
      consider(l);
    }
  };
  // Full recompute of a chunk's first layers only (Megatron's block method, docs/model.md 8.3),
  // where the run leaves the count open: a layout that fits with every layer recomputed and not
  // without recompute tries the fewest recomputed layers that make it fit. Memory falls and time
  // rises as the count grows, so the fewest is the fastest of them; found by bisection.
  const bool try_partial = !fixed.recompute_layers;
  const bool tries_none =
      std::find(recomputes.begin(), recomputes.end(), Recompute::kNone) != recomputes.end();
  // The last layout costed without recompute, at each ZeRO stage (the search costs it just before
  // the same layout with full recompute): whether it ran and fit, and its step.
  struct Seen {
    Lay l;
    bool ran = false, fit = false;
    double step = 0;
  };
  std::array<Seen, 4> none_seen{};
  const auto fits_recomputing = [&](Lay& l, std::int64_t n) {
    l.recompute_layers = n;
    if (++evaluated % 64 == 0) SearchProgress::note(64);
    detail::cost(c, l, k);
    return detail::fits(c, k.memory);
  };
  const auto consider_partial = [&](Lay l) {
    const std::int64_t chunks = detail::chunks_of(l);
    std::int64_t lo = 0, hi = (c.layers + chunks - 1) / chunks;  // lo does not fit; hi does
    if (hi < 2) return;
    Lay none = l;
    none.recompute = Recompute::kNone;
    Seen& seen = none_seen[static_cast<std::size_t>(l.zero)];
    if (!(seen.l == none)) {
      seen = Seen{none, detail::layout_runs(c, none, nullptr), false, 0};
      if (seen.ran) {
        if (++evaluated % 64 == 0) SearchProgress::note(64);
        detail::cost(c, none, k);
        seen.fit = detail::fits(c, k.memory);
        seen.step = k.time.step.value();
      }
    }
    if (seen.ran) {
      // Faster without recompute, where the search tries none: no count is.
      if (seen.fit && tries_none) return;
      // No count runs faster than no recompute: none that could join the best.
      if (static_cast<std::int64_t>(best.size()) == count && !(seen.step < best.back().step))
        return;
    }
    while (hi - lo > 1) {
      const std::int64_t mid = lo + (hi - lo) / 2;
      if (fits_recomputing(l, mid)) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    if (hi == (c.layers + chunks - 1) / chunks) return;  // every layer: the plan already costed
    l.recompute_layers = hi;
    --evaluated;  // consider counts it again
    consider(l);
  };
  // Costs l at its recompute mode, with the module switches and offloading where they apply.
  // Says whether l with its gradients sharded (ZeRO 2 in place of 1) is worth costing: ZeRO 2
  // costs ZeRO 1's time or more (a reduce-scatter every microbatch, not one a step) and frees
  // at most the gradients' memory (and weights wider than 16 bits down to their 16-bit copy,
  // 8.9), so only where l does not fit and it, or a variant of it, could without them. Under
  // DualPipe ZeRO 1 reduces both stages' gradients under one microbatch's backward and ZeRO 2 one
  // stage's under each: ZeRO 2 may be the faster there, and is always worth it.
  const auto consider_recompute = [&](Lay& l) {
    const Recompute rc = l.recompute;
    l.recompute_mla_up = mla_ups[0];
    l.recompute_moe_act = moe_acts[0];
    const bool first_fits = consider(l);
    if (rc == Recompute::kNone && try_partial) {
      const bool ran = without_grads != kNone;
      none_seen[static_cast<std::size_t>(l.zero)] =
          Seen{l, ran, first_fits, ran ? k.time.step.value() : 0.0};
    }
    const bool offloads =
        try_offload && l.pp == 1 && rc == Recompute::kNone && !mla_ups[0] && !moe_acts[0];
    const bool modules_apply =
        rc != Recompute::kFull && rc != Recompute::kOp && (n_mla_ups == 2 || n_moe_acts == 2);
    const bool sharded_worth =
        l.schedule == Schedule::kDualPipe ||
        (!first_fits && (offloads || modules_apply || without_grads <= c.capacity));
    if (!first_fits && offloads) consider_offload(l);
    if (rc == Recompute::kFull && first_fits && try_partial) consider_partial(l);
    if (rc == Recompute::kFull || rc == Recompute::kOp) return sharded_worth;
    // A module switched on only adds time and frees memory: try one where the layout without
    // it does not fit, both only where neither alone does.
    if (first_fits || (n_mla_ups == 1 && n_moe_acts == 1)) return sharded_worth;
    bool one_fits = false;
    if (n_mla_ups == 2) {
      l.recompute_mla_up = true;
      l.recompute_moe_act = moe_acts[0];
      one_fits |= consider(l);
    }
    if (n_moe_acts == 2) {
      l.recompute_mla_up = mla_ups[0];
      l.recompute_moe_act = true;
      one_fits |= consider(l);
    }
    if (!one_fits && n_mla_ups == 2 && n_moe_acts == 2) {
      l.recompute_mla_up = true;
      l.recompute_moe_act = true;
      consider(l);
    }
    return sharded_worth;
  };
  const bool try_zero2 = !fixed.zero && run.stack.offers_zero(2);
  // A second pass tries the stage counts that split the layers unevenly, each costed with
  // ceil(L/p) layers a stage (the plan notes it; Megatron-Core runs it with
  // decoder_last_pipeline_num_layers): where no split of the GPUs has an even pipeline (1,152
  // GPUs, 16 racks of 72, leave a factor 9 that only PP can take when 9 divides neither L nor
  // L + 2), and beside the even ones (helper-375: DeepSeek-V3's 61 layers on 1,280 H100s, PP 5 of
  // 13 layers a stage at 48.3% MFU, where the even stage counts left the factor 5 to DP at
  // 43.8%). (A loop, not a lambda called twice: the nest's locals stay locals.)
  //
  // TP is searched up to a node's GPUs, as the stacks place it. Where the best layout so found
  // still loses more than a tenth of its step to the pipeline bubble, exposed DP traffic and
  // recompute (a batch small for the GPUs leaves DP and PP no better split: GPT-3 175B with 512
  // sequences on 16,384 H100s, or hundreds of thousands of GPUs; activations that fit only
  // recomputed, which wider TP splits: helper-375's d_model 49,152 on 65,536 H100s, 35.9% MFU
  // with TP 8 against 41.5% with TP 32 = 4 x 8 2D), whatever its TP (helper-117: a best of TP 4
  // losing 80% never started it, 3x slower than TP 64 = 8 x 8; and a quarter let a faster
  // network skip it and answer slower than the slower network's layout), or where no layout with
  // TP inside a node fits (helper-375: a model that fits 2^20 H100s only with TP 16 or more was
  // answered "none fits"), a third pass
  // tries TP across nodes: Megatron's where the key/value heads allow it, and the paper's 2D TP
  // (tp_model splitting d_model; only the one `fixed` gives, if it gives one), up to 16 nodes'
  // GPUs, with the stage counts the passes before tried (docs/model.md 8.11).
  // Expert TP (docs/model.md 8.8): as held, else 1 and, per layout, the layout's tp where it
  // divides the experts' width: the two values frameworks run (Megatron-Core's default expert
  // TP is tp, its MoE recipes set 1; torchtitan's parallel_dims.py allows only these two).
  // Neither where the experts carry biases, which Megatron-Core runs only with expert TP 1.
  const bool search_etp = !fixed.etp && c.experts > 0 && !(m.moe && m.moe->expert_bias);
  const std::int64_t expert_width = static_cast<std::int64_t>(c.fe);
  const std::int64_t etp0 = fixed.etp.value_or(1);
  // A layout of these degrees with the fields the search does not vary layout by layout: those
  // `fixed` holds, else the search's own choice (SP with Megatron's TP where the stack has it).
  const auto degrees_layout = [&](std::int64_t tp, std::int64_t tp_model, std::int64_t pp,
                                  std::int64_t dp, std::int64_t cp) {
    Lay l;
    l.tp = tp;
    l.tp_model = tp_model;
    l.cp = cp;
    l.pp = pp;
    l.dp = dp;
    l.sequence_parallel = fixed.sequence_parallel.value_or(tp > 1 && tp_model == 1 &&
                                                           run.stack.has_sequence_parallel);
    l.cp_kind = fixed.cp_kind.value_or(detail::default_cp_kind(run.model));
    l.etp = etp0;
    l.offload = fixed.offload.value_or(0);
    l.optimizer_offload = fixed.optimizer_offload.value_or(false);
    l.recompute_layers = fixed.recompute_layers.value_or(0);
    return l;
  };
  // A count of recomputed layers held fixed is at most that many a chunk: a layout whose chunks
  // hold fewer recomputes every layer (0), so that a count of the model's layers holds full
  // recompute of every layer whatever the pipeline (a run that says "full", with its layout
  // left to the search). (Beside another recompute held fixed, the count stays the layout's
  // mistake.)
  const auto hold_recompute_layers = [&](Lay& l) {
    if (!fixed.recompute_layers || recomputes.front() != Recompute::kFull) return;
    const std::int64_t chunks = detail::chunks_of(l);
    const std::int64_t chunk_layers = (c.layers + chunks - 1) / chunks;
    l.recompute_layers = *fixed.recompute_layers >= chunk_layers ? 0 : *fixed.recompute_layers;
  };
  std::vector<std::int64_t> pp_degrees = pps;
  std::string uneven_note;
  // EP degrees (with their expert TP) the search costed whose blocks of ep x etp GPUs fit in
  // one unit of the innermost level but do not tile it, and the outermost level such a cut
  // group reached (for unit_note below).
  std::vector<std::pair<std::int64_t, std::int64_t>> cut_eps;
  int cut_level = 0;
  // The share of the step (bubble, DP, recompute) that started the third pass.
  double wide_share = 0;
  bool none_inside = false;   // no layout with TP inside a node fit: that started it
  double inside_step = 0;     // the step of the best layout with TP inside a node
  bool uneven_tried = false;  // the second pass ran (its stage counts go to the third)
  bool uneven_only = false;   // it ran where no layout with an even pipeline had
  for (int pass = 0; pass < 3; ++pass) {
    if (pass == 1) {
      if (fixed.pp || no_pp) continue;
      // (No layout ran: none split the GPUs, or those that did could not run, as DualPipe's
      // even stage counts when the factor PP must take is odd.)
      if (evaluated == 0) uneven_only = true;
      pp_degrees.clear();
      for (std::int64_t p = 2; p <= std::min<std::int64_t>(c.layers, c.n); ++p) {
        if (places(p) == 0) pp_degrees.push_back(p);
      }
      uneven_tried = true;
    }
    if (pass == 2) {
      if (evaluated == 0 || fixed.tp || c.outer.empty() || tps.empty()) break;
      if (best.empty()) {
        none_inside = true;
        inside_step = std::numeric_limits<double>::infinity();
      } else {
        detail::cost(c, best.front().lay, k);
        // The bubble, the exposed data-parallel traffic and recompute: each shrinks with wider
        // TP (fewer stages, each GPU's share of the gradients and weights to exchange, and of
        // the activations to keep).
        const double share =
            (k.time.bubble.value() + k.time.dp.value() + k.time.recompute.value()) /
            k.time.step.value();
        if (!(share > 0.1)) break;
        wide_share = share;
        inside_step = best.front().step;
      }
      tp_pairs.clear();
      for (const std::int64_t t_model : powers_of_two(64)) {
        if (fixed.tp_model && t_model != *fixed.tp_model) continue;
        for (const std::int64_t t1 : powers_of_two(std::min(kv_heads, m.heads))) {
          const std::int64_t t = t_model * t1;
          if (t <= c.node || t > 16 * c.node || t > c.n) continue;
          if (splits(t_model, t1)) tp_pairs.emplace_back(t, t_model);
        }
      }
      if (uneven_tried) {
        pp_degrees.insert(pp_degrees.begin(), pps.begin(), pps.end());
      } else {
        pp_degrees = pps;
      }
    }
    for (const auto& [tp, tp_model] : tp_pairs) {
      for (const std::int64_t cp : cps) {
        for (const std::int64_t pp : pp_degrees) {
          check_cancelled(control);
          const std::int64_t rest = tp * cp * pp;
          if (c.n % rest != 0) continue;
          const std::int64_t dp = c.n / rest;
          if (fixed.dp && *fixed.dp != dp) continue;
          if (c.batch % dp != 0) continue;
          const std::int64_t per_rank = c.batch / dp;
          // (ep, etp) pairs: ep x etp divides the tp x dp x cp ranks (an ep held fixed is tried
          // with the first expert TP whatever it divides, and its layout says why it cannot run).
          // (A dense model: the ep held fixed, which its layout refuses, helper-361.)
          std::vector<std::pair<std::int64_t, std::int64_t>> eps{{fixed.ep.value_or(1), etp0}};
          if (c.experts > 0) {
            eps.clear();
            const bool tp_too = search_etp && tp > 1 && expert_width % tp == 0;
            for (const std::int64_t e : one_or(fixed.ep, divisors(c.experts, tp * dp * cp))) {
              if (fixed.ep || (tp * dp * cp) % (e * etp0) == 0) eps.emplace_back(e, etp0);
              if (tp_too && (tp * dp * cp) % (e * tp) == 0) eps.emplace_back(e, tp);
            }
          }
          for (const auto& [e, et] : eps) {
            const std::int64_t block = e * et;  // an EP group's ranks lie etp apart
            if (c.experts <= 0 || e <= 1 || block >= c.node || c.node % block == 0 ||
                c.outer.empty()) {
              continue;
            }
            if (std::find(cut_eps.begin(), cut_eps.end(), std::pair{e, et}) == cut_eps.end()) {
              cut_eps.emplace_back(e, et);
              cut_level = std::max(cut_level, c.group(e, et).level);
            }
          }
          // A stage's layers (and places): as evaluate splits them.
          const std::int64_t stage_places =
              places(pp) > 0 ? places(pp) / pp : (c.layers + pp - 1) / pp;
          std::vector<std::int64_t> vs{1};
          // Chunks of whole layers: L/p per stage, or the places with the ends short; a stage
          // count given that divides neither (ceil(L/p) layers a stage) runs one chunk.
          if (pp > 1 && places(pp) > 0) vs = divisors(places(pp) / pp, 64);
          vs = one_or(fixed.interleave, vs);
          std::vector<std::int64_t> mbs;
          for (const std::int64_t b : powers_of_two(16)) {
            if (per_rank % b == 0) mbs.push_back(b);
          }
          mbs = one_or(fixed.microbatch, mbs);
          // The states shard over all dp x cp ranks, or (HSDP) over those inside one node.
          const std::int64_t ranks = dp * cp;
          const std::int64_t in_node = std::max<std::int64_t>(c.node / tp, 1);
          Lay l = degrees_layout(tp, tp_model, pp, dp, cp);
          for (const auto& [ep, et] : eps) {
            l.ep = ep;
            l.etp = et;
            for (const Schedule sched : schedules) {
              // Without a pipeline every schedule runs the same step: the first only.
              if (pp == 1 && sched != schedules.front()) break;
              // Zero-bubble V halves each stage: chunks of whole layers only (a half layer is
              // costed as a mean that no run has), unless the schedule was asked for.
              if (sched == Schedule::kZeroBubbleV && !fixed.schedule && stage_places % 2 != 0) {
                continue;
              }
              l.schedule = sched;
              for (const std::int64_t v : vs) {
                // Only 1F1B interleaves (the others fix their chunks a device).
                if (v > 1 && sched != Schedule::k1F1B) break;
                l.interleave = v;
                hold_recompute_layers(l);
                for (const std::int64_t mb : mbs) {
                  l.microbatch = mb;
                  for (const std::int64_t zero : zeros) {
                    // On a pipeline that defers the sharding ZeRO 3 runs as ZeRO 2 (8.7): the
                    // same layout twice, costed once, as ZeRO 2.
                    if (zero == 3 && pp > 1 && deferred_zero3) continue;
                    l.zero = zero;
                    // No allocation here: this loop runs for every layout.
                    std::array<std::int64_t, 2> shards{ranks, 0};
                    std::size_t n_shards = 1;
                    if (fixed.shard) {
                      shards[0] = *fixed.shard;
                    } else if (zero > 0 && in_node > 1 && in_node < ranks && ranks % in_node == 0) {
                      shards[n_shards++] = in_node;
                    }
                    for (std::size_t si = 0; si < n_shards; ++si) {
                      l.shard = shards[si];
                      for (const Recompute rc : recomputes) {
                        l.recompute = rc;
                        // ZeRO 2 where it could win (above).
                        const bool sharded_worth = consider_recompute(l);
                        if (zero == 1 && sharded_worth && try_zero2 && ranks > 1) {
                          l.zero = 2;
                          consider_recompute(l);
                          l.zero = 1;
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    if (pass == 1 && uneven_only && evaluated > 0) {
      const bool held = fixed.tp || fixed.cp || fixed.dp || fixed.schedule;
      uneven_note = fmt::format(
          "no layout of the {} GPUs{} runs with a pipeline that divides the {} layers (or {}, the "
          "ends one layer short{}): the search tried uneven stage counts too",
          c.n, held ? " with the fields held fixed" : "", c.layers, c.layers + 2,
          m.mtp_layers > 0
              ? fmt::format("; or {}, the MTP modules in places of their own", places_mtp)
              : std::string());
    }
  }
  // Said of each answer from the third pass that is faster than the best with TP inside a node.
  const std::string wide_note =
      none_inside ? std::string(
                        "TP is searched across nodes only where the best layout with TP "
                        "inside one loses more than a tenth of its step to the pipeline "
                        "bubble, exposed data-parallel traffic and recompute, or where none "
                        "with TP inside a node fits, as here: this layout, from that search, "
                        "fits")
      : wide_share > 0
          ? fmt::format(
                "TP is searched across nodes only where the best layout with TP inside one loses "
                "more than a tenth of its step to the pipeline bubble, exposed data-parallel "
                "traffic and recompute (it lost {:.0f}%), or where none fits: this layout, from "
                "that search, is faster",
                100 * wide_share)
          : std::string();
  std::vector<StepPlan> out;
  if (best.empty()) {
    StepPlan none;
    none.run_name = run.name;
    none.model_name = run.model.name;
    none.gpu_name = run.cluster.gpu.name;
    none.gpus = c.n;
    none.stack_name = run.stack.name;
    none.precision = run.precision;
    none.global_batch = c.batch;
    none.tokens = c.tokens;
    none.params = c.params;
    none.active_params = c.params_active;
    none.model_flop_per_token = c.flop_model;
    none.layouts_evaluated = evaluated;
    // When the fields held fixed rule out every layout, say which and why.
    std::vector<std::string> fixed_why =
        evaluated == 0 ? detail::fixed_violations(c, fixed) : std::vector<std::string>{};
    if (!fixed_why.empty()) {
      for (std::string& w : fixed_why) none.violations.push_back(std::move(w));
    } else {
      // No split of these GPUs runs the model: the most GPUs one does split, below them, is the
      // size to ask for (helper-83: 2^21 GPUs had none, 2^20 did). Candidates are the degrees
      // the search tries times the largest DP the batch allows, checked largest first.
      std::string largest;
      if (evaluated == 0) {
        const std::vector<std::int64_t> batch_divisors =
            detail::divisors(static_cast<std::uint64_t>(c.batch));
        std::int64_t unit = 1;
        for (std::size_t i = 0; i + 1 < run.cluster.levels.size(); ++i) {
          unit *= run.cluster.levels[i].size.value_or(1);
        }
        std::vector<std::array<std::int64_t, 5>> sizes;  // gpus, tp, pp, dp, cp
        // (Every stage count: where no even one runs, the search tries the uneven ones too.)
        std::vector<std::int64_t> any_pp;
        for (std::int64_t p = 1; p <= std::min<std::int64_t>(c.layers, c.n); ++p) {
          any_pp.push_back(p);
        }
        any_pp = one_or(fixed.pp, any_pp);
        if (no_pp) any_pp = {1};
        for (const std::int64_t tp : tps) {
          for (const std::int64_t cp : cps) {
            for (const std::int64_t pp : any_pp) {
              const std::int64_t base = tp * cp * pp;
              if (base >= c.n) continue;
              // The largest DP the batch allows whose cluster is whole groups of the levels
              // below the top (as a cluster's size must be).
              if (fixed.dp) {  // a DP held fixed is the DP
                const std::int64_t dp = *fixed.dp;
                if (c.batch % dp == 0 && base * dp < c.n && (base * dp) % unit == 0) {
                  sizes.push_back({base * dp, tp, pp, dp, cp});
                }
                continue;
              }
              auto at =
                  std::upper_bound(batch_divisors.begin(), batch_divisors.end(), (c.n - 1) / base);
              while (at != batch_divisors.begin() && (base * *std::prev(at)) % unit != 0) --at;
              if (at == batch_divisors.begin()) continue;
              sizes.push_back({base * *std::prev(at), tp, pp, *std::prev(at), cp});
            }
          }
        }
        // The most GPUs first; of splits of as many, the narrowest TP x CP (CP 1 first), then
        // the fewest stages (helper-89: TP 64 x PP 54 x DP 1 was named where TP 8 x PP 27 x
        // DP 16 splits as many).
        std::sort(sizes.begin(), sizes.end(), [](const auto& a, const auto& b) {
          const auto key = [](const std::array<std::int64_t, 5>& x) {
            return std::make_tuple(-x[0], x[1] * x[4], x[4], x[2]);
          };
          return key(a) < key(b);
        });
        TransformerRun smaller = run;
        for (std::size_t i = 0; i < sizes.size() && i < 512 && largest.empty(); ++i) {
          const auto [n, tp, pp, dp, cp] = sizes[i];
          smaller.cluster.size = n;
          const TransformerCtx cs(smaller);
          // The layout as the search would first try it: the fields held fixed, else the
          // search's own first choice of each.
          Lay l = degrees_layout(tp, tm, pp, dp, cp);
          l.zero = fixed.zero.value_or(zeros.front());
          l.shard = fixed.shard.value_or(dp * cp);
          l.ep = fixed.ep.value_or(1);
          l.microbatch = fixed.microbatch.value_or(1);
          l.interleave = fixed.interleave.value_or(1);
          l.schedule = pp > 1 ? schedules.front() : Schedule::k1F1B;
          l.recompute = recomputes.front();
          hold_recompute_layers(l);
          if (detail::layout_runs(cs, l, nullptr)) {
            largest = fmt::format(
                "; the most GPUs below them that a layout splits: {} (TP {}{} x PP {} x DP {}{})",
                n, tp, tm > 1 ? fmt::format(" (2D: {} x {})", tm, tp / tm) : std::string(), pp, dp,
                cp > 1 ? fmt::format(" x CP {}", cp) : std::string());
          }
        }
      }
      none.violations.push_back(
          evaluated == 0
              ? fmt::format("no layout of {} GPUs runs this model (tp, pp, dp, cp and ep must "
                            "divide what they split, and dp the global batch of {} sequence{}){}",
                            c.n, c.batch, c.batch == 1 ? "" : "s", largest)
              : fmt::format("none of the {} layouts that run fits in the {} of one {}{}", evaluated,
                            detail::bytes_text(c.capacity), run.cluster.gpu.name,
                            !offload_tried ? std::string()
                            : c.host_capacity > 0
                                ? fmt::format(" (activation offloading tried, within {} "
                                              "of host memory)",
                                              detail::bytes_text(c.host_capacity))
                                : std::string(" (activation offloading tried)")));
      if (least_host < kNone) {
        none.notes.push_back(fmt::format(
            "the layout that needs the least host memory of those that fit the GPU's, {}, "
            "offloads {} per GPU, more than the {} of host memory",
            layout_text(detail::to_layout(least_on_host)), detail::bytes_text(least_host),
            detail::bytes_text(c.host_capacity)));
      } else if (least_memory < kNone) {
        none.notes.push_back(
            fmt::format("the layout that needs the least memory, {}, needs {} per GPU",
                        layout_text(detail::to_layout(least)), detail::bytes_text(least_memory)));
      }
    }
    // What the stack does not run was not tried: said, since it is what splits memory most.
    if (no_pp || no_cp) {
      const bool both = no_pp && no_cp;
      none.notes.push_back(fmt::format(
          "the stack {} runs no {} parallelism ({} = false), so the search tried none; a "
          "layout may still ask for it, costed as another framework would run it",
          run.stack.name,
          both    ? "pipeline or context"
          : no_pp ? "pipeline"
                  : "context",
          both    ? "has_pipeline and has_context_parallel"
          : no_pp ? "has_pipeline"
                  : "has_context_parallel"));
    }
    out.push_back(std::move(none));
    return out;
  }
  // A batch with few factors in common with the cluster caps DP (which divides both) far below
  // the GPUs: said, with a batch near it that a larger divisor of the GPUs divides: of the
  // batches within a third of it, the one that allows the most DP (the nearest of those), else
  // the nearest that allows more than now (2048 sequences on 4,608 GPUs: 2304, DP up to 2304,
  // not 1536; 100 on 64: 128, DP up to 64).
  std::string batch_note;
  const std::int64_t common = std::gcd(c.batch, c.n);
  if (common < c.batch && common * 8 <= c.n) {
    std::int64_t rounder = 0, allows = common;
    bool rounder_near = false;
    const auto try_unit = [&](std::int64_t d) {  // d divides the GPUs
      if (d <= common) return;
      const std::int64_t below = std::max<std::int64_t>(1, c.batch / d) * d;
      for (const std::int64_t b : {below, below + d}) {
        const std::int64_t g = std::gcd(b, c.n);
        const bool near = 3 * std::llabs(b - c.batch) <= c.batch;
        const auto dist = [&](std::int64_t x) { return std::llabs(x - c.batch); };
        const bool better =
            rounder == 0 || (near && !rounder_near) ||
            (near == rounder_near &&
             (near ? g > allows || (g == allows && dist(b) < dist(rounder))
                   : dist(b) < dist(rounder) || (dist(b) == dist(rounder) && g > allows)));
        if (better) {
          rounder = b;
          allows = g;
          rounder_near = near;
        }
      }
    };
    for (std::int64_t d = 1; d * d <= c.n; ++d) {
      if (c.n % d != 0) continue;
      try_unit(d);
      try_unit(c.n / d);
    }
    if (rounder > 0 && allows > common) {
      batch_note = fmt::format(
          "the global batch of {} sequences and the {} GPUs have {} as their largest common "
          "divisor: DP, which divides both, is at most {} (a batch of {} would allow up to {})",
          c.batch, c.n, common, common, rounder, allows);
    }
  }
  // Experts that share few factors with the GPUs cap EP (which divides both the experts and the
  // tp x dp x cp ranks, a divisor of the GPUs): said, as the paper model's plans say it.
  std::string ep_note;
  // (Only where the GPUs could hold more expert groups than the cap, and no degree held fixed
  // bounds EP more tightly: 64 experts on 8 GPUs are capped by the GPUs, not by the factors.)
  if (c.experts > 1 && !fixed.ep && !fixed.tp && !fixed.pp && !fixed.cp && !fixed.dp) {
    const std::int64_t cap = std::gcd(c.experts, c.n);
    if (cap < std::min(c.experts, c.n)) {
      ep_note = fmt::format(
          "EP is at most {} for {} experts: EP divides both the experts and the tp x dp x cp "
          "ranks, a divisor of the {} GPUs, and the two share {} as their largest common divisor",
          cap, c.experts, c.n, cap);
    }
  }
  // Expert groups that fit in one unit of the innermost level but do not tile it (EP 16, 32, 64
  // of 256 experts on 72-GPU racks) are costed out to an outer level (docs/model.md 8.4): the
  // search priced them so, and a user asking what a larger domain buys does not expect it
  // (helper-119: 4,608 GB200s ran 928 ms a step on 72-GPU racks, 675 ms on 64-GPU ones). Said,
  // with the unit that keeps the largest of them whole.
  std::string unit_note;
  std::sort(cut_eps.begin(), cut_eps.end());
  if (!cut_eps.empty()) {
    const auto& levels = run.cluster.levels;
    const auto level_name = [&](std::size_t i) {
      return i < levels.size() && levels[i].name ? *levels[i].name : fmt::format("level {}", i);
    };
    // (Under expert TP an EP group's ranks lie etp apart: its block is ep x etp GPUs,
    // helper-357.) With expert TP 1 alone the EP degrees are named; else the blocks.
    const auto listed = [](const std::vector<std::int64_t>& xs) {
      std::string text;
      for (std::size_t i = 0; i < xs.size(); ++i) {
        text += (i == 0 ? "" : i + 1 == xs.size() ? " and " : ", ") + std::to_string(xs[i]);
      }
      return text;
    };
    std::vector<std::int64_t> eps_cut, blocks;
    bool any_etp = false;
    for (const auto& [e, et] : cut_eps) {
      any_etp = any_etp || et > 1;
      if (eps_cut.empty() || eps_cut.back() != e) eps_cut.push_back(e);
      blocks.push_back(e * et);
    }
    std::sort(blocks.begin(), blocks.end());
    blocks.erase(std::unique(blocks.begin(), blocks.end()), blocks.end());
    const std::int64_t widest = blocks.back();
    const std::int64_t keep = c.node / widest * widest;
    const std::string outer = level_name(static_cast<std::size_t>(cut_level));
    if (!any_etp) {
      unit_note = fmt::format(
          "EP groups of {} (which divide the {} experts) straddle the {}-GPU units of {} ({} is "
          "no multiple of them): the search costed each cut group's all-to-all out to {}; units "
          "of {} GPUs keep EP {} in one ({} declared with size = {} runs {} of each unit's {} "
          "GPUs)",
          listed(eps_cut), c.experts, c.node, level_name(0), c.node, outer, keep, widest,
          level_name(0), keep, keep, c.node);
    } else {
      // Each block with the EP and expert TP degrees that make it, the widest EP first
      // (helper-361: the degrees apart from their blocks read as every one with expert TP).
      std::string by_block;
      for (std::size_t b = 0; b < blocks.size(); ++b) {
        std::string pairs;
        for (auto it = cut_eps.rbegin(); it != cut_eps.rend(); ++it) {
          if (it->first * it->second != blocks[b]) continue;
          pairs += (pairs.empty() ? "EP " : ", EP ") + std::to_string(it->first) +
                   (it->second > 1 ? fmt::format(" x etp {}", it->second) : std::string());
        }
        by_block += (b == 0                   ? ""
                     : b + 1 == blocks.size() ? " and "
                                              : ", ") +
                    fmt::format("{} ({})", blocks[b], pairs);
      }
      unit_note = fmt::format(
          "expert groups straddle the {}-GPU units of {}, which are no multiple of their ep x "
          "etp GPUs (EP dividing the {} experts): {}; the search costed each cut group's "
          "all-to-all out to {}; units of {} GPUs keep a group of {} in one ({} declared with "
          "size = {} runs {} of each unit's {} GPUs)",
          c.node, level_name(0), c.experts, by_block, outer, keep, widest, level_name(0), keep,
          keep, c.node);
    }
  }
  for (const Ranked& r : best) {
    // A pipeline's schedule the search did not choose, said as such.
    std::vector<std::string> assumed;
    if (!fixed.schedule && offered.size() == 1 && r.lay.pp > 1) {
      assumed.emplace_back(
          "schedule = \"1f1b\" (the stack offers no other: its zero_bubble and dualpipe are "
          "false)");
    }
    StepPlan p = detail::make_step_plan(c, r.lay, std::move(assumed));
    p.layouts_evaluated = evaluated;
    if (!batch_note.empty()) p.notes.push_back(batch_note);
    if (!ep_note.empty()) p.notes.push_back(ep_note);
    if (!uneven_note.empty()) p.notes.push_back(uneven_note);
    // (A plan whose own EP straddles a unit it fits in says so itself.)
    const std::int64_t ep_block = r.lay.ep * r.lay.etp;
    const bool own = ep_block < c.node && c.node % ep_block != 0;
    if (!unit_note.empty() && !own) p.notes.push_back(unit_note);
    if (!wide_note.empty() && r.lay.tp > tps.back() && r.step < inside_step) {
      p.notes.push_back(wide_note);
    }
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<std::optional<StepPlan>> optimize_all(std::span<const TransformerRun> runs,
                                                  const Control& control) {
  std::vector<std::optional<StepPlan>> plans(runs.size());
  (void)parallel_for(
      runs.size(),
      [&](std::size_t i) { plans[i] = std::move(optimize(runs[i], {}, 1, control).front()); },
      control);
  return plans;
}

}  // namespace dml
