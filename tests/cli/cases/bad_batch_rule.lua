-- An unknown batch rule names the allowed ones.
local paper = require "dml.paper.erdil2024"
local run = dml.run { model = dml.mlp_stack { d_model = 12288 }, cluster = paper.clusters["H100 SXM"], batch = "chinchilla" }
