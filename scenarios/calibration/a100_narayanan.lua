-- Calibrates the A100 and Megatron-LM (2021) presets on Narayanan et al. 2021, Table 1 (10 runs),
-- checks them on Table 2 (6 runs the fit never saw), and writes them as a scenario library.
-- Arguments: [RUNS.tsv] [--write FILE.lua]: the measured runs (default: the public ones in
-- tests/validation/measured) and the library to write (default: a100_megatron_2021.lua here).
-- Then: dml --lib . scenarios/calibration/use_calibrated.lua (docs/calibration.md).
local usage = "usage: dml scenarios/calibration/a100_narayanan.lua [RUNS.tsv] [--write FILE.lua]"

local args, tsv, out = { ... }, nil, nil
local i = 1
while i <= #args do
  if args[i] == "--write" then
    if not args[i + 1] or args[i + 1]:find("^%-%-") then dml.usage_error("'--write' needs a file name (" .. usage .. ")") end
    if out then
      dml.usage_error(string.format("'--write' given twice ('%s', then '%s'): name one file (%s)", out, args[i + 1],
        usage))
    end
    out, i = args[i + 1], i + 2
  elseif args[i] == "--help" or args[i] == "-h" then
    print(usage)
    return
  elseif args[i]:sub(1, 1) ~= "-" and tsv == nil then
    tsv, i = args[i], i + 1
  else
    dml.usage_error(string.format("unknown argument '%s' (%s)", args[i], usage))
  end
end
out = out or "a100_megatron_2021.lua"
-- The public runs, found from this file's place.
tsv = tsv or dml.beside("../../tests/validation/measured/public.tsv")

local result = dml.calibrate {
  measured = tsv,
  preset = { gpu = "a100_sxm_80gb", stack = "megatron_2021" },
  fit = { "gemm", "nvlink", "network", "layer_overhead" },
  rows = { group = "N21-T1" },    -- Table 1: 1.7B to 1T parameters on 32 to 3,072 GPUs
  write = out,                    -- held out: every other row on these presets (Table 2)
}
print(result)
