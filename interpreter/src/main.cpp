// dml: the command line. Conventions follow `lua` (lua.c): options, then the
// script and its arguments; `-` reads the script from standard input.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <lua.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "dml/error.hpp"
#include "dml/interpreter.hpp"
#include "dml/quantity.hpp"
#include "dml/units_parser.hpp"
#include "dml/version.hpp"
#include "host.hpp"
#include "output.hpp"

namespace {

constexpr int kExitOk = 0;
constexpr int kExitScriptError = 1;
constexpr int kExitUsage = 2;

constexpr const char* kUsage = R"(usage: dml [options] [script [args]]

Runs a training-run scenario written in Lua.

Options:
  -e CHUNK        run the string CHUNK
  -l NAME         require library NAME into the global NAME
  -l G=NAME       require library NAME into the global G
  -i              enter interactive mode after running the script
  -v, --version   print the version (and exit, if there is nothing to run)
  -h, --help      print this help and exit
  --traceback     add a stack traceback to error messages
  --doc NAME      print the reference of a dml type or function (e.g. cluster) and exit
  --lib DIR       search DIR for scenario libraries (after DML_PATH); repeatable
  --stdlib DIR    load the stdlib from DIR instead of the built-in copy (development)
  --shard K/N     run the K-th of N consecutive slices of every dml.sweep (1 <= K <= N;
                  also --shard=K/N); also taken after the script, where the script does not
                  see it (unless it follows a --, after which every argument is the script's)
  --merge OUT PART...
                  join the saved slices of a sharded sweep (.csv or .tsv, in order
                  1..N) into OUT, a new file: the table the unsharded run saves;
                  takes no other option
  --sandbox       run a script you do not trust: no io, os (but clock, date,
                  time), debug, dofile or loadfile; require loads Lua text from
                  the search path; dml.save and dml.plot write only inside the
                  working directory (docs/security.md)
  --max-memory SIZE  end the script when Lua's memory would pass SIZE ("200 MB")
  --timeout TIME     end each chunk and the script after TIME ("30 s"); searches too
  --max-instructions N  end the script after N Lua instructions (1e9)
  --threads N     run a sweep or a search of many runs on N threads (default: one
                  per core; 1 to 1024)
  --              stop handling options
  -               run standard input and stop handling options
An option that takes a value also takes it as --name=value (--timeout="30 s").

With no script and no -e or -v, dml runs standard input (after any -l), or starts
the interactive prompt if standard input is a terminal. The script sees its arguments in `arg` and `...`.

require "name" looks next to the requiring script, then in DML_PATH
(';'-separated templates such as "/opt/dml/?.lua"), then in --lib directories,
then in dml's built-in stdlib.

Ctrl-C stops a running search or sweep (a sweep keeps the rows it finished and
the script goes on) or the Lua code that runs ("dml: interrupted at FILE:LINE");
a second Ctrl-C exits at once. SIGTERM (a batch system's time limit) and SIGHUP
stop it the same way.

Exit status: 0 success, 1 an error in the scenario or its data (or a limit was
reached), 2 a usage error (also a script's dml.usage_error), 130 interrupted by
Ctrl-C (143 by SIGTERM, 129 by SIGHUP).
)";

struct Action {
  enum Kind { kChunk, kLibrary } kind;
  std::string text;
};

// An error for the terminal: "dml: " and the message, its control bytes escaped (its newlines
// and tabs, a traceback's, kept).
void report(std::string_view message) {
  std::cerr << "dml: " << dml::printable(message, true) << "\n";
}

int usage_error(const std::string& message) {
  report(message);
  std::cerr << "try 'dml --help' for more information\n";
  return kExitUsage;
}

// A whole number written in digits, 1 <= out <= most (at most 10^9): --shard's and --threads'.
bool whole_number(std::string_view digits, std::int64_t most, std::int64_t& out) {
  if (digits.empty() || digits.size() > 10) return false;
  out = 0;
  for (const char c : digits) {
    if (c < '0' || c > '9') return false;
    out = out * 10 + (c - '0');
  }
  return out >= 1 && out <= most;
}

// "K/N" with 1 <= K <= N <= 10^9, both whole numbers written in digits.
bool parse_shard(const std::string& text, dml::InterpreterOptions& options) {
  const std::size_t slash = text.find('/');
  if (slash == std::string::npos) return false;
  std::int64_t k = 0;
  std::int64_t n = 0;
  const std::string_view t(text);
  constexpr std::int64_t kMost = 1000000000;
  if (!whole_number(t.substr(0, slash), kMost, k) || !whole_number(t.substr(slash + 1), kMost, n) ||
      k > n) {
    return false;
  }
  options.shard_index = k;
  options.shard_count = n;
  return true;
}

int shard_error(const std::string& value) {
  return usage_error(
      "--shard: expected K/N, the K-th of N slices with 1 <= K <= N <= 1e9 (as in --shard "
      "2/4), got '" +
      value + "'");
}

// --- Ctrl-C, SIGTERM and SIGHUP ------------------------------------------------------------
// The first of them cancels the running call (Interpreter::cancel is an atomic increment, safe
// in a signal handler): a sweep keeps its rows, the script saves them, and dml exits 128 + the
// signal at its end (a batch system's SIGTERM at the time limit loses no finished row, and its
// SIGKILL comes later). A second one, or one while nothing runs, exits at once. The same signal
// again within kRepeatMs of the first is the same stop: GNU timeout sends its signal to the
// command and then to its whole process group, the command included (helper-171: under
// `timeout 1.5 dml sweep.lua` the sweep's finished rows were lost 7 times in 10).
std::atomic<dml::Interpreter*> g_interpreter{nullptr};
// The first signal and when it came, in one word, (milliseconds << 8) | signal; 0 before it.
// One word, set by one compare-and-swap: a repeat handled on another thread at the same moment
// (the first blocks it on its own thread only) sees the first whole or not at all (helper-173).
std::atomic<std::int64_t> g_first_signal{0};
constexpr std::int64_t kRepeatMs = 100;
static_assert(std::atomic<std::int64_t>::is_always_lock_free, "a signal handler's atomic");

int exit_interrupted() {
  const std::int64_t first = g_first_signal.load();
  return 128 + (first != 0 ? static_cast<int>(first & 0xff) : SIGINT);
}

// CLOCK_MONOTONIC in milliseconds (clock_gettime is async-signal-safe).
std::int64_t monotonic_ms() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return std::int64_t{t.tv_sec} * 1000 + t.tv_nsec / 1'000'000;
}

extern "C" void on_stop_signal(int signal) {
  dml::Interpreter* dml = g_interpreter.load();
  const std::int64_t now = monotonic_ms();
  std::int64_t first = 0;
  const bool is_first = g_first_signal.compare_exchange_strong(first, (now << 8) | signal);
  if (!is_first && (first & 0xff) == signal && now - (first >> 8) < kRepeatMs) {
    return;  // the first one's repeat: it cancels nothing more
  }
  if (!is_first || dml == nullptr || !dml->running()) {
    constexpr char kMessage[] = "\ndml: interrupted\n";
    (void)!write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
    _exit(128 + signal);
  }
  dml->cancel();
}

// Installs on_stop_signal for each, unless it was ignored when dml started (SIGINT in a
// background job of a shell, SIGHUP under nohup).
void handle_stop_signals() {
  for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction old {};
    if (sigaction(signal, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    sigaction(signal, &action, nullptr);
  }
}

// --- the last resort of --timeout -------------------------------------------------------------
// The timeout ends Lua code through its count hook and searches through their cancellation.
// Lua runs no hook inside a __gc metamethod (nor can anything stop a C function that does not
// return): past the timeout and a second of grace, or when closing the state takes longer
// than the timeout, this thread says so and exits.
// Its state is static: the detached thread may outlive main's frame while the process exits.
class Watchdog {
 public:
  explicit Watchdog(double timeout_s) {
    if (timeout_s <= 0) return;
    timeout_s = std::min(timeout_s, dml::InterpreterOptions::kMaxTimeout);
    timeout_s_.store(timeout_s);
    std::thread(watch).detach();  // the process's exit ends it
  }
  // Arms it for one call of the script, or for closing the state.
  void call() {
    arm(1.0,
        "the script did not stop (a long C call such as dml.save of a large table, or a __gc "
        "metamethod?)");
  }
  void closing() { arm(0.0, "closing the script did not end (a __gc metamethod?)"); }
  void disarm() { deadline_ns_.store(0); }

 private:
  using Clock = std::chrono::steady_clock;
  // The deadline is the timeout plus `grace` seconds from now.
  static void arm(double grace, const char* what) {
    const double timeout = timeout_s_.load();
    if (timeout <= 0) return;
    what_.store(what);
    const auto in =
        std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout + grace));
    deadline_ns_.store((Clock::now() + in).time_since_epoch().count());
  }
  static void watch() {
    for (;;) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      const auto deadline = deadline_ns_.load();
      if (deadline != 0 && Clock::now().time_since_epoch().count() > deadline) {
        std::fprintf(stderr, "dml: timeout of %s reached and %s; exiting\n",
                     dml::format_quantity({timeout_s_.load(), dml::kTime}).c_str(), what_.load());
        std::fflush(stderr);
        _exit(kExitScriptError);
      }
    }
  }
  static inline std::atomic<double> timeout_s_{0};
  static inline std::atomic<Clock::rep> deadline_ns_{0};
  static inline std::atomic<const char*> what_{""};
};

