-- A level given per direction: a 400 Gb/s NIC is 100 GB/s both directions together. The
-- printed cluster shows both.
local networks = require "dml.presets.networks"
local gpus = require "dml.presets.gpus"
local ib = dml.level { name = "infiniband", link = "400 Gb/s", latency = "1.125 us" }
print(ib)
print(dml.level(networks.nvlink4_h100, { link = "450 GB/s" }).bandwidth)
local cluster = dml.cluster { gpu = gpus.h100_sxm, levels = { networks.nvlink4_h100, ib } }
print(cluster.levels[1])
