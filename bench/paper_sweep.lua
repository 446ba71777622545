-- A paper-model sweep whose points are cheap to search, so that declaring each point's run sets
-- its pace (docs/performance.md, "Declaring runs"): d_model 256 x 1..N by 1,000 network
-- bandwidths, each a dml.run of a dml.mlp_stack on 64 H100s in 8-GPU nodes.
--   /usr/bin/time build/dml bench/paper_sweep.lua 10      # 10,000 points
local gpus = dml.presets.gpus
local n = tonumber(arg[1] or 10)
local widths, bandwidths = {}, {}
for i = 1, n do widths[i] = 256 * i end
for i = 1, 1000 do bandwidths[i] = string.format("%d GB/s", i) end
local t = dml.sweep { label = "paper_sweep", grid = { d_model = widths, ib = bandwidths },
  run = function(p)
    return dml.run { model = dml.mlp_stack { d_model = p.d_model },
      cluster = dml.cluster { gpu = gpus.h100_sxm, size = 64, levels = {
        { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" },
        { name = "ib", bandwidth = p.ib, latency = "1.125 us" } } } }
  end }
print(#t .. " points")
