// The paper's model in Lua: reading runs and layouts into the core's structs,
// and pushing its results back as plain Lua tables (the stdlib's dml.plan
// gives them a summary and the save/plot protocol).
#include "bind_model.hpp"

#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <functional>
#include <limits>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "bind_quantity.hpp"
#include "dml/error.hpp"
#include "dml/latency_wall.hpp"
#include "dml/search.hpp"
#include "table_reader.hpp"

namespace dml::lua {
namespace {

// --- reading --------------------------------------------------------------------------------

Gpu read_gpu(const TableReader& r) {
  Gpu g;
  g.name = r.optional_string("name").value_or("");
  g.bitwidth = static_cast<int>(r.count_or("bitwidth", 16, 64));
  r.with("flop_per_clock_per_thread", [&](const TableReader& p) {
    g.flop_per_clock_per_thread.fp16 = p.optional_number("fp16").value_or(0);
    g.flop_per_clock_per_thread.fp32 = p.optional_number("fp32").value_or(0);
    g.flop_per_clock_per_thread.fp8 = p.optional_number("fp8").value_or(0);
  });
  g.sms = r.count("sms");
  g.clock = units::Hertz(r.quantity("clock", kFrequency).value);
  g.effective_utilization = r.number("effective_utilization");
  g.hbm_bandwidth = units::BytesPerSecond(r.quantity("hbm_bandwidth", kBandwidth).value);
  g.hbm_capacity = units::Bytes(r.quantity("hbm_capacity", kBytes).value);
  g.l2_bandwidth = units::BytesPerSecond(r.quantity("l2_bandwidth", kBandwidth).value);
  g.l2_size = units::Bytes(r.quantity("l2_size", kBytes).value);
  g.register_file = units::Bytes(
      r.optional_quantity("register_file", kBytes).value_or(Quantity{65536.0, kBytes}).value);
  if (auto smem = r.optional_quantity("shared_memory_bandwidth", kBandwidth)) {
    g.shared_memory_bandwidth = units::BytesPerSecond(smem->value);
  }
  g.dsmem = r.optional_boolean("dsmem").value_or(false);
  g.matmul_latency = units::Seconds(
      r.optional_quantity("matmul_latency", kTime).value_or(Quantity{4.5e-6, kTime}).value);
  g.tensor_core_granule = r.count_or("tensor_core_granule", 8);
  return g;
}

ClusterSpec read_cluster(const TableReader& r) {
  ClusterSpec c;
  c.cluster.gpu = r.with("gpu", [](const TableReader& g) { return read_gpu(g); });
  r.each("levels", [&](const TableReader& l, std::int64_t) {
    NetworkLevel level;
    level.name = l.optional_string("name").value_or("");
    level.size = l.has("size") ? l.count("size") : 0;
    level.bandwidth = units::BytesPerSecond(l.quantity("bandwidth", kBandwidth).value);
    level.latency = units::Seconds(l.quantity("latency", kTime).value);
    c.cluster.levels.push_back(std::move(level));
  });
  if (r.has("size")) c.gpus = r.count("size");
  validate(c.cluster, r.path());
  return c;
}

BatchRule::Kind batch_kind(const std::string& name, const std::string& path) {
  if (name == "paper") return BatchRule::Kind::kPaper;
  if (name == "fixed") return BatchRule::Kind::kFixed;
  if (name == "deepseek") return BatchRule::Kind::kDeepSeek;
  throw ConfigError(path, R"(expected one of "paper", "fixed", "deepseek", got "{}")", name);
}

Options read_options(const TableReader& r, Options o) {
  o.overlap.tp = r.optional_boolean("overlap_tp").value_or(o.overlap.tp);
  o.overlap.pp = r.optional_boolean("overlap_pp").value_or(o.overlap.pp);
  o.overlap.dp = r.optional_boolean("overlap_dp").value_or(o.overlap.dp);
  o.allow_zero_bubble = r.optional_boolean("zero_bubble").value_or(o.allow_zero_bubble);
  o.interleaving = r.optional_boolean("interleaving").value_or(o.interleaving);
  o.zero_bubble_latency_quirk =
      r.optional_boolean("zero_bubble_latency_quirk").value_or(o.zero_bubble_latency_quirk);
  o.microbatch_candidates =
      static_cast<int>(r.count_or("microbatch_candidates", o.microbatch_candidates, INT_MAX));
  o.zero_bubble_microbatch_candidates = static_cast<int>(r.count_or(
      "zero_bubble_microbatch_candidates", o.zero_bubble_microbatch_candidates, INT_MAX));
  o.optimizer_words_per_param =
      r.optional_number("optimizer_words_per_param").value_or(o.optimizer_words_per_param);
  o.max_doublings = static_cast<int>(r.count_or("max_doublings", o.max_doublings, 100));
  if (auto d = r.optional_quantity("duration", kTime)) o.duration_years = d->value / o.seconds_in_year;
  return o;
}

MlpStack read_model(const TableReader& r) {
  MlpStack m;
  m.d_model = r.count("d_model");
  m.d_ff = r.has("d_ff") ? r.count("d_ff") : checked_int64_mul(4, m.d_model, r.path("d_ff"));
  m.layers = r.has("layers") ? r.count("layers") : layers_for(DepthLaw{}, m.d_model, m.d_ff);
  m.experts = r.count_or("experts", 1);
  return m;
}

}  // namespace

std::int64_t checked_int64_mul(std::int64_t a, std::int64_t b, const std::string& path) {
  std::int64_t out = 0;
  if (__builtin_mul_overflow(a, b, &out)) {
    throw ConfigError(path, "{} x {} does not fit in a 64-bit integer", a, b);
  }
  return out;
}

RunSpec read_run(lua_State* L, int idx, const std::string& path) {
  const TableReader r(L, idx, path);
  RunSpec spec;
  const ClusterSpec c = r.with("cluster", [](const TableReader& t) { return read_cluster(t); });
  spec.cluster = c.cluster;
  spec.gpus = c.gpus;
  spec.run.model = r.with("model", [](const TableReader& t) { return read_model(t); });
  spec.run.seq_len = r.count_or("seq_len", 2048);
  spec.run.tokens_per_param = r.count_or("tokens_per_param", 20);
  if (r.has("options")) {
    spec.options = r.with("options", [](const TableReader& t) { return read_options(t, {}); });
  }
  if (auto d = r.optional_quantity("duration", kTime)) {
    spec.options.duration_years = d->value / spec.options.seconds_in_year;
  }
  spec.batch_rule = r.optional_string("batch").value_or("paper");
  if (r.has("batch_tokens")) {
    const std::int64_t tokens = r.count("batch_tokens");
    if (tokens % spec.run.seq_len != 0) {
      throw ConfigError(r.path("batch_tokens"), "{} is not a whole number of {}-token sequences",
                        tokens, spec.run.seq_len);
    }
    spec.run.batch_sequences = tokens / spec.run.seq_len;
    spec.batch_rule = "given";
  } else {
    BatchRule rule;
    rule.kind = batch_kind(spec.batch_rule, r.path("batch"));
    spec.run.batch_sequences =
        batch_sequences_for(rule, train_flop(spec.run), spec.run.seq_len, spec.run.model.experts);
  }
  validate(spec.run, path);
  validate(spec.options, path + ".options");
  return spec;
}

Layout read_layout(lua_State* L, int idx, const std::string& path) {
  const TableReader r(L, idx, path);
  Layout l;
  l.dp = r.count_or("dp", 1);
  if (r.has("tp")) {
    r.with("tp", [&](const TableReader& tp) {
      if (lua_rawlen(L, -1) > 0) {
        throw ConfigError(tp.path(), "expected { model = ..., ff = ... } (dml.layout turns {{ 4, 8 }} into it)");
      }
      l.tp.model = tp.count_or("model", 1);
      l.tp.ff = tp.count_or("ff", 1);
    });
  }
  l.pp = r.count_or("pp", 1);
  l.ep = r.count_or("ep", 1);
  l.microbatches = r.count_or("microbatches", 1);
  l.zero_bubble = r.optional_boolean("zero_bubble").value_or(false);
  l.interleave = r.count_or("interleave", 0);
  if (r.has("split")) {
    l.split = r.with("split", [](const TableReader& s) {
      LevelSplit split;
      split.dp = s.optional_integers("dp").value_or(std::vector<std::int64_t>{});
      split.tp_model = s.optional_integers("tp_model").value_or(std::vector<std::int64_t>{});
      split.tp_ff = s.optional_integers("tp_ff").value_or(std::vector<std::int64_t>{});
      split.pp = s.optional_integers("pp").value_or(std::vector<std::int64_t>{});
      split.ep = s.optional_integers("ep").value_or(std::vector<std::int64_t>{});
      return split;
    });
  }
  return l;
}

// --- pushing --------------------------------------------------------------------------------

void push_count(lua_State* L, u128 n) {
  if (n <= static_cast<u128>(std::numeric_limits<lua_Integer>::max())) {
    lua_pushinteger(L, static_cast<lua_Integer>(n));
  } else {
    lua_pushnumber(L, to_double(n));  // past 2^63: the nearest double (exact for experts x 2^i)
  }
}

namespace {

void set_integer(lua_State* L, const char* key, std::int64_t v) {
  lua_pushinteger(L, v);
  lua_setfield(L, -2, key);
}
void set_number(lua_State* L, const char* key, double v) {
  lua_pushnumber(L, v);
  lua_setfield(L, -2, key);
}
void set_bool(lua_State* L, const char* key, bool v) {
  lua_pushboolean(L, v ? 1 : 0);
  lua_setfield(L, -2, key);
}
void set_string(lua_State* L, const char* key, const std::string& v) {
  lua_pushlstring(L, v.data(), v.size());
  lua_setfield(L, -2, key);
}
void set_quantity(lua_State* L, const char* key, double v, Dimension d) {
  push_quantity(L, Quantity{v, d});
  lua_setfield(L, -2, key);
}
void set_counts(lua_State* L, const char* key, const std::vector<std::int64_t>& v) {
  lua_createtable(L, static_cast<int>(v.size()), 0);
  for (size_t i = 0; i < v.size(); ++i) {
    lua_pushinteger(L, v[i]);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_setfield(L, -2, key);
}
void set_strings(lua_State* L, const char* key, const std::vector<std::string>& v) {
  lua_createtable(L, static_cast<int>(v.size()), 0);
  for (size_t i = 0; i < v.size(); ++i) {
    lua_pushlstring(L, v[i].data(), v[i].size());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_setfield(L, -2, key);
}

void push_layout(lua_State* L, const Layout& l) {
  lua_createtable(L, 0, 8);
  set_integer(L, "dp", l.dp);
  lua_createtable(L, 0, 2);
  set_integer(L, "model", l.tp.model);
  set_integer(L, "ff", l.tp.ff);
  lua_setfield(L, -2, "tp");
  set_integer(L, "pp", l.pp);
  set_integer(L, "ep", l.ep);
  set_integer(L, "microbatches", l.microbatches);
  set_bool(L, "zero_bubble", l.zero_bubble);
  set_integer(L, "interleave", l.interleave);
  if (l.split) {
    lua_createtable(L, 0, 5);
    set_counts(L, "dp", l.split->dp);
    set_counts(L, "tp_model", l.split->tp_model);
    set_counts(L, "tp_ff", l.split->tp_ff);
    set_counts(L, "pp", l.split->pp);
    set_counts(L, "ep", l.split->ep);
    lua_setfield(L, -2, "split");
  }
}

void push_stats(lua_State* L, const SearchStats& s) {
  lua_createtable(L, 0, 4);
  set_number(L, "clusters_searched", static_cast<double>(s.clusters_searched));
  set_number(L, "branches", static_cast<double>(s.branches));
  set_number(L, "branches_pruned", static_cast<double>(s.branches_pruned));
  set_number(L, "layouts_evaluated", static_cast<double>(s.layouts_evaluated));
  lua_setfield(L, -2, "stats");
}

}  // namespace

void push_run_facts(lua_State* L, const RunSpec& spec) {
  const TrainingRun& run = spec.run;
  lua_createtable(L, 0, 12);
  set_integer(L, "d_model", run.model.d_model);
  set_integer(L, "d_ff", run.model.d_ff);
  set_integer(L, "layers", run.model.layers);
  set_integer(L, "experts", run.model.experts);
  set_number(L, "total_params", to_double(total_params(run.model)));
  set_number(L, "active_params", to_double(active_params(run.model)));
  set_integer(L, "batch_tokens", batch_tokens(run));
  set_integer(L, "seq_len", run.seq_len);
  set_string(L, "batch_rule", spec.batch_rule);
  set_number(L, "tokens", to_double(dataset_tokens(run)));
  set_quantity(L, "train_flop", train_flop(run), kFlop);
  set_quantity(L, "duration", spec.options.duration_years * spec.options.seconds_in_year, kTime);
  set_bool(L, "zero_bubble_latency_quirk", spec.options.zero_bubble_latency_quirk);
  set_bool(L, "overlap_tp", spec.options.overlap.tp);
  set_bool(L, "overlap_pp", spec.options.overlap.pp);
  set_bool(L, "overlap_dp", spec.options.overlap.dp);
  lua_setfield(L, -2, "run");
}

void push_evaluation(lua_State* L, const Evaluation& e, const Options& o) {
  set_bool(L, "feasible", e.feasible);
  set_bool(L, "within_duration",
           e.feasible && e.training_time.value() / o.seconds_in_year < o.duration_years);
  set_strings(L, "violations", e.violations);
  push_count(L, e.gpus);
  lua_setfield(L, -2, "gpus");
  push_layout(L, e.layout);
  lua_setfield(L, -2, "layout");
  set_quantity(L, "arithmetic_time", e.arithmetic_time.value(), kTime);
  set_quantity(L, "compute_time", e.compute_time.value(), kTime);
  set_quantity(L, "tp_comm", e.tp_comm.value(), kTime);
  set_quantity(L, "pp_ep_comm", e.pp_ep_comm.value(), kTime);
  set_quantity(L, "dp_comm", e.dp_comm.value(), kTime);
  set_quantity(L, "tp_latency", e.tp_latency.value(), kTime);
  set_quantity(L, "pp_ep_latency", e.pp_ep_latency.value(), kTime);
  set_quantity(L, "dp_latency", e.dp_latency.value(), kTime);
  set_number(L, "bubble_fraction", e.bubble_fraction);
  set_quantity(L, "pipeline_time", e.pipeline_time.value(), kTime);
  set_quantity(L, "time_per_batch", e.time_per_batch.value(), kTime);
  set_number(L, "batches", e.batches);
  set_quantity(L, "training_time", e.training_time.value(), kTime);
  set_number(L, "months", e.months);
  set_number(L, "utilization", e.utilization);
  set_quantity(L, "memory_required", e.memory_required.value(), kBytes);
  set_quantity(L, "memory_available", e.memory_available.value(), kBytes);
  set_quantity(L, "tp_comm_total", e.tp_comm_total.value(), kTime);
  set_quantity(L, "pp_ep_comm_total", e.pp_ep_comm_total.value(), kTime);
  set_quantity(L, "dp_comm_total", e.dp_comm_total.value(), kTime);
  set_quantity(L, "latency_total", e.latency_total.value(), kTime);
}

void push_cluster_search(lua_State* L, const ClusterSearch& s, const RunSpec& spec) {
  lua_createtable(L, 0, 40);
  push_run_facts(L, spec);
  if (s.feasible) {
    push_evaluation(L, s.best, spec.options);
  } else {
    set_bool(L, "feasible", false);
    set_bool(L, "within_duration", false);
    set_strings(L, "violations", s.reasons);
  }
  push_stats(L, s.stats);
}

void push_layout_search(lua_State* L, const LayoutSearch& s, const RunSpec& spec) {
  lua_createtable(L, 0, 40);
  push_run_facts(L, spec);
  if (s.found) {
    push_evaluation(L, s.best, spec.options);
  } else {
    set_bool(L, "feasible", false);
    set_bool(L, "within_duration", false);
    set_strings(L, "violations", s.reasons);
    push_count(L, static_cast<u128>(*spec.gpus));
    lua_setfield(L, -2, "gpus");
  }
  push_stats(L, s.stats);
}

// --- running many searches on all cores -----------------------------------------------------

namespace {

// Ctrl-C during sweeps: the handler counts signals; a sweep compares the count with the one
// it started with, so sweeps in two threads (two embedded interpreters) do not clear each
// other's interruption. The handler is installed while at least one sweep runs.
std::atomic<unsigned> g_sigints{0};
std::mutex g_handler_mutex;
int g_sweeps_running = 0;
struct sigaction g_previous_handler {};
extern "C" void on_sigint(int) { g_sigints.fetch_add(1); }

class SigintScope {
 public:
  SigintScope() {
    const std::lock_guard lock(g_handler_mutex);
    if (g_sweeps_running++ == 0) {
      struct sigaction action {};
      action.sa_handler = on_sigint;
      sigemptyset(&action.sa_mask);
      sigaction(SIGINT, &action, &g_previous_handler);
    }
    start_ = g_sigints.load();
  }
  ~SigintScope() {
    const std::lock_guard lock(g_handler_mutex);
    if (--g_sweeps_running == 0) sigaction(SIGINT, &g_previous_handler, nullptr);
  }
  SigintScope(const SigintScope&) = delete;
  SigintScope& operator=(const SigintScope&) = delete;
  [[nodiscard]] bool interrupted() const { return g_sigints.load() != start_; }

 private:
  unsigned start_ = 0;
};

// Shows "label: done/total" on stderr when it is a terminal and the work has taken over a second.
class Progress {
 public:
  Progress(std::string label, size_t total)
      : label_(std::move(label)), total_(total), tty_(isatty(STDERR_FILENO) != 0),
        start_(std::chrono::steady_clock::now()) {}
  void update(size_t done) {
    if (!tty_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - start_ < std::chrono::seconds(1) || now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    shown_ = true;
    std::fprintf(stderr, "\r%s: %zu/%zu (Ctrl-C stops and keeps what is done)", label_.c_str(), done,
                 total_);
    std::fflush(stderr);
  }
  ~Progress() {
    if (shown_) std::fprintf(stderr, "\r\033[K");
  }

 private:
  std::string label_;
  size_t total_;
  bool tty_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_{};
};

}  // namespace

ParallelResult parallel_for(size_t n, const std::string& label,
                            const std::function<void(size_t)>& body) {
  ParallelResult result;
  result.finished.assign(n, 0);
  if (n == 0) return result;
  const SigintScope sigint;
  std::atomic<size_t> next{0};
  std::atomic<size_t> done{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex error_mutex;
  const unsigned threads = std::max(
      1u, std::min<unsigned>(std::thread::hardware_concurrency(), static_cast<unsigned>(n)));
  {
    Progress progress(label, n);
    std::vector<std::jthread> workers;
    workers.reserve(threads);
    for (unsigned t = 0; t < threads; ++t) {
      workers.emplace_back([&] {
        for (;;) {
          if (failed.load() || sigint.interrupted()) return;
          const size_t i = next.fetch_add(1);
          if (i >= n) return;
          try {
            body(i);
          } catch (...) {
            const std::lock_guard lock(error_mutex);
            if (!error) error = std::current_exception();
            failed.store(true);  // the other workers stop too
            return;
          }
          result.finished[i] = 1;  // each index is written by one worker only
          done.fetch_add(1);
        }
      });
    }
    while (done.load() < n && !sigint.interrupted() && !failed.load()) {
      progress.update(done.load());
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }  // joins the workers
  if (error) std::rethrow_exception(error);
  result.interrupted = sigint.interrupted() && done.load() < n;
  return result;
}


}  // namespace dml::lua

// --- the Lua functions ----------------------------------------------------------------------

namespace dml::lua {
namespace {

// A degree of a user's layout that does not divide what it splits is an impossible value, an
// error naming the field (the core reports it as an infeasible layout, for searches).
void check_layout_fits(const RunSpec& spec, const Layout& l) {
  const MlpStack& m = spec.run.model;
  const std::int64_t tokens = batch_tokens(spec.run);
  auto require = [](bool ok, const char* field, const std::string& message) {
    if (!ok) throw ConfigError(field, message);
  };
  require(m.d_model % l.tp.model == 0, "layout.tp.model",
          fmt::format("{} does not divide the model's d_model = {}", l.tp.model, m.d_model));
  require(m.d_ff % l.tp.ff == 0, "layout.tp.ff",
          fmt::format("{} does not divide the model's d_ff = {}", l.tp.ff, m.d_ff));
  require(m.layers % l.pp == 0, "layout.pp",
          fmt::format("{} does not divide the model's {} layers", l.pp, m.layers));
  require(m.experts % l.ep == 0, "layout.ep",
          fmt::format("{} does not divide the model's {} experts", l.ep, m.experts));
  require(tokens % l.dp == 0, "layout.dp",
          fmt::format("{} does not divide the batch of {} tokens", l.dp, tokens));
  const std::int64_t per_replica = tokens / (l.dp * m.experts);
  require(per_replica > 0 && per_replica % l.microbatches == 0, "layout.microbatches",
          fmt::format("{} does not divide the {} tokens per replica and expert", l.microbatches,
                      per_replica));
  if (l.interleave > 0) {
    require((m.layers / l.pp) % l.interleave == 0, "layout.interleave",
            fmt::format("{} does not divide the {} layers per pipeline stage", l.interleave,
                        m.layers / l.pp));
  }
}

// core.evaluate(run, layout) -> result table
int l_evaluate(lua_State* L) {
  return guarded(L, [&] {
    const RunSpec spec = read_run(L, 1);
    const Layout layout = read_layout(L, 2);
    check_layout_fits(spec, layout);
    const u128 n = layout.gpus();
    if (spec.gpus && static_cast<u128>(*spec.gpus) != n) {
      throw ConfigError("layout", "uses {} GPUs (dp x tp.model x tp.ff x pp x ep) but the cluster has {}",
                        to_string(n), *spec.gpus);
    }
    const Evaluation e = evaluate(spec.cluster, spec.run, layout, spec.options);
    lua_createtable(L, 0, 40);
    push_run_facts(L, spec);
    push_evaluation(L, e, spec.options);
    return 1;
  });
}

// core.optimize(run) -> result table: the fastest layout on run.cluster.size GPUs, or on the
// smallest cluster that meets the duration when the size is not given.
int l_optimize(lua_State* L) {
  return guarded(L, [&] {
    const RunSpec spec = read_run(L, 1);
    if (spec.gpus) {
      push_layout_search(L, optimal_layout(spec.cluster, spec.run, static_cast<u128>(*spec.gpus),
                                           spec.options),
                         spec);
    } else {
      push_cluster_search(L, smallest_cluster(spec.cluster, spec.run, spec.options), spec);
    }
    return 1;
  });
}

// core.optimize_many({run, ...}[, label]) -> {result or false, ...}, interrupted
int l_optimize_many(lua_State* L) {
  return guarded(L, [&] {
    luaL_checktype(L, 1, LUA_TTABLE);
    const std::string label = luaL_optstring(L, 2, "sweep");
    const auto n = static_cast<size_t>(luaL_len(L, 1));
    std::vector<RunSpec> specs;
    specs.reserve(n);
    for (size_t i = 1; i <= n; ++i) {
      lua_geti(L, 1, static_cast<lua_Integer>(i));
      specs.push_back(read_run(L, -1, fmt::format("runs[{}]", i)));
      lua_pop(L, 1);
    }
    std::vector<LayoutSearch> layouts(n);
    std::vector<ClusterSearch> clusters(n);
    const ParallelResult ran = parallel_for(n, label, [&](size_t i) {
      const RunSpec& s = specs[i];
      if (s.gpus) {
        layouts[i] = optimal_layout(s.cluster, s.run, static_cast<u128>(*s.gpus), s.options);
      } else {
        clusters[i] = smallest_cluster(s.cluster, s.run, s.options);
      }
    });
    lua_createtable(L, static_cast<int>(n), 0);
    for (size_t i = 0; i < n; ++i) {
      if (ran.finished[i] == 0) {
        lua_pushboolean(L, 0);
      } else if (specs[i].gpus) {
        push_layout_search(L, layouts[i], specs[i]);
      } else {
        push_cluster_search(L, clusters[i], specs[i]);
      }
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    lua_pushboolean(L, ran.interrupted ? 1 : 0);
    return 2;
  });
}

void set_optional_flop(lua_State* L, const char* key, const std::optional<double>& v) {
  if (v) set_quantity(L, key, *v, kFlop);
}

// core.paper_sweep({setting, ...}[, options]) -> {sweep, ...}
//   setting = { name =, cluster = (declared cluster), sparsity = "dense"|"paper",
//               batch = "paper"|"fixed"|"deepseek" }
//   sweep   = { setting =, points = { result, ... }, summary = {...}, stats = {...} }
// Each point is a result table as core.optimize returns, for the paper's run at one d_model
// of the paper's grid; the sweep stops at the first infeasible width (spec 1.5, 4.2, 4.3).
int l_paper_sweep(lua_State* L) {
  return guarded(L, [&] {
    luaL_checktype(L, 1, LUA_TTABLE);
    Options options;
    if (!lua_isnoneornil(L, 2)) {
      const TableReader r(L, 2, "options");
      options = read_options(r, options);
    }
    std::vector<Setting> settings;
    std::vector<std::string> batch_names;
    const auto n = static_cast<size_t>(luaL_len(L, 1));
    for (size_t i = 1; i <= n; ++i) {
      lua_geti(L, 1, static_cast<lua_Integer>(i));
      const TableReader r(L, -1, fmt::format("settings[{}]", i));
      Setting s;
      s.name = r.optional_string("name").value_or("");
      s.cluster = r.with("cluster", [](const TableReader& c) { return read_cluster(c).cluster; });
      const std::string sparsity = r.optional_string("sparsity").value_or("dense");
      if (sparsity == "paper") {
        s.laws.sparsity.kind = SparsityLaw::Kind::kPaper;
      } else if (sparsity != "dense") {
        throw ConfigError(r.path("sparsity"), R"(expected "dense" or "paper", got "{}")", sparsity);
      }
      const std::string batch = r.optional_string("batch").value_or("paper");
      s.laws.batch.kind = batch_kind(batch, r.path("batch"));
      batch_names.push_back(batch);
      settings.push_back(std::move(s));
      lua_pop(L, 1);
    }
    const std::vector<Sweep> sweeps = sweep_all(settings, options);
    lua_createtable(L, static_cast<int>(sweeps.size()), 0);
    for (size_t i = 0; i < sweeps.size(); ++i) {
      const Sweep& sw = sweeps[i];
      lua_createtable(L, 0, 4);
      set_string(L, "setting", sw.setting);
      lua_createtable(L, static_cast<int>(sw.points.size()), 0);
      for (size_t j = 0; j < sw.points.size(); ++j) {
        const SweepPoint& p = sw.points[j];
        RunSpec spec{.cluster = settings[i].cluster, .gpus = std::nullopt, .run = p.run,
                     .options = options, .batch_rule = batch_names[i]};
        push_cluster_search(L, p.result, spec);
        lua_rawseti(L, -2, static_cast<lua_Integer>(j + 1));
      }
      lua_setfield(L, -2, "points");
      lua_createtable(L, 0, 5);
      set_optional_flop(L, "linear_scaling_ends_at", sw.summary.linear_scaling_ends_at);
      if (sw.summary.utilization_there) set_number(L, "utilization_there", *sw.summary.utilization_there);
      set_optional_flop(L, "largest_feasible_flop", sw.summary.largest_feasible_flop);
      if (sw.summary.largest_feasible_utilization) {
        set_number(L, "largest_feasible_utilization", *sw.summary.largest_feasible_utilization);
      }
      set_optional_flop(L, "first_infeasible_flop", sw.summary.first_infeasible_flop);
      lua_setfield(L, -2, "summary");
      push_stats(L, sw.stats);
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    return 1;
  });
}

// core.paper_laws(d_model[, sparsity[, batch]]) -> d_ff, layers, experts, batch_sequences
int l_paper_laws(lua_State* L) {
  return guarded(L, [&] {
    const lua_Integer d = luaL_checkinteger(L, 1);
    if (d <= 0) throw ConfigError("d_model", "must be positive, got {}", d);
    ScalingLaws laws;
    const std::string sparsity = luaL_optstring(L, 2, "dense");
    if (sparsity == "paper") laws.sparsity.kind = SparsityLaw::Kind::kPaper;
    laws.batch.kind = batch_kind(luaL_optstring(L, 3, "paper"), "batch");
    const TrainingRun run = paper_run(d, laws);
    lua_pushinteger(L, run.model.d_ff);
    lua_pushinteger(L, run.model.layers);
    lua_pushinteger(L, run.model.experts);
    lua_pushinteger(L, run.batch_sequences);
    return 4;
  });
}

// core.paper_grid() -> {12288, 14336, ...}
int l_paper_grid(lua_State* L) {
  return guarded(L, [&] {
    const auto grid = paper_d_model_grid();
    lua_createtable(L, static_cast<int>(grid.size()), 0);
    for (size_t i = 0; i < grid.size(); ++i) {
      lua_pushinteger(L, grid[i]);
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    return 1;
  });
}

// core.round_list(x) -> the paper's rounding (spec 1.3)
int l_round_list(lua_State* L) {
  return guarded(L, [&] {
    lua_pushinteger(L, round_list(luaL_checknumber(L, 1)));
    return 1;
  });
}

WallParams read_wall(lua_State* L, int idx) {
  WallParams p;
  if (lua_isnoneornil(L, idx)) return p;
  const TableReader r(L, idx, "wall");
  p.reference_batch_tokens = r.optional_number("reference_batch_tokens").value_or(p.reference_batch_tokens);
  p.reference_layers = r.optional_number("reference_layers").value_or(p.reference_layers);
  if (auto f = r.optional_quantity("reference_flop", kFlop)) p.reference_flop = f->value;
  if (auto d = r.optional_quantity("duration", kTime)) p.duration_s = d->value;
  if (auto t = r.optional_quantity("step_latency", kTime)) p.step_latency_s = t->value;
  validate(p, "wall");
  return p;
}

double check_alpha(lua_State* L, int idx) {
  const double alpha = luaL_optnumber(L, idx, 0.0);
  if (!(alpha < 0.5) || !std::isfinite(alpha)) {
    throw ConfigError("alpha", "must be below 0.5 (batch growth minus depth growth), got {}", alpha);
  }
  return alpha;
}

// A curve's value, or an error when it leaves the range of doubles (never inf or NaN in a table).
double finite_flop(double v, double alpha) {
  if (!std::isfinite(v) || v <= 0) {
    throw ConfigError("wall.alpha", "the analytic curve overflows at alpha = {}", alpha);
  }
  return v;
}

// core.latency_wall(alpha[, wall]) -> T_limit (FLOP quantity); spec 4.4
int l_latency_wall(lua_State* L) {
  return guarded(L, [&] {
    const double alpha = check_alpha(L, 1);
    push_quantity(L, Quantity{finite_flop(latency_limited_flop(alpha, read_wall(L, 2)), alpha), kFlop});
    return 1;
  });
}

// core.critical_compute(cluster, alpha[, wall]) -> T_crit (FLOP quantity); spec 4.4
int l_critical_compute(lua_State* L) {
  return guarded(L, [&] {
    const Cluster cluster = read_cluster(TableReader(L, 1, "cluster")).cluster;
    const double alpha = check_alpha(L, 2);
    push_quantity(L, Quantity{finite_flop(critical_flop(cluster, alpha, read_wall(L, 3)), alpha), kFlop});
    return 1;
  });
}

// core.wall_curve(cluster, alpha_min, alpha_max, points[, wall]) -> { {alpha, limit, critical}, ... }
int l_wall_curve(lua_State* L) {
  return guarded(L, [&] {
    const Cluster cluster = read_cluster(TableReader(L, 1, "cluster")).cluster;
    const double lo = check_alpha(L, 2);
    const double hi = check_alpha(L, 3);
    const lua_Integer points = luaL_checkinteger(L, 4);
    if (points < 2 || points > 100000 || !(lo < hi)) {
      throw ConfigError("wall_curve", "needs alpha_min < alpha_max and 2 to 100000 points, got {} .. {}, {}",
                        lo, hi, points);
    }
    const auto curve = wall_curve(cluster, lo, hi, static_cast<int>(points), read_wall(L, 5));
    lua_createtable(L, static_cast<int>(curve.size()), 0);
    for (size_t i = 0; i < curve.size(); ++i) {
      lua_createtable(L, 0, 3);
      finite_flop(curve[i].limit_flop, curve[i].alpha);
      finite_flop(curve[i].critical_flop, curve[i].alpha);
      set_number(L, "alpha", curve[i].alpha);
      set_quantity(L, "latency_wall", curve[i].limit_flop, kFlop);
      set_quantity(L, "critical_compute", curve[i].critical_flop, kFlop);
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    return 1;
  });
}

}  // namespace

void register_model(lua_State* L) {
  const luaL_Reg fns[] = {{"evaluate", l_evaluate},
                          {"optimize", l_optimize},
                          {"optimize_many", l_optimize_many},
                          {"paper_sweep", l_paper_sweep},
                          {"paper_laws", l_paper_laws},
                          {"paper_grid", l_paper_grid},
                          {"round_list", l_round_list},
                          {"latency_wall", l_latency_wall},
                          {"critical_compute", l_critical_compute},
                          {"wall_curve", l_wall_curve},
                          {nullptr, nullptr}};
  luaL_setfuncs(L, fns, 0);
}

}  // namespace dml::lua
