// The host API's values: results as JSON and as the core's C++ types, calling Lua functions,
// host functions that scenarios call, and interpreters that run side by side in threads.
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <iostream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

#include "dml/interpreter.hpp"
#include "dml/plan.hpp"
#include "dml/transformer.hpp"

using nlohmann::json;

namespace {

constexpr const char* kCluster = R"lua(
  local gpus = require "dml.presets.gpus"
  cluster = dml.cluster { gpu = gpus.h100_sxm, levels = {
    { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" },
    { name = "ib", bandwidth = "100 GB/s", latency = "5 us" } } }
)lua";

}  // namespace

TEST_CASE("host api: eval gives Lua values as JSON", "[host_api]") {
  dml::Interpreter dml;
  CHECK(dml.eval("1 + 1") == json(2));
  CHECK(dml.eval("0.5") == json(0.5));
  CHECK(dml.eval("'text'") == json("text"));
  CHECK(dml.eval("nil") == json(nullptr));
  CHECK(dml.eval("true") == json(true));
  CHECK(dml.eval("{ 1, 'two', { three = 3 } }") == json::parse(R"([1, "two", {"three": 3}])"));
  CHECK(dml.eval("{}") == json::array());
  // Quantities are their text, with the digits that read back as the same value.
  CHECK(dml.eval("dml.q'900 GB/s'") == json("900 GB/s"));
  CHECK(dml.eval("dml.q'80 GiB' / dml.q'2 TB/s'") == json("42.94967296 ms"));
  const auto third = dml.eval("dml.q(1 / 3, 's')");
  REQUIRE(third);
  // (built with append: GCC 12 warns falsely of "'" + s + "'")
  std::string text = "'";
  text.append(third->get<std::string>()).append("'");
  CHECK(dml.eval_as<dml::Quantity>(text)->value == 1.0 / 3);
  // Where no scaled unit reads back exactly (61.68 min), the base unit's shortest exact figure.
  CHECK(dml.eval("dml.q(3700.7, 's')") == json("3700.7 s"));
  for (int i = 1; i <= 2000; ++i) {
    std::string expr = "dml.q(";
    expr.append(std::to_string(i)).append(" * 37.123, 's')");
    const auto q = dml.eval(expr);
    REQUIRE(q);
    REQUIRE(q->is_string());
    std::string back = "'";
    back.append(q->get<std::string>()).append("'");
    REQUIRE(dml.eval_as<dml::Quantity>(back)->value == i * 37.123);
  }
  // A dimension without a unit of its own stays value and unit.
  CHECK(dml.eval("dml.q'1 GB' * dml.q'1 s'") ==
        json::parse(R"({"unit": "B*s", "value": 1000000000.0})"));
}

TEST_CASE("host api: declared values, results and tables as JSON", "[host_api]") {
  dml::Interpreter dml;
  REQUIRE(dml.run_string(kCluster));
  const auto c = dml.eval("cluster");
  REQUIRE(c);
  CHECK((*c)["gpu"]["name"] == "H100 SXM");
  CHECK((*c)["levels"][0] == json::parse(R"({"name": "nvlink", "size": 8,
        "bandwidth": "900 GB/s", "link": "450 GB/s", "latency": "1.125 us"})"));
  CHECK((*c)["levels"][1]["bandwidth"] == "100 GB/s");
  REQUIRE(dml.run_string(
      "plan = dml.optimize(dml.run { model = dml.mlp_stack { d_model = 12288 }, cluster = "
      "cluster })"));
  const auto p = dml.eval("plan");
  REQUIRE(p);
  CHECK((*p)["feasible"] == true);
  CHECK((*p)["gpus"] == 2048);
  CHECK((*p)["layout"]["pp"] == 64);
  const auto t = dml.eval("dml.table { { a = 1, b = dml.q'2 s' }, { a = 2 } }");
  CHECK(t == json::parse(R"([{"a": 1, "b": "2 s"}, {"a": 2}])"));
}

TEST_CASE("host api: eval takes one value", "[host_api]") {
  // (helper-106: "1, 2" read as 1)
  dml::Interpreter dml;
  CHECK_FALSE(dml.eval("1, 2"));
  CHECK(
      dml.error() ==
      "(eval):1: the expression gives 2 values; eval takes one (a table holds several: { a, b })");
  CHECK_FALSE(dml.eval_as<dml::Quantity>("'1 s', '2 s'"));
  CHECK(dml.eval("{ 1, 2 }") == json::array({1, 2}));
}

