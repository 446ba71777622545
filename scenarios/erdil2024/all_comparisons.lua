-- All five of the paper's comparisons in one run, on all cores: each setting's
-- summary lines (the "linear scaling ends" and "largest feasible run" of docs/model.md 5.2).
-- Arguments: [--tsv FILE], every feasible point of the five, as each comparison's own --tsv
-- writes them (its figure is each comparison's own: --plot there).
local paper = require "dml.paper.erdil2024"
local tsv, _, help = paper.arguments("all_comparisons",
  "the five comparisons are plotted one by one: dml scenarios/erdil2024/<comparison>.lua --plot FILE", ...)
if help then return end

local settings, owner = {}, {}
for _, name in ipairs(paper.comparison_names) do
  for _, s in ipairs(paper.comparisons[name]) do
    settings[#settings + 1] = s
    owner[#settings] = name
  end
end
local results = dml.limits_many(settings)
local rows = {}
for i, r in ipairs(results) do
  local sm = r.summary
  rows[#rows + 1] = {
    comparison = owner[i], setting = r.setting, points = #r.plans,
    linear_scaling_ends = sm.linear_scaling_ends_at, largest_feasible = sm.largest_feasible_flop,
    largest_feasible_utilization = sm.largest_feasible_utilization, next_infeasible = sm.first_infeasible_flop or "-",
  }
end
print(dml.table(rows, { title = "The paper's five comparisons (3-month runs)", columns = {
  "comparison", "setting", "points", "linear_scaling_ends", "largest_feasible", "largest_feasible_utilization",
  "next_infeasible" } }))

local points = {}
for i, r in ipairs(results) do
  for _, p in ipairs(r.plans) do
    if p.feasible then points[#points + 1] = paper.tsv_row(owner[i], r.setting, p) end
  end
end
paper.write_outputs(tsv, nil, points)
