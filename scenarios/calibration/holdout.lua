-- Hold-out honesty: the same H100 + Megatron-Core calibration fitted on different subsets of the
-- measured runs and checked on the rest. A fit that lowers the error on its own rows but raises it
-- on the rows it never saw has learnt its rows, not the hardware; the held-out error says which.
-- Arguments: [RUNS.tsv] (default: the public runs in tests/validation/measured).
local measured = require "dml.measured"

local tsv = ... or dml.beside("../../tests/validation/measured/public.tsv")

-- Every other row on these presets, in file order: a split that takes from every source.
local preset = { gpu = "h100_sxm", stack = "megatron_core" }
local odd, n = {}, 0
for _, row in ipairs(measured.read_tsv(tsv)) do
  local req = measured.request(row)
  if req and req.gpu == preset.gpu and req.stack == preset.stack then
    n = n + 1
    if n % 2 == 1 then odd[row.run_id] = true end
  end
end

local splits = {
  { fit = "MLM-H100-weak (one source)", rows = { group = "MLM-H100-weak" } },
  { fit = "MBridge (one source)", rows = { group = "MBridge" } },
  { fit = "every other row", rows = function(row) return odd[row.run_id] end },
  { fit = "every other row, gemm only", rows = function(row) return odd[row.run_id] end, values = { "gemm" } },
  { fit = "all rows (nothing held out)", rows = nil },
}
local function pct(x) return x and string.format("%.1f%%", x) or "-" end
local out = {}
for _, s in ipairs(splits) do
  local r = dml.calibrate { measured = tsv, preset = preset, rows = s.rows, fit = s.values }
  local at_bound, fitted = {}, {}
  for _, v in ipairs(r.values) do
    fitted[#fitted + 1] = string.format("%s %s", v.name, v.unit and (string.format("%.4g", v.after) .. " " .. v.unit)
      or string.format("%.4g", v.after))
    if v.flag:find("bound") then at_bound[#at_bound + 1] = v.name end
  end
  out[#out + 1] = { fitted_on = s.fit, fit_rows = r.fit.rows, fit_error = pct(r.fit.before_pct) .. " -> " .. pct(r.fit.after_pct),
    held_out = r.check.rows, held_out_error = pct(r.check.before_pct) .. " -> " .. pct(r.check.after_pct),
    at_a_bound = table.concat(at_bound, ", ") }
  print(string.format("%s: %s", s.fit, table.concat(fitted, ", ")))
end
print()
print(dml.table(out, { title = "H100 + Megatron-Core: mean abs step-time error, shipped presets -> calibrated",
  columns = { "fitted_on", "fit_rows", "fit_error", "held_out", "held_out_error", "at_a_bound" } }))
