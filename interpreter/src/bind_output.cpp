// Lua bindings of output.hpp: the native half of dml.table, dml.save and dml.plot
// (stdlib/dml/output.lua is the other half). Functions of `dml.core`:
//
//   copy_rows(rows, who [, columns]) -> copies, columns   validate and copy a list of rows
//   copy_row(row, where [, columns]) -> copy              validate and copy one row
//   format_table(rows, columns [, title]) -> string       the aligned text table
//   save(path, rows, columns, single_record)              write .csv/.tsv/.json atomically
//   plot(spec)                                            draw a plot (spec checked by output.lua)
//   write_text(path, text, who)                           write a text file atomically
//
// A cell is a number, a string, a boolean, or a dml.Quantity (any userdata whose metatable is
// registered as "dml.Quantity": shown formatted, saved as its value in SI base units).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>

#include "bind_quantity.hpp"
#include "dml/error.hpp"
#include "host.hpp"
#include "lua_runtime.hpp"
#include "output.hpp"
#include "sandbox.hpp"

namespace dml::lua {
namespace {

using output::Cell;

bool is_identifier(std::string_view s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])) != 0) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
  });
}

// A name as a message quotes it: "name", with control characters escaped ("b\0c") and a long
// one cut to an excerpt.
std::string describe_key(std::string_view key) {
  std::string out = "\"";
  const std::string_view head = excerpt_head(key);
  for (const char c : head) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20 || u == 0x7F) {
      out += fmt::format("\\{}", static_cast<int>(u));
    } else {
      out += c;
    }
  }
  if (head.size() < key.size()) return fmt::format("{}...\" ({} bytes)", out, key.size());
  return out + "\"";
}

// ".name" or "[\"odd name\"]": a key as it appears in a Lua path.
std::string key_path(std::string_view key) {
  return is_identifier(key) ? fmt::format(".{}", key) : fmt::format("[{}]", describe_key(key));
}

// A file path argument: all of it, and never one with a NUL byte inside (the system would end
// the name there and write another file).
std::string path_argument(lua_State* L, int idx, std::string_view who) {
  std::size_t n = 0;
  const char* s = lua_tolstring(L, idx, &n);
  if (s == nullptr) {
    throw Error(
        fmt::format("{}: expected a file path (a string), got {}", who, describe_type(L, idx)));
  }
  const std::string path(s, n);
  if (path.find('\0') != std::string::npos) {
    throw Error(fmt::format("{}: the path {} contains a NUL byte, which no file name can hold", who,
                            describe_key(path)));
  }
  return path;
}

// The value at idx as a cell; `where` names it in errors.
Cell read_cell(lua_State* L, int idx, const std::function<std::string()>& where) {
  switch (lua_type(L, idx)) {
    case LUA_TNIL:
      return std::monostate{};
    case LUA_TBOOLEAN:
      return lua_toboolean(L, idx) != 0;
    case LUA_TNUMBER:
      if (lua_isinteger(L, idx) != 0) return static_cast<int64_t>(lua_tointeger(L, idx));
      return static_cast<double>(lua_tonumber(L, idx));
    case LUA_TSTRING: {
      size_t n = 0;
      const char* s = lua_tolstring(L, idx, &n);
      return std::string(s, n);
    }
    default:
      break;
  }
  if (const Quantity* q = test_quantity(L, idx)) {
    return output::QuantityCell{q->value, q->dim};
  }
  throw Error(fmt::format("{}: expected a number, string, boolean or quantity, got {}", where(),
                          describe_type(L, idx)));
}

