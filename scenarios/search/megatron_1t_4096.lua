-- The fastest layout of a 1T GPT on 4,096 A100 80GB GPUs: the search Calculon ran (Isaev et al.
-- 2023, "Calculon: a methodology and tool for high-level co-design of systems and large language
-- models", SC'23: about 3.9 M layouts in about 74 minutes on 2 cores).
-- The model is Korthikanti et al. 2022's 1T GPT (arXiv 2205.05198, Table 3): 128 layers, d_model
-- 25,600, 160 heads, sequences of 2,048, vocabulary 51,200, global batch 3,072.
-- dml searches TP (with SP), PP and interleave, DP with its ZeRO stage, microbatch and
-- recomputation on the Megatron 2022 stack and prints how many layouts it costed.
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"
local stacks = require "dml.presets.stacks"

local gpt = dml.transformer { name = "GPT 1T", layers = 128, d_model = 25600, heads = 160, kv_heads = 160,
  d_ff = 4 * 25600, gated = false, vocab = 51200, seq_len = 2048 }
local cluster = dml.cluster { gpu = gpus.a100_sxm_80gb, size = 4096,
  levels = { networks.nvlink3_a100, networks.infiniband_hdr } }
local run = dml.run { model = gpt, cluster = cluster, stack = stacks.megatron_2022, global_batch = 3072 }

local t0 = os.clock()
local best, next_best = dml.optimize(run, { cp = 1, runners_up = 4 })
local seconds = os.clock() - t0
print(best)
print("the next four:")
for _, p in ipairs(next_best) do
  print(string.format("  %-80s %8.1f s per step", dml.layout_text(p.layout), p.time.step:value("s")))
end
print(string.format("%s layouts evaluated in %.3f s of CPU time", dml.count_text(best.layouts_evaluated), seconds))
