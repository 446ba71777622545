-- On a cluster of a given size the search's EP degree is gcd(GPUs, experts): 257 experts share no
-- factor with 16,384 GPUs and run EP 1 (256 experts run EP 256). The plan's notes say which
-- degrees the size allowed and the next size that allows EP = experts; a sweep's rows carry them.
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"
local cluster = dml.cluster { gpu = gpus.h100_sxm, size = 16384,
  levels = { networks.nvlink4_h100, networks.infiniband_ndr } }
local prime = dml.optimize(dml.run { model = dml.mlp_stack { d_model = 4096, experts = 257 }, cluster = cluster })
print(tostring(prime):match("^[^\n]*\n[^\n]*\n[^\n]*\n[^\n]*"))
local results = dml.sweep { grid = { experts = { 24, 256, 257 } }, run = function(p)
  return dml.run { model = dml.mlp_stack { d_model = 4096, experts = p.experts },
                   cluster = dml.cluster(cluster, { size = 2048 }) } end }
for _, row in ipairs(results:rows()) do print(row.experts, row.ep, row.notes) end