// A positive quantity of `dim` from an option's value, or a usage error's message.
std::optional<std::string> read_limit(const std::string& option, const std::string& text,
                                      dml::Dimension dim, double& out) {
  const std::string count = "expected a number like 1e9, got \"" + text + "\"";
  try {
    const dml::Quantity q =
        dim == dml::kDimensionless ? dml::parse_quantity(text) : dml::parse_quantity(text, dim);
    if (q.dim != dim) throw dml::UnitError(count);
    if (!(q.value > 0)) return option + ": must be positive, got \"" + text + "\"";
    out = q.value;
  } catch (const dml::Error& e) {
    if (dim == dml::kDimensionless) return option + ": " + count;
    // The option's own example, as --help gives it ("30 s", "200 MB"), not the units' generic one.
    std::string what = e.what();
    const std::string generic = "like \"" + std::string(dml::dimension_example(dim)) + "\"";
    const std::string own = dim == dml::kTime ? "like \"30 s\"" : "like \"200 MB\"";
    if (const auto at = what.find(generic); at != std::string::npos) {
      what.replace(at, generic.size(), own);
    }
    return option + ": " + what;
  }
  return std::nullopt;
}

}  // namespace

// The command line with each --name=value of an option that takes a value, before the script,
// as the two words --name value (--shard reads its own form, also after the script).
static std::vector<std::string> split_values(int argc, char** argv) {
  std::vector<std::string> out;
  bool options = true;
  bool is_value = false;  // the word after an option that takes the next word as its value
  for (int i = 0; i < argc; ++i) {
    const std::string a = argv[i];
    if (i > 0 && options && is_value) {
      is_value = false;
      out.push_back(a);
      continue;
    }
    if (i > 0 && options) {
      if (a.empty() || a[0] != '-' || a == "-" || a == "--") options = false;
      is_value = a == "-e" || a == "-l" || a == "--lib" || a == "--stdlib" || a == "--doc" ||
                 a == "--shard" || a == "--max-memory" || a == "--timeout" ||
                 a == "--max-instructions" || a == "--threads";
      const std::size_t eq = a.find('=');
      const std::string name = a.substr(0, eq);
      if (options && eq != std::string::npos &&
          (name == "--max-memory" || name == "--timeout" || name == "--max-instructions" ||
           name == "--threads" || name == "--lib" || name == "--stdlib" || name == "--doc")) {
        out.push_back(name);
        out.push_back(a.substr(eq + 1));
        continue;
      }
    }
    out.push_back(a);
  }
  return out;
}

