#include "lua_runtime.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "dml/error.hpp"
#include "dml/version.hpp"
#include "edit_distance.hpp"
#include "embedded_stdlib.hpp"
#include "field_line.hpp"
#include "host.hpp"

namespace dml::lua {

std::string user_where(lua_State* L, int from) {
  lua_Debug ar;
  for (int level = from; lua_getstack(L, level, &ar) != 0; ++level) {
    lua_getinfo(L, "Sl", &ar);
    if (ar.currentline <= 0) continue;  // a C function, or no line information
    if (std::string_view(ar.source).starts_with(kStdlibChunkPrefix)) continue;
    return fmt::format("{}:{}: ", ar.short_src, ar.currentline);
  }
  return {};  // no user frame (a call from C++, e.g. `dml --doc`): no position
}

std::string requiring_dir(lua_State* L) {
  lua_Debug ar;
  for (int level = 1; lua_getstack(L, level, &ar) != 0; ++level) {
    lua_getinfo(L, "S", &ar);
    if (ar.source[0] == '@') {
      std::filesystem::path p(ar.source + 1);
      return p.has_parent_path() ? p.parent_path().string() : std::string(".");
    }
    if (ar.source[0] == '=' && std::string_view(ar.source).starts_with(kStdlibChunkPrefix)) {
      continue;
    }
  }
  return {};
}

// A message "file:12: cluster.levels[2].bandwidth: ..." raised by a call on line 12 of a
// loaded file, with that line moved to the line inside the call's table that writes the field
// (field_line.hpp); nullopt when the message names no field or the line stays. The source is
// the text run_string loaded under the frame's chunk name, else the file a frame on the stack
// runs: a message cannot make the handler read another file.
std::optional<std::string> at_field_line(lua_State* L, std::string_view msg) {
  try {
    // "where:line: rest", the first ":digits: " in the message.
    std::size_t colon = msg.find(':');
    std::size_t digits_end = 0;
    int line = 0;
    while (colon != std::string_view::npos) {
      std::size_t i = colon + 1;
      line = 0;
      while (i < msg.size() && msg[i] >= '0' && msg[i] <= '9' && i - colon < 10) {
        line = line * 10 + (msg[i] - '0');
        ++i;
      }
      if (i > colon + 1 && msg.substr(i, 2) == ": ") {
        digits_end = i;
        break;
      }
      colon = msg.find(':', colon + 1);
    }
    if (colon == std::string_view::npos || line < 1) return std::nullopt;
    const std::string_view where = msg.substr(0, colon);
    const std::string_view rest = msg.substr(digits_end + 2);
    if (rest.starts_with("dml.")) return std::nullopt;  // a function's message, not a field's
    const auto path = lua::field_path(rest);
    if (!path) return std::nullopt;
    std::string chunk;  // the frame's chunk name ("@path", "=(command line)")
    lua_Debug ar;
    for (int level = 0; lua_getstack(L, level, &ar) != 0; ++level) {
      if (lua_getinfo(L, "Sl", &ar) == 0) continue;
      if (ar.currentline == line && ar.source != nullptr && where == ar.short_src) {
        chunk = ar.source;
        break;
      }
    }
    if (chunk.empty()) return std::nullopt;
    std::string_view source;
    std::string file_text;
    const lua::Host* h = lua::find_host(L);
    const auto known =
        h != nullptr ? h->chunk_texts.find(chunk) : lua::Host::ChunkTexts::const_iterator{};
    if (h != nullptr && known != h->chunk_texts.end()) {
      source = known->second;
    } else {
      if (chunk[0] != '@') return std::nullopt;
      std::ifstream in(chunk.substr(1), std::ios::binary | std::ios::ate);
      if (!in) return std::nullopt;
      constexpr std::streamoff kMaxSource = std::streamoff{16} << 20;  // a scenario is far smaller
      const std::streamoff size = in.tellg();
      if (size <= 0 || size > kMaxSource) return std::nullopt;
      file_text.assign(static_cast<std::size_t>(size), '\0');
      in.seekg(0);
      in.read(file_text.data(), size);
      file_text.resize(static_cast<std::size_t>(in.gcount()));
      source = file_text;
    }
    const auto field = lua::field_line(source, line, *path);
    if (!field || *field == line) return std::nullopt;
    return fmt::format("{}:{}: {}", where, *field, rest);
  } catch (const std::exception&) {
    return std::nullopt;  // the message as it was (a Lua error, as memory running out, goes on)
  }
}

void push_user_message(lua_State* L, std::string_view message) {
  std::string text = user_where(L);
  text += message;
  // An error about a field of a declaration written over several lines names the field's line,
  // here where it is raised, so that a pcall and the Lua module (whose host's handler is not
  // dml's) see what the command's message handler shows.
  if (std::optional<std::string> moved = at_field_line(L, text)) text = std::move(*moved);
  lua_pushlstring(L, text.data(), text.size());
}

std::string describe_type(lua_State* L, int idx) {
  if (lua_isnoneornil(L, idx)) return "nil";
  const int name_type = luaL_getmetafield(L, idx, "__name");  // pushes nothing when absent
  if (name_type == LUA_TSTRING) {
    std::string name = lua_tostring(L, -1);
    lua_pop(L, 1);
    return "a " + name;
  }
  if (name_type != LUA_TNIL) lua_pop(L, 1);
  return std::string("a ") + luaL_typename(L, idx);
}

void raise(lua_State* L, std::string_view message) {
  push_user_message(L, message);
  lua_error(L);
  __builtin_unreachable();
}

// The error for reading `key` from a strict table PATH that has only `names`:
// "dml.presets.gpus.h100: no such preset; did you mean 'h100_sxm'? (presets: a100_sxm, ...)".
// With `see` (a table too long to list, such as dml), the names are not listed, and when no
// name is close the message ends " (see)".
std::string no_such_text(std::string_view path, std::string_view key, std::string_view noun,
                         std::vector<std::string> names, const char* see) {
  std::sort(names.begin(), names.end());
  const bool identifier = !key.empty() && std::isdigit(static_cast<unsigned char>(key[0])) == 0 &&
                          std::all_of(key.begin(), key.end(), [](char c) {
                            return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
                          });
  std::string text = identifier
                         ? fmt::format("{}.{}: no such {}", path, key, noun)
                         : fmt::format("{}[{}]: no such {}", path, quoted_excerpt(key), noun);
  // A stem of several names ("megatron": megatron_2021, megatron_2022, megatron_core) names each.
  const std::string choices = suggestion(key, names);
  if (!choices.empty()) text += fmt::format("; did you mean {}?", choices);
  if (see != nullptr) {
    if (choices.empty()) text += fmt::format(" ({})", see);
  } else {
    std::string list;
    for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
    text += fmt::format(" ({}s: {})", noun, list);
  }
  return text;
}

namespace {

// core.raise(message): an error at the scenario line that called into dml,
// for the stdlib's Lua validators (error(msg, 2) would name the stdlib's own
// line when validators nest).
int l_raise(lua_State* L) {
  size_t n = 0;
  const char* msg = luaL_checklstring(L, 1, &n);
  return guarded(L, [&]() -> int {
    push_user_message(L, std::string_view(msg, n));
    return lua_error(L);
  });
}

// dml.error(message[, level]): an error at the scenario's line that called into dml (level 1,
// the default), or at the line that called the function holding that one (level 2, as Lua's
// error(message, 2): a library blames its caller), and so on up the user's frames; level 0
// adds no position. The stdlib's frames are never counted.
int l_user_error(lua_State* L) {
  size_t n = 0;
  const char* msg = luaL_checklstring(L, 1, &n);
  const lua_Integer level = luaL_optinteger(L, 2, 1);
  return guarded(L, [&]() -> int {
    if (level < 0)
      throw std::runtime_error(fmt::format("dml.error: level: expected 0 or more, got {}", level));
    std::string where;
    lua_Debug ar;
    lua_Integer seen = 0;
    for (int at = 1; level > 0 && lua_getstack(L, at, &ar) != 0; ++at) {
      lua_getinfo(L, "Sl", &ar);
      if (ar.currentline <= 0) continue;
      if (std::string_view(ar.source).starts_with(kStdlibChunkPrefix)) continue;
      if (++seen == level) {
        where = fmt::format("{}:{}: ", ar.short_src, ar.currentline);
        break;
      }
    }
    lua_pushlstring(L, where.data(), where.size());
    lua_pushlstring(L, msg, n);
    lua_concat(L, 2);
    return lua_error(L);
  });
}

// True when the first line of `message` has a position, "FILE:LINE: ".
bool has_position(std::string_view message) {
  const std::string_view line = message.substr(0, message.find('\n'));
  for (std::size_t i = line.find(':'); i != std::string_view::npos; i = line.find(':', i + 1)) {
    std::size_t j = i + 1;
    while (j < line.size() && std::isdigit(static_cast<unsigned char>(line[j])) != 0) ++j;
    if (j > i + 1 && line.substr(j).starts_with(": ")) return true;
  }
  return false;
}

// core.placed(message) -> message: an error Lua raised with no position (coroutine.yield
// outside a coroutine: "attempt to yield from outside a coroutine") gains the scenario's line
// where it was raised; one with a position is returned as it is. For a stdlib message handler.
int l_placed(lua_State* L) {
  size_t n = 0;
  const char* msg = luaL_checklstring(L, 1, &n);
  return guarded(L, [&]() -> int {
    if (has_position(std::string_view(msg, n))) {
      lua_settop(L, 1);
    } else {
      push_user_message(L, std::string_view(msg, n));
    }
    return 1;
  });
}

// core.usage_error(message): as core.raise, for a script's bad arguments, placed at the script's
// name only; the host remembers the message, so that a call ending with it is a usage error (exit
// status 2 in `dml`).
int l_usage_error(lua_State* L) {
  size_t n = 0;
  const char* msg = luaL_checklstring(L, 1, &n);
  return guarded(L, [&]() -> int {
    // The script's name without a line: a bad argument is on the command line, not at the line
    // that found it. The script is the outermost user frame (a library it requires may be the
    // one that calls dml.usage_error).
    std::string where;
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar) != 0; ++level) {
      lua_getinfo(L, "Sl", &ar);
      if (ar.currentline <= 0) continue;
      if (std::string_view(ar.source).starts_with(kStdlibChunkPrefix)) continue;
      where = fmt::format("{}: ", ar.short_src);
    }
    lua_pushlstring(L, where.data(), where.size());
    lua_pushlstring(L, msg, n);
    lua_concat(L, 2);
    if (Host* h = find_host(L)) h->usage_message = lua_tostring(L, -1);
    return lua_error(L);
  });
}

