-- A grid of 20^8 points is refused before any point is made (the run function never runs).
local values = {}
for i = 1, 20 do values[i] = i end
local grid = {}
for _, k in ipairs { "a", "b", "c", "d", "e", "f", "g", "h" } do grid[k] = values end
local t = dml.sweep { grid = grid, run = function(point) error("a point was made") end }
