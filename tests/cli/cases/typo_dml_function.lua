-- A typo in a dml function is an error at its line, never nil.
local gpus = require "dml.presets.gpus"
local cluster = dml.cluster { gpu = gpus.h100_sxm, levels = { { bandwidth = "900 GB/s", latency = "1.125 us" } } }
local run = dml.run { model = dml.mlp_stack { d_model = 12288 }, cluster = cluster }
print(dml.optimise(run))
