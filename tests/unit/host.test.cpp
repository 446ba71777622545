// The host's side of a running script: cancellation from another thread, the limits (time,
// instructions, memory), where print, messages and progress go, and text-only chunks.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "dml/interpreter.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// A search of seconds (the paper's reference search on a four-level network).
constexpr const char* kLongSearch = R"lua(
  local gpus = require "dml.presets.gpus"
  local deep = dml.cluster { gpu = gpus.h100_sxm, levels = {
    { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" },
    { name = "rail", size = 64, bandwidth = "400 GB/s", latency = "2 us" },
    { name = "pod", size = 4096, bandwidth = "200 GB/s", latency = "3 us" },
    { name = "ib", bandwidth = "100 GB/s", latency = "5 us" } } }
  function long_run(d)
    return dml.run { model = dml.mlp_stack { d_model = d, experts = 24 }, cluster = deep,
      duration = "90 days", options = dml.options { reference_search = true } }
  end
  local flat = dml.cluster { gpu = gpus.h100_sxm, levels = {
    { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" },
    { name = "ib", bandwidth = "100 GB/s", latency = "5 us" } } }
  function quick_run(d)  -- a millisecond
    return dml.run { model = dml.mlp_stack { d_model = d }, cluster = flat }
  end
)lua";

// A transformer run of `layers` on 16 H100s, quick to search.
constexpr const char* kQuickTransformer = R"lua(
  local gpus = require "dml.presets.gpus"
  local networks = require "dml.presets.networks"
  function mk(layers)
    return dml.run { model = dml.transformer { name = "m", layers = layers, d_model = 1024,
        heads = 16, d_ff = 4096, vocab = 32000, seq_len = 2048 }, global_batch = 64,
      stack = (require "dml.presets.stacks").megatron_core,
      cluster = dml.cluster { gpu = gpus.h100_sxm, size = 16,
        levels = { networks.nvlink4_h100, networks.infiniband_ndr } } }
  end
  function mk_moe(batch)  -- a search of milliseconds
    return dml.run { model = dml.transformer { name = "moe", layers = 48, d_model = 4096,
        heads = 32, kv_heads = 8, d_ff = 14336, vocab = 128000, seq_len = 4096,
        moe = { experts = 64, top_k = 4, expert_d_ff = 2048 } }, global_batch = batch,
      stack = (require "dml.presets.stacks").megatron_core,
      cluster = dml.cluster { gpu = gpus.h100_sxm, size = 512,
        levels = { networks.nvlink4_h100, networks.infiniband_ndr } } }
  end
)lua";

// Runs `chunk` on a thread; `started` turns true when the script prints "started".
struct Running {
  explicit Running(dml::InterpreterOptions options = {}) {
    options.print = [this](std::string_view line) {
      if (line.starts_with("started")) started.store(true);
      lines.emplace_back(line);
    };
    dml = std::make_unique<dml::Interpreter>(std::move(options));
  }
  void start(std::string chunk, std::string name) {
    thread = std::thread([this, chunk = std::move(chunk), name = std::move(name)] {
      ok = dml->run_string(chunk, name);
      ended = Clock::now();
      done.store(true);
    });
    while (!started.load() && !done.load())
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  void join() { thread.join(); }

  std::unique_ptr<dml::Interpreter> dml;
  std::thread thread;
  std::atomic<bool> started{false};
  std::atomic<bool> done{false};
  bool ok = false;
  Clock::time_point ended;
  std::vector<std::string> lines;  // written by the script's thread; read after join()
};

}  // namespace

// The options as the header shows them, with designated initializers: every member has an
// initializer, so g++'s -Wextra (-Wmissing-field-initializers, an error under DML_WERROR) says
// nothing of the ones left out (helper-347: five had none).
TEST_CASE("host: options from designated initializers", "[host]") {
  dml::Interpreter sandboxed({.sandbox = true, .max_instructions = 1000000});
  CHECK(sandboxed.run_string("x = 1 + 1"));
  CHECK_FALSE(sandboxed.run_string("io.write('x')"));
}

