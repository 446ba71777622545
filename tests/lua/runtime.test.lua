-- The host: strict globals, the version, errors raised at the caller's line.
local t = require "testing"

t.eq(type(dml.version), "string", "dml.version")
t.raises(function() return undefined_thing end, { pattern = "runtime%.test%.lua:%d+: undefined global 'undefined_thing'" })
t.raises(function() dml.error("boom") end, { pattern = "runtime%.test%.lua:%d+: boom$" })
-- dml.error's level, as Lua's error's (helper-85: a library could not blame its caller's line)
local function library_check(x)
  if x < 0 then dml.error("x must be at least 0", 2) end
  return x
end
local function library_outer(x) local y = library_check(x) return y end  -- (no tail call: its frame stays)
t.raises_here(function() library_check(-1) end, "x must be at least 0")
t.raises(function() library_outer(-1) end, { pattern = "runtime%.test%.lua:" .. debug.getinfo(1, "l").currentline - 2 .. ": x must be at least 0$" })
t.raises(function() dml.error("no position", 0) end, { pattern = "^no position$" })
t.raises_here(function() dml.error("x", -1) end, "dml.error: level: expected 0 or more, got -1")
t.raises(function() dml.error("past the frames", 99) end, { pattern = "^past the frames$" })
