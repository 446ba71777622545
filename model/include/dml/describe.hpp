// Descriptions: every declared type and every result type is described once, next to its
// struct, and everything else is derived from that description: reading a Lua declaration
// (checks, defaults, did-you-mean), writing a value back to Lua, validating a value built in
// C++, `dml --doc` and docs/reference.md, a result's printed summary rows and its table
// columns.
//
//   template <> struct Description<NetworkLevel> {
//     static constexpr std::string_view name = "level", title = "a network level", doc = "...";
//     template <class V, class S> static void fields(V& v, S& l) {
//       v.field(l.bandwidth, {.name = "bandwidth", .doc = "per-GPU bidirectional ...",
//                             .required = true, .infinite = true});
//       ...
//     }
//   };
//
// A field's kind follows from the C++ type of its member: std::int64_t and int (whole
// numbers), u128 (counts past 2^63, results only), double (numbers), units::Unit<...>
// (quantities of that dimension), bool, std::string, an enum with EnumNames, Sources, a
// described struct (a record), std::vector of records or of whole numbers (lists),
// std::vector<std::string> (results), and std::optional of any of these (may be absent).
// A field's default is the struct's own default member initializer: the description never
// repeats it.
//
// `fields(v, self)` is called with S = T (to read into a value) or S = const T (to read from
// one). A visitor V has `template <class M> void field(M& member, const Field& f)`.
// Optional hooks of a description:
//   static void complete(T&);  // after a declaration is read: fills the fields derived from
//                              // others (a level's bandwidth from its link, or the reverse)
//   static void check(const T&, const std::string& path);   // rules across fields; throws
//                                                            // ConfigError at path.<field>
//   static constexpr std::array<std::string_view, N> positional;  // {4, 8} reads as these
//   static constexpr bool part = true;  // a record inside another value: a changed copy of
//                                       // its holder that gives it as a table changes only the
//                                       // fields named (a GPU's efficiency, a model's moe)
#pragma once

#include <array>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "dml/error.hpp"
#include "dml/int128.hpp"
#include "dml/quantity.hpp"
#include "dml/units.hpp"

namespace dml {

// "No bound" for Field::min and Field::max.
inline constexpr double kUnbounded = std::numeric_limits<double>::quiet_NaN();

// What a description says of one field. Designated initializers name what differs from these
// defaults: {.name = "sms", .doc = "streaming multiprocessors", .required = true, .min = 1}.
struct Field {
  std::string_view name{};  // the field's name, the same in Lua, C++ messages and docs
  std::string_view doc{};   // one line
  bool required = false;    // no default: a declaration must give it
  // Numbers and whole numbers: the allowed range.
  double min = kUnbounded;                 // the least value allowed ...
  bool above = false;                      // ... or, when set, the value it must exceed
  double max = kUnbounded;                 // the largest value allowed
  std::span<const std::int64_t> one_of{};  // whole numbers: the only values allowed
  // Numbers and whole numbers: the noun of a count, which then also reads from a string
  // "<number> <count_of>" (or its singular): "15.6e12 tokens", "1 token".
  std::string_view count_of{};
  // Quantities: positive and finite unless these say otherwise.
  bool nonnegative = false;  // zero is allowed
  bool infinite = false;     // +infinity is allowed (an infinitely fast network)
  // Docs: how an absent optional field is filled in ("4 x d_model").
  std::string_view default_text{};
  // Docs: a quantity field's own example where its dimension's would mislead (a duration's
  // "90 days", not a time's "1.125 us"); a whole count's ("4194304 tokens").
  std::string_view example{};
  // Declarations: another field of the same record that gives the same value another way (a
  // level's `bandwidth`, both directions together, and its `link`, one direction). A
  // declaration gives one of the two, or both when the type's check finds them the same value
  // (a printed value read back); `required` on one of them means that one of the two is required.
  // Changes to a copy that give one drop the other, and the type's `complete` hook derives it
  // again.
  std::string_view alternative{};
  // Declarations: fields of the same record declared before this one whose change makes this
  // one stale (a level's measured collectives, timed on its old links: bandwidth, link,
  // latency). A changed copy that gives one of them, and not this one, drops the base's value.
  std::span<const std::string_view> stale_with{};
  // Results: the row of the printed summary that shows this field, and what that row says
  // after the value. A declaration's note is printed after the value in its text too.
  std::string_view label{};
  std::string_view note{};
  std::string_view column{};   // the table column's name; default: the field's name, a unit
                               // suffix for quantities ("training_time_s")
  bool flatten = false;        // a record whose fields become columns without its prefix
  bool inline_record = false;  // a record whose fields are shown as the parent's own, in every
                               // view (absent, when an optional record is unset)
  bool costed = false;  // results: a cost of the layout, empty in a table row when the value has
                        // none (Description<T>::costed(value) is false: no layout was found)
};

// Specialized for every described type (see the top of this file).
template <class T>
struct Description;

// Names of an enum's values, in the order docs list them: specialize with
//   static constexpr std::array<std::pair<E, std::string_view>, N> values{...};
template <class E>
struct EnumNames;

// A table of citations: field name -> where its value comes from. A record is copied far more
// often than its citations change (every declaration copies its GPU's, its stack's, its
// levels'), so copies share one map until one of them is changed (copy on write): declaring a
// run copied a stack's and a cluster's maps three times, a quarter of its instructions.
class Sources {
 public:
  using Map = std::map<std::string, std::string, std::less<>>;
  using value_type = Map::value_type;
  using const_iterator = Map::const_iterator;

