-- The printed summary of a plan: the paper's first dense H100 point (docs/model.md 5.4).
local paper = require "dml.paper.erdil2024"
local run = dml.run { model = dml.mlp_stack { d_model = 12288 }, cluster = paper.clusters["H100 SXM"] }
print(dml.optimize(run))
print()
-- the same run with the 1F1B schedule forced by a given layout
print(dml.evaluate(run, { tp = { 4, 8 }, pp = 64, microbatches = 128 }))
