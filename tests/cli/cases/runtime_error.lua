-- A run-time error in the scenario itself.
local t = nil
local n = #t
