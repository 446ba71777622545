#include "lua_values.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <new>
#include <string_view>

#include "bind_declarations.hpp"
#include "dml/layout.hpp"
#include "dml/transformer.hpp"
#include "dml/units_parser.hpp"
#include "edit_distance.hpp"
#include "output.hpp"

namespace dml::lua {

// --- messages ---------------------------------------------------------------------------------

std::string joined(std::span<const std::string> names) {
  std::string out;
  for (const auto& n : names) {
    if (!out.empty()) out += ", ";
    out += n;
  }
  return out;
}

namespace detail {
std::string note_suffix(const Field& f) {
  return f.note.empty() ? std::string() : " (" + std::string(f.note) + ")";
}
}  // namespace detail

std::string closest_name(std::string_view name, std::span<const std::string> names) {
  return closest(name, names);
}

void push_count(lua_State* L, u128 n) {
  if (n <= static_cast<u128>(std::numeric_limits<lua_Integer>::max())) {
    lua_pushinteger(L, static_cast<lua_Integer>(n));
  } else {
    lua_pushnumber(L, to_double(n));  // past 2^63: the nearest double (exact for experts x 2^i)
  }
}

namespace {

// A plain C function with nothing to destroy: Lua's errors may pass through it in either build.
int lines_tostring(lua_State* L) {
  const lua_Integer n = luaL_len(L, 1);
  if (n == 0) {
    lua_pushliteral(L, "(none)");
    return 1;
  }
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_geti(L, 1, i);
    luaL_tolstring(L, -1, nullptr);
    lua_remove(L, -2);
    if (i > 1) {
      lua_pushliteral(L, "\n");
      lua_insert(L, -2);
      lua_concat(L, 3);  // the text so far, a newline, this line
    }
  }
  return 1;
}

}  // namespace

void set_lines_metatable(lua_State* L) {
  static const char* const kLines = "dml.lines";  // its registry key
  if (lua_getfield(L, LUA_REGISTRYINDEX, kLines) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_createtable(L, 0, 2);
    lua_pushcfunction(L, lines_tostring);
    lua_setfield(L, -2, "__tostring");
    // Otherwise a plain list: read, copied and saved as one (plain_table; output.lua's
    // plain_record), as a preset record is.
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, "__dml_record");
    // What getmetatable() shows: the same mark, so that the shared metatable itself is not a
    // script's to change (helper-86).
    lua_createtable(L, 0, 1);
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, "__dml_record");
    lua_setfield(L, -2, "__metatable");
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, kLines);
  }
  lua_setmetatable(L, -2);
}

namespace {

// Lua's own text of a value (numbers as `tostring` writes them).
std::string lua_text(lua_State* L, int idx) {
  std::size_t n = 0;
  const char* s = luaL_tolstring(L, idx, &n);
  std::string out(s, n);
  lua_pop(L, 1);
  return out;
}

// A key after a path, as a message shows it: ".name", or a bounded excerpt of any other string
// in brackets: `["two words"]`, `["a\0b"]`, `["xxx..." (1000000 bytes)]`.
std::string key_text(std::string_view key) {
  const bool identifier = !key.empty() && key.size() <= kExcerptBytes &&
                          std::isdigit(static_cast<unsigned char>(key[0])) == 0 &&
                          std::all_of(key.begin(), key.end(), [](char c) {
                            return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
                          });
  if (identifier) return "." + std::string(key);
  const std::string_view head = excerpt_head(key);
  std::string quoted = detail::lua_quote(head);
  if (head.size() == key.size()) return "[" + quoted + "]";
  quoted.insert(quoted.size() - 1, "...");
  return fmt::format("[{} ({} bytes)]", quoted, key.size());
}

}  // namespace

std::string describe_value(lua_State* L, int idx) {
  idx = lua_absindex(L, idx);
  switch (lua_type(L, idx)) {
    case LUA_TNONE:
    case LUA_TNIL:
      return "nothing";
    case LUA_TSTRING: {
      std::size_t n = 0;
      const char* s = lua_tolstring(L, idx, &n);
      const std::string_view text(s, n);
      const std::string_view head = excerpt_head(text);
      if (head.size() == n) return detail::lua_quote(text);
      std::string quoted = detail::lua_quote(head);  // a long string: a bounded excerpt
      quoted.insert(quoted.size() - 1, "...");
      return fmt::format("{} ({} bytes)", quoted, n);
    }
    case LUA_TNUMBER:
      if (std::isnan(lua_tonumber(L, idx))) return "NaN (not a number)";
      return lua_text(L, idx);
    case LUA_TTABLE:
      return "a table";
    case LUA_TUSERDATA:
      if (const Box* b = test_box(L, idx)) return std::string(b->type->title);
      if (const Quantity* q = test_quantity(L, idx)) {
        // One without a unit reads as a number, which a message that wants a number would seem
        // to refuse (helper-346: "expected a number ..., got 1e12").
        if (q->dim == kDimensionless) return format_quantity(*q) + " (a quantity with no unit)";
        return format_quantity(*q);
      }
      break;
    default:
      break;
  }
  return std::string("a ") + luaL_typename(L, idx);
}

namespace detail {

std::string lua_quote(std::string_view s) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == '"' || c == '\\' || c == '\n') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (std::iscntrl(c) != 0) {
      const bool digit_next =
          i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1]));
      out += digit_next ? fmt::format("\\{:03d}", c) : fmt::format("\\{}", c);
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string number_repr(double v) { return fmt::format("{}", v); }

namespace {

// A byte count as a whole number of the largest binary unit that divides it ("64 KiB"), or ""
std::string binary_bytes_repr(double v) {
  constexpr std::array<std::pair<double, const char*>, 4> iec{
      {{1099511627776.0, "TiB"}, {1073741824.0, "GiB"}, {1048576.0, "MiB"}, {1024.0, "KiB"}}};
  for (const auto& [size, unit] : iec) {
    const double k = v / size;
    if (k >= 1 && k == std::floor(k)) return fmt::format("{} {}", k, unit);
  }
  return {};
}

}  // namespace

std::string result_number_text(double v) { return output::format_number(v); }

