// What an Interpreter keeps beside its Lua state: its options, the limits of the call that runs
// (time, instructions, memory) and cancellation. The bindings find it in the registry
// (find_host: a state that no Interpreter made, a test's or a Lua module's, has none); the
// count hook, which runs every thousand instructions, in the state's extra space (host(L));
// the allocator has it as its ud.
//
//   if (const Host* h = find_host(L); h && h->should_stop()) ...  // any thread
//   raise_stop(L, StopReason::kTimeout);        // the Lua thread: ends the script
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "dml/interpreter.hpp"
#include "lua_runtime.hpp"

namespace dml::lua {

// The count hook runs every kHookEvery VM instructions (and every instruction once a stop was
// raised, so that a script cannot catch it for good with pcall).
inline constexpr int kHookEvery = 1000;

struct Host {
  explicit Host(const InterpreterOptions& o) : options(o) {}

  const InterpreterOptions& options;
  lua_State* main = nullptr;  // the state's main thread

  // --- the call that runs (the outermost run_*, call or require) ---------------------------
  int depth = 0;                                     // nested calls from C++ (host functions)
  std::atomic<bool> running{false};                  // a call runs (read by Interpreter::running)
  std::chrono::steady_clock::time_point deadline{};  // when the timeout ends it
  bool has_deadline = false;
  std::int64_t instructions = 0;  // counted by the hook, kHookEvery at a time
  // The timeout and the instruction limit hold from the first call on, as the memory limit
  // does: loading the stdlib is not the script's work (set once it is loaded).
  bool limits_on = false;
  StopReason stop = StopReason::kNone;  // the stop raised in this call
  std::string stop_where;               // "scenario.lua:12" where it was raised ("" if unknown)
  bool interrupted = false;  // a cancel stopped work in this call (also one a sweep kept rows for)
  bool kept_rows = false;    // a sweep handled a cancel in this call by returning what finished
  // A sweep runs (dml.sweep): its first cancel is left to the sweep, which ends at its next run
  // and keeps its rows, rather than raised at the Lua line that runs; its progress counts from
  // sweep_begin.
  bool progress_failed = false;  // the progress callback threw: it is not called again
  // --traceback: the stack taken where an error a stdlib handler re-raises was raised
  // (core.traceback), shown by the message handler if that error reaches it with this message.
  std::string traceback_message;
  std::string traceback;
  // The message of the last dml.usage_error raised in this call: when the call ends with it,
  // the script was given bad arguments (Interpreter::usage_error; `dml` exits 2).
  std::string usage_message;
  bool in_sweep = false;
  bool sweep_shown = false;  // its progress line is on the terminal
  std::chrono::steady_clock::time_point sweep_begin{};
  std::chrono::steady_clock::time_point sweep_last{};      // its last report to the host
  std::chrono::steady_clock::time_point sweep_tty_last{};  // its progress line's last rewrite
  // A search of searches runs (dml.gpus_for, dml.optimize_up_to: core.searches_begin): each
  // search's progress line counts its second from this start, so that many short searches show
  // one too.
  bool in_searches = false;
  std::chrono::steady_clock::time_point searches_begin{};

  // --- cancellation: cancel() counts; `seen` is how many have been acted on -----------------
  std::atomic<unsigned> cancels{0};
  std::atomic<unsigned> seen{0};

  // --- the text of chunks loaded from memory (run_string: -e, an embedder's scenarios) -------
  // By chunk name ("=(command line)", "@scenario.lua"), so that an error about a declaration's
  // field can name the field's line (at_field_line). A name loaded twice with other text is
  // ambiguous (a function of the first chunk could raise the error): its text is dropped.
  using ChunkTexts = std::unordered_map<std::string, std::string>;
  ChunkTexts chunk_texts;
  std::unordered_set<std::string> ambiguous_chunks;
  void remember_chunk(const std::string& name, std::string_view text);

  // --- memory: every byte the Lua state holds ------------------------------------------------
  std::size_t used = 0;
  std::size_t limit = 0;     // 0: none (set once the stdlib is loaded)
  std::size_t baseline = 0;  // what the state held once the stdlib was loaded
  bool memory_hit = false;   // the allocator refused an allocation past the limit in this call
  std::string memory_where;  // where the last refusal happened

