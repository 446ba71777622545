-- The test helpers themselves: near() holds a NaN or an infinity near nothing but an equal
-- infinity, so a regression to a non-finite value fails the test that checks it.
local t = require "testing"
for _, case in ipairs { { 0 / 0, 5 }, { math.huge, 5 }, { -math.huge, 5 }, { 5, 0 / 0 }, { 0 / 0, 0 / 0 },
                        { math.huge, -math.huge } } do
  t.eq(pcall(t.near, case[1], case[2]), false, string.format("near(%g, %g)", case[1], case[2]))
end
t.near(math.huge, math.huge)
t.near(1 + 1e-13, 1)
t.eq(pcall(t.near, 1.1, 1, 0.05), false, "outside rel")