TEST_CASE("host api: what has no JSON form is an error naming where it is", "[host_api]") {
  dml::Interpreter dml;
  CHECK_FALSE(dml.eval("{ f = print }"));
  CHECK(dml.error() == "(eval):1: value.f: a function has no JSON form");
  CHECK_FALSE(dml.eval("{ 1, 2, x = 3 }"));
  CHECK(dml.error() ==
        "(eval):1: value: a table of other keys than 1..n or names has no JSON form");
  REQUIRE(dml.run_string("loop = { 1 }\nloop[2] = { loop }"));
  CHECK_FALSE(dml.eval("loop"));
  CHECK(dml.error() == "(eval):1: value[2][1]: a table that contains itself");
  CHECK_FALSE(dml.eval("{ 0/0 }"));
  CHECK(dml.error() == "(eval):1: value[1]: NaN has no JSON form");
  CHECK_FALSE(dml.eval("-1/0"));
  CHECK(dml.error() == "(eval):1: value: -infinity has no JSON form");
  CHECK_FALSE(dml.eval("'\\xff'"));
  CHECK(dml.error() == "(eval):1: value: a string that is not UTF-8");
  CHECK_FALSE(dml.eval("nosuch"));
  CHECK(dml.error() == "(eval):1: undefined global 'nosuch'");
  CHECK_FALSE(dml.eval("1 +"));
  CHECK(dml.error() == "(eval):1: unexpected symbol near <eof>");
  // A value shared twice is not a cycle.
  REQUIRE(dml.run_string("shared = { 1 }"));
  CHECK(dml.eval("{ shared, shared }") == json::parse("[[1], [1]]"));
}

TEST_CASE("host api: the out-parameter forms of eval and call leave `out` as it was on failure",
          "[host_api]") {
  // (the optional forms are these, compiled in the host: docs/embedding.md)
  dml::Interpreter dml;
  json out = "keep";
  CHECK_FALSE(dml.eval("{ f = print }", out));
  CHECK(out == "keep");
  CHECK(dml.error() == "(eval):1: value.f: a function has no JSON form");
  CHECK_FALSE(dml.call("nosuch", json::array(), out));
  CHECK(out == "keep");
  CHECK(dml.eval("2 + 3", out));
  CHECK(out == 5);
  json args = json::array({4, 9, 2});
  CHECK(dml.call("math.max", args, args));  // the arguments' own value may be the result's
  CHECK(args == 9);
}