std::string result_quantity_text(Quantity q) {
  // (Below a KiB in bytes: "1000 B", not the decimal "1 kB" beside binary units; helper-367.)
  if (q.dim == kBytes && std::isfinite(q.value)) {
    constexpr std::array<std::pair<double, const char*>, 5> iec{{{1125899906842624.0, "PiB"},
                                                                 {1099511627776.0, "TiB"},
                                                                 {1073741824.0, "GiB"},
                                                                 {1048576.0, "MiB"},
                                                                 {1024.0, "KiB"}}};
    for (const auto& [size, unit] : iec) {
      if (std::fabs(q.value) >= size)
        return fmt::format("{} {}", format_number(q.value / size), unit);
    }
    return format_number(q.value) + " B";
  }
  return format_quantity(q);
}

std::string quantity_repr(Quantity q) {
  if (!std::isfinite(q.value)) return format_quantity(q);
  std::string text = format_quantity(q, 17);
  for (int digits = 4; digits <= 17; ++digits) {  // as printed, unless that loses digits
    std::string shorter = format_quantity(q, digits);
    try {
      if (parse_quantity(shorter, q.dim).value == q.value) {
        text = std::move(shorter);
        break;
      }
    } catch (const Error&) {
      break;
    }
  }
  // Bytes in a binary unit where that is as short: "64 KiB", "81559 MiB", but "80 GB" (not
  // "78125000 KiB").
  if (q.dim == kBytes && q.value > 0) {
    std::string binary = binary_bytes_repr(q.value);
    if (!binary.empty() && binary.size() <= text.size()) return binary;
  }
  return text;
}

[[noreturn]] void throw_expected(lua_State* L, int idx, const std::string& path,
                                 std::string_view what) {
  throw ConfigError(path, fmt::format("expected {}, got {}", what, describe_value(L, idx)));
}

std::int64_t read_whole(lua_State* L, int idx, const std::string& path, const Field& f) {
  // Beyond 64-bit whole numbers: the bound as the field states it, else 2^63 - 1, written as a
  // whole number (the value as the scenario wrote it).
  const auto check_range = [&](double v) {
    if (std::fabs(v) < 9223372036854775808.0) return;
    const std::string bound =
        std::isnan(f.max) ? std::string("9223372036854775807") : fmt::format("{:.0f}", f.max);
    throw ConfigError(path, fmt::format("must be at most {}, got {}", bound, lua_text(L, idx)));
  };
  if (!f.count_of.empty() && lua_type(L, idx) == LUA_TSTRING) {
    // A count written as text, "4e6 tokens" (helper-365: refused in global_batch_tokens, where
    // `tokens` took it): a whole number of them.
    const double v = read_count(L, idx, path, f);
    if (v != std::floor(v)) {
      throw ConfigError(path, fmt::format("expected a whole number of {}, got {}", f.count_of,
                                          lua_quote(lua_text(L, idx))));
    }
    check_range(v);
    return static_cast<std::int64_t>(v);
  }
  if (lua_type(L, idx) != LUA_TNUMBER) {
    if (!f.count_of.empty()) {
      throw_expected(L, idx, path,
                     fmt::format("a positive whole number or a count like \"{}\"", f.example));
    }
    if (!f.one_of.empty()) {
      throw_expected(L, idx, path, fmt::format("one of {}", fmt::join(f.one_of, ", ")));
    }
    throw_expected(L, idx, path, f.min >= 1 ? "a positive whole number" : "a whole number");
  }
  if (lua_isinteger(L, idx) != 0) return lua_tointeger(L, idx);
  const double v = lua_tonumber(L, idx);
  if (!std::isfinite(v))
    throw ConfigError(path, "expected a finite number, got " + non_finite_text(v));
  if (v != std::floor(v))
    throw ConfigError(path, "expected a whole number, got " + lua_text(L, idx));
  check_range(v);
  return static_cast<std::int64_t>(v);
}

double read_number(lua_State* L, int idx, const std::string& path) {
  if (lua_type(L, idx) != LUA_TNUMBER) throw_expected(L, idx, path, "a number");
  const double v = lua_tonumber(L, idx);
  if (!std::isfinite(v))
    throw ConfigError(path, "expected a finite number, got " + non_finite_text(v));
  return v;
}

