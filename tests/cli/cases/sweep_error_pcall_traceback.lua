-- Under --traceback, an error a sweep re-raises with its point is still the message alone to a
-- pcall (the stack is shown only where the error ends the script); an inner sweep's error
-- keeps the stack from its first line through the outer sweep.
local ok, e = pcall(dml.sweep, { grid = { a = { 1 } }, run = function() error("bad point") end })
print(ok, e)
local function inner(p)
  local m = nil
  return m.x
end
dml.sweep { grid = { a = { 1 } }, run = function(p) dml.sweep { grid = { b = { 2 } }, run = inner } end }
