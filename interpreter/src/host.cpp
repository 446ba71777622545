#include "host.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "dml/plan.hpp"
#include "dml/quantity.hpp"
#include "interrupt.hpp"

namespace dml::lua {

namespace {
constexpr const char* kHostKey = "dml:host";  // registry: light userdata, the Host
}  // namespace

Host* find_host(lua_State* L) {
  lua_getfield(L, LUA_REGISTRYINDEX, kHostKey);
  auto* h = static_cast<Host*>(lua_touserdata(L, -1));
  lua_pop(L, 1);
  return h;
}

void attach_host(lua_State* L, Host* h) {
  *static_cast<Host**>(lua_getextraspace(L)) = h;  // threads made later copy it
  lua_pushlightuserdata(L, h);
  lua_setfield(L, LUA_REGISTRYINDEX, kHostKey);
}

bool Host::past_deadline() const {
  return has_deadline && std::chrono::steady_clock::now() >= deadline;
}

bool Host::should_stop() const { return cancel_pending() || past_deadline(); }

void Host::remember_chunk(const std::string& name, std::string_view text) {
  if (ambiguous_chunks.contains(name)) return;
  const auto [it, inserted] = chunk_texts.try_emplace(name, text);
  if (!inserted && it->second != text) {
    chunk_texts.erase(it);
    ambiguous_chunks.insert(name);
  }
}

void Host::begin_call() {
  // Held to kMaxTimeout: the clock's nanoseconds would overflow past about 292 years.
  const double t = std::min(options.timeout.value(), InterpreterOptions::kMaxTimeout);
  has_deadline = limits_on && t > 0;
  if (has_deadline) {
    deadline = std::chrono::steady_clock::now() +
               std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                   std::chrono::duration<double>(t));
  }
  instructions = 0;
  stop = StopReason::kNone;
  stop_where.clear();
  interrupted = false;
  usage_message.clear();
  kept_rows = false;
  in_sweep = false;
  in_searches = false;
  memory_hit = false;
  memory_where.clear();
}

void Host::end_call(bool forget_cancels) {
  if (forget_cancels) seen.store(cancels.load());  // what arrived during the call goes with it
  clear_sweep_progress(*this);  // a sweep that a stop ended mid-way: its line goes
  in_sweep = false;
  in_searches = false;
  has_deadline = false;
  lua_sethook(main, count_hook, LUA_MASKCOUNT, kHookEvery);  // a stop set it to every instruction
}

void* allocate(void* ud, void* ptr, std::size_t osize, std::size_t nsize) {
  auto* h = static_cast<Host*>(ud);
  const std::size_t old = ptr != nullptr ? osize : 0;  // without ptr, osize is a type tag
  if (nsize == 0) {
    std::free(ptr);
    h->used -= old;
    return nullptr;
  }
  // Lua never asks a shrink to fail; a growth past the limit is refused while a call runs
  // (between calls the host's own pushes are not protected calls: a refusal would abort).
  if (h->limit != 0 && h->depth > 0 && nsize > old &&
      nsize - old > h->limit - std::min(h->used, h->limit)) {
    h->memory_hit = true;
    // The line that asked, in the main thread (a coroutine's allocation names its resume):
    // lua_getstack and lua_getinfo("Sl") read the call frames and allocate nothing.
    if (h->depth > 0 && h->main != nullptr) h->memory_where = user_where(h->main, 0);
    return nullptr;
  }
  void* p = std::realloc(ptr, nsize);
  if (p == nullptr) return nullptr;
  h->used = h->used - old + nsize;
  return p;
}

