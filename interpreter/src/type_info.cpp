// The Lua bindings' templates for every described type, compiled here once (lua_values.hpp
// declares them extern; described_types.hpp lists the types).
#include "lua_values.hpp"

namespace dml::lua {

#define DML_LUA_INSTANTIATE(T)             \
  template const TypeInfo& type_info<T>(); \
  template Row row_of<T>(const T&, bool);
#define DML_LUA_INSTANTIATE_READ(T) \
  template void detail::read_record<T>(lua_State*, int, const std::string&, T&, bool);
DML_DESCRIBED_TYPES(DML_LUA_INSTANTIATE)
DML_DECLARED_TYPES(DML_LUA_INSTANTIATE_READ)
#undef DML_LUA_INSTANTIATE
#undef DML_LUA_INSTANTIATE_READ

}  // namespace dml::lua