TEST_CASE("host: cancel from another thread stops a Lua loop at its line", "[host]") {
  Running r;
  r.start("print('started')\nlocal x = 0\nwhile true do x = x + 1 end", "=loop");
  r.dml->cancel();
  r.join();
  CHECK_FALSE(r.ok);
  CHECK(r.dml->error() == "loop:3: interrupted");
  CHECK(r.dml->stop_reason() == dml::StopReason::kInterrupted);
  CHECK(r.dml->stop_where() == "loop:3");
  CHECK(r.dml->interrupted());
  // The cancel is forgotten with the call: the next one runs.
  CHECK(r.dml->run_string("y = 1"));
  CHECK(r.dml->stop_reason() == dml::StopReason::kNone);
  CHECK_FALSE(r.dml->interrupted());
}

TEST_CASE("host: pcall cannot keep a cancel", "[host]") {
  Running r;
  r.start(
      "print('started')\n"
      "while true do pcall(function() while true do end end) end",
      "=stubborn");
  r.dml->cancel();
  r.join();
  CHECK_FALSE(r.ok);
  CHECK(r.dml->error() == "stubborn:2: interrupted");
}

TEST_CASE("host: cancel stops a long search within 0.1 s", "[host][latency]") {
  Running r;
  REQUIRE(r.dml->run_string(kLongSearch));
  r.start("print('started')\nlocal plan = dml.optimize(long_run(36864))", "=search");
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  REQUIRE_FALSE(r.done.load());  // the search takes seconds
  const auto cancelled = Clock::now();
  r.dml->cancel();
  r.join();
  const double latency = std::chrono::duration<double>(r.ended - cancelled).count();
  CHECK_FALSE(r.ok);
  CHECK(r.dml->error() == "search:2: interrupted");
  CHECK(latency < 0.1);
}

TEST_CASE("host: the first cancel lets a sweep keep what finished, a second ends the script",
          "[host]") {
  std::atomic<bool> two_done{false};
  dml::InterpreterOptions options;
  options.progress = [&](const dml::Progress& p) {
    if (p.label == "sweep" && p.done >= 2) two_done.store(true);
  };
  Running r(std::move(options));
  REQUIRE(r.dml->run_string(kLongSearch));
  // Two quick runs, then two that take seconds: the workers finish the quick ones first.
  r.start(R"lua(
    print('started')
    local t = dml.sweep { grid = { d = { 12288, 16384, 36864, 36864 } },
                          run = function(p) return p.d < 20000 and quick_run(p.d) or long_run(p.d) end }
    print('rows ' .. #t .. ' ' .. tostring(t.interrupted))
    print('started again')
    while true do end)lua",
          "=sweep");
  while (!two_done.load() && !r.done.load())
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  r.started.store(false);
  r.dml->cancel();
  while (!r.started.load() && !r.done.load())
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  r.dml->cancel();
  r.join();
  CHECK_FALSE(r.ok);
  CHECK(r.dml->error() == "sweep:7: interrupted");
  REQUIRE(r.lines.size() >= 2);
  CHECK(r.lines[1] == "rows 2 true");
  CHECK(r.dml->interrupted());
}

