-- A scenario library may not stand in for one of dml's stdlib modules.
local m = require "dml"       -- fine: dml itself is always the stdlib's
print(m == dml)
