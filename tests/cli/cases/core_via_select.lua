-- A sandboxed script that replaces select before a stdlib module loads does not get dml.core
-- from it (helper-86): the modules read their loader arguments without a global lookup.
local got
local real = select
select = function(n, ...) if n == 2 and type((...)) == "string" then got = real(2, ...) end return real(n, ...) end
local m = require "dml.paper.fernandez2024"
print(type(got), type(got) == "table" and type(got.write_text) or "")
