#include "interrupt.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "dml/error.hpp"
#include "dml/plan.hpp"
#include "host.hpp"

namespace dml::lua {

namespace {

// The main thread of L's state (the registry keeps it; reading it raises no error).
lua_State* main_thread(lua_State* L) {
  lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_MAINTHREAD);
  lua_State* main = lua_tothread(L, -1);
  lua_pop(L, 1);
  return main != nullptr ? main : L;
}

}  // namespace

Interruptible::Interruptible(lua_State* L, std::string label)
    : host_(find_host(L)),
      L_(L),
      main_(main_thread(L)),
      hook_at_start_(lua_gethook(L)),
      main_hook_at_start_(lua_gethook(main_)),
      mask_at_start_(lua_gethookmask(L)),
      main_mask_at_start_(lua_gethookmask(main_)),
      owner_(std::this_thread::get_id()),
      label_(std::move(label)),
      tty_(isatty(STDERR_FILENO) != 0),
      begin_(std::chrono::steady_clock::now()),
      search_([this](std::uint64_t steps) { show(static_cast<std::size_t>(steps), 0); }) {
  // Called from the workers: reads atomics and the call's deadline, which is set before they
  // start.
  if (host_ != nullptr) {
    control_.cancelled = [h = host_] { return h->should_stop(); };
    control_.threads = host_->options.threads;
  } else {
    control_.cancelled = [this] {
      poll_hook();
      return hooked_.load(std::memory_order_relaxed);
    };
    // A Ctrl-C that came just before the work began: lua5.4's hook (call, return and every
    // instruction) already set, waiting for Lua code to run.
    const int stop_mask = LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT;
    if (main_hook_at_start_ != nullptr && main_mask_at_start_ == stop_mask &&
        lua_gethookcount(main_) == 1) {
      hooked_.store(true, std::memory_order_relaxed);
    }
  }
  control_.progress = [this](std::size_t done, std::size_t total) {
    if (host_ == nullptr) poll_hook();
    show(done, total);
  };
  if (host_ != nullptr && host_->in_sweep) {
    in_sweep_ = true;
    begin_ = host_->sweep_begin;
  } else if (host_ != nullptr && host_->in_searches) {
    begin_ = host_->searches_begin;
  }
}

Interruptible::~Interruptible() {
  if (shown_ && !in_sweep_) std::fprintf(stderr, "\r\033[K");
}

void Interruptible::poll_hook() const {
  if (std::this_thread::get_id() != owner_) return;
  if (lua_gethook(L_) != hook_at_start_ || lua_gethookmask(L_) != mask_at_start_ ||
      lua_gethook(main_) != main_hook_at_start_ || lua_gethookmask(main_) != main_mask_at_start_) {
    hooked_.store(true, std::memory_order_relaxed);
  }
}

void clear_sweep_progress(Host& h) {
  if (h.sweep_shown) std::fprintf(stderr, "\r\033[K");
  h.sweep_shown = false;
}

void Interruptible::note(std::size_t done, std::size_t total) {
  if (host_ != nullptr && in_sweep_) {
    const auto now = std::chrono::steady_clock::now();
    if (done < total && now - host_->sweep_last < std::chrono::milliseconds(20)) return;
    host_->sweep_last = now;
  }
  show(done, total);
}

void Interruptible::show(std::size_t done, std::size_t total) {
  if (in_sweep_ && total == 0) return;  // a search's candidates: the sweep counts runs
  if (host_ != nullptr && host_->options.progress) {
    if (host_->progress_failed) return;
    try {
      host_->options.progress(Progress{label_, done, total});
    } catch (...) {
      host_->progress_failed = true;  // a host callback must not throw: not called again
    }
    return;
  }
  if (!tty_) return;
  const auto now = std::chrono::steady_clock::now();
  // A sweep's line is rewritten at most every 100 ms across the searches it makes.
  auto& last = in_sweep_ ? host_->sweep_tty_last : last_;
  if (now - begin_ < std::chrono::seconds(1) || now - last < std::chrono::milliseconds(100)) {
    return;
  }
  last = now;
  shown_ = true;
  if (in_sweep_) host_->sweep_shown = true;
  // The user's label with its control characters escaped: a newline would break the line's
  // redraw, an escape sequence reach the terminal (helper-348).
  const std::string shown_label = printable(label_);
  if (total == 0) {  // one search: the layouts it has tried
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(now - begin_).count();
    std::fprintf(stderr, "\r%s: %s candidates tried, %lld s (Ctrl-C stops)", shown_label.c_str(),
                 count_text(static_cast<u128>(done)).c_str(), static_cast<long long>(seconds));
  } else {
    // The time so far and, from the rate so far, what is left (helper-104: no time at all).
    // Whole seconds, in the house style's units from a minute up ("12 s", "1.5 h").
    const auto time_text = [](double s) {
      return format_quantity(Quantity{std::ceil(s), kTime}, s < 60 ? 4 : 2);
    };
    const double seconds = std::chrono::duration<double>(now - begin_).count();
    std::string left;
    if (done > 0 && done < total) {
      const double rest = seconds * static_cast<double>(total - done) / static_cast<double>(done);
      left = ", about " + time_text(rest) + " left";
    }
    std::fprintf(stderr, "\r\033[K%s: %zu/%zu, %s%s (Ctrl-C stops and keeps what is done)",
                 shown_label.c_str(), done, total, time_text(std::floor(seconds)).c_str(),
                 left.c_str());
  }
  std::fflush(stderr);
}

}  // namespace dml::lua
