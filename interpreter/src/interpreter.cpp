#include "dml/interpreter.hpp"

#include <dlfcn.h>
#include <editline/readline.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <new>
#include <sstream>
#include <stdexcept>

#include "dml/error.hpp"
#include "edit_distance.hpp"
#include "embedded_stdlib.hpp"
#include "field_line.hpp"
#include "host.hpp"
#include "lua_runtime.hpp"
#include "sandbox.hpp"

// The dml command and every program linked to dml_interpreter run Lua built as C++ (c_lua.hpp).
bool dml::lua::c::c_build() noexcept { return false; }

namespace dml {
namespace {

namespace fs = std::filesystem;
using lua::guarded;

// Registry keys.
constexpr const char* kCoreKey = "dml:core";  // the table of native functions
// The host's own steps (Interpreter::require, doc) use the `require` and `dml.doc` the
// interpreter was made with, not the globals, which a script may replace or remove.
constexpr const char* kRequireKey = "dml:require";
constexpr const char* kDocKey = "dml:doc";
// The globals that Interpreter::require set (name -> the value set): it may set one again while
// it still holds that value.
constexpr const char* kRequiredKey = "dml:required";

// The searcher, the strict globals and the base functions are the Interpreter's own: its Host
// is there.
const InterpreterOptions& options_of(lua_State* L) { return lua::find_host(L)->options; }

// Replaces the traceback on the top of the stack with one without the frames of user_loader
// (further below), the C function between `require` and a module's main chunk: an implementation
// detail that Lua shows as "[C]: in ?".
void drop_loader_frames(lua_State* L) {
  std::size_t len = 0;
  const char* text = lua_tolstring(L, -1, &len);
  std::string t(text, len);
  constexpr std::string_view frame = "\n\t[C]: in ?\n\t[C]: in function 'require'";
  constexpr std::size_t extra = std::string_view("\n\t[C]: in ?").size();
  bool dropped = false;
  for (std::size_t at = t.find(frame); at != std::string::npos; at = t.find(frame, at)) {
    t.erase(at, extra);
    dropped = true;
  }
  if (!dropped) return;
  lua_pop(L, 1);
  lua_pushlstring(L, t.data(), t.size());
}

// Message handler for lua_pcall: makes non-string errors readable, points an error about a
// declaration's field at the field's line (at_field_line) and, with --traceback, appends the
// stack: the one core.traceback kept for this message, if any (taken where the error was first
// raised), else this one.
int message_handler(lua_State* L) {
  if (lua_tolstring(L, 1, nullptr) == nullptr) {
    if (luaL_callmeta(L, 1, "__tostring") != 0 && lua_type(L, -1) == LUA_TSTRING) return 1;
    // The place of the Lua line that raised it, as a string message has (helper-95: error({})
    // and error() named none).
    const std::string where = lua::user_where(L, 1);  // dml's own stdlib frames passed over
    lua_pushlstring(L, where.data(), where.size());
    lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    lua_concat(L, 2);
    lua_replace(L, 1);
  }
  // Lua's own runtime error raised inside a C function has no place: `ipairs(nil)`'s iterator
  // says "attempt to index a nil value" (helper-128). It gets the user's line, as the same
  // error raised in Lua code has.
  if (lua_type(L, 1) == LUA_TSTRING) {
    std::size_t len = 0;
    const char* msg = lua_tolstring(L, 1, &len);
    lua_Debug ar;
    // (Not a message a script raised itself with error(msg, 0) or assert: helper-131.)
    if (std::string_view(msg, len).starts_with("attempt to ") && lua_getstack(L, 1, &ar) != 0 &&
        lua_getinfo(L, "Sn", &ar) != 0 && std::string_view(ar.what) == "C" &&
        !(ar.name != nullptr &&
          (std::string_view(ar.name) == "error" || std::string_view(ar.name) == "assert"))) {
      const std::string where = lua::user_where(L, 1);
      lua_pushlstring(L, where.data(), where.size());
      lua_pushvalue(L, 1);
      lua_concat(L, 2);
      lua_replace(L, 1);
    }
  }
  // The message as raised, which core.traceback's kept stack is keyed by.
  lua_pushvalue(L, 1);
  const int raised = lua_gettop(L);
  {
    std::size_t len = 0;
    const char* msg = lua_tolstring(L, 1, &len);
    if (std::optional<std::string> moved = lua::at_field_line(L, std::string_view(msg, len))) {
      lua_pushlstring(L, moved->data(), moved->size());
      lua_replace(L, 1);
    }
  }
  if (lua_toboolean(L, lua_upvalueindex(1)) != 0) {
    // The message, a newline and the stack, joined as Lua strings: a message may hold a NUL.
    std::size_t len = 0;
    const char* msg = lua_tolstring(L, raised, &len);
    lua::Host* h = lua::find_host(L);
    lua_pushvalue(L, 1);
    lua_pushliteral(L, "\n");
    if (h != nullptr && !h->traceback.empty() &&
        h->traceback_message == std::string_view(msg, len)) {
      lua_pushlstring(L, h->traceback.data(), h->traceback.size());
    } else {
      luaL_traceback(L, L, nullptr, 1);
      drop_loader_frames(L);
    }
    lua_concat(L, 3);
    return 1;
  }
  lua_settop(L, 1);
  return 1;
}

// The closest name to `name` among the accessing function's locals and the
// globals, if it is close enough to be a likely typo.
std::string closest_name(lua_State* L, std::string_view name) {
  std::vector<std::string> names;
  lua_Debug ar;
  if (lua_getstack(L, 1, &ar) != 0) {
    for (int i = 1;; ++i) {
      const char* local = lua_getlocal(L, &ar, i);
      if (local == nullptr) break;
      lua_pop(L, 1);
      if (local[0] != '(') names.emplace_back(local);
    }
  }
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {
    lua_pop(L, 1);
    if (lua_type(L, -1) == LUA_TSTRING) names.emplace_back(lua_tostring(L, -1));
  }
  return lua::closest(name, names);
}

// Whether `s` is a name Lua can write: letters, digits and underscores, not first a digit,
// and no keyword.
bool lua_name(std::string_view s) {
  static constexpr std::array<std::string_view, 22> kKeywords{
      "and",      "break",  "do",   "else", "elseif", "end",  "false", "for",
      "function", "goto",   "if",   "in",   "local",  "nil",  "not",   "or",
      "repeat",   "return", "then", "true", "until",  "while"};
  if (s.empty() || s.size() > 200 || std::isdigit(static_cast<unsigned char>(s.front())) != 0)
    return false;
  for (const char c : s) {
    if (std::isalnum(static_cast<unsigned char>(c)) == 0 && c != '_') return false;
  }
  return std::find(kKeywords.begin(), kKeywords.end(), s) == kKeywords.end();
}

// Strict globals: reading a global that was never set is an error at its line.
int undefined_global(lua_State* L) {
  if (lua_type(L, 2) == LUA_TSTRING) {
    return guarded(L, [&]() -> int {
      std::size_t n = 0;
      const char* s = lua_tolstring(L, 2, &n);
      const std::string name(s, n);
      if (options_of(L).sandbox) {
        if (std::string removed = lua::sandbox_hint(name); !removed.empty()) {
          throw std::runtime_error(removed);
        }
      }
      const std::string hint = closest_name(L, name);
      // A long name (from _ENV[...]) is shown as a bounded excerpt.
      const std::string shown =
          excerpt_head(name).size() == n ? "'" + name + "'" : quoted_excerpt(name);
      // A global no name can reach ("acme.models", as -l acme.models sets it): said how to
      // name it (helper-162: "did you mean 'acme.models'?" could not be written). Only a
      // module's dotted name, whose parts are names, and a name given the hint as a name
      // (helper-168: "my var", a keyword, "1abc").
      if (!hint.empty() && !lua_name(hint)) {
        bool dotted = hint.find('.') != std::string::npos && lua_name(name);
        for (std::size_t from = 0; dotted && from <= hint.size();) {
          const std::size_t to = std::min(hint.find('.', from), hint.size());
          dotted = lua_name(hint.substr(from, to - from));
          from = to + 1;
        }
        if (!dotted) {
          throw std::runtime_error(fmt::format("undefined global {}", shown));
        }
        throw std::runtime_error(fmt::format(
            "undefined global {} (the global {} is not a name Lua can write: load it as "
            "-l {}={} and use {}, or read _G[\"{}\"])",
            shown, quoted_excerpt(hint), name, hint, name, hint));
      }
      throw std::runtime_error(hint.empty()
                                   ? fmt::format("undefined global {}", shown)
                                   : fmt::format("undefined global {} (did you mean {}?)", shown,
                                                 excerpt_head(hint).size() == hint.size()
                                                     ? "'" + hint + "'"
                                                     : quoted_excerpt(hint)));
    });
  }
  lua_pushnil(L);
  return 1;
}

// --- Lua text only: binary chunks are refused everywhere --------------------------------------
//
// A binary chunk is trusted by Lua's undump: a corrupted one crashes the process. load,
// loadfile and dofile take text only; their messages say why.

// load(chunk [, chunkname [, mode [, env]]]) with mode "t": upvalue 1 is Lua's load.
int l_load_text(lua_State* L) {
  const int n = lua_gettop(L);
  // Lua's load checks these too, but its messages would name no function and no line.
  const int chunk = lua_type(L, 1);
  luaL_argexpected(L, chunk == LUA_TSTRING || chunk == LUA_TFUNCTION, 1, "string or function");
  luaL_optstring(L, 2, nullptr);
  if (n >= 3 && !lua_isnil(L, 3)) {
    const char* mode = luaL_checkstring(L, 3);
    if (std::string_view(mode).find('t') == std::string_view::npos) {
      return luaL_error(L, "load: binary chunks are refused (mode \"%s\"); dml loads Lua text only",
                        mode);
    }
  }
  while (lua_gettop(L) < 2) lua_pushnil(L);
  lua_pushstring(L, "t");
  if (n >= 3) {
    lua_replace(L, 3);
  } else {
    lua_insert(L, 3);  // keeps env absent when it was absent
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

// loadfile([filename [, mode [, env]]]) with mode "t".
int l_loadfile_text(lua_State* L) {
  const char* name = luaL_optstring(L, 1, nullptr);
  const char* mode = luaL_optstring(L, 2, "t");
  if (std::string_view(mode).find('t') == std::string_view::npos) {
    return luaL_error(
        L, "loadfile: binary chunks are refused (mode \"%s\"); dml loads Lua text only", mode);
  }
  const bool has_env = !lua_isnone(L, 3);
  if (luaL_loadfilex(L, name, "t") != LUA_OK) {
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
  }
  if (has_env) {
    lua_pushvalue(L, 3);
    if (lua_setupvalue(L, -2, 1) == nullptr) lua_pop(L, 1);
  }
  return 1;
}

// dofile([filename]) of Lua text.
int l_dofile_text(lua_State* L) {
  const char* name = luaL_optstring(L, 1, nullptr);
  lua_settop(L, 1);
  if (luaL_loadfilex(L, name, "t") != LUA_OK) return lua_error(L);
  lua_call(L, 0, LUA_MULTRET);
  return lua_gettop(L) - 1;
}

// print(...) to the host's print callback: the values as tostring shows them, tab-separated.
// Calls a host callback; whatever it throws becomes an error at the script's line (an
// exception that is not a std::exception too: none may cross Lua's frames).
template <typename F>
void call_host(const char* what, const F& callback, std::string_view text) {
  try {
    callback(text);
  } catch (const std::exception& e) {
    throw Error(fmt::format("{}: the host's callback failed: {}", what, e.what()));
  } catch (...) {
    throw Error(fmt::format("{}: the host's callback failed", what));
  }
}

int l_print_to_host(lua_State* L) {
  const int n = lua_gettop(L);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (int i = 1; i <= n; ++i) {
    std::size_t len = 0;
    const char* s = luaL_tolstring(L, i, &len);
    if (i > 1) luaL_addchar(&b, '\t');
    luaL_addvalue(&b);
    (void)s;
    (void)len;
  }
  luaL_pushresult(&b);
  std::size_t len = 0;
  const char* line = lua_tolstring(L, -1, &len);
  return guarded(L, [&] {
    // One call per line, without its newline.
    const std::string_view text(line, len);
    std::size_t from = 0;
    while (true) {
      const std::size_t end = text.find('\n', from);
      call_host("print", options_of(L).print, text.substr(from, end - from));
      if (end == std::string_view::npos) break;
      from = end + 1;
    }
    return 0;
  });
}

// core.message(text): a note of dml's to the user ("dml: wrote out.tsv"), to the host's
// message callback or standard error; text without a trailing newline.
int l_message(lua_State* L) {
  std::size_t len = 0;
  const char* text = luaL_checklstring(L, 1, &len);
  return guarded(L, [&] {
    const auto& opts = options_of(L);
    if (opts.message) {
      call_host("message", opts.message, std::string_view(text, len));
    } else {
      std::fwrite(text, 1, len, stderr);
      std::fputc('\n', stderr);
      std::fflush(stderr);
    }
    return 0;
  });
}

// Replaces the base library's load, loadfile and dofile by the text-only ones (the sandbox
// removes the last two), and print by the host's when it has one.
void install_base(lua_State* L) {
  lua_getglobal(L, "load");
  lua_pushcclosure(L, l_load_text, 1);
  lua_setglobal(L, "load");
  if (!options_of(L).sandbox) {
    lua_pushcfunction(L, l_loadfile_text);
    lua_setglobal(L, "loadfile");
    lua_pushcfunction(L, l_dofile_text);
    lua_setglobal(L, "dofile");
  }
  if (options_of(L).print) {
    lua_pushcfunction(L, l_print_to_host);
    lua_setglobal(L, "print");
  }
}

// --- the module searcher -------------------------------------------------

const lua::EmbeddedModule* find_embedded(std::string_view name) {
  for (const auto& m : lua::embedded_stdlib()) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

// Directory of the outermost Lua file on the stack (the scenario dml runs), "" when none is.
std::string scenario_dir(lua_State* L) {
  lua_Debug ar;
  std::string dir;
  for (int level = 1; lua_getstack(L, level, &ar) != 0; ++level) {
    lua_getinfo(L, "S", &ar);
    if (ar.source[0] == '@') {
      fs::path p(ar.source + 1);
      dir = p.has_parent_path() ? p.parent_path().string() : std::string(".");
    }
  }
  return dir;
}

std::vector<std::string> split(std::string_view s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= s.size()) {
    size_t end = s.find(sep, start);
    if (end == std::string_view::npos) end = s.size();
    if (end > start) out.emplace_back(s.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

std::string replace_all(std::string_view s, std::string_view from, std::string_view to) {
  std::string out;
  size_t start = 0;
  for (size_t pos = 0; (pos = s.find(from, start)) != std::string_view::npos;
       start = pos + from.size()) {
    out.append(s.substr(start, pos - start)).append(to);
  }
  out.append(s.substr(start));
  return out;
}

// Every user location for `name`, in search order: next to the requiring
// file, DML_PATH templates, then --lib directories.
std::vector<std::string> user_candidates(lua_State* L, const std::string& name) {
  const auto& opts = options_of(L);
  const std::string rel = replace_all(name, ".", "/");
  std::vector<std::string> templates;
  const std::string dir = lua::requiring_dir(L);
  const std::string base = dir.empty() ? std::string(".") : dir;
  templates.push_back(base + "/?.lua");
  templates.push_back(base + "/?/init.lua");
  // Then beside the scenario, where a library is required from another directory: a library
  // copied beside the scenario requires its own modules by their full names (helper-85).
  if (const std::string top = scenario_dir(L); !top.empty() && top != base) {
    templates.push_back(top + "/?.lua");
    templates.push_back(top + "/?/init.lua");
  }
  if (opts.use_env_path) {
    if (const char* env = std::getenv("DML_PATH")) {
      for (auto& t : split(env, ';')) templates.push_back(t);
    }
  }
  for (const auto& lib : opts.lib_dirs) {
    templates.push_back(lib + "/?.lua");
    templates.push_back(lib + "/?/init.lua");
  }
  std::vector<std::string> out;
  out.reserve(templates.size());
  for (const auto& t : templates) out.push_back(replace_all(t, "?", rel));
  return out;
}

bool readable(const std::string& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

// The module a missing `name` was likely meant to be (helper-162: `require "acme.modles"` gave
// no hint): the modules in the folders its candidate files would be in ("acme.models" beside
// "acme/modles.lua"), the closest by name; "" when none is close. Each folder is read once, its
// first 1,000 entries.
std::string near_module(const std::string& name, const std::vector<std::string>& candidates) {
  const size_t dot = name.rfind('.');
  const std::string prefix = dot == std::string::npos ? std::string() : name.substr(0, dot + 1);
  const std::string last = dot == std::string::npos ? name : name.substr(dot + 1);
  const std::string file_tail = "/" + last + ".lua";
  std::vector<std::string> names;
  std::vector<std::string> folders;
  for (const auto& path : candidates) {
    if (!path.ends_with(file_tail)) continue;  // (the "?/init.lua" ones name the same folder)
    const std::string folder = path.substr(0, path.size() - file_tail.size());
    if (std::find(folders.begin(), folders.end(), folder) != folders.end()) continue;
    folders.push_back(folder);
    // (A folder of more than 500 entries gives none: which 500 were read is the file system's
    // order, and a miss would list it each time; names require cannot load, "a.b.lua" or
    // ".hidden.lua", are none; helper-168.)
    std::error_code ec;
    fs::directory_iterator it(folder.empty() ? "/" : folder, ec);
    std::vector<std::string> here;
    int n = 0;
    for (; !ec && it != fs::directory_iterator() && n <= 500; it.increment(ec), ++n) {
      const fs::path& entry = it->path();
      const std::string stem = entry.stem().string();
      if (stem.empty() || stem.find('.') != std::string::npos) continue;
      std::error_code ec2;
      if (entry.extension() == ".lua" && fs::is_regular_file(entry, ec2)) {
        here.push_back(prefix + stem);
      } else if (entry.extension().empty() && fs::is_regular_file(entry / "init.lua", ec2)) {
        here.push_back(prefix + entry.filename().string());
      }
    }
    if (n <= 500) names.insert(names.end(), here.begin(), here.end());
  }
  // And the stdlib's own ("dml.measure" for dml.measured).
  for (const auto& m : lua::embedded_stdlib()) names.emplace_back(m.name);
  // (Not the name itself, found but not loadable by the templates, nor a folder the name is in:
  // "dml" for "dml.foo"; helper-168.)
  std::erase_if(names,
                [&](const std::string& c) { return c == name || name.starts_with(c + "."); });
  return lua::closest(name, names);
}

// Loads an embedded (or --stdlib) module; pushes the loader. Returns false on a load error
// (message pushed).
bool load_stdlib(lua_State* L, const lua::EmbeddedModule& m) {
  const auto& opts = options_of(L);
  const std::string chunkname = std::string(lua::kStdlibChunkPrefix) + std::string(m.path);
  if (opts.stdlib_dir.empty()) return lua::load_embedded(L, m, chunkname.c_str()) == LUA_OK;
  // A stdlib from disk is all of it: a module missing there is an error, never the embedded
  // copy mixed in.
  const fs::path file = fs::path(opts.stdlib_dir) / m.path;
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    const std::string msg =
        fmt::format("no file '{}' (the stdlib directory {})", file.string(), opts.stdlib_dir);
    lua_pushlstring(L, msg.data(), msg.size());
    return false;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  return luaL_loadbufferx(L, text.data(), text.size(), chunkname.c_str(), "t") == LUA_OK;
}

// Whether the innermost Lua function on the stack (the one that called require) is the user's
// (a scenario, a library, -e) rather than the stdlib's; false when none is (the interpreter's
// own require of "dml" at start).
bool required_by_user(lua_State* L) {
  lua_Debug ar;
  for (int level = 1; lua_getstack(L, level, &ar) != 0; ++level) {
    lua_getinfo(L, "S", &ar);
    if (std::string_view(ar.what) == "C") continue;
    return !std::string_view(ar.source).starts_with(lua::kStdlibChunkPrefix);
  }
  return false;
}

// A stdlib module's loader: calls its chunk (upvalue 1) with its name and dml.core (upvalue 2),
// which thus never becomes require's second result, the loader data, in a script's hands.
int stdlib_loader(lua_State* L) {
  lua_settop(L, 1);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_call(L, 2, 1);
  return 1;
}

// The user modules being loaded, outermost first: a require of one of them is a cycle, which
// Lua's require would follow until the C stack overflows (helper-348).
constexpr const char* kLoadingKey = "dml.loading";
constexpr const char* kLoadingCloseKey = "dml.loading_close";

// Pushes the list of the modules being loaded (made on first use).
void push_loading(lua_State* L) {
  if (lua_getfield(L, LUA_REGISTRYINDEX, kLoadingKey) == LUA_TTABLE) return;
  lua_pop(L, 1);
  lua_newtable(L);
  lua_pushvalue(L, -1);
  lua_setfield(L, LUA_REGISTRYINDEX, kLoadingKey);
}

// Each entry of the list is a table { name, thread }: the module and the thread whose require
// loads it. An entry is live while its thread is running or has resumed another (it is in its
// require: a loader calls the chunk without a continuation, so a require cannot yield). One
// whose thread is suspended or dead was left by a coroutine that raised in a require and was
// never closed (helper-349): not a cycle, and dropped.
bool entry_live(lua_State* L, int entry) {
  lua_rawgeti(L, entry, 2);
  lua_State* co = lua_tothread(L, -1);
  lua_pop(L, 1);
  if (co == nullptr) return false;
  if (co == L) return true;
  lua_Debug ar;
  return lua_status(co) == LUA_OK && lua_getstack(co, 0, &ar) != 0;
}

// __close of a user module's entry, which its loader holds: the module is loaded, or failed to
// be; either way this entry leaves the list.
int loading_close(lua_State* L) {
  push_loading(L);
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, -1));
  for (lua_Integer i = n; i >= 1; --i) {
    lua_rawgeti(L, -1, i);
    const bool mine = lua_rawequal(L, -1, 1) != 0;
    lua_pop(L, 1);
    if (!mine) continue;
    for (lua_Integer k = i; k < n; ++k) {
      lua_rawgeti(L, -1, k + 1);
      lua_rawseti(L, -2, k);
    }
    lua_pushnil(L);
    lua_rawseti(L, -2, n);
    break;
  }
  return 0;
}

// A user module's loader: runs its chunk (upvalue 1) with require's arguments, its entry on the
// list of modules being loaded (upvalue 2, its name) until it returns or raises.
int user_loader(lua_State* L) {
  lua_settop(L, 2);
  lua_createtable(L, 2, 0);  // the entry, at 3
  lua_pushvalue(L, lua_upvalueindex(2));
  lua_rawseti(L, 3, 1);
  lua_pushthread(L);
  lua_rawseti(L, 3, 2);
  if (luaL_newmetatable(L, kLoadingCloseKey) != 0) {
    lua_pushcfunction(L, loading_close);
    lua_setfield(L, -2, "__close");
  }
  lua_setmetatable(L, 3);
  push_loading(L);
  lua_pushvalue(L, 3);
  lua_rawseti(L, -2, static_cast<lua_Integer>(lua_rawlen(L, -2)) + 1);
  lua_pop(L, 1);
  lua_toclose(L, 3);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 2);
  lua_call(L, 2, 1);
  return 1;
}

// The cycle that requiring `name` would close ("a -> b -> a"), or "" when it is not loading.
// Drops the entries no longer live on the way.
std::string require_cycle(lua_State* L, const std::string& name) {
  push_loading(L);
  const int list = lua_gettop(L);
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, list));
  std::string chain;
  lua_Integer kept = 0;
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, list, i);
    if (!entry_live(L, lua_gettop(L))) {
      lua_pop(L, 1);
      continue;
    }
    lua_rawgeti(L, -1, 1);
    const char* s = lua_tostring(L, -1);
    const std::string entry = s != nullptr ? s : "?";
    lua_pop(L, 1);
    lua_rawseti(L, list, ++kept);
    if (chain.empty() && entry != name) continue;
    chain += entry + " -> ";
  }
  for (lua_Integer i = kept + 1; i <= n; ++i) {
    lua_pushnil(L);
    lua_rawseti(L, list, i);
  }
  lua_pop(L, 1);
  return chain.empty() ? chain : chain + name;
}

int dml_searcher(lua_State* L) {
  const std::string name = luaL_checkstring(L, 1);
  if (const std::string cycle = require_cycle(L, name); !cycle.empty()) {
    return guarded(L, [&]() -> int {
      throw std::runtime_error(fmt::format(
          "module '{}' is still loading: its requires make a cycle, {} (a module cannot "
          "require one that requires it)",
          name, cycle));
    });
  }
  const lua::EmbeddedModule* embedded = find_embedded(name);
  std::string tried;
  // The stdlib's own requires (and the interpreter's of "dml") never search the user's places:
  // a dml.lua beside the scenario, or in the working directory, must not stop dml itself
  // (helper-85). A scenario's or library's require of a stdlib name still does, to refuse a
  // file that would shadow it.
  const bool search_user = embedded == nullptr || required_by_user(L);
  const std::vector<std::string> places =
      search_user ? user_candidates(L, name) : std::vector<std::string>{};
  for (const auto& path : places) {
    if (!readable(path)) {
      tried += fmt::format("{}no file '{}'", tried.empty() ? "" : "\n\t", path);
      continue;
    }
    if (embedded != nullptr) {
      return guarded(L, [&]() -> int {
        throw std::runtime_error(
            fmt::format("module '{}' at '{}' would shadow dml's own stdlib module of that name; "
                        "rename it (dml's stdlib modules cannot be replaced by a scenario library)",
                        name, path));
      });
    }
    if (luaL_loadfilex(L, path.c_str(), "t") != LUA_OK) {
      // At the user's line that required it (helper-85: a library's syntax error did not say
      // which require met it).
      const std::string why = lua_tostring(L, -1);
      return guarded(L, [&]() -> int {
        throw std::runtime_error(
            fmt::format("error loading module '{}' from file '{}':\n\t{}", name, path, why));
      });
    }
    lua_pushstring(L, name.c_str());
    lua_pushcclosure(L, user_loader, 2);
    lua_pushstring(L, path.c_str());
    return 2;
  }
  if (embedded != nullptr) {
    if (!load_stdlib(L, *embedded)) {
      return luaL_error(L, "error loading stdlib module '%s':\n\t%s", name.c_str(),
                        lua_tostring(L, -1));
    }
    // The chunk gets dml.core, which no scenario can require, from its loader's closure; the
    // loader data, which require returns too, is only a name.
    lua_getfield(L, LUA_REGISTRYINDEX, kCoreKey);
    lua_pushcclosure(L, stdlib_loader, 2);
    lua_pushliteral(L, "(dml's stdlib)");
    return 2;
  }
  tried += fmt::format("\n\tno module '{}' in dml's stdlib", name);
  const char* env = options_of(L).use_env_path ? std::getenv("DML_PATH") : nullptr;
  if (env == nullptr || *env == '\0') {
    tried += "\n\t(DML_PATH is not set)";
  } else {
    // A directory given where a template belongs finds nothing: said (helper-85).
    for (const auto& t : split(env, ';')) {
      if (t.find('?') == std::string::npos) {
        tried += fmt::format(
            "\n\t(DML_PATH's entry '{}' has no '?': its entries are templates, "
            "'{}/?.lua;{}/?/init.lua')",
            t, t, t);
        break;
      }
    }
  }
  {
    if (const std::string hint = near_module(name, places); !hint.empty()) {
      tried += fmt::format("\n\t(did you mean '{}'?)", hint);
    }
  }
  lua_pushstring(L, tried.c_str());
  return 1;
}

// core.shard() -> K, N: this interpreter runs the K-th of N slices of every dml.sweep.
int l_shard(lua_State* L) {
  const auto& opts = options_of(L);
  lua_pushinteger(L, opts.shard_index);
  lua_pushinteger(L, opts.shard_count);
  return 2;
}

// core.traceback(msg[, previous]) -> msg: for a message handler of the stdlib's that adds to
// an error and raises it again (dml.sweep names the point). With --traceback it keeps the stack
// from the function that raised the error, for the message handler to show if the error
// reaches it as `msg` (or the stack kept for `previous`, the error it adds to, when that one was
// re-raised too). The error's value stays the message alone: a pcall sees no stack.
int l_traceback(lua_State* L) {
  return guarded(L, [&] {  // the strings it keeps allocate
    std::size_t len = 0;
    const char* msg = luaL_checklstring(L, 1, &len);
    lua::Host* h = lua::find_host(L);
    if (h != nullptr && options_of(L).traceback) {
      std::size_t previous_len = 0;
      const char* previous = lua_tolstring(L, 2, &previous_len);
      if (previous == nullptr || h->traceback.empty() ||
          h->traceback_message != std::string_view(previous, previous_len)) {
        luaL_traceback(L, L, nullptr, 2);
        drop_loader_frames(L);
        h->traceback = lua_tostring(L, -1);
        lua_pop(L, 1);
      }
      h->traceback_message.assign(msg, len);
    }
    lua_settop(L, 1);
    return 1;
  });
}

// package.searchers = { preload, dml_searcher }, and dml.core in the registry.
void install_searcher(lua_State* L) {
  lua::open_core(L);
  lua_pushcfunction(L, l_shard);
  lua_setfield(L, -2, "shard");
  lua_pushcfunction(L, l_traceback);
  lua_setfield(L, -2, "traceback");
  lua_pushcfunction(L, l_message);
  lua_setfield(L, -2, "message");
  lua_setfield(L, LUA_REGISTRYINDEX, kCoreKey);
  lua_getglobal(L, "package");
  lua_getfield(L, -1, "searchers");
  // Scenario libraries are Lua text: C modules are not searched (they would
  // also make a scenario's behaviour depend on the machine's LUA_CPATH).
  lua_createtable(L, 2, 0);
  lua_rawgeti(L, -2, 1);  // preload
  lua_rawseti(L, -2, 1);
  lua_pushcfunction(L, dml_searcher);
  lua_rawseti(L, -2, 2);
  lua_setfield(L, -3, "searchers");
  lua_pop(L, 1);
  lua_pushstring(L, "");  // the Lua-file searcher is ours: DML_PATH replaces LUA_PATH
  lua_setfield(L, -2, "path");
  lua_pop(L, 1);
}

void make_globals_strict(lua_State* L) {
  lua_pushglobaltable(L);
  lua_createtable(L, 0, 1);
  lua_pushcfunction(L, undefined_global);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, -2);
  lua_pop(L, 1);
}

