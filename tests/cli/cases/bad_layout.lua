-- A layout degree that does not divide what it splits is an error naming the field: 192 layers do not split 5 ways.
local paper = require "dml.paper.erdil2024"
local run = dml.run { model = dml.mlp_stack { d_model = 12288 }, cluster = paper.clusters["H100 SXM"] }
local plan = dml.evaluate(run, { tp = { 4, 8 }, pp = 5, microbatches = 10 })
print(plan)
