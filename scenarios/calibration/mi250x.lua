-- The MI250X's and MI250's GEMM efficiency (stdlib/dml/presets/gpus.lua), fitted on one LUMI run
-- and checked on the other MI250X runs of tests/validation/measured/mi250x_2023_2025.tsv
-- (docs/calibration.md, "The MI250X GEMM efficiency").
-- The presets started from a kernel measurement: 0.69, torch.matmul in bf16 at 8192^3 on an MI210
-- (the same CDNA 2 die) under ROCm 7.2. With it every MI250X run came out 19-64% too fast. One
-- value is fitted, every other value held:
--   gemm, on LUMI-MegDS-33B-64g (a 33B GPT on 64 GCDs, TP 2 x PP 4 x DP 8, Megatron-DeepSpeed on
--     ROCm 5.2, the README's benchmark output of spyysalo/lumi-llm-scaling);
--   held out: every other row of the file, of two sites' software (Megatron-DeepSpeed at other
--     sizes and scales, GPT-NeoX, BigCode's Megatron-LM, torchtitan and Hugging Face accelerate
--     on Frontier).
-- The MI250 (104 CUs a GCD) takes the MI250X's value. The fit must land on the value the presets
-- ship; the last line says whether it does.
local tsv = dml.beside("../../tests/validation/measured/mi250x_2023_2025.tsv")

local gpus = require "dml.presets.gpus"
local measured = require "dml.measured"
local estimate = 0.69  -- the kernel measurement the presets started from
local fit_row = "LUMI-MegDS-33B-64g"
local shipped = gpus.mi250x.efficiency.gemm

-- Every other row's mean absolute error (%) and their count, at a GEMM efficiency.
local function held_out(gemm)
  local put_back = dml.set_preset(gpus.mi250x.efficiency, { gemm = gemm })
  local sum, n = 0, 0
  for _, row in ipairs(measured.read_tsv(tsv)) do
    if row.run_id ~= fit_row then
      local r = measured.predict(row)
      if r.error_pct then sum, n = sum + math.abs(r.error_pct), n + 1 end
    end
  end
  put_back()
  return n > 0 and sum / n or nil, n
end

local put_back = dml.set_preset(gpus.mi250x.efficiency, { gemm = estimate })
local result = dml.calibrate {
  measured = tsv,
  preset = { gpu = "mi250x", stack = "megatron_2021" },
  fit = { "gemm" },
  rows = function(row) return row.run_id == fit_row end,
}
put_back()
print(result)
local fitted = result.values[1].after
local before_check, n_check = held_out(estimate)
local after_check = held_out(fitted)
print(string.format(
  "MI250X gemm %.4g from %.4g (fitted %.1f%% -> %.1f%%, %d held-out rows %.1f%% -> %.1f%%); the presets ship %s",
  fitted, estimate, result.fit.before_pct, result.fit.after_pct, n_check, before_check, after_check,
  math.abs(fitted - shipped) <= 5e-4 * shipped and "the same" or "DIFFERENT values"))