bool is_incomplete(lua_State* L, int status) {
  if (status != LUA_ERRSYNTAX) return false;
  size_t n = 0;
  const char* msg = lua_tolstring(L, -1, &n);
  constexpr std::string_view kEof = "<eof>";
  return n >= kEof.size() && std::string_view(msg + n - kEof.size(), kEof.size()) == kEof;
}

// --- loading a chunk inside the call that runs it (lua::ChunkToLoad) --------------------------
//
// The count hook does not run while Lua compiles: the readers give the parser a block at a time
// and check the call's timeout and cancel before each (poll_stop raises the stop; lua_load
// returns it as its error).

constexpr std::size_t kLoadBlock = 64 * 1024;

struct TextReader {
  std::string_view rest;
};

const char* read_text(lua_State* L, void* ud, std::size_t* size) {
  auto& r = *static_cast<TextReader*>(ud);
  lua::poll_stop(L);
  if (r.rest.empty()) return nullptr;
  *size = std::min(r.rest.size(), kLoadBlock);
  const char* block = r.rest.data();
  r.rest.remove_prefix(*size);
  return block;
}

// luaL_loadfilex's reader: the characters read ahead (a first line skipped), then the file.
struct FileReader {
  std::FILE* f = nullptr;
  std::size_t ahead = 0;
  std::array<char, BUFSIZ> buffer{};
};

