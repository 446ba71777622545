// Cancellation and progress for long computations run from Lua: a Control (dml/parallel.hpp)
// whose cancelled() turns true when the interpreter is cancelled (Interpreter::cancel, which
// `dml` calls on Ctrl-C) or runs past its timeout, and whose progress() goes to the host's
// progress callback, or shows "label: done/total" on a terminal after a second. A single search
// run on the calling thread shows how many layouts it has tried (SearchProgress, total 0). In a
// sweep (Host::in_sweep) the second counts from the sweep's start, and the line is the sweep's.
//
//   Interruptible work(L, "sweep");
//   auto plans = optimize_all(runs, work.control());
//   after_work(L, some_unfinished, true);   // host.hpp: raise the stop, or keep the rows
#pragma once

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "dml/parallel.hpp"
#include "lua_runtime.hpp"

namespace dml::lua {

struct Host;

class Interruptible {
 public:
  Interruptible(lua_State* L, std::string label);
  ~Interruptible();
  Interruptible(const Interruptible&) = delete;
  Interruptible& operator=(const Interruptible&) = delete;

  [[nodiscard]] const Control& control() const { return control_; }
  // A sweep's progress, done of total runs (a search in a sweep shows no candidate counts), at
  // most every 20 ms but for the last run.
  void note(std::size_t done, std::size_t total);

 private:
  void show(std::size_t done, std::size_t total);

  // A state no Interpreter made (the Lua module's host) has no cancel(): a hook set on it while
  // the work runs, as lua5.4's Ctrl-C handler sets one, stops the work instead. Read on the
  // calling thread (the search's own polls, parallel_for's progress); the workers read the flag.
  void poll_hook() const;

  Host* host_;  // nullptr: a state no Interpreter made (cancelled by a hook)
  lua_State* L_;
  lua_State* main_;  // the state's main thread: lua5.4 sets its hook there, also when the
                     // work runs in a coroutine
  lua_Hook hook_at_start_ = nullptr, main_hook_at_start_ = nullptr;
  int mask_at_start_ = 0, main_mask_at_start_ = 0;
  std::thread::id owner_;
  mutable std::atomic<bool> hooked_{false};
  bool in_sweep_ = false;  // counts from the sweep's start; its line stays until the sweep ends
  std::string label_;
  bool tty_ = false;
  bool shown_ = false;
  std::chrono::steady_clock::time_point begin_;
  std::chrono::steady_clock::time_point last_{};
  Control control_;
  SearchProgress search_;  // the searches on this thread, outside parallel_for
};

// Clears a sweep's progress line, if one was shown (at the sweep's end).
void clear_sweep_progress(Host& h);

}  // namespace dml::lua
