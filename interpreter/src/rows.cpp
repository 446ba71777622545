#include "rows.hpp"

namespace dml::lua::detail {

std::string result_column(const std::string& prefix, const Field& f) {
  return f.column.empty() ? prefix + std::string(f.name) : std::string(f.column);
}

std::string counts_cell(const std::vector<std::int64_t>& v) {
  return fmt::format("[{}]", fmt::join(v, ", "));
}

std::string strings_cell(const std::vector<std::string>& v) {
  return fmt::format("{}", fmt::join(v, "; "));
}

std::string column_doc(const Field& f, const Dimension* quantity) {
  if (quantity == nullptr) return std::string(f.doc);
  return fmt::format("{} (in {})", f.doc, dimension_unit(*quantity));
}

}  // namespace dml::lua::detail
