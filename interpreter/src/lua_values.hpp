// Described values in Lua, derived from their descriptions (dml/describe.hpp):
//
//   read<Gpu>(L, idx, "gpu")       a declaration (a table, or a declared value) -> C++, with
//                                  every check, did-you-mean and default; errors name the
//                                  user's field path ("cluster.levels[2].bandwidth: ...")
//   push_value(L, gpu)             C++ -> a declared value: a read-only `dml.gpu` userdata
//                                  whose fields read as Lua values (quantities, lists, ...)
//   test_value<Gpu>(L, idx)        the C++ value of a declared `dml.gpu`, or nullptr
//
// A declared value holds its C++ value, checked once where it was declared: reading it again
// is a copy. Use these inside lua::guarded (they throw ConfigError and UnitError).
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "bind_quantity.hpp"
#include "described_types.hpp"
#include "dml/describe.hpp"
#include "edit_distance.hpp"
#include "lua_runtime.hpp"
#include "rows.hpp"

namespace dml::lua {

// --- what the Lua side knows of a described type ----------------------------------------------

// One field, for docs, did-you-mean and iteration.
struct FieldInfo {
  Field field;
  std::string kind;      // what it takes: `a bandwidth like "900 GB/s"`, `a GPU (dml.gpu)`
  std::string fallback;  // "required", "optional", or its default as a scenario writes it
  bool is_record = false;
  const struct TypeInfo* record = nullptr;  // the record's type, for records and lists of them
};

// A described type, type-erased: one per C++ type, made by type_info<T>().
struct TypeInfo {
  std::string_view name;   // "gpu"
  std::string_view title;  // "a GPU"
  std::string_view doc;
  std::string_view constructor;    // the dml.<constructor> that makes it: its name unless the
                                   // description names another (dml.run makes a transformer_run)
  bool result = false;             // a result type (its columns use _ and unit suffixes)
  std::vector<FieldInfo> fields;   // in order, inline records' fields included
  std::vector<std::string> names;  // their names
  std::string metatable;           // "dml.gpu"
  // Operations on a value (void* points at the C++ value).
  void* (*copy)(const void*) = nullptr;
  void* (*move)(void*) = nullptr;  // a heap copy that takes the value's parts (vectors, strings)
  void (*destroy)(void*) = nullptr;
  // Pushes the Lua view of field `key` (nil if absent); false if `key` is not a field.
  bool (*push_field)(lua_State*, const void*, std::string_view key) = nullptr;
  // Reads the value at idx into *out (patch: only the keys present; no required check).
  void (*read)(lua_State*, int idx, const std::string& path, void* out, bool patch) = nullptr;
  std::string (*text)(const void*) = nullptr;  // what print() shows
  Row (*row)(const void*) = nullptr;           // the value as one table row (rows.hpp); the
                                               // columns of a result are `columns`
  Row columns;                                 // the columns of any value (of a default one)
};

// The value inside a declared-value userdata.
struct Box {
  const TypeInfo* type;
  void* value;
};

template <Described T>
const TypeInfo& type_info();

// The box at idx if it is a declared value (of any described type), else nullptr.
Box* test_box(lua_State* L, int idx);
// Pushes a new declared value holding `value` (takes ownership of a copy made by type.copy).
void push_box(lua_State* L, const TypeInfo& type, const void* value);
// The same for a value the caller is done with: its parts are moved, not copied (type.move).
void push_box_moved(lua_State* L, const TypeInfo& type, void* value);

template <Described T>
const T* test_value(lua_State* L, int idx) {
  const Box* b = test_box(L, idx);
  return b != nullptr && b->type == &type_info<T>() ? static_cast<const T*>(b->value) : nullptr;
}

template <Described T>
void push_value(lua_State* L, const T& value) {
  push_box(L, type_info<T>(), &value);
}
// A result just computed (push_value(L, evaluate(run, layout))) is moved into its box: an rvalue
// only, never a forwarded lvalue (T deduced as a reference is not Described).
template <Described T>
void push_value(lua_State* L, T&& value) {
  push_box_moved(L, type_info<T>(), &value);
}

// A row as a Lua table (absent cells are absent keys), and its columns as a list. A row without
// columns (a result's) takes them from its type.
void push_row(lua_State* L, const Row& row, const TypeInfo* type = nullptr);
void push_columns(lua_State* L, const Row& row);

// --- messages ---------------------------------------------------------------------------------

// What a value is, for "expected X, got Y": "\"nvlink\"" (Lua's %q), "42", "nothing", "a table",
// a declared value's title ("a network level"), a quantity's text.
std::string describe_value(lua_State* L, int idx);
// The closest of `names` to `name`, or "" when none is close enough to be a likely typo.
std::string closest_name(std::string_view name, std::span<const std::string> names);
// ", " between the names.
std::string joined(std::span<const std::string> names);
// A count that may pass 2^63 (cluster sizes): an integer when it fits, else the nearest float.
void push_count(lua_State* L, u128 n);
// Gives the list of strings on top of the stack the metatable of a result's lines (a plan's
// notes, assumed, violations): print() and tostring() show one line each ("(none)" when empty).
void set_lines_metatable(lua_State* L);

// --- reading ----------------------------------------------------------------------------------

namespace detail {

template <class M>
void read_member(lua_State* L, int idx, const std::string& path, M& m, const Field& f,
                 const TypeInfo& owner, bool patch = false);
// A table written in the scenario (no metatable: not a declared value, not a preset record).
bool literal_table(lua_State* L, int idx);
// A part record (Description<T>::part) given as a literal table in a changed copy of its
// holder: it changes only the fields it names.
template <class R>
bool merges_into(lua_State* L, int idx, bool patch) {
  if constexpr (requires { Description<R>::part; }) {
    return patch && literal_table(L, idx);
  } else {
    return false;
  }
}

[[noreturn]] void throw_expected(lua_State* L, int idx, const std::string& path,
                                 std::string_view what);
// A Lua number that is a whole number within int64, else ConfigError at path.
std::int64_t read_whole(lua_State* L, int idx, const std::string& path, const Field& f);
double read_number(lua_State* L, int idx, const std::string& path);
// A number, or with f.count_of a string "<number> <count_of>" ("15.6e12 tokens").
double read_count(lua_State* L, int idx, const std::string& path, const Field& f);
std::string read_string(lua_State* L, int idx, const std::string& path);
bool read_bool(lua_State* L, int idx, const std::string& path);
Sources read_sources(lua_State* L, int idx, const std::string& path, const TypeInfo& owner);
// A list of whole numbers, each within the field's min and max (positive where it sets no min).
std::vector<std::int64_t> read_counts(lua_State* L, int idx, const std::string& path,
                                      const Field& field);
// The list at idx (a plain table with keys 1..n, n > 0): its length; else ConfigError.
std::size_t check_list(lua_State* L, int idx, const std::string& path, std::string_view plural,
                       std::string_view title);
// The table at idx as a record of `type`: checks it is a plain table (or throws naming what it
// is), maps positional items, and rejects unknown keys with a did-you-mean. Pushes the table to
// read from (a normalized copy when positional items were mapped) and returns its index.
int check_record_table(lua_State* L, int idx, const std::string& path, const TypeInfo& type,
                       std::span<const std::string_view> positional);

// The field of T named `name` (an alternative's other half).
template <Described T>
const Field& described_field(std::string_view name) {
  for (const Field& f : described_fields<T>()) {
    if (f.name == name) return f;
  }
  throw std::logic_error("no field " + std::string(name));
}

// " (note)", or "" when the field has none.
std::string note_suffix(const Field& f);

template <Described T>
struct ReadVisitor {
  lua_State* L;
  int table;
  const std::string& path;
  bool patch;
  // For a changed copy: the fields it gives, the record's sources and the ones it gives.
  std::vector<std::string_view> given_fields{};
  std::vector<std::string_view> stale_fields{};  // dropped by Field::stale_with
  Sources* sources = nullptr;
  std::vector<std::string> sources_given{};
  // Required fields left out, said together after every field is read (helper-118: a GPU
  // declared from scratch named them one run at a time): the first's path and text, the others'
  // names.
  std::string missing_path{}, missing_text{};
  std::vector<std::string_view> also_missing{};
  template <class M>
  void field(M& m, const Field& f) {
    if constexpr (std::is_same_v<M, Sources>) sources = &m;
    lua_getfield(L, table, std::string(f.name).c_str());
    // (The field's path made only for a field the table gives, or one a message names: made for
    // every field of the type, it was a quarter of reading a layout from a table of Lua.)
    const auto field_path = [&] { return path + "." + std::string(f.name); };
    const bool given = !lua_isnil(L, -1);
    bool other_given = false;  // the field's alternative (describe.hpp, Field::alternative)
    if (!f.alternative.empty()) {
      lua_getfield(L, table, std::string(f.alternative).c_str());
      other_given = !lua_isnil(L, -1);
      lua_pop(L, 1);
      const Field& other = described_field<T>(f.alternative);
      // Both given (a printed value, or its JSON, read back): the type's check holds them to
      // the same value.
      if (!given && !other_given && f.required && !patch) {
        throw ConfigError(field_path(),
                          fmt::format("required: {}{} or {}{}", f.name, note_suffix(f), other.name,
                                      note_suffix(other)));
      }
    }
    if (given) {
      if constexpr (std::is_same_v<M, Sources>) {
        Sources read = read_sources(L, lua_gettop(L), field_path(), type_info<T>());
        if (patch) {  // a changed copy adds to the base's sources
          for (auto& [k, v] : read) {
            sources_given.push_back(k);
            m[k] = std::move(v);
          }
        } else {
          m = std::move(read);
        }
      } else {
        read_member(L, lua_gettop(L), field_path(), m, f, type_info<T>(), patch);
        given_fields.push_back(f.name);
        if (!f.alternative.empty()) given_fields.push_back(f.alternative);
      }
    } else if (other_given) {
      m = M{};  // given the other way: dropped from a copy, and derived again by complete()
    } else if (patch &&
               std::any_of(f.stale_with.begin(), f.stale_with.end(), [&](std::string_view s) {
                 return std::find(given_fields.begin(), given_fields.end(), s) !=
                        given_fields.end();
               })) {
      m = M{};  // made stale by a field the copy changes (Field::stale_with), its citation too
      stale_fields.push_back(f.name);
    } else if (f.required && !patch) {
      if (missing_path.empty()) {
        missing_path = field_path();
        missing_text = fmt::format("required ({})", f.doc);
      } else {
        also_missing.push_back(f.name);
      }
    }
    lua_pop(L, 1);
  }
  void throw_missing() const {
    if (missing_path.empty()) return;
    std::string also;
    for (std::size_t i = 0; i < also_missing.size(); ++i) {
      also += fmt::format("{}{}", i == 0 ? "" : ", ", also_missing[i]);
    }
    throw ConfigError(missing_path, also.empty()
                                        ? missing_text
                                        : fmt::format("{}; also required: {}", missing_text, also));
  }
};

// A preset record of `type` (core.strict_records), checked unchanged since it was made (else
// ConfigError): true, and its value as last read pushed (a declared value, or nil). A preset is
// read wherever a scenario names it, a sweep's run function at every point: its value is read
// once (a fifth of declaring a paper run, helper-104's sweeps).
bool push_preset_value(lua_State* L, int idx, const TypeInfo& type);
// Keeps the declared value on top of the stack (popped) as the preset record idx's value.
void keep_preset_value(lua_State* L, int idx);
// The count of presets changed on purpose (dml.set_preset): a value kept at another is stale.
lua_Integer preset_generation(lua_State* L);
void next_preset_generation(lua_State* L);

template <Described T>
void read_record(lua_State* L, int idx, const std::string& path, T& out, bool patch) {
  idx = lua_absindex(L, idx);
  bool preset = false;
  if (!patch) {
    if (const T* declared = test_value<T>(L, idx)) {
      out = *declared;  // checked where it was declared
      return;
    }
    if (lua_type(L, idx) == LUA_TTABLE && push_preset_value(L, idx, type_info<T>())) {
      if (const T* kept = test_value<T>(L, -1)) {
        out = *kept;
        lua_pop(L, 1);
        return;
      }
      lua_pop(L, 1);
      preset = true;
    }
    out = T{};  // read whole: nothing of a value it replaces (a base's, in a changed copy) stays
  }
  std::span<const std::string_view> positional;
  if constexpr (HasPositional<T>) positional = Description<T>::positional;
  const int table = check_record_table(L, idx, path, type_info<T>(), positional);
  ReadVisitor<T> v{L, table, path, patch};
  Description<T>::fields(v, out);
  v.throw_missing();
  lua_settop(L, table - 1);
  // A value a changed copy gives, or drops as stale, keeps no citation of the base's, unless it
  // gives one (helper-374: a dropped measured table kept its source).
  if (patch && v.sources != nullptr) {
    for (const auto* names : {&v.given_fields, &v.stale_fields}) {
      for (const std::string_view name : *names) {
        if (std::find(v.sources_given.begin(), v.sources_given.end(), name) ==
            v.sources_given.end()) {
          v.sources->erase(name);
        }
      }
    }
  }
  if constexpr (HasComplete<T>) Description<T>::complete(out);
  if constexpr (HasCheck<T>) Description<T>::check(out, path);
  if (preset) {
    push_value(L, out);
    keep_preset_value(L, idx);
  }
}

template <class M>
void read_member(lua_State* L, int idx, const std::string& path, M& m, const Field& f,
                 const TypeInfo& owner, bool patch) {
  if constexpr (IsOptional<M>::value) {
    using V = typename IsOptional<M>::value_type;
    // In a changed copy, false drops an optional field that is not a flag (a model's moe or
    // window), as if the base had never given it: derived again, or absent.
    if constexpr (!std::is_same_v<V, bool>) {
      if (patch && lua_type(L, idx) == LUA_TBOOLEAN && !lua_toboolean(L, idx)) {
        m.reset();
        return;
      }
    }
    if constexpr (Described<V>) {
      if (m && merges_into<V>(L, idx, patch)) {
        read_record(L, idx, path, *m, true);
        return;
      }
    }
    V v{};
    read_member(L, idx, path, v, f, owner);
    m = std::move(v);
  } else if constexpr (std::is_same_v<M, std::int64_t> || std::is_same_v<M, int>) {
    const std::int64_t v = read_whole(L, idx, path, f);
    check_whole(v, f, path);
    m = static_cast<M>(v);
  } else if constexpr (std::is_same_v<M, double>) {
    m = f.count_of.empty() ? read_number(L, idx, path) : read_count(L, idx, path, f);
    check_number(m, f, path);
  } else if constexpr (IsUnit<M>::value) {
    const Quantity q = check_quantity(L, idx, IsUnit<M>::dimension, path);
    check_quantity_value(q, f, path);
    m = M(q.value);
  } else if constexpr (std::is_same_v<M, bool>) {
    m = read_bool(L, idx, path);
  } else if constexpr (std::is_same_v<M, std::string>) {
    m = read_string(L, idx, path);
    check_text(m, f, path);
  } else if constexpr (NamedEnum<M>) {
    const bool text = lua_type(L, idx) == LUA_TSTRING;
    const auto v = text ? enum_value<M>(lua_tostring(L, idx)) : std::nullopt;
    if (!v) {
      // A misspelt choice names the likely one ("ful": did you mean "full"?), as a misspelt
      // field does.
      std::string hint;
      if (text) {
        std::vector<std::string> names;
        for (const auto& [value, name] : EnumNames<M>::values) names.emplace_back(name);
        hint = closest(lua_tostring(L, idx), names);
      }
      throw ConfigError(path, fmt::format("expected one of {}, got {}{}", enum_choices<M>(),
                                          describe_value(L, idx),
                                          hint.empty() ? "" : " (did you mean \"" + hint + "\"?)"));
    }
    m = *v;
  } else if constexpr (std::is_same_v<M, Sources>) {
    m = read_sources(L, idx, path, owner);
  } else if constexpr (Described<M>) {
    read_record(L, idx, path, m, merges_into<M>(L, idx, patch));
  } else if constexpr (IsVector<M>::value) {
    using Item = typename IsVector<M>::value_type;
    if constexpr (Described<Item>) {
      const TypeInfo& item = type_info<Item>();
      const std::size_t n = check_list(L, idx, path, "", item.title);
      M out(n);
      for (std::size_t i = 0; i < n; ++i) {
        lua_geti(L, idx, static_cast<lua_Integer>(i + 1));
        read_record(L, -1, item_path(path, i + 1), out[i], false);
        lua_pop(L, 1);
      }
      m = std::move(out);
    } else {
      static_assert(std::is_same_v<Item, std::int64_t>, "lists of records or of whole numbers");
      m = read_counts(L, idx, path, f);
    }
  } else {
    static_assert(sizeof(M) == 0, "a field kind the Lua reader does not know");
  }
}

}  // namespace detail

// The declaration at idx as a T (see the top of this file).
template <Described T>
T read(lua_State* L, int idx, const std::string& path = std::string(Description<T>::name)) {
  T out{};
  detail::read_record(L, idx, path, out, false);
  return out;
}

// --- writing ----------------------------------------------------------------------------------

namespace detail {

template <class M>
void push_member(lua_State* L, const M& m) {
  if constexpr (IsOptional<M>::value) {
    if (m) {
      push_member(L, *m);
    } else {
      lua_pushnil(L);
    }
  } else if constexpr (std::is_same_v<M, bool>) {
    lua_pushboolean(L, m ? 1 : 0);
  } else if constexpr (std::is_same_v<M, u128>) {
    push_count(L, m);
  } else if constexpr (std::is_integral_v<M>) {
    lua_pushinteger(L, static_cast<lua_Integer>(m));
  } else if constexpr (std::is_same_v<M, double>) {
    lua_pushnumber(L, m);
  } else if constexpr (IsUnit<M>::value) {
    push_quantity(L, Quantity{m.value(), IsUnit<M>::dimension});
  } else if constexpr (std::is_same_v<M, std::string>) {
    lua_pushlstring(L, m.data(), m.size());
  } else if constexpr (NamedEnum<M>) {
    const std::string_view name = enum_name(m);
    lua_pushlstring(L, name.data(), name.size());
  } else if constexpr (std::is_same_v<M, Sources>) {
    if (m.empty()) {  // no citations: absent
      lua_pushnil(L);
      return;
    }
    lua_createtable(L, 0, static_cast<int>(m.size()));
    for (const auto& [k, v] : m) {
      lua_pushlstring(L, v.data(), v.size());
      lua_setfield(L, -2, k.c_str());
    }
  } else if constexpr (Described<M>) {
    push_value(L, m);
  } else if constexpr (IsVector<M>::value) {
    lua_createtable(L, static_cast<int>(m.size()), 0);
    for (std::size_t i = 0; i < m.size(); ++i) {
      push_member(L, m[i]);
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    if constexpr (std::is_same_v<typename M::value_type, std::string>) set_lines_metatable(L);
  } else {
    static_assert(sizeof(M) == 0, "a field kind the Lua writer does not know");
  }
}

// Finds field `key` (through inline records) and pushes its Lua view.
struct PushFieldVisitor {
  lua_State* L;
  std::string_view key;
  bool found = false;
  template <class M>
  void field(const M& m, const Field& f) {
    if (found) return;
    if constexpr (IsOptional<M>::value && Described<typename IsOptional<M>::value_type>) {
      if (f.inline_record) {
        using Record = typename IsOptional<M>::value_type;
        if (m) {
          PushFieldVisitor inner{L, key};
          visit_fields(inner, *m);
          found = inner.found;
        } else {
          const auto& names = type_info<Record>().names;
          if (std::find(names.begin(), names.end(), key) != names.end()) {
            lua_pushnil(L);  // a field of a record that is absent
            found = true;
          }
        }
        return;
      }
    }
    if (f.name != key) return;
    push_member(L, m);
    found = true;
  }
};

// Field docs and kinds, for type_info.
FieldInfo make_field_info(const Field& f, std::string kind, std::string fallback,
                          const TypeInfo* record = nullptr);

template <class M>
std::string kind_text(const Field& f, bool result);
template <class M>
std::string fallback_text(const M& default_value, const Field& f);

// M, or T for std::optional<T>.
template <class M>
struct Unoptional {
  using type = M;
};
template <class T>
struct Unoptional<std::optional<T>> {
  using type = T;
};

template <Described T>
struct InfoVisitor {
  std::vector<FieldInfo>& out;
  template <class M>
  void field(const M& m, const Field& f) {
    if constexpr (IsOptional<M>::value && Described<typename IsOptional<M>::value_type>) {
      if (f.inline_record) {
        for (const FieldInfo& sub : type_info<typename IsOptional<M>::value_type>().fields) {
          out.push_back(sub);
        }
        return;
      }
    }
    const TypeInfo* record = nullptr;
    using Plain = typename Unoptional<M>::type;
    using Item = typename std::conditional_t<IsVector<Plain>::value, IsVector<Plain>,
                                             std::type_identity<Plain>>::type;
    if constexpr (Described<Item>) record = &type_info<Item>();
    constexpr bool result = requires { Description<T>::result; };
    FieldInfo info = make_field_info(f, kind_text<M>(f, result), fallback_text(m, f), record);
    info.is_record = Described<Plain>;
    out.push_back(std::move(info));
  }
};

// Kind texts and defaults as docs show them.
std::string whole_kind(const Field& f);
std::string number_kind(const Field& f);
std::string count_kind(const Field& f);  // a number of f.count_of, as a number or a string
std::string quantity_kind(Dimension d, std::string_view example = {});
std::string record_kind(const TypeInfo& t);
std::string list_kind(const TypeInfo& t);
std::string lua_quote(std::string_view s);  // Lua's %q
std::string number_repr(double v);          // 0.5, 16, 1e+20
std::string quantity_repr(Quantity q);      // "4.5 us", "64 KiB": as a scenario writes it
// A result's field as print() shows it, to be read, not written back: 4 significant digits as
// tables give them, sizes in bytes in binary units as plans' summaries give them ("76.3 GiB").
std::string result_number_text(double v);
std::string result_quantity_text(Quantity q);

template <class M>
std::string kind_text(const Field& f, bool result) {
  if constexpr (IsOptional<M>::value) {
    return kind_text<typename IsOptional<M>::value_type>(f, result);
  } else if constexpr (std::is_same_v<M, bool>) {
    return "true or false";
  } else if constexpr (std::is_same_v<M, u128> || std::is_same_v<M, std::uint64_t>) {
    return "a whole number";
  } else if constexpr (std::is_integral_v<M>) {
    return whole_kind(f);
  } else if constexpr (std::is_same_v<M, double>) {
    if (!f.count_of.empty() && !result) return count_kind(f);
    return number_kind(f);
  } else if constexpr (IsUnit<M>::value) {
    if (result) return std::string(dimension_noun(IsUnit<M>::dimension));
    return quantity_kind(IsUnit<M>::dimension, f.example);
  } else if constexpr (std::is_same_v<M, std::string>) {
    return "a string";
  } else if constexpr (NamedEnum<M>) {
    return "one of " + enum_choices<M>();
  } else if constexpr (std::is_same_v<M, Sources>) {
    return "a table of field = \"citation\"";
  } else if constexpr (Described<M>) {
    return record_kind(type_info<M>());
  } else if constexpr (IsVector<M>::value) {
    using Item = typename IsVector<M>::value_type;
    if constexpr (Described<Item>) {
      return list_kind(type_info<Item>());
    } else if constexpr (std::is_same_v<Item, std::string>) {
      return "a list of strings";
    } else if (std::isnan(f.min)) {
      return "a list of positive whole numbers";
    } else {
      return "a list, each " + whole_kind(f);  // each within the field's bounds
    }
  }
}

template <class M>
std::string value_repr(const M& m);

// A result's field (Description<T>::result) as print() shows it: readable, not exact.
template <class M>
std::string result_repr(const M& m) {
  if constexpr (std::is_same_v<M, double>) {
    return result_number_text(m);
  } else if constexpr (IsUnit<M>::value) {
    return result_quantity_text(Quantity{m.value(), IsUnit<M>::dimension});
  } else {
    return value_repr(m);
  }
}

template <class M>
std::string value_repr(const M& m) {
  if constexpr (std::is_same_v<M, bool>) {
    return m ? "true" : "false";
  } else if constexpr (std::is_same_v<M, u128>) {
    return to_string(m);
  } else if constexpr (std::is_integral_v<M>) {
    return fmt::format("{}", m);
  } else if constexpr (std::is_same_v<M, double>) {
    return number_repr(m);
  } else if constexpr (IsUnit<M>::value) {
    return quantity_repr(Quantity{m.value(), IsUnit<M>::dimension});
  } else if constexpr (std::is_same_v<M, std::string>) {
    return lua_quote(m);
  } else if constexpr (NamedEnum<M>) {
    return lua_quote(enum_name(m));
  } else {
    return {};
  }
}

struct ReprVisitor {
  std::vector<std::string> parts;
  bool simple = true;
  template <class M>
  void field(const M& m, const Field& f) {
    const std::string r = value_repr(m);
    if (r.empty()) simple = false;
    parts.push_back(fmt::format("{} = {}", f.name, r));
  }
};

// What docs say after a field's kind: "required", "optional", "default X", or for
// one of two alternatives (Field::alternative) "required, unless X is given" or "instead of X".
template <class M>
std::string fallback_text(const M& m, const Field& f) {
  if (!f.alternative.empty() && (f.required || f.default_text.empty())) {
    return f.required ? fmt::format("required, unless {} is given", f.alternative)
                      : fmt::format("instead of {}", f.alternative);
  }
  if (f.required) return "required";
  if constexpr (IsOptional<M>::value) {
    if (!m) return f.default_text.empty() ? "optional" : "default " + std::string(f.default_text);
    return fallback_text(*m, f);  // as a field of the value's own kind (a record: its fields)
  } else if constexpr (std::is_same_v<M, Sources> || IsVector<M>::value) {
    return f.default_text.empty() ? "optional" : "default " + std::string(f.default_text);
  } else if constexpr (Described<M>) {
    ReprVisitor v;
    visit_fields(v, m);
    if (v.simple && v.parts.size() <= 3) return "default { " + joined(v.parts) + " }";
    return "default: the defaults of its fields";
  } else if constexpr (IsUnit<M>::value) {  // as a scenario writes it: a string with a unit
    if (!f.default_text.empty()) return "default " + std::string(f.default_text);
    return "default " + lua_quote(value_repr(m));
  } else {
    if (!f.default_text.empty()) return "default " + std::string(f.default_text);
    return "default " + value_repr(m);
  }
}

// The text of a declared value, as print() shows it: "level {\n  size = 8\n ... }".
template <Described T>
void text_lines(const T& value, const std::string& indent, std::vector<std::string>& lines);

// `notes`: a declared type's field notes follow their values (a result's notes belong to its
// summary).
template <class M>
void member_text(const M& m, const Field& f, const std::string& indent,
                 std::vector<std::string>& lines, bool notes);

struct MemberTextVisitor {
  const std::string& indent;
  std::vector<std::string>& lines;
  bool notes;
  template <class N>
  void field(const N& n, const Field& g) {
    member_text(n, g, indent, lines, notes);
  }
};

template <class M>
void member_text(const M& m, const Field& f, const std::string& indent,
                 std::vector<std::string>& lines, bool notes) {
  if constexpr (IsOptional<M>::value) {
    if (m) member_text(*m, f, indent, lines, notes);
  } else if constexpr (std::is_same_v<M, Sources>) {
    // citations are not part of the summary
  } else if constexpr (Described<M>) {
    if (f.inline_record) {
      MemberTextVisitor v{indent, lines, notes};
      visit_fields(v, m);
      return;
    }
    std::vector<std::string> sub;
    text_lines(m, indent + "  ", sub);
    sub.front() =
        indent + "  " + std::string(f.name) + " = " + sub.front().substr(indent.size() + 2);
    lines.insert(lines.end(), sub.begin(), sub.end());
  } else if constexpr (IsVector<M>::value) {
    using Item = typename IsVector<M>::value_type;
    if constexpr (Described<Item>) {
      lines.push_back(fmt::format("{}  {} = {{", indent, f.name));
      for (const Item& item : m) text_lines(item, indent + "    ", lines);
      lines.push_back(indent + "  }");
    } else {
      std::vector<std::string> items;
      for (const Item& item : m) items.push_back(value_repr(item));
      lines.push_back(fmt::format("{}  {} = {{{}}}", indent, f.name, joined(items)));
    }
  } else {
    // (`notes` is false for a result: its fields are read, not written back.)
    lines.push_back(fmt::format("{}  {} = {}{}", indent, f.name,
                                notes ? value_repr(m) : result_repr(m),
                                !notes || f.note.empty() ? "" : "  -- " + std::string(f.note)));
  }
}

template <Described T>
void text_lines(const T& value, const std::string& indent, std::vector<std::string>& lines) {
  lines.push_back(indent + std::string(Description<T>::name) + " {");
  MemberTextVisitor v{indent, lines, !requires {Description<T>::result;
}
};  // namespace detail
visit_fields(v, value);
lines.push_back(indent + "}");
}  // namespace dml::lua

template <Described T>
std::string text_of(const void* value) {
  const T& v = *static_cast<const T*>(value);
  if constexpr (requires { Description<T>::summary(v); }) {
    return Description<T>::summary(v);
  } else {
    std::vector<std::string> lines;
    text_lines(v, "", lines);
    std::string out;
    for (const auto& l : lines) {
      if (!out.empty()) out += '\n';
      out += l;
    }
    return out;
  }
}

// Forwards each field to the visitor of type Vs...[which]. The read-only visitors go through one
// of these (visit_fields), so that a type's fields() is compiled once for all of them rather than
// once a visitor: each copy builds every Field of its description again. type_info.cpp's object is
// 14% smaller for it, and compiles in 6-12% less time.
template <class... Vs>
struct OneOfVisitors {
  std::size_t which;
  void* visitor;
  template <class M>
  void field(const M& m, const Field& f) {
    std::size_t i = 0;
    ((which == i++ ? static_cast<Vs*>(visitor)->field(m, f) : void()), ...);
  }
  // V's place in Vs, or sizeof...(Vs) when it is not one of them.
  template <class V>
  static constexpr std::size_t index_of() {
    constexpr bool is[] = {std::is_same_v<V, Vs>...};
    std::size_t i = 0;
    while (i < sizeof...(Vs) && !is[i]) ++i;
    return i;
  }
  static constexpr std::size_t count = sizeof...(Vs);
};
using ReadOnlyVisitor = OneOfVisitors<PushFieldVisitor, ReprVisitor, MemberTextVisitor,
                                      ResultRowVisitor, InputRowVisitor>;

template <class V, Described T>
void visit_fields(V& v, const T& value) {
  constexpr std::size_t which = ReadOnlyVisitor::index_of<V>();
  static_assert(which < ReadOnlyVisitor::count, "a visitor that ReadOnlyVisitor lists");
  ReadOnlyVisitor any{which, &v};
  Description<T>::fields(any, value);
}

}  // namespace detail

template <Described T>
constexpr bool t_result() {
  return requires { Description<T>::result; };
}

template <Described T>
const TypeInfo& type_info() {
  static const TypeInfo info = [] {
    TypeInfo t;
    t.name = Description<T>::name;
    t.title = Description<T>::title;
    t.doc = Description<T>::doc;
    t.constructor = t.name;
    if constexpr (requires { Description<T>::constructor; }) {
      t.constructor = Description<T>::constructor;
    }
    if constexpr (requires { Description<T>::result; }) t.result = Description<T>::result;
    t.metatable = "dml." + std::string(t.name);
    t.copy = [](const void* v) -> void* { return new T(*static_cast<const T*>(v)); };
    t.move = [](void* v) -> void* { return new T(std::move(*static_cast<T*>(v))); };
    t.destroy = [](void* v) { delete static_cast<T*>(v); };
    t.push_field = [](lua_State* L, const void* v, std::string_view key) {
      detail::PushFieldVisitor visitor{L, key};
      detail::visit_fields(visitor, *static_cast<const T*>(v));
      return visitor.found;
    };
    if constexpr (!requires { Description<T>::result; }) {  // results are never read
      t.read = [](lua_State* L, int idx, const std::string& path, void* out, bool patch) {
        detail::read_record(L, idx, path, *static_cast<T*>(out), patch);
      };
    }
    t.text = &detail::text_of<T>;
    t.row = [](const void* v) { return row_of(*static_cast<const T*>(v), !t_result<T>()); };
    t.columns = row_of(T{});
    detail::InfoVisitor<T> v{t.fields};
    const T probe{};
    Description<T>::fields(v, probe);
    for (const FieldInfo& f : t.fields) t.names.emplace_back(f.field.name);
    return t;
  }();
  return info;
}

// Instantiated once, in type_info.cpp, for every described type (described_types.hpp).
#define DML_LUA_EXTERN(T)                         \
  extern template const TypeInfo& type_info<T>(); \
  extern template Row row_of<T>(const T&, bool);
#define DML_LUA_EXTERN_READ(T) \
  extern template void detail::read_record<T>(lua_State*, int, const std::string&, T&, bool);
DML_DESCRIBED_TYPES(DML_LUA_EXTERN)
DML_DECLARED_TYPES(DML_LUA_EXTERN_READ)
#undef DML_LUA_EXTERN
#undef DML_LUA_EXTERN_READ

}  // namespace dml::lua
