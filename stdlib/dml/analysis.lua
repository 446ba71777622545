--- dml.analysis: what a scenario asks of the model: optimize a run, evaluate
--- a layout, sweep many runs on all cores, and the limits of a setting.
local core = require "dml.core"
local schema = require "dml.schema"
local workload = require "dml.workload"
local hardware = require "dml.hardware"
local plan = require "dml.plan"
local output = require "dml.output"

local M = {}

--- optimize(run): the fastest layout for the run; on run.cluster.size GPUs if
--- the cluster has a size, else on the smallest cluster that trains the run
--- within run.duration. Returns a plan (see `dml --doc plan`).
function M.optimize(run)
  run = workload.run(run)
  return plan.wrap(core.optimize(run), run.cluster)
end

--- evaluate(run, layout): cost one given layout of the run. Returns a plan.
function M.evaluate(run, layout)
  run = workload.run(run)
  layout = workload.layout(layout)
  return plan.wrap(core.evaluate(run, layout), run.cluster)
end

-- Every combination of the grid's values, the last key varying fastest;
-- keys in sorted order so that the table's columns are stable.
local function combinations(grid, path)
  local keys = {}
  for k, values in pairs(grid) do
    if type(k) ~= "string" then core.raise(path .. ": grid keys are names, found " .. tostring(k)) end
    if type(values) ~= "table" or #values == 0 then
      core.raise(string.format("%s.%s: expected a non-empty list of values", path, k))
    end
    keys[#keys + 1] = k
  end
  table.sort(keys)
  local out = { {} }
  for _, k in ipairs(keys) do
    local next_out = {}
    for _, partial in ipairs(out) do
      for _, v in ipairs(grid[k]) do
        local p = {}
        for kk, vv in pairs(partial) do p[kk] = vv end
        p[k] = v
        next_out[#next_out + 1] = p
      end
    end
    out = next_out
  end
  return out, keys
end

local sweep_schema = {
  name = "sweep", title = "a sweep",
  doc = "Many runs, searched on all cores: a list of runs, or a grid of parameters and a function that makes a run from one point of it.",
  fields = {
    { "grid", "any", optional = true, doc = "a table of name = { values... }; every combination is one point" },
    { "run", "any", optional = true, doc = "function(point) -> dml.run{...}, called for each point of the grid" },
    { "runs", "any", optional = true, doc = "a list of runs, instead of grid and run" },
    { "label", "string", default = "sweep", doc = "the name shown with the progress on stderr" },
  },
}
schema.define(sweep_schema)

--- sweep{ grid = {...}, run = function(point) ... end } or sweep{ runs = {...} }:
--- optimize every run on all cores. Returns a dml.table with one row per run:
--- the grid's values, then the plan's columns; `t.plans` holds the plans.
--- Ctrl-C stops it and keeps the finished rows (`t.interrupted` is true).
function M.sweep(spec)
  spec = schema.read(sweep_schema, spec, "sweep")
  local points, keys = {}, {}
  local runs = {}
  if spec.runs then
    if spec.grid or spec.run then core.raise("sweep: give either runs, or grid and run, not both") end
    local list = spec.runs
    local n = type(list) == "table" and getmetatable(list) == nil and #list or 0
    if n == 0 then core.raise("sweep.runs: expected a non-empty list of runs") end
    for k in pairs(list) do
      if math.type(k) ~= "integer" or k < 1 or k > n then
        core.raise(string.format("sweep.runs: expected a list (keys 1..%d), found the key %s", n, tostring(k)))
      end
    end
    for i = 1, n do
      runs[i] = schema.read(workload.run_schema, list[i], string.format("sweep.runs[%d]", i))
      points[i] = {}
    end
  else
    if type(spec.grid) ~= "table" then core.raise("sweep.grid: required (a table of name = { values... })") end
    if type(spec.run) ~= "function" then core.raise("sweep.run: required (a function(point) returning a run)") end
    points, keys = combinations(spec.grid, "sweep.grid")
    for i, p in ipairs(points) do
      runs[i] = workload.run(spec.run(p))
    end
  end
  local results, interrupted = core.optimize_many(runs, spec.label)
  local columns, seen = {}, {}
  for _, k in ipairs(keys) do columns[#columns + 1] = k; seen[k] = true end
  for _, c in ipairs(plan.columns) do
    if not seen[c] then columns[#columns + 1] = c end
  end
  local rows, plans = {}, {}
  for i, result in ipairs(results) do
    if result then
      local p = plan.wrap(result, runs[i].cluster)
      plans[#plans + 1] = p
      local row = plan.row(p, runs[i].cluster)
      for _, k in ipairs(keys) do
        local v = points[i][k]
        row[k] = (type(v) == "table" and getmetatable(v) == nil) and tostring(v.name or v) or v
      end
      rows[#rows + 1] = row
    end
  end
  local t = output.table(rows, { columns = columns })
  rawset(t, "plans", plans)
  rawset(t, "interrupted", interrupted)
  if interrupted then
    io.stderr:write(string.format("dml: sweep interrupted: %d of %d runs finished\n", #rows, #runs))
  end
  return t
end

local setting_schema = {
  name = "setting", title = "a setting",
  doc = "Hardware plus the paper's scaling laws, swept over the paper's d_model grid (spec 1.5): one column of the paper's comparisons.",
  fields = {
    { "name", "string", optional = true, doc = "a label for tables and plots; default the GPU's name" },
    { "cluster", "record", of = hardware.cluster_schema, doc = "the hardware (its size is chosen per model)" },
    { "sparsity", "enum", allowed = { "dense", "paper" }, default = "dense",
      doc = "dense, or the paper's experts law: 8 experts at d_model 12288, growing linearly with width" },
    { "batch", "enum", allowed = { "paper", "fixed", "deepseek" }, default = "paper",
      doc = "the batch rule (as dml.run's batch)" },
    { "duration", "time", optional = true,
      doc = "time budget of each run; default the paper's 0.25 years of 3.154e7 s" },
  },
}
M.setting = schema.define(setting_schema)

-- The options of a limits call: the given ones, with the settings' duration.
local function options_for(settings, options)
  local merged = {}
  if options ~= nil then
    for k, v in pairs(workload.options(options)) do merged[k] = v end
  end
  local duration
  for i, s in ipairs(settings) do
    if s.duration then
      if duration and s.duration ~= duration then
        core.raise(string.format("settings[%d].duration: the settings of one call share a duration", i))
      end
      duration = s.duration
    end
  end
  merged.duration = duration or merged.duration
  return merged
end

--- limits(setting[, options]): sweep the setting over the paper's d_model grid
--- (smallest sufficient cluster per width, stopping at the first width no
--- cluster trains in time). Returns { points = dml.table, plans = {...},
--- summary = { linear_scaling_ends_at, utilization_there, largest_feasible_flop,
--- largest_feasible_utilization, first_infeasible_flop } }.
function M.limits(setting, options)
  setting = M.setting(setting)
  return M.limits_many({ setting }, options)[1]
end

--- limits_many({setting, ...}[, options]): limits of several settings, on all cores.
function M.limits_many(settings, options)
  local list, declared = {}, {}
  for i, s in ipairs(settings) do
    local d = M.setting(s)
    declared[i] = d
    list[i] = { name = d.name or d.cluster.gpu.name, cluster = d.cluster, sparsity = d.sparsity, batch = d.batch }
  end
  local sweeps = core.paper_sweep(list, options_for(declared, options))
  local out = {}
  for i, sw in ipairs(sweeps) do
    local rows, plans = {}, {}
    for j, result in ipairs(sw.points) do
      local p = plan.wrap(result, list[i].cluster)
      plans[j] = p
      rows[j] = plan.row(p, list[i].cluster)
    end
    out[i] = {
      setting = sw.setting, summary = sw.summary, stats = sw.stats, plans = plans,
      points = output.table(rows, { columns = plan.columns, title = sw.setting }),
    }
  end
  return out
end

--- largest_run(setting[, options]): the largest training compute on the paper's
--- grid that any cluster trains within the duration (a FLOP quantity), and its plan.
function M.largest_run(setting, options)
  local l = M.limits(setting, options)
  local last
  for _, p in ipairs(l.plans) do
    if p.feasible then last = p end
  end
  return l.summary.largest_feasible_flop, last
end

--- linear_scaling_ends(setting[, options]): the first training compute on the
--- grid whose utilization falls to 0.8 x the GPU's effective utilization.
function M.linear_scaling_ends(setting, options)
  local l = M.limits(setting, options)
  return l.summary.linear_scaling_ends_at, l.summary.utilization_there
end

local wall_schema = {
  name = "wall", title = "the analytic latency-wall model",
  doc = "The paper's analytic curves (spec 4.4): with the batch growing as C^alpha_b and the depth as C^alpha_L, alpha = alpha_b - alpha_L; the reference is a 4e6-token batch and 100 layers at 3e23 FLOP.",
  fields = {
    { "alpha", "number", default = 0, min = -0.45, max = 0.45,
      doc = "batch growth minus depth growth (0: the batch grows as fast as the depth)" },
    { "step_latency", "time", default = "9 us",
      doc = "latency of one of the 4 sequential latency-bound operations per layer and step" },
    { "duration", "time", default = "7889400 s",
      doc = "the training time: a quarter of a 365.25-day year (the notebook's)" },
    { "reference_batch_tokens", "number", above = 0, default = 4e6, doc = "b0: the batch at the reference compute" },
    { "reference_layers", "number", above = 0, default = 100, doc = "L0: the depth at the reference compute" },
    { "reference_flop", "flop", default = "3e23 FLOP", doc = "T0: the reference training compute (GPT-3 scale)" },
  },
}
local read_wall = schema.define(wall_schema)

--- latency_wall([wall]): the latency-limited training compute T_limit (a FLOP
--- quantity): past it no cluster of any size trains the model in time
--- (spec 4.4; 2.305e31 FLOP at alpha = 0).
function M.latency_wall(wall)
  wall = read_wall(wall or {})
  return core.latency_wall(wall.alpha, wall)
end

--- critical_compute(cluster[, wall]): the training compute T_crit where bandwidth
--- starts to limit utilization, per node of the innermost level (spec 4.4).
function M.critical_compute(cluster, wall)
  cluster = hardware.cluster(cluster)
  wall = read_wall(wall or {})
  return core.critical_compute(cluster, wall.alpha, wall)
end

--- wall_curve(cluster[, { alpha_min = -0.2, alpha_max = 0.2, points = 41 }[, wall]]):
--- both curves against alpha, as a dml.table (alpha, latency_wall, critical_compute).
local range_schema = {
  name = "wall_range", title = "a range of alpha",
  doc = "The alphas at which dml.wall_curve evaluates the analytic curves.",
  fields = {
    { "alpha_min", "number", min = -0.45, max = 0.45, default = -0.2, doc = "the first alpha (the paper plots from -0.2)" },
    { "alpha_max", "number", min = -0.45, max = 0.45, default = 0.2, doc = "the last alpha (the paper plots to 0.2)" },
    { "points", "count", min = 2, max = 100000, default = 41, doc = "how many evenly spaced alphas" },
  },
  check = function(r, path)
    if not (r.alpha_min < r.alpha_max) then
      core.raise(string.format("%s.alpha_max: must be above alpha_min = %s, got %s", path, r.alpha_min, r.alpha_max))
    end
  end,
}
schema.define(range_schema)

function M.wall_curve(cluster, range, wall)
  cluster = hardware.cluster(cluster)
  range = schema.read(range_schema, range or {}, "wall_curve")
  wall = read_wall(wall or {})
  local rows = core.wall_curve(cluster, range.alpha_min, range.alpha_max, range.points, wall)
  return output.table(rows, { columns = { "alpha", "latency_wall", "critical_compute" } })
end

return M