TEST_CASE("host api: call a Lua function with JSON arguments", "[host_api]") {
  dml::Interpreter dml;
  CHECK(dml.call("dml.q", json::array({"900 GB/s"})) == json("900 GB/s"));
  CHECK(dml.call("string.format", json::array({"%d-%s", 5, "x"})) == json("5-x"));
  CHECK(dml.call("math.max", json::array({1, 5, 3})) == json(5));
  REQUIRE(dml.run_string("function shape(t) return { n = #t.items, name = t.name } end"));
  CHECK(dml.call("shape", json::parse(R"([{"items": [1, 2, 3], "name": "x"}])")) ==
        json::parse(R"({"n": 3, "name": "x"})"));
  // A declaration from JSON: the fields a scenario writes.
  REQUIRE(dml.run_string(kCluster));
  const auto level = dml.call("dml.level", json::parse(R"([{"name": "ib", "bandwidth": "50 GB/s",
      "latency": "2 us"}])"));
  REQUIRE(level);
  CHECK((*level)["bandwidth"] == "50 GB/s");
  CHECK_FALSE(dml.call("dml.level", json::parse(R"([{"bandwidth": 50}])")));
  CHECK(dml.error() ==
        "level.bandwidth: expected a bandwidth like \"900 GB/s\", got the bare number 50 (write "
        "it with a unit)");
  // Runs written out as JSON and read back: a paper run (its duration in a time no scaled unit
  // holds exactly) and a transformer run, whose model JSON cannot mark as one: its fields do.
  REQUIRE(dml.run_string(R"lua(
    local gpus, networks, stacks = require "dml.presets.gpus", require "dml.presets.networks",
      require "dml.presets.stacks"
    paper = dml.run { model = dml.mlp_stack { d_model = 4096 }, cluster = cluster,
      duration = dml.q(3700.7 * 86400, "s") }
    real = dml.run { model = dml.transformer { layers = 32, d_model = 4096, heads = 32, kv_heads = 8,
      d_ff = 14336, vocab = 128256, seq_len = 8192 }, stack = stacks.megatron_core, global_batch = 512,
      cluster = dml.cluster { gpu = gpus.h100_sxm, size = 64,
        levels = { networks.nvlink4_h100, networks.infiniband_ndr } } }
  )lua"));
  for (const char* name : {"paper", "real"}) {
    const auto run = dml.eval(name);
    REQUIRE(run);
    const auto from_json = dml.call("dml.optimize", json::array({*run}));
    INFO(name << ": " << dml.error());
    REQUIRE(from_json);
    const auto direct = dml.eval(std::string("dml.optimize(") + name + ")");
    REQUIRE(direct);
    CHECK(*from_json == *direct);
  }
  // What goes in is held to what comes out (helper-106: NaN and a string that is not UTF-8 went
  // in, and failed only on the way back).
  REQUIRE(dml.run_string("function id(x) return x end"));
  CHECK_FALSE(dml.call("id", json::array({std::nan("")})));
  CHECK_THAT(dml.error(), Catch::Matchers::Contains("NaN has no JSON form"));
  CHECK_FALSE(dml.call("id", json::array({std::numeric_limits<double>::infinity()})));
  CHECK_THAT(dml.error(), Catch::Matchers::Contains("infinity has no JSON form"));
  CHECK_FALSE(dml.call("id", json::array({std::string("\xff")})));
  CHECK_THAT(dml.error(), Catch::Matchers::Contains("a string that is not UTF-8"));
  CHECK(dml.call("id", json::array({1.5})) == json(1.5));
  CHECK_FALSE(dml.call("nosuch"));
  CHECK(dml.error() == "undefined global 'nosuch'");
  CHECK_FALSE(dml.call("dml.optimise"));
  CHECK(dml.error().starts_with("dml.optimise: no such"));
  CHECK_FALSE(dml.call("os.exit; os.exit"));
  CHECK(dml.error() == "call: \"os.exit; os.exit\" is not a name like \"dml.optimize\"");
  CHECK_FALSE(dml.call("dml.version"));
  CHECK(dml.error().starts_with("dml.version is not a function"));
}

// docs/embedding.md's recipe: the core has no presets; a C++ program reads the stdlib's with
// eval_as and runs the core on them, with the answer dml.optimize gives the same run.
TEST_CASE("host api: the stdlib's presets as C++ values, run by the core", "[host_api]") {
  dml::Interpreter dml;
  const auto gpu = dml.eval_as<dml::Gpu>("dml.presets.gpus.h100_sxm");
  const auto nvlink = dml.eval_as<dml::NetworkLevel>("dml.presets.networks.nvlink4_h100");
  const auto ib = dml.eval_as<dml::NetworkLevel>("dml.presets.networks.infiniband_ndr");
  const auto stack = dml.eval_as<dml::Stack>("dml.presets.stacks.megatron_core");
  REQUIRE((gpu && nvlink && ib && stack));
  CHECK(gpu->name == "H100 SXM");
  dml::TransformerRun run;
  run.model.layers = 32;
  run.model.d_model = 4096;
  run.model.heads = 32;
  run.model.kv_heads = 8;
  run.model.d_ff = 14336;
  run.model.vocab = 128256;
  run.model.seq_len = 8192;
  run.cluster = dml::Cluster{.gpu = *gpu, .levels = {*nvlink, *ib}, .size = 64};
  run.stack = *stack;
  run.global_batch = 512;
  const std::vector<dml::StepPlan> plans = dml::optimize(run);
  REQUIRE(plans.size() == 1);
  REQUIRE(plans[0].feasible);
  REQUIRE(dml.run_string(
      "local g, n, s = dml.presets.gpus, dml.presets.networks, dml.presets.stacks\n"
      "plan = dml.optimize(dml.run { model = dml.transformer { layers = 32, d_model = 4096, "
      "heads = 32, kv_heads = 8, d_ff = 14336, vocab = 128256, seq_len = 8192 }, cluster = "
      "dml.cluster { gpu = g.h100_sxm, size = 64, levels = { n.nvlink4_h100, n.infiniband_ndr } "
      "}, stack = s.megatron_core, global_batch = 512 })"));
  const auto same = dml.eval_as<dml::StepPlan>("plan");
  REQUIRE(same);
  CHECK(plans[0].time.step.value() == same->time.step.value());
  CHECK(plans[0].layouts_evaluated == same->layouts_evaluated);
}

