-- The GB200's and GB300's calibrated values (stdlib/dml/presets/gpus.lua), fitted on
-- Megatron-Bridge's runs of 2026 and checked on runs of another model and layout
-- (docs/calibration.md, "The Blackwell GEMM efficiencies" and "The Blackwell FP4 gain").
-- Each GPU's presets held the H100's efficiencies until measured runs on it were published. Two
-- values a GPU are fitted, one at a time, every other value held:
--   gemm, on the dense FP8 and MXFP8 rows of tests/validation/measured/megatron_bridge_2602_2606.tsv:
--     fitted on the Llama 3.1 405B rows (10 a GPU), held out the Llama 3 70B rows (8 a GPU),
--     started from the H100's value. Every row runs FP8 matmuls: the fit decides gemm x fp8_gain,
--     and a BF16 run on these GPUs takes the fitted gemm on trust;
--   fp4_gain, on tests/validation/measured/megatron_bridge_nvfp4.tsv, the shipped gemm held:
--     fitted on the 405B rows (5 a GPU), held out the 70B rows (4 a GPU), started from the
--     datasheets' ratio, FP4 at twice the FP8 rate on the GB200 and three times on the GB300.
-- Each fit must land on the value the presets ship; the last line says whether it does.
local function beside(name)  -- a file of tests/validation/measured
  return dml.beside("../../tests/validation/measured/" .. name)
end

local gpus = require "dml.presets.gpus"
local function llama_405b(row) return (row.model or ""):find("405B", 1, true) ~= nil end

-- Fits `value` of one GPU on `tsv`'s rows on it (`rows` narrows them) from `start`; puts the
-- shipped value back and returns the summary and whether the fit landed on it.
local function fit(gpu, value, tsv, start, rows)
  local eff = gpus[gpu.key].efficiency
  local shipped = eff[value]
  dml.set_preset(eff, { [value] = start })  -- the judge reads the preset: changed for the run
  local function on_gpu(row) return (row.gpu or ""):find(gpu.name, 1, true) ~= nil and rows(row) end
  local result = dml.calibrate {
    measured = tsv,
    preset = { gpu = gpu.key, stack = "megatron_core" },
    fit = { value },
    rows = function(row) return on_gpu(row) and llama_405b(row) end,
    check = function(row) return on_gpu(row) and not llama_405b(row) end,
  }
  dml.set_preset(eff, { [value] = shipped })
  print(result)
  local fitted = result.values[1].after
  return string.format("%s %.4g from %.4g (fitted %.1f%% -> %.1f%%, held out %.1f%% -> %.1f%%)", gpu.name, fitted,
    start, result.fit.before_pct, result.fit.after_pct, result.check.before_pct, result.check.after_pct),
    math.abs(fitted - shipped) <= 5e-4 * shipped
end

local blackwell = { { key = "gb200", name = "GB200", fp4_ratio = 2 }, { key = "gb300", name = "GB300", fp4_ratio = 3 } }
local function dense(row) return row.moe_experts == nil end
local function any() return true end
for _, job in ipairs {
  { value = "gemm", tsv = beside "megatron_bridge_2602_2606.tsv", rows = dense,
    start = function() return gpus.h100_sxm.efficiency.gemm end },
  { value = "fp4_gain", tsv = beside "megatron_bridge_nvfp4.tsv", rows = any,
    start = function(gpu) return gpus[gpu.key].efficiency.fp8_gain * gpu.fp4_ratio end },
} do
  local summary, same = {}, true
  for _, gpu in ipairs(blackwell) do
    local text, landed = fit(gpu, job.value, job.tsv, job.start(gpu), job.rows)
    summary[#summary + 1], same = text, same and landed
  end
  print(string.format("Blackwell %s: %s; the presets ship %s", job.value, table.concat(summary, "; "),
    same and "the same" or "DIFFERENT values"))
end