const char* read_file(lua_State* L, void* ud, std::size_t* size) {
  auto& r = *static_cast<FileReader*>(ud);
  lua::poll_stop(L);
  if (r.ahead > 0) {
    *size = r.ahead;
    r.ahead = 0;
  } else {
    if (std::feof(r.f) != 0) return nullptr;
    *size = std::fread(r.buffer.data(), 1, r.buffer.size(), r.f);
  }
  return r.buffer.data();
}

// As luaL_loadfilex's: "cannot open scenario.lua: No such file or directory".
int file_error(lua_State* L, const char* what, int name_index) {
  const char* error = std::strerror(errno);
  lua_pushfstring(L, "cannot %s %s: %s", what, lua_tostring(L, name_index) + 1, error);
  lua_remove(L, name_index);
  return LUA_ERRFILE;
}

// The first character after a UTF-8 byte order mark, if the file begins with one.
int skip_bom(std::FILE* f) {
  const int c = std::getc(f);
  if (c == 0xEF && std::getc(f) == 0xBB && std::getc(f) == 0xBF) return std::getc(f);
  return c;
}

// luaL_loadfilex(L, path, "t") with read_file (path nullptr: standard input): the same chunk
// name, the same first line skipped ("#!/usr/bin/env dml", its newline kept for the line
// numbers), the same messages. A binary chunk is not reopened in binary mode, as Lua's is:
// mode "t" refuses it all the same.
int load_file(lua_State* L, const char* path) {
  const int name_index = lua_gettop(L) + 1;
  FileReader r;
  if (path == nullptr) {
    lua_pushliteral(L, "=stdin");
    r.f = stdin;
  } else {
    lua_pushfstring(L, "@%s", path);
    errno = 0;
    r.f = std::fopen(path, "r");
    if (r.f == nullptr) return file_error(L, "open", name_index);
  }
  // Closed however the load ends (a Lua error is a C++ exception here).
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> closer(
      path != nullptr ? r.f : nullptr,
      [](std::FILE* f) { return f != nullptr ? std::fclose(f) : 0; });
  int c = skip_bom(r.f);
  if (c == '#') {  // a first line for the shell
    do {
      c = std::getc(r.f);
    } while (c != EOF && c != '\n');
    c = std::getc(r.f);
    r.buffer[r.ahead++] = '\n';
  }
  if (c == LUA_SIGNATURE[0]) r.ahead = 0;
  if (c != EOF) r.buffer[r.ahead++] = static_cast<char>(c);
  errno = 0;
  const int status = lua_load(L, read_file, &r, lua_tostring(L, -1), "t");
  if (std::ferror(r.f) != 0) {
    lua_settop(L, name_index);
    return file_error(L, "read", name_index);
  }
  lua_remove(L, name_index);
  return status;
}

