--- dml: the Lua half of dml's API. The global `dml` is this module.
local core = require "dml.core"

local dml = {}

--- The dml version, "MAJOR.MINOR.PATCH".
dml.version = core.version

--- dml.error(message): raise an error at the scenario line that called into dml.
dml.error = core.raise

return dml
