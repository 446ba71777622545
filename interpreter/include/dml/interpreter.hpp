// Embedding dml: a Lua state with dml's stdlib, searcher and error handling.
//
//   dml::Interpreter dml({.lib_dirs = {"scenarios/lib"}});
//   if (!dml.run_file("scenario.lua")) std::cerr << dml.error() << "\n";
//
// Every run_* call returns false on a Lua or dml error, with the message
// ("scenario.lua:12: cluster.levels[2].bandwidth: ...") in error(). error() keeps the last
// failure's message until the next failure: test a call's result, not error().
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "dml/units.hpp"

struct lua_State;

namespace dml {

namespace lua {
struct Host;
struct ChunkToLoad;
}  // namespace lua

// The core's types that Interpreter::eval_as reads (include their headers to use the value:
// dml/hardware.hpp, dml/plan.hpp, dml/transformer.hpp, dml/quantity.hpp, ...).
struct Gpu;
struct NetworkLevel;
struct Cluster;
struct MlpStack;
struct Run;
struct Layout;
struct Options;
struct Setting;
struct Transformer;
struct Stack;
struct TransformerRun;
struct TransformerLayout;
struct Plan;
struct StepPlan;
struct Quantity;

template <class T>
concept EvalAsType = std::same_as<T, Gpu> || std::same_as<T, NetworkLevel> ||
    std::same_as<T, Cluster> || std::same_as<T, MlpStack> || std::same_as<T, Run> ||
    std::same_as<T, Layout> || std::same_as<T, Options> || std::same_as<T, Setting> ||
    std::same_as<T, Transformer> || std::same_as<T, Stack> || std::same_as<T, TransformerRun> ||
    std::same_as<T, TransformerLayout> || std::same_as<T, Plan> || std::same_as<T, StepPlan> ||
    std::same_as<T, Quantity>;

// How long work reports: a label ("sweep", "optimize"), the items done and their number; or, for
// one search (total 0), the candidate layouts and splits it has tried so far.
struct Progress {
  std::string_view label;
  std::size_t done = 0;
  std::size_t total = 0;
};

struct InterpreterOptions {
  std::vector<std::string> lib_dirs{};  // searched after DML_PATH (--lib DIR); default none
  std::string stdlib_dir{};             // load the stdlib from this directory instead of the
                                        // embedded copy (development); default "" = embedded
  bool traceback = false;               // append a stack traceback to error messages
  bool use_env_path = true;             // read DML_PATH from the environment
  // Run the shard_index-th of shard_count consecutive slices of every dml.sweep (--shard K/N,
  // docs/scaling-out.md); default 1 of 1, the whole sweep.
  std::int64_t shard_index = 1;
  std::int64_t shard_count = 1;
  // Worker threads of a sweep or a search of many runs (--threads N): a host that runs several
  // interpreters side by side, or `dml --shard` processes on one machine, shares the cores this
  // way. Default 0: one per core; at most kMaxThreads (more is refused by the constructor).
  unsigned threads = 0;
  static constexpr unsigned kMaxThreads = 1024;
  // For scripts one does not trust (docs/security.md): Lua's base library without dofile,
  // loadfile and most of collectgarbage, string without dump, table, math, utf8, coroutine,
  // os.clock/date/time, require of Lua text from the search path, and dml, whose save and plot
  // write only inside the working directory. No io, debug, package or __gc. Default off.
  bool sandbox = false;

  // Limits: each ends the script with an error naming it ("timeout of 30 s reached"). They hold
  // in and out of the sandbox. Default 0: none; a negative, NaN or infinite one is refused by the
  // constructor (std::invalid_argument).
  units::Bytes max_memory{};  // all the Lua state holds, the stdlib's included (200 MB)
  units::Seconds timeout{};   // wall time of each run_*, call or require (30 s); at
                              // most kMaxTimeout (longer finite ones are held to it)
  static constexpr double kMaxTimeout = 1e9;  // seconds, about 31 years
  std::int64_t max_instructions = 0;          // Lua VM instructions of each call, counted by the
                                      // thousand (Lua code only: the core's searches are bounded
                                      // by the timeout)

