-- A setting chooses the cluster's size for each model, so a cluster with a size is refused (never
-- silently ignored), and the error says where a fixed size goes: dml.optimize of a run.
local paper = require "dml.paper.erdil2024"
local cluster = dml.cluster(paper.clusters["H100 SXM"], { size = 24576 })
print(dml.optimize(dml.run { model = dml.mlp_stack { d_model = 12288 }, cluster = cluster }).gpus)
local setting = dml.setting { cluster = cluster, sparsity = "paper" }