// eval_as takes the core's types only: another is a compile error (helper-82: it was a link
// error).
template <class T>
constexpr bool can_eval_as = requires(dml::Interpreter& i) {
  i.template eval_as<T>("");
};
static_assert(can_eval_as<dml::Gpu> && can_eval_as<dml::StepPlan> && can_eval_as<dml::Quantity>);
static_assert(!can_eval_as<int> && !can_eval_as<std::string>);

TEST_CASE("host api: eval_as reads the core's C++ types", "[host_api]") {
  dml::Interpreter dml;
  REQUIRE(dml.run_string(kCluster));
  const auto c = dml.eval_as<dml::Cluster>("cluster");
  REQUIRE(c);
  CHECK(c->gpu.name == "H100 SXM");
  REQUIRE(c->levels.size() == 2);
  CHECK(c->levels[0].bandwidth.value() == 9e11);
  // A plain table is read and checked as a declaration is.
  const auto l = dml.eval_as<dml::NetworkLevel>(
      "{ name = 'x', bandwidth = '1 TB/s', latency = '1 us', size = 4 }");
  REQUIRE(l);
  CHECK(l->bandwidth.value() == 1e12);
  CHECK_FALSE(dml.eval_as<dml::NetworkLevel>("{ name = 'x', bandwidth = 5 }"));
  CHECK(dml.error().starts_with("(eval):1: level.bandwidth: expected a bandwidth"));
  // Results come from dml's own values.
  REQUIRE(dml.run_string(
      "plan = dml.optimize(dml.run { model = dml.mlp_stack { d_model = 12288 }, cluster = "
      "cluster })"));
  const auto p = dml.eval_as<dml::Plan>("plan");
  REQUIRE(p);
  CHECK(p->feasible);
  CHECK(p->gpus == dml::u128{2048});
  CHECK_FALSE(dml.eval_as<dml::Plan>("{ feasible = true }"));
  CHECK(dml.error() == "(eval):1: expected a plan (dml.plan), got a table");
  const auto q = dml.eval_as<dml::Quantity>("dml.q'1 GB' * 2");
  REQUIRE(q);
  CHECK(q->value == 2e9);
  CHECK(q->dim == dml::kBytes);
  CHECK(dml.eval_as<dml::Quantity>("'3 us'")->value == 3e-6);
}

TEST_CASE("host api: scripts call host functions", "[host_api]") {
  for (const bool sandbox : {false, true}) {
    dml::InterpreterOptions options;
    options.sandbox = sandbox;
    dml::Interpreter dml(options);
    std::vector<json> seen;
    REQUIRE(dml.register_function("price", [&](const json& args) -> json {
      seen.push_back(args);
      if (args.empty()) throw std::runtime_error("which GPU?");
      return {{"gpu", args[0]}, {"dollars_per_hour", 2.5}};
    }));
    REQUIRE(
        dml.run_string("local p = price('h100', dml.q'80 GiB')\n"
                       "assert(p.gpu == 'h100' and p.dollars_per_hour == 2.5)\n"
                       "assert(price('x').gpu == 'x')"));
    REQUIRE(seen.size() == 2);
    CHECK(seen[0] == json::parse(R"(["h100", "85.89934592 GB"])"));  // 80 GiB, exact
    CHECK_FALSE(dml.run_string("local p = price()", "=host"));
    CHECK(dml.error() == "host:1: price: which GPU?");
    CHECK_FALSE(dml.run_string("price(print)", "=host"));
    CHECK(dml.error() == "host:1: argument 1: a function has no JSON form");
    CHECK_FALSE(dml.register_function("os.execute", [](const json&) { return json(); }));
    CHECK(dml.error() == "register_function: \"os.execute\" is not a name like \"lookup\"");
    // A Lua keyword is no global a script could call.
    CHECK_FALSE(dml.register_function("end", [](const json&) { return json(); }));
    CHECK(dml.error() == "register_function: \"end\" is not a name like \"lookup\"");
    // An empty function is refused where it is registered, not at every call (helper-95).
    CHECK_FALSE(dml.register_function("nothing", dml::Interpreter::HostFunction{}));
    CHECK(dml.error() == "register_function: \"nothing\": the function is empty");
    CHECK(dml.register_function("ending", [](const json&) { return json(); }));
    CHECK_FALSE(dml.call("dml.end", json::array()).has_value());
    // A global the scripts have already is not replaced (helper-82: "dml" replaced broke every
    // later call); a host function may be registered again.
    CHECK_FALSE(dml.register_function("dml", [](const json&) { return json(); }));
    CHECK(dml.error() ==
          "register_function: \"dml\" is a global the scripts have already (a table): choose "
          "another name");
    CHECK_FALSE(dml.register_function("print", [](const json&) { return json(); }));
    CHECK(dml.error() ==
          "register_function: \"print\" is a global the scripts have already (a function): "
          "choose another name");
    REQUIRE(dml.run_string("mine = 1"));
    CHECK_FALSE(dml.register_function("mine", [](const json&) { return json(); }));
    CHECK(dml.register_function("price", [](const json&) { return json(7); }));
    CHECK(dml.eval("price()") == json(7));
    CHECK(dml.eval("dml.q'1 s' == dml.q'1000 ms'") == json(true));
  }
}