  Sources() = default;
  Sources(std::initializer_list<value_type> items) : shared_(std::make_shared<Shared>(items)) {}

  [[nodiscard]] const_iterator begin() const { return map().begin(); }
  [[nodiscard]] const_iterator end() const { return map().end(); }
  [[nodiscard]] const_iterator find(std::string_view key) const { return map().find(key); }
  [[nodiscard]] bool contains(std::string_view key) const { return map().contains(key); }
  [[nodiscard]] std::size_t size() const { return map().size(); }
  [[nodiscard]] bool empty() const { return map().empty(); }
  // The citation of `key`, made empty if absent (this copy's own map from here on).
  std::string& operator[](std::string_view key) {
    Map& m = own();
    const auto it = m.find(key);
    return it != m.end() ? it->second : m.emplace(std::string(key), std::string()).first->second;
  }
  void erase(std::string_view key) {
    if (contains(key)) own().erase(own().find(key));
  }
  friend bool operator==(const Sources& a, const Sources& b) {
    return a.shared_ == b.shared_ || a.map() == b.map();
  }

  // Whether these keys were found to be fields of the type whose names `owner` stands for (the
  // address of its name list) since the map last changed. Every copy of a record shares its
  // map, so a preset's citations are checked once, not at each evaluation of each run that holds
  // it (that search had been most of an evaluation's validation).
  [[nodiscard]] bool checked_for(const void* owner) const {
    return shared_ != nullptr && shared_->checked.load(std::memory_order_relaxed) == owner;
  }
  void mark_checked_for(const void* owner) const {
    if (shared_ != nullptr) shared_->checked.store(owner, std::memory_order_relaxed);
  }

