-- A scenario library may not silently replace one of dml's stdlib modules.
local gpus = require "dml.presets.gpus"
print(gpus.h100_sxm.name)