// (chunk) -> the function the lua::ChunkToLoad (light userdata) loads; raises Lua's message when
// the load fails.
int l_load_chunk(lua_State* L) {
  auto& chunk = *static_cast<lua::ChunkToLoad*>(lua_touserdata(L, 1));
  int status = LUA_OK;
  if (chunk.file) {
    status = load_file(L, chunk.path);
  } else {
    TextReader r{chunk.text};
    status = lua_load(L, read_text, &r, chunk.name, "t");
  }
  if (status != LUA_OK) return lua_error(L);
  // The text is only for naming a field's line: out of memory, it is not kept.
  if (chunk.remember) {
    try {
      lua::find_host(L)->remember_chunk(chunk.name, chunk.text);
    } catch (const std::bad_alloc&) {  // NOLINT(bugprone-empty-catch)
    }
  }
  return 1;
}

}  // namespace

Interpreter::Interpreter(InterpreterOptions options)
    : options_(std::move(options)), host_(std::make_unique<lua::Host>(options_)) {
  // Options out of range are the host's mistake, said before anything runs (a negative or NaN
  // limit would otherwise read as none).
  if (options_.shard_count < 1 || options_.shard_index < 1 ||
      options_.shard_index > options_.shard_count) {
    throw std::invalid_argument(
        fmt::format("InterpreterOptions.shard_index/shard_count: {}/{}: expected K/N with 1 <= "
                    "K <= N",
                    options_.shard_index, options_.shard_count));
  }
  if (options_.threads > InterpreterOptions::kMaxThreads) {
    throw std::invalid_argument(
        fmt::format("InterpreterOptions.threads: expected 0 (one per core) to {}, got {}",
                    InterpreterOptions::kMaxThreads, options_.threads));
  }
  const auto check_limit = [](const char* name, double v, const char* unit) {
    if (!(v >= 0) || std::isinf(v)) {
      throw std::invalid_argument(fmt::format(
          "InterpreterOptions.{}: expected 0 (no limit) or a positive finite {}, got {}", name,
          unit, std::isfinite(v) ? fmt::format("{}", v) : non_finite_text(v)));
    }
  };
  check_limit("max_memory", options_.max_memory.value(), "size in bytes");
  check_limit("timeout", options_.timeout.value(), "time in seconds");
  check_limit("max_instructions", static_cast<double>(options_.max_instructions), "count");
  if (!options_.stdlib_dir.empty()) {
    std::error_code ec;
    if (!fs::is_directory(options_.stdlib_dir, ec)) {
      throw std::runtime_error(fmt::format(
          "cannot load dml's stdlib: InterpreterOptions.stdlib_dir \"{}\": {}", options_.stdlib_dir,
          fs::exists(options_.stdlib_dir, ec) ? "not a directory" : "no such directory"));
    }
  }
  L_ = lua_newstate(lua::allocate, host_.get());
  if (L_ == nullptr) throw std::bad_alloc();
  host_->main = L_;
  lua::attach_host(L_, host_.get());
  // Before any coroutine exists: each new thread inherits it.
  lua_sethook(L_, lua::count_hook, LUA_MASKCOUNT, lua::kHookEvery);
  lua_atpanic(L_, [](lua_State* L) -> int {
    std::fprintf(stderr, "dml: unprotected Lua error: %s\n", lua_tostring(L, -1));
    return 0;  // then abort()
  });
  lua_pushcfunction(L_, [](lua_State* L) {
    if (options_of(L).sandbox) {
      lua::open_sandbox_libs(L);
    } else {
      luaL_openlibs(L);
    }
    install_searcher(L);
    install_base(L);
    lua_getglobal(L, "require");
    lua_setfield(L, LUA_REGISTRYINDEX, kRequireKey);
    return 0;
  });
  if (!protected_call(0, 0)) {
    const std::string msg = "cannot load dml's stdlib: " + error_;
    lua_close(L_);
    L_ = nullptr;
    throw std::runtime_error(msg);
  }
  // The stdlib, as the global `dml`; its doc also in the registry (doc()).
  lua_pushcfunction(L_, [](lua_State* L) {
    lua_getfield(L, LUA_REGISTRYINDEX, kRequireKey);
    lua_pushliteral(L, "dml");
    lua_call(L, 1, 1);
    lua_getfield(L, -1, "doc");
    lua_setfield(L, LUA_REGISTRYINDEX, kDocKey);
    lua_setglobal(L, "dml");
    return 0;
  });
  if (!protected_call(0, 0)) {
    const std::string msg = "cannot load dml's stdlib: " + error_;
    lua_close(L_);
    L_ = nullptr;
    throw std::runtime_error(msg);
  }
  make_globals_strict(L_);
  if (options_.sandbox) lua::seal_sandbox(L_);
  // The memory limit counts the stdlib's memory too; it and the others hold from the first
  // call on (a tiny limit is then the script's error, not a stdlib that fails to load).
  host_->limits_on = true;
  host_->baseline = host_->used;
  const double limit = options_.max_memory.value();
  // (A positive limit below a byte is a byte, not none: helper-106's 0.5 B allowed 200 MB.)
  host_->limit = limit <= 0        ? 0
                 : limit >= 1.8e19 ? std::numeric_limits<std::size_t>::max()
                                   : std::max<std::size_t>(1, static_cast<std::size_t>(limit));
}

