-- Lua's runtime errors raised inside a C function (ipairs's iterator) name the user's line
-- (helper-128: "attempt to index a nil value" named none).
local rows
for _, row in ipairs(rows) do print(row) end
