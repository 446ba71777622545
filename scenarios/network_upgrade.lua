-- What does a faster scale-out network buy a large dense run (d_model 98304,
-- 5.8e29 FLOP) on H100? Same cluster definition, 1x to 8x the InfiniBand bandwidth.
local clusters = require "lib.clusters"

local base = clusters.h100_ndr()
local results = dml.sweep {
  grid = { scale_out = { "100 GB/s", "200 GB/s", "400 GB/s", "800 GB/s" } },
  run = function(p)
    return dml.run { model = dml.mlp_stack { d_model = 98304 },
                     cluster = clusters.with_scale_out(base, p.scale_out) }
  end,
}
local t = dml.table({}, { title = "d_model 98304", columns = { "scale_out", "gpus", "months", "utilization" } })
for _, row in ipairs(results:rows()) do t:add(row) end
print(t)
