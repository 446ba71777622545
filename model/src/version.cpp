#include "dml/version.hpp"

namespace dml {
std::string_view version() { return DML_VERSION; }
}  // namespace dml
