-- The AMD presets' calibrated values (stdlib/dml/presets/gpus.lua), fitted on AMD's MI325X runs
-- and checked on runs of another GPU generation and source (docs/calibration.md, "The AMD
-- Instinct FP8 gain and attention").
-- The MI300X's efficiencies were estimates until AMD's measured runs were transcribed
-- (tests/validation/measured/amd_instinct_2025_2026.tsv). Two values are fitted together,
-- every other value held:
--   fp8_gain and attention, on the three MI325X rows (Llama 3.1 8B FP8, 70B FP8 and 70B BF16 on
--     64 GPUs, AMD's Primus v26.1), started from the estimates the MI300X shipped before (1.6 and
--     0.25); the MI300X and MI325X share their compute dies and take the fit;
--   held out: the six MLPerf Training v5.1 Llama 3.1 8B runs on MI355X and MI350X (CDNA 4, four
--     submitters), whose presets take the same two values (their FP8 rate is twice their FP16
--     rate a CU, as on CDNA 3).
-- The fit must land on the values the presets ship; the last line says whether it does.
local tsv = dml.beside("../../tests/validation/measured/amd_instinct_2025_2026.tsv")

local gpus = require "dml.presets.gpus"
local measured = require "dml.measured"
local values = { "fp8_gain", "attention" }
local estimates = { fp8_gain = 1.6, attention = 0.25 }  -- the MI300X's before the fit
local cdna3, cdna4 = { "mi300x", "mi325x" }, { "mi350x", "mi355x" }

local shipped = {}
for _, v in ipairs(values) do shipped[v] = gpus.mi325x.efficiency[v] end
-- Sets both values on every AMD preset.
local function set(with)
  for _, key in ipairs(cdna3) do
    for _, v in ipairs(values) do dml.set_preset(gpus[key].efficiency, { [v] = with[v] }) end
  end
  for _, key in ipairs(cdna4) do
    for _, v in ipairs(values) do dml.set_preset(gpus[key].efficiency, { [v] = with[v] }) end
  end
end
-- The held-out rows' mean absolute error (%) and their count.
local function held_out()
  local sum, n = 0, 0
  for _, row in ipairs(measured.read_tsv(tsv)) do
    if (row.gpu or ""):find("MI35", 1, true) then
      local r = measured.predict(row)
      if r.error_pct then sum, n = sum + math.abs(r.error_pct), n + 1 end
    end
  end
  return n > 0 and sum / n or nil, n
end

set(estimates)
local before_check, n_check = held_out()
local result = dml.calibrate {
  measured = tsv,
  preset = { gpu = "mi325x", stack = "megatron_core" },
  fit = values,
  rows = function(row) return (row.gpu or ""):find("MI325X", 1, true) ~= nil end,
}
print(result)
local fitted = {}
for i, v in ipairs(values) do fitted[v] = result.values[i].after end
set(fitted)
local after_check = held_out()
set(shipped)

local same = true
for _, v in ipairs(values) do same = same and math.abs(fitted[v] - shipped[v]) <= 5e-4 * shipped[v] end
print(string.format(
  "AMD fp8_gain %.4g and attention %.4g from %.4g and %.4g (fitted %.1f%% -> %.1f%%, %d held-out CDNA 4 rows %.1f%% -> %.1f%%); the presets ship %s",
  fitted.fp8_gain, fitted.attention, estimates.fp8_gain, estimates.attention, result.fit.before_pct,
  result.fit.after_pct, n_check, before_check, after_check, same and "the same" or "DIFFERENT values"))
