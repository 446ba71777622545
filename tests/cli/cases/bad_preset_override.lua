-- Overriding a preset field with a wrong unit names the declared type and field.
local gpus = require "dml.presets.gpus"
local fast = dml.gpu(gpus.h100_sxm, { hbm_bandwidth = "4.8 TB" })
