-- A clock a million times too slow: the months print in scientific notation, not as 14 digits.
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"
local slow = dml.gpu(gpus.h100_sxm, { clock = "1e-6 Hz" })
local cluster = dml.cluster { gpu = slow, levels = { networks.nvlink4_h100, networks.infiniband_ndr } }
local run = dml.run { model = dml.mlp_stack { d_model = 4096 }, cluster = cluster }
print(dml.evaluate(run, { dp = 128, pp = 1, tp = { model = 2, ff = 4 } }))