// The list of column names at idx.
std::vector<std::string> read_columns(lua_State* L, int idx, std::string_view who) {
  if (lua_type(L, idx) != LUA_TTABLE) {
    throw Error(
        fmt::format("{}: columns must be a list of names, got {}", who, describe_type(L, idx)));
  }
  std::vector<std::string> columns;
  std::set<std::string, std::less<>> seen;
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, idx));
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, idx, i);
    if (lua_type(L, -1) != LUA_TSTRING) {
      const std::string what = describe_type(L, -1);
      lua_pop(L, 1);
      throw Error(
          fmt::format("{}: columns[{}]: expected a column name (a string), got {}", who, i, what));
    }
    std::size_t len = 0;
    const char* s = lua_tolstring(L, -1, &len);
    std::string name(s, len);  // all of it: a NUL inside is part of the name
    lua_pop(L, 1);
    if (!seen.insert(name).second) {
      throw Error(fmt::format("{}: columns: {} is listed twice", who, describe_key(name)));
    }
    columns.push_back(std::move(name));
  }
  return columns;
}

// Copies the row at idx into a new table (pushed), checking every cell. With `columns`, only
// those fields are copied (and checked); others are ignored. Adds each field name to `names`.
void copy_row(lua_State* L, int idx, const std::string& where,
              const std::vector<std::string>* columns, std::set<std::string, std::less<>>* names) {
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) != LUA_TTABLE) {
    throw Error(fmt::format("{}: expected a row (a table of named fields), got {}", where,
                            describe_type(L, idx)));
  }
  lua_newtable(L);
  const int copy = lua_gettop(L);
  if (columns != nullptr) {
    for (const auto& name : *columns) {
      lua_pushlstring(L, name.data(), name.size());
      lua_rawget(L, idx);
      read_cell(L, -1, [&] { return where + key_path(name); });
      lua_pushlstring(L, name.data(), name.size());
      lua_insert(L, -2);
      lua_rawset(L, copy);
    }
    return;
  }
  lua_pushnil(L);
  while (lua_next(L, idx) != 0) {
    if (lua_type(L, -2) != LUA_TSTRING) {
      lua_pushvalue(L, -2);
      const std::string key = luaL_tolstring(L, -1, nullptr);
      lua_pop(L, 2);
      throw Error(fmt::format("{}: expected named fields, found the key {}", where, key));
    }
    size_t n = 0;
    const char* k = lua_tolstring(L, -2, &n);
    const std::string_view key(k, n);
    read_cell(L, -1, [&] { return where + key_path(key); });
    if (names != nullptr && names->find(key) == names->end()) names->emplace(key);
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, copy);
  }
}

// Reads rows (a list of row tables at rows_idx) for `columns` into a Table.
output::Table read_table(lua_State* L, int rows_idx, std::vector<std::string> columns,
                         std::string_view who) {
  rows_idx = lua_absindex(L, rows_idx);
  output::Table t;
  t.columns = std::move(columns);
  if (lua_type(L, rows_idx) != LUA_TTABLE) {
    throw Error(
        fmt::format("{}: rows must be a list of tables, got {}", who, describe_type(L, rows_idx)));
  }
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, rows_idx));
  t.rows.reserve(static_cast<size_t>(n));
  luaL_checkstack(L, static_cast<int>(t.columns.size()) + 8, "too many columns");
  const int names = lua_gettop(L) + 1;  // the column names, pushed once
  for (const auto& c : t.columns) lua_pushlstring(L, c.data(), c.size());
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, rows_idx, i);
    if (lua_type(L, -1) != LUA_TTABLE) {
      throw Error(fmt::format("{}: rows[{}]: expected a row (a table of named fields), got {}", who,
                              i, describe_type(L, -1)));
    }
    std::vector<Cell> row;
    row.reserve(t.columns.size());
    for (size_t c = 0; c < t.columns.size(); ++c) {
      lua_pushvalue(L, names + static_cast<int>(c));
      lua_rawget(L, -2);
      row.push_back(read_cell(
          L, -1, [&] { return fmt::format("{}: rows[{}]{}", who, i, key_path(t.columns[c])); }));
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
    t.rows.push_back(std::move(row));
  }
  lua_settop(L, names - 1);
  return t;
}

std::vector<std::string> optional_columns(lua_State* L, int idx, std::string_view who) {
  if (lua_isnoneornil(L, idx)) return {};
  return read_columns(L, idx, who);
}

