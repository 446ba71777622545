-- A level cannot be bigger than the cluster.
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"
local cluster = dml.cluster {
  gpu = gpus.h100_sxm,
  size = 4,
  levels = { networks.nvlink4_h100, networks.infiniband_ndr },
}
