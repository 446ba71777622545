-- A transformer layout degree that does not divide what it splits makes an infeasible plan whose
-- violations list the divisors: every degree in turn (Llama 3 8B on 64 GPUs, 512 sequences).
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"
local stacks = require "dml.presets.stacks"
local model = dml.transformer { layers = 32, d_model = 4096, heads = 32, kv_heads = 8, d_ff = 14336,
  vocab = 128256, seq_len = 8192 }
local moe = dml.transformer(model, { moe = { experts = 8, top_k = 2 } })
local function run(m, size)
  return dml.run { model = m, stack = stacks.megatron_core, global_batch = 512,
    cluster = dml.cluster { gpu = gpus.h100_sxm, size = size or 64,
      levels = { networks.nvlink4_h100, networks.infiniband_ndr } } }
end
local layouts = {
  { "tp = 3", model, { tp = 3 } },
  { "microbatch = 3", model, { tp = 2, pp = 2, dp = 16, microbatch = 3 } },
  { "tp_model = 3", model, { tp = 8, tp_model = 3 } },
  { "cp = 3", model, { tp = 1, cp = 3, dp = 21 } },
  { "shard = 5", model, { tp = 1, dp = 64, zero = 1, shard = 5 } },
  { "ep = 3", moe, { tp = 1, dp = 64, ep = 3 } },
  { "ep = 8 on tp x dp = 4", moe, { tp = 1, pp = 16, dp = 4, ep = 8 } },
  { "dp = 24 on 48 GPUs", model, { tp = 2 }, 48 },
  { "tp = 3 with shard 2: nothing of the assumed dp", model, { tp = 3, zero = 1, shard = 2 } },
}
for _, case in ipairs(layouts) do
  print("-- " .. case[1])
  print(table.concat(dml.evaluate(run(case[2], case[4]), case[3]).violations, "\n"))
end