// The string keys of the table at idx, raw (no metamethods).
std::vector<std::string> string_keys(lua_State* L, int idx) {
  idx = lua_absindex(L, idx);
  std::vector<std::string> keys;
  lua_pushnil(L);
  while (lua_next(L, idx) != 0) {
    lua_pop(L, 1);
    if (lua_type(L, -1) == LUA_TSTRING) keys.emplace_back(lua_tostring(L, -1));
  }
  return keys;
}

// The __index of a strict table: upvalues path, noun, see (or nil). A string key that is not
// there is an error at the user's line; any other key reads as nil (so ipairs ends).
int strict_index(lua_State* L) {
  if (lua_type(L, 2) != LUA_TSTRING) {
    lua_pushnil(L);
    return 1;
  }
  return guarded(L, [&]() -> int {
    throw std::runtime_error(no_such_text(lua_tostring(L, lua_upvalueindex(1)), lua_tostring(L, 2),
                                          lua_tostring(L, lua_upvalueindex(2)), string_keys(L, 1),
                                          lua_tostring(L, lua_upvalueindex(3))));
  });
}

// core.strict(t, path, noun[, see]) -> t: reading a key t does not have is an error at the
// user's line naming it as PATH.KEY, with did-you-mean (no_such_text). Only reads are checked:
// pairs, rawget and assignments work as on any table.
int l_strict(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checkstring(L, 2);
  luaL_checkstring(L, 3);
  luaL_optstring(L, 4, nullptr);
  lua_settop(L, 4);
  lua_createtable(L, 0, 1);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, 3);
  lua_pushvalue(L, 4);
  lua_pushcclosure(L, strict_index, 3);
  lua_setfield(L, -2, "__index");
  lua_setmetatable(L, 1);
  lua_settop(L, 1);
  return 1;
}

