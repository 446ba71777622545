-- A typo in a field of a preset record is an error naming the field it meant; a field the
-- preset leaves out reads as nil.
local gpus = require "dml.presets.gpus"
print(gpus.h100_sxm.shared_memory_bandwidth)
print(gpus.h100_sxm.hbm_capacty)
