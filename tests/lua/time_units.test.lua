-- Times in days, weeks, months and years (docs/units.md): their values in seconds, in dml.q
-- and in a declaration's duration, the months a plan prints read back as its training time,
-- and the errors for a mistyped unit, at this file's line.
local t = require "testing"
local paper = require "dml.paper.erdil2024"
local q = dml.q

local raises_here = t.raises_here

-- the definitions: a day is 86400 s, a week 7 days, a year the paper's 3.154e7 s and a month a
-- twelfth of that year
t.eq(q"1 day":value(), 86400, "1 day")
t.eq(q"2 weeks":value(), 1209600, "2 weeks = 14 x 86400 s")
t.eq(q"1 week" == q"7 days", true, "a week is 7 days")
t.eq(q"3 months":value(), 7885000, "3 months = 3 x 3.154e7 / 12 s")
t.eq(q"1 year":value(), 3.154e7, "1 year")
t.eq(q"1e9 years":value(), 3.154e16, "1e9 years")
t.eq(q"12 months" == q"1 year", true, "12 months are a year")
t.eq(q"2 yr" == q"2 years", true, "yr")
t.eq(q"1 month" == q"1 months", true, "singular and plural")
t.eq(q(3, "months") == q"3 months", true, "a number times a unit")
t.eq(q"3 months".dimension, "time")
t.near(q"1 year":value"days", 31540000 / 86400)
t.near(q"91.25 days":value"months", 91.25 * 86400 * 12 / 3.154e7)
t.eq(q"3 months":to"days", "91.26 days", "printed in days")

-- a declaration's duration: "3 months" is the paper's time budget, the default
local h100 = dml.cluster(paper.clusters["H100 SXM"])
local model = dml.mlp_stack { d_model = 12288 }
local default = dml.optimize(dml.run { model = model, cluster = h100 })
local run = dml.run { model = model, cluster = h100, duration = "3 months" }
t.eq(run.duration == q"3 months", true, "run.duration")
local plan = dml.optimize(run)
t.eq(plan.run.duration == default.run.duration, true, "3 months is the default budget")
t.eq(plan.gpus, default.gpus, "the same cluster")
t.eq(plan.training_time == default.training_time, true, "the same layout")
t.eq(dml.setting { cluster = h100, duration = "2 weeks" }.duration == q"14 days", true, "setting.duration")

-- the months a plan prints are the months dml reads
t.near(plan.training_time:value"months", plan.months, 1e-15, "value in months")
t.near(q(string.format("%.17g months", plan.months)):value(), plan.training_time:value(), 1e-15,
  "plan.months read back")
local printed = tostring(plan):match("%(([%d.]+) months%)")
t.eq(printed, "1.734", "the months in the plan's text")
-- 3 decimals of 1.734: off by at most 0.0005 / 1.734
t.near(q(printed .. " months"):value(), plan.training_time:value(), 3e-4, "printed months read back")

-- a mistyped unit: did-you-mean for time units, a hint for prefixes
raises_here(function() return q"3 monhts" end,
  'expected a quantity like "900 GB/s", got "3 monhts" (unknown unit "monhts"; did you mean "months"?)')
raises_here(function() dml.run { model = model, cluster = h100, duration = "3 Months" } end,
  'run.duration: expected a time like "1.125 us", got "3 Months" (unknown unit "Months"; did you mean "months"?)')
raises_here(function() return q"1 kyears" end,
  'expected a quantity like "900 GB/s", got "1 kyears" (unknown unit "kyears"; time units take no prefix)')
raises_here(function() return q"1 year":value"yaer" end,
  'expected a unit like "GiB/s", got "yaer" (did you mean "year"?)')