TEST_CASE("host api: a cancel while nothing runs: the next call does not start", "[host_api]") {
  dml::Interpreter dml;
  dml.cancel();
  // register_function and set_args run no script: they neither stop for the cancel nor forget it
  CHECK(dml.register_function("f", [](const json&) { return json(1); }));
  CHECK(dml.set_args({"dml", "s.lua", "a"}, 1));
  CHECK_FALSE(dml.run_string("x = 42", "=c"));  // helper-82: it ran, then reported failure
  CHECK(dml.error() == "interrupted");
  CHECK(dml.stop_reason() == dml::StopReason::kInterrupted);
  CHECK(dml.stop_where().empty());
  CHECK(dml.interrupted());
  CHECK(dml.eval("rawget(_G, 'x')") == json(nullptr));  // no line of it ran
  CHECK(dml.eval("f()") == json(1));                    // the cancel went with the call it stopped
  dml.cancel();
  CHECK_FALSE(dml.eval("1").has_value());
  CHECK(dml.error() == "interrupted");
  dml.cancel();
  CHECK_FALSE(dml.call("dml.layout_text", json::array()).has_value());
  CHECK(dml.error() == "interrupted");
  CHECK(dml.eval("1") == json(1));
}

TEST_CASE("host api: a call that passed its timeout inside a host function fails for it",
          "[host_api]") {
  // The count hook comes every 1,000 instructions: a host function (or a long C function) that
  // returns past the timeout, followed by a few instructions, used to let the call succeed.
  dml::InterpreterOptions options;
  options.timeout = dml::units::seconds(0.2);
  dml::Interpreter dml(options);
  REQUIRE(dml.register_function("slow", [](const json&) -> json {
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    return 1;
  }));
  CHECK_FALSE(dml.run_string("x = slow() + 1", "=slow"));
  CHECK(dml.error() == "timeout of 200 ms reached");
  CHECK(dml.stop_reason() == dml::StopReason::kTimeout);
  CHECK_FALSE(dml.eval("slow()").has_value());
  CHECK(dml.stop_reason() == dml::StopReason::kTimeout);
  CHECK(dml.run_string("y = 1"));  // the next call has its own timeout
  CHECK(dml.stop_reason() == dml::StopReason::kNone);
}

TEST_CASE("host api: eval and call run under the limits and cancel", "[host_api]") {
  dml::InterpreterOptions options;
  options.max_instructions = 100000;
  dml::Interpreter dml(options);
  CHECK_FALSE(dml.eval("(function() while true do end end)()"));
  CHECK(dml.error() == "(eval):1: instruction limit of 100,000 reached");
  CHECK(dml.stop_reason() == dml::StopReason::kInstructionLimit);
  dml.cancel();
  CHECK_FALSE(dml.eval("(function() local n = 0 for i = 1, 1e5 do n = n + i end end)()"));
  CHECK(dml.error() == "interrupted");  // a cancel while nothing ran: the call did not start
  CHECK(dml.stop_reason() == dml::StopReason::kInterrupted);
  CHECK(dml.eval("1") == json(1));  // the cancel went with the call that saw it
}