static int run_dml(int argc_given, char** argv) {
  const std::vector<std::string> args = split_values(argc_given, argv);
  const int argc = static_cast<int>(args.size());
  dml::InterpreterOptions options;
  std::vector<Action> actions;
  bool interactive = false;
  bool show_version = false;
  std::optional<std::string> doc_name;
  int script = 0;  // index of the script in args; 0 = none
  // --shard K/N (or --shard=K/N), once: before the script or after it.
  std::optional<std::string> shard_given;
  const auto take_shard = [&](const std::string& v) -> std::optional<int> {
    if (shard_given) {
      return usage_error("'--shard' is given twice (" + *shard_given + " and " + v +
                         "): a process runs one slice");
    }
    if (!parse_shard(v, options)) return shard_error(v);
    shard_given = v;
    return std::nullopt;
  };
  int i = 1;
  for (; i < argc; ++i) {
    const std::string& a = args[i];
    if (a.empty() || a[0] != '-') {
      script = i;
      break;
    }
    if (a == "-") {
      script = i;
      break;
    }
    if (a == "--") {
      if (i + 1 < argc) script = i + 1;
      break;
    }
    auto value = [&]() -> const std::string* { return i + 1 < argc ? &args[++i] : nullptr; };
    if (a == "-h" || a == "--help") {
      std::cout << kUsage;
      return kExitOk;
    }
    if (a == "-v" || a == "--version") {
      show_version = true;
      continue;
    }
    if (a == "--merge") {
      // A merge runs no script, so an option beside it would be silently ignored.
      if (i > 1) {
        return usage_error("'--merge' takes no other options (got '" + args[1] +
                           "' before it); run it alone: dml --merge OUT PART...");
      }
      if (argc - i < 3) return usage_error("'--merge' needs an output file and the parts to join");
      for (int j = i + 1; j < argc; ++j) {
        if (args[j].size() > 1 && args[j][0] == '-') {
          return usage_error("'--merge' takes no other options (got '" + args[j] +
                             "'); a file whose name starts with '-' is written ./" + args[j]);
        }
      }
      const std::vector<std::string> parts(args.begin() + i + 2, args.end());
      try {
        dml::output::merge_tables(args[i + 1], parts);
      } catch (const std::exception& e) {
        report(e.what());
        return kExitScriptError;
      }
      return kExitOk;
    }
    if (a == "-i") {
      interactive = true;
    } else if (a == "--traceback") {
      options.traceback = true;
    } else if (a == "--sandbox") {
      options.sandbox = true;
    } else if (a == "--shard" || a.starts_with("--shard=")) {
      const std::string* v = a == "--shard" ? value() : nullptr;
      if (a == "--shard" && v == nullptr) return usage_error("'--shard' needs an argument");
      if (const auto bad = take_shard(v != nullptr ? *v : a.substr(8))) return *bad;
    } else if (a == "--threads") {
      const std::string* v = value();
      if (v == nullptr) return usage_error("'--threads' needs an argument");
      std::int64_t n = 0;
      if (!whole_number(*v, dml::InterpreterOptions::kMaxThreads, n)) {
        return usage_error("--threads: a whole number from 1 to 1024, got \"" + *v + "\"");
      }
      options.threads = static_cast<unsigned>(n);
    } else if (a == "--max-memory" || a == "--timeout" || a == "--max-instructions") {
      const std::string* v = value();
      if (v == nullptr) return usage_error("'" + a + "' needs an argument");
      double limit = 0;
      std::optional<std::string> bad;
      // Each limit is at least one of its unit (a fraction would round to "no limit") and at
      // most what its counter holds (the clock's nanoseconds overflow past 292 years).
      if (a == "--max-memory") {
        bad = read_limit(a, *v, dml::kBytes, limit);
        if (!bad && limit < 1) bad = a + ": at least 1 B, got \"" + *v + "\"";
        if (!bad && limit >= 9.2e18) bad = a + ": at most 9.2e18 B, got \"" + *v + "\"";
        options.max_memory = dml::units::Bytes(limit);
      } else if (a == "--timeout") {
        bad = read_limit(a, *v, dml::kTime, limit);
        if (!bad && limit > dml::InterpreterOptions::kMaxTimeout) {
          bad = a + ": at most 1e9 s (about 31 years), got \"" + *v + "\"";
        }
        options.timeout = dml::units::Seconds(limit);
      } else {
        bad = read_limit(a, *v, dml::kDimensionless, limit);
        if (!bad && (limit < 1 || limit != std::floor(limit))) {
          bad = a + ": a whole number of at least 1, got \"" + *v + "\"";
        }
        if (!bad && limit >= 9.2e18) bad = a + ": at most 9.2e18, got \"" + *v + "\"";
        options.max_instructions = static_cast<std::int64_t>(limit);
      }
      if (bad) return usage_error(*bad);
    } else if (a == "-e" || a == "-l" || a == "--lib" || a == "--stdlib" || a == "--doc") {
      const std::string* v = value();
      if (v == nullptr) return usage_error("'" + a + "' needs an argument");
      if (v->empty() && a != "-e") {
        return usage_error("'" + a + "' needs " +
                           (a == "--doc" ? "a name, as in --doc cluster"
                            : a == "-l"  ? "a library name"
                                         : "a directory") +
                           ", not an empty argument");
      }
      // -l g=mod (lua 5.4's form): both sides named (helper-93: "-l x=" read module "").
      if (const auto eq = v->find('=');
          a == "-l" && eq != std::string::npos && (eq == 0 || eq + 1 == v->size())) {
        return usage_error("'-l " + *v + "': expected a library name, or global=library");
      }
      if (a == "-e") actions.push_back({Action::kChunk, *v});
      if (a == "-l") actions.push_back({Action::kLibrary, *v});
      if (a == "--lib") options.lib_dirs.push_back(*v);
      if (a == "--stdlib") options.stdlib_dir = *v;
      if (a == "--doc") doc_name = *v;
    } else {
      const std::string name = a.substr(0, a.find('='));
      if (name != a && (name == "--traceback" || name == "--sandbox" || name == "--help" ||
                        name == "--version" || name == "--merge")) {
        return usage_error("'" + name + "' takes no value (got '" + a + "')");
      }
      return usage_error("unrecognized option '" + a + "'");
    }
  }

  // As `lua -v`: the version, then whatever else was asked for; nothing else, and dml stops.
  if (show_version) {
    std::cout << "dml " << dml::version() << " (" << LUA_RELEASE << ")\n";
    if (script == 0 && actions.empty() && !interactive && !doc_name) return kExitOk;
  }
  // "" for a directory, else why not (a file there, or nothing).
  const auto not_a_directory = [](const std::string& dir) -> std::string {
    std::error_code ec;
    if (std::filesystem::is_directory(dir, ec)) return {};
    return std::filesystem::exists(dir, ec) ? ": not a directory" : ": no such directory";
  };
  if (!options.stdlib_dir.empty()) {
    if (const std::string why = not_a_directory(options.stdlib_dir); !why.empty()) {
      return usage_error("--stdlib " + options.stdlib_dir + why);
    }
  }
  for (const std::string& dir : options.lib_dirs) {
    if (const std::string why = not_a_directory(dir); !why.empty()) {
      return usage_error("--lib " + dir + why);
    }
  }
  // `dml sweep.lua --shard K/N ...`: after the script too, --shard is dml's, and the script's
  // arguments are the others.
  std::vector<std::string> script_args;
  std::vector<std::string> argv_seen(args.begin(),
                                     args.begin() + (script != 0 ? script + 1 : argc));
  if (script != 0) {
    bool own = false;  // after a `--` past the script, every argument is the script's
    for (int j = script + 1; j < argc; ++j) {
      if (!own && args[j] == "--") {
        own = true;
        continue;
      }
      if (!own && args[j] == "--shard") {
        if (j + 1 >= argc) return usage_error("'--shard' needs an argument");
        if (const auto bad = take_shard(args[j + 1])) return *bad;
        ++j;
        continue;
      }
      if (!own && args[j].starts_with("--shard=")) {
        if (const auto bad = take_shard(args[j].substr(8))) return *bad;
        continue;
      }
      script_args.push_back(args[j]);
      argv_seen.push_back(args[j]);
    }
  }
  Watchdog watchdog(options.timeout.value());
  bool interrupted = false;
  try {
    dml::Interpreter dml(options);
    g_interpreter.store(&dml);
    handle_stop_signals();
    // Declared after the interpreter, so destroyed before it: closing the state is watched too.
    struct Closing {
      Watchdog& w;
      ~Closing() {
        g_interpreter.store(nullptr);
        w.closing();
      }
    } closing{watchdog};
    // A Ctrl-C that lands in these calls interrupts them: 130, as anywhere else.
    const auto failed = [&dml](int code) {
      report(dml.error());
      return dml.stop_reason() == dml::StopReason::kInterrupted ? exit_interrupted() : code;
    };
    if (!dml.set_args(argv_seen, script != 0 ? script : 0)) return failed(kExitScriptError);
    if (doc_name) {
      std::string text;
      if (!dml.doc(*doc_name, text)) return failed(kExitUsage);
      std::cout << text << "\n";
      return kExitOk;
    }
    // Runs one call under the watchdog; false when it failed (the message is printed).
    auto run = [&](auto&& body) {
      watchdog.call();
      const bool ok = body();
      watchdog.disarm();
      interrupted = interrupted || dml.interrupted();
      if (ok) return true;
      std::cout.flush();
      if (dml.stop_reason() == dml::StopReason::kInterrupted && !options.traceback) {
        std::cerr << "dml: interrupted"
                  << (dml.stop_where().empty() ? "" : " at " + dml.stop_where()) << "\n";
      } else {
        report(dml.error());
      }
      return false;
    };
    auto status = [&] {
      if (dml.stop_reason() == dml::StopReason::kInterrupted) return exit_interrupted();
      return dml.usage_error() ? kExitUsage : kExitScriptError;
    };
    // As lua's own -l: a library alone still runs standard input or starts the prompt; a chunk
    // (-e) or -v is what there was to run.
    bool ran_chunk = false;
    for (const auto& act : actions) {
      ran_chunk = ran_chunk || act.kind == Action::kChunk;
      const bool ok = run([&] {
        if (act.kind == Action::kChunk) return dml.run_string(act.text);
        // -l G=NAME sets the global G; -l NAME sets NAME (lua 5.4's convention), whatever it
        // is: "acme.models" too, which Interpreter::require, whose global is a name, refuses.
        const size_t eq = act.text.find('=');
        const std::string module = eq == std::string::npos ? act.text : act.text.substr(eq + 1);
        const std::string global = eq == std::string::npos ? act.text : act.text.substr(0, eq);
        lua_State* L = dml.lua();
        lua_pushcfunction(L, dml::lua::require_into);
        lua_pushstring(L, module.c_str());
        lua_pushstring(L, global.c_str());
        return dml.call_function(2, 0);
      });
      if (!ok) return status();
    }
    if (script != 0) {
      if (!run([&] { return dml.run_file(args[script], script_args); })) return status();
    } else if (!ran_chunk && !show_version && !interactive) {
      if (isatty(STDIN_FILENO) != 0) {
        interactive = true;
      } else if (!run([&] { return dml.run_file("-"); })) {
        return status();
      }
    }
    if (interactive) {
      if (isatty(STDIN_FILENO) != 0) {
        std::cout << "dml " << dml::version() << " (" << LUA_RELEASE << ")  Ctrl-D to quit\n";
      }
      dml.repl();
    }
  } catch (const std::exception& e) {
    report(e.what());
    return kExitScriptError;
  }
  // A sweep that kept its rows after Ctrl-C let the script finish: it was still interrupted.
  if (interrupted) return exit_interrupted();
  return kExitOk;
}

int main(int argc, char** argv) {
  const int code = run_dml(argc, argv);
  // Output that could not be written (a full disk) fails the run, as a script error would.
  std::cout.flush();
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  const int err = errno;
  if (code == kExitOk && (!flushed || std::ferror(stdout) != 0 || !std::cout.good())) {
    std::fprintf(stderr, "dml: cannot write the standard output%s%s\n", err != 0 ? ": " : "",
                 err != 0 ? std::strerror(err) : "");
    return kExitScriptError;
  }
  return code;
}
