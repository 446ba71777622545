-- A table that grows until memory runs out.
local t = {}
while true do
  t[#t + 1] = string.rep("x", 100) .. #t
end
