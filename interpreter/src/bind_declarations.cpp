// Declared types and results in Lua, all from their descriptions: the constructors
// (dml.gpu{...}, dml.gpu(base, {changes})), their reference text, their fields and columns.
//
//   core.declare.gpu(fields) | core.declare.gpu(base, changes) -> a declared dml.gpu
//   core.describe(name[, header]) -> the reference text of a type (nil: no such type)
//   core.types() -> { { name =, kind = "declared"|"part"|"result", title =, doc = }, ... }
//   core.fields(name) -> { { name =, takes =, default =, doc =, label = }, ... }
//   core.columns(name) -> { { column =, doc = }, ... }: the table columns of a value
//   core.row(value) -> the row of a declared value or result (rows.hpp), and its columns
//   core.closest(name, candidates) -> the likely intended name, or nil
#include "bind_declarations.hpp"

#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

#include "dml/latency_wall.hpp"
#include "dml/plan.hpp"
#include "dml/transformer.hpp"
#include "edit_distance.hpp"
#include "lua_values.hpp"

namespace dml::lua {
namespace {

// Whether a copy's changes (at 2) give `field`.
bool changes_give(lua_State* L, const char* field) {
  const bool given = lua_getfield(L, 2, field) != LUA_TNIL;
  lua_pop(L, 1);
  return given;
}

// Whether a copy's changes give the efficiency's `field`: in a table of efficiency changes, or
// as part of a declared efficiency record, which replaces the base's whole.
bool changes_give_efficiency(lua_State* L, const char* field) {
  bool given = false;
  if (lua_getfield(L, 2, "efficiency") == LUA_TTABLE) {
    given = lua_getfield(L, -1, field) != LUA_TNIL;
    lua_pop(L, 1);
  } else if (!lua_isnil(L, -1)) {
    given = true;
  }
  lua_pop(L, 1);
  return given;
}

// A copy of a GPU that changes hbm_capacity and gives no efficiency.memory drops the base's: that
// is the driver's total for the base's memory, not for the new one (docs/model.md 8.9). (construct
// then keeps it for a capacity equal to the base's, and its share of another.)
bool keep_memory_consistent(lua_State* L, Gpu& gpu) {
  if (!changes_give(L, "hbm_capacity") || !gpu.efficiency) return false;
  if (changes_give_efficiency(L, "memory")) return false;
  gpu.efficiency->memory.reset();
  return true;
}

// The FP8 peak over the 16-bit one, or 0 where a rate is missing.
double fp8_ratio(const Gpu& gpu) {
  const auto& r = gpu.flop_per_clock_per_thread;
  return r.fp16 && r.fp8 && *r.fp16 > 0 ? *r.fp8 / *r.fp16 : 0;
}

// A copy of a GPU that changes its rates and gives no efficiency.fp8_gain keeps the base's FP8
// linears at their fraction of the FP8 peak, as `gemm` keeps the 16-bit ones at theirs: the gain
// scales with the FP8 peak over the 16-bit one (before, "FP8 twice as fast" moved no FP8 run:
// the gain alone set its speed). Returns the base's gain to scale, 0 when nothing is to scale;
// the base's gain is set aside while the changes are read, so that the new rates are not
// checked against it.
double set_aside_fp8_gain(lua_State* L, Gpu& gpu) {
  if (!changes_give(L, "flop_per_clock_per_thread") || !gpu.efficiency || fp8_ratio(gpu) == 0 ||
      changes_give_efficiency(L, "fp8_gain")) {
    return 0;
  }
  const double gain = gpu.efficiency->fp8_gain;
  gpu.efficiency->fp8_gain = 1e-9;  // (any new FP8 peak is past gemm x this)
  return gain;
}

// What a framework can allocate of a new capacity: the share the base's driver leaves of the
// base's, each capacity read as the presets read a datasheet (docs/model.md 8.9: "80 GB" is
// 80 GiB; a whole number of MiB was written binary), to whole MiB.
units::Bytes scaled_memory(units::Bytes base_memory, units::Bytes base_capacity,
                           units::Bytes capacity) {
  constexpr double kMiB = 1048576.0;
  const double share = base_memory.value() / datasheet_capacity(base_capacity).value();
  return units::Bytes(
      std::max(1.0, std::floor(datasheet_capacity(capacity).value() * share / kMiB)) * kMiB);
}

// A capacity as it was likely written: whole MiB in GiB ("80 GiB"), else decimal ("141 GB").
std::string capacity_text(units::Bytes capacity) {
  constexpr double kGiB = 1024.0 * 1024 * 1024;
  if (std::fmod(capacity.value(), kGiB) == 0)
    return fmt::format("{:.0f} GiB", capacity.value() / kGiB);
  if (written_binary(capacity)) return fmt::format("{:.0f} MiB", capacity.value() / 1048576.0);
  return format_quantity(to_quantity(capacity));
}

template <Described T>
int construct(lua_State* L) {
  return guarded(L, [&] {
    const TypeInfo& info = type_info<T>();
    const std::string path(info.name);
    if (!lua_isnoneornil(L, 2)) {  // a copy of a base, with changes
      if (lua_type(L, 1) != LUA_TTABLE && test_value<T>(L, 1) == nullptr) {
        throw ConfigError(
            path, fmt::format("expected {} to copy, got {}", info.title, describe_value(L, 1)));
      }
      if (lua_type(L, 2) != LUA_TTABLE || lua_getmetatable(L, 2) != 0) {
        throw ConfigError(path,
                          "expected a table of fields to change, got " + describe_value(L, 2));
      }
      T value = read<T>(L, 1, path);
      // (Before the changes are read and checked: the base's memory is not checked against the
      // new hbm_capacity.)
      if constexpr (std::is_same_v<T, Gpu>) {
        const units::Bytes base_capacity = value.hbm_capacity;
        const std::optional<units::Bytes> base_memory =
            value.efficiency ? value.efficiency->memory : std::nullopt;
        const bool dropped = keep_memory_consistent(L, value);
        const double base_ratio = fp8_ratio(value);
        const double base_gain = set_aside_fp8_gain(L, value);
        info.read(L, 2, path, &value, true);
        if (base_gain > 0 && value.efficiency) {
          const double ratio = fp8_ratio(value);
          value.efficiency->fp8_gain = base_gain;
          if (ratio > 0 && ratio != base_ratio) {
            const double gain = base_gain * ratio / base_ratio;
            if (gain > 16) {
              throw ConfigError(
                  path + ".efficiency.fp8_gain",
                  "the base's fp8_gain {:.4g}, scaled with the FP8 peak over the 16-bit one "
                  "({:.4g} -> {:.4g}), is {:.4g}, past 16: give efficiency = {{ fp8_gain = ... }}",
                  base_gain, base_ratio, ratio, gain);
            }
            value.efficiency->fp8_gain = gain;
            value.efficiency->sources["fp8_gain"] = fmt::format(
                "estimate: the base's {:.4g} scaled with the FP8 peak over the 16-bit one ({:.4g} "
                "-> {:.4g}): its FP8 linears keep their fraction of the FP8 peak",
                base_gain, base_ratio, ratio);
          }
          Description<Gpu>::check(value, path);
        }
        // The base's own capacity restated ("80 GB" of an "80 GB" preset) keeps its memory;
        // another capacity keeps the base's share of it (helper-102: "141 GB" on an H100 copy
        // read as 141e9 B left 131.3 GiB, against the H200 preset's 140.4 GiB).
        if (dropped && value.efficiency && base_memory) {
          if (value.hbm_capacity.value() == base_capacity.value()) {
            value.efficiency->memory = base_memory;
          } else {
            value.efficiency->memory =
                scaled_memory(*base_memory, base_capacity, value.hbm_capacity);
            value.efficiency->sources["memory"] = fmt::format(
                "estimate: {:.0f} MiB, the share of {} the base's {:.0f} MiB is of its {} (a "
                "datasheet's GB read as GiB, as for the presets)",
                value.efficiency->memory->value() / 1048576.0, capacity_text(value.hbm_capacity),
                base_memory->value() / 1048576.0, capacity_text(base_capacity));
            // Checked as a memory given would be (helper-105: a workspace past it was accepted).
            Description<Gpu>::check(value, path);
          }
        }
      } else {
        if constexpr (std::is_same_v<T, Transformer>) {
          // { window = false } attends to the whole sequence: the layers kept full among the
          // windowed ones go with the window, unless the changes give them (helper-128: GPT-OSS
          // without its window was refused for its full_attention_every).
          const int window_type = lua_getfield(L, 2, "window");
          const bool window_dropped = window_type == LUA_TBOOLEAN && lua_toboolean(L, -1) == 0;
          const int every_type = lua_getfield(L, 2, "full_attention_every");
          lua_pop(L, 2);
          if (window_dropped && every_type == LUA_TNIL) value.full_attention_every.reset();
        }
        info.read(L, 2, path, &value, true);
      }
      push_value(L, value);
      return 1;
    }
    if (test_value<T>(L, 1) != nullptr) {  // already declared: checked, and read-only
      lua_pushvalue(L, 1);
      return 1;
    }
    push_value(L, read<T>(L, 1, path));
    return 1;
  });
}

// What the registry knows of a type without building its TypeInfo (field docs, columns...): the
// TypeInfo of each type is built when a script first uses it, so start-up builds none.
struct Entry {
  std::string_view name;
  std::string_view title;
  std::string_view doc;
  bool result;
  const TypeInfo& (*info)();
  lua_CFunction constructor;  // nullptr: not declared by scenarios (a part, or a result)
};

template <Described T>
Entry entry(lua_CFunction constructor) {
  bool result = false;
  if constexpr (requires { Description<T>::result; }) result = Description<T>::result;
  return {Description<T>::name, Description<T>::title, Description<T>::doc, result, &type_info<T>,
          constructor};
}

template <Described T>
Entry declared() {
  return entry<T>(construct<T>);
}
template <Described T>
Entry part() {
  return entry<T>(nullptr);
}

// Every described type, in the order of the reference.
const std::vector<Entry>& registry() {
  static const std::vector<Entry> r = {
      part<PrecisionRates>(),
      part<GpuEfficiency>(),
      part<GpuPower>(),
      declared<Gpu>(),
      part<BusBandwidth>(),
      part<Facility>(),
      declared<NetworkLevel>(),
      declared<Cluster>(),
      declared<MlpStack>(),
      declared<Options>(),
      declared<Run>(),
      part<TensorParallel>(),
      part<LevelSplit>(),
      declared<Layout>(),
      declared<Setting>(),
      part<WallParams>(),
      part<WallRange>(),
      declared<Transformer>(),
      part<Moe>(),
      part<Mla>(),
      declared<Stack>(),
      declared<TransformerRun>(),
      part<TransformerLayout>(),
      part<Plan>(),
      part<RunFacts>(),
      part<LayoutCost>(),
      part<SearchStats>(),
      part<Limits>(),
      part<Summary>(),
      part<WallPoint>(),
      part<StepPlan>(),
      part<StepTime>(),
      part<StepMemory>(),
      part<StepEnergy>(),
      part<CollectiveQuery>(),
      part<CollectiveEstimate>(),
  };
  return r;
}

const Entry* find(std::string_view name) {
  for (const Entry& e : registry()) {
    if (e.name == name) return &e;
  }
  return nullptr;
}

int l_describe(lua_State* L) {
  return guarded(L, [&] {
    const Entry* e = find(luaL_checkstring(L, 1));
    if (e == nullptr) {
      lua_pushnil(L);
      return 1;
    }
    const char* header = luaL_optstring(L, 2, nullptr);
    const std::string text = describe_type(e->info(), header != nullptr ? header : "");
    lua_pushlstring(L, text.data(), text.size());
    return 1;
  });
}

void set_string(lua_State* L, const char* key, std::string_view v) {
  lua_pushlstring(L, v.data(), v.size());
  lua_setfield(L, -2, key);
}

// { { name =, kind = "declared" | "part" | "result", title =, doc =, constructor = }, ... }
// (constructor: the dml function that makes a declared type, dml.run for a transformer_run)
int l_types(lua_State* L) {
  return guarded(L, [&] {
    lua_createtable(L, static_cast<int>(registry().size()), 0);
    for (std::size_t i = 0; i < registry().size(); ++i) {
      const Entry& e = registry()[i];
      lua_createtable(L, 0, 5);
      set_string(L, "name", e.name);
      set_string(L, "kind", e.constructor != nullptr ? "declared" : e.result ? "result" : "part");
      set_string(L, "title", e.title);
      set_string(L, "doc", e.doc);
      if (e.constructor != nullptr) set_string(L, "constructor", e.info().constructor);
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    return 1;
  });
}

int l_fields(lua_State* L) {
  return guarded(L, [&] {
    const Entry* e = find(luaL_checkstring(L, 1));
    if (e == nullptr) throw ConfigError("", fmt::format("no type '{}'", lua_tostring(L, 1)));
    const auto& fields = e->info().fields;
    lua_createtable(L, static_cast<int>(fields.size()), 0);
    for (std::size_t i = 0; i < fields.size(); ++i) {
      lua_createtable(L, 0, 5);
      set_string(L, "name", fields[i].field.name);
      set_string(L, "takes", fields[i].kind);
      set_string(L, "default", fields[i].fallback);
      set_string(L, "doc", fields[i].field.doc);
      if (!fields[i].field.label.empty()) set_string(L, "label", fields[i].field.label);
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    return 1;
  });
}

int l_columns(lua_State* L) {
  return guarded(L, [&] {
    const Entry* e = find(luaL_checkstring(L, 1));
    if (e == nullptr) throw ConfigError("", fmt::format("no type '{}'", lua_tostring(L, 1)));
    const Row& row = e->info().columns;
    lua_createtable(L, static_cast<int>(row.columns.size()), 0);
    for (std::size_t i = 0; i < row.columns.size(); ++i) {
      lua_createtable(L, 0, 2);
      set_string(L, "column", row.columns[i]);
      set_string(L, "doc", row.docs[i]);
      lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
    }
    return 1;
  });
}

int l_row(lua_State* L) {
  return guarded(L, [&] {
    const Box* b = test_box(L, 1);
    if (b == nullptr || b->value == nullptr) {
      throw ConfigError("", "expected a declared value or a result, got " + describe_value(L, 1));
    }
    const Row row = b->type->row(b->value);
    push_row(L, row, b->type);
    push_columns(L, row.columns.empty() ? b->type->columns : row);
    return 2;
  });
}

int l_closest(lua_State* L) {
  return guarded(L, [&] {
    const std::string name = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    std::vector<std::string> candidates;
    const auto n = static_cast<lua_Integer>(lua_rawlen(L, 2));
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, 2, i);
      if (lua_type(L, -1) == LUA_TSTRING) candidates.emplace_back(lua_tostring(L, -1));
      lua_pop(L, 1);
    }
    const std::string best = closest(name, candidates);
    if (best.empty()) {
      lua_pushnil(L);
    } else {
      lua_pushlstring(L, best.data(), best.size());
    }
    return 1;
  });
}

}  // namespace

bool declared_type(std::string_view name) {
  const Entry* e = find(name);
  return e != nullptr && e->constructor != nullptr;
}

std::string describe_type(const TypeInfo& t, std::string_view header) {
  std::vector<std::string> lines;
  if (!header.empty()) {
    lines.emplace_back(header);
    lines.emplace_back(t.doc);
  } else if (!declared_type(t.name)) {  // a result, or a part written as a plain table
    lines.push_back(fmt::format("{}: {}", t.name, t.doc));
  } else if (t.constructor != t.name) {
    lines.push_back(fmt::format("{}, made by dml.{}{{...}}: {}", t.name, t.constructor, t.doc));
  } else {
    lines.push_back(fmt::format("dml.{}{{...}}: {}", t.name, t.doc));
  }
  lines.emplace_back();
  std::size_t width = 0;
  for (const FieldInfo& f : t.fields) width = std::max(width, f.field.name.size());
  for (const FieldInfo& f : t.fields) {
    const std::string fallback = t.result || f.fallback.empty() ? "" : "; " + f.fallback;
    lines.push_back(fmt::format("  {:<{}}  {}{}", f.field.name, width, f.kind, fallback));
    lines.push_back(fmt::format("  {:<{}}    {}", "", width, f.field.doc));
  }
  std::string out;
  for (const auto& l : lines) out += (out.empty() ? "" : "\n") + l;
  return out;
}

// __index of a strict record (upvalues: its path, its TypeInfo as a light userdata): a field of
// the type that the record leaves out reads as nil; any other key is an error at the user's
// line, with did-you-mean ("dml.presets.gpus.h100_sxm.memry: no such field; did you mean
// 'memory'?").
int strict_record_index(lua_State* L) {
  if (lua_type(L, 2) != LUA_TSTRING) {
    lua_pushnil(L);
    return 1;
  }
  return guarded(L, [&]() -> int {
    const auto* type = static_cast<const TypeInfo*>(lua_touserdata(L, lua_upvalueindex(2)));
    const std::string_view key = lua_tostring(L, 2);
    if (std::find(type->names.begin(), type->names.end(), key) != type->names.end()) {
      lua_pushnil(L);
      return 1;
    }
    const std::string see = fmt::format("see dml --doc {}", type->name);
    throw std::runtime_error(
        no_such_text(lua_tostring(L, lua_upvalueindex(1)), key, "field", type->names, see.c_str()));
  });
}

// __tostring of a strict record (upvalues: its path, its type's constructor or nil): the
// record as its type prints it (`print(gpus.h100_sxm)` shows the GPU's fields), after its path;
// a record whose type has no constructor, or that does not declare, says what it is.
int strict_record_tostring(lua_State* L) {
  const char* path = lua_tostring(L, lua_upvalueindex(1));
  if (lua_isfunction(L, lua_upvalueindex(2))) {
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, 1);
    if (lua_pcall(L, 1, 1, 0) == LUA_OK) {
      luaL_tolstring(L, -1, nullptr);  // the record's text, on top
      lua_pushstring(L, path);
      lua_pushliteral(L, " = ");
      lua_rotate(L, -3, 2);  // path, " = ", text
      lua_concat(L, 3);
      return 1;
    }
    lua_settop(L, 1);
  }
  // Without a constructor (a facility): its fields as the table holds them, one a line (in a
  // guarded body: C++ strings are held while Lua converts the values).
  return guarded(L, [&]() -> int {
    std::vector<std::pair<std::string, std::string>> fields;
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {
      if (lua_type(L, -2) == LUA_TSTRING) {
        std::string key = lua_tostring(L, -2);
        std::size_t n = 0;
        const char* text = luaL_tolstring(L, -1, &n);
        fields.emplace_back(std::move(key), std::string(text, n));
        lua_pop(L, 1);  // the text
      }
      lua_pop(L, 1);  // the value
    }
    std::sort(fields.begin(), fields.end());
    std::string out = fmt::format("{} (a preset record)", path);
    for (const auto& [key, text] : fields) {
      if (key == "sources") continue;  // the sources print with `--doc`
      out += fmt::format("\n  {} = {}", key, text);
    }
    lua_pushlstring(L, out.data(), out.size());
    return 1;
  });
}

