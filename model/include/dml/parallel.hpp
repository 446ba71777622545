// The one worker pool: searches of many runs and sweeps of many settings run on all cores
// through parallel_for, with progress, cancellation and results kept in order.
//
//   std::vector<Plan> plans(runs.size());
//   const Completion done = parallel_for(runs.size(), [&](std::size_t i) {
//     plans[i] = optimize(runs[i]);
//   }, control);
//   // done.finished[i]: plans[i] is set; done.cancelled: control.cancelled() stopped the rest
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "dml/error.hpp"

namespace dml {

// How a long computation runs and reports: every field is optional.
struct Control {
  unsigned threads = 0;  // worker threads; 0: one per core
  // Polled by the workers between items and by each search every few hundred branches (so a
  // search stops within milliseconds): true stops the work, and what finished is kept. Called
  // from any thread, so it must be thread-safe (an atomic flag, a deadline).
  std::function<bool()> cancelled{};
  // Called on the calling thread about every 20 ms while items are left: (done, total).
  std::function<void(std::size_t, std::size_t)> progress{};
};

struct Completion {
  std::vector<char> finished{};  // finished[i]: body(i) completed
  bool cancelled = false;        // the work stopped before every item finished
};

// What a long computation throws when control.cancelled stopped it (a search between layouts).
// parallel_for counts the item as not finished rather than failed.
class Cancelled : public Error {
 public:
  Cancelled() : Error("interrupted") {}
};

// Runs body(i) for every i in [0, n) on control.threads workers, and waits for them. body
// writes its result by index, so results are in order whatever the number of threads. An
// exception in body stops the other workers and is rethrown here (that of the lowest index);
// Cancelled is not an error: that item is left unfinished, as those control.cancelled stopped.
[[nodiscard]] Completion parallel_for(std::size_t n, const std::function<void(std::size_t)>& body,
                                      const Control& control = {});

// How far one long search is, on the thread that runs it: while a SearchProgress lives, the
// searches on its thread report the steps they have taken (splits and layouts tried) about
// every 20 ms. Searches on other threads (parallel_for's workers), and those of parallel_for
// itself, never report to it: a sweep's progress is its items (Control::progress).
//
//   SearchProgress shown([](std::uint64_t steps) { draw(steps); });
//   Plan p = optimize(run);   // calls draw(...) now and then while it searches
class SearchProgress {
 public:
  explicit SearchProgress(std::function<void(std::uint64_t steps)> report);
  ~SearchProgress();
  SearchProgress(const SearchProgress&) = delete;
  SearchProgress& operator=(const SearchProgress&) = delete;

  // Called by searches: `steps` more were taken on this thread. Cheap when no SearchProgress
  // lives on it (a thread-local test).
  static void note(std::uint64_t steps);

  // While one lives, the SearchProgress of its thread (if any) hears nothing.
  class Suspend {
   public:
    Suspend();
    ~Suspend();
    Suspend(const Suspend&) = delete;
    Suspend& operator=(const Suspend&) = delete;

   private:
    SearchProgress* saved_;
  };

 private:
  std::function<void(std::uint64_t)> report_;
  SearchProgress* outer_;
  std::uint64_t steps_ = 0;
  std::chrono::steady_clock::time_point last_;
};

// True when control.cancelled says so.
[[nodiscard]] inline bool is_cancelled(const Control& control) {
  return control.cancelled && control.cancelled();
}

// Throws Cancelled (out of line, so that hot loops that check stay lean).
[[noreturn, gnu::cold]] void throw_cancelled();

// Throws Cancelled when control.cancelled says so.
inline void check_cancelled(const Control& control) {
  if (is_cancelled(control)) [[unlikely]]
    throw_cancelled();
}

}  // namespace dml
