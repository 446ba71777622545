-- Which cluster trains a 2.9e26-FLOP dense model (d_model 24576) fastest per GPU?
-- Compares the shared cluster definitions of scenarios/lib/clusters.lua.
local clusters = require "lib.clusters"

local rows = {}
for _, name in ipairs { "h100_ndr", "h100_xdr", "b200_xdr", "b200_nvl72" } do
  local cluster = clusters[name]()
  local plan = dml.optimize(dml.run { model = dml.mlp_stack { d_model = 24576 }, cluster = cluster })
  rows[#rows + 1] = { cluster = name, gpu = cluster.gpu.name, gpus = plan.gpus, months = plan.months,
    utilization = plan.utilization, note = plan.feasible and "" or plan.violations[1] }
end
print(dml.table(rows, { title = "d_model 24576 in the paper's 3 months",
  columns = { "cluster", "gpu", "gpus", "months", "utilization", "note" } }))
