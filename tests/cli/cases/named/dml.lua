-- A scenario named dml.lua (helper-85: a dml.lua in the working directory stopped every dml
-- command with "cannot load dml's stdlib"). CTest cli.scenario_named_dml runs it from here.
local gpus = require "dml.presets.gpus"
print("a scenario named dml.lua: " .. gpus.h100_sxm.name)
