-- A bandwidth given as a bare number: which unit was meant?
local gpus = require "dml.presets.gpus"
local cluster = dml.cluster {
  gpu = gpus.h100_sxm,
  levels = {
    { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" },
    { name = "infiniband", bandwidth = 100e9, latency = "1.125 us" },
  },
}