double read_count(lua_State* L, int idx, const std::string& path, const Field& f) {
  const std::string noun(f.count_of);
  // The field's own example ("4194304 tokens" a step), else one of tokens to train.
  const std::string like = f.example.empty() ? "15.6e12 " + noun : std::string(f.example);
  const auto expected = [&] {
    throw_expected(L, idx, path, fmt::format("a number or a count like \"{}\"", like));
  };
  // A count with a suffix of magnitude ("15T tokens", "1.5B", "15 T"; helper-118): the number it
  // means, in the error.
  const auto suffixed = [&](std::string_view num) {
    if (!num.empty() && num.front() == '+') num.remove_prefix(1);
    double v = 0;
    const char* last = num.data() + num.size();
    const auto [at, err] = std::from_chars(num.data(), last, v, std::chars_format::general);
    if (num.empty() || err != std::errc() || !std::isfinite(v)) return;
    std::string_view rest(at, static_cast<std::size_t>(last - at));
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
    if (rest.size() != 1) return;
    constexpr std::array<std::pair<char, int>, 6> kSuffixes{
        {{'k', 3}, {'K', 3}, {'M', 6}, {'B', 9}, {'G', 9}, {'T', 12}}};
    for (const auto& [letter, exponent] : kSuffixes) {
      if (rest.front() != letter) continue;
      // The user's digits with the exponent the letter means ("1.2345678T": 1.2345678e12), or,
      // where they wrote one already, the number itself ("1e20T": 1e32).
      const std::string_view digits(num.data(), static_cast<std::size_t>(at - num.data()));
      std::string meant;
      if (digits.find_first_of("eE") == std::string_view::npos) {
        meant = fmt::format("{}e{}", digits, exponent);
      } else {
        meant = fmt::format("{:.15g}", v * std::pow(10.0, exponent));
        if (const auto e = meant.find("e+"); e != std::string::npos) meant.erase(e + 1, 1);
      }
      throw_expected(L, idx, path,
                     fmt::format("a number or a count like \"{}\" (a count takes no "
                                 "suffix like {}: write {} or \"{} {}\")",
                                 like, letter, meant, meant, noun));
    }
  };
  if (lua_type(L, idx) == LUA_TNUMBER) return read_number(L, idx, path);
  if (lua_type(L, idx) != LUA_TSTRING) expected();
  std::size_t size = 0;
  const char* data = lua_tolstring(L, idx, &size);
  std::string_view text(data, size);
  const auto space = [](char c) { return c == ' ' || c == '\t'; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  // "<number> <noun>", the noun plural or singular ("tokens", "token"); a space separates them,
  // as it separates a number and its unit ("15.6e12tokens" is refused, as "900GB/s" is).
  const std::string_view singular =
      noun.ends_with('s') ? std::string_view(noun).substr(0, noun.size() - 1) : noun;
  std::string_view number;
  bool spaced = false;
  for (const std::string_view unit : {std::string_view(noun), singular}) {
    if (text.size() > unit.size() && text.ends_with(unit)) {
      number = text.substr(0, text.size() - unit.size());
      // Joined to the word only when the number runs into it ("15.6e12tokens"); "15.6
      // Ttokens" has its space, and a word that is not the count's.
      spaced =
          space(number.back()) ||
          (std::isdigit(static_cast<unsigned char>(number.back())) == 0 && number.back() != '.');
      if (!space(number.back()) && spaced) number = {};
      break;
    }
  }
  while (!number.empty() && space(number.back())) number.remove_suffix(1);
  if (number.empty()) {
    // A number as text ("15e12"): the count either way, a number or with its noun (helper-103).
    double v = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, v, std::chars_format::general);
    if (!text.empty() && ec == std::errc() && ptr == end && std::isfinite(v)) {
      throw_expected(L, idx, path,
                     fmt::format("a number or a count like \"{}\" (write {}, a number, or "
                                 "\"{} {}\")",
                                 like, text, text, noun));
    }
  }
  if (!number.empty() && !spaced) {
    throw_expected(L, idx, path,
                   fmt::format("a number or a count like \"{}\" (a space must separate "
                               "the number and \"{}\")",
                               like, noun));
  }
  if (!number.empty() && number.front() == '+') number.remove_prefix(1);
  double v = 0;
  const char* end = number.data() + number.size();
  const auto [ptr, ec] = std::from_chars(number.data(), end, v, std::chars_format::general);
  if (number.empty() || ec != std::errc() || ptr != end) {
    suffixed(number.empty() ? text : number);
    expected();
  }
  if (!std::isfinite(v))
    throw ConfigError(path, "expected a finite number, got " + describe_value(L, idx));
  return v;
}

std::string read_string(lua_State* L, int idx, const std::string& path) {
  if (lua_type(L, idx) != LUA_TSTRING) throw_expected(L, idx, path, "a string");
  std::size_t n = 0;
  const char* s = lua_tolstring(L, idx, &n);
  return {s, n};
}

bool read_bool(lua_State* L, int idx, const std::string& path) {
  if (lua_type(L, idx) != LUA_TBOOLEAN) throw_expected(L, idx, path, "true or false");
  return lua_toboolean(L, idx) != 0;
}

namespace {

// A table without a metatable, or a strict record (a preset: core.strict_records), whose
// metatable only refuses to read unknown keys and invents no field.
bool plain_table(lua_State* L, int idx) {
  if (lua_type(L, idx) != LUA_TTABLE) return false;
  if (lua_getmetatable(L, idx) == 0) return true;
  lua_pushliteral(L, "__dml_record");
  const bool strict_record = lua_rawget(L, -2) == LUA_TBOOLEAN;
  lua_pop(L, 2);
  return strict_record;
}

}  // namespace

// The error for a value plain_table refuses: a table with a metatable of its own (a proxy, a
// class instance) is named as such, since "got a table" would not say why.
[[noreturn]] void throw_not_plain(lua_State* L, int idx, const std::string& path,
                                  std::string_view what) {
  if (lua_type(L, idx) == LUA_TTABLE) {
    throw ConfigError(path, fmt::format("expected {}, got a table with a metatable (dml reads a "
                                        "plain table's own fields, without metamethods: copy "
                                        "them into one)",
                                        what));
  }
  throw_expected(L, idx, path, what);
}

bool literal_table(lua_State* L, int idx) {
  if (lua_type(L, idx) != LUA_TTABLE) return false;
  if (lua_getmetatable(L, idx) == 0) return true;
  lua_pop(L, 1);
  return false;
}

namespace {

// Every key of the table at idx is an integer in 1..n.
void check_list_keys(lua_State* L, int idx, std::size_t n, const std::string& path) {
  lua_pushnil(L);
  while (lua_next(L, idx) != 0) {
    lua_pop(L, 1);
    const bool ok = lua_isinteger(L, -1) != 0 && lua_tointeger(L, -1) >= 1 &&
                    static_cast<std::size_t>(lua_tointeger(L, -1)) <= n;
    if (!ok) {
      throw ConfigError(path, fmt::format("expected a list (keys 1..{}), found the key {}", n,
                                          describe_value(L, -1)));
    }
  }
}

}  // namespace

Sources read_sources(lua_State* L, int idx, const std::string& path, const TypeInfo& owner) {
  if (lua_type(L, idx) != LUA_TTABLE)
    throw_expected(L, idx, path, "a table of field = \"citation\"");
  Sources out;
  lua_pushnil(L);
  while (lua_next(L, idx) != 0) {
    const bool named = lua_type(L, -2) == LUA_TSTRING;
    const std::string key = named ? lua_tostring(L, -2) : std::string();
    if (!named || std::find(owner.names.begin(), owner.names.end(), key) == owner.names.end()) {
      throw ConfigError(path,
                        fmt::format("{} is not a field of {}", describe_value(L, -2), owner.title));
    }
    if (lua_type(L, -1) != LUA_TSTRING) {
      throw_expected(L, -1, path + "." + key, "a citation string");
    }
    out[key] = lua_tostring(L, -1);
    lua_pop(L, 1);
  }
  return out;
}

