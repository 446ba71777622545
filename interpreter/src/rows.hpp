// A described value as one table row, from its description (no Lua here): the columns of
// dml.save and dml.table, and their docs.
//
// Results (a plan, a point of a curve) have flat columns: a record's fields take its name as a
// prefix ("stats_branches") unless it is flattened (a plan's layout: "dp", "tp_model") or
// inline; lists of whole numbers are one cell ("[1, 64]"), lists of strings are joined with
// "; ". The columns do not depend on the value: an absent optional field is an empty cell.
//
// Declared inputs (a cluster saved as a record) use dotted paths ("gpu.name",
// "levels[2].bandwidth").
//
// Quantities stay quantities: a table shows them readably, and files hold their value in SI
// base units (seconds, bytes, FLOP; the column docs say which).
#pragma once

#include <fmt/format.h>

#include <string>
#include <string_view>
#include <vector>

#include "dml/describe.hpp"
#include "output.hpp"

namespace dml::lua {

struct Row {
  std::vector<std::string> columns;
  std::vector<output::Cell> cells;
  std::vector<std::string> docs;  // one per column: the field's doc (and the unit of a quantity)
};

namespace detail {

// The column name of a result's scalar field: f.column, or the prefix and its name.
std::string result_column(const std::string& prefix, const Field& f);
std::string counts_cell(const std::vector<std::int64_t>& v);
std::string strings_cell(const std::vector<std::string>& v);
// A column's doc: the field's, with the SI unit files hold a quantity in.
std::string column_doc(const Field& f, const Dimension* quantity);

// Description<T>::fields(v, value) for the read-only visitors (these and lua_values.hpp's), which
// share one visitor type: defined in lua_values.hpp.
template <class V, Described T>
void visit_fields(V& v, const T& value);

template <class M>
constexpr const Dimension* dimension_of() {
  if constexpr (IsUnit<M>::value) {
    return &IsUnit<M>::dimension;
  } else {
    return nullptr;
  }
}

template <class M>
output::Cell cell_of(const M& m) {
  if constexpr (std::is_same_v<M, bool>) {
    return m;
  } else if constexpr (std::is_same_v<M, u128>) {
    if (m <= static_cast<u128>(INT64_MAX)) return static_cast<std::int64_t>(m);
    return to_double(m);
  } else if constexpr (std::is_integral_v<M>) {
    return static_cast<std::int64_t>(m);
  } else if constexpr (std::is_same_v<M, double>) {
    return m;
  } else if constexpr (IsUnit<M>::value) {
    const Quantity q{m.value(), IsUnit<M>::dimension};
    return output::QuantityCell{q.value, q.dim};
  } else if constexpr (std::is_same_v<M, std::string>) {
    return m;
  } else if constexpr (NamedEnum<M>) {
    return std::string(enum_name(m));
  } else if constexpr (std::is_same_v<M, std::vector<std::int64_t>>) {
    return counts_cell(m);
  } else if constexpr (std::is_same_v<M, std::vector<std::string>>) {
    return strings_cell(m);
  } else {
    return std::monostate{};
  }
}

// Result columns.
struct ResultRowVisitor {
  Row& row;
  std::string prefix;
  bool names;           // fill the columns and their docs too (they do not depend on the value)
  bool present = true;  // false: every cell of this record is empty
  bool costs = true;    // false: the value has no layout, and its costed fields are empty

  template <class M>
  void field(const M& m, const Field& f) {
    const bool shown = present && (costs || !f.costed);
    if constexpr (IsOptional<M>::value) {
      using Inner = typename IsOptional<M>::value_type;
      if (m) {
        add(*m, f, shown);
      } else {
        add(Inner{}, f, false);
      }
    } else {
      add(m, f, shown);
    }
  }

  template <class M>
  void add(const M& m, const Field& f, bool is_present) {
    if constexpr (Described<M>) {
      const std::string sub =
          !names || f.inline_record || f.flatten ? prefix : prefix + std::string(f.name) + "_";
      ResultRowVisitor v{row, sub, names, is_present};
      visit_fields(v, m);
    } else if constexpr (IsVector<M>::value && Described<typename IsVector<M>::value_type>) {
      // lists of records are not columns (a limits' plans)
    } else {
      row.cells.push_back(is_present ? cell_of(m) : output::Cell{});
      if (names) {
        row.columns.push_back(result_column(prefix, f));
        row.docs.push_back(column_doc(f, dimension_of<M>()));
      }
    }
  }
};

// Declared inputs: dotted paths.
struct InputRowVisitor {
  Row& row;
  std::string prefix;

  template <class M>
  void field(const M& m, const Field& f) {
    add(m, prefix + std::string(f.name), f);
  }

  template <class M>
  void add(const M& m, const std::string& name, const Field& f) {
    if constexpr (IsOptional<M>::value) {
      if (m) add(*m, name, f);
    } else if constexpr (std::is_same_v<M, Sources>) {
      // citations are not columns
    } else if constexpr (Described<M>) {
      InputRowVisitor v{row, name + "."};
      visit_fields(v, m);
    } else if constexpr (IsVector<M>::value) {
      for (std::size_t i = 0; i < m.size(); ++i) add(m[i], item_path(name, i + 1), f);
    } else {
      row.columns.push_back(name);
      row.cells.push_back(cell_of(m));
      row.docs.push_back(column_doc(f, dimension_of<M>()));
    }
  }
};

}  // namespace detail

// The row of a value (see the top of this file). Without `names`, a result's row has its cells
// only: its columns are those of any other value of its type.
template <Described T>
Row row_of(const T& value, bool names = true) {
  Row row;
  if constexpr (requires { Description<T>::result; }) {
    detail::ResultRowVisitor v{row, "", names};
    if constexpr (requires { Description<T>::costed(value); }) {
      v.costs = Description<T>::costed(value);
    }
    visit_fields(v, value);
  } else {
    detail::InputRowVisitor v{row, ""};
    visit_fields(v, value);
  }
  return row;
}

}  // namespace dml::lua
