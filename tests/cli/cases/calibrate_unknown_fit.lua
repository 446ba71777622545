-- dml.calibrate asked to fit a value it does not know (a misspelt name).
local cal = dml.calibrate { measured = "../validation/measured/public.tsv", preset = { gpu = "h100_sxm" },
  fit = { "gemm", "nvlnk" } }
