-- An error in a sweep's run function: the message names the grid point, and under --traceback
-- the stack reaches the line that failed (the stdlib re-raises it with the point added).
local function make_run(point)
  local model = nil
  return model.layers + point.d
end

dml.sweep { grid = { d = { 1, 2 } }, run = function(point) local run = make_run(point); return run end }