  // Where output goes. Each is called on the thread that runs the script; unset: the default.
  std::function<void(std::string_view line)> print{};    // print(...): one line, no newline;
                                                         // default: standard output
  std::function<void(std::string_view line)> message{};  // dml's notes (the paper scenarios'
                                                         // "dml: wrote out.tsv"; dml.save says
                                                         // nothing); default: standard error
  std::function<void(const Progress&)> progress{};       // long searches and sweeps, every 20 ms;
                                                         // default: a line on a terminal's stderr
};

// Why the last call ended before the script did (Interpreter::stop_reason).
enum class StopReason { kNone, kInterrupted, kTimeout, kInstructionLimit, kMemoryLimit };

class Interpreter {
 public:
  explicit Interpreter(InterpreterOptions options = {});
  ~Interpreter();
  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  // Sets the global `arg` as `lua` does: argv[script_index] is arg[0], the
  // ones after it arg[1..], the ones before it negative indices. False (error() says why) for
  // an index outside argv, or when the script's globals refuse it.
  bool set_args(const std::vector<std::string>& argv, int script_index);

  // Runs a scenario file ("-" reads standard input) with `args` as `...`.
  bool run_file(const std::string& path, const std::vector<std::string>& args = {});
  // Runs a chunk of Lua text; `chunk_name` as in lua_load ("=(command line)").
  bool run_string(std::string_view chunk, const std::string& chunk_name = "=(command line)");
  // require(module) and store the result in the global `global`, by the require the interpreter
  // was made with (not the script's global). False (error()) for a global that is no name
  // ("a.b", "_ENV") or one the scripts have already ("dml"), as register_function's; one that a
  // require set may be set again.
  bool require(const std::string& module, const std::string& global);
  // Reads, evaluates and prints lines until end of input (line editing and history on a terminal).
  void repl();
  // The reference text of a dml name (a declared type, a result or a function: "cluster",
  // "plan", "optimize"), as `dml --doc NAME` prints it; false for an unknown name (error() says
  // which names there are).
  bool doc(const std::string& name, std::string& text);

  // Calls the function below `nargs` arguments on the Lua stack, under the
  // message handler; on success `nresults` results are left on the stack.
  bool call_function(int nargs, int nresults);

  // --- values across the boundary (docs/embedding.md, "The host API") ------------------------
  // Each runs as a call (limits, cancel, stop_reason) and on failure returns nullopt with the
  // message in error(). Include <nlohmann/json.hpp> to use the JSON values.
  //
  // The value of a Lua expression as JSON: "plan", "t:rows()", "dml.q'80 GiB' / dml.q'2 TB/s'".
  // nil is null, numbers and strings are themselves, lists are arrays, tables of names are
  // objects, a quantity is its text ("900 GB/s", exact), a declared value or a result an object
  // of its fields, a dml.table an array of its rows; anything else (a function, a table that
  // holds itself, NaN) is an error naming where it is ("value.levels[2]: ...").
  template <class Json = nlohmann::json>
  std::optional<Json> eval(std::string_view expression) {
    static_assert(std::is_same_v<Json, nlohmann::json>, "eval gives an nlohmann::json");
    std::optional<Json> out(std::in_place);
    if (!eval(expression, *out)) out.reset();
    return out;
  }
  // Calls the function `name` (a global, or a path of names: "dml.optimize", "my.lib.f") with
  // the items of the JSON array `args` as its arguments (null is nil, arrays are lists, objects
  // tables) and returns its first result as JSON.
  template <class Json = nlohmann::json>
  std::optional<Json> call(std::string_view name, const nlohmann::json& args) {
    static_assert(std::is_same_v<Json, nlohmann::json>, "call gives an nlohmann::json");
    std::optional<Json> out(std::in_place);
    if (!call(name, args, *out)) out.reset();
    return out;
  }
  template <class Json = nlohmann::json>
  std::optional<Json> call(std::string_view name) {
    return call<Json>(name, Json::array());
  }
  // The same, the value written to `out` (false: error() says why, `out` as it was). The
  // optional forms above are these, written in the host's own code: the JSON type is in these
  // functions' linker names, so a host whose nlohmann::json is another build of it (another
  // version, or JSON_DIAGNOSTICS set) fails to link instead of reading a value of another layout.
  bool eval(std::string_view expression, nlohmann::json& out);
  bool call(std::string_view name, const nlohmann::json& args, nlohmann::json& out);
  // The value of a Lua expression as the core's C++ type T, read and checked as a declaration is
  // (from a declared value or a plain table of fields): dml::Gpu, NetworkLevel, Cluster,
  // MlpStack, Run, Layout, Options, Setting, Transformer, Stack, TransformerRun,
  // TransformerLayout; the results dml::Plan and StepPlan (from the values dml made); and
  // dml::Quantity (a quantity, or its text).
  // Another T is a compile error (EvalAsType), not a link error.
  template <EvalAsType T>
  std::optional<T> eval_as(std::string_view expression);