Interpreter::~Interpreter() {
  if (L_ != nullptr) lua_close(L_);
}

void Interpreter::cancel() noexcept { host_->cancels.fetch_add(1); }

bool Interpreter::running() const noexcept { return host_->running.load(); }

bool Interpreter::protected_call(int nargs, int nresults, bool honour_cancel,
                                 lua::ChunkToLoad* chunk) {
  lua::Host& h = *host_;
  const int base = lua_gettop(L_) - nargs;
  // (Counted before the handler goes in below it.)
  const int chunk_slot = chunk != nullptr ? lua_absindex(L_, chunk->slot) + 1 : 0;
  lua_pushboolean(L_, options_.traceback ? 1 : 0);
  lua_pushcclosure(L_, message_handler, 1);  // before the call: the memory limit is not on yet
  lua_insert(L_, base);
  const bool outermost = h.depth++ == 0;
  if (outermost) {
    h.begin_call();
    h.running.store(true);
  }
  int status = LUA_OK;
  if (outermost && honour_cancel && h.cancel_pending()) {
    // A cancel that came while nothing ran: the call does not start (no line of it runs, so a
    // script's side effects do not happen).
    lua_settop(L_, base);  // the handler stays, as lua_pcall leaves it
    lua_pushliteral(L_, "interrupted");
    h.stop = StopReason::kInterrupted;
    h.interrupted = true;
    status = LUA_ERRRUN;
  } else {
    if (chunk != nullptr) {
      lua_pushcfunction(L_, l_load_chunk);
      lua_pushlightuserdata(L_, chunk);
      // No message handler: a syntax error's message is Lua's own, as luaL_loadfile gives it.
      status = lua_pcall(L_, 1, 1, 0);
      if (status == LUA_OK) {
        lua_replace(L_, chunk_slot);
      } else {
        chunk->failed = true;
        lua_replace(L_, base + 1);  // the message alone above the handler, as lua_pcall leaves it
        lua_settop(L_, base + 1);
      }
    }
    if (status == LUA_OK) status = lua_pcall(L_, nargs, nresults, base);
  }
  lua_remove(L_, base);
  if (outermost && honour_cancel && status == LUA_OK && h.cancel_pending() &&
      h.stop == StopReason::kNone) {
    // A Ctrl-C during the call's last C function (a save, a print of a large table), which
    // returned before any Lua line could act on it: the call was interrupted all the same.
    lua_pop(L_, nresults == LUA_MULTRET ? lua_gettop(L_) - base + 1 : nresults);
    lua_pushliteral(L_, "interrupted");
    h.stop = StopReason::kInterrupted;
    h.interrupted = true;
    status = LUA_ERRRUN;
  }
  if (outermost && honour_cancel && status == LUA_OK && h.stop == StopReason::kNone &&
      h.past_deadline()) {
    // The timeout passed inside a host function or a long C function (a backtracking pattern),
    // after which too few instructions ran for the count hook to see it: the call ran past its
    // timeout all the same, and fails for it below (where: unknown).
    h.stop = StopReason::kTimeout;
  }
  if (outermost && status == LUA_OK && h.stop != StopReason::kNone) {
    // A limit that fired during the call and that the script caught (coroutine.resume returns
    // the error as a value, and the main thread's hook comes only every 1,000 instructions), or
    // the timeout seen just above: the call was stopped all the same (helper-95: it returned
    // true, stop_reason kNone).
    lua_pop(L_, nresults == LUA_MULTRET ? lua_gettop(L_) - base + 1 : nresults);
    const std::string text =
        (h.stop_where.empty() ? "" : h.stop_where + ": ") + lua::stop_text(h, h.stop);
    lua_pushlstring(L_, text.data(), text.size());
    status = LUA_ERRRUN;
  }
  if (status != LUA_OK) {
    // The whole message, a NUL inside it too (dml.error("a\0b")).
    std::size_t n = 0;
    const char* text = lua_tolstring(L_, -1, &n);
    error_ = text != nullptr ? std::string(text, n) : "(error object is not a string)";
    lua_pop(L_, 1);
  }
  if (outermost) {
    stop_reason_ = StopReason::kNone;
    stop_where_.clear();
    if (status != LUA_OK && h.stop != StopReason::kNone) {
      // The stop's own message, whatever the script made of it (pcall, error(...) in a handler).
      stop_reason_ = h.stop;
      stop_where_ = h.stop_where;
      const std::string text = lua::stop_text(h, h.stop);
      if (error_.find(text) == std::string::npos) {
        error_ = stop_where_.empty() ? text : stop_where_ + ": " + text;
      }
      // coroutine.wrap puts its caller's place before a message that has one already (each
      // wrap one more): the stop's own place and text, and what follows them, are kept.
      if (!stop_where_.empty()) {
        const std::string own = stop_where_ + ": " + text;
        const std::size_t at = error_.find(own);
        if (at != std::string::npos && at > 0 &&
            error_.find('\n') > at) {  // (only places before it, on its line)
          error_.erase(0, at);
        }
      }
    } else if (status != LUA_OK && h.memory_hit &&
               (status == LUA_ERRMEM || status == LUA_ERRERR ||
                error_.find("not enough memory") != std::string::npos)) {
      // (Lua's memory error, raw or quoted by a loader that failed for it.)
      stop_reason_ = StopReason::kMemoryLimit;
      stop_where_ = h.memory_where.size() >= 2 ? h.memory_where.substr(0, h.memory_where.size() - 2)
                                               : std::string();
      error_ = h.memory_where + lua::stop_text(h, StopReason::kMemoryLimit);
    }
    interrupted_ = h.interrupted;
    // The error that ended the call is the one dml.usage_error raised, unchanged (with
    // --traceback, the stack follows it).
    usage_error_ =
        status != LUA_OK && stop_reason_ == StopReason::kNone && !h.usage_message.empty() &&
        error_.starts_with(h.usage_message) &&
        (error_.size() == h.usage_message.size() || error_[h.usage_message.size()] == '\n');
    h.end_call(honour_cancel);
    h.running.store(false);
  }
  --h.depth;
  return status == LUA_OK;
}

