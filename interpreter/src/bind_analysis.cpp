// The questions a scenario asks, in Lua: thin calls of the core (dml/plan.hpp,
// dml/latency_wall.hpp) on declared values, answered with plans and curves.
//
//   core.optimize(run) -> plan
//   core.evaluate(run, layout) -> plan
//   core.collective{cluster, op, size, gpus[, stack]} -> collective estimate
//   core.optimize_many({run, ...}[, label[, path[, first[, done, total]]]])
//     -> {plan or false, ...}, interrupted; or nil, message, i where run i's search failed
//   core.transformer_optimize_many({run, ...}[, label[, path[, first[, done, total[, fixed[,
//     keep_going]]]]]]) -> {step plan or false, ...}, interrupted; or nil, message, i (fixed: a
//     list of layouts to hold fixed, one per run, false for none; keep_going: a failed run is
//     false, and a third value maps its index to its error)
//   core.limits({setting, ...}[, options[, label]]) -> {limits, ...}, interrupted
//   core.layout_text(layout) -> "DP 1 x TP 4x8 x PP 64 x EP 1, 128 microbatches, zero-bubble"
//   core.check_fixed(fields, path): raises what reading them as a transformer layout refuses
//   core.count_text(n) -> "2,048"
//   core.paper_laws(d_model[, sparsity[, batch]]) -> d_ff, layers, experts, batch_sequences
//   core.paper_grid() -> {12288, 14336, ...}
//   core.round_list(x) -> the paper's rounding
//   core.latency_wall([wall]) -> T_limit; core.critical_compute(cluster[, wall]) -> T_crit
//   core.wall_curve(cluster[, range[, wall]]) -> rows of both curves, and their columns
//   core.transformer_step_times({run, ...}, {layout, ...}[, efficiency[, stack]]) -> {seconds, ...}
//   core.transformer_params(model) -> { total, active, flop_per_token, megatron_flop_per_token }
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <mutex>
#include <string>
#include <vector>

#include "dml/latency_wall.hpp"
#include "dml/plan.hpp"
#include "dml/transformer.hpp"
#include "host.hpp"
#include "interrupt.hpp"
#include "lua_values.hpp"