std::vector<std::int64_t> read_counts(lua_State* L, int idx, const std::string& path,
                                      const Field& field) {
  const Field item = list_item(field);
  const std::string kind = item.min >= 1 ? "a non-empty list of positive whole numbers"
                                         : "a non-empty list of whole numbers";
  const auto n = plain_table(L, idx) ? static_cast<std::size_t>(lua_rawlen(L, idx)) : 0;
  if (n == 0 && lua_type(L, idx) == LUA_TTABLE && !plain_table(L, idx)) {
    throw_not_plain(L, idx, path, kind);
  }
  if (n == 0) throw_expected(L, idx, path, kind);
  check_list_keys(L, idx, n, path);
  std::vector<std::int64_t> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    lua_rawgeti(L, idx, static_cast<lua_Integer>(i + 1));
    const std::string ipath = item_path(path, i + 1);
    out[i] = read_whole(L, -1, ipath, item);
    check_whole(out[i], item, ipath);
    lua_pop(L, 1);
  }
  return out;
}

std::size_t check_list(lua_State* L, int idx, const std::string& path, std::string_view,
                       std::string_view title) {
  if (!plain_table(L, idx)) throw_not_plain(L, idx, path, fmt::format("a list, each {}", title));
  const auto n = static_cast<std::size_t>(lua_rawlen(L, idx));
  if (n == 0) throw ConfigError(path, fmt::format("expected a non-empty list, each {}", title));
  check_list_keys(L, idx, n, path);
  return n;
}

namespace {

// The number of keys of the table at idx (an absolute index).
std::size_t key_count(lua_State* L, int idx) {
  std::size_t n = 0;
  lua_pushnil(L);
  while (lua_next(L, idx) != 0) {
    lua_pop(L, 1);
    ++n;
  }
  return n;
}

// Whether the table at `from` has a key the table at `to` lacks (at absolute indices); if so,
// that key and its value are left on the stack, else nothing is.
bool has_key_missing_from(lua_State* L, int from, int to) {
  lua_pushnil(L);
  while (lua_next(L, from) != 0) {
    lua_pushvalue(L, -2);
    const bool missing = lua_rawget(L, to) == LUA_TNIL;
    lua_pop(L, 1);
    if (missing) return true;
    lua_pop(L, 1);
  }
  return false;
}

// Whether the values at a and b are the same: tables without a metatable field by field (b's
// keys all in a), anything else raw-equal.
bool same_value(lua_State* L, int a, int b, int depth = 0) {
  a = lua_absindex(L, a);
  b = lua_absindex(L, b);
  if (lua_rawequal(L, a, b) != 0) return true;
  if (lua_type(L, a) == LUA_TNUMBER && lua_type(L, b) == LUA_TNUMBER) {
    return std::isnan(lua_tonumber(L, a)) && std::isnan(lua_tonumber(L, b));  // NaN is NaN
  }
  if (lua_type(L, a) != LUA_TTABLE || lua_type(L, b) != LUA_TTABLE || depth > 8) return false;
  for (const int t : {a, b}) {  // a table with a metatable (a record) is the same one only
    if (lua_getmetatable(L, t) != 0) {
      lua_pop(L, 1);
      return false;
    }
  }
  // a's fields the same in b (so all in b); then b has as many keys, so none a lacks.
  std::size_t keys = 0;
  lua_pushnil(L);
  while (lua_next(L, a) != 0) {
    lua_pushvalue(L, -2);
    lua_rawget(L, b);
    const bool same = same_value(L, -2, -1, depth + 1);
    lua_pop(L, 2);
    if (!same) {
      lua_pop(L, 1);  // the key
      return false;
    }
    ++keys;
  }
  return key_count(L, b) == keys;
}

// A preset record changed in place since it was made (its metatable on top of the stack holds
// the copy, __dml_pristine): refused, naming the field, as a run would silently use the change
// wherever the preset is read.
void check_pristine(lua_State* L, int idx, const std::string& preset) {
  if (lua_getfield(L, -1, "__dml_pristine") != LUA_TTABLE) {
    lua_pop(L, 1);
    return;
  }
  const int pristine = lua_gettop(L);
  std::string changed;
  std::string was;
  std::string now;
  // The copy's fields the same now (tables compared field by field), then no field added: as
  // many keys now (the added one found only then).
  std::size_t keys = 0;
  lua_pushnil(L);
  while (lua_next(L, pristine) != 0) {
    lua_pushvalue(L, -2);
    lua_rawget(L, idx);
    if (!same_value(L, -2, -1)) {
      changed = lua_type(L, -3) == LUA_TSTRING ? lua_tostring(L, -3) : "?";
      if (lua_type(L, -2) == LUA_TTABLE && lua_type(L, -1) == LUA_TTABLE) {
        was = "the table it was made with";
        now = "another table, or one of its fields changed";
      } else {
        was = describe_value(L, -2);
        now = describe_value(L, -1);
      }
      lua_pop(L, 3);
      break;
    }
    lua_pop(L, 2);
    ++keys;
  }
  if (changed.empty() && key_count(L, idx) != keys &&
      has_key_missing_from(L, idx, pristine)) {  // key, value on top
    changed = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
    lua_pushnil(L);
    was = describe_value(L, -1);
    now = describe_value(L, -2);
    lua_pop(L, 3);
  }
  lua_pop(L, 1);  // the copy
  if (!changed.empty()) {
    throw ConfigError(
        preset + "." + changed,
        fmt::format("changed in place ({}; the preset's is {}): a preset is shared by every "
                    "scenario and library of the run; declare a changed copy instead "
                    "(dml.gpu(preset, {{ ... }}), dml.level(preset, {{ ... }}), ...)",
                    now, was));
  }
}

}  // namespace