namespace {

// The host's own steps that touch the globals run as protected calls: a script may have made
// _G read-only, and an error there must come back as false with its message, not reach Lua's
// panic handler.

// (argv as light userdata, script index): the global `arg`, as `lua` sets it.
int l_set_args(lua_State* L) {
  const auto& argv = *static_cast<const std::vector<std::string>*>(lua_touserdata(L, 1));
  const auto script = static_cast<int>(lua_tointeger(L, 2));
  const int n = static_cast<int>(argv.size());
  lua_createtable(L, std::max(0, n - script - 1), std::max(0, script + 1));
  for (int i = 0; i < n; ++i) {
    lua_pushstring(L, argv[i].c_str());
    lua_rawseti(L, -2, i - script);
  }
  lua_setglobal(L, "arg");
  return 0;
}

// (name) -> dml.doc(name)
int l_doc(lua_State* L) {
  lua_getfield(L, LUA_REGISTRYINDEX, kDocKey);
  lua_pushvalue(L, 1);
  lua_call(L, 1, 1);
  return 1;
}

}  // namespace

namespace lua {

int require_into(lua_State* L) {
  const char* global = luaL_checkstring(L, 2);
  const bool check = lua_toboolean(L, 3) != 0;
  lua_settop(L, 2);
  if (lua_getfield(L, LUA_REGISTRYINDEX, kRequiredKey) != LUA_TTABLE) {  // at 3
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, kRequiredKey);
  }
  if (check) {
    // As register_function: a global the scripts have already (print, dml, one a script set) is
    // not replaced; one that still holds what a require set there may be (helper-374: a
    // script's own table set over a required name was replaced).
    lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS);
    lua_pushvalue(L, 2);
    const int type = lua_rawget(L, -2);  // [5] the global now
    lua_pushvalue(L, 2);
    lua_rawget(L, 3);  // [6] what a require set there, or nil
    const bool required = type != LUA_TNIL && lua_rawequal(L, -1, -2) != 0;
    lua_pop(L, 3);
    if (type != LUA_TNIL && !required) {
      return luaL_error(L,
                        "require: \"%s\" is a global the scripts have already (a %s): choose "
                        "another name",
                        global, lua_typename(L, type));
    }
  }
  lua_getfield(L, LUA_REGISTRYINDEX, kRequireKey);
  lua_pushvalue(L, 1);
  lua_call(L, 1, 1);
  lua_pushvalue(L, -1);
  lua_setglobal(L, global);
  lua_setfield(L, 3, global);  // the value set, to tell it from one a script sets later
  return 0;
}

}  // namespace lua

