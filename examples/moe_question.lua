-- How large a mixture-of-experts run can a 3-month H100 cluster train?
-- Declares a cluster and a model, finds the fastest layout on the smallest
-- cluster that meets the duration, prints where the time goes, saves the plan,
-- then asks for the largest such run on the paper's grid of model sizes.
-- Usage: dml examples/moe_question.lua [plan.json]
local usage = "usage: dml examples/moe_question.lua [plan.json|.csv|.tsv]"
if arg[1] == "--help" or arg[1] == "-h" then print(usage) return end
if arg[2] then dml.usage_error("one output file at most: " .. usage) end
local out = dml.check_output(arg[1] or "plan.json", usage, "table")   -- before the work, not after
local gpus = require "dml.presets.gpus"

local cluster = dml.cluster {
  gpu = gpus.h100_sxm,
  levels = {                                          -- innermost first
    { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" },  -- both ways
    { name = "infiniband",       link = "400 Gb/s",      latency = "1.125 us" },  -- each way
  },
}
local model = dml.mlp_stack { d_model = 36864, experts = 24 }   -- the paper's model kind
local run = dml.run { model = model, cluster = cluster, batch = "paper", duration = "90 days" }
local plan = dml.optimize(run)   -- the fastest layout, on the smallest cluster that meets the duration
print(plan)
dml.save(plan, out)                                             -- also .csv / .tsv by extension

-- The limit: the largest MoE run on the paper's grid that any cluster of these
-- GPUs trains within the duration, and where linear scaling ends.
local setting = dml.setting { cluster = cluster, sparsity = "paper", duration = "90 days" }
local largest, at = dml.largest_run(setting)
print()
print(string.format("largest MoE run in 90 days: %s on %s GPUs at %.1f%% utilization",
  tostring(largest), dml.count_text(at.gpus), 100 * at.utilization))
local ends, util = dml.linear_scaling_ends(setting)
print(string.format("linear scaling ends at %s (utilization %.1f%%)", tostring(ends), 100 * util))
