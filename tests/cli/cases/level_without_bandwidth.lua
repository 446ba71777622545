-- A level with neither bandwidth (both directions) nor link (one direction).
local gpus = require "dml.presets.gpus"
local cluster = dml.cluster {
  gpu = gpus.h100_sxm,
  levels = {
    { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" },
    { name = "infiniband", latency = "1.125 us" },
  },
}