// core.no_such(path, key, noun, names[, see]): the error of a strict table (no_such_text)
// for a table whose keys are `names`, for tables that load their values when first read.
// A key that is not a string returns nil.
int l_no_such(lua_State* L) {
  const char* path = luaL_checkstring(L, 1);
  const char* noun = luaL_checkstring(L, 3);
  luaL_checktype(L, 4, LUA_TTABLE);
  const char* see = luaL_optstring(L, 5, nullptr);
  if (lua_type(L, 2) != LUA_TSTRING) {
    lua_pushnil(L);
    return 1;
  }
  return guarded(L, [&]() -> int {
    std::vector<std::string> names;
    const auto n = static_cast<lua_Integer>(lua_rawlen(L, 4));
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, 4, i);
      if (lua_type(L, -1) == LUA_TSTRING) names.emplace_back(lua_tostring(L, -1));
      lua_pop(L, 1);
    }
    throw std::runtime_error(no_such_text(path, lua_tostring(L, 2), noun, std::move(names), see));
  });
}

// core.modules() -> the names of the stdlib's modules, sorted: { "dml", "dml.analysis", ... }.
int l_modules(lua_State* L) {
  return guarded(L, [&] {
    const auto modules = embedded_stdlib();
    std::vector<std::string_view> names;
    names.reserve(modules.size());
    for (const auto& m : modules) names.push_back(m.name);
    std::sort(names.begin(), names.end());
    lua_createtable(L, static_cast<int>(names.size()), 0);
    for (std::size_t i = 0; i < names.size(); ++i) {
      lua_pushlstring(L, names[i].data(), names[i].size());
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    return 1;
  });
}

// core.beside(path) -> path taken from the folder of the Lua file that calls it, its "a/../"
// folded: the data a scenario or a library keeps beside it, found from any working directory.
int l_beside(lua_State* L) {
  return guarded(L, [&] {
    std::size_t n = 0;
    const char* text = lua_type(L, 1) == LUA_TSTRING ? lua_tolstring(L, 1, &n) : nullptr;
    if (text == nullptr) {
      throw Error("dml.beside: expected a path (a string), got " + describe_type(L, 1));
    }
    if (n == 0 || std::string_view(text, n).find('\0') != std::string_view::npos) {
      throw Error(n == 0 ? "dml.beside: the path is empty"
                         : "dml.beside: the path holds a NUL byte");
    }
    const std::filesystem::path path(std::string(text, n));
    const std::string dir = requiring_dir(L);
    const std::filesystem::path whole =
        path.is_absolute() || dir.empty() ? path : std::filesystem::path(dir) / path;
    const std::string out = whole.lexically_normal().string();
    lua_pushlstring(L, out.data(), out.size());
    return 1;
  });
}

// The closure core.entry makes: calls its Lua function with every argument and returns all it
// returns. A scenario's `return dml.run{...}` tail-calls it; a tail call to a C function keeps
// the calling Lua frame (ldo.c, luaD_pretailcall), so the line of an error stays the scenario's.
// lua_callk: a coroutine may yield through it.
int entry_continue(lua_State* L, int, lua_KContext) { return lua_gettop(L); }
int l_entry_call(lua_State* L) {
  // A named function that takes a fixed number of arguments refuses more (helper-118:
  // dml.optimize(run, fixed, 3) ran, the 3 unread): upvalue 2 the count, 3 the call's text.
  if (lua_type(L, lua_upvalueindex(2)) == LUA_TNUMBER) {
    const lua_Integer most = lua_tointeger(L, lua_upvalueindex(2));
    const int given = lua_gettop(L);
    if (given > most) {
      return guarded(L, [&]() -> int {
        std::size_t n = 0;
        const char* call = lua_tolstring(L, lua_upvalueindex(3), &n);
        throw Error(fmt::format("{}: takes {} argument{}, got {}", std::string_view(call, n),
                                most == 0 ? std::string("no") : std::to_string(most),
                                most == 1 ? "" : "s", given));
      });
    }
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_callk(L, lua_gettop(L) - 1, LUA_MULTRET, 0, entry_continue);
  return lua_gettop(L);
}

// core.entry(f[, name]): f behind a C function when f is written in Lua (the stdlib's public
// functions); a C function as it is. Given its name, a function without `...` refuses more
// arguments than its parameters, naming them ("dml.optimize(run, opts): takes 2 arguments").
int l_entry(lua_State* L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  return guarded(L, [&]() -> int {
    const bool named = lua_type(L, 2) == LUA_TSTRING;
    lua_settop(L, 2);
    if (lua_iscfunction(L, 1) != 0) {
      lua_settop(L, 1);
      return 1;
    }
    std::vector<std::string> params;
    const bool vararg = function_parameters(L, 1, params);
    if (!named || vararg) {
      lua_settop(L, 1);
      lua_pushcclosure(L, l_entry_call, 1);
      return 1;
    }
    // The call as the reference writes it, from the parameters' names.
    std::size_t n = 0;
    const char* name = lua_tolstring(L, 2, &n);
    std::string call = std::string(name, n) + "(";
    for (std::size_t i = 0; i < params.size(); ++i) call += (i > 0 ? ", " : "") + params[i];
    call += ")";
    lua_settop(L, 1);
    lua_pushinteger(L, static_cast<lua_Integer>(params.size()));
    lua_pushlstring(L, call.data(), call.size());
    lua_pushcclosure(L, l_entry_call, 3);
    return 1;
  });
}

}  // namespace

namespace {

// guarded_call under the C build of Lua (dml.so; c_lua.hpp).
int guarded_c(lua_State* L, int (*call)(void*), void* body) {
  bool pending = false;  // a Lua error waits in the registry (c::LuaError)
  {
    const c::BodyScope scope;
    std::string message;
    try {
      return call(body);
    } catch (const c::LuaError&) {
      pending = true;
    } catch (const Cancelled&) {
      message = "interrupted";  // the module has no Host: a Control of the caller's own
    } catch (const std::exception& e) {
      message = e.what();
    } catch (...) {
      message = "an unknown C++ exception";
    }
    if (!pending) {
      try {
        push_user_message(L, message);
      } catch (const c::LuaError&) {  // no memory for the message: that error instead
        pending = true;
      }
    }
  }  // everything with a destructor is destroyed before Lua unwinds
  if (pending) c::push_pending_error(L);
  return lua_error(L);  // raised here; or, called from C++ inside a body, thrown on as LuaError
}

}  // namespace

int guarded_call(lua_State* L, int (*call)(void*), void* body) {
  if (c::c_build()) return guarded_c(L, call, body);
  bool cancelled = false;
  {
    std::string message;
    try {
      return call(body);
    } catch (const Cancelled&) {
      cancelled = true;
    } catch (const std::exception& e) {
      message = e.what();
    }
    if (!cancelled) push_user_message(L, message);
  }  // message is destroyed before Lua unwinds
  if (cancelled) raise_cancelled(L);
  return lua_error(L);
}

int open_core(lua_State* L) {
  lua_newtable(L);
  register_runtime(L);
  register_quantity(L);
  register_declarations(L);
  register_analysis(L);
  register_output(L);
  return 1;
}

void register_runtime(lua_State* L) {
  const luaL_Reg fns[] = {
      {"raise", l_raise},     {"user_error", l_user_error}, {"usage_error", l_usage_error},
      {"placed", l_placed},   {"entry", l_entry},           {"strict", l_strict},
      {"no_such", l_no_such}, {"modules", l_modules},       {"beside", l_beside},
      {nullptr, nullptr}};
  luaL_setfuncs(L, fns, 0);
  const auto v = dml::version();
  lua_pushlstring(L, v.data(), v.size());
  lua_setfield(L, -2, "version");
}

int load_embedded(lua_State* L, const EmbeddedModule& m, const char* chunkname) {
  if (!m.code.empty() &&
      luaL_loadbufferx(L, m.code.data(), m.code.size(), chunkname, "b") == LUA_OK) {
    return LUA_OK;
  }
  if (!m.code.empty()) lua_pop(L, 1);  // the bytecode's error: the text says the same, or works
  return luaL_loadbufferx(L, m.text.data(), m.text.size(), chunkname, "t");
}

}  // namespace dml::lua