 private:
  struct Shared {
    explicit Shared(std::initializer_list<value_type> items) : map(items) {}
    explicit Shared(const Map& m) : map(m) {}
    Shared() = default;
    Map map;
    mutable std::atomic<const void*> checked{nullptr};
  };
  [[nodiscard]] const Map& map() const {
    static const Map kEmpty;
    return shared_ ? shared_->map : kEmpty;
  }
  Map& own() {
    if (!shared_) {
      shared_ = std::make_shared<Shared>();
    } else if (shared_.use_count() > 1) {
      shared_ = std::make_shared<Shared>(shared_->map);
    } else {
      // The last owner: another copy's reads of the map, in another thread, happen before its
      // release of it (use_count() is a relaxed load; this fence pairs with that release).
      std::atomic_thread_fence(std::memory_order_acquire);
      shared_->checked.store(nullptr, std::memory_order_relaxed);  // its keys may change
    }
    return shared_->map;
  }
  std::shared_ptr<Shared> shared_;
};

// --- what a member type is -------------------------------------------------------------------

template <class T>
concept Described = requires {
  Description<T>::name;
};

template <class T>
concept NamedEnum = std::is_enum_v<T> && requires {
  EnumNames<T>::values;
};

template <class T>
struct IsOptional : std::false_type {};
template <class T>
struct IsOptional<std::optional<T>> : std::true_type {
  using value_type = T;
};

template <class T>
struct IsVector : std::false_type {};
template <class T>
struct IsVector<std::vector<T>> : std::true_type {
  using value_type = T;
};

template <class T>
struct IsUnit : std::false_type {};
template <int B, int S, int F>
struct IsUnit<units::Unit<B, S, F>> : std::true_type {
  static constexpr Dimension dimension{B, S, F};
};

template <class T>
concept HasCheck = requires(const T& t, const std::string& path) {
  Description<T>::check(t, path);
};

template <class T>
concept HasComplete = requires(T& t) {
  Description<T>::complete(t);
};

template <class T>
concept HasPositional = requires {
  Description<T>::positional;
};

// The name of an enum value, and the value of a name.
template <NamedEnum E>
[[nodiscard]] constexpr std::string_view enum_name(E e) {
  for (const auto& [value, name] : EnumNames<E>::values) {
    if (value == e) return name;
  }
  return "?";
}
template <NamedEnum E>
[[nodiscard]] constexpr std::optional<E> enum_value(std::string_view name) {
  for (const auto& [value, n] : EnumNames<E>::values) {
    if (n == name) return value;
  }
  return std::nullopt;
}
// "\"paper\", \"fixed\", \"deepseek\"": the names, quoted, for messages and docs.
template <NamedEnum E>
[[nodiscard]] std::string enum_choices() {
  std::string out;
  for (const auto& [value, name] : EnumNames<E>::values) {
    if (!out.empty()) out += ", ";
    out += '"';
    out += name;
    out += '"';
  }
  return out;
}

// "cluster.levels" + 2 -> "cluster.levels[2]" (lists count from 1, as Lua does).
[[nodiscard]] std::string item_path(const std::string& list, std::size_t index_from_1);

// --- value checks, shared by every reader and by validate() -----------------------------------

// What is wrong with a value that `f` does not allow, as the user reads it ("must be a
// positive whole number, got 0", "must be at most 1, got 1.5", "must not be negative, got
// -1 us", "must be finite, got inf B/s"); "" when it is allowed.
[[nodiscard]] std::string whole_problem(std::int64_t v, const Field& f);
[[nodiscard]] std::string number_problem(double v, const Field& f);
[[nodiscard]] std::string quantity_problem(Quantity q, const Field& f);
// A required text (a GPU's or a stack's name) must not be blank: it labels tables and messages.
[[nodiscard]] std::string text_problem(std::string_view s, const Field& f);
// Whether a text is empty or only white space.
[[nodiscard]] bool blank(std::string_view s);
// The keys of a Sources table must be fields of the type that holds it.
[[nodiscard]] std::string sources_problem(const Sources& s,
                                          std::span<const std::string_view> field_names,
                                          std::string_view owner_title);

// The same tests, inline and without a message: true when the value is allowed. (validate()
// calls these first, so that a valid value costs a few comparisons per field.)
// The bounds of each item of a list of whole numbers: the field's own (a stack's zero_stages:
// 0 to 3), else positive (a layout's degrees).
[[nodiscard]] inline Field list_item(const Field& f) {
  return Field{.name = f.name, .min = std::isnan(f.min) ? 1 : f.min, .max = f.max};
}

[[nodiscard, gnu::always_inline]] inline bool whole_ok(std::int64_t v, const Field& f) {
  if (!f.one_of.empty()) {
    for (const std::int64_t x : f.one_of) {
      if (x == v) return true;
    }
    return false;
  }
  const auto x = static_cast<double>(v);
  if (!std::isnan(f.min) && (f.above ? !(x > f.min) : x < f.min)) return false;
  return std::isnan(f.max) || x <= f.max;
}
[[nodiscard, gnu::always_inline]] inline bool number_ok(double v, const Field& f) {
  if (!std::isfinite(v)) return false;
  if (!std::isnan(f.min) && (f.above ? !(v > f.min) : v < f.min)) return false;
  return std::isnan(f.max) || v <= f.max;
}
[[nodiscard, gnu::always_inline]] inline bool quantity_ok(double x, const Field& f) {
  if (std::isnan(x) || (std::isinf(x) && !f.infinite)) return false;
  if (f.nonnegative ? x < 0 : !(x > 0)) return false;
  if (!std::isnan(f.min) && x < f.min) return false;
  return std::isnan(f.max) || x <= f.max;
}

// The same, throwing ConfigError at `path`.
void check_whole(std::int64_t v, const Field& f, const std::string& path);
void check_number(double v, const Field& f, const std::string& path);
void check_quantity_value(Quantity q, const Field& f, const std::string& path);
void check_text(std::string_view s, const Field& f, const std::string& path);

// A field's path, made into text only when an error needs it: validate() allocates nothing for
// a valid value.
struct FieldPath {
  const FieldPath* parent = nullptr;
  std::string_view name{};  // a field's name (the root's: the type's), or "" for a list item
  std::size_t index = 0;    // a list item's position, from 1
  [[nodiscard]] std::string str() const;
};

// The fields of a described type and their names, in order (collected once).
template <Described T>
[[nodiscard]] std::span<const Field> described_fields();
template <Described T>
[[nodiscard]] std::span<const std::string_view> field_names();

// --- validate(): a C++ value against its description -----------------------------------------

namespace detail {

template <class M>
void validate_member(const M& m, const Field& f, const FieldPath& path,
                     std::span<const std::string_view> owner_fields, std::string_view owner_title);

template <Described T>
void validate_record(const T& value, const FieldPath& path);

template <Described T>
struct ValidateVisitor {
  const FieldPath& path;
  std::span<const Field> fields;            // the type's fields, collected once
  std::span<const std::string_view> names;  // and their names, for a Sources field
  std::size_t next = 0;
  // The Field the description passes is not used: each field is read from `fields` instead, so
  // that with this inlined the compiler drops the description's temporaries, and validating a
  // valid value costs a few comparisons per field.
  template <class M>
  [[gnu::always_inline]] void field(const M& m, const Field&) {
    const Field& f = fields[next++];
    validate_member(m, f, FieldPath{&path, f.name}, names, Description<T>::title);
  }
};

template <Described T>
void validate_record(const T& value, const FieldPath& path) {
  ValidateVisitor<T> v{path, described_fields<T>(), field_names<T>()};
  Description<T>::fields(v, value);
  if constexpr (HasCheck<T>) {
    // The path's text is built only for a value its check refuses: the check runs with an empty
    // path, and again with the real one when it throws (a check is a function of the value
    // alone, so it throws again, now naming where). Building it for every record made a fifth of
    // an evaluation's instructions.
    try {
      Description<T>::check(value, std::string());
    } catch (const std::exception&) {
      Description<T>::check(value, path.str());
      throw;
    }
  }
}

struct CollectVisitor {
  std::vector<Field>& out;
  template <class M>
  void field(const M&, const Field& f) {
    out.push_back(f);
  }
};

inline void throw_if(const std::string& problem, const FieldPath& path) {
  if (!problem.empty()) throw ConfigError(path.str(), problem);
}

template <class M>
[[gnu::always_inline]] inline void validate_member(const M& m, const Field& f,
                                                   const FieldPath& path,
                                                   std::span<const std::string_view> owner_fields,
                                                   std::string_view owner_title) {
  if constexpr (IsOptional<M>::value) {
    if (m) validate_member(*m, f, path, owner_fields, owner_title);
  } else if constexpr (std::is_same_v<M, std::int64_t> || std::is_same_v<M, int>) {
    if (!whole_ok(m, f)) throw_if(whole_problem(static_cast<std::int64_t>(m), f), path);
  } else if constexpr (std::is_same_v<M, double>) {
    if (!number_ok(m, f)) throw_if(number_problem(m, f), path);
  } else if constexpr (IsUnit<M>::value) {
    if (!quantity_ok(m.value(), f)) {
      throw_if(quantity_problem(Quantity{m.value(), IsUnit<M>::dimension}, f), path);
    }
  } else if constexpr (std::is_same_v<M, Sources>) {
    if (!m.empty() && !m.checked_for(owner_fields.data())) {
      throw_if(sources_problem(m, owner_fields, owner_title), path);
      m.mark_checked_for(owner_fields.data());
    }
  } else if constexpr (Described<M>) {
    validate_record(m, path);
  } else if constexpr (IsVector<M>::value) {
    using Item = typename IsVector<M>::value_type;
    if constexpr (Described<Item>) {
      if (m.empty()) {
        throw ConfigError(path.str(), "expected a non-empty list, each {}",
                          Description<Item>::title);
      }
      for (std::size_t i = 0; i < m.size(); ++i) validate_record(m[i], FieldPath{&path, {}, i + 1});
    } else if constexpr (std::is_same_v<Item, std::int64_t>) {
      const Field item = list_item(f);
      for (std::size_t i = 0; i < m.size(); ++i) {
        if (!whole_ok(m[i], item)) {
          throw_if(whole_problem(m[i], item), FieldPath{&path, {}, i + 1});
        }
      }
    }
  }
  // bool, std::string, enums, u128 and lists of strings have no range. (A text read from Lua
  // is checked as it is read, check_text: a C++ caller's blank label is its own.)
}

}  // namespace detail

// Throws ConfigError naming the first field (by its path from `path`) that its description
// does not allow, or the first rule across fields that fails. This is the same check a Lua
// declaration gets; the core calls it on its inputs as the contract of its entry points.
template <Described T>
void validate(const T& value, std::string_view path = Description<T>::name) {
  detail::validate_record(value, FieldPath{nullptr, path});
}

template <Described T>
std::span<const Field> described_fields() {
  static const std::vector<Field> fields = [] {
    std::vector<Field> out;
    detail::CollectVisitor v{out};
    const T probe{};
    Description<T>::fields(v, probe);
    return out;
  }();
  return fields;
}

template <Described T>
std::span<const std::string_view> field_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const Field& f : described_fields<T>()) out.push_back(f.name);
    return out;
  }();
  return names;
}

}  // namespace dml
