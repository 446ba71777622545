-- Lua's own error with no position (a yield outside a coroutine, raised in C) gains the line of
-- the run function that raised it, with the grid point.
dml.sweep { grid = { d = { 1 } }, run = function(point)
  coroutine.yield(point)
end }
