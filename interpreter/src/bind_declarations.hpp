// Declared types in Lua (bind_declarations.cpp).
#pragma once

#include <string>
#include <string_view>

#include "lua_values.hpp"

namespace dml::lua {

// The reference text of a type, as `dml --doc NAME` prints it: a header (default
// "dml.NAME{...}: doc", or "NAME: doc" for a result), then each field with what it takes, its
// default and its doc.
[[nodiscard]] std::string describe_type(const TypeInfo& t, std::string_view header = {});

// Whether scenarios declare values of the type named `name` with a constructor of their own
// (dml.gpu, dml.run...), rather than as a part of another value or as a result.
[[nodiscard]] bool declared_type(std::string_view name);

}  // namespace dml::lua
