-- The smallest positive double as a setting's time budget is refused by dml.setting, not by dml.limits.
local paper = require "dml.paper.erdil2024"
local setting = dml.setting { cluster = paper.clusters["H100 SXM"], duration = "4.9e-324 s" }
