#include "dml/evaluate.hpp"

#include <cmath>

#include "divisors.hpp"
#include "dml/error.hpp"
#include "dml/plan.hpp"
#include "dml/quantity.hpp"
#include "engine.hpp"

namespace dml {

u128 Layout::gpus() const {
  u128 n = static_cast<u128>(dp);
  n = checked_mul(n, static_cast<u128>(tp.model), "layout size");
  n = checked_mul(n, static_cast<u128>(tp.ff), "layout size");
  n = checked_mul(n, static_cast<u128>(pp), "layout size");
  return checked_mul(n, static_cast<u128>(ep), "layout size");
}

namespace detail {

Evaluation make_evaluation(const RunCtx& ctx, const Branch& br, const Split& split, const Costs& c,
                           std::vector<std::string> violations) {
  using units::Seconds;
  Evaluation e;
  e.feasible = violations.empty();
  e.violations = std::move(violations);
  e.gpus = br.n;
  Layout& l = e.layout;
  l.dp = br.deg[kDP];
  l.tp = {.model = br.deg[kTPm], .ff = br.deg[kTPf]};
  l.pp = br.deg[kPP];
  l.ep = br.deg[kEP];
  l.microbatches = br.m;
  l.zero_bubble = br.zb;
  l.interleave = br.v;
  LevelSplit s;
  for (int lv = 0; lv < ctx.net.levels; ++lv) {
    s.dp.push_back(split[lv][kDP]);
    s.tp_model.push_back(split[lv][kTPm]);
    s.tp_ff.push_back(split[lv][kTPf]);
    s.pp.push_back(split[lv][kPP]);
    s.ep.push_back(split[lv][kEP]);
  }
  l.split = std::move(s);
  e.arithmetic_time = Seconds(br.arith);
  e.compute_time = Seconds(br.compute);
  e.tp_comm = Seconds(c.tp_comm);
  e.pp_ep_comm = Seconds(c.pp_comm);
  e.dp_comm = Seconds(c.dp_comm);
  e.tp_latency = Seconds(c.tp_lat);
  e.pp_ep_latency = Seconds(c.pp_lat);
  e.pipeline_latency = Seconds(c.tp_lat + c.pp_lat);
  e.dp_latency = Seconds(c.dp_lat);
  e.bubble_fraction = br.bubble;
  e.pipeline_time = Seconds(c.pipe);
  e.time_per_batch = Seconds(c.total);
  e.batches = ctx.batches;
  e.training_time = Seconds(c.time);
  e.months = 12 * (c.time / ctx.opt.seconds_in_year);
  e.utilization = c.util;
  e.tokens_per_second = static_cast<double>(ctx.batch_tokens) / c.total;
  e.memory_required = units::Bytes(memory_required(ctx, br.deg[kDP]));
  e.memory_available = units::Bytes(memory_available(ctx, br.n));
  e.tp_comm_total = Seconds(c.tp_comm * ctx.batches);
  e.pp_ep_comm_total = Seconds(c.pp_comm * ctx.batches);
  e.dp_comm_total = Seconds(c.dp_comm * ctx.batches);
  e.latency_total = Seconds(ctx.batches * (c.tp_lat + c.pp_lat + c.dp_lat));
  // Every time the plan reports, charged or not (a zero-bubble layout's pipeline latency), is
  // in range, or the inputs are out of any real range (out_of_range_message).
  for (const double t :
       {e.training_time.value(), e.time_per_batch.value(), e.pipeline_latency.value(),
        e.latency_total.value(), e.tp_comm_total.value(), e.pp_ep_comm_total.value(),
        e.dp_comm_total.value(), e.arithmetic_time.value() * ctx.batches}) {
    if (!(t < 1e100)) throw Error(out_of_range_message("the cost of " + layout_text(l)));
  }
  for (const double b : {e.memory_required.value(), e.memory_available.value()}) {
    if (!(b < 1e100)) throw Error(out_of_range_message("the memory of " + layout_text(l)));
  }
  return e;
}

}  // namespace detail

namespace {

using detail::Degrees;
using detail::kDP;
using detail::kEP;
using detail::kPP;
using detail::kTPf;
using detail::kTPm;

// A degree that does not divide what it splits: the question has no answer, so it is an error
// naming the layout's field and listing the degrees that would divide (the searches never
// produce such layouts).
void check_divides(const detail::RunCtx& c, const Layout& l) {
  const auto divs = [](std::int64_t n, std::int64_t near) {
    return detail::divisors_text(static_cast<std::uint64_t>(n), static_cast<std::uint64_t>(near));
  };
  if (c.d_model % l.tp.model != 0) {
    throw ConfigError("layout.tp.model",
                      "{} does not divide the model's d_model = {}; divisors: {}", l.tp.model,
                      c.d_model, divs(c.d_model, l.tp.model));
  }
  if (c.d_ff % l.tp.ff != 0) {
    throw ConfigError("layout.tp.ff", "{} does not divide the model's d_ff = {}; divisors: {}",
                      l.tp.ff, c.d_ff, divs(c.d_ff, l.tp.ff));
  }
  if (c.layers % l.pp != 0) {
    throw ConfigError("layout.pp", "{} does not divide the model's {} layers; divisors: {}", l.pp,
                      c.layers, divs(c.layers, l.pp));
  }
  if (c.experts % l.ep != 0) {
    throw ConfigError("layout.ep", "{} does not divide the model's {} experts; divisors: {}", l.ep,
                      c.experts, divs(c.experts, l.ep));
  }
  if (c.batch_tokens % l.dp != 0) {
    throw ConfigError("layout.dp", "{} does not divide the batch of {} tokens; divisors: {}", l.dp,
                      c.batch_tokens, divs(c.batch_tokens, l.dp));
  }
  // In 128 bits: the degrees are the caller's and may be anything.
  const u128 per = static_cast<u128>(l.dp) * static_cast<u128>(c.experts);
  const auto tokens = static_cast<u128>(c.batch_tokens);
  if (per > tokens) {
    throw ConfigError("layout.dp",
                      "{} replicas x {} experts is more than the batch of {} tokens: no replica "
                      "and expert gets a whole token",
                      l.dp, c.experts, c.batch_tokens);
  }
  const auto per_replica = static_cast<std::int64_t>(tokens / per);  // <= the batch's tokens
  if (per_replica % l.microbatches != 0) {
    throw ConfigError("layout.microbatches",
                      "{} does not divide the {} tokens per replica and expert; divisors: {}",
                      l.microbatches, per_replica, divs(per_replica, l.microbatches));
  }
  if (l.interleave && (c.layers / l.pp) % *l.interleave != 0) {
    throw ConfigError("layout.interleave",
                      "{} does not divide the {} layers per pipeline stage; divisors: {}",
                      *l.interleave, c.layers / l.pp, divs(c.layers / l.pp, *l.interleave));
  }
}

// Why a layout that splits the model cannot run on this hardware (an infeasible plan's
// reasons).
void add_violations(const detail::RunCtx& c, const Layout& l, u128 n, std::int64_t v,
                    std::vector<std::string>& why) {
  const u128 min_m = static_cast<u128>(l.pp) * (l.zero_bubble ? 2 : 1);
  if (static_cast<u128>(l.microbatches) < min_m) {
    why.push_back(fmt::format("microbatches = {} is below {} ({} x pp = {}) for the {} schedule",
                              l.microbatches, to_string(min_m), l.zero_bubble ? 2 : 1, l.pp,
                              l.zero_bubble ? "zero-bubble" : "1F1B"));
  }
  if (l.zero_bubble && v != 1) {
    why.push_back(fmt::format("zero-bubble needs interleave = 1, got {}", v));
  }
  // A cluster larger than a level holds whole units of it (docs/model.md 2.2).
  u128 running = 1;
  for (std::size_t i = 0; i < c.net.sizes.size(); ++i) {
    running *= static_cast<u128>(c.net.sizes[i]);
    if (n > running && n % running != 0) {
      why.push_back(fmt::format("{} GPUs are not a whole number of level-{} units of {}",
                                to_string(n), i + 1, to_string(running)));
    }
  }
  const double need = detail::memory_required(c, l.dp);
  const double have = detail::memory_available(c, n);
  if (have < need) {
    why.push_back(fmt::format(
        "memory: needs {} (parameters x dp + optimizer state), the cluster has {}",
        format_quantity(Quantity{need, kBytes}), format_quantity(Quantity{have, kBytes})));
  }
}

}  // namespace

Evaluation evaluate(const Cluster& cluster, const TrainingRun& run, const Layout& layout,
                    const Options& options) {
  validate(cluster);
  validate(run);
  validate(options);
  validate(layout);
  detail::RunCtx ctx(cluster, run, options);
  check_divides(ctx, layout);
  const u128 n = layout.gpus();

  detail::Branch br;
  br.deg = {layout.dp, layout.tp.model, layout.tp.ff, layout.pp, layout.ep};
  br.n = n;
  br.gpus_d = to_double(n);
  br.m = layout.microbatches;
  br.zb = layout.zero_bubble;
  br.v = layout.interleave ? *layout.interleave : detail::paper_interleave(ctx, layout.pp, br.zb);
  std::vector<std::string> why;
  add_violations(ctx, layout, n, br.v, why);
  detail::prepare_branch(ctx, br);

  detail::Split split{};
  detail::Costs costs;
  if (layout.split) {
    const LevelSplit& s = *layout.split;
    const std::size_t nl = cluster.levels.size();
    const std::vector<std::int64_t>* parts[5] = {&s.dp, &s.tp_model, &s.tp_ff, &s.pp, &s.ep};
    const char* names[5] = {"dp", "tp_model", "tp_ff", "pp", "ep"};
    for (int x = 0; x < 5; ++x) {
      const std::string field = std::string("layout.split.") + names[x];
      if (parts[x]->size() != nl) {
        throw ConfigError(field, "needs one entry per network level ({}), got {}", nl,
                          parts[x]->size());
      }
      u128 prod = 1;
      for (std::size_t lv = 0; lv < nl; ++lv) {
        const std::int64_t f = (*parts[x])[lv];
        prod = checked_mul(prod, static_cast<u128>(f), "split");
        split[lv][x] = f;
      }
      if (prod != static_cast<u128>(br.deg[x])) {
        throw ConfigError(field, "levels multiply to {}, but the degree is {}", to_string(prod),
                          br.deg[x]);
      }
    }
    const auto sizes = level_sizes_for(cluster, n);
    for (std::size_t lv = 0; lv < sizes.size(); ++lv) {
      u128 prod = 1;  // 128 bits: the split is the caller's
      for (int x = 0; x < 5; ++x)
        prod = checked_mul(prod, static_cast<u128>(split[lv][x]), "split");
      if (prod != static_cast<u128>(sizes[lv])) {
        why.push_back(fmt::format("split puts {} GPU{} at level {} ({}), which holds {} here",
                                  to_string(prod), prod == 1 ? "" : "s", lv + 1,
                                  cluster.levels[lv].name.value_or("unnamed"), sizes[lv]));
      }
    }
    costs = detail::combine(ctx, br, detail::comm_costs(ctx, ctx.net, br, split));
  } else {
    std::vector<detail::Split> splits;
    detail::partitions(ctx.net, n, br.deg, splits);
    if (splits.empty()) {
      why.push_back("no split of the degrees across the network levels fits the level sizes");
      // Costed as if every degree spans the top level (1 at the levels below it, never 0: a
      // level's product divides the costs), so the plan still carries its fields.
      for (std::size_t lv = 0; lv + 1 < static_cast<std::size_t>(ctx.net.levels); ++lv) {
        for (int x = 0; x < 5; ++x) split[lv][x] = 1;
      }
      for (int x = 0; x < 5; ++x) split[ctx.net.levels - 1][x] = br.deg[x];
      costs = detail::combine(ctx, br, detail::comm_costs(ctx, ctx.net, br, split));
    } else {
      bool have = false;
      detail::Comm best_comm;
      for (const auto& s : splits) {
        const detail::Comm cm = detail::comm_costs(ctx, ctx.net, br, s);
        const detail::Costs c = detail::combine(ctx, br, cm);
        if (!have || c.time < costs.time ||
            (c.time == costs.time &&
             detail::tie_sum_candidate(ctx, cm) < detail::tie_sum_incumbent(ctx, best_comm))) {
          have = true;
          costs = c;
          best_comm = cm;
          split = s;
        }
      }
    }
  }
  return detail::make_evaluation(ctx, br, split, costs, std::move(why));
}

}  // namespace dml
