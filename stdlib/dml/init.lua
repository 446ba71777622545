--- dml: the Lua half of dml's API. The global `dml` is this module.
local core = require "dml.core"

local dml = {}

--- The dml version, "MAJOR.MINOR.PATCH".
dml.version = core.version

--- dml.error(message): raise an error at the scenario line that called into dml.
dml.error = core.raise

--- dml.q(text) -> Quantity: a number with a unit, `dml.q"900 GB/s"`; also
--- dml.q(900, "GB/s") and dml.q(0.5) (dimensionless). Quantities do arithmetic,
--- compare, print readably, and convert with q:value"GiB/s" (a number) and
--- q:to"GiB/s" (a string). Grammar and API: docs/units.md.
dml.q = core.q

return dml
