-- A network preset that does not exist is an error at its line.
local networks = require "dml.presets.networks"
local gpus = require "dml.presets.gpus"
local cluster = dml.cluster { gpu = gpus.h100_sxm, levels = { networks.nvlink_h100, networks.infiniband_ndr } }
