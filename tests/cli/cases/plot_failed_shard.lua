-- A shard whose rows all failed (a sweep's on_error = "row" points, their cells empty) draws
-- nothing and goes on, as an empty shard does (helper-369: it failed the shard).
local t = dml.table({ { x = 1 }, { x = 2 } }, { columns = { "x", "y" } })
dml.plot { path = "failed-shard.png", table = t, x = "x", y = "y" }
print("went on")