namespace {

// A field of the other model kind, or of the MoE record, given where it does not go
// (helper-103: dml.mlp_stack { heads = 96 } said only "unknown field").
std::string other_kind_hint(std::string_view type, std::string_view key) {
  // (Not seq_len: the paper's runs take it on dml.run; nor moe: the paper's model has experts.)
  static constexpr std::array<std::string_view, 10> kTransformerOnly{
      "heads",  "kv_heads", "head_dim",       "vocab", "tied_embeddings",
      "window", "causal",   "parallel_block", "mla",   "gated"};
  static constexpr std::array<std::string_view, 7> kMoeFields{
      "experts",      "top_k",     "shared_experts", "expert_d_ff",
      "dense_layers", "imbalance", "group_top_k"};
  const auto in = [&](const auto& list) {
    return std::find(list.begin(), list.end(), key) != list.end();
  };
  if (type == "mlp_stack" && in(kTransformerOnly)) {
    return " (a field of dml.transformer, the realistic model; dml.mlp_stack is the paper's)";
  }
  if (type == "mlp_stack" && key == "moe") return " (the paper's model takes experts = N)";
  if (type == "mlp_stack" && key == "seq_len") {
    return " (the paper's runs take it on dml.run: dml.run { seq_len = ... })";
  }
  if (type == "transformer" && in(kMoeFields)) {
    return fmt::format(" (a mixture of experts' field: moe = {{ {} = ... }})", key);
  }
  // A layout given to the run (helper-108: `dml.run { ..., tp = 8 }`) goes to the call that
  // costs or searches it.
  const auto layout_field = [&]<class L>() {
    const auto names = dml::field_names<L>();
    return key == "layout" || std::find(names.begin(), names.end(), key) != names.end();
  };
  const std::string_view what = key == "layout" ? "a layout" : "a layout's field";
  // (An example field that takes a plain value: a paper layout's tp is a pair.)
  const std::string_view field = key == "layout" ? "pp" : key;
  if (type == "transformer_run" && layout_field.template operator()<dml::TransformerLayout>()) {
    return fmt::format(
        " ({}: a run is laid out where it is costed, dml.evaluate(run, {{ {} = ... }}), or held "
        "fixed in dml.optimize(run, {{ {} = ... }}); dml --doc transformer_layout)",
        what, field, field);
  }
  if (type == "run" && layout_field.template operator()<dml::Layout>()) {
    return fmt::format(
        " ({}: a run is laid out where it is costed, dml.evaluate(run, dml.layout {{ {} = ... }}); "
        "dml --doc layout)",
        what, field);
  }
  return "";
}

}  // namespace

namespace {
// Checks the preset records among idx's fields unchanged too (its efficiency, its power), as
// reading them field by field did, to `depth` levels.
void check_nested_pristine(lua_State* L, int idx, int depth) {
  if (depth > 4) return;
  lua_pushnil(L);
  while (lua_next(L, idx) != 0) {
    if (lua_type(L, -1) == LUA_TTABLE && lua_getmetatable(L, -1) != 0) {
      lua_getfield(L, -1, "__dml_preset");
      const std::string preset = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
      lua_pop(L, 1);
      if (!preset.empty()) {
        check_pristine(L, lua_absindex(L, -2), preset);  // (reads the metatable on top)
        lua_pop(L, 1);
        check_nested_pristine(L, lua_absindex(L, -1), depth + 1);
      } else {
        lua_pop(L, 1);
      }
    }
    lua_pop(L, 1);
  }
}
}  // namespace

bool push_preset_value(lua_State* L, int idx, const TypeInfo& type) {
  idx = lua_absindex(L, idx);
  if (lua_getmetatable(L, idx) == 0) return false;
  const int mt = lua_gettop(L);
  lua_getfield(L, mt, "__dml_type");
  const bool same_type = lua_touserdata(L, -1) == &type;
  lua_getfield(L, mt, "__dml_preset");
  const std::string preset = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
  lua_pop(L, 2);
  if (!same_type || preset.empty()) {
    lua_pop(L, 1);
    return false;
  }
  lua_pushvalue(L, mt);
  check_pristine(L, idx, preset);  // (pops nothing: reads the metatable on top)
  lua_pop(L, 1);
  check_nested_pristine(L, idx, 0);
  // A value kept before a preset was changed on purpose (dml.set_preset, of this record or one
  // inside it) is read again.
  lua_getfield(L, mt, "__dml_value_generation");
  const bool current = lua_tointeger(L, -1) == preset_generation(L);
  lua_pop(L, 1);
  if (current) {
    lua_getfield(L, mt, "__dml_value");
  } else {
    lua_pushnil(L);
  }
  lua_remove(L, mt);
  return true;
}

void keep_preset_value(lua_State* L, int idx) {
  idx = lua_absindex(L, idx);
  if (lua_getmetatable(L, idx) == 0) {
    lua_pop(L, 1);
    return;
  }
  lua_insert(L, -2);
  lua_setfield(L, -2, "__dml_value");
  lua_pushinteger(L, preset_generation(L));
  lua_setfield(L, -2, "__dml_value_generation");
  lua_pop(L, 1);
}

namespace {
constexpr const char* kPresetGeneration = "dml.preset_generation";
}  // namespace

lua_Integer preset_generation(lua_State* L) {
  lua_getfield(L, LUA_REGISTRYINDEX, kPresetGeneration);
  const lua_Integer g = lua_tointeger(L, -1);
  lua_pop(L, 1);
  return g;
}

void next_preset_generation(lua_State* L) {
  lua_pushinteger(L, preset_generation(L) + 1);
  lua_setfield(L, LUA_REGISTRYINDEX, kPresetGeneration);
}

