-- A library with an error on line 4, at load time.
local M = {}
function M.f() return 1 end
local bad = M.g()
return M
