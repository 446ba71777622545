-- ZeRO-Offload: the optimizer's states and its step on the host CPU (DeepSpeed's offload_optimizer,
-- docs/model.md 8.9), so that a model fits fewer or smaller GPUs, at the price of the host's step.
-- Llama 2 13B, full fine-tuning at 4,096 tokens: on 8 A100 40GB GPUs ZeRO 2 does not fit; with the
-- optimizer on the host it does, and the plan shows what the host's step costs. Then one A100 80GB
-- of an 8-GPU server, a 7B model: its process has the whole host's CPU Adam.
-- The presets' host rate (4.2e8 parameters a second a GPU while every GPU of a server offloads) is
-- one published figure, DeepSpeed's ZenFlow blog on A100s; hosts differ by up to four times
-- (docs/model.md 8.9): set the GPU's host_optimizer_rate from a step of your own host.
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"
local stacks = require "dml.presets.stacks"

local llama13 = dml.transformer { name = "Llama 2 13B", layers = 40, d_model = 5120, heads = 40,
  kv_heads = 40, d_ff = 13824, vocab = 32000, seq_len = 4096 }
local server = dml.cluster { gpu = gpus.a100_sxm, size = 8, levels = { networks.nvlink3_a100 } }
-- DeepSpeed as a fine-tuning run uses it today: its 2021 stack's bf16 weights and gradients and
-- fp32 optimizer states, with FlashAttention (through Hugging Face) and overlap_comm on.
local deepspeed = dml.stack(stacks.deepspeed_zero3_2021, { name = "DeepSpeed with FlashAttention", attention = "flash",
  dropout = false, elementwise_factor = 1, dp_overlap = true, param_gather_overlap = true })
local run = dml.run { model = llama13, cluster = server, stack = deepspeed, global_batch = 64, tokens = 1e9 }
local layout = { tp = 1, pp = 1, dp = 8, zero = 2, microbatch = 1, recompute = "full" }

local on_gpu = dml.evaluate(run, layout)
print(string.format("ZeRO 2, optimizer on the GPUs: %s", on_gpu.feasible and "fits" or on_gpu.violations[1]))
layout.optimizer_offload = true
local offloaded = dml.evaluate(run, layout)
print(offloaded)

-- One GPU of an 8-GPU server: the run's first level keeps the server's size, so its one process
-- gets the whole host's rate.
local llama7 = dml.transformer { name = "Llama 2 7B", layers = 32, d_model = 4096, heads = 32,
  kv_heads = 32, d_ff = 11008, vocab = 32000, seq_len = 4096 }
local one = dml.cluster { gpu = gpus.a100_sxm_80gb, size = 1,
  levels = { { name = "nvlink", size = 8, bandwidth = "600 GB/s", latency = "2 us" } } }
local single = dml.run { model = llama7, cluster = one, stack = deepspeed, global_batch = 8, tokens = 1e9 }
local alone = { tp = 1, pp = 1, dp = 1, zero = 2, microbatch = 1, recompute = "full" }
local without = dml.evaluate(single, alone)
print(string.format("Llama 2 7B on one A100 80GB, optimizer on the GPU: %s",
  without.feasible and "fits" or without.violations[1]))
alone.optimizer_offload = true
local with = dml.evaluate(single, alone)
print(string.format("With ZeRO-Offload: %s, step %.1f s of which the host's optimizer %.1f s, %.0f tokens/s",
  with.feasible and "fits" or with.violations[1], with.time.step / dml.q"1 s", with.time.optimizer / dml.q"1 s",
  with.tokens_per_second))
