-- A cluster of 201 network levels is refused by dml.cluster, in the user's field names.
local gpus = require "dml.presets.gpus"
local levels = {}
for i = 1, 200 do levels[i] = { size = 2, bandwidth = "900 GB/s", latency = "1 us" } end
levels[201] = { bandwidth = "100 GB/s", latency = "1 us" }
local cluster = dml.cluster { gpu = gpus.h100_sxm, levels = levels }
