#include "dml/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <limits>
#include <mutex>
#include <thread>
#include <utility>

namespace dml {

void throw_cancelled() { throw Cancelled(); }

namespace {
thread_local SearchProgress* t_search_progress = nullptr;
constexpr auto kSearchProgressEvery = std::chrono::milliseconds(20);
}  // namespace

SearchProgress::SearchProgress(std::function<void(std::uint64_t)> report)
    : report_(std::move(report)),
      outer_(t_search_progress),
      last_(std::chrono::steady_clock::now()) {
  t_search_progress = this;
}

SearchProgress::~SearchProgress() { t_search_progress = outer_; }

void SearchProgress::note(std::uint64_t steps) {
  SearchProgress* p = t_search_progress;
  if (p == nullptr) return;
  p->steps_ += steps;
  const auto now = std::chrono::steady_clock::now();
  if (now - p->last_ < kSearchProgressEvery) return;
  p->last_ = now;
  if (p->report_) p->report_(p->steps_);
}

SearchProgress::Suspend::Suspend() : saved_(t_search_progress) { t_search_progress = nullptr; }

SearchProgress::Suspend::~Suspend() { t_search_progress = saved_; }

Completion parallel_for(std::size_t n, const std::function<void(std::size_t)>& body,
                        const Control& control) {
  Completion result;
  result.finished.assign(n, 0);
  if (n == 0) return result;
  const SearchProgress::Suspend quiet;  // its items are its progress, run here or not
  unsigned threads = control.threads != 0 ? control.threads : std::thread::hardware_concurrency();
  threads =
      std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(std::min<std::size_t>(
                                                   n, std::numeric_limits<unsigned>::max()))));
  std::atomic<std::size_t> next{0};
  std::atomic<std::size_t> done{0};
  std::atomic<bool> stop{false};
  std::exception_ptr error;  // of the lowest index that failed, so that errors are repeatable
  std::size_t error_index = std::numeric_limits<std::size_t>::max();
  std::mutex error_mutex;
  std::mutex exit_mutex;
  std::condition_variable exited;
  unsigned running = threads;
  auto loop = [&] {
    for (;;) {
      if (stop.load() || is_cancelled(control)) return;
      const std::size_t i = next.fetch_add(1);
      if (i >= n) return;
      try {
        body(i);
      } catch (const Cancelled&) {
        return;  // unfinished, as control.cancelled says for the others
      } catch (...) {
        const std::lock_guard lock(error_mutex);
        if (i < error_index) {
          error_index = i;
          error = std::current_exception();
        }
        stop.store(true);  // the other workers stop too
        return;
      }
      result.finished[i] = 1;  // each index is written by one worker only
      done.fetch_add(1);
    }
  };
  auto work = [&] {
    loop();
    const std::lock_guard lock(exit_mutex);
    if (--running == 0) exited.notify_all();
  };
  if (threads == 1 && !control.progress) {
    work();
  } else {
    std::vector<std::jthread> workers;
    workers.reserve(threads);
    for (unsigned t = 0; t < threads; ++t) workers.emplace_back(work);
    std::unique_lock lock(exit_mutex);
    while (!exited.wait_for(lock, std::chrono::milliseconds(20), [&] { return running == 0; })) {
      lock.unlock();  // the workers may exit while progress is shown
      if (control.progress) control.progress(done.load(), n);
      lock.lock();
    }
  }  // joins the workers
  if (error) std::rethrow_exception(error);
  result.cancelled = done.load() < n;
  return result;
}

}  // namespace dml
