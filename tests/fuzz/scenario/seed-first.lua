local gpus = dml.presets.gpus
local cluster = dml.cluster { gpu = gpus.h100_sxm, levels = {
  { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" },
  { name = "infiniband", bandwidth = "100 GB/s", latency = "1.125 us" } } }
local model = dml.mlp_stack { d_model = 12288, experts = 8 }
local run = dml.run { model = model, cluster = cluster, batch = "paper", duration = "90 days" }
print(run, dml.q"900 GB/s" / 8, dml.q(2, "TB") / dml.q"900 GB/s")
local l = dml.layout { dp = 1, tp = { 4, 8 }, pp = 64, microbatches = 128 }
print(dml.evaluate(run, l))