// Options out of range are refused by the constructor, naming the option: a negative or NaN
// limit read as "none" would switch a sandbox's limit off unseen.
TEST_CASE("host api: the constructor refuses options out of range", "[host_api]") {
  const auto refused = [](const dml::InterpreterOptions& o, const std::string& message) {
    try {
      dml::Interpreter d(o);
      FAIL("no exception");
    } catch (const std::invalid_argument& e) {
      CHECK(std::string(e.what()) == message);
    }
  };
  dml::InterpreterOptions o;
  o.timeout = dml::units::Seconds(-1);
  refused(o,
          "InterpreterOptions.timeout: expected 0 (no limit) or a positive finite time in "
          "seconds, got -1");
  o.timeout = dml::units::Seconds(std::nan(""));
  refused(o,
          "InterpreterOptions.timeout: expected 0 (no limit) or a positive finite time in "
          "seconds, got NaN");  // as every message writes it (dml/error.hpp)
  o.timeout = dml::units::Seconds(-std::numeric_limits<double>::infinity());
  refused(o,
          "InterpreterOptions.timeout: expected 0 (no limit) or a positive finite time in "
          "seconds, got -inf");
  o = {};
  o.max_memory = dml::units::Bytes(-5);
  refused(o,
          "InterpreterOptions.max_memory: expected 0 (no limit) or a positive finite size in "
          "bytes, got -5");
  o = {};
  o.max_instructions = -5;
  refused(o,
          "InterpreterOptions.max_instructions: expected 0 (no limit) or a positive finite "
          "count, got -5");
  o = {};
  o.shard_index = 3;
  o.shard_count = 2;
  refused(o, "InterpreterOptions.shard_index/shard_count: 3/2: expected K/N with 1 <= K <= N");
  o = {};
  o.stdlib_dir = "/nonexistent";
  CHECK_THROWS_WITH(dml::Interpreter(o),
                    "cannot load dml's stdlib: InterpreterOptions.stdlib_dir \"/nonexistent\": "
                    "no such directory");
  o.stdlib_dir = "/etc/passwd";  // there, but a file (helper-120: had said "no such directory")
  CHECK_THROWS_WITH(dml::Interpreter(o),
                    "cannot load dml's stdlib: InterpreterOptions.stdlib_dir \"/etc/passwd\": "
                    "not a directory");
}

// Independent interpreters share nothing: the same scenario in four threads gives what it gives
// alone, while another thread cancels a fifth. Built under ThreadSanitizer by the thread test
// (cmake/test-threads.sh); here it checks the results.
TEST_CASE("host api: interpreters run concurrently in threads", "[host_api][threads]") {
  constexpr const char* kScenario = R"lua(
    local gpus = require "dml.presets.gpus"
    local c = dml.cluster { gpu = gpus.h100_sxm, levels = {
      { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" },
      { name = "ib", bandwidth = "100 GB/s", latency = "5 us" } } }
    t = dml.sweep { grid = { d = { 12288, 24576, 49152 } },
      run = function(p) return dml.run { model = dml.mlp_stack { d_model = p.d }, cluster = c } end }
    n = 0
    for i = 1, 20000 do n = n + i end
  )lua";
  json alone;
  {
    dml::Interpreter dml;
    REQUIRE(dml.run_string(kScenario));
    alone = *dml.eval("{ t, n }");
  }
  std::vector<json> results(4);
  std::vector<std::string> errors(4);
  std::atomic<bool> looping{false};
  std::string cancelled_error;
  {
    std::vector<std::jthread> threads;
    for (std::size_t i = 0; i < results.size(); ++i) {
      threads.emplace_back([&, i] {
        dml::InterpreterOptions options;
        options.print = [](std::string_view) {};
        dml::Interpreter dml(options);
        if (!dml.run_string(kScenario)) errors[i] = dml.error();
        results[i] = dml.eval("{ t, n }").value_or(json());
      });
    }
    dml::Interpreter looper;
    std::jthread canceller([&] {
      while (!looping.load()) std::this_thread::yield();
      looper.cancel();
    });
    REQUIRE(looper.register_function("started", [&](const json&) {
      looping.store(true);
      return json();
    }));
    CHECK_FALSE(looper.run_string("started()\nwhile true do end", "=loop"));
    looping.store(true);  // the canceller ends whatever happened
    cancelled_error = looper.error();
  }
  for (std::size_t i = 0; i < results.size(); ++i) {
    CHECK(errors[i].empty());
    CHECK(results[i] == alone);
  }
  CHECK(cancelled_error == "loop:2: interrupted");
}

