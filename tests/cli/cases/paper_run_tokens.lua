-- A paper run's dataset is tokens_per_param (any positive number) x its parameters, or the tokens
-- to train given directly; never both. The model has 231,928,233,984 parameters.
local paper = require "dml.paper.erdil2024"
local model = dml.mlp_stack { d_model = 12288 }
local h100 = paper.clusters["H100 SXM"]
for _, dataset in ipairs { { tokens_per_param = 12.5 }, { tokens = "15.6e12 tokens" } } do
  dataset.model, dataset.cluster = model, h100
  print(tostring(dml.optimize(dml.run(dataset))):match("model: [^\n]*"))
end
for _, bad in ipairs { { tokens_per_param = 0 }, { tokens_per_param = 1 / 0 }, { tokens = "lots" },
                       { tokens = "15.6e12 GB" }, { tokens = 0 } } do
  bad.model, bad.cluster = model, h100
  print(select(2, pcall(dml.run, bad)))
end
dml.run { model = model, cluster = h100, tokens = "15.6e12 tokens", tokens_per_param = 10 }
