#include "interrupt.hpp"

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <mutex>

namespace dml::lua {
namespace {

// The handler counts signals; each Interruptible compares the count with the one it began
// with, so work in two threads (two embedded interpreters) do not clear each other's
// interruption. The handler is installed while at least one Interruptible lives.
std::atomic<unsigned> g_sigints{0};
std::mutex g_handler_mutex;
int g_running = 0;
struct sigaction g_previous_handler {};
extern "C" void on_sigint(int) { g_sigints.fetch_add(1); }

}  // namespace

Interruptible::Interruptible(std::string label)
    : label_(std::move(label)),
      tty_(isatty(STDERR_FILENO) != 0),
      begin_(std::chrono::steady_clock::now()) {
  {
    const std::lock_guard lock(g_handler_mutex);
    if (g_running++ == 0) {
      struct sigaction action {};
      action.sa_handler = on_sigint;
      sigemptyset(&action.sa_mask);
      sigaction(SIGINT, &action, &g_previous_handler);
    }
  }
  start_ = g_sigints.load();
  control_.cancelled = [this] { return interrupted(); };
  control_.progress = [this](std::size_t done, std::size_t total) { show(done, total); };
}

Interruptible::~Interruptible() {
  if (shown_) std::fprintf(stderr, "\r\033[K");
  const std::lock_guard lock(g_handler_mutex);
  if (--g_running == 0) sigaction(SIGINT, &g_previous_handler, nullptr);
}

bool Interruptible::interrupted() const { return g_sigints.load() != start_; }

void Interruptible::show(std::size_t done, std::size_t total) {
  if (!tty_) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - begin_ < std::chrono::seconds(1) || now - last_ < std::chrono::milliseconds(100)) {
    return;
  }
  last_ = now;
  shown_ = true;
  std::fprintf(stderr, "\r%s: %zu/%zu (Ctrl-C stops and keeps what is done)", label_.c_str(), done,
               total);
  std::fflush(stderr);
}

}  // namespace dml::lua
