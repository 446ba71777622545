-- The smallest positive double as a run's time budget is refused by dml.run, not later.
local paper = require "dml.paper.erdil2024"
local run = dml.run { model = dml.mlp_stack { d_model = 12288 }, cluster = paper.clusters["H100 SXM"],
                      duration = "4.9e-324 s" }
