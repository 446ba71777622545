-- dml.calibrate given measured runs whose header lacks a column every row needs (num_gpus).
local cal = dml.calibrate { measured = "cases/runs_without_num_gpus.tsv", preset = { gpu = "h100_sxm" } }