std::string stop_text(const Host& h, StopReason reason) {
  switch (reason) {
    case StopReason::kInterrupted:
      return "interrupted";
    case StopReason::kTimeout:
      return fmt::format("timeout of {} reached",
                         format_quantity({h.options.timeout.value(), kTime}));
    case StopReason::kInstructionLimit:
      return fmt::format("instruction limit of {} reached",
                         count_text(static_cast<u128>(h.options.max_instructions)));
    case StopReason::kMemoryLimit:
      // A limit near what the stdlib alone holds stops scripts early, even at once: said
      // (helper-95, helper-101).
      return fmt::format(
          "memory limit of {} reached{}", format_quantity({h.options.max_memory.value(), kBytes}),
          h.baseline > 0 && h.options.max_memory.value() < static_cast<double>(h.baseline) + 1e6
              ? fmt::format(" (dml's stdlib alone holds {}: give a few MB at least)",
                            format_quantity({static_cast<double>(h.baseline), kBytes}))
              : std::string());
    case StopReason::kNone:
      break;
  }
  return "stopped";
}

void raise_stop(lua_State* L, StopReason reason, int level) {
  Host& h = host(L);  // only called where an Interpreter's Host is attached
  // From now on every instruction of this thread raises it again: pcall cannot keep it.
  lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
  if (h.stop == StopReason::kNone) {
    h.stop = reason;
    std::string where = user_where(L, level);
    if (where.size() >= 2) where.resize(where.size() - 2);  // "file:line: " -> "file:line"
    h.stop_where = std::move(where);
    if (reason == StopReason::kInterrupted) h.interrupted = true;
  }
  {
    const std::string text =
        (h.stop_where.empty() ? "" : h.stop_where + ": ") + stop_text(h, h.stop);
    lua_pushlstring(L, text.data(), text.size());
  }  // text is destroyed before Lua unwinds (a longjmp in the C build of Lua)
  lua_error(L);
  __builtin_unreachable();
}

void raise_cancelled(lua_State* L) {
  const Host* h = find_host(L);
  if (h == nullptr) raise(L, "interrupted");  // a Control of the caller's own
  raise_stop(L, h->past_deadline() && !h->cancel_pending() ? StopReason::kTimeout
                                                           : StopReason::kInterrupted);
}

void after_work(lua_State* L, bool stopped_early, bool keeps_rows) {
  Host* found = find_host(L);
  if (!stopped_early) return;
  if (found == nullptr) raise(L, "interrupted");  // the Lua module: a hook came (Interruptible)
  Host& h = *found;
  if (h.past_deadline() && !h.cancel_pending()) raise_stop(L, StopReason::kTimeout);
  // The first cancel of the call, acted on by a sweep that keeps its rows: handled here.
  if (keeps_rows && take_first_cancel(h)) return;
  raise_stop(L, StopReason::kInterrupted);
}

bool take_first_cancel(Host& h) {
  if (!h.first_cancel_pending()) return false;
  h.seen.store(h.cancels.load());
  h.kept_rows = true;
  h.interrupted = true;
  return true;
}

bool poll_stop(lua_State* L) {
  Host* h = find_host(L);
  if (h == nullptr || h->depth == 0) return false;
  if (h->stop != StopReason::kNone) raise_stop(L, h->stop);
  if (h->past_deadline()) raise_stop(L, StopReason::kTimeout);
  if (!h->cancel_pending()) return false;
  if (h->in_sweep && h->first_cancel_pending()) return true;
  raise_stop(L, StopReason::kInterrupted);
}

void count_hook(lua_State* L, lua_Debug* /*ar*/) {
  Host& h = host(L);
  if (h.depth == 0) return;
  if (h.stop != StopReason::kNone) raise_stop(L, h.stop, 0);
  h.instructions += kHookEvery;
  // In a sweep the first cancel waits for the sweep's next run (a second one exits dml).
  if (h.cancel_pending() && !(h.in_sweep && h.first_cancel_pending())) {
    raise_stop(L, StopReason::kInterrupted, 0);
  }
  if (h.limits_on && h.options.max_instructions > 0 &&
      h.instructions >= h.options.max_instructions) {
    raise_stop(L, StopReason::kInstructionLimit, 0);
  }
  if (h.past_deadline()) raise_stop(L, StopReason::kTimeout, 0);
}

}  // namespace dml::lua