namespace {

// Pushes a copy of the value at idx: a table without a metatable copied deeply, anything else
// (a strict record, which keeps its own copy) as it is.
void push_pristine(lua_State* L, int idx, int depth = 0) {
  idx = lua_absindex(L, idx);
  bool as_is = lua_type(L, idx) != LUA_TTABLE || depth > 8;
  if (!as_is && lua_getmetatable(L, idx) != 0) {
    lua_pop(L, 1);  // the metatable
    as_is = true;
  }
  if (as_is) {
    lua_pushvalue(L, idx);
    return;
  }
  lua_newtable(L);
  lua_pushnil(L);
  while (lua_next(L, idx) != 0) {
    push_pristine(L, -1, depth + 1);
    lua_pushvalue(L, -3);  // the key
    lua_insert(L, -2);
    lua_rawset(L, -5);
    lua_pop(L, 1);  // the value
  }
}

}  // namespace

// Makes the plain table at idx a strict record of `type`, and its plain tables of record fields
// too. A table that already has a metatable is left as it is. Its metatable keeps a copy of its
// fields as made (__dml_pristine): a preset changed in place is refused where it is read
// (check_record_table), since every scenario and library of the run shares it.
void make_strict_record(lua_State* L, int idx, const std::string& path, const TypeInfo& type) {
  idx = lua_absindex(L, idx);
  if (lua_getmetatable(L, idx) != 0) {
    lua_pop(L, 1);
    return;
  }
  for (const FieldInfo& f : type.fields) {
    if (!f.is_record || f.record == nullptr) continue;
    lua_pushlstring(L, f.field.name.data(), f.field.name.size());
    if (lua_rawget(L, idx) == LUA_TTABLE) {
      make_strict_record(L, -1, path + "." + std::string(f.field.name), *f.record);
    }
    lua_pop(L, 1);
  }
  lua_createtable(L, 0, 4);
  lua_pushboolean(L, 1);  // read as a plain table of fields (lua_values.cpp, plain_table)
  lua_setfield(L, -2, "__dml_record");
  push_pristine(L, idx);
  lua_setfield(L, -2, "__dml_pristine");
  // Its type and name: read where another type is expected, it is said to be this preset
  // (check_record_table), not a table of unknown fields.
  lua_pushlightuserdata(L, const_cast<TypeInfo*>(&type));
  lua_setfield(L, -2, "__dml_type");
  lua_pushlstring(L, path.data(), path.size());
  lua_setfield(L, -2, "__dml_preset");
  lua_pushlstring(L, path.data(), path.size());
  lua_pushlightuserdata(L, const_cast<TypeInfo*>(&type));
  lua_pushcclosure(L, strict_record_index, 2);
  lua_setfield(L, -2, "__index");
  lua_pushlstring(L, path.data(), path.size());
  if (const Entry* e = find(type.name); e != nullptr && e->constructor != nullptr) {
    lua_pushcfunction(L, e->constructor);
  } else {
    lua_pushnil(L);
  }
  lua_pushcclosure(L, strict_record_tostring, 2);
  lua_setfield(L, -2, "__tostring");
  lua_setmetatable(L, idx);
}

