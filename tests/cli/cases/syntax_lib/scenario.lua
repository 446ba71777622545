-- A library with a syntax error: the error names the line that required it, then the
-- library's own line (helper-85).
local ok = true
local b = require "broken"
