#include "dml/plan.hpp"

#include <fmt/format.h>

#include <cmath>

#include "divisors.hpp"
#include "dml/quantity.hpp"

namespace dml {

namespace {
// Less than one batch is no training run, as for a transformer run: most often a misplaced
// exponent ("1e6 tokens" for "1e12 tokens"), or, with the default dataset (20 tokens a
// parameter), a model too small for its batch. A partial last batch is fine.
void check_fills_a_batch(const Run& run, const TrainingRun& t, const std::string& path) {
  const u128 per_batch = static_cast<u128>(t.batch_sequences) * static_cast<u128>(t.seq_len);
  const u128 tokens = dataset_tokens(t);
  if (tokens >= per_batch) return;
  const std::string batch = fmt::format(
      "one batch of {} tokens ({} sequence{} of {}, the {} batch)", count_text(per_batch),
      count_text(static_cast<u128>(t.batch_sequences)), t.batch_sequences == 1 ? "" : "s",
      t.seq_len, run.batch_tokens ? "given" : fmt::format("{} rule's", batch_rule_name(run)));
  if (run.tokens) {
    throw ConfigError(path + ".tokens", "{} token{} is less than {}", format_number(*run.tokens, 4),
                      *run.tokens == 1 ? "" : "s", batch);
  }
  if (run.tokens_per_param) {
    throw ConfigError(path + ".tokens_per_param", "{} gives {} token{}, less than {}",
                      format_number(*run.tokens_per_param, 4), count_text(tokens),
                      tokens == 1 ? "" : "s", batch);
  }
  throw ConfigError(path + ".tokens",
                    "unset: {} a parameter (the default) gives {} token{}, less than {}; give the "
                    "run's tokens",
                    format_number(t.tokens_per_param, 4), count_text(tokens),
                    tokens == 1 ? "" : "s", batch);
}

// `validated`: the resolved run's own checks (validate). A declaration's default dataset skips
// them: its fields were checked where declared, and optimize and evaluate check the rest. (With
// them, checking the default dataset cost 2,870 instructions a declared run, 5.4%; without,
// 1,540, 2.9%.)
TrainingRun resolve_unchecked(const Run& run, bool validated = true) {
  TrainingRun t;
  t.model = run.model;
  t.model.d_ff = ff_width(run.model);
  t.model.layers = depth(run.model);
  t.seq_len = run.seq_len;
  if (run.tokens_per_param) t.tokens_per_param = *run.tokens_per_param;
  t.tokens = run.tokens;
  t.duration = run.duration.value_or(kPaperDuration);
  if (run.batch_tokens) {
    t.batch_sequences = *run.batch_tokens / run.seq_len;
  } else {
    BatchRule rule;
    rule.kind = run.batch.value_or(BatchRule::Kind::kPaper);
    t.batch_sequences = batch_sequences_for(rule, train_flop(t), t.seq_len, t.model.experts);
  }
  if (validated) validate(t);
  return t;
}
}  // namespace

void Description<Run>::check(const Run& r, const std::string& path) {
  if (r.tokens && r.tokens_per_param) {
    throw ConfigError(path + ".tokens",
                      "give either tokens (the dataset) or tokens_per_param, not both");
  }
  // The dataset is at least a token, checked here where it is declared (as the core checks it).
  if (r.tokens_per_param) {
    check_dataset_tokens(r.model, *r.tokens_per_param, path + ".tokens_per_param");
  }
  if (r.batch_tokens) {
    if (r.batch) {
      throw ConfigError(path + ".batch", "give either a batch rule or batch_tokens, not both");
    }
    if (*r.batch_tokens % r.seq_len != 0) {
      throw ConfigError(path + ".batch_tokens", "{} is not a whole number of {}-token sequences",
                        *r.batch_tokens, r.seq_len);
    }
  }
  check_fills_a_batch(r, resolve_unchecked(r, r.tokens || r.tokens_per_param), path);
}

TrainingRun resolve(const Run& run) {
  TrainingRun t = resolve_unchecked(run);
  check_fills_a_batch(run, t, "run");
  return t;
}

std::string batch_rule_name(const Run& run) {
  if (run.batch_tokens) return "given";
  return std::string(enum_name(run.batch.value_or(BatchRule::Kind::kPaper)));
}

RunFacts run_facts(const Cluster& cluster, const TrainingRun& run, std::string batch_rule) {
  std::vector<std::string> levels;
  for (std::size_t i = 0; i < cluster.levels.size(); ++i) {
    levels.push_back(cluster.levels[i].name.value_or(fmt::format("level {}", i + 1)));
  }
  return RunFacts{.gpu = cluster.gpu.name,
                  .levels = std::move(levels),
                  .d_model = run.model.d_model,
                  .d_ff = ff_width(run.model),
                  .layers = depth(run.model),
                  .experts = run.model.experts,
                  .total_params = total_params(run.model),
                  .active_params = active_params(run.model),
                  .batch_tokens = batch_tokens(run),
                  .seq_len = run.seq_len,
                  .batch_rule = std::move(batch_rule),
                  .tokens = dataset_tokens(run),
                  .train_flop = units::Flop(train_flop(run)),
                  .duration = run.duration};
}

namespace {
// Months in fixed notation, and from 1e9 on (a run a clock far too slow makes) as every other
// number: format_number's 1.358e13, beside the days' 4.132e14.
std::string months_text(double months, int decimals) {
  if (std::abs(months) >= 1e9) return format_number(months);
  return fmt::format("{:.{}f}", months, decimals);
}
}  // namespace

Plan make_plan(const Evaluation& e, const RunFacts& facts, const TrainingRun& run,
               const Options& options, const SearchStats& stats) {
  Plan p;
  p.feasible = e.feasible;
  // The paper's test, in its float order: years of training below years of budget.
  p.within_duration = e.feasible && e.training_time.value() / options.seconds_in_year <
                                        run.duration.value() / options.seconds_in_year;
  p.violations = e.violations;
  if (e.feasible && !p.within_duration) {  // the layout runs, but past the budget: say so
    p.violations.push_back(
        fmt::format("training takes {} ({} months), longer than the run's "
                    "duration of {}",
                    format_quantity(to_quantity(e.training_time)), months_text(e.months, 1),
                    format_quantity(to_quantity(run.duration))));
  }
  p.gpus = e.gpus;
  p.layout = e.layout;
  p.cost = static_cast<const LayoutCost&>(e);
  p.run = facts;
  p.options = options;
  p.stats = stats;
  return p;
}

Plan make_plan(const LayoutSearch& s, const RunFacts& facts, const TrainingRun& run,
               const Options& options, u128 gpus) {
  if (s.found) return make_plan(s.best, facts, run, options, s.stats);
  Plan p;
  p.violations = s.reasons;
  p.gpus = gpus;
  p.run = facts;
  p.options = options;
  p.stats = s.stats;
  return p;
}

Plan make_plan(const ClusterSearch& s, const RunFacts& facts, const TrainingRun& run,
               const Options& options) {
  if (s.feasible) return make_plan(s.best, facts, run, options, s.stats);
  Plan p;
  p.violations = s.reasons;
  p.run = facts;
  p.options = options;
  p.stats = s.stats;
  return p;
}

std::string expert_parallel_note(const Cluster& cluster, std::int64_t experts, u128 gpus) {
  const auto e = static_cast<u128>(experts);
  const u128 g = gcd(gpus, e);
  if (g == e) return {};
  std::string allowed = "they share no factor (EP 1 is the only degree)";
  if (g > 1) {
    allowed = fmt::format("their common divisors are {} (the search takes the largest)",
                          detail::divisors_text(static_cast<std::uint64_t>(g), 0));
  }
  // The next of the sizes the smallest-cluster search tries (base x 2^i) that holds whole groups
  // of the levels below the top; none past 128 bits.
  u128 group = 1;
  for (std::size_t i = 0; i + 1 < cluster.levels.size(); ++i) {
    group *= static_cast<u128>(cluster.levels[i].size.value_or(1));  // checked by the cluster
  }
  std::string next;
  try {
    const u128 base = cluster_size_base(cluster, experts);
    for (int i = 0; i < 127; ++i) {
      const u128 size = checked_mul(base, pow2(i), "cluster size");
      if (size > gpus && size % group == 0) {
        next = fmt::format(
            "; {} GPUs would allow EP {} ({} x 2^{}: dml.optimize searches {} x 2^i GPUs when the "
            "cluster has no size)",
            count_text(size), experts, to_string(base), i, to_string(base));
        break;
      }
    }
  } catch (const OverflowError&) {
  }
  return fmt::format(
      "EP {} of {} experts: EP must divide both the experts and the {} GPUs, and {}{}",
      to_string(g), experts, count_text(gpus), allowed, next);
}

// What a paper run was given but the paper's model does not read: each a note, so that a value the
// user set is never dropped without a word.
namespace {
void add_input_notes(Plan& p, const Run& run) {
  std::string measured;
  for (std::size_t i = 0; i < run.cluster.levels.size(); ++i) {
    const NetworkLevel& l = run.cluster.levels[i];
    if (!l.measured || l.measured->empty()) continue;
    measured += (measured.empty() ? "" : ", ") + l.name.value_or(fmt::format("level {}", i + 1));
  }
  if (!measured.empty()) {
    p.notes.push_back(fmt::format(
        "the measured collectives of {} are not read: the paper's model costs every collective "
        "from bandwidth and latency; a transformer run (dml.transformer) reads them "
        "(docs/model.md 8.4)",
        measured));
  }
  if (run.cluster.facility) {
    p.notes.push_back(
        "the cluster's facility is not read: the paper's model reports no energy or cost; a "
        "transformer run (dml.transformer) does (docs/model.md 8.13)");
  }
}
}  // namespace

Plan optimize(const Run& run, const Control& control) {
  validate(run);
  const TrainingRun t = resolve(run);
  const RunFacts facts = run_facts(run.cluster, t, batch_rule_name(run));
  if (run.cluster.size) {
    const auto n = static_cast<u128>(*run.cluster.size);
    Plan p = make_plan(optimal_layout(run.cluster, t, n, run.options, control), facts, t,
                       run.options, n);
    if (std::string note = expert_parallel_note(run.cluster, t.model.experts, n); !note.empty()) {
      p.notes.push_back(std::move(note));
    }
    add_input_notes(p, run);
    return p;
  }
  Plan p = make_plan(smallest_cluster(run.cluster, t, run.options, control), facts, t, run.options);
  add_input_notes(p, run);
  return p;
}

std::vector<std::optional<Plan>> optimize_all(std::span<const Run> runs, const Control& control) {
  std::vector<std::optional<Plan>> plans(runs.size());
  (void)parallel_for(
      runs.size(), [&](std::size_t i) { plans[i] = optimize(runs[i], control); }, control);
  return plans;
}

Plan evaluate(const Run& run, const Layout& layout) {
  validate(run);
  validate(layout);
  const TrainingRun t = resolve(run);
  const u128 n = layout.gpus();
  if (run.cluster.size && static_cast<u128>(*run.cluster.size) != n) {
    throw ConfigError("layout",
                      "uses {} GPUs (dp x tp.model x tp.ff x pp x ep) but the cluster has {}",
                      to_string(n), *run.cluster.size);
  }
  const Evaluation e = evaluate(run.cluster, t, layout, run.options);
  Plan p = make_plan(e, run_facts(run.cluster, t, batch_rule_name(run)), t, run.options);
  add_input_notes(p, run);
  return p;
}

LimitsResult limits(const std::vector<Setting>& settings, const Options& options,
                    const Control& control) {
  Sweeps sweeps = sweep_all(settings, options, control);
  LimitsResult out;
  out.completion = std::move(sweeps.completion);
  out.limits.resize(settings.size());
  for (std::size_t i = 0; i < settings.size(); ++i) {
    const Sweep& sw = sweeps.sweeps[i];
    Limits& l = out.limits[i];
    l.setting = sw.setting;
    l.summary = sw.summary;
    l.stats = sw.stats;
    const std::string rule(enum_name(settings[i].laws.batch.kind));
    for (const SweepPoint& p : sw.points) {
      l.plans.push_back(
          make_plan(p.result, run_facts(settings[i].cluster, p.run, rule), p.run, options));
    }
  }
  return out;
}

// --- text -------------------------------------------------------------------------------------

namespace {
// A count past 2^63, as a scenario writes it: "1.607e60".
std::string short_count(double n) {
  std::string s = fmt::format("{:.4g}", n);
  const auto e = s.find("e+");
  if (e != std::string::npos) s.erase(e + 1, 1);
  return s;
}
}  // namespace

std::string count_text(u128 n) {
  if (n > static_cast<u128>(INT64_MAX)) return short_count(to_double(n));
  const std::string digits = to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string count_text(double n) {
  if (!(n >= 0) || !std::isfinite(n) || n != std::floor(n)) {
    throw ConfigError("", "count_text: expected a whole number >= 0, got {}", n);
  }
  // Past 2^63 a double is beyond int64 (and past 2^128 beyond u128): its own short form.
  if (n >= 0x1p63) return short_count(n);
  return count_text(static_cast<u128>(static_cast<std::int64_t>(n)));
}

std::string big_number(double x) {
  if (x >= 1e15) {
    std::string s = fmt::format("{:.4g}", x);
    const auto e = s.find("e+");
    if (e != std::string::npos) s.erase(e + 1, 1);
    return s;
  }
  constexpr std::array<std::pair<double, const char*>, 4> units{
      {{1e12, "T"}, {1e9, "B"}, {1e6, "M"}, {1e3, "k"}}};
  for (const auto& [scale, name] : units) {
    if (x >= scale) return fmt::format("{:.4g} {}", x / scale, name);
  }
  return fmt::format("{:.4g}", x);
}

std::string layout_text(const Layout& l) {
  std::string s = fmt::format("DP {} x TP {}x{} x PP {} x EP {}, {} microbatch{}", l.dp, l.tp.model,
                              l.tp.ff, l.pp, l.ep, l.microbatches, l.microbatches == 1 ? "" : "es");
  if (l.zero_bubble) {
    s += ", zero-bubble";
  } else if (l.pp > 1) {
    const std::int64_t v = l.interleave.value_or(1);
    s += v > 1 ? fmt::format(", 1F1B, {}-way interleaved", v) : ", 1F1B";
  }
  return s;
}

namespace {

// "68.4%"; a share past 99,999% (a latency a zero-bubble layout does not charge, far longer
// than the batch) in 3 significant digits: "2.19e+25%".
std::string percent(double x) {
  return 100 * x < 1e5 ? fmt::format("{:.1f}%", 100 * x) : fmt::format("{:.3g}%", 100 * x);
}
std::string text(units::Seconds t) { return format_quantity(to_quantity(t)); }

std::string model_line(const RunFacts& r) {
  return fmt::format(
      "d_model {}, d_ff {}, {} layer{}, {}; {} parameters, {} token{}, {}, batch {} token{} ({} "
      "rule)",
      r.d_model, r.d_ff, r.layers, r.layers == 1 ? "" : "s",
      r.experts > 1 ? fmt::format("{} experts", r.experts) : "dense",
      big_number(to_double(r.total_params)), big_number(to_double(r.tokens)),
      to_double(r.tokens) == 1 ? "" : "s", format_quantity(to_quantity(r.train_flop)),
      count_text(static_cast<u128>(r.batch_tokens)), r.batch_tokens == 1 ? "" : "s", r.batch_rule);
}

// The communication the options overlap with the matmuls, per batch (docs/model.md 2.4).
units::Seconds overlapped_comm(const Plan& p) {
  const LayoutCost& c = *p.cost;
  return (p.options.overlap_tp ? c.tp_comm : units::Seconds(0)) +
         (p.options.overlap_pp ? c.pp_ep_comm : units::Seconds(0));
}

// What a summary row says after a field's value when it depends on the options.
std::string_view note_for(const Plan& p, std::string_view field, std::string_view fixed) {
  const Options& o = p.options;
  if (field == "tp_comm") return o.overlap_tp ? "overlapped with the matmuls" : "not overlapped";
  if (field == "pp_ep_comm") return o.overlap_pp ? "overlapped with the matmuls" : "not overlapped";
  if (field == "dp_comm")
    return o.overlap_dp ? "overlapped with the pipeline" : "after the pipeline";
  if (field == "pipeline_latency") {
    if (!p.layout->zero_bubble) return "once per batch";
    if (o.zero_bubble_latency_quirk) return "not charged: zero-bubble, as the paper's code does";
    // Zero-bubble without the quirk: the latency runs beside the matmuls, and costs only what
    // the overlapped communication and it take beyond them (docs/model.md 2.4).
    const LayoutCost& c = *p.cost;
    return overlapped_comm(p) + c.pipeline_latency <= c.compute_time
               ? "hidden behind the matmuls (zero-bubble)"
               : "beside the matmuls, past them (zero-bubble)";
  }
  return fixed;
}

// The rows of "where the time goes": every field of the cost with a summary label.
struct SummaryRows {
  const Plan& plan;
  std::vector<std::string>& lines;
  template <class M>
  void field(const M& m, const Field& f) {
    if (f.label.empty()) return;
    const double per_batch = plan.cost->time_per_batch.value();
    if constexpr (std::is_same_v<M, units::Seconds>) {
      const std::string_view note = note_for(plan, f.name, f.note);
      // A latency the batch does not pay has no share of it (helper-119: 1e6 s of it read
      // "6.2e+09%" beside "not charged").
      const bool unpaid = note.starts_with("not charged") || note.starts_with("hidden behind");
      lines.push_back(fmt::format("  {:<22} {:>11} {:>6}{}", f.label, text(m),
                                  unpaid ? std::string("-") : percent(m.value() / per_batch),
                                  note.empty() ? "" : fmt::format("  {}", note)));
    } else if constexpr (std::is_same_v<M, double>) {  // a fraction of the time
      lines.push_back(fmt::format("  {:<22} {:>11}", f.label, percent(m)));
    }
  }
};

}  // namespace

std::string plan_summary(const Plan& p) {
  std::vector<std::string> lines;
  const RunFacts& r = p.run;
  if (!p.feasible || !p.cost || !p.layout) {
    std::string why;
    for (const auto& v : p.violations) why += (why.empty() ? "" : "; ") + v;
    lines.push_back("infeasible: " + why);
    for (const auto& n : p.notes) lines.push_back("note: " + n);
    lines.push_back("model: " + model_line(r));
  } else {
    const LayoutCost& c = *p.cost;
    lines.push_back(fmt::format("{} x {} GPU{}: {} ({} months) at {} utilization", r.gpu,
                                count_text(p.gpus.value_or(0)), p.gpus.value_or(0) == 1 ? "" : "s",
                                text(c.training_time), months_text(c.months, 3),
                                percent(c.utilization)));
    for (const auto& v : p.violations) lines.push_back("note: " + v);  // not within duration
    for (const auto& n : p.notes) lines.push_back("note: " + n);
    lines.push_back("model: " + model_line(r));
    lines.push_back("layout: " + layout_text(*p.layout));
    if (const auto& s = p.layout->split) {
      std::size_t width = 5;
      for (const auto& name : r.levels) width = std::max(width, name.size());
      for (std::size_t i = 0; i < s->dp.size() && i < r.levels.size(); ++i) {
        lines.push_back(
            fmt::format("  {:<{}}  DP {:<6} TP {:<10} PP {:<6} EP {}", r.levels[i], width, s->dp[i],
                        fmt::format("{}x{}", s->tp_model[i], s->tp_ff[i]), s->pp[i], s->ep[i]));
      }
    }
    lines.push_back(fmt::format("where the time goes, per batch ({}; {} batches):",
                                text(c.time_per_batch), big_number(c.batches)));
    SummaryRows rows{p, lines};
    Description<LayoutCost>::fields(rows, c);
    const units::Seconds overlapped = overlapped_comm(p);
    if (overlapped > c.compute_time) {
      lines.push_back(fmt::format("  bound by communication: overlapped {} > matmuls {}",
                                  text(overlapped), text(c.compute_time)));
    } else {
      lines.push_back(fmt::format("  bound by the matmuls: {} >= overlapped communication {}",
                                  text(c.compute_time), text(overlapped)));
    }
    // One form for both: past the prefixes (1,000 EB) a figure has an exponent, and so does the
    // other then ("6.362e19 B needed of 2.474e22 B", not "63.62 EB needed of 2.474e22 B").
    const double need = c.memory_required.value(), have = c.memory_available.value();
    const bool exponent = std::max(std::fabs(need), std::fabs(have)) >= 1e21;
    const auto bytes = [&](double b, const units::Bytes& q) {
      return exponent ? format_number(b) + " B" : format_quantity(to_quantity(q));
    };
    lines.push_back(fmt::format("memory: {} needed of {}", bytes(need, c.memory_required),
                                bytes(have, c.memory_available)));
  }
  std::string out;
  for (const auto& l : lines) out += (out.empty() ? "" : "\n") + l;
  return out;
}

}  // namespace dml
