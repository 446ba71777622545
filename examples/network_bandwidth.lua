-- What network bandwidth would keep utilization above 50% at 1e29 FLOP?
-- Sweeps the per-GPU bandwidth of the InfiniBand level for the paper's dense
-- model nearest 1e29 FLOP on H100 nodes, on all cores, and reports the least
-- bandwidth that keeps utilization at or above 50%.
local gpus = require "dml.presets.gpus"
local paper = require "dml.paper.erdil2024"

-- the paper's grid point nearest 1e29 FLOP (d_model 73728: 1.34e29 FLOP)
local d_model = 73728
local bandwidths = { "50 GB/s", "100 GB/s", "200 GB/s", "400 GB/s", "800 GB/s", "1.6 TB/s", "3.2 TB/s" }

local results = dml.sweep {
  grid = { ib_bandwidth = bandwidths },
  run = function(p)
    return dml.run {
      model = dml.mlp_stack { d_model = d_model },
      cluster = dml.cluster { gpu = gpus.h100_sxm, levels = {
        { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" },
        { name = "infiniband", bandwidth = p.ib_bandwidth, latency = "1.125 us" },
      } },
    }
  end,
}
local shown = dml.table({}, { columns = { "ib_bandwidth", "train_flop", "gpus", "months", "utilization" } })
for _, row in ipairs(results:rows()) do shown:add(row) end
print(shown)

local needed
for i, plan in ipairs(results.plans) do
  if plan.feasible and plan.utilization >= 0.5 then needed = bandwidths[i]; break end
end
print(needed and ("utilization stays above 50% from " .. needed .. " per GPU")
  or "no bandwidth in the sweep keeps utilization above 50%")
