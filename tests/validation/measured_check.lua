-- The CTest validation.measured: checks the predictions that scenarios/validation/measured.lua
-- wrote (--out) for tests/validation/measured/public.tsv against the accuracy targets, and
-- against regression bounds where a target is not met yet.
-- Arguments: PRED.tsv
local measured = require "dml.measured"

-- At least this many of the 112 public rows must be predicted (the issue's target), and exactly
-- these rows are not: a row that stops being predicted would otherwise leave its group's mean
-- unseen.
local MIN_PREDICTED = 100
local NOT_PREDICTED = {
  ["OPT-175B"] = "its dp of 124 divides no batch",
  ["MBridge-26.04.01-Nemotron_3_Nano-16"] = "no architecture given",
}

-- The targets (docs/validation.md, "Measured runs"): tier A (N21-*) within 5% mean and 10% max
-- absolute error of the step time; every other tier A- or B source group within 12% mean.
local TIER_A = { mean = 5, max = 10 }
local GROUP_TARGET = 12

-- Per source group, the bound this test enforces (mean absolute error, %; max where given).
-- A group that meets its target is held to the target. A group that does not is held to its
-- current figure rounded up to the next 5%, so that the test still catches regressions; the
-- model is not tuned per row to meet a target. Tier C groups (OPT, MLM-H100-strong, MS-F9) are
-- sanity points only and have no bound.
local REGRESSION_BOUNDS = {
  ["N21-T1"] = { mean = 5, max = 10 },
  ["N21-T2"] = { mean = 5, max = 10 },
  ["MS-T2"] = { mean = 12 },
  ["MS-T3"] = { mean = 12 },
  ["MLM-H100-weak"] = { mean = 12 },
  ["MLM-llama-fp8"] = { mean = 12 },
  ["NeMo2407"] = { mean = 12 },
  ["MBridge"] = { mean = 20 },     -- target 12%, not met (current 16.3%; docs/validation.md)
  ["TT-T1"] = { mean = 12 },
  ["TT-T2"] = { mean = 12 },
  ["TT-T3"] = { mean = 12 },
  ["TT-asyncTP"] = { mean = 12 },
  ["TT-H200"] = { mean = 12 },
  ["MPT"] = { mean = 12 },
}

local path = ...
if not path then dml.error("usage: dml tests/validation/measured_check.lua PRED.tsv") end
local rows = measured.read_tsv(path)
local failures = {}
local function fail(fmt, ...) failures[#failures + 1] = string.format(fmt, ...) end
local predicted = 0
for _, r in ipairs(rows) do
  local error_pct = measured.number(r.error_pct)
  if r.status == "ok" then
    predicted = predicted + 1
    if error_pct == nil then fail("%s: predicted, but error_pct %q is no number", r.run_id, tostring(r.error_pct)) end
    if NOT_PREDICTED[r.run_id] then fail("%s: now predicted; take it out of NOT_PREDICTED", r.run_id) end
  elseif not NOT_PREDICTED[r.run_id] then
    fail("%s: not predicted (%s)", r.run_id, tostring(r.status))
  end
  r.error_pct = error_pct
end
local function check(what, s, bound)
  if s.compared == 0 then
    fail("%s: no row compared", what)
    return
  end
  if s.mean_abs_pct > bound.mean then
    fail("%s: mean absolute error %.1f%% > %g%%", what, s.mean_abs_pct, bound.mean)
  end
  if bound.max and s.max_abs_pct > bound.max then
    fail("%s: max absolute error %.1f%% > %g%%", what, s.max_abs_pct, bound.max)
  end
  print(string.format("%-16s n %3d  mean %5.1f%%  max %5.1f%%  bound %g%% mean%s", what, s.compared, s.mean_abs_pct,
    s.max_abs_pct, bound.mean, bound.max and string.format(", %g%% max", bound.max) or ""))
end

if predicted < MIN_PREDICTED then fail("%d rows predicted, fewer than %d", predicted, MIN_PREDICTED) end
print(string.format("%d of %d rows predicted (at least %d)", predicted, #rows, MIN_PREDICTED))

for _, s in ipairs(measured.summarize(rows, "tier")) do
  if s.tier == "A" then check("tier A", s, TIER_A) end
end
local seen = {}
for _, s in ipairs(measured.summarize(rows, "group")) do
  seen[s.group] = true
  local tier = measured.tier(s.group)
  local bound = REGRESSION_BOUNDS[s.group]
  if bound then
    check(s.group, s, bound)
  elseif tier == "A" or tier == "A-" or tier == "B" then
    fail("%s: a tier %s group without a bound in REGRESSION_BOUNDS (target %g%% mean)", s.group, tier, GROUP_TARGET)
  end
end

for group in pairs(REGRESSION_BOUNDS) do
  if not seen[group] then fail("%s: no row of this group in %s", group, path) end
end

if #failures > 0 then
  dml.error("measured runs:\n  " .. table.concat(failures, "\n  "))
end
