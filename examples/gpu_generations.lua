-- Comparing GPU generations: the same dense model (d_model 24576, about 1.5
-- trillion parameters) trained in the paper's 3 months on V100, A100, H100,
-- H200 and B200 clusters, each with its own NVLink node and InfiniBand.
-- The H200 is the H100's chip with more and faster memory (141 GB, 4.8 TB/s): the paper's model
-- holds no memory capacity, and at this width its matmuls wait on arithmetic, not on memory (an
-- H100 given 1.5 TB/s plans the same), so the H200's row is the H100's. The realistic model
-- (dml.transformer) prices both.
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"

local generations = {
  { gpus.v100_sxm, networks.nvlink2_v100, networks.infiniband_edr },
  { gpus.a100_sxm, networks.nvlink3_a100, networks.infiniband_hdr },
  { gpus.h100_sxm, networks.nvlink4_h100, networks.infiniband_ndr },
  { gpus.h200_sxm, networks.nvlink4_h100, networks.infiniband_ndr },
  { gpus.b200, networks.nvlink5_b200, networks.infiniband_xdr },
}

local rows = {}
for _, g in ipairs(generations) do
  local cluster = dml.cluster { gpu = g[1], levels = { g[2], g[3] } }
  local plan = dml.optimize(dml.run { model = dml.mlp_stack { d_model = 24576 }, cluster = cluster })
  rows[#rows + 1] = {
    gpu = g[1].name, gpus = plan.gpus, months = plan.months, utilization = plan.utilization,
    layout = dml.layout_text(plan.layout),
  }
end
print(dml.table(rows, { title = "d_model 24576, 3 months", columns = { "gpu", "gpus", "months", "utilization", "layout" } }))
