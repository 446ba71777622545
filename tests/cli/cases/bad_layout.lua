-- A layout whose degrees do not fit the model: 3-way pipeline of 192 layers is fine, 5-way is not.
local paper = require "dml.paper.erdil2024"
local run = dml.run { model = dml.mlp_stack { d_model = 12288 }, cluster = paper.clusters["H100 SXM"] }
local plan = dml.evaluate(run, { tp = { 4, 8 }, pp = 5, microbatches = 10 })
print(plan)
