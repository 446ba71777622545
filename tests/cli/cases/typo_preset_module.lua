-- A typo in the name of a preset module is an error naming the modules there are.
local gpu = dml.presets.gpu.h100_sxm
