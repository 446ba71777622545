// dml.Quantity: the Lua face of dml::Quantity, and the helpers other bindings
// use to read a dimensional field.
//
//   local bw = dml.q"900 GB/s"
//   local t  = dml.q"80 GiB" / bw          -- a time: 95.44 ms
//   bw:value"GiB/s"  --> 838.19...           bw:to"GiB/s"  --> "838.2 GiB/s"
//
// The Lua API is documented in docs/units.md.
#pragma once

#include <string_view>

#include "dml/quantity.hpp"
#include "lua_runtime.hpp"

namespace dml::lua {

// The metatable of Quantity userdata (also its __name, so Lua's own
// messages say "dml.Quantity").
inline constexpr const char* kQuantityMetatable = "dml.Quantity";

// Pushes a new Quantity userdata.
void push_quantity(lua_State* L, Quantity q);

// The Quantity at `idx`, or nullptr if the value there is not one.
Quantity* test_quantity(lua_State* L, int idx);

// Reads a declaration field that has a dimension: a string is parsed and must
// have dimension `want`; a Quantity must have it; a bare number is accepted
// only when `want` is dimensionless. Anything else throws dml::UnitError whose
// message starts with "FIELD: " (when `field` is not empty) and names the
// expected unit, e.g.
//   gpu.hbm_bandwidth: expected a bandwidth like "900 GB/s", got "900 GB"
//   gpu.hbm_bandwidth: expected a bandwidth like "900 GB/s", got the bare number 900 (write it with
//   a unit)
// Call it inside lua::guarded, which turns the exception into a Lua error at
// the scenario's line.
Quantity check_quantity(lua_State* L, int idx, Dimension want, std::string_view field);

}  // namespace dml::lua
