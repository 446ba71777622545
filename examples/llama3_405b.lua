-- Llama 3 405B as Meta trained it: 16,384 H100s, TP 8 x PP 16 (interleaved) x DP 128,
-- 2,048 sequences of 8,192 tokens per step, 15.6e12 tokens, BF16.
-- Published (Dubey et al. 2024, "The Llama 3 Herd of Models", arXiv 2407.21783, section 3.3
-- and Table 4): 400 TFLOP/s per GPU, 41% BF16 MFU, on 16,384 GPUs at this layout; 430 TFLOP/s,
-- 43%, on 8,192 GPUs with DP 64; with context parallelism 16 for 131,072-token sequences:
-- 380 TFLOP/s, 38% MFU.
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"
local stacks = require "dml.presets.stacks"

local llama = dml.transformer { name = "Llama 3 405B", layers = 126, d_model = 16384, heads = 128,
  kv_heads = 8, d_ff = 53248, vocab = 128256, seq_len = 8192 }
-- Meta's stack overlaps like Megatron-Core and reduce-scatters gradients in fp32 (section 3.3.2).
local meta = dml.stack(stacks.megatron_core, { name = "Llama 3 training stack", gradient_reduce_bytes = 4 })
local function cluster(n)
  return dml.cluster { gpu = gpus.h100_sxm, size = n,
    levels = { networks.nvlink4_h100, networks.infiniband_ndr } }
end
local run = dml.run { model = llama, cluster = cluster(16384), stack = meta, global_batch = 2048,
  tokens = "15.6e12 tokens" }

-- The layout as section 3.3.2 gives it: 126 layers on 16 stages of 8 interleaved chunks, one
-- layer short at each end (the first chunk holds only the embedding, the last only the loss);
-- no activation checkpointing at 8K tokens; FSDP sharding the optimizer state and gradients but
-- not the weights (ZeRO-2), gradients accumulated over the microbatches and reduce-scattered in
-- fp32. The report does not say how often the reduce-scatter ran, and at this scale that is the
-- largest cost after the matmuls (docs/model.md 8.7): holding only a shard of the gradients, ZeRO-2
-- reduce-scatters every microbatch's, sixteen fp32 reduce-scatters a step; accumulating whole
-- gradients in fp32 and reducing them once a step is dml's ZeRO-1, which dml's memory model says
-- does not fit (Meta freed tensors early, section 3.3.2, which dml does not model). The two
-- bracket the run.
local published = { tp = 8, pp = 16, interleave = 8, dp = 128, microbatch = 1, recompute = "none",
  zero = 2, schedule = "1f1b" }
local function with(layout, changes)
  local out = {}
  for k, v in pairs(layout) do out[k] = v end
  for k, v in pairs(changes) do out[k] = v end
  return out
end
local plan = dml.evaluate(run, published)
print(plan)
local once = dml.evaluate(run, with(published, { zero = 1 }))
print(string.format("Llama 3 405B on 16,384 H100s: dml %.0f%% MFU (%.0f TFLOP/s per GPU) reducing every microbatch,"
  .. " %.0f%% once a step (%.1f GiB, over the memory); published 41%%, 400 TFLOP/s",
  100 * plan.mfu, plan.mfu * 989.4, 100 * once.mfu, once.memory.total:value "GiB"))
local half_run = dml.run(run, { cluster = cluster(8192) })
local half_layout = { tp = 8, pp = 16, interleave = 8, dp = 64, microbatch = 1, recompute = "none", zero = 2,
  schedule = "1f1b" }
local half = dml.evaluate(half_run, half_layout)
local half_once = dml.evaluate(half_run, with(half_layout, { zero = 1 }))
print(string.format("on 8,192 H100s (DP 64): dml %.0f%% to %.0f%% MFU; published 43%%, 430 TFLOP/s", 100 * half.mfu,
  100 * half_once.mfu))
-- The step time is the layout's. dml's activation count (Korthikanti et al. 2022, 0.5 GiB a
-- one-layer chunk): the step's 16 microbatches are as many as the stages, so every forward runs
-- before the first backward and each device holds 16 x 8 chunks, 72.8 of the 79.6 GiB an H100
-- lets a framework allocate (at 8,192 GPUs, 32 microbatches, the second device holds 141 chunks,
-- 79.6 GiB). Meta also freed each stage's input and output tensors as soon as they were used
-- (section 3.3.2), which dml does not model. ZeRO-2 is the report's; dml's search also tries ZeRO
-- 0, 1 (Megatron-Core's distributed optimizer) and 3 (FSDP). What dml itself would run on the
-- published degrees, within its memory model:
local best = dml.optimize(run, { tp = 8, pp = 16, dp = 128, microbatch = 1 })
print(string.format("dml's fastest layout that fits its memory model: %s, %.0f%% MFU",
  dml.layout_text(best.layout), 100 * best.mfu))

-- Long context: 131,072-token sequences with CP 16 (the same 16M tokens per step), keys and
-- values all-gathered (section 3.3.2). Each GPU holds 8,192 tokens of a sequence, as at 8K, so the
-- 8K layout's chunks and memory carry over; the report does not say whether this stage
-- recomputed activations.
local long = dml.run(run, { model = dml.transformer(llama, { seq_len = 131072 }), global_batch = 128 })
local cp_published = dml.evaluate(long, { tp = 8, pp = 16, interleave = 8, cp = 16, dp = 8, microbatch = 1,
  recompute = "none", zero = 2, schedule = "1f1b", cp_kind = "allgather" })
local cp = dml.optimize(long, { tp = 8, pp = 16, cp = 16, dp = 8, microbatch = 1, cp_kind = "allgather" })
print(string.format("with CP 16 at 131,072 tokens: dml %.0f%% MFU on the 8K layout, %.0f%% with dml's choice (%s); published 38%%",
  100 * cp_published.mfu, 100 * cp.mfu, cp.layout.recompute .. " recompute"))
