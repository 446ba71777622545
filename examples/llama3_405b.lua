-- Llama 3 405B as Meta trained it: 16,384 H100s, TP 8 x PP 16 (interleaved) x DP 128,
-- 2,048 sequences of 8,192 tokens per step, 15.6e12 tokens, BF16.
-- Published (Dubey et al. 2024, "The Llama 3 Herd of Models", arXiv 2407.21783, section 3.3
-- and Table 4): 400 TFLOP/s per GPU, 41% BF16 MFU, on 16,384 GPUs at this layout; with context
-- parallelism 16 for 131,072-token sequences: 380 TFLOP/s, 38% MFU.
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"
local stacks = require "dml.presets.stacks"

local llama = dml.transformer { name = "Llama 3 405B", layers = 126, d_model = 16384, heads = 128,
  kv_heads = 8, d_ff = 53248, vocab = 128256, seq_len = 8192 }
-- Meta's stack overlaps like Megatron-Core and reduce-scatters gradients in fp32 (section 3.3.4).
local meta = dml.stack(stacks.megatron_core, { name = "Llama 3 training stack", gradient_reduce_bytes = 4 })
local cluster = dml.cluster { gpu = gpus.h100_sxm, size = 16384,
  levels = { networks.nvlink4_h100, networks.infiniband_ndr } }
local run = dml.run { model = llama, cluster = cluster, stack = meta, global_batch = 2048,
  tokens = "15.6e12 tokens" }

local plan = dml.evaluate(run, { tp = 8, pp = 16, interleave = 4, dp = 128, microbatch = 1,
  recompute = "none", zero = 1, schedule = "1f1b" })
print(plan)
-- Without recomputation the first stage's activations (Korthikanti et al. 2022's count, 126
-- layers' worth and more when interleaved) overflow 80 GB; let dml choose what the paper leaves
-- unsaid (interleave, recompute, sharding) on the published degrees.
local best = dml.optimize(run, { tp = 8, pp = 16, dp = 128, microbatch = 1 })
print(best)
print(string.format("Llama 3 405B on 16,384 H100s: dml %.0f%% MFU (%.0f TFLOP/s per GPU); published 41%%, 400 TFLOP/s",
  100 * best.mfu, best.mfu * 989.4))

-- Long context: 131,072-token sequences with CP 16 (the same 16M tokens per step).
local long = dml.run(run, { model = dml.transformer(llama, { seq_len = 131072 }), global_batch = 128 })
local cp = dml.optimize(long, { tp = 8, pp = 16, cp = 16, dp = 8, microbatch = 1, cp_kind = "allgather" })
print(string.format("with CP 16 at 131,072 tokens: dml %.0f%% MFU; published 38%%", 100 * cp.mfu))