namespace {

// The preset a name given as text stands for ("h100_sxm" where a GPU goes: helper-162), as
// "dml.presets.gpus.h100_sxm", or the one nearest name of the preset module of that type, as the
// script has loaded it; "" when the type has no presets, the module is not loaded, or nothing
// is near.
std::string preset_named(lua_State* L, int idx, const TypeInfo& type) {
  if (lua_type(L, idx) != LUA_TSTRING) return {};
  std::string_view module;
  for (const auto& [type_name, m] : {std::pair<std::string_view, std::string_view>{"gpu", "gpus"},
                                     {"level", "networks"},
                                     {"stack", "stacks"}}) {
    if (type.name == type_name) module = m;
  }
  if (module.empty()) return {};
  std::size_t length = 0;
  const char* text = lua_tolstring(L, idx, &length);
  const std::string name(text, length);
  // (A long name is no preset's: its distance to each would be slow to compute.)
  if (name.size() > 64 || name.find('\0') != std::string::npos) return {};
  const std::string full = fmt::format("dml.presets.{}", module);
  const int top = lua_gettop(L);
  std::vector<std::string> names;
  // The preset module as loaded, read raw (package.loaded through the registry; no metamethod,
  // no script's code runs: helper-168). Not loaded yet: no hint.
  lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  lua_pushlstring(L, full.data(), full.size());
  if (lua_rawget(L, -2) == LUA_TTABLE) {
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {
      if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TTABLE &&
          lua_getmetatable(L, -1) != 0) {
        lua_pushliteral(L, "__dml_type");
        lua_rawget(L, -2);
        if (lua_touserdata(L, -1) == &type) names.emplace_back(lua_tostring(L, -4));
        lua_pop(L, 2);
      }
      lua_pop(L, 1);
    }
  }
  lua_settop(L, top);
  if (std::find(names.begin(), names.end(), name) != names.end()) return full + "." + name;
  // The nearest, where one is nearest ("h100" is "h100_sxm"; "nvlink" is the start of several).
  const std::string near = closest(name, names);
  std::reverse(names.begin(), names.end());
  if (!near.empty() && closest(name, names) == near) return full + "." + near;
  return {};
}

}  // namespace

int check_record_table(lua_State* L, int idx, const std::string& path, const TypeInfo& type,
                       std::span<const std::string_view> positional) {
  if (const std::string preset = preset_named(L, idx, type); !preset.empty()) {
    throw ConfigError(path, fmt::format("expected {} (a table of its fields), got {} (a preset "
                                        "is given as its table: {}?)",
                                        type.title, quoted_excerpt(lua_tostring(L, idx)), preset));
  }
  if (!plain_table(L, idx)) {
    // A record its fields give in order (the paper's 2D TP) shows both ways (helper-171: `tp =
    // 32` said only "a table of its fields").
    std::string named;
    std::string ordered;
    for (std::size_t i = 0; i < positional.size(); ++i) {
      named += fmt::format("{}{} = {}", i == 0 ? "" : ", ", positional[i], 4 * (i + 1));
      ordered += fmt::format("{}{}", i == 0 ? "" : ", ", 4 * (i + 1));
    }
    throw_not_plain(L, idx, path,
                    positional.empty() ? fmt::format("{} (a table of its fields)", type.title)
                                       : fmt::format("{} (a table of its fields: {{ {} }}, or in "
                                                     "that order {{ {} }})",
                                                     type.title, named, ordered));
  }
  // A preset of another type (a GPU given as a model): said as such.
  if (lua_getmetatable(L, idx) != 0) {
    lua_getfield(L, -1, "__dml_type");
    const auto* other = static_cast<const TypeInfo*>(lua_touserdata(L, -1));
    lua_getfield(L, -2, "__dml_preset");
    const std::string preset = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
    lua_pop(L, 2);
    if (!preset.empty()) check_pristine(L, lua_absindex(L, idx), preset);
    lua_pop(L, 1);  // the metatable
    if (other != nullptr && other != &type) {
      throw ConfigError(path,
                        fmt::format("expected {} (a table of its fields), got {}{}", type.title,
                                    other->title, preset.empty() ? "" : " (" + preset + ")"));
    }
  }
  lua_rawgeti(L, idx, 1);
  const bool has_positional = !positional.empty() && !lua_isnil(L, -1);
  lua_pop(L, 1);
  if (has_positional) {  // { 4, 8 } is { model = 4, ff = 8 }; named keys win
    lua_newtable(L);
    for (std::size_t i = 0; i < positional.size(); ++i) {
      lua_rawgeti(L, idx, static_cast<lua_Integer>(i + 1));
      lua_setfield(L, -2, std::string(positional[i]).c_str());
    }
    lua_pushnil(L);
    while (lua_next(L, idx) != 0) {
      const bool mapped = lua_isinteger(L, -2) != 0 && lua_tointeger(L, -2) >= 1 &&
                          static_cast<std::size_t>(lua_tointeger(L, -2)) <= positional.size();
      if (mapped) {
        lua_pop(L, 1);
        continue;
      }
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, -4);
    }
  } else {
    lua_pushvalue(L, idx);
  }
  const int table = lua_gettop(L);
  // Every unknown key, so that the message is the same on every run (lua_next's order is the
  // hash's, which Lua seeds at random): the first by name, and the others named after it.
  std::vector<std::string> unknown;
  lua_pushnil(L);
  while (lua_next(L, table) != 0) {
    lua_pop(L, 1);
    if (lua_type(L, -1) != LUA_TSTRING) {
      throw ConfigError(path, fmt::format("expected named fields of {}, found the key {}",
                                          type.title, describe_value(L, -1)));
    }
    std::size_t n = 0;
    const char* k = lua_tolstring(L, -1, &n);
    std::string key(k, n);
    if (std::find(type.names.begin(), type.names.end(), key) == type.names.end()) {
      unknown.push_back(std::move(key));
    }
  }
  if (!unknown.empty()) {
    std::sort(unknown.begin(), unknown.end());
    const std::string& key = unknown.front();
    // A count of microbatches is not the layout's microbatch (sequences in one): the closest
    // name would change the run's meaning (helper-128).
    const bool microbatch_count =
        type.name == "transformer_layout" && (key == "microbatches" || key == "num_microbatches" ||
                                              key == "micro_batches" || key == "n_microbatches");
    const std::string hint = microbatch_count ? std::string() : suggestion(key, type.names);
    std::string others;
    constexpr std::size_t kNamed = 5;  // others named; the rest counted
    for (std::size_t i = 1; i < unknown.size() && i <= kNamed; ++i) {
      const std::string other_hint = suggestion(unknown[i], type.names);
      others += fmt::format("{}'{}'{}", i == 1 ? "" : ", ", printable(excerpt_head(unknown[i])),
                            other_hint.empty() ? "" : fmt::format(" ({}?)", other_hint));
    }
    if (unknown.size() > kNamed + 1) {
      others += fmt::format(" and {} more", unknown.size() - kNamed - 1);
    }
    throw ConfigError(
        path + key_text(key),
        fmt::format("unknown field of {}{}{}{}; its fields are {}", type.title,
                    hint.empty() ? "" : fmt::format(" (did you mean {}?)", hint),
                    microbatch_count ? std::string(" (the layout's microbatch is the sequences one "
                                                   "microbatch holds; their count follows from the "
                                                   "global batch, dp and microbatch)")
                    : hint.empty()   ? other_kind_hint(type.name, key)
                                     : std::string(),
                    others.empty() ? "" : fmt::format("; also unknown: {}", others),
                    joined(type.names)));
  }
  return table;
}

