-- A level given both ways, bandwidth (both directions) and link (one direction), that disagree.
local gpus = require "dml.presets.gpus"
local cluster = dml.cluster {
  gpu = gpus.h100_sxm,
  levels = {
    { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" },
    { name = "infiniband", bandwidth = "100 GB/s", link = "800 Gb/s", latency = "1.125 us" },
  },
}
