// The questions a scenario asks, as the core answers them: a declared run (dml.run), and the
// plan that answers "what is the fastest layout of this run" or "how fast is this layout".
//
//   Run run{.model = {.d_model = 12288}, .cluster = h100};
//   Plan plan = optimize(run);       // the smallest cluster that trains it in time
//   plan.gpus == 2048; plan.cost->utilization ~ 0.699
//   Plan one = evaluate(run, Layout{.tp = {4, 8}, .pp = 64, .microbatches = 128});
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dml/describe.hpp"
#include "dml/evaluate.hpp"
#include "dml/hardware.hpp"
#include "dml/layout.hpp"
#include "dml/parallel.hpp"
#include "dml/search.hpp"
#include "dml/workload.hpp"

namespace dml {

// What is trained, on what, with which batch and time budget (dml.run).
struct Run {
  MlpStack model{};
  Cluster cluster{};                           // with a size: optimize() searches only that N
  std::optional<BatchRule::Kind> batch{};      // the batch rule; unset: the paper's, unless ...
  std::optional<std::int64_t> batch_tokens{};  // ... the global batch is given in tokens
  std::int64_t seq_len = 2048;                 // tokens per sequence
  std::optional<double> tokens_per_param{};    // dataset = this x total parameters; unset: 20
                                               // (Chinchilla), unless ...
  std::optional<double> tokens{};              // ... the tokens to train are given
  std::optional<units::Seconds> duration{};    // time budget; unset: the paper's 0.25 years
  Options options{};                           // the paper's fixed knobs
};

// The run the cost model trains: the batch from its rule (docs/model.md 1.4), the duration.
[[nodiscard]] TrainingRun resolve(const Run& run);
// "paper", "fixed", "deepseek" or "given" (batch_tokens).
[[nodiscard]] std::string batch_rule_name(const Run& run);

// The facts of a run that a plan reports.
struct RunFacts {
  std::string gpu{};                  // the GPU's name
  std::vector<std::string> levels{};  // the network levels' names, innermost first
  std::int64_t d_model = 0;           // D
  std::int64_t d_ff = 0;              // F
  std::int64_t layers = 0;            // L
  std::int64_t experts = 1;           // E
  u128 total_params = 0;              // 2 D F L E
  u128 active_params = 0;             // 2 D F L
  std::int64_t batch_tokens = 0;      // the global batch
  std::int64_t seq_len = 0;           // tokens per sequence
  std::string batch_rule{};           // "paper", "fixed", "deepseek" or "given"
  u128 tokens = 0;                    // the dataset
  units::Flop train_flop{};           // C = 6 x active parameters x tokens
  units::Seconds duration{};          // the time budget
};
[[nodiscard]] RunFacts run_facts(const Cluster& cluster, const TrainingRun& run,
                                 std::string batch_rule);

// The answer to optimize() or evaluate(): a layout, its cost, and why it cannot run.
struct Plan {
  bool feasible = false;                  // the layout can run (optimize without a fixed size:
                                          // some cluster trains the run within its duration)
  bool within_duration = false;           // feasible, and the run ends within its duration
  std::vector<std::string> violations{};  // why not, when not feasible or not within duration
  std::vector<std::string> notes{};       // what to read the answer with (a forced EP degree)
  std::optional<u128> gpus{};             // N, when known
  std::optional<Layout> layout{};         // the layout, when one was costed
  std::optional<LayoutCost> cost{};       // its times and sizes
  RunFacts run{};                         // what was trained
  Options options{};                      // with which knobs
  SearchStats stats{};                    // how much searching it took
};

// Text of plans, as print() shows them.
[[nodiscard]] std::string count_text(u128 n);  // 2048 -> "2,048"; 2^63 and past: "9.223e18"
// The same of a double (whole, >= 0, finite; a ConfigError otherwise): 2^200 -> "1.607e60".
[[nodiscard]] std::string count_text(double n);
[[nodiscard]] std::string big_number(double x);          // 2.319e11 -> "231.9 B"; 1e15 up "1e15"
[[nodiscard]] std::string layout_text(const Layout& l);  // "DP 1 x TP 4x8 x PP 64 x EP 1, ..."
[[nodiscard]] std::string plan_summary(const Plan& p);

// A plan from the core's results.
[[nodiscard]] Plan make_plan(const Evaluation& e, const RunFacts& facts, const TrainingRun& run,
                             const Options& options, const SearchStats& stats = {});
[[nodiscard]] Plan make_plan(const LayoutSearch& s, const RunFacts& facts, const TrainingRun& run,
                             const Options& options, u128 gpus);
[[nodiscard]] Plan make_plan(const ClusterSearch& s, const RunFacts& facts, const TrainingRun& run,
                             const Options& options);

// Why the search's EP degree on `gpus` GPUs, gcd(gpus, experts), is below the experts: the
// degrees allowed and the next cluster size the levels divide that allows EP = experts; "" when
// EP = experts.
[[nodiscard]] std::string expert_parallel_note(const Cluster& cluster, std::int64_t experts,
                                               u128 gpus);

// The fastest layout of a run: on run.cluster.size GPUs when it is set, else on the smallest
// cluster that trains the run within its duration (docs/model.md 4.1, 4.2). On a given size
// whose EP degree is below the experts, the plan's notes say why (expert_parallel_note).
// control.cancelled stops the search (it throws Cancelled).
[[nodiscard]] Plan optimize(const Run& run, const Control& control = {});
// optimize() of many runs, on all cores; a run that control.cancelled stopped is nullopt.
[[nodiscard]] std::vector<std::optional<Plan>> optimize_all(std::span<const Run> runs,
                                                            const Control& control = {});
// One given layout. A layout whose degrees do not split the model (pp does not divide the
// layers, ...) or that does not use run.cluster.size GPUs is a ConfigError naming the field; a
// layout that cannot run on the hardware is an infeasible plan with its reasons.
[[nodiscard]] Plan evaluate(const Run& run, const Layout& layout);

// The limits of settings (dml.limits): each setting swept over the paper's d_model grid.
struct Limits {
  std::string setting{};      // its name
  std::vector<Plan> plans{};  // one per width tried, in order
  Summary summary{};
  SearchStats stats{};
};
struct LimitsResult {
  std::vector<Limits> limits{};  // one per setting, in order (empty where cancelled)
  Completion completion{};
};
[[nodiscard]] LimitsResult limits(const std::vector<Setting>& settings, const Options& options,
                                  const Control& control = {});

// --- descriptions ----------------------------------------------------------------------------

template <>
struct Description<Run> {
  static constexpr std::string_view name = "run";
  static constexpr std::string_view title = "a training run";
  static constexpr std::string_view doc =
      "What is trained, on what, with which batch and time budget.";
  template <class V, class S>
  static void fields(V& v, S& r) {
    v.field(r.model, {.name = "model", .doc = "the model (dml.mlp_stack)", .required = true});
    v.field(r.cluster, {.name = "cluster", .doc = "the hardware (dml.cluster)", .required = true});
    v.field(r.batch, {.name = "batch",
                      .doc = "batch rule: the paper's default (4 Mi tokens at 3e23 FLOP, growing "
                             "as C^(1/6) and sqrt(E)), fixed 4 Mi tokens, or DeepSeek's fit",
                      .default_text = "\"paper\", unless batch_tokens is given",
                      .alternative = "batch_tokens"});
    v.field(r.batch_tokens, {.name = "batch_tokens",
                             .doc = "the global batch in tokens, instead of the rule (a multiple "
                                    "of seq_len)",
                             .min = 1,
                             .max = kMaxBatchTokens,
                             .count_of = "tokens",
                             .example = "4194304 tokens",
                             .alternative = "batch"});
    v.field(r.seq_len,
            {.name = "seq_len",
             .doc = "tokens per sequence; in the paper's model it sets only the batch's "
                    "granularity (whole sequences): attention is not modelled (dml.transformer "
                    "models it)",
             .min = 1,
             .max = kMaxSeqLen});
    v.field(r.tokens_per_param,
            {.name = "tokens_per_param",
             .doc = "dataset size: this many tokens per (total) parameter, any positive number; "
                    "20 is Chinchilla's rule",
             .min = 0,
             .above = true,
             .max = 1e9,
             .default_text = "20, unless tokens is given",
             .alternative = "tokens"});
    v.field(r.tokens, {.name = "tokens",
                       .doc = "the dataset in tokens, instead of tokens_per_param (rounded to a "
                              "whole token)",
                       .min = 1,
                       .max = kMaxTokens,
                       .count_of = "tokens",
                       .default_text = "tokens_per_param x the parameters",
                       .alternative = "tokens_per_param"});
    v.field(r.duration, {.name = "duration",
                         .doc = "time budget of the run",
                         .min = 1,
                         .default_text = "\"3 months\", the paper's 0.25 years of 3.154e7 s "
                                         "(about 91.3 days)",
                         .example = "90 days"});
    v.field(r.options, {.name = "options", .doc = "the paper's fixed knobs (dml.options)"});
  }
  // batch_tokens is a whole number of sequences, and not given with a batch rule; tokens is not
  // given with tokens_per_param.
  static void check(const Run& r, const std::string& path);
};

template <>
struct Description<RunFacts> {
  static constexpr bool result = true;
  static constexpr std::string_view name = "run_facts";
  static constexpr std::string_view title = "the facts of a run";
  static constexpr std::string_view doc = "What a plan trained: the model, its data and budget.";
  template <class V, class S>
  static void fields(V& v, S& f) {
    v.field(f.gpu, {.name = "gpu", .doc = "the GPU's name"});
    v.field(f.levels, {.name = "levels", .doc = "the network levels' names, innermost first"});
    v.field(f.d_model, {.name = "d_model", .doc = "D: model width"});
    v.field(f.d_ff, {.name = "d_ff", .doc = "F: hidden width of each MLP"});
    v.field(f.layers, {.name = "layers", .doc = "L: number of blocks"});
    v.field(f.experts, {.name = "experts", .doc = "E: experts per layer"});
    v.field(f.total_params, {.name = "total_params", .doc = "parameters, all experts"});
    v.field(f.active_params, {.name = "active_params", .doc = "parameters a token passes through"});
    v.field(f.batch_tokens, {.name = "batch_tokens", .doc = "the global batch in tokens"});
    v.field(f.seq_len, {.name = "seq_len", .doc = "tokens per sequence"});
    v.field(f.batch_rule,
            {.name = "batch_rule", .doc = "\"paper\", \"fixed\", \"deepseek\" or \"given\""});
    v.field(f.tokens, {.name = "tokens", .doc = "the dataset in tokens"});
    v.field(f.train_flop,
            {.name = "train_flop", .doc = "training compute: 6 x active parameters x tokens"});
    v.field(f.duration, {.name = "duration", .doc = "the run's time budget"});
  }
};

template <>
struct Description<Plan> {
  static constexpr bool result = true;
  static constexpr std::string_view name = "plan";
  static constexpr std::string_view title = "a plan";
  static constexpr std::string_view doc =
      "The answer of dml.optimize and dml.evaluate: a layout, where its time goes, and why it "
      "cannot run when it cannot.";
  template <class V, class S>
  static void fields(V& v, S& p) {
    v.field(p.run, {.name = "run", .doc = "what was trained", .flatten = true});
    v.field(p.feasible, {.name = "feasible",
                         .doc = "the layout can run (evaluate, or optimize on a given cluster "
                                "size); for optimize without a size, some cluster trains the run "
                                "within its duration"});
    v.field(p.within_duration,
            {.name = "within_duration",
             .doc = "feasible, and training_time is within the run's duration (on a given "
                    "cluster size the fastest layout may still take longer)"});
    v.field(p.violations,
            {.name = "violations",
             .doc = "why not: why the layout cannot run, or, when it runs but not within the "
                    "run's duration, how long it takes"});
    v.field(p.notes, {.name = "notes",
                      .doc = "what to read the answer with: on a given cluster size, why the "
                             "expert-parallel degree is below the experts (which degrees the "
                             "size allows, and the next size that allows EP = experts)"});
    v.field(p.gpus, {.name = "gpus", .doc = "number of GPUs (an integer; a float past 2^63)"});
    v.field(p.cost, {.name = "cost", .doc = "the layout's cost", .inline_record = true});
    v.field(p.layout, {.name = "layout",
                       .doc = "the layout, with its per-level split and interleave filled in",
                       .flatten = true});
    v.field(p.options, {.name = "options", .doc = "the knobs it was costed with"});
    v.field(p.stats, {.name = "stats", .doc = "how much searching it took"});
  }
  static std::string summary(const Plan& p) { return plan_summary(p); }
};

template <>
struct Description<Limits> {
  static constexpr bool result = true;
  static constexpr std::string_view name = "limits";
  static constexpr std::string_view title = "the limits of a setting";
  static constexpr std::string_view doc =
      "A setting swept over the paper's d_model grid (docs/model.md 1.5). In Lua it also has "
      "`points`: its plans as a dml.table, one row per width in the columns of a plan.";
  template <class V, class S>
  static void fields(V& v, S& l) {
    v.field(l.setting, {.name = "setting", .doc = "the setting's name"});
    v.field(l.plans, {.name = "plans", .doc = "one plan per width tried, in order"});
    v.field(l.summary, {.name = "summary", .doc = "the paper's summaries"});
    v.field(l.stats, {.name = "stats", .doc = "how much searching it took"});
  }
};

}  // namespace dml