bool Interpreter::set_args(const std::vector<std::string>& argv, int script_index) {
  if (script_index < 0 || (script_index >= static_cast<int>(argv.size()) && !argv.empty())) {
    error_ = fmt::format("set_args: script index {} is not an index of the {} arguments",
                         script_index, argv.size());
    return false;
  }
  lua_pushcfunction(L_, l_set_args);
  lua_pushlightuserdata(L_, const_cast<std::vector<std::string>*>(&argv));
  lua_pushinteger(L_, script_index);
  return protected_call(2, 0, false);  // it runs no script: a cancel waits for the next call
}

bool Interpreter::call_function(int nargs, int nresults) {
  if (nargs < 0) {
    error_ = fmt::format("call_function: nargs: expected 0 or more arguments, got {}", nargs);
    return false;
  }
  if (lua_gettop(L_) < nargs + 1) {
    error_ = fmt::format(
        "call_function: the stack holds {} values, fewer than a function and its {} arguments",
        lua_gettop(L_), nargs);
    return false;
  }
  return protected_call(nargs, nresults);
}

bool Interpreter::run_file(const std::string& path, const std::vector<std::string>& args) {
  const bool stdin_script = path == "-";
  // Room for every argument (the chunk's `...`) and the call's own: past Lua's 20 free slots,
  // 163 arguments overran the stack and corrupted the heap (helper-126).
  const int nargs =
      static_cast<int>(std::min<std::size_t>(args.size(), INT_MAX - LUA_MINSTACK - 1));
  if (args.size() > static_cast<std::size_t>(nargs) ||
      lua_checkstack(L_, nargs + 1 + LUA_MINSTACK) == 0) {
    error_ = fmt::format("{}: too many arguments ({}) for a script", stdin_script ? "stdin" : path,
                         args.size());
    return false;
  }
  lua_pushnil(L_);  // the chunk's place: the call loads it
  for (const auto& a : args) lua_pushstring(L_, a.c_str());
  lua::ChunkToLoad chunk{
      .file = true, .path = stdin_script ? nullptr : path.c_str(), .slot = -(nargs + 1)};
  const bool ok = protected_call(nargs, 0, true, &chunk);
  if (!ok && chunk.failed && stop_reason_ == StopReason::kNone) {
    // Lua's refusal of a binary chunk names no file: say which.
    const std::string name = stdin_script ? "stdin" : path;
    if (error_.find(name) == std::string::npos) error_ = name + ": " + error_;
  }
  return ok;
}