  // From any thread: should long C++ work stop now (a cancel not acted on, or the deadline)?
  [[nodiscard]] bool should_stop() const;
  [[nodiscard]] bool past_deadline() const;
  [[nodiscard]] bool cancel_pending() const { return cancels.load() > seen.load(); }
  // The call's first cancel, not acted on yet, which a sweep may keep its rows for.
  [[nodiscard]] bool first_cancel_pending() const {
    return !kept_rows && stop == StopReason::kNone && cancels.load() == seen.load() + 1;
  }

  void begin_call();
  void end_call(bool forget_cancels = true);
};

// A chunk that a call loads before it runs it (run_string, run_file, eval): compiling is part
// of the call, under its memory limit, timeout and cancel (compiled before it, a 50 MB string
// constant passed a 4 MB limit, and a syntax error left a pending cancel to the call after it).
// Lua text named `name`, or with `file` the file `path` (nullptr: standard input), named as
// luaL_loadfile names it; mode "t". The function loaded replaces the value at
// `slot`, a negative index counted when the call begins. A load that fails ends the call with
// Lua's own message (no message handler: no traceback, no place of a caller).
struct ChunkToLoad {
  std::string_view text{};
  const char* name = "";
  bool file = false;
  const char* path = nullptr;
  bool remember = false;  // keep the text under `name` once it loads (Host::remember_chunk)
  int slot = -1;
  bool failed = false;  // set when the load failed
};

// Whether `name` is a global a script can name: a Lua name, not a keyword, not `_ENV` (which Lua
// code reads as its environment, not as the global). register_function's and require's.
[[nodiscard]] bool is_global_name(std::string_view name);

// (module, global[, check]): the global `global` = require(module), by the `require` the
// interpreter was made with (a script's own is not the host's). Any string is a global here
// (the command's `-l acme.models` sets "acme.models", as lua's -l does); with `check`, a global
// the scripts have already is refused, except one a require set (Interpreter::require).
int require_into(lua_State* L);

// The Host of the interpreter that owns L (any of its threads), through the extra space: only
// where the Interpreter is known to have made the state (its hook).
[[nodiscard]] inline Host& host(lua_State* L) {
  return **static_cast<Host**>(lua_getextraspace(L));
}

// The Host of L's interpreter, or nullptr for a state no Interpreter made.
[[nodiscard]] Host* find_host(lua_State* L);
// Makes `h` the Host that find_host and host() return for L.
void attach_host(lua_State* L, Host* h);

// A lua_Alloc that counts, and while a call runs refuses to grow past host->limit (ud is the
// Host).
void* allocate(void* ud, void* ptr, std::size_t osize, std::size_t nsize);

// The count hook: ends the script when it was cancelled, ran past its timeout or its
// instruction limit.
void count_hook(lua_State* L, lua_Debug* ar);

// In a long C++ loop on the script's thread (reading or pushing thousands of values): ends the
// script as the count hook would, on a timeout or a cancel it acts on; true when the first
// cancel of a sweep is pending (the loop may stop early; the sweep keeps its finished rows).
bool poll_stop(lua_State* L);

// The message of a stop, without its position: "interrupted", "timeout of 30 s reached", ...
[[nodiscard]] std::string stop_text(const Host& h, StopReason reason);

// Ends the script: records `reason` as the call's stop, pushes "<where>: <stop_text>" and raises
// it. `level` is where the user's frames begin (0 in a hook, 1 in a C function).
[[noreturn]] void raise_stop(lua_State* L, StopReason reason, int level = 1);

// After long C++ work (a search, a sweep) that stopped early: raises the stop, except for the
// first cancel of a call when `keeps_rows` (a sweep that returns what finished), which it marks
// as handled and returns. Does nothing when the work was not stopped.
void after_work(lua_State* L, bool stopped_early, bool keeps_rows);

// Marks the call's first cancel handled by a sweep that keeps its rows; false when there is
// none to take (no cancel, a second one, or a stop already raised).
bool take_first_cancel(Host& h);

}  // namespace dml::lua