TEST_CASE("host api: the host's own steps fail cleanly when a script changed the globals",
          "[host_api]") {
  // require, doc and set_args touch the globals; a script that made _G read-only makes them
  // return false with the message (it aborted the process).
  dml::Interpreter locked;
  REQUIRE(locked.run_string(
      "setmetatable(_G, { __newindex = function(_, k) error('read-only: ' .. k, 2) end })"));
  CHECK_FALSE(locked.set_args({"dml", "s.lua"}, 1));
  CHECK_THAT(locked.error(), Catch::Contains("read-only: arg"));
  CHECK_FALSE(locked.require("dml.presets.gpus", "gpus"));
  CHECK_THAT(locked.error(), Catch::Contains("read-only: gpus"));
  CHECK(locked.run_string("local x = 1"));  // the interpreter still runs

  // Misuse of the raw API: an index outside argv, a call with nothing on the stack.
  dml::Interpreter raw;
  CHECK_FALSE(raw.set_args({"a"}, 5));
  CHECK_THAT(raw.error(), Catch::Contains("script index 5"));
  CHECK_FALSE(raw.call_function(0, 0));
  CHECK_THAT(raw.error(), Catch::Contains("call_function: the stack holds 0 values"));
  CHECK_FALSE(raw.call_function(-1, 0));  // (it said "fewer than a function and its -1 arguments")
  CHECK(raw.error() == "call_function: nargs: expected 0 or more arguments, got -1");
  CHECK(raw.set_args({"dml", "s.lua", "x"}, 1));
  CHECK(raw.run_string("assert(arg[0] == 's.lua' and arg[1] == 'x' and arg[-1] == 'dml')"));
}

TEST_CASE("host api: require and doc are the host's whatever a script does to the globals",
          "[host_api]") {
  // They reached `require` and `dml` through the globals: a script that removed or replaced
  // them changed what the host's calls did, in the sandbox too.
  for (const bool sandbox : {false, true}) {
    dml::InterpreterOptions options;
    options.sandbox = sandbox;
    dml::Interpreter dml(options);
    REQUIRE(
        dml.run_string("require = function() return 'fake' end\n"
                       "dml.doc = function() return 'fake' end\n"
                       "dml = 5"));
    CHECK(dml.require("dml.presets.gpus", "gpus"));
    CHECK(dml.eval("gpus.h100_sxm.name") == json("H100 SXM"));
    std::string text;
    CHECK(dml.doc("cluster", text));
    CHECK_THAT(text, Catch::StartsWith("dml.cluster"));
    REQUIRE(dml.run_string("require = nil"));
    CHECK(dml.require("dml.presets.networks", "networks"));
    CHECK(dml.require("dml.presets.gpus", "gpus"));  // a global a require set may be set again
    // ... while it holds what the require set: a script's own value there is the script's
    // (helper-374: a table a script set over "gpus" was replaced).
    REQUIRE(dml.run_string("gpus = { mine = true }"));
    CHECK_FALSE(dml.require("dml.presets.networks", "gpus"));
    CHECK(dml.error() ==
          "require: \"gpus\" is a global the scripts have already (a table): choose another name");
    CHECK(dml.eval("gpus.mine") == json(true));
    // The global is a name a script can write, as register_function's.
    for (const char* global : {"a.b", "end", "_ENV", "", "1x"}) {
      CHECK_FALSE(dml.require("dml.presets.gpus", global));
      CHECK(dml.error() ==
            fmt::format("require: the global \"{}\" is not a name like \"gpus\"", global));
    }
    // ... and not one the scripts have already (helper-82: "dml" replaced broke every later
    // call).
    CHECK_FALSE(dml.require("dml.presets.gpus", "print"));
    CHECK(dml.error() ==
          "require: \"print\" is a global the scripts have already (a function): choose another "
          "name");
    CHECK_FALSE(dml.require("dml.presets.gpus", "dml"));
    CHECK(dml.error() ==
          "require: \"dml\" is a global the scripts have already (a number): choose another name");
    CHECK_FALSE(dml.register_function("_ENV", [](const json&) { return json(); }));
    CHECK(dml.error() == "register_function: \"_ENV\" is not a name like \"lookup\"");
  }
}

