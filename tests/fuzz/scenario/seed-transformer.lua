local models = dml.presets.models
local stacks = dml.presets.stacks
for name, m in pairs(models) do print(name, m) end
local c = dml.cluster { gpu = dml.presets.gpus.h100_sxm, size = 64, levels = {
  dml.presets.networks.nvlink4_h100, dml.presets.networks.infiniband_ndr } }
print(c, dml.gpu(dml.presets.gpus.h100_sxm, { hbm_bandwidth = "3 TB/s" }))
