-- A paper layout degree that does not divide what it splits is an error naming the field and
-- listing the divisors: every degree in turn (126 layers, 8 experts, a batch of 25,165,824 tokens).
local paper = require "dml.paper.erdil2024"
local run = dml.run { model = dml.mlp_stack { d_model = 12288, layers = 126, experts = 8 },
                      cluster = paper.clusters["H100 SXM"] }
local layouts = {
  { tp = { 5, 8 }, pp = 2, microbatches = 2 },
  { tp = { 4, 7 }, pp = 2, microbatches = 2 },
  { tp = { 4, 8 }, pp = 16, microbatches = 16 },
  { tp = { 4, 8 }, pp = 2, ep = 3, microbatches = 2 },
  { dp = 1000, tp = { 4, 8 }, pp = 2, microbatches = 2 },
  { dp = 4, tp = { 4, 8 }, pp = 2, microbatches = 5 },
  { dp = 4, tp = { 4, 8 }, pp = 2, microbatches = 4, interleave = 5 },
}
for _, layout in ipairs(layouts) do
  local ok, message = pcall(dml.evaluate, run, layout)
  print(ok, message)
end
dml.evaluate(run, { tp = { 4, 8 }, pp = 16, microbatches = 16 })
