-- Uses a calibrated library: GPT-3 175B on 1,536 and 3,072 A100s, step time with the shipped and the
-- calibrated A100 and Megatron-LM (2021) presets, and the fastest layout on 3,072 with the calibrated ones.
-- First write the library: dml scenarios/calibration/a100_narayanan.lua (it writes
-- a100_megatron_2021.lua); then, from the same directory: dml --lib . scenarios/calibration/use_calibrated.lua
local gpus = require "dml.presets.gpus"
local stacks = require "dml.presets.stacks"
local cal = require "a100_megatron_2021"

local gpt3 = dml.transformer { name = "GPT-3 175B", layers = 96, d_model = 12288, heads = 96,
  kv_heads = 96, d_ff = 49152, gated = false, vocab = 51200, tied_embeddings = true, seq_len = 2048 }

local function run(gpu, stack, n)
  return dml.run { model = gpt3, stack = stack, global_batch = 1536,
    cluster = dml.cluster { gpu = gpu, size = n, levels = {
      { name = "nvlink", size = 8, bandwidth = "600 GB/s", latency = "2 us" },
      { name = "network", bandwidth = "50 GB/s", latency = "6 us" } } } }
end

-- Narayanan et al.'s layout of Table 2 (no sequence parallelism in Megatron-LM of 2021).
local layout = { tp = 8, pp = 12, interleave = 1, microbatch = 1, recompute = "full", zero = 0,
                 sequence_parallel = false }
local rows = {}
for _, n in ipairs { 1536, 3072 } do
  local shipped = dml.evaluate(run(gpus.a100_sxm_80gb, stacks.megatron_2021, n), layout)
  local calibrated = dml.evaluate(run(cal.gpu, cal.stack, n), layout)
  rows[#rows + 1] = { gpus = n, layout = dml.layout_text(shipped.layout), shipped_s = shipped.time.step,
    calibrated_s = calibrated.time.step, shipped_mfu = shipped.mfu, calibrated_mfu = calibrated.mfu }
end
print(dml.table(rows, { title = "GPT-3 175B, batch 1536, Megatron-LM (2021) on A100s",
  columns = { "gpus", "layout", "shipped_s", "calibrated_s", "shipped_mfu", "calibrated_mfu" } }))
print()
local best = dml.optimize(run(cal.gpu, cal.stack, 3072), { zero = 0, sequence_parallel = false })
print(string.format("fastest on 3,072 with the calibrated presets: %s, %s per step, MFU %.1f%%",
  dml.layout_text(best.layout), best.time.step, 100 * best.mfu))
print(string.format("the calibration: %d rows of %s fitted (%s ... %s); gemm %.4g, nvlink %.4g, layer_overhead %s",
  #cal.fit.rows, cal.fit.measured, cal.fit.rows[1], cal.fit.rows[#cal.fit.rows], cal.gpu.efficiency.gemm,
  cal.gpu.efficiency.nvlink, cal.stack.layer_overhead))