// core.repristine(record, keys) -> record: a preset record changed on purpose (dml.set_preset)
// keeps the new values of `keys`, a list of its field names, in its copy, so that reading it is
// no longer refused; its other fields keep the copy they had, so that a change in place made
// before or after is still refused (helper-367: the whole record was copied, an earlier change
// in place with it). Nothing for a table that is no preset record.
int l_repristine(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  luaL_checktype(L, 2, LUA_TTABLE);
  lua_settop(L, 2);
  if (lua_getmetatable(L, 1) == 0) {
    lua_settop(L, 1);
    return 1;
  }
  if (lua_getfield(L, 3, "__dml_pristine") == LUA_TTABLE) {  // [4] the old copy
    lua_newtable(L);                                         // [5] the new one
    lua_pushnil(L);
    while (lua_next(L, 4) != 0) {
      lua_pushvalue(L, -2);
      lua_insert(L, -2);
      lua_rawset(L, 5);
    }
    const lua_Integer n = luaL_len(L, 2);
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, 2, i);  // the key
      lua_pushvalue(L, -1);
      lua_rawget(L, 1);      // its value now
      push_pristine(L, -1);  // copied as make_strict_record copies it
      lua_remove(L, -2);
      lua_rawset(L, 5);
    }
    lua_setfield(L, 3, "__dml_pristine");
    // Its value, and that of every preset holding it, is read again (push_preset_value).
    detail::next_preset_generation(L);
  }
  lua_settop(L, 1);
  return 1;
}