FieldInfo make_field_info(const Field& f, std::string kind, std::string fallback,
                          const TypeInfo* record) {
  FieldInfo info;
  info.field = f;
  info.kind = std::move(kind);
  info.fallback = std::move(fallback);
  info.record = record;
  return info;
}

namespace {

std::string bound(double v) { return fmt::format("{}", v); }

std::string range_text(std::string text, const Field& f, bool show_min) {
  const bool low = show_min && !std::isnan(f.min);
  const bool high = !std::isnan(f.max);
  if (low && high) {
    return fmt::format("{} in {}{}, {}]", text, f.above ? "(" : "[", bound(f.min), bound(f.max));
  }
  if (low) return fmt::format("{} {} {}", text, f.above ? ">" : ">=", bound(f.min));
  if (high) return fmt::format("{} <= {}", text, bound(f.max));
  return text;
}

}  // namespace

std::string whole_kind(const Field& f) {
  if (!f.one_of.empty()) return fmt::format("one of {}", fmt::join(f.one_of, ", "));
  if (!f.count_of.empty()) {
    return fmt::format("{}, or a string like \"{}\"",
                       range_text("a positive whole number", f, f.min > 1), f.example);
  }
  if (f.min >= 1 && !f.above) return range_text("a positive whole number", f, f.min > 1);
  return range_text("a whole number", f, true);
}

std::string number_kind(const Field& f) { return range_text("a number", f, true); }

std::string count_kind(const Field& f) {
  return fmt::format("{}, or a string like \"15.6e12 {}\"", number_kind(f), f.count_of);
}

std::string quantity_kind(Dimension d, std::string_view example) {
  // A field's own example where it has one (helper-107: a duration's kind read "a time like
  // "1.125 us"").
  if (!example.empty()) return fmt::format("{} like \"{}\"", dimension_noun(d), example);
  return dimension_expectation(d);
}

std::string record_kind(const TypeInfo& t) {
  // A type no dml.<name> declares (a GPU's power, a cluster's facility) is a table of its
  // fields (helper-112: the reference named dml.facility, which does not exist).
  if (!t.result && !declared_type(t.name)) {
    return fmt::format("{} (a table of its fields: dml --doc {})", t.title, t.name);
  }
  // A result no dml.<name> makes (a plan's run_facts, a sweep's summary) by its reference, not
  // as a function that does not exist (helper-350: "(dml.run_facts)").
  if (!declared_type(t.name)) return fmt::format("{} (dml --doc {})", t.title, t.name);
  return fmt::format("{} ({})", t.title, t.metatable);
}

std::string list_kind(const TypeInfo& t) {
  std::string_view title = t.title;
  if (title.starts_with("a ")) title.remove_prefix(2);
  if (title.starts_with("an ")) title.remove_prefix(3);
  if (!declared_type(t.name)) return fmt::format("a list of {}s (dml --doc {})", title, t.name);
  return fmt::format("a list of {}s ({})", title, t.metatable);
}

}  // namespace detail

// --- declared values --------------------------------------------------------------------------

namespace {

constexpr const char* kTypeKey = "__dml_type";

Box& self_box(lua_State* L) {
  Box* b = test_box(L, 1);
  if (b == nullptr || b->value == nullptr) luaL_error(L, "expected a declared dml value");
  return *b;
}

int box_index(lua_State* L) {
  return guarded(L, [&] {
    const Box& b = self_box(L);
    std::size_t n = 0;
    const char* k = lua_type(L, 2) == LUA_TSTRING ? lua_tolstring(L, 2, &n) : nullptr;
    const std::string key = k != nullptr ? std::string(k, n) : describe_value(L, 2);
    if (k != nullptr && b.type->push_field(L, b.value, key)) return 1;
    const std::string hint = suggestion(key, b.type->names);
    const std::string shown =
        k != nullptr && (key.size() > kExcerptBytes || key.find('\0') != std::string::npos)
            ? describe_value(L, 2)
            : "'" + key + "'";
    throw ConfigError(
        "",
        fmt::format("{} has no field {}{}; see dml --doc {}", b.type->title, shown,
                    hint.empty() ? "" : fmt::format(" (did you mean {}?)", hint), b.type->name));
  });
}

int box_newindex(lua_State* L) {
  return guarded(L, [&]() -> int {
    const Box& b = self_box(L);
    const std::string key = describe_value(L, 2);
    const bool copyable = !b.type->result && declared_type(b.type->name);
    if (b.type->result) {
      throw ConfigError("", fmt::format("{} is read-only: dml computed it; read its fields "
                                        "(setting {})",
                                        b.type->title, key));
    }
    if (!copyable) {  // a record inside another value (a GPU's efficiency, a model's moe)
      throw ConfigError("", fmt::format("{} is read-only: change it in a copy of the value that "
                                        "holds it (setting {})",
                                        b.type->title, key));
    }
    throw ConfigError("", fmt::format("{} is read-only: make a changed copy with dml.{}(value, "
                                      "{{ ... }}) (setting {})",
                                      b.type->title, b.type->constructor, key));
  });
}

// The next present field after `key` (nil: the first), in the description's order.
int box_next(lua_State* L) {
  return guarded(L, [&] {
    const Box& b = self_box(L);
    const auto& names = b.type->names;
    std::size_t start = 0;
    if (lua_type(L, 2) == LUA_TSTRING) {
      const auto it = std::find(names.begin(), names.end(), lua_tostring(L, 2));
      start = it == names.end() ? names.size() : static_cast<std::size_t>(it - names.begin()) + 1;
    }
    for (std::size_t i = start; i < names.size(); ++i) {
      b.type->push_field(L, b.value, names[i]);
      if (!lua_isnil(L, -1)) {
        lua_pushlstring(L, names[i].data(), names[i].size());
        lua_insert(L, -2);
        return 2;
      }
      lua_pop(L, 1);
    }
    lua_pushnil(L);
    return 1;
  });
}

int box_pairs(lua_State* L) {
  lua_pushcfunction(L, box_next);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

int box_tostring(lua_State* L) {
  return guarded(L, [&] {
    const Box& b = self_box(L);
    const std::string text = b.type->text(b.value);
    lua_pushlstring(L, text.data(), text.size());
    return 1;
  });
}

int box_gc(lua_State* L) {
  Box* b = test_box(L, 1);
  if (b != nullptr && b->value != nullptr) {
    b->type->destroy(b->value);
    b->value = nullptr;
  }
  return 0;
}

void push_cell(lua_State* L, const output::Cell& cell) {
  std::visit(
      [&](const auto& v) {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, std::monostate>) {
          lua_pushnil(L);
        } else if constexpr (std::is_same_v<V, bool>) {
          lua_pushboolean(L, v ? 1 : 0);
        } else if constexpr (std::is_same_v<V, std::int64_t>) {
          lua_pushinteger(L, v);
        } else if constexpr (std::is_same_v<V, double>) {
          lua_pushnumber(L, v);
        } else if constexpr (std::is_same_v<V, std::string>) {
          lua_pushlstring(L, v.data(), v.size());
        } else {
          push_quantity(L, Quantity{v.value, v.dim});
        }
      },
      cell);
}

}  // namespace

