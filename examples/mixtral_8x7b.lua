-- Mixtral 8x7B pretraining on 64 B200s with NeMo (FP8): EP 8, no TP or PP, microbatch 2,
-- 256 sequences of 4,096 tokens per step.
-- Published (NVIDIA NeMo Framework performance summary, container 25.02, DGX-B200 table):
-- 15,457 tokens/s per GPU, 1,282 model TFLOP/s per GPU.
-- The B200 preset's GEMM efficiency is the GB200's fitted one (the same die), its other
-- efficiencies the H100's (docs/calibration.md, "The HGX Blackwell parts"). On NVIDIA's B200
-- tables dml predicts dense runs within 19% and most mixture-of-experts runs too fast, by up
-- to 70% (docs/validation.md); this one comes out about 26% too fast: read it as a lower bound
-- on the step time.
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"
local stacks = require "dml.presets.stacks"

local mixtral = dml.transformer { name = "Mixtral 8x7B", layers = 32, d_model = 4096, heads = 32,
  kv_heads = 8, d_ff = 14336, vocab = 32000, seq_len = 4096,
  moe = { experts = 8, top_k = 2 } }
local cluster = dml.cluster { gpu = gpus.b200, size = 64,
  levels = { networks.nvlink5_b200, networks.infiniband_xdr } }
local run = dml.run { model = mixtral, cluster = cluster, stack = stacks.megatron_core,
  global_batch = 256, precision = "fp8" }

local plan = dml.evaluate(run, { tp = 1, pp = 1, cp = 1, dp = 64, ep = 8, microbatch = 2, zero = 1,
  recompute = "none" })
print(plan)
print(string.format("Mixtral 8x7B on 64 B200s: dml %.0f tokens/s per GPU; published 15,457", plan.tokens_per_second_per_gpu))
local best = dml.optimize(run)
print(string.format("dml's fastest layout that fits: %s, %.0f tokens/s per GPU (%d layouts evaluated)",
  dml.layout_text(best.layout), best.tokens_per_second_per_gpu, best.layouts_evaluated))
