-- A batch rule and a batch in tokens together are a conflict, never silently resolved.
local paper = require "dml.paper.erdil2024"
local run = dml.run { model = dml.mlp_stack { d_model = 12288 }, cluster = paper.clusters["H100 SXM"],
                      batch = "deepseek", batch_tokens = 4194304 }
