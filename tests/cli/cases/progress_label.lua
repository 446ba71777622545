-- A sweep whose label holds control characters, slow enough (15 points of 0.1 s) that its
-- progress line shows on a terminal (after a second). Run by tests/cli/progress_label.sh.
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"
local stacks = require "dml.presets.stacks"
local c = dml.cluster { gpu = gpus.h100_sxm, size = 8, levels = { networks.nvlink4_h100 } }
local m = dml.transformer { layers = 2, d_model = 256, heads = 4, d_ff = 1024, vocab = 1000, seq_len = 256 }
local points = {}
for i = 1, 15 do points[i] = i end
local t = dml.sweep { label = "evil\27]0;title\7\nX", grid = { i = points }, run = function()
  local t0 = os.clock()
  while os.clock() - t0 < 0.1 do end
  return dml.run { model = m, cluster = c, stack = stacks.megatron_core, global_batch = 8 }
end }
print(#t:rows())
