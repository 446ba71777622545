-- How the fastest layout of a mixture-of-experts run moves with its global batch: 40 batches
-- of 256 to 10,240 sequences of 4,096 tokens, a 64-expert top-4 model (80 B parameters, 7.9 B
-- active) on 512 H100s with the Megatron-Core stack. Each point is a full search (TP with SP,
-- PP and its schedule, DP with ZeRO, CP, EP, microbatch, recompute); dml.sweep searches the 40
-- runs on all cores (docs/performance.md times it).
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"
local stacks = require "dml.presets.stacks"

local moe = dml.transformer { name = "MoE 64x top-4", layers = 48, d_model = 4096, heads = 32,
  kv_heads = 8, d_ff = 14336, vocab = 128000, seq_len = 4096,
  moe = { experts = 64, top_k = 4, expert_d_ff = 2048 } }
local cluster = dml.cluster { gpu = gpus.h100_sxm, size = 512,
  levels = { networks.nvlink4_h100, networks.infiniband_ndr } }

local batches = {}
for i = 1, 40 do batches[i] = 256 * i end
local t = dml.sweep { grid = { global_batch = batches }, label = "batches",
  run = function(p)
    return dml.run { model = moe, cluster = cluster, stack = stacks.megatron_core,
      global_batch = p.global_batch }
  end }

local rows = {}
for i, plan in ipairs(t.plans) do
  rows[i] = { global_batch = batches[i], layout = dml.layout_text(plan.layout),
    tokens_per_s_per_gpu = plan.tokens_per_second_per_gpu, mfu = plan.mfu,
    step_s = plan.time.step:value("s") }
end
print(dml.table(rows, { columns = { "global_batch", "tokens_per_s_per_gpu", "mfu", "step_s", "layout" } }))
print(string.format("%d runs searched, %s layouts", #t.plans, dml.count_text((function()
  local n = 0
  for _, p in ipairs(t.plans) do n = n + p.layouts_evaluated end
  return n end)())))
