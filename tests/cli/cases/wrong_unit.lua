-- A bandwidth written as a size.
local gpus = require "dml.presets.gpus"
local cluster = dml.cluster {
  gpu = gpus.h100_sxm,
  levels = {
    { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" },
    { name = "infiniband", bandwidth = "100 GB", latency = "1.125 us" },
  },
}