// copy_rows(rows, who [, columns]) -> copies, columns (the given ones, or every field name
// of every row, sorted).
int l_copy_rows(lua_State* L) {
  return guarded(L, [&] {
    const std::string who = luaL_checkstring(L, 2);
    const bool given = !lua_isnoneornil(L, 3);
    const std::vector<std::string> columns = optional_columns(L, 3, who);
    if (lua_type(L, 1) != LUA_TTABLE) {
      throw Error(fmt::format("{}: expected a list of rows (tables of named fields), got {}", who,
                              describe_type(L, 1)));
    }
    const auto n = static_cast<lua_Integer>(lua_rawlen(L, 1));
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {
      lua_pop(L, 1);
      if (lua_isinteger(L, -1) == 0 || lua_tointeger(L, -1) < 1 || lua_tointeger(L, -1) > n) {
        lua_pushvalue(L, -1);
        const std::string key = luaL_tolstring(L, -1, nullptr);
        throw Error(
            fmt::format("{}: expected a list of rows (keys 1..{}), found the key {}", who, n, key));
      }
    }
    std::set<std::string, std::less<>> names;
    lua_createtable(L, static_cast<int>(n), 0);
    const int copies = lua_gettop(L);
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, 1, i);
      copy_row(L, -1, fmt::format("{}: rows[{}]", who, i), given ? &columns : nullptr, &names);
      lua_rawseti(L, copies, i);
      lua_pop(L, 1);
    }
    const std::vector<std::string> out_columns =
        given ? columns : std::vector<std::string>(names.begin(), names.end());
    lua_createtable(L, static_cast<int>(out_columns.size()), 0);
    for (size_t i = 0; i < out_columns.size(); ++i) {
      lua_pushlstring(L, out_columns[i].data(), out_columns[i].size());
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    return 2;
  });
}

// copy_row(row, where [, columns]) -> copy, names (a list of its field names, sorted; empty
// with columns)
int l_copy_row(lua_State* L) {
  return guarded(L, [&] {
    const std::string where = luaL_checkstring(L, 2);
    const bool given = !lua_isnoneornil(L, 3);
    const std::vector<std::string> columns = optional_columns(L, 3, where);
    std::set<std::string, std::less<>> names;
    copy_row(L, 1, where, given ? &columns : nullptr, &names);
    lua_createtable(L, static_cast<int>(names.size()), 0);
    lua_Integer i = 0;
    for (const auto& name : names) {
      lua_pushlstring(L, name.data(), name.size());
      lua_rawseti(L, -2, ++i);
    }
    return 2;
  });
}

// format_table(rows, columns [, title]) -> the aligned text
int l_format_table(lua_State* L) {
  return guarded(L, [&] {
    output::Table t = read_table(L, 1, read_columns(L, 2, "dml.table"), "dml.table");
    if (!lua_isnoneornil(L, 3)) t.title = luaL_checkstring(L, 3);
    const std::string text = output::format_text(t);
    lua_pushlstring(L, text.data(), text.size());
    return 1;
  });
}

bool in_sandbox(lua_State* L) {
  const Host* h = find_host(L);
  return h != nullptr && h->options.sandbox;
}

// save(path, rows, columns, single_record)
int l_save(lua_State* L) {
  return guarded(L, [&] {
    const std::string path = path_argument(L, 1, "dml.save");
    if (in_sandbox(L)) check_confined(path, "dml.save");
    (void)output::format_for_path(path);  // an unknown extension is reported before any cell
    output::Table t = read_table(L, 2, read_columns(L, 3, "dml.save"), "dml.save");
    t.single_record = lua_toboolean(L, 4) != 0;
    output::save(t, path);
    return 0;
  });
}

