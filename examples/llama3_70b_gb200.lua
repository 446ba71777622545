-- Llama 3 70B pretraining on 64 GB200s (one NVL72 rack) with Megatron-Bridge in FP8: no TP or
-- PP, Megatron-FSDP over all 64 GPUs, microbatch 2, 256 sequences of 8,192 tokens per step, and
-- the activations of 40 of the 80 layers offloaded to the Grace CPUs' memory.
-- Published (Megatron-Bridge docs/performance-summary.md, container 25.11, DGX-GB200 table):
-- 4,312 tokens/s per GPU. The layout and the offloaded layers are the release's recipe
-- (Megatron-Bridge v0.2.0, scripts/performance/configs/llama3/workload_base_configs.py:
-- LLAMA3_70B_GB200_FP8_CS_BASE_CONFIG, micro_batch_size 2, use_megatron_fsdp,
-- cpu_offloading_num_layers 40); the table gives the layout, not the offloading.
-- Without offloading the layout does not fit a GB200's 185 GiB; with it, its copies hide under
-- the compute of the layers after them but for about 15 ms of a 7.7 s step (docs/model.md 8.9:
-- the first copy starts after layer 0), and dml's search, left free, picks the same layout with
-- the fewest offloaded layers that fit (it prints how many).
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"
local stacks = require "dml.presets.stacks"

local llama = dml.transformer { name = "Llama 3 70B", layers = 80, d_model = 8192, heads = 64,
  kv_heads = 8, d_ff = 28672, vocab = 128256, seq_len = 8192 }
local cluster = dml.cluster { gpu = gpus.gb200, size = 64, levels = { networks.nvl72 } }
local run = dml.run { model = llama, cluster = cluster, stack = stacks.megatron_core,
  global_batch = 256, precision = "fp8" }

local recipe = { tp = 1, pp = 1, dp = 64, zero = 3, microbatch = 2, recompute = "none" }
local without = dml.evaluate(run, recipe)
print(string.format("Without offloading: %s", without.violations[1]))
recipe.offload = 40
local plan = dml.evaluate(run, recipe)
print(plan)
print(string.format("Llama 3 70B on 64 GB200s: dml %.0f tokens/s per GPU; published 4,312",
  plan.tokens_per_second_per_gpu))
local best = dml.optimize(run)
print(string.format("dml's fastest layout that fits: %s, %.0f tokens/s per GPU (%d layouts evaluated)",
  dml.layout_text(best.layout), best.tokens_per_second_per_gpu, best.layouts_evaluated))