namespace dml::lua {
namespace {

int l_optimize(lua_State* L) {
  return guarded(L, [&] {
    const Run run = read<Run>(L, 1);
    const Interruptible work(L, "optimize");
    push_value(L, optimize(run, work.control()));
    return 1;
  });
}

int l_evaluate(lua_State* L) {
  return guarded(L, [&] {
    const Run run = read<Run>(L, 1);
    push_value(L, evaluate(run, read<Layout>(L, 2)));
    return 1;
  });
}

// core.transformer_evaluate(run[, layout]) -> step plan
int l_transformer_evaluate(lua_State* L) {
  return guarded(L, [&] {
    // A declared run (dml.run's value, which stays on the stack) is read in place, not copied:
    // a loop of evaluations over one run would otherwise copy its presets every call.
    TransformerRun read_here;
    const TransformerRun* run = test_value<TransformerRun>(L, 1);
    if (run == nullptr) {
      read_here = read<TransformerRun>(L, 1, "run");
      run = &read_here;
    }
    const TransformerLayout layout =
        lua_isnoneornil(L, 2) ? TransformerLayout{} : read<TransformerLayout>(L, 2, "layout");
    push_value(L, evaluate(*run, layout));
    return 1;
  });
}

// core.collective(query) -> collective estimate
int l_collective(lua_State* L) {
  return guarded(L, [&] {
    push_value(L, estimate_collective(read<CollectiveQuery>(L, 1, "collective")));
    return 1;
  });
}

// core.transformer_optimize(run[, fixed[, count[, distinct]]]) -> {step plan, ...} fastest first
// (distinct: one per split).
int l_transformer_optimize(lua_State* L) {
  return guarded(L, [&] {
    const TransformerRun run = read<TransformerRun>(L, 1, "run");
    const TransformerLayout fixed =
        lua_isnoneornil(L, 2) ? TransformerLayout{} : read<TransformerLayout>(L, 2, "layout");
    const lua_Integer count = luaL_optinteger(L, 3, 1);
    const bool distinct = lua_toboolean(L, 4) != 0;
    const Interruptible work(L, luaL_optstring(L, 5, "optimize"));
    const std::vector<StepPlan> plans =
        optimize(run, fixed, Ranking{.count = count, .distinct_splits = distinct}, work.control());
    lua_createtable(L, static_cast<int>(plans.size()), 0);
    for (std::size_t i = 0; i < plans.size(); ++i) {
      push_value(L, plans[i]);
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    return 1;
  });
}

// The list at idx, each item read as a T with path "<what>[first + i]".
template <Described T>
std::vector<T> read_list(lua_State* L, int idx, const char* what, lua_Integer first = 0) {
  luaL_checktype(L, idx, LUA_TTABLE);
  const auto n = static_cast<std::size_t>(luaL_len(L, idx));
  std::vector<T> out;
  out.reserve(n);
  for (std::size_t i = 1; i <= n; ++i) {
    // A timeout or a cancel within a few dozen runs (a sweep's first cancel: the runs read so
    // far, which its search then does not start).
    if (i % 32 == 0 && poll_stop(L)) break;
    lua_geti(L, idx, static_cast<lua_Integer>(i));
    out.push_back(read<T>(L, -1, fmt::format("{}[{}]", what, first + static_cast<lua_Integer>(i))));
    lua_pop(L, 1);
  }
  return out;
}

// A paper run's knobs are its options: it has no fixed layout fields (the sweep refuses them).
Plan optimize_one(const Run& run, const TransformerLayout&, const Control& control) {
  return optimize(run, control);
}
StepPlan optimize_one(const TransformerRun& run, const TransformerLayout& fixed,
                      const Control& control) {
  return std::move(optimize(run, fixed, 1, control).front());
}

// The body of core.optimize_many and core.transformer_optimize_many: the runs at 1 are items
// first + 1 ... of `path` (for messages), optimized on all cores (optimize_all); progress shows
// done + i of total (a sweep made in chunks). report_last: the last run is reported too (the
// workers report every 20 ms).
template <Described R>
int optimize_many(lua_State* L, bool report_last) {
  const std::vector<R> runs =
      read_list<R>(L, 1, luaL_optstring(L, 3, "runs"), luaL_optinteger(L, 4, 0));
  Interruptible work(L, luaL_optstring(L, 2, "sweep"));
  Control control = work.control();
  const bool in_sweep = !lua_isnoneornil(L, 6);
  const auto done = in_sweep ? static_cast<std::size_t>(luaL_checkinteger(L, 5)) : 0;
  const auto total = in_sweep ? static_cast<std::size_t>(luaL_checkinteger(L, 6)) : 0;
  // keep_going: a run whose fixed fields or search fail is left out with its error (a sweep's
  // on_error = "row"), and the others run on.
  const bool keep_going = lua_toboolean(L, 8) != 0;
  std::vector<std::string> errors(runs.size());
  // The layout fields each run's search holds fixed (a list beside the runs; false: none).
  std::vector<TransformerLayout> fixed(runs.size());
  if (!lua_isnoneornil(L, 7)) {
    luaL_checktype(L, 7, LUA_TTABLE);
    const char* what = luaL_optstring(L, 3, "runs");
    const lua_Integer first = luaL_optinteger(L, 4, 0);
    for (std::size_t i = 0; i < runs.size(); ++i) {
      if (lua_geti(L, 7, static_cast<lua_Integer>(i + 1)) == LUA_TTABLE) {
        try {
          fixed[i] = read<TransformerLayout>(
              L, -1, fmt::format("{}[{}].fixed", what, first + static_cast<lua_Integer>(i) + 1));
        } catch (const Error& e) {
          if (!keep_going) throw;
          errors[i] = e.what();
        }
      }
      lua_pop(L, 1);
    }
  }
  if (in_sweep) {
    control.progress = [&work, done, total](std::size_t d, std::size_t) {
      work.control().progress(done + d, total);
    };
  }
  // Each run optimized as optimize_all does; a run whose search fails is named by its index
  // (the lowest that failed, as parallel_for rethrows), so that a sweep can say which point.
  using P = decltype(optimize_one(runs.front(), fixed.front(), control));
  std::vector<std::optional<P>> plans(runs.size());
  std::mutex failed_mutex;
  std::size_t failed = runs.size();
  try {
    (void)parallel_for(
        runs.size(),
        [&](std::size_t i) {
          if (!errors[i].empty()) return;  // its fixed fields were refused (keep_going)
          try {
            plans[i] = optimize_one(runs[i], fixed[i], control);
          } catch (const Cancelled&) {
            throw;
          } catch (const Error& e) {
            if (keep_going) {
              errors[i] = e.what();  // each index is one worker's
              return;
            }
            const std::lock_guard lock(failed_mutex);
            failed = std::min(failed, i);
            throw;
          } catch (...) {
            const std::lock_guard lock(failed_mutex);
            failed = std::min(failed, i);
            throw;
          }
        },
        control);
  } catch (const Cancelled&) {
    throw;
  } catch (const Error& e) {  // a model's error; others (no memory) end the call as they are
    if (failed == runs.size()) throw;
    lua_pushnil(L);
    lua_pushstring(L, e.what());
    lua_pushinteger(L, static_cast<lua_Integer>(failed + 1));
    return 3;
  }
  bool interrupted = false;
  for (std::size_t i = 0; i < plans.size(); ++i) {
    interrupted = interrupted || (!plans[i] && errors[i].empty());
  }
  if (report_last && in_sweep && !interrupted) work.note(done + plans.size(), total);
  // The first cancel of a call keeps the finished rows; a timeout or a second cancel ends here.
  after_work(L, interrupted, true);
  lua_createtable(L, static_cast<int>(plans.size()), 0);
  for (std::size_t i = 0; i < plans.size(); ++i) {
    if (i % 32 == 31) (void)poll_stop(L);  // the rows finished stay for a first cancel
    if (plans[i]) {
      push_value(L, *plans[i]);
    } else {
      lua_pushboolean(L, 0);
    }
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_pushboolean(L, interrupted ? 1 : 0);
  if (!keep_going) return 2;
  lua_createtable(L, 0, 0);  // i -> the error of run i
  for (std::size_t i = 0; i < errors.size(); ++i) {
    if (errors[i].empty()) continue;
    lua_pushlstring(L, errors[i].data(), errors[i].size());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 3;
}

// core.optimize_many(runs[, label[, path[, first[, done, total]]]]) -> {plan or false, ...},
// interrupted: paper runs.
int l_optimize_many(lua_State* L) {
  return guarded(L, [&] { return optimize_many<Run>(L, false); });
}

// core.transformer_optimize_many(runs[, label[, path[, first[, done, total]]]]) -> {step plan or
// false, ...}, interrupted: transformer runs, their sweep's last run reported.
int l_transformer_optimize_many(lua_State* L) {
  return guarded(L, [&] { return optimize_many<TransformerRun>(L, true); });
}

// core.sweep_end(token): ends what core.sweep_begin began (once; also the token's __close, a C
// function, which the count hook does not interrupt after a stop): the outermost sweep clears
// its progress line and hands the first Ctrl-C back to the script's lines.
int l_sweep_end(lua_State* L) {
  if (lua_type(L, 1) != LUA_TTABLE) return 0;
  if (lua_getfield(L, 1, "done") != LUA_TNIL) return 0;
  lua_pushboolean(L, 1);
  lua_setfield(L, 1, "done");
  Host* h = find_host(L);
  lua_getfield(L, 1, "outer");
  const bool outer = lua_toboolean(L, -1) != 0;
  if (h != nullptr && !outer) {
    h->in_sweep = false;
    clear_sweep_progress(*h);
  }
  return 0;
}

// core.sweep_begin() -> a token to close (local t <close> = core.sweep_begin()): from now on the
// call's first Ctrl-C is left to the sweep (core.sweep_cancelled), and progress counts from here.
int l_sweep_begin(lua_State* L) {
  Host* h = find_host(L);
  lua_createtable(L, 0, 3);
  lua_pushboolean(L, h != nullptr && h->in_sweep ? 1 : 0);
  lua_setfield(L, -2, "outer");
  lua_pushboolean(L, h != nullptr && h->kept_rows ? 1 : 0);  // a cancel taken before it began
  lua_setfield(L, -2, "kept");
  lua_createtable(L, 0, 1);
  lua_pushcfunction(L, l_sweep_end);
  lua_setfield(L, -2, "__close");
  lua_setmetatable(L, -2);
  if (h != nullptr && !h->in_sweep) {
    h->in_sweep = true;
    h->sweep_begin = std::chrono::steady_clock::now();
    h->sweep_last = {};
    h->sweep_tty_last = {};
  }
  return 1;
}

// core.plan_with_note(plan, text) -> a copy of the transformer plan with one more note (for a
// search of searches that knows what the plan alone cannot: dml.optimize_up_to's idle GPUs).
int l_plan_with_note(lua_State* L) {
  return guarded(L, [&] {
    const StepPlan* plan = test_value<StepPlan>(L, 1);
    if (plan == nullptr)
      throw std::runtime_error("core.plan_with_note: expected a transformer plan");
    StepPlan copy = *plan;
    copy.notes.emplace_back(luaL_checkstring(L, 2));
    push_value(L, copy);
    return 1;
  });
}

// core.searches_begin() -> a token to close (local t <close> = core.searches_begin()): until it
// closes, each search's progress line ("gpus_for (1,280 GPUs, size 5): 12,345 candidates tried,
// 3 s") shows from a second after this start, not after its own (helper-375: dml.optimize_up_to
// ran 16 s of searches, each under a second, and showed nothing).
int l_searches_begin(lua_State* L) {
  Host* h = find_host(L);
  // (Inside another search of searches, or without a host: a token that changes nothing.)
  const bool nested = h == nullptr || h->in_searches;
  lua_createtable(L, 0, 1);
  lua_createtable(L, 0, 1);
  if (nested) {
    lua_pushcfunction(L, [](lua_State*) { return 0; });
  } else {
    lua_pushcfunction(L, [](lua_State* state) {
      if (Host* host = find_host(state)) host->in_searches = false;
      return 0;
    });
    h->in_searches = true;
    h->searches_begin = std::chrono::steady_clock::now();
  }
  lua_setfield(L, -2, "__close");
  lua_setmetatable(L, -2);
  return 1;
}

// core.sweep_cancelled(token) -> true when a first Ctrl-C came during the sweep (now handled:
// the sweep ends and keeps its rows), or when a sweep inside it took one. A timeout or a second
// Ctrl-C ends the script.
// core.stopping() -> true when the call is ending (a stop recorded: a timeout, an interrupt, an
// instruction limit): an error then is not a sweep point's to keep as a row. (Lua's memory
// error the caller tells by its message: the memory limit's flag outlasts a pcall that caught
// it.)
int l_stopping(lua_State* L) {
  const Host* h = find_host(L);
  lua_pushboolean(L, h != nullptr && h->stop != StopReason::kNone ? 1 : 0);
  return 1;
}

int l_sweep_cancelled(lua_State* L) {
  Host* h = find_host(L);
  if (h == nullptr) {
    lua_pushboolean(L, 0);
    return 1;
  }
  bool kept_before = false;
  if (lua_type(L, 1) == LUA_TTABLE) {
    lua_getfield(L, 1, "kept");
    kept_before = lua_toboolean(L, -1) != 0;
    lua_pop(L, 1);
  }
  if (h->kept_rows && !kept_before) {  // an inner sweep took the cancel: this one ends too
    lua_pushboolean(L, 1);
    return 1;
  }
  if (!h->should_stop()) {
    lua_pushboolean(L, 0);
    return 1;
  }
  after_work(L, true, true);
  lua_pushboolean(L, 1);
  return 1;
}

int l_limits(lua_State* L) {
  return guarded(L, [&] {
    const std::vector<Setting> settings = read_list<Setting>(L, 1, "settings");
    const Options options = lua_isnoneornil(L, 2) ? Options{} : read<Options>(L, 2);
    const Interruptible work(L, luaL_optstring(L, 3, "limits"));
    const LimitsResult result = limits(settings, options, work.control());
    after_work(L, result.completion.cancelled, false);  // a part of the limits is no answer
    lua_createtable(L, static_cast<int>(result.limits.size()), 0);
    for (std::size_t i = 0; i < result.limits.size(); ++i) {
      if (result.completion.finished[i] != 0) {
        push_value(L, result.limits[i]);
      } else {
        lua_pushboolean(L, 0);
      }
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    lua_pushboolean(L, result.completion.cancelled ? 1 : 0);
    return 2;
  });
}

int l_layout_text(lua_State* L) {
  return guarded(L, [&] {
    if (lua_isnoneornil(L, 1)) {  // a plan without a layout (no cluster trains the run in time)
      lua_pushliteral(L, "no layout");
      return 1;
    }
    // A transformer plan's layout, or a paper layout (declared or a table). A table is a
    // transformer layout when its tp is a number (a paper layout's is a table of two) or it
    // names a field only transformer layouts have (microbatch, cp, recompute...).
    bool transformer = luaL_testudata(L, 1, "dml.transformer_layout") != nullptr;
    if (!transformer && lua_type(L, 1) == LUA_TTABLE &&
        luaL_testudata(L, 1, "dml.layout") == nullptr) {
      const auto paper = field_names<Layout>();
      for (const std::string_view name : field_names<TransformerLayout>()) {
        lua_pushlstring(L, name.data(), name.size());
        const int type = lua_rawget(L, 1);
        lua_pop(L, 1);
        const bool theirs = std::find(paper.begin(), paper.end(), name) == paper.end();
        if ((theirs && type != LUA_TNIL) || (name == "tp" && type == LUA_TNUMBER)) {
          transformer = true;
          break;
        }
      }
    }
    std::string text;
    if (transformer) {
      const TransformerLayout layout = read<TransformerLayout>(L, 1);
      // A plan without a layout (optimize found none that fits) has no degree set: say so
      // rather than print the defaults as if they ran.
      const bool empty = luaL_testudata(L, 1, "dml.transformer_layout") != nullptr && !layout.tp &&
                         !layout.pp && !layout.dp;
      text = empty ? std::string("no layout") : layout_text(layout);
    } else {
      text = layout_text(read<Layout>(L, 1));
    }
    lua_pushlstring(L, text.data(), text.size());
    return 1;
  });
}

// A sweep's fixed fields read once, where the user wrote them, before any point runs: a value
// the layout refuses is the sweep's mistake, not a point's (under on_error = "row" it was a row
// at every point, helper-126).
int l_check_fixed(lua_State* L) {
  return guarded(L, [&] {
    (void)read<TransformerLayout>(L, 1, luaL_checkstring(L, 2));
    return 0;
  });
}

int l_count_text(lua_State* L) {
  return guarded(L, [&] {
    int is_integer = 0;
    const lua_Integer n = lua_tointegerx(L, 1, &is_integer);
    std::string text;
    if (is_integer != 0 && n >= 0) {
      text = count_text(static_cast<u128>(n));
    } else if (lua_type(L, 1) == LUA_TNUMBER && lua_tonumber(L, 1) >= 0x1p63 &&
               std::isfinite(lua_tonumber(L, 1))) {
      text = count_text(static_cast<double>(lua_tonumber(L, 1)));  // 2^200: "1.607e60"
    } else {
      throw ConfigError("",
                        "count_text: expected a whole number >= 0, got " + describe_value(L, 1));
    }
    lua_pushlstring(L, text.data(), text.size());
    return 1;
  });
}

int l_paper_laws(lua_State* L) {
  return guarded(L, [&] {
    const lua_Integer d = luaL_checkinteger(L, 1);
    if (d <= 0) throw ConfigError("d_model", "must be positive, got {}", d);
    ScalingLaws laws;
    const char* sparsity = luaL_optstring(L, 2, "dense");
    const char* batch = luaL_optstring(L, 3, "paper");
    const auto s = enum_value<SparsityLaw::Kind>(sparsity);
    if (!s) {
      throw ConfigError("sparsity", fmt::format("expected one of {}, got \"{}\"",
                                                enum_choices<SparsityLaw::Kind>(), sparsity));
    }
    const auto b = enum_value<BatchRule::Kind>(batch);
    if (!b) {
      throw ConfigError("batch", fmt::format("expected one of {}, got \"{}\"",
                                             enum_choices<BatchRule::Kind>(), batch));
    }
    laws.sparsity.kind = *s;
    laws.batch.kind = *b;
    const TrainingRun run = paper_run(d, laws);
    lua_pushinteger(L, ff_width(run.model));
    lua_pushinteger(L, depth(run.model));
    lua_pushinteger(L, run.model.experts);
    lua_pushinteger(L, run.batch_sequences);
    return 4;
  });
}

int l_paper_grid(lua_State* L) {
  return guarded(L, [&] {
    const auto grid = paper_d_model_grid();
    lua_createtable(L, static_cast<int>(grid.size()), 0);
    for (std::size_t i = 0; i < grid.size(); ++i) {
      lua_pushinteger(L, grid[i]);
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    return 1;
  });
}

int l_round_list(lua_State* L) {
  return guarded(L, [&] {
    lua_pushinteger(L, round_list(luaL_checknumber(L, 1)));
    return 1;
  });
}

// core.transformer_step_times(runs, layouts[, efficiency[, stack]]) -> {seconds, ...}: the step
// time of each run with its layout (0 when the plan has none), with the GPU's efficiency record
// and the stack replaced in every run when given (nil keeps each run's). dml.calibrate calls it
// once per trial of its fit: one call costs the runs without declaring new values in Lua. An
// efficiency record a run's GPU refuses (a kernel past its peak: attention x flash3_gain > 1)
// gives every run an infinite time, so the fit stays inside the peaks.
int l_transformer_step_times(lua_State* L) {
  return guarded(L, [&] {
    std::vector<TransformerRun> runs = read_list<TransformerRun>(L, 1, "runs");
    const std::vector<TransformerLayout> layouts = read_list<TransformerLayout>(L, 2, "layouts");
    if (layouts.size() != runs.size()) {
      throw ConfigError("layouts", "{} layouts for {} runs", layouts.size(), runs.size());
    }
    std::optional<GpuEfficiency> efficiency;
    if (!lua_isnoneornil(L, 3)) efficiency = read<GpuEfficiency>(L, 3, "efficiency");
    std::optional<Stack> stack;
    if (!lua_isnoneornil(L, 4)) stack = read<Stack>(L, 4, "stack");
    bool past_peak = false;
    for (TransformerRun& run : runs) {
      if (!efficiency) break;
      run.cluster.gpu.efficiency = *efficiency;
      try {
        Description<Gpu>::check(run.cluster.gpu, "gpu");
      } catch (const ConfigError&) {
        past_peak = true;
      }
    }
    lua_createtable(L, static_cast<int>(runs.size()), 0);
    for (std::size_t i = 0; i < runs.size(); ++i) {
      if (stack) runs[i].stack = *stack;
      lua_pushnumber(L, past_peak ? std::numeric_limits<double>::infinity()
                                  : evaluate(runs[i], layouts[i]).time.step.value());
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    return 1;
  });
}

WallParams read_wall(lua_State* L, int idx) {
  return lua_isnoneornil(L, idx) ? WallParams{} : read<WallParams>(L, idx);
}

int l_latency_wall(lua_State* L) {
  return guarded(L, [&] {
    push_quantity(L, Quantity{latency_limited_flop(read_wall(L, 1)), kFlop});
    return 1;
  });
}

int l_critical_compute(lua_State* L) {
  return guarded(L, [&] {
    const Cluster cluster = read<Cluster>(L, 1);
    push_quantity(L, Quantity{critical_flop(cluster, read_wall(L, 2)), kFlop});
    return 1;
  });
}

int l_wall_curve(lua_State* L) {
  return guarded(L, [&] {
    const Cluster cluster = read<Cluster>(L, 1);
    const WallRange range =
        lua_isnoneornil(L, 2) ? WallRange{} : read<WallRange>(L, 2, "wall_curve");
    const std::vector<WallPoint> curve = wall_curve(cluster, range, read_wall(L, 3));
    lua_createtable(L, static_cast<int>(curve.size()), 0);
    for (std::size_t i = 0; i < curve.size(); ++i) {
      push_row(L, row_of(curve[i], false), &type_info<WallPoint>());
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    push_columns(L, type_info<WallPoint>().columns);
    return 2;
  });
}

// core.transformer_params(model) -> { total, active, flop_per_token, megatron_flop_per_token }: the
// parameter counts of a declared transformer (norms included, biases left out), its model FLOPs
// per token, and Megatron-LM's count of them.
int l_transformer_params(lua_State* L) {
  return guarded(L, [&] {
    const Transformer m = read<Transformer>(L, 1, "model");
    lua_createtable(L, 0, 4);
    lua_pushnumber(L, total_params(m));
    lua_setfield(L, -2, "total");
    lua_pushnumber(L, active_params(m));
    lua_setfield(L, -2, "active");
    lua_pushnumber(L, model_flop_per_token(m));
    lua_setfield(L, -2, "flop_per_token");
    lua_pushnumber(L, megatron_flop_per_token(m));
    lua_setfield(L, -2, "megatron_flop_per_token");
    return 1;
  });
}

}  // namespace

void register_analysis(lua_State* L) {
  const luaL_Reg fns[] = {{"optimize", l_optimize},
                          {"evaluate", l_evaluate},
                          {"transformer_evaluate", l_transformer_evaluate},
                          {"transformer_optimize", l_transformer_optimize},
                          {"collective", l_collective},
                          {"optimize_many", l_optimize_many},
                          {"transformer_optimize_many", l_transformer_optimize_many},
                          {"sweep_begin", l_sweep_begin},
                          {"sweep_end", l_sweep_end},
                          {"searches_begin", l_searches_begin},
                          {"plan_with_note", l_plan_with_note},
                          {"sweep_cancelled", l_sweep_cancelled},
                          {"stopping", l_stopping},
                          {"limits", l_limits},
                          {"layout_text", l_layout_text},
                          {"check_fixed", l_check_fixed},
                          {"count_text", l_count_text},
                          {"paper_laws", l_paper_laws},
                          {"paper_grid", l_paper_grid},
                          {"round_list", l_round_list},
                          {"latency_wall", l_latency_wall},
                          {"critical_compute", l_critical_compute},
                          {"wall_curve", l_wall_curve},
                          {"transformer_step_times", l_transformer_step_times},
                          {"transformer_params", l_transformer_params},
                          {nullptr, nullptr}};
  luaL_setfuncs(L, fns, 0);
}

}  // namespace dml::lua
