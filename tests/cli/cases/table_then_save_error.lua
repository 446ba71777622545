-- Prints a results table, then saves it into a directory that does not exist: the error
-- names the scenario line, the path and the reason, and nothing is written.
local results = dml.table({
  { gpu = "H100 SXM", gpus = 512, step_time = 2.125, mfu = 0.4412 },
  { gpu = "A100 SXM", gpus = 512, step_time = 5.5, mfu = 0.5 / 0 },
}, { columns = { "gpu", "gpus", "step_time", "mfu" }, title = "Step time at 512 GPUs" })
print(results)
dml.save(results, "no_such_dir/results.csv")