TEST_CASE("host api: an error's whole message, and whether it was a usage error", "[host_api]") {
  dml::Interpreter dml;
  // A NUL inside the message is kept: the text after it is not lost.
  REQUIRE_FALSE(dml.run_string("dml.error('a\\0b')", "=nul"));
  CHECK(dml.error() == std::string("nul:1: a\0b", 10));
  CHECK_FALSE(dml.usage_error());
  // dml.usage_error: the call ended with it; caught and followed by another error, it did not.
  REQUIRE_FALSE(dml.run_string("dml.usage_error('needs FILE')", "=args"));
  CHECK(dml.error() == "args: needs FILE");  // the script, not its line: the fault is in `...`
  CHECK(dml.usage_error());
  REQUIRE_FALSE(dml.run_string("pcall(dml.usage_error, 'x') error('other', 0)", "=later"));
  CHECK(dml.error() == "other");
  CHECK_FALSE(dml.usage_error());
  REQUIRE(dml.run_string("x = 1", "=ok"));
  CHECK_FALSE(dml.usage_error());
}

TEST_CASE("host api: an error about a field of a chunk run from memory names the field's line",
          "[host_api]") {
  dml::Interpreter dml;
  // The declaration's call is on line 1; its bad field on line 3. A file's text is read from
  // disk; a chunk given as text is kept under its "=" or "@" name.
  constexpr const char* kBad =
      "local m = dml.transformer {\n  layers = 2,\n  d_model = -5,\n"
      "  heads = 2, d_ff = 8, vocab = 10, seq_len = 4 }\n";
  REQUIRE_FALSE(dml.run_string(kBad, "=tool"));
  CHECK(dml.error() == "tool:3: transformer.d_model: must be a positive whole number, got -5");
  // An "@" name of no file on disk (an embedder's virtual scenario): the same.
  REQUIRE_FALSE(dml.run_string(kBad, "@virtual/scenario.lua"));
  CHECK(dml.error() ==
        "virtual/scenario.lua:3: transformer.d_model: must be a positive whole number, got -5");
  // The same name run again with the same text: still known.
  REQUIRE_FALSE(dml.run_string(kBad, "=tool"));
  CHECK(dml.error() == "tool:3: transformer.d_model: must be a positive whole number, got -5");
  // The same name with other text: a function of the first chunk could raise the error, so
  // neither text is used and the message keeps the call's line.
  REQUIRE(
      dml.run_string("function later() return dml.transformer {\n  layers = -1 } end", "=tool"));
  REQUIRE_FALSE(dml.run_string(kBad, "=tool"));
  CHECK(dml.error() == "tool:1: transformer.d_model: must be a positive whole number, got -5");
}

TEST_CASE("host api: the prompt's errors go to the host's message callback", "[host_api]") {
  // helper-120: repl() had written them to standard error, past the callback.
  // (On a terminal the prompt reads it through libedit, not std::cin: nothing to test there.)
  if (isatty(STDIN_FILENO) != 0) return;
  std::vector<std::string> printed, messages;
  dml::InterpreterOptions options;
  options.print = [&](std::string_view line) { printed.emplace_back(line); };
  options.message = [&](std::string_view line) { messages.emplace_back(line); };
  dml::Interpreter dml(options);
  std::istringstream input("1 + 1\ndml.level { bandwidth = 9 }\nerror('boom')\nprint('after')\n");
  std::streambuf* const saved = std::cin.rdbuf(input.rdbuf());
  dml.repl();  // standard input is not a terminal: plain lines, no prompt
  std::cin.rdbuf(saved);
  CHECK(printed == std::vector<std::string>{"2", "after"});
  REQUIRE(messages.size() == 2);
  CHECK(messages[0].find("level.bandwidth") != std::string::npos);
  CHECK(messages[1] == "stdin:1: boom");
}
