print(pcall(dml.q, math.huge, "s"), pcall(dml.q, 1e300, "EB"), pcall(dml.q, string.rep("x", 100000)))
print(pcall(dml.mlp_stack, { d_model = 2^63 }), pcall(dml.cluster, setmetatable({}, { __index = error })))
local co = coroutine.wrap(function() coroutine.yield(dml.q"1 s") end)
print(co(), pcall(dml.level, { bandwidth = co }))
