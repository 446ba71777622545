-- A misspelt field of a run, nested inside dml.optimize's argument.
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"
local cluster = dml.cluster { gpu = gpus.h100_sxm, levels = { networks.nvlink4_h100, networks.infiniband_ndr } }
local plan = dml.optimize {
  model = dml.mlp_stack { d_model = 12288 },
  cluster = cluster,
  duraton = "90 days",
}