  // Makes `fn` the global function `name` of the scripts (also in the sandbox): name(a, b)
  // calls fn with the JSON array [a, b] (as eval writes them) and returns fn's result (null:
  // nil). A std::exception from fn is an error at the script's line: "name: what()". fn runs
  // on the script's thread, and must not call this interpreter. False (error()) for a name
  // that is not one ("lookup", "host_price").
  using HostFunction = std::function<nlohmann::json(const nlohmann::json& args)>;
  bool register_function(const std::string& name, HostFunction fn);

  [[nodiscard]] const std::string& error() const { return error_; }
  [[nodiscard]] lua_State* lua() const { return L_; }

  // Stops the script that runs, from any thread (also from a signal handler): a search or a
  // sweep stops within milliseconds, Lua code within a thousand instructions. The first cancel
  // of a call lets a sweep return the rows it finished (t.interrupted) and the script go on, as
  // the first Ctrl-C does in `dml`; anything else, and a second cancel, ends the call with
  // the error "interrupted" (stop_reason() kInterrupted). A cancel while nothing runs stops the
  // next call before it starts (run_*, eval, call, require and doc run nothing and fail with
  // "interrupted"; register_function and set_args, which run no script, neither stop for it
  // nor forget it). Each call that ends forgets the cancels it saw.
  void cancel() noexcept;
  // A call runs (from any thread, also from a signal handler).
  [[nodiscard]] bool running() const noexcept;
  // Why the last call (run_*, call, require) ended early, and where ("scenario.lua:12", or ""):
  // kNone when it ended by itself or by an ordinary error.
  [[nodiscard]] StopReason stop_reason() const { return stop_reason_; }
  [[nodiscard]] const std::string& stop_where() const { return stop_where_; }
  // The last call was interrupted by cancel(), even when a sweep kept its rows and the script
  // went on.
  [[nodiscard]] bool interrupted() const { return interrupted_; }
  // The last call ended with the error of a dml.usage_error (the script's own arguments were
  // wrong): `dml` exits 2 for it, as for its own usage errors.
  [[nodiscard]] bool usage_error() const { return usage_error_; }

 private:
  // honour_cancel false: a call that runs no script (register_function, set_args) neither
  // stops for a cancel nor forgets one, which waits for the next call. `chunk`: a chunk the call
  // loads first, under its limits, into a place on the stack (lua::ChunkToLoad).
  bool protected_call(int nargs, int nresults, bool honour_cancel = true,
                      lua::ChunkToLoad* chunk = nullptr);
  // Runs `return <expression>` and gives its value to convert (a C function whose upvalue 1 is
  // `out`), in one protected call: eval and eval_as.
  bool eval_with(std::string_view expression, int (*convert)(lua_State*), void* out);
  lua_State* L_ = nullptr;
  InterpreterOptions options_;
  std::unique_ptr<lua::Host> host_;
  std::string error_;
  StopReason stop_reason_ = StopReason::kNone;
  std::string stop_where_;
  bool interrupted_ = false;
  bool usage_error_ = false;
};

}  // namespace dml