// read_text(path) -> the file's bytes, or nil and "path: reason" (as io.open says it): data
// files of the stdlib (dml.measured, dml.nccl_tests), which the sandbox reads inside the
// working directory only.
int l_read_text(lua_State* L) {
  std::size_t len = 0;
  const char* chars = luaL_checklstring(L, 1, &len);
  const std::string_view path(chars, len);
  std::string failed;
  {
    std::string text;
    try {
      if (in_sandbox(L)) {
        const std::string why = confinement_problem(path, Access::kRead);
        if (!why.empty()) throw Error(fmt::format("{}: {}", path, why));
      }
      // A directory reads as nothing, and a device (/dev/zero) or an endless pipe would never
      // end: said, and a read stops at kReadLimit bytes.
      std::error_code ec;
      const auto status = std::filesystem::status(std::string(path), ec);
      if (std::filesystem::is_directory(status)) {
        throw Error(fmt::format("{}: {}", path, std::strerror(EISDIR)));
      }
      if (std::filesystem::is_character_file(status) || std::filesystem::is_block_file(status)) {
        throw Error(fmt::format("{}: a device, not a file", path));
      }
      std::ifstream in{std::string(path), std::ios::binary};
      if (!in) throw Error(fmt::format("{}: {}", path, std::strerror(errno)));
      constexpr std::size_t kReadLimit = std::size_t{1} << 30;
      char buffer[1 << 16];
      while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        text.append(buffer, static_cast<std::size_t>(in.gcount()));
        if (text.size() > kReadLimit) {
          throw Error(fmt::format("{}: more than 1 GiB, no data file dml reads", path));
        }
      }
    } catch (const std::exception& e) {
      failed = e.what();
    }
    if (failed.empty()) {
      lua_pushlstring(L, text.data(), text.size());
      return 1;
    }
  }
  lua_pushnil(L);
  lua_pushlstring(L, failed.data(), failed.size());
  return 2;
}

std::string string_field(lua_State* L, int idx, const char* name) {
  lua_getfield(L, idx, name);
  std::string s = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
  lua_pop(L, 1);
  return s;
}

bool bool_field(lua_State* L, int idx, const char* name) {
  lua_getfield(L, idx, name);
  const bool b = lua_toboolean(L, -1) != 0;
  lua_pop(L, 1);
  return b;
}

// The list at idx of numbers or quantities, as base-SI numbers. `where`: "series[2].x".
std::vector<double> read_numbers(lua_State* L, int idx, const std::string& where) {
  idx = lua_absindex(L, idx);
  if (!lua_istable(L, idx)) {
    throw Error(fmt::format("dml.plot: {}: expected a list of numbers, got {}", where,
                            describe_type(L, idx)));
  }
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, idx));
  std::vector<double> out;
  out.reserve(static_cast<size_t>(n));
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, idx, i);
    const auto element = [&] { return fmt::format("dml.plot: {}[{}]", where, i); };
    if (lua_type(L, -1) == LUA_TNUMBER) {
      out.push_back(static_cast<double>(lua_tonumber(L, -1)));
    } else if (const Quantity* q = test_quantity(L, -1)) {
      out.push_back(q->value);
    } else {
      throw Error(fmt::format("{}: expected a number or a quantity, got {}", element(),
                              describe_type(L, -1)));
    }
    lua_pop(L, 1);
  }
  return out;
}

// plot(spec): spec is checked by output.lua (field names, types, lengths); the lists of x
// and y are read here.
int l_plot(lua_State* L) {
  return guarded(L, [&] {
    luaL_checktype(L, 1, LUA_TTABLE);
    output::PlotSpec spec;
    lua_getfield(L, 1, "path");
    spec.path = path_argument(L, -1, "dml.plot");
    lua_pop(L, 1);
    if (in_sandbox(L)) check_confined(spec.path, "dml.plot");
    spec.title = string_field(L, 1, "title");
    spec.x_label = string_field(L, 1, "x_label");
    spec.y_label = string_field(L, 1, "y_label");
    spec.x_log = bool_field(L, 1, "x_log");
    spec.y_log = bool_field(L, 1, "y_log");
    spec.legend = bool_field(L, 1, "legend");
    lua_getfield(L, 1, "series");
    if (!lua_istable(L, -1)) {
      throw Error(fmt::format("dml.plot: series: expected a list, got {}", describe_type(L, -1)));
    }
    const auto n = static_cast<lua_Integer>(lua_rawlen(L, -1));
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, -1, i);
      if (!lua_istable(L, -1)) {
        throw Error(
            fmt::format("dml.plot: series[{}]: expected a table, got {}", i, describe_type(L, -1)));
      }
      output::Series s;
      s.name = string_field(L, -1, "name");
      lua_getfield(L, -1, "x");
      s.x = read_numbers(L, -1, fmt::format("series[{}].x", i));
      lua_getfield(L, -2, "y");
      s.y = read_numbers(L, -1, fmt::format("series[{}].y", i));
      lua_pop(L, 3);
      spec.series.push_back(std::move(s));
    }
    lua_pop(L, 1);
    output::plot(spec);
    return 0;
  });
}

