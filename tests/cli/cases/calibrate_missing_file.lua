-- dml.calibrate given a measured-runs file that does not exist.
local cal = dml.calibrate { measured = "cases/no_such_runs.tsv", preset = { gpu = "h100_sxm" } }
