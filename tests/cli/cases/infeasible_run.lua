-- A run that no cluster trains in time is a plan with its reason, not an error.
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"
local cluster = dml.cluster { gpu = gpus.h100_sxm, levels = { networks.nvlink4_h100, networks.infiniband_ndr } }
print(dml.optimize(dml.run { model = dml.mlp_stack { d_model = 12288 }, cluster = cluster, duration = "1 min" }))
-- A layout that fits the model but not the GPUs' memory is a plan with its reason too.
print()
print(dml.evaluate(dml.run { model = dml.mlp_stack { d_model = 12288 }, cluster = cluster }, { dp = 8 }))
