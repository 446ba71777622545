#pragma once
#include <string_view>

namespace dml {
// The dml version, "MAJOR.MINOR.PATCH".
[[nodiscard]] std::string_view version();
}  // namespace dml