// core.alternative(record, key) -> the name of the field that is key's other way of giving one
// value (a level's link for its bandwidth: Field::alternative), or nil: dml.set_preset drops it,
// as a changed copy does (helper-162: a preset given both disagreed where it was next read).
int l_alternative(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  const char* key = luaL_checkstring(L, 2);
  if (lua_getmetatable(L, 1) == 0) return 0;
  if (lua_getfield(L, -1, "__dml_type") != LUA_TLIGHTUSERDATA) return 0;
  const auto* type = static_cast<const TypeInfo*>(lua_touserdata(L, -1));
  for (const FieldInfo& f : type->fields) {
    if (f.field.name == key && !f.field.alternative.empty()) {
      lua_pushlstring(L, f.field.alternative.data(), f.field.alternative.size());
      return 1;
    }
  }
  return 0;
}

// core.strict_records(t, path, type) -> t: each plain table of t (a preset) becomes a strict
// record of the declared type `type` ("gpu"), named PATH.KEY in errors.
int l_strict_records(lua_State* L) {
  return guarded(L, [&] {
    luaL_checktype(L, 1, LUA_TTABLE);
    const std::string path = luaL_checkstring(L, 2);
    const Entry* e = find(luaL_checkstring(L, 3));
    if (e == nullptr) throw ConfigError("", fmt::format("no type '{}'", lua_tostring(L, 3)));
    const TypeInfo& type = e->info();
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {
      if (lua_type(L, -2) == LUA_TSTRING && lua_type(L, -1) == LUA_TTABLE) {
        make_strict_record(L, -1, path + "." + lua_tostring(L, -2), type);
      }
      lua_pop(L, 1);
    }
    lua_settop(L, 1);
    return 1;
  });
}

void register_declarations(lua_State* L) {
  lua_createtable(L, 0, static_cast<int>(registry().size()));
  for (const Entry& e : registry()) {
    if (e.constructor == nullptr) continue;
    lua_pushcfunction(L, e.constructor);
    lua_setfield(L, -2, std::string(e.name).c_str());
  }
  lua_setfield(L, -2, "declare");
  const luaL_Reg fns[] = {{"describe", l_describe},
                          {"types", l_types},
                          {"fields", l_fields},
                          {"columns", l_columns},
                          {"row", l_row},
                          {"closest", l_closest},
                          {"strict_records", l_strict_records},
                          {"repristine", l_repristine},
                          {"alternative", l_alternative},
                          {nullptr, nullptr}};
  luaL_setfuncs(L, fns, 0);
}

}  // namespace dml::lua