void push_row(lua_State* L, const Row& row, const TypeInfo* type) {
  const std::vector<std::string>& columns =
      row.columns.empty() && type != nullptr ? type->columns.columns : row.columns;
  lua_createtable(L, 0, static_cast<int>(columns.size()));
  for (std::size_t i = 0; i < row.cells.size() && i < columns.size(); ++i) {
    if (std::holds_alternative<std::monostate>(row.cells[i])) continue;
    push_cell(L, row.cells[i]);
    lua_setfield(L, -2, columns[i].c_str());
  }
}

void push_columns(lua_State* L, const Row& row) {
  lua_createtable(L, static_cast<int>(row.columns.size()), 0);
  for (std::size_t i = 0; i < row.columns.size(); ++i) {
    lua_pushlstring(L, row.columns[i].data(), row.columns[i].size());
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
}

namespace {

// __dml_rows(value) -> { row }, columns: a declared value as one row of dml.save.
int box_rows(lua_State* L) {
  return guarded(L, [&] {
    const Box& b = self_box(L);
    const Row row = b.type->row(b.value);
    lua_createtable(L, 1, 0);
    push_row(L, row, b.type);
    lua_rawseti(L, -2, 1);
    push_columns(L, row.columns.empty() ? b.type->columns : row);
    return 2;
  });
}

// The type's metatable: made once and kept in the registry under its name. (A registry entry of
// that name that is not ours, changed through the debug library, is replaced.)
void push_metatable(lua_State* L, const TypeInfo& type) {
  if (luaL_newmetatable(L, type.metatable.c_str()) == 0) {
    if (lua_istable(L, -1)) {
      lua_getfield(L, -1, kTypeKey);
      const bool ours = lua_touserdata(L, -1) == &type;
      lua_pop(L, 1);
      if (ours) return;
    }
    lua_pop(L, 1);
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, type.metatable.c_str());
    luaL_newmetatable(L, type.metatable.c_str());
  }
  const luaL_Reg fns[] = {{"__index", box_index}, {"__newindex", box_newindex},
                          {"__pairs", box_pairs}, {"__tostring", box_tostring},
                          {"__gc", box_gc},       {nullptr, nullptr}};
  luaL_setfuncs(L, fns, 0);
  lua_pushlightuserdata(L, const_cast<TypeInfo*>(&type));
  lua_setfield(L, -2, kTypeKey);
  // What getmetatable() shows: the name and the rows protocol, never the type pointer.
  lua_createtable(L, 0, 2);
  lua_pushstring(L, type.metatable.c_str());
  lua_setfield(L, -2, "__name");
  lua_pushcfunction(L, box_rows);
  lua_setfield(L, -2, "__dml_rows");
  lua_setfield(L, -2, "__metatable");
}

}  // namespace

Box* test_box(lua_State* L, int idx) {
  if (lua_type(L, idx) != LUA_TUSERDATA || lua_getmetatable(L, idx) == 0) return nullptr;
  lua_getfield(L, -1, kTypeKey);
  const bool ours = lua_type(L, -1) == LUA_TLIGHTUSERDATA;
  lua_pop(L, 2);
  return ours ? static_cast<Box*>(lua_touserdata(L, idx)) : nullptr;
}

void push_box(lua_State* L, const TypeInfo& type, const void* value) {
  void* memory = lua_newuserdatauv(L, sizeof(Box), 0);
  Box* box = new (memory) Box{&type, nullptr};
  push_metatable(L, type);
  lua_setmetatable(L, -2);
  box->value = type.copy(value);  // __gc frees it; a failed copy leaves nullptr
}

// push_value(L, T&&) moves from rvalues alone: for an lvalue T is deduced as a reference, which
// no Description is written for.
static_assert(!Described<Gpu&> && !Described<const Gpu&>);

void push_box_moved(lua_State* L, const TypeInfo& type, void* value) {
  void* memory = lua_newuserdatauv(L, sizeof(Box), 0);
  Box* box = new (memory) Box{&type, nullptr};
  push_metatable(L, type);
  lua_setmetatable(L, -2);
  box->value = type.move(value);  // as push_box
}

}  // namespace dml::lua