// core.write_text(path, text, who): the file whole or not at all (output::write_file_atomically);
// `who` names the caller in the error ("dml.calibrate: cannot write ...").
int l_write_text(lua_State* L) {
  return guarded(L, [&] {
    const std::string path = luaL_checkstring(L, 1);
    size_t n = 0;
    const char* text = luaL_checklstring(L, 2, &n);
    const char* who = luaL_checkstring(L, 3);
    if (in_sandbox(L)) check_confined(path, who);
    output::write_file_atomically(path, std::string_view(text, n), who);
    return 0;
  });
}

// core.write_problem(path, who) -> nil, or what would stop writing path (output::write_problem):
// a script checks its output before long work.
int l_write_problem(lua_State* L) {
  return guarded(L, [&] {
    const std::string path = luaL_checkstring(L, 1);
    const char* who = luaL_checkstring(L, 2);
    // The sandbox's refusal is a reason like the others, for the script to report as its usage
    // error (helper-367: it was raised, an error at the script's line, exit status 1).
    std::string why;
    if (in_sandbox(L)) {
      try {
        check_confined(path, who);
      } catch (const Error& e) {
        why = e.what();
      }
    }
    if (why.empty()) why = output::write_problem(path, who);
    if (why.empty()) {
      lua_pushnil(L);
    } else {
      lua_pushlstring(L, why.data(), why.size());
    }
    return 1;
  });
}

// core.file_kind(path) -> "file", "directory", "missing" or "other" (a pipe, a device), through
// symbolic links; never opens it.
int l_file_kind(lua_State* L) {
  return guarded(L, [&] {
    const std::string path = luaL_checkstring(L, 1);
    if (in_sandbox(L)) check_confined(path, "dml.measured", Access::kRead);
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    lua_pushstring(L, std::filesystem::is_regular_file(status) ? "file"
                      : std::filesystem::is_directory(status)  ? "directory"
                      : !std::filesystem::exists(status)       ? "missing"
                                                               : "other");
    return 1;
  });
}

// core.same_file(a, b) -> whether the two paths name one file (output::same_file).
int l_same_file(lua_State* L) {
  return guarded(L, [&] {
    const std::string a = luaL_checkstring(L, 1);
    const std::string b = luaL_checkstring(L, 2);
    if (in_sandbox(L)) {
      check_confined(a, "dml.measured", Access::kRead);
      check_confined(b, "dml.measured", Access::kRead);
    }
    lua_pushboolean(L, output::same_file(a, b) ? 1 : 0);
    return 1;
  });
}

}  // namespace

void register_output(lua_State* L) {
  const luaL_Reg fns[] = {{"copy_rows", l_copy_rows},
                          {"copy_row", l_copy_row},
                          {"format_table", l_format_table},
                          {"save", l_save},
                          {"plot", l_plot},
                          {"write_text", l_write_text},
                          {"read_text", l_read_text},
                          {"write_problem", l_write_problem},
                          {"same_file", l_same_file},
                          {"file_kind", l_file_kind},
                          {nullptr, nullptr}};
  luaL_setfuncs(L, fns, 0);
}

}  // namespace dml::lua
