-- An error about a 1 MB string quotes a bounded excerpt of it.
local level = dml.level { bandwidth = string.rep("x", 1000000), latency = "1 us" }
