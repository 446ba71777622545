-- The host: strict globals, the version, errors raised at the caller's line.
local t = require "testing"

t.eq(type(dml.version), "string", "dml.version")
t.raises(function() return undefined_thing end, { pattern = "runtime%.test%.lua:%d+: undefined global 'undefined_thing'" })
t.raises(function() dml.error("boom") end, { pattern = "runtime%.test%.lua:%d+: boom$" })