bool Interpreter::run_string(std::string_view chunk, const std::string& chunk_name) {
  lua_pushnil(L_);  // the chunk's place: the call loads it
  // Lua names a chunk "=name" or "@name" as given, any other name as its text ("[string ...]"):
  // the text is kept for naming a field's line under the first two.
  lua::ChunkToLoad load{
      .text = chunk,
      .name = chunk_name.c_str(),
      .remember = !chunk_name.empty() && (chunk_name[0] == '=' || chunk_name[0] == '@'),
      .slot = -1};
  return protected_call(0, 0, true, &load);
}

bool Interpreter::require(const std::string& module, const std::string& global) {
  // A global a script can name, as register_function's (not "a.b", a keyword, or _ENV, which
  // Lua code reads as its environment).
  if (!lua::is_global_name(global)) {
    error_ = fmt::format("require: the global \"{}\" is not a name like \"gpus\"", global);
    return false;
  }
  lua_pushcfunction(L_, lua::require_into);
  lua_pushstring(L_, module.c_str());
  lua_pushstring(L_, global.c_str());
  lua_pushboolean(L_, 1);
  return protected_call(3, 0);
}

namespace {

// libedit is loaded when the prompt starts on a terminal (dlopen), not linked: it and the
// libraries it needs would cost every start-up their loading. Each function of it that the
// prompt calls is a pointer of the same name here, hiding editline/readline.h's declaration.
decltype(&::readline) readline = nullptr;
decltype(&::add_history) add_history = nullptr;
decltype(&::read_history) read_history = nullptr;
decltype(&::write_history) write_history = nullptr;

// Whether libedit could be loaded; without it the prompt reads plain lines.
bool load_libedit() {
  void* lib = dlopen(DML_LIBEDIT_SONAME, RTLD_NOW | RTLD_LOCAL);
  if (lib == nullptr) return false;
  readline = reinterpret_cast<decltype(readline)>(dlsym(lib, "readline"));
  add_history = reinterpret_cast<decltype(add_history)>(dlsym(lib, "add_history"));
  read_history = reinterpret_cast<decltype(read_history)>(dlsym(lib, "read_history"));
  write_history = reinterpret_cast<decltype(write_history)>(dlsym(lib, "write_history"));
  return readline != nullptr && add_history != nullptr && read_history != nullptr &&
         write_history != nullptr;
}

// (text, as_expression) -> the prompt's function for `text`, compiled inside a call so that
// --max-memory and the timeout hold while Lua compiles it (helper-374: a pasted line compiled
// outside any limit): with as_expression, "return " .. text first, so `1 + 2` prints its value;
// else, or when that fails, text as a chunk. On a syntax error: nil, Lua's message, and whether
// the chunk is only unfinished (a next line may end it). Out of memory, raises.
int l_compile_line(lua_State* L) {
  std::size_t n = 0;
  const char* text = lua_tolstring(L, 1, &n);
  if (lua_toboolean(L, 2) != 0) {
    lua_pushliteral(L, "return ");
    lua_pushvalue(L, 1);
    lua_concat(L, 2);
    std::size_t m = 0;
    const char* expr = lua_tolstring(L, -1, &m);
    const int status = luaL_loadbufferx(L, expr, m, "=stdin", "t");
    if (status == LUA_OK) return 1;
    if (status == LUA_ERRMEM) return lua_error(L);
    lua_settop(L, 2);
  }
  const int status = luaL_loadbufferx(L, text, n, "=stdin", "t");
  if (status == LUA_OK) return 1;
  if (status != LUA_ERRSYNTAX) return lua_error(L);
  lua_pushnil(L);
  lua_insert(L, -2);
  lua_pushboolean(L, is_incomplete(L, status) ? 1 : 0);
  return 3;
}

}  // namespace

void Interpreter::repl() {
  static const bool editing = isatty(STDIN_FILENO) != 0 && load_libedit();
  const bool tty = editing;
  std::string history_file;
  if (const char* home = std::getenv("HOME"); home != nullptr && tty) {
    history_file = std::string(home) + "/.dml_history";
    read_history(history_file.c_str());
  }
  auto read_line = [&](const char* prompt, std::string& out) -> bool {
    if (tty) {
      char* line = readline(prompt);
      if (line == nullptr) return false;
      out = line;
      std::free(line);
      return true;
    }
    return static_cast<bool>(std::getline(std::cin, out));
  };
  // An error at the prompt goes where dml's notes go: the host's message callback, else standard
  // error (helper-120: a host's callback had not seen them). No Lua frame is below this loop, so
  // a callback that throws falls back to standard error.
  const auto report = [this](std::string_view text) {
    const std::string shown = printable(text, true);
    if (options_.message) {
      try {
        options_.message(shown);
        return;
      } catch (...) {  // NOLINT(bugprone-empty-catch): the text still goes to stderr below
      }
    }
    std::cerr << shown << "\n";
  };
  std::string line;
  while (read_line("> ", line)) {
    std::string chunk = line;
    // The first line as an expression first, so `1 + 2` and `dml.q"1 GB"` print their value;
    // a chunk that is not finished yet reads the next line.
    bool compiled = false;
    bool failed = false;
    for (bool first = true;; first = false) {
      lua_pushcfunction(L_, l_compile_line);
      lua_pushlstring(L_, chunk.data(), chunk.size());
      lua_pushboolean(L_, first ? 1 : 0);
      if (!protected_call(2, 3)) {  // a limit or a cancel while it compiled
        failed = true;
        break;
      }
      if (!lua_isnil(L_, -3)) {
        lua_pop(L_, 2);
        compiled = true;
        break;
      }
      // A syntax error, or an unfinished chunk at the end of input: its error is reported.
      std::string more;
      if (lua_toboolean(L_, -1) == 0 || !read_line(">> ", more)) break;
      lua_pop(L_, 3);
      chunk += "\n" + more;
    }
    if (tty && !chunk.empty()) add_history(chunk.c_str());
    if (failed) {
      report(error_);
      continue;
    }
    if (!compiled) {
      std::size_t len = 0;
      const char* text = lua_tolstring(L_, -2, &len);
      report(std::string_view(text, len));
      lua_pop(L_, 3);
      continue;
    }
    const int base = lua_gettop(L_) - 1;
    if (!protected_call(0, LUA_MULTRET)) {
      report(error_);
      continue;
    }
    const int n = lua_gettop(L_) - base;
    if (n > 0) {
      lua_getglobal(L_, "print");
      lua_insert(L_, base + 1);
      if (!protected_call(n, 0)) report(error_);
    }
    lua_settop(L_, base);
  }
  if (tty) {
    std::cout << "\n";
    if (!history_file.empty()) write_history(history_file.c_str());
  }
}

bool Interpreter::doc(const std::string& name, std::string& text) {
  lua_pushcfunction(L_, l_doc);
  lua_pushlstring(L_, name.data(), name.size());
  if (!protected_call(1, 1)) return false;
  std::size_t n = 0;
  const char* s = lua_tolstring(L_, -1, &n);
  text.assign(s != nullptr ? s : "", n);
  lua_pop(L_, 1);
  return true;
}

}  // namespace dml