TEST_CASE("host: a first cancel while a sweep's own Lua runs ends the sweep, not the script",
          "[host]") {
  // The cancel arrives in the run function (Lua, between the searches): the sweep ends at its
  // next run with what finished (nothing here: the points are searched a chunk at a time, and
  // the chunk was not yet made), and the script goes on.
  dml::Interpreter* self = nullptr;
  std::vector<std::string> printed;
  dml::InterpreterOptions options;
  options.print = [&](std::string_view s) {
    printed.emplace_back(s);
    if (s == "cancel") self->cancel();
  };
  dml::Interpreter dml(options);
  self = &dml;
  REQUIRE(dml.run_string(kLongSearch));
  CHECK(dml.run_string(R"lua(
    local t = dml.sweep { grid = { d = { 12288, 16384, 20480 } }, run = function(p)
      if p.d == 16384 then print('cancel'); for i = 1, 1e5 do end end
      return quick_run(p.d) end }
    print('rows ' .. #t .. ' ' .. tostring(t.interrupted)))lua",
                       "=sweep"));
  INFO(dml.error());
  REQUIRE_FALSE(printed.empty());
  CHECK(printed.back() == "rows 0 true");
  CHECK(dml.interrupted());
}

// The threads of this process (Linux: one entry each in /proc/self/task).
std::size_t process_threads() {
  std::error_code ec;
  std::size_t n = 0;
  for (std::filesystem::directory_iterator it("/proc/self/task", ec), end; !ec && it != end;
       it.increment(ec)) {
    ++n;
  }
  return n;
}

TEST_CASE("host: options.threads is the number of a sweep's workers", "[host]") {
  // helper-172: two hosts' sweeps side by side each took every core, with no way to share them.
  // A sweep of 8 searches of about 50 ms, its threads counted at each progress report.
  for (const unsigned threads : {1U, 3U}) {
    dml::InterpreterOptions options;
    options.threads = threads;
    std::size_t most = 0;
    options.progress = [&](const dml::Progress& p) {
      if (p.label == "sweep") most = std::max(most, process_threads());
    };
    dml::Interpreter dml(options);
    REQUIRE(dml.run_string(kQuickTransformer));
    const std::size_t before = process_threads();
    CHECK(
        dml.run_string("local runs = {} for i = 1, 8 do runs[i] = mk_moe(512) end "
                       "assert(#dml.sweep { runs = runs } == 8)"));
    INFO(dml.error());
    CHECK(most == before + threads);
  }
  dml::InterpreterOptions too_many;
  too_many.threads = dml::InterpreterOptions::kMaxThreads + 1;
  CHECK_THROWS_WITH(dml::Interpreter(too_many),
                    "InterpreterOptions.threads: expected 0 (one per core) to 1024, got 1025");
}

TEST_CASE("host: a first cancel during a transformer sweep keeps the runs it finished", "[host]") {
  // Transformer runs are searched on all cores: a Ctrl-C at the sweep's first progress report
  // (every 20 ms, or its last run) stops the searches not yet finished, and the sweep keeps at
  // least the runs finished by then. How many finish depends on the cores and the clock; what
  // the sweep returns does not: interrupted, with the rows it finished.
  dml::Interpreter* self = nullptr;
  std::vector<std::string> printed;
  dml::InterpreterOptions options;
  options.print = [&](std::string_view s) { printed.emplace_back(s); };
  std::optional<std::size_t> done_at_cancel;
  options.progress = [&](const dml::Progress& p) {
    if (!done_at_cancel && p.label == "sweep") {
      done_at_cancel = p.done;
      self->cancel();
    }
  };
  dml::Interpreter dml(options);
  self = &dml;
  REQUIRE(dml.run_string(kQuickTransformer));
  CHECK(dml.run_string(R"lua(
    local t = dml.sweep { grid = { gb = { 256, 512, 768, 1024, 1280, 1536, 1792, 2048, 2304, 2560,
        2816, 3072, 3328, 3584, 3840, 4096, 4352, 4608, 4864, 5120, 5376, 5632, 5888, 6144, 6400,
        6656, 6912, 7168, 7424, 7680, 7936, 8192, 8448, 8704, 8960, 9216, 9472, 9728, 9984, 10240 } },
      run = function(p) return mk_moe(p.gb) end }
    local rows = 0
    for _, plan in ipairs(t.plans) do rows = rows + (plan.feasible and 1 or 0) end
    print(#t .. ' ' .. rows .. ' ' .. tostring(t.interrupted)))lua",
                       "=tsweep"));
  INFO(dml.error());
  REQUIRE(done_at_cancel);
  REQUIRE(printed.size() == 1);
  const std::size_t rows = std::stoul(printed[0]);
  CHECK(rows >= *done_at_cancel);
  CHECK(rows <= 40);
  CHECK(printed[0] == fmt::format("{} {} true", rows, rows));  // a row per finished search
  CHECK(dml.interrupted());
}

TEST_CASE("host: a cancel during the call's last C function interrupts the call", "[host]") {
  // print is the script's last statement and a C function: no Lua line runs after the cancel.
  dml::Interpreter* self = nullptr;
  dml::InterpreterOptions options;
  options.print = [&](std::string_view) { self->cancel(); };
  dml::Interpreter dml(options);
  self = &dml;
  CHECK_FALSE(dml.run_string("local x = 1\nprint(x)", "=last"));
  CHECK(dml.error() == "interrupted");
  CHECK(dml.interrupted());
  CHECK(dml.run_string("local y = 2"));  // the cancel was acted on: the next call runs
}

TEST_CASE("host: a cancel while nothing runs stops the next call", "[host]") {
  dml::Interpreter dml;
  dml.cancel();
  CHECK_FALSE(dml.run_string("local x = 0\nfor i = 1, 1e9 do x = x + i end", "=next"));
  CHECK(dml.error() == "interrupted");  // before its first line
  CHECK(dml.run_string("for i = 1, 1e5 do end"));
}

TEST_CASE("host: the timeout ends Lua code and searches, naming itself", "[host][latency]") {
  dml::InterpreterOptions options;
  options.timeout = dml::units::seconds(0.3);
  dml::Interpreter dml(options);
  auto t = Clock::now();
  CHECK_FALSE(dml.run_string("local x = 0\nwhile true do x = x + 1 end", "=spin"));
  CHECK(dml.error() == "spin:2: timeout of 300 ms reached");
  CHECK(dml.stop_reason() == dml::StopReason::kTimeout);
  CHECK(seconds_since(t) < 0.3 + 0.1);
  REQUIRE(dml.run_string(kLongSearch));  // each call has its own timeout
  t = Clock::now();
  CHECK_FALSE(dml.run_string("local plan = dml.optimize(long_run(36864))", "=search"));
  CHECK(dml.error() == "search:1: timeout of 300 ms reached");
  CHECK(seconds_since(t) < 0.3 + 0.1);
}

TEST_CASE("host: compiling a chunk is part of its call: its limits and a cancel hold",
          "[host][latency]") {
  // Chunks were compiled before their call began: a 50 MB string constant passed a 4 MB limit,
  // a chunk of 3,000,000 lines compiled for a second past a 0.2 s timeout, and a pending cancel
  // let a syntax error through and stopped the call after it instead.
  {
    dml::InterpreterOptions options;
    options.sandbox = true;
    options.max_memory = dml::units::bytes(4e6);
    dml::Interpreter dml(options);
    CHECK_FALSE(dml.run_string("s = '" + std::string(50'000'000, 'x') + "'", "=big"));
    CHECK(dml.error() == "memory limit of 4 MB reached");
    CHECK(dml.stop_reason() == dml::StopReason::kMemoryLimit);
    CHECK_FALSE(dml.eval("'" + std::string(50'000'000, 'x') + "'").has_value());
    CHECK(dml.stop_reason() == dml::StopReason::kMemoryLimit);
    CHECK(dml.run_string("s = 'x'"));
  }
  {
    dml::InterpreterOptions options;
    options.timeout = dml::units::seconds(0.2);
    dml::Interpreter dml(options);
    std::string lines;
    for (int i = 0; i < 3'000'000; ++i) lines += "x = 1\n";
    auto t = Clock::now();
    CHECK_FALSE(dml.run_string(lines, "=long"));
    CHECK(dml.error() == "timeout of 200 ms reached");
    CHECK(dml.stop_reason() == dml::StopReason::kTimeout);
    CHECK(seconds_since(t) < 0.2 + 0.1);
    const std::filesystem::path path = std::filesystem::temp_directory_path() /
                                       fmt::format("dml-host-test-{}-long.lua", ::getpid());
    {
      std::ofstream out(path, std::ios::binary);
      out << lines;
    }
    t = Clock::now();
    CHECK_FALSE(dml.run_file(path.string()));
    std::filesystem::remove(path);
    CHECK(dml.error() == "timeout of 200 ms reached");
    CHECK(dml.stop_reason() == dml::StopReason::kTimeout);
    CHECK(seconds_since(t) < 0.2 + 0.1);
  }
  {
    dml::Interpreter dml;
    dml.cancel();
    CHECK_FALSE(dml.run_string("x = = 1", "=syntax"));
    CHECK(dml.error() == "interrupted");
    CHECK(dml.stop_reason() == dml::StopReason::kInterrupted);
    CHECK(dml.run_string("x = 1"));  // the cancel went with the call it stopped
    // A syntax error, or a file that cannot be read, is Lua's own message, as before.
    CHECK_FALSE(dml.run_string("x = = 1", "=syntax"));
    CHECK(dml.error() == "syntax:1: unexpected symbol near '='");
    CHECK(dml.stop_reason() == dml::StopReason::kNone);
    CHECK_FALSE(dml.run_file("/nonexistent/s.lua"));
    CHECK(dml.error() == "cannot open /nonexistent/s.lua: No such file or directory");
  }
}

TEST_CASE("host: the instruction limit counts Lua instructions", "[host]") {
  dml::InterpreterOptions options;
  options.max_instructions = 100000;
  dml::Interpreter dml(options);
  CHECK(dml.run_string("for i = 1, 1000 do end"));  // about 4,000 instructions
  CHECK_FALSE(dml.run_string("for i = 1, 1e6 do end", "=count"));
  CHECK(dml.error() == "count:1: instruction limit of 100,000 reached");
  CHECK(dml.stop_reason() == dml::StopReason::kInstructionLimit);
  // Caught through coroutine.resume, which returns the error as a value, the limit still ends
  // the call: false, with the limit's reason and line (helper-95: true and kNone).
  CHECK_FALSE(
      dml.run_string("local co = coroutine.create(function() while true do end end)\n"
                     "caught = select(2, coroutine.resume(co))",
                     "=caught"));
  CHECK(dml.error() == "caught:1: instruction limit of 100,000 reached");
  CHECK(dml.stop_reason() == dml::StopReason::kInstructionLimit);
  // coroutine.wrap, which puts its caller's place before the message, does not name it twice.
  CHECK_FALSE(dml.run_string("coroutine.wrap(function() while true do end end)()", "=wrapped"));
  CHECK(dml.error() == "wrapped:1: instruction limit of 100,000 reached");
  // Called on another line, and wrapped twice (helper-101: "wrapped:2: wrapped:1: ...").
  CHECK_FALSE(
      dml.run_string("local a = coroutine.wrap(function()\n"
                     "  local b = coroutine.wrap(function() while true do end end)\n"
                     "  b()\nend)\na()",
                     "=wrapped"));
  CHECK(dml.error() == "wrapped:2: instruction limit of 100,000 reached");
  // The next call runs on its own count.
  CHECK(dml.run_string("for i = 1, 1000 do end"));
}

TEST_CASE(
    "host: the time and instruction limits hold from the first call on, not the stdlib's load",
    "[host]") {
  // Loading the stdlib takes tens of thousands of instructions: a limit below that used to end
  // the constructor with "cannot load dml's stdlib: instruction limit of 10 reached".
  dml::InterpreterOptions options;
  options.max_instructions = 10;
  options.timeout = dml::units::seconds(1e-9);
  std::optional<dml::Interpreter> dml;
  REQUIRE_NOTHROW(dml.emplace(options));
  CHECK_FALSE(dml->run_string("for i = 1, 1e6 do end", "=count"));
  CHECK((dml->stop_reason() == dml::StopReason::kInstructionLimit ||
         dml->stop_reason() == dml::StopReason::kTimeout));
  dml::InterpreterOptions only_count;
  only_count.max_instructions = 10;
  dml::Interpreter counted(only_count);
  CHECK_FALSE(counted.run_string("for i = 1, 1e6 do end", "=count"));
  CHECK(counted.error() == "count:1: instruction limit of 10 reached");
}

TEST_CASE("host: the memory limit refuses what passes it, and the interpreter goes on", "[host]") {
  dml::InterpreterOptions options;
  options.max_memory = dml::units::bytes(20e6);
  dml::Interpreter dml(options);
  CHECK_FALSE(
      dml.run_string("local t = {}\nwhile true do t[#t + 1] = ('x'):rep(100) .. #t end", "=grow"));
  CHECK(dml.error() == "grow:2: memory limit of 20 MB reached");
  CHECK(dml.stop_reason() == dml::StopReason::kMemoryLimit);
  CHECK_FALSE(dml.run_string("local s = ('x'):rep(1e9)", "=big"));
  CHECK(dml.error() == "big:1: memory limit of 20 MB reached");
  // Within a pcall the script sees Lua's own error, and the limit still holds.
  CHECK(
      dml.run_string("ok, e = pcall(string.rep, 'x', 1e9)\nassert(not ok and e == 'not enough "
                     "memory')"));
  CHECK(dml.run_string("x = ('y'):rep(1000)"));
}

TEST_CASE("host: a memory limit below what the stdlib holds says so", "[host]") {
  // (helper-95: a 1 kB limit stopped the next chunk with "memory limit of 1 kB reached" alone)
  dml::InterpreterOptions options;
  options.max_memory = dml::units::bytes(1000);
  dml::Interpreter dml(options);
  CHECK_FALSE(dml.run_string("local t = { 1, 2, 3 }", "=tiny"));
  CHECK_THAT(dml.error(), Catch::Matchers::StartsWith("memory limit of 1 kB reached (dml's stdlib "
                                                      "alone holds ") &&
                              Catch::Matchers::EndsWith(" kB: give a few MB at least)"));
  CHECK(dml.stop_reason() == dml::StopReason::kMemoryLimit);
}

TEST_CASE("host: a positive memory limit below a byte is a limit, not none", "[host]") {
  // (helper-106: 0.5 B read as no limit and let a chunk take 200 MB)
  dml::InterpreterOptions options;
  options.max_memory = dml::units::bytes(0.5);
  dml::Interpreter dml(options);
  CHECK_FALSE(dml.run_string("local s = ('x'):rep(2e6)", "=tiny"));
  CHECK(dml.stop_reason() == dml::StopReason::kMemoryLimit);
}

TEST_CASE("host: print, dml's messages and progress go to the host", "[host]") {
  std::vector<std::string> printed, messages;
  struct Report {
    std::string label;
    std::size_t done, total;
  };
  std::vector<Report> progress;
  dml::Interpreter* self = nullptr;
  dml::InterpreterOptions options;
  options.print = [&](std::string_view s) { printed.emplace_back(s); };
  options.message = [&](std::string_view s) { messages.emplace_back(s); };
  options.progress = [&](const dml::Progress& p) {
    progress.push_back({std::string(p.label), p.done, p.total});
    // Ctrl-C at the first report, once: under load the workers may not see it before the next
    // report, and a second cancel is a second Ctrl-C (it ends the script).
    if (progress.size() == 1) self->cancel();
  };
  dml::Interpreter dml(options);
  self = &dml;
  REQUIRE(dml.run_string("print('a', 1, nil, dml.q'1 GB')\nprint()"));
  CHECK(printed == std::vector<std::string>{"a\t1\tnil\t1 GB", ""});
  REQUIRE(dml.run_string(kLongSearch));
  // The sweep stops at its first report, keeps nothing, and says so; the script goes on.
  REQUIRE(dml.run_string(
      "t = dml.sweep { grid = { d = { 36864, 36864 } }, run = function(p) return long_run(p.d) "
      "end }\nassert(t.interrupted and #t == 0)"));
  CHECK(messages == std::vector<std::string>{"dml: sweep interrupted: 0 of 2 runs finished"});
  CHECK(dml.interrupted());
  REQUIRE_FALSE(progress.empty());  // every 20 ms: the first one cancelled it
  CHECK(progress[0].label == "sweep");
  CHECK(progress[0].done == 0);
  CHECK(progress[0].total == 2);
  for (const Report& r : progress) CHECK(r.total == 2);  // no search inside speaks for itself
}

TEST_CASE("host: one long search reports the candidates it has tried", "[host]") {
  std::vector<dml::Progress> reports;
  std::vector<std::string> labels;
  dml::Interpreter* self = nullptr;
  dml::InterpreterOptions options;
  options.progress = [&](const dml::Progress& p) {
    reports.push_back(p);
    labels.emplace_back(p.label);
    if (reports.size() == 3) self->cancel();  // Ctrl-C at the third report
  };
  dml::Interpreter dml(options);
  self = &dml;
  REQUIRE(dml.run_string(kLongSearch));
  // The search takes seconds: it reports every 20 ms, with no total (one search), and the
  // count of candidates tried grows.
  REQUIRE_FALSE(dml.run_string("local plan = dml.optimize(long_run(36864))", "=search"));
  CHECK(dml.error() == "search:1: interrupted");
  REQUIRE(reports.size() == 3);
  for (std::size_t i = 0; i < reports.size(); ++i) {
    CHECK(labels[i] == "optimize");
    CHECK(reports[i].total == 0);
    CHECK(reports[i].done > 0);
    if (i > 0) CHECK(reports[i].done > reports[i - 1].done);
  }
}

TEST_CASE("host: dml.optimize_up_to's searches say which size they search", "[host]") {
  // helper-375: each search reported as "optimize", with no word of the size or how many are
  // left. Ctrl-C at the first report (a MoE search takes more than the 20 ms between reports).
  std::vector<std::string> labels;
  dml::Interpreter* self = nullptr;
  dml::InterpreterOptions options;
  options.progress = [&](const dml::Progress& p) {
    labels.emplace_back(p.label);
    if (labels.size() == 1) self->cancel();
  };
  dml::Interpreter dml(options);
  self = &dml;
  REQUIRE_FALSE(dml.run_string(R"lua(
    local gpus, networks, stacks = require "dml.presets.gpus", require "dml.presets.networks",
      require "dml.presets.stacks"
    local v3 = dml.transformer { layers = 61, d_model = 7168, heads = 128, head_dim = 128, d_ff = 18432,
      vocab = 129280, seq_len = 4096, mla = { kv_rank = 512, q_rank = 1536, rope_dim = 64, v_dim = 128 },
      mtp_layers = 1, moe = { experts = 256, top_k = 8, shared_experts = 1, expert_d_ff = 2048, dense_layers = 3 } }
    local run = dml.run { model = v3, stack = stacks.megatron_core, global_batch = 1024, cluster = dml.cluster {
      gpu = gpus.h100_sxm, size = 256, levels = { networks.nvlink4_h100, networks.infiniband_ndr } } }
    dml.optimize_up_to(run))lua",
                               "=up_to"));
  REQUIRE_FALSE(labels.empty());
  CHECK(labels[0].starts_with("optimize_up_to ("));
  CHECK(labels[0].ends_with(" of 17)"));
  CHECK(labels[0].find(" GPUs, ") != std::string::npos);
}

TEST_CASE("host: chunks are Lua text, binary chunks are refused everywhere", "[host]") {
  dml::Interpreter dml;
  CHECK_FALSE(dml.run_string("load(string.dump(function() end), 'f', 'b')", "=b"));
  CHECK(dml.error() ==
        "b:1: load: binary chunks are refused (mode \"b\"); dml loads Lua text only");
  REQUIRE(dml.run_string(R"lua(
    local f, e = load(string.dump(function() return 1 end))
    assert(f == nil and e == "attempt to load a binary chunk (mode is 't')", e)
    f, e = load("\27Lua\x54\0 a corrupted chunk", "c", "bt")
    assert(f == nil and e == "attempt to load a binary chunk (mode is 't')", e)
    assert(load("return 1 + 1")() == 2)
    assert(load("return x", "c", "t", { x = 5 })() == 5)
    assert(load("return x", "c", nil, { x = 6 })() == 6)
    local parts = { "return ", "7" }
    assert(load(function() return table.remove(parts, 1) end)() == 7)
  )lua"));
}

TEST_CASE(
    "host: print's callback gets a call a line, and whatever it throws is an error at the "
    "script's line",
    "[host]") {
  std::vector<std::string> lines;
  bool fail = false;
  dml::InterpreterOptions options;
  options.print = [&](std::string_view s) {
    if (fail) throw 42;  // not a std::exception
    lines.emplace_back(s);
  };
  dml::Interpreter dml(options);
  REQUIRE(dml.run_string("print('a\\nb', 1)"));
  CHECK(lines == std::vector<std::string>{"a", "b\t1"});
  fail = true;
  CHECK_FALSE(dml.run_string("local x = 1\nprint('x')", "=cb"));
  CHECK(dml.error() == "cb:2: print: the host's callback failed");
  // Inside a coroutine the error ends the coroutine, which can be closed.
  fail = true;
  REQUIRE(dml.run_string(R"lua(
    local co = coroutine.create(function() print('in co') end)
    local ok, err = coroutine.resume(co)
    assert(not ok and err:find("print: the host's callback failed", 1, true), err)
    assert(coroutine.status(co) == "dead")
    assert(coroutine.close(co) == false))lua"));
}

TEST_CASE("host: a progress callback that throws is not called again", "[host]") {
  int calls = 0;
  dml::InterpreterOptions options;
  options.progress = [&](const dml::Progress&) {
    ++calls;
    throw std::runtime_error("broken");
  };
  dml::Interpreter dml(options);
  // A transformer sweep reports its last run (and others every 20 ms).
  REQUIRE(dml.run_string(kQuickTransformer));
  const char* sweep =
      "dml.sweep { grid = { layers = { 8, 12, 16 } }, run = function(q) return mk(q.layers) end }";
  REQUIRE(dml.run_string(sweep));
  REQUIRE(calls == 1);
  REQUIRE(dml.run_string(sweep));  // a later call: still not called
  CHECK(calls == 1);
}

TEST_CASE("host: a Ctrl-C an inner sweep keeps its rows for ends the outer sweep too", "[host]") {
  dml::Interpreter* self = nullptr;
  std::vector<std::string> printed;
  dml::InterpreterOptions options;
  options.print = [&](std::string_view s) { printed.emplace_back(s); };
  bool cancelled = false;
  options.progress = [&](const dml::Progress& p) {
    if (!cancelled && p.label == "sweep" && p.done >= 1) {
      cancelled = true;
      self->cancel();
    }
  };
  dml::Interpreter dml(options);
  self = &dml;
  REQUIRE(dml.run_string(kQuickTransformer));
  // The outer sweep's run function runs an inner sweep; the first report is the inner one's
  // (at 20 ms, or its last run): it keeps what it finished, and the outer sweep ends with none.
  CHECK(dml.run_string(R"lua(
    local t = dml.sweep { grid = { k = { 1, 2, 3 } }, run = function(p)
      local inner = dml.sweep { grid = { layers = { 8, 12, 16 } }, run = function(q) return mk(q.layers) end }
      print('inner ' .. #inner .. ' ' .. tostring(inner.interrupted))
      return mk(8) end }
    print('outer ' .. #t .. ' ' .. tostring(t.interrupted)))lua",
                       "=nested"));
  INFO(dml.error());
  REQUIRE(printed.size() == 2);
  CHECK_THAT(printed[0], Catch::Matchers::Matches("inner [123] true"));
  CHECK(printed[1] == "outer 0 true");
  CHECK(dml.interrupted());
}

TEST_CASE("host: a transformer sweep reports its runs at most every 20 ms, and its last",
          "[host]") {
  std::vector<std::size_t> done;
  std::vector<std::string> labels;
  dml::InterpreterOptions options;
  options.progress = [&](const dml::Progress& p) {
    done.push_back(p.done);
    labels.emplace_back(p.label);
  };
  dml::Interpreter dml(options);
  REQUIRE(dml.run_string(kQuickTransformer));
  REQUIRE(dml.run_string(
      "local ls = {}\nfor i = 1, 40 do ls[i] = 8 + i end\n"
      "dml.sweep { grid = { layers = ls }, label = 'depths', run = function(q) return mk(q.layers) "
      "end }"));
  REQUIRE_FALSE(done.empty());
  CHECK(std::is_sorted(done.begin(), done.end()));
  CHECK(done.back() == 40);
  // How many reports come depends on the clock (the pool reports every 20 ms, and a sanitized
  // build's searches are slow): their count is not held here.
  CHECK(labels == std::vector<std::string>(labels.size(), "depths"));  // the sweep's label
}
