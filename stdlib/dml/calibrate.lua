--- dml.calibrate: fits the efficiency values of a GPU preset (its `efficiency` record) and of a
--- software-stack preset to measured training runs (a TSV in the measured-runs format of
--- tests/validation/measured/README.md, read by dml.measured), reports the fit row by row, on the
--- rows fitted and on the rows held out, and writes the calibrated presets as a scenario library.
--- docs/calibration.md is the guide.
---
---   local result = dml.calibrate { measured = "runs.tsv", preset = { gpu = "h100_sxm",
---     stack = "megatron_core" }, fit = { "gemm", "layer_overhead" }, write = "mycal.lua" }
---   print(result)                           -- the values, every row before and after, the errors
---   local cal = require "mycal"             -- later: gpu = cal.gpu, stack = cal.stack
---
--- The fit minimizes the mean absolute log error of the step time, ln(predicted / measured), over
--- the fitted rows, within each value's bounds (M.parameters, the one place they are declared),
--- by Nelder-Mead with restarts and a compass-search polish: derivative-free, deterministic.
local _, core = ...  -- dml.core, from the loader (no global lookup: a script may replace select)
local dml = require "dml"
local measured = require "dml.measured"
local gpus = require "dml.presets.gpus"
local stacks = require "dml.presets.stacks"

local M = {}
local fmt = string.format

-- --- The values that can be fitted ------------------------------------------------------------

--- The values dml.calibrate fits, each with its bounds and where the bounds come from. `of`:
--- "gpu" (a field of the GPU preset's efficiency record) or "stack" (a field of the stack);
--- `unit`: the unit of a time (bounds in it); `default`: fitted when `fit` is not given.
M.parameters = {
  { name = "gemm", of = "gpu", lower = 0.05, upper = 1, default = true,
    why = "a fraction of the dense peak: at most 1; below 0.05 no tensor-core GEMM runs" },
  { name = "gemm_half_dim", of = "gpu", lower = 0, upper = 2048,
    why = "0: no size penalty; at 2048 a GEMM 8192 wide would reach only 80% of `gemm`, below every published GEMM sweep" },
  { name = "attention", of = "gpu", lower = 0.05, upper = 1, default = true,
    why = "a fraction of the dense peak: at most 1" },
  { name = "flash3_gain", of = "gpu", lower = 1, upper = 3,
    why = "FlashAttention-3 is not slower than FlashAttention-2; 3x puts a 0.25-of-peak FA2 kernel at 0.75 of peak, past FA3's published 0.75" },
  { name = "fp8_gain", of = "gpu", lower = 1, upper = 2,
    why = "FP8 tensor cores run at most twice the 16-bit rate (Hopper, Blackwell datasheets)" },
  { name = "fp4_gain", of = "gpu", lower = 1, upper = 6,
    why = "FP4 tensor cores run twice the FP8 rate on Blackwell and three times on Blackwell Ultra (datasheets): at most 6x the 16-bit rate" },
  { name = "hbm", of = "gpu", lower = 0.3, upper = 1,
    why = "a fraction of the HBM bandwidth: at most 1; streaming kernels reach well above 0.3" },
  { name = "nvlink", of = "gpu", lower = 0.1, upper = 1, default = true,
    why = "a fraction of the scale-up link's bandwidth: at most 1" },
  { name = "network", of = "gpu", lower = 0.1, upper = 1, default = true,
    why = "a fraction of the scale-out link's bandwidth: at most 1" },
  { name = "elementwise_factor", of = "stack", lower = 0.5, upper = 10,
    why = "a multiple of the modelled element-wise traffic: fused kernels (1) or eager PyTorch (about 3); 0.5 to 10 covers both with room" },
  { name = "tp_hidden_fraction", of = "stack", lower = 0, upper = 1,
    why = "a share of the TP communication: 0 to 1" },
  { name = "overlap_slowdown", of = "stack", lower = 0, upper = 1,
    why = "hidden communication costs between nothing and its own time" },
  { name = "ep_hidden_fraction", of = "stack", lower = 0, upper = 1,
    why = "a share of the expert all-to-all: 0 to 1" },
  { name = "layer_overhead", of = "stack", unit = "us", lower = 0, upper = 1000, default = true,
    why = "per layer and microbatch: from nothing to 1 ms, a hundred kernel launches" },
  { name = "collective_launch", of = "stack", unit = "us", lower = 0, upper = 100,
    why = "per collective: from nothing to 100 us, ten times NCCL's measured launch" },
  { name = "step_overhead", of = "stack", unit = "s", lower = 0, upper = 10,
    why = "per step: from nothing to 10 s of data loading and logging" },
}
local by_name, names = {}, {}
for i, p in ipairs(M.parameters) do
  by_name[p.name] = p
  names[i] = p.name
end

-- Tolerances of the fit, in the unit box [0, 1] of each value's bounds.
local AT_BOUND = 1e-3        -- a fitted value this close to a bound (share of the range) is at it,
                             -- and ends there
local SIGNIFICANT = 4        -- fitted values are rounded to this many significant digits
local DEFAULT_EVALUATIONS = 3000
local X_TOLERANCE = 1e-4     -- the fit has converged when its points differ by less than this
local F_RELATIVE, F_ABSOLUTE = 1e-3, 1e-8  -- a restart that improves the mean |ln| error by less
                                          -- than this share of it plus this ends the fit

local function raise(msg, ...) core.raise(fmt(msg, ...)) end

local function describe(v)
  local mt = getmetatable(v)
  if type(mt) == "table" and type(mt.__name) == "string" then return "a " .. mt.__name end
  if type(v) == "string" then return fmt("%q", v) end
  if type(v) == "number" and v ~= v then return "NaN" end  -- (tostring gives "-nan" here)
  if type(v) == "number" or type(v) == "boolean" then return tostring(v) end
  if type(v) == "table" and next(v) == nil then return "an empty table" end
  return "a " .. type(v)
end

local function did_you_mean(name, candidates)
  local hint = type(name) == "string" and core.closest(name, candidates)
  return hint and fmt(" (did you mean '%s'?)", hint) or ""
end

local function sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys)
  return keys
end

-- A table of fields: no metatable, or a preset record (core.strict_records), copied as plain.
local function plain(v)
  local mt = getmetatable(v)
  return type(v) == "table" and (mt == nil or rawget(mt, "__dml_record") == true)
end

local function copy(t)
  local c = {}
  for k, v in pairs(t) do c[k] = plain(v) and copy(v) or v end
  return c
end

-- A value in the unit it is written in (us for layer_overhead) from what a preset holds.
local function in_unit(p, v)
  if p.unit then return dml.q(v):value(p.unit) end
  return v
end

-- The text of a value: "0.7012", "26.4 us".
local function value_text(p, x)
  local s = fmt("%." .. SIGNIFICANT .. "g", x)
  return p.unit and (s .. " " .. p.unit) or s
end

-- x rounded to SIGNIFICANT digits.
local function round(x)
  if x == 0 then return 0 end
  return tonumber(fmt("%." .. SIGNIFICANT .. "g", x))
end

-- --- The arguments -----------------------------------------------------------------------------

local ARGS = { "measured", "preset", "fit", "rows", "check", "bounds", "write", "max_evaluations" }
-- Module names require answers before any file: a library written under one never loads.
local TAKEN_MODULES = { dml = true, string = true, table = true, math = true, io = true, os = true,
                        coroutine = true, utf8 = true, debug = true, package = true, _G = true }

-- A row filter from `rows` or `check`: a function(row) -> truthy, or a table { column = text or
-- { text, ... } }: each named column must contain one of its texts (plain, any case). `group`
-- and `tier` are the run_id's source group and tier (dml.measured).
local function filter_of(spec, what, columns)
  if type(spec) == "function" then return spec end
  if type(spec) ~= "table" or getmetatable(spec) ~= nil then
    raise("calibrate.%s: expected a table { column = text } or a function(row), got %s", what, describe(spec))
  end
  local known = { group = true, tier = true }
  local candidates = { "group", "tier" }
  for _, c in ipairs(columns) do
    known[c] = true
    candidates[#candidates + 1] = c
  end
  local tests = {}
  for _, column in ipairs(sorted_keys(spec)) do
    if type(column) ~= "string" then raise("calibrate.%s: keys are column names, got %s", what, describe(column)) end
    if not known[column] then
      raise("calibrate.%s.%s: no such column in the measured runs%s", what, column, did_you_mean(column, candidates))
    end
    local texts = spec[column]
    if type(texts) == "string" then texts = { texts } end
    if type(texts) ~= "table" or #texts == 0 then
      raise("calibrate.%s.%s: expected a text or a list of texts, got %s", what, column, describe(spec[column]))
    end
    for i, text in ipairs(texts) do
      if type(text) ~= "string" then
        raise("calibrate.%s.%s[%d]: expected a text, got %s", what, column, i, describe(text))
      end
    end
    tests[#tests + 1] = { column = column, texts = texts }
  end
  return function(row)
    for _, t in ipairs(tests) do
      local cell
      if t.column == "group" then cell = measured.group(row.run_id or "")
      elseif t.column == "tier" then cell = measured.tier(row.run_id or "")
      else cell = row[t.column] end
      cell = (cell or ""):lower()
      local any = false
      for _, text in ipairs(t.texts) do
        if cell:find(text:lower(), 1, true) then any = true break end
      end
      if not any then return false end
    end
    return true
  end
end

local function preset_name(v, kind, module)
  if v == nil then return nil end
  if type(v) ~= "string" then
    raise("calibrate.preset.%s: expected the name of a preset in dml.presets.%ss, got %s", kind, kind, describe(v))
  end
  if rawget(module, v) == nil then
    raise("calibrate.preset.%s: no %s preset '%s'%s", kind, kind == "gpu" and "GPU" or "stack", v,
      did_you_mean(v, sorted_keys(module)))
  end
  return v
end

-- The names to fit, in the order given, checked.
local function fit_names(fit)
  if type(fit) ~= "table" or getmetatable(fit) ~= nil or #fit == 0 then
    raise("calibrate.fit: expected a list of names of values to fit (%s), got %s", table.concat(names, ", "),
      describe(fit))
  end
  local out, seen = {}, {}
  for i, name in ipairs(fit) do
    if type(name) ~= "string" then raise("calibrate.fit[%d]: expected a name, got %s", i, describe(name)) end
    if not by_name[name] then
      local hint = did_you_mean(name, names)
      raise("calibrate.fit[%d]: '%s' is not a value dml.calibrate fits%s; it fits %s", i, name, hint,
        table.concat(names, ", "))
    end
    if seen[name] then raise("calibrate.fit[%d]: '%s' named twice", i, name) end
    seen[name] = true
    out[#out + 1] = name
  end
  for k in pairs(fit) do
    if math.type(k) ~= "integer" or k < 1 or k > #fit then
      raise("calibrate.fit: expected a list of names, found the key %s", describe(k))
    end
  end
  return out
end

-- The bounds of each fitted value: the physical ones, or narrower ones the scenario gives.
local function bounds_of(spec, fitted)
  local out = {}
  for _, name in ipairs(fitted) do
    local p = by_name[name]
    out[name] = { lower = p.lower, upper = p.upper }
  end
  if spec == nil then return out end
  if type(spec) ~= "table" or getmetatable(spec) ~= nil then
    raise("calibrate.bounds: expected a table { name = { lower, upper } }, got %s", describe(spec))
  end
  for _, name in ipairs(sorted_keys(spec)) do
    local p = by_name[name]
    if p == nil then raise("calibrate.bounds.%s: not a value dml.calibrate fits%s", tostring(name), did_you_mean(name, names)) end
    if out[name] == nil then raise("calibrate.bounds.%s: not in calibrate.fit", name) end
    local b = spec[name]
    if type(b) ~= "table" or getmetatable(b) ~= nil or #b ~= 2 then
      raise("calibrate.bounds.%s: expected { lower, upper }, got %s", name,
        type(b) == "table" and getmetatable(b) == nil and #b > 0 and fmt("a list of %d", #b)
          or type(b) == "table" and getmetatable(b) == nil and next(b) ~= nil
            and "a table of named fields (give the two as a list: { 0.3, 0.9 })"
          or describe(b))
    end
    local lu = {}
    for i = 1, 2 do
      local v = b[i]
      if p.unit then
        local ok, q = pcall(dml.q, v)
        if type(v) == "number" or not ok or not pcall(function() return q:value(p.unit) end) then
          raise("calibrate.bounds.%s[%d]: expected a time like \"10 %s\", got %s", name, i, p.unit, describe(v))
        end
        lu[i] = q:value(p.unit)
      else
        if type(v) ~= "number" or v ~= v then
          raise("calibrate.bounds.%s[%d]: expected a number, got %s", name, i, describe(v))
        end
        lu[i] = v
      end
    end
    if not (lu[1] < lu[2]) then
      raise("calibrate.bounds.%s: the lower bound %s is not below the upper %s", name, value_text(p, lu[1]),
        value_text(p, lu[2]))
    end
    -- A bound read from a unit string may differ from the physical one in its last bits
    -- ("1000 us" reads 1000.0000000000001): within a part in 1e9 it is that bound.
    local slack = 1e-9 * (p.upper - p.lower)
    if lu[1] < p.lower - slack or lu[2] > p.upper + slack then
      raise("calibrate.bounds.%s: [%s, %s] goes beyond the physical bounds [%s, %s]", name, value_text(p, lu[1]),
        value_text(p, lu[2]), value_text(p, p.lower), value_text(p, p.upper))
    end
    out[name] = { lower = math.max(lu[1], p.lower), upper = math.min(lu[2], p.upper) }
  end
  return out
end

-- --- The rows ----------------------------------------------------------------------------------

-- Every row of the file with its line, request and measured time; the unusable ones with the
-- reason. A measured time that is not a positive number is an error at its line.
local function read_rows(path, presets)
  local rows, columns = measured.read_tsv(path, "calibrate.measured")
  measured.check_columns(columns, path)
  local out = {}
  for _, row in ipairs(rows) do
    local line = tonumber((measured.where(row) or ""):match(":(%d+)$"))
    local r = { row = row, line = line, run_id = row.run_id or fmt("line %d", line) }
    -- A line the reader could not split into the header's columns is an error here: a fit
    -- should not run on a file with a broken line.
    if measured.row_error(row) then raise("%s", measured.row_error(row)) end
    local req, why = measured.request(row, presets)
    local seconds, how, wrong = measured.measured_time(row, req and req.arch)
    -- (A measurement that is no run's refuses the fit where the row is used: below.)
    if wrong then r.wrong, r.wrong_request = fmt("%s:%d: %s: %s", path, r.line, r.run_id, how), req end
    local guessed_stack
    for _, a in ipairs(req and req.assumed or {}) do
      if a:find("^no preset for the framework") then guessed_stack = a end
    end
    if not req then
      r.skip = why
    elseif wrong then
      r.skip = how
    elseif req.gpu_stand_in then
      -- A preset's values fitted to another part's runs would describe neither.
      r.skip = fmt("another part: %s (a fit takes runs of the GPU its preset describes)", req.gpu_stand_in)
    elseif guessed_stack then
      -- A fit of a stack's values to runs of another framework would fit that framework.
      r.skip = guessed_stack
    elseif req.search then
      -- Fitting efficiencies to a layout dml chose itself would fit the search, not the run.
      r.skip = "no parallel layout (tp, pp, dp not given): a fit needs the layout that ran"
    elseif not seconds then
      r.skip = "no measured step time: " .. how
    else
      local ok, plan = pcall(dml.evaluate, req.run, req.layout)
      -- (The layout the judge costs: ZeRO 3 where the row gives no sharding and only that fits.)
      if ok then ok, plan = pcall(measured.shard_unsharded, row, req, plan) end
      if not ok then
        r.skip = "dml: " .. tostring(plan):gsub("^[^:]*:%d+: ", "")
      elseif plan.time.step:value("s") > 0 then
        r.request, r.measured_s, r.measured_from = req, seconds, how
      else
        r.skip = "dml predicts no step time: " .. table.concat(plan.violations, "; ")
      end
    end
    out[#out + 1] = r
  end
  return out, columns
end

-- --- The fit -----------------------------------------------------------------------------------

-- The efficiency record and the stack for the values x (by name, in their units), from the
-- presets' own tables.
local function presets_with(base, x)
  local eff, stack
  if base.gpu then
    eff = copy(base.gpu.efficiency)
    eff.sources = nil
  end
  if base.stack then
    stack = copy(base.stack)
    stack.sources = nil
  end
  for name, v in pairs(x) do
    local p = by_name[name]
    if p.of == "gpu" then eff[name] = v else stack[name] = p.unit and dml.q(v, p.unit) or v end
  end
  return eff, stack
end

-- Step times of the rows with the values x.
local function step_times(rows, base, x)
  local runs, layouts = {}, {}
  for i, r in ipairs(rows) do
    runs[i], layouts[i] = r.request.run, r.request.layout
  end
  local eff, stack = presets_with(base, x)
  return core.transformer_step_times(runs, layouts, eff, stack)
end

-- Mean absolute log error of times against the rows' measured times; infinite when a row has no
-- time.
local function log_error(rows, times)
  local sum = 0
  for i, r in ipairs(rows) do
    local t = times[i]
    if not (t > 0 and t < math.huge) then return math.huge end
    sum = sum + math.abs(math.log(t / r.measured_s))
  end
  return sum / #rows
end

-- Nelder-Mead over the unit box (points clamped into it), adaptive coefficients (Gao and Han
-- 2012), from the simplex of x0 and a step along each axis. Returns the best point and value.
local function nelder_mead(f, x0, f0, step, budget)
  local n = #x0
  local alpha, gamma, rho, sigma = 1, 1 + 2 / n, 0.75 - 1 / (2 * n), 1 - 1 / n
  local function clamp(x)
    for i = 1, n do x[i] = math.min(1, math.max(0, x[i])) end
    return x
  end
  local pts = { { x = x0, f = f0, id = 0 } }
  local next_id = 1
  for i = 1, n do
    local x = {}
    for j = 1, n do x[j] = x0[j] end
    x[i] = x0[i] + step <= 1 and x0[i] + step or x0[i] - step
    pts[#pts + 1] = { x = x, f = f(x), id = next_id }
    next_id = next_id + 1
  end
  local function point(x)
    next_id = next_id + 1
    return { x = x, f = f(x), id = next_id }
  end
  local function order(a, b)  -- ties broken by age: deterministic
    if a.f ~= b.f then return a.f < b.f end
    return a.id < b.id
  end
  while budget.left > 0 do
    table.sort(pts, order)
    local best, worst = pts[1], pts[n + 1]
    local spread = 0
    for i = 2, n + 1 do
      for j = 1, n do spread = math.max(spread, math.abs(pts[i].x[j] - best.x[j])) end
    end
    if spread < X_TOLERANCE then break end
    local c = {}
    for j = 1, n do
      local s = 0
      for i = 1, n do s = s + pts[i].x[j] end
      c[j] = s / n
    end
    local function along(t, from)  -- c + t (from - c), clamped
      local x = {}
      for j = 1, n do x[j] = c[j] + t * (from[j] - c[j]) end
      return clamp(x)
    end
    local r = point(along(-alpha, worst.x))
    if r.f < best.f then
      local e = point(along(-alpha * gamma, worst.x))
      pts[n + 1] = e.f < r.f and e or r
    elseif r.f < pts[n].f then
      pts[n + 1] = r
    else
      local k = r.f < worst.f and point(along(-alpha * rho, worst.x)) or point(along(rho, worst.x))
      if k.f < math.min(r.f, worst.f) then
        pts[n + 1] = k
      else
        for i = 2, n + 1 do
          local x = {}
          for j = 1, n do x[j] = best.x[j] + sigma * (pts[i].x[j] - best.x[j]) end
          pts[i] = point(clamp(x))
        end
      end
    end
  end
  table.sort(pts, order)
  return pts[1].x, pts[1].f
end

-- Compass search: along each axis in turn, try a step either way (clamped into the box); halve
-- the step when no move helps. Settles what Nelder-Mead leaves at a kink or against a bound.
local function compass(f, x, fx, budget)
  local n = #x
  local step = 0.02
  while step >= X_TOLERANCE and budget.left > 0 do
    local moved = false
    for i = 1, n do
      for _, dir in ipairs { 1, -1 } do
        local y = {}
        for j = 1, n do y[j] = x[j] end
        y[i] = math.min(1, math.max(0, x[i] + dir * step))
        if y[i] ~= x[i] then
          local fy = f(y)
          if fy < fx then
            x, fx, moved = y, fy, true
            break
          end
        end
      end
    end
    if not moved then step = step / 2 end
  end
  return x, fx, step < X_TOLERANCE
end

-- Minimizes f over the unit box from x0: Nelder-Mead, restarted from its best point while that
-- improves, then compass search. Returns the point, its value, the evaluations and whether it
-- converged within max_evaluations: the compass step shrank below X_TOLERANCE and no point
-- was refused for want of budget (a fit that settles on its last allowed evaluation converged).
local function minimize(f, x0, max_evaluations)
  local budget = { left = max_evaluations, used = 0, refused = false }
  local function counted(x)
    -- Past the budget a point is not evaluated (helper-98: 20 allowed, 21 run): as if worse.
    if budget.left <= 0 then
      budget.refused = true
      return math.huge
    end
    budget.left = budget.left - 1
    budget.used = budget.used + 1
    return f(x)
  end
  local x, fx = x0, counted(x0)
  local step = 0.1
  for _ = 1, 8 do
    if budget.left <= 0 then break end
    local y, fy = nelder_mead(counted, x, fx, step, budget)
    local improved = fx - fy > F_RELATIVE * fx + F_ABSOLUTE
    if fy < fx then x, fx = y, fy end
    if not improved then break end
    step = 0.05
  end
  local settled
  x, fx, settled = compass(counted, x, fx, budget)
  return x, fx, budget.used, settled and not budget.refused
end

-- --- Reporting ---------------------------------------------------------------------------------

local function pct(x) return x and fmt("%+.1f%%", x) or "" end
local function abs_pct(x) return x and fmt("%.1f%%", x) or "-" end

-- Mean absolute error in percent of the step times of rows (field `key`).
local function mean_abs_pct(rows, key)
  if #rows == 0 then return nil end
  local s = 0
  for _, r in ipairs(rows) do s = s + math.abs(r[key]) end
  return s / #rows
end

-- The fields of a result (M.calibrate): reading another is an error, with did-you-mean.
local RESULT_FIELDS = { "measured", "gpu", "stack", "gpu_preset", "stack_preset", "fit", "check", "evaluations",
  "converged", "max_evaluations", "skipped", "values", "rows", "presets_text", "values_table", "rows_table",
  "record", "written", "warnings" }
local result_mt = {}
result_mt.__name = "dml.calibration"
result_mt.__index = function(_, k) return core.no_such("calibration", k, "field", RESULT_FIELDS) end
result_mt.__tostring = function(res)
  local out = {}
  local function add(s) out[#out + 1] = s end
  add(fmt("Calibration of %s on %s: %d row%s fitted, %d held out; %d evaluations", res.presets_text, res.measured,
    res.fit.rows, res.fit.rows == 1 and "" or "s", res.check.rows, res.evaluations))
  add("")
  add(tostring(res.values_table))
  add("")
  add(tostring(res.rows_table))
  add("")
  add(fmt("mean abs error of the step time, fitted rows:   %s -> %s", abs_pct(res.fit.before_pct),
    abs_pct(res.fit.after_pct)))
  if res.check.rows > 0 then
    add(fmt("mean abs error of the step time, held-out rows: %s -> %s", abs_pct(res.check.before_pct),
      abs_pct(res.check.after_pct)))
  else
    add("no held-out rows: nothing checks the fit beyond the rows it was fitted on")
  end
  if not res.converged then
    add(fmt("the fit stopped after max_evaluations = %d before it converged", res.max_evaluations))
  end
  for _, p in ipairs(res.values) do
    if p.flag ~= "" then add(fmt("%s: %s", p.name, p.flag)) end
  end
  if #res.skipped > 0 then
    add(fmt("%d row%s not used:", #res.skipped, #res.skipped == 1 and "" or "s"))
    for _, s in ipairs(res.skipped) do add(fmt("  %s:%d %s: %s", res.measured, s.line, s.run_id, s.reason)) end
  end
  for _, w in ipairs(res.warnings or {}) do add(w) end
  if res.written then add("wrote " .. res.written) end
  return table.concat(out, "\n")
end

-- --- The written library -----------------------------------------------------------------------

-- Keys in the order of the descriptions (gpu, efficiency, stack fields), others sorted, sources
-- last.
local key_rank
local function ranked()
  if key_rank then return key_rank end
  key_rank = {}
  local n = 0
  for _, t in ipairs { "gpu", "efficiency", "stack" } do
    for _, f in ipairs(dml.fields(t)) do
      if key_rank[f.name] == nil then
        n = n + 1
        key_rank[f.name] = n
      end
    end
  end
  key_rank.sources = math.huge
  return key_rank
end

local function number_text(x)
  if math.type(x) == "integer" then return tostring(x) end
  if x ~= x or x == math.huge or x == -math.huge then error("calibrate: cannot write " .. tostring(x)) end
  for digits = 1, 17 do
    local s = fmt("%." .. digits .. "g", x)
    if tonumber(s) == x then
      if math.type(tonumber(s)) == "integer" then s = s .. ".0" end
      return s
    end
  end
  return fmt("%.17g", x)
end

-- A number as a unit string writes it: "26 us", "26.41 us".
local function unit_text(x, unit)
  local s = number_text(x):gsub("%.0$", "")
  return s .. " " .. unit
end

local function identifier(k)
  return type(k) == "string" and k:match("^[%a_][%w_]*$") ~= nil
end

local function serialize(v, indent)
  local tv = type(v)
  if tv == "string" then return fmt("%q", v) end
  if tv == "number" then return number_text(v) end
  if tv == "boolean" then return tostring(v) end
  if tv ~= "table" then error("calibrate: cannot write a " .. tv) end
  local inner = indent .. "  "
  local n = #v
  local keys, list = {}, true
  for k in pairs(v) do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then list = false end
    keys[#keys + 1] = k
  end
  if #keys == 0 then return "{}" end
  local parts = {}
  if list then
    for i = 1, n do parts[i] = inner .. serialize(v[i], inner) end
  else
    local rank = ranked()
    table.sort(keys, function(a, b)
      local ra, rb = rank[a] or (math.huge - 1), rank[b] or (math.huge - 1)
      if ra ~= rb then return ra < rb end
      return tostring(a) < tostring(b)
    end)
    for _, k in ipairs(keys) do
      local key = identifier(k) and k or ("[" .. serialize(k, inner) .. "]")
      parts[#parts + 1] = inner .. key .. " = " .. serialize(v[k], inner)
    end
  end
  return "{\n" .. table.concat(parts, ",\n") .. ",\n" .. indent .. "}"
end

local function library_text(res, header)
  local lines = {}
  -- A comment line each: a run_id or path with a line break (a quoted TSV cell may hold one)
  -- would otherwise end the comment and write its rest as code (helper-98).
  for _, h in ipairs(header) do lines[#lines + 1] = "-- " .. h:gsub("%c", " ") end
  lines[#lines + 1] = "local M = {}"
  lines[#lines + 1] = ""
  if res.gpu then
    lines[#lines + 1] = "-- The calibrated GPU preset: use it as a preset (dml.cluster { gpu = cal.gpu, ... })."
    lines[#lines + 1] = "M.gpu = " .. serialize(res.gpu, "")
    lines[#lines + 1] = ""
  end
  if res.stack then
    lines[#lines + 1] = "-- The calibrated stack preset: dml.run { stack = cal.stack, ... }."
    lines[#lines + 1] = "M.stack = " .. serialize(res.stack, "")
    lines[#lines + 1] = ""
  end
  lines[#lines + 1] = "-- How it was fitted: the rows, each value before and after, the errors (percent)."
  lines[#lines + 1] = "M.fit = " .. serialize(res.record, "")
  lines[#lines + 1] = ""
  lines[#lines + 1] = "return M"
  return table.concat(lines, "\n") .. "\n"
end

-- --- dml.calibrate -----------------------------------------------------------------------------

function M.calibrate(args)
  if type(args) ~= "table" or getmetatable(args) ~= nil then
    raise("dml.calibrate: expected a table { measured = \"runs.tsv\", preset = {...}, fit = {...} }, got %s",
      describe(args))
  end
  for _, k in ipairs(sorted_keys(args)) do
    local known = false
    for _, a in ipairs(ARGS) do known = known or a == k end
    if not known then
      raise("calibrate.%s: unknown field%s; its fields are %s", tostring(k), did_you_mean(k, ARGS),
        table.concat(ARGS, ", "))
    end
  end
  local path = args.measured
  if type(path) ~= "string" then
    raise("calibrate.measured: expected the path of a measured-runs TSV, got %s", describe(path))
  end
  local preset = args.preset or {}
  if type(preset) ~= "table" or getmetatable(preset) ~= nil then
    raise("calibrate.preset: expected { gpu = \"name\", stack = \"name\" }, got %s", describe(preset))
  end
  for _, k in ipairs(sorted_keys(preset)) do
    if k ~= "gpu" and k ~= "stack" then
      raise("calibrate.preset.%s: unknown field%s; its fields are gpu, stack", tostring(k),
        did_you_mean(k, { "gpu", "stack" }))
    end
  end
  local gpu_key = preset_name(preset.gpu, "gpu", gpus)
  local stack_key = preset_name(preset.stack, "stack", stacks)
  local fitted
  if args.fit ~= nil then fitted = fit_names(args.fit) end
  local bounds_spec = args.bounds
  local write = args.write
  if write ~= nil and (type(write) ~= "string" or not write:match("%.lua$")) then
    raise("calibrate.write: expected the path of a .lua file (a library require loads), got %s", describe(write))
  end
  if write ~= nil and write:match("([^/]*)%.lua$"):find(".", 1, true) then
    raise("calibrate.write: %q: require reads the dots of a module name as directories; name the file without them",
      write)
  end
  -- A name require already answers (dml's own modules, Lua's libraries) would never load the
  -- file (helper-98: "dml.lua" and "string.lua" were written, and require returned the others).
  local module = write and write:match("([^/]*)%.lua$")
  if module and TAKEN_MODULES[module] then
    raise("calibrate.write: %q: require %q loads %s, never this file; name it otherwise", write, module,
      module == "dml" and "dml itself" or "a library already there")
  end
  local max_evaluations = args.max_evaluations or DEFAULT_EVALUATIONS
  if math.type(max_evaluations) == "float" and max_evaluations == math.floor(max_evaluations) then
    max_evaluations = math.tointeger(max_evaluations) or max_evaluations  -- 1e4 is 10000
  end
  if math.type(max_evaluations) ~= "integer" or max_evaluations < 1 then
    raise("calibrate.max_evaluations: expected a whole number >= 1, got %s", describe(max_evaluations))
  end

  -- A fitted GPU value outside its bounds in the preset (an fp4_gain of 0: no FP4 rate known yet)
  -- starts at the nearest bound, and the rows are read with it, so that the runs the preset refuses
  -- can be fitted.
  local patched_gpu
  if gpu_key and fitted then
    local declared = dml.gpu(gpus[gpu_key]).efficiency
    for _, name in ipairs(fitted) do
      local p = by_name[name]
      local v = p.of == "gpu" and declared and declared[name]
      if type(v) == "number" and (v < p.lower or v > p.upper) then
        patched_gpu = patched_gpu or copy(gpus[gpu_key])
        patched_gpu.efficiency = copy(patched_gpu.efficiency)
        patched_gpu.efficiency[name] = math.min(math.max(v, p.lower), p.upper)
      end
    end
  end

  -- The rows, the fit's and the held-out ones.
  local all, columns = read_rows(path, patched_gpu and { gpus = { [gpu_key] = patched_gpu } })
  -- A filter (`rows` or `check`) that selects no row is a slip (a misspelt run_id), not a
  -- choice: said with what it asked for.
  local function require_match(filter, what, spec, also)
    for _, r in ipairs(all) do
      if filter(r.row) then return end
    end
    local asked = {}
    if type(spec) == "table" then
      for _, column in ipairs(sorted_keys(spec)) do
        local texts = type(spec[column]) == "string" and { spec[column] } or spec[column]
        local quoted = {}
        for i, text in ipairs(texts) do quoted[i] = fmt("%q", text) end
        asked[#asked + 1] = fmt("%s ~ %s", column, table.concat(quoted, " or "))
      end
    end
    raise("calibrate.%s: no row of %s matches it%s%s", what, path,
      #asked > 0 and (" (" .. table.concat(asked, ", ") .. ")") or " (its function returned false for every row)",
      also or "")
  end
  local held = args.check
  local check_filter
  if held ~= nil and held ~= false then
    check_filter = filter_of(held, "check", columns)
    require_match(check_filter, "check", held, "; check = false holds no row out")
  end
  -- Without `rows`, the fit takes every row but those `check` holds out.
  local keep = args.rows ~= nil and filter_of(args.rows, "rows", columns)
    or (check_filter and function(row) return not check_filter(row) end)
    or function() return true end
  if args.rows ~= nil then require_match(keep, "rows", args.rows) end
  local selected, skipped = {}, {}
  for _, r in ipairs(all) do
    -- Rows `check` names that cannot be predicted are said, as the fit's are. (Without `check` the
    -- held-out rows are the others on the fit's presets, which an unpredictable row has none of.)
    -- A measurement that is no run's, in a row the fit or its check would use (on the fit's
    -- presets, and selected by `rows` or held out by `check` or, without one, as another row on
    -- those presets), refuses the fit at its line; in a row neither uses, it does not matter.
    local req = r.wrong and r.wrong_request
    if req and (gpu_key == nil or req.gpu == gpu_key) and (stack_key == nil or req.stack == stack_key) then
      local by_check = (check_filter ~= nil and check_filter(r.row)) or (held == nil and not keep(r.row))
      if keep(r.row) or by_check then raise("%s", r.wrong) end
    end
    if r.skip and not keep(r.row) and check_filter ~= nil and check_filter(r.row) then
      skipped[#skipped + 1] = { run_id = r.run_id, line = r.line, reason = r.skip .. " (held out)" }
    end
    if keep(r.row) then
      if r.skip then
        skipped[#skipped + 1] = { run_id = r.run_id, line = r.line, reason = r.skip }
      elseif (gpu_key == nil or r.request.gpu == gpu_key) and (stack_key == nil or r.request.stack == stack_key) then
        selected[#selected + 1] = r
      end
    end
  end
  if #selected == 0 then
    local with = {}
    if gpu_key then with[#with + 1] = "the GPU preset " .. gpu_key end
    if stack_key then with[#with + 1] = "the stack " .. stack_key end
    raise("calibrate: no row of %s to fit%s (%d rows read, %d selected but not predicted%s)", path,
      #with > 0 and (": none selected runs on " .. table.concat(with, " and ")) or "", #all, #skipped,
      #skipped > 0 and fmt("; the first, %s: %s", skipped[1].run_id, skipped[1].reason) or "")
  end

  -- The presets: named, or the one every selected row runs on.
  local function only(kind, key, label)
    if key then return key end
    local count, list = {}, {}
    for _, r in ipairs(selected) do
      local k = r.request[kind]
      if not count[k] then
        count[k] = 0
        list[#list + 1] = k
      end
      count[k] = count[k] + 1
    end
    if #list == 1 then return list[1] end
    table.sort(list)
    local text = {}
    for _, k in ipairs(list) do text[#text + 1] = fmt("%s (%d row%s)", k, count[k], count[k] == 1 and "" or "s") end
    return nil, fmt("the rows to fit run on %d %s presets, %s: name one with calibrate.preset.%s", #list, label,
      table.concat(text, ", "), kind)
  end
  local gpu_only, gpu_why = only("gpu", gpu_key, "GPU")
  local stack_only, stack_why = only("stack", stack_key, "stack")
  if fitted == nil then
    fitted = {}
    for _, p in ipairs(M.parameters) do
      if p.default then fitted[#fitted + 1] = p.name end
    end
  end
  local wants = { gpu = false, stack = false }
  for _, name in ipairs(fitted) do wants[by_name[name].of] = true end
  if wants.gpu and not gpu_only then raise("calibrate: %s", gpu_why) end
  if wants.stack and not stack_only then raise("calibrate: %s", stack_why) end
  gpu_key = gpu_key or (wants.gpu and gpu_only) or nil
  stack_key = stack_key or (wants.stack and stack_only) or nil
  local bounds = bounds_of(bounds_spec, fitted)

  -- Every selected row runs on the presets (named, or the only ones there); the held-out rows
  -- are the other rows on them (or those `check` selects).
  local fit_rows, check_rows = selected, {}
  local in_fit = {}
  for _, r in ipairs(fit_rows) do in_fit[r] = true end
  -- A row both selected and held out would be fitted, its check silently lost (helper-98).
  if check_filter ~= nil and args.rows ~= nil then
    local both = {}
    for _, r in ipairs(fit_rows) do
      if check_filter(r.row) then both[#both + 1] = r.run_id end
    end
    if #both > 0 then
      raise("calibrate.check: %d of the rows it holds out %s also in calibrate.rows (%s%s): a row is fitted or held out, not both",
        #both, #both == 1 and "is" or "are", table.concat(both, ", ", 1, math.min(#both, 3)), #both > 3 and ", ..." or "")
    end
  end
  if check_filter ~= nil or held == nil then
    for _, r in ipairs(all) do
      if not in_fit[r] and not r.skip and (gpu_key == nil or r.request.gpu == gpu_key)
          and (stack_key == nil or r.request.stack == stack_key)
          and (check_filter == nil or check_filter(r.row)) then
        check_rows[#check_rows + 1] = r
      end
    end
  end

  -- The presets as shipped, and each fitted value's start (its preset value, inside its bounds).
  local base = {
    gpu = gpu_key and wants.gpu and (patched_gpu or gpus[gpu_key]) or nil,
    stack = stack_key and wants.stack and stacks[stack_key] or nil,
  }
  if base.gpu and base.gpu.efficiency == nil then
    raise("calibrate: the GPU preset %s has no efficiency record to fit", gpu_key)
  end
  local declared_gpu = base.gpu and dml.gpu(base.gpu)
  local declared_stack = base.stack and dml.stack(base.stack)
  local start = {}
  for _, name in ipairs(fitted) do
    local p = by_name[name]
    local v = p.of == "gpu" and declared_gpu.efficiency[name] or declared_stack[name]
    start[name] = in_unit(p, v)
  end
  local before_fit = step_times(fit_rows, base, {})

  -- Values no fitted row depends on are left as they are, and said so.
  local active, inactive = {}, {}
  for _, name in ipairs(fitted) do
    local b = bounds[name]
    local moves = false
    for _, v in ipairs { b.lower, b.upper } do
      local x = {}
      for _, other in ipairs(fitted) do x[other] = start[other] end
      x[name] = v
      local times = step_times(fit_rows, base, x)
      for i, t in ipairs(times) do
        if math.abs(t - before_fit[i]) > 1e-12 * before_fit[i] then moves = true end
      end
    end
    if moves then active[#active + 1] = name else inactive[name] = true end
  end
  if #active > #fit_rows then
    raise("calibrate: %d %s cannot fit %d values (%s); fit fewer values or select more rows", #fit_rows,
      #fit_rows == 1 and "row" or "rows", #active, table.concat(active, ", "))
  end

  -- The fit, in the unit box of the active values' bounds.
  local function values(u)
    local x = {}
    for _, name in ipairs(fitted) do x[name] = start[name] end
    for i, name in ipairs(active) do
      local b = bounds[name]
      x[name] = b.lower + u[i] * (b.upper - b.lower)
    end
    return x
  end
  local u0 = {}
  for i, name in ipairs(active) do
    local b = bounds[name]
    u0[i] = math.min(1, math.max(0, (start[name] - b.lower) / (b.upper - b.lower)))
  end
  local objective = function(u) return log_error(fit_rows, step_times(fit_rows, base, values(u))) end
  local u, evaluations, converged = u0, 0, true
  if #active > 0 and max_evaluations < #active + 1 then
    raise("calibrate.max_evaluations: %d is fewer than the fit's first simplex takes (%d values + 1 = %d)",
      max_evaluations, #active, #active + 1)
  end
  if #active > 0 then u, _, evaluations, converged = minimize(objective, u0, max_evaluations) end

  -- Fitted values rounded; those at a bound flagged.
  local after = values(u)
  local parameters = {}
  for _, name in ipairs(fitted) do
    local p, b = by_name[name], bounds[name]
    local x, flag = after[name], ""
    if inactive[name] then
      x = start[name]
      flag = "not fitted: no fitted row depends on it; the preset's value is kept"
    else
      -- Within AT_BOUND of a bound is at it (the fit cannot tell the two apart): the bound itself.
      local share = (x - b.lower) / (b.upper - b.lower)
      if share <= AT_BOUND then
        x, flag = b.lower, "at its lower bound " .. value_text(p, b.lower)
      elseif share >= 1 - AT_BOUND then
        x, flag = b.upper, "at its upper bound " .. value_text(p, b.upper)
      else
        x = math.min(b.upper, math.max(b.lower, round(x)))
      end
    end
    after[name] = x
    parameters[#parameters + 1] = { name = name, of = p.of, before = start[name], after = x, lower = b.lower,
      upper = b.upper, unit = p.unit, flag = flag, fitted = not inactive[name] }
  end

  -- Rounding may carry a value the fit left at the edge of a rule between two values past it
  -- (attention x flash3_gain at most 1, gemm x fp8_gain at most the FP8 peak): then the fitted
  -- values are kept unrounded. With no point of the bounds inside the rules the fit has nothing.
  if base.gpu then
    local function accepted(x)
      local eff = presets_with(base, x)
      local g = copy(base.gpu)
      g.efficiency = eff
      local ok, err = pcall(dml.gpu, g)
      return ok, err
    end
    if not accepted(after) then
      local unrounded = values(u)
      for _, q in ipairs(parameters) do
        if q.fitted and q.flag == "" then
          after[q.name] = unrounded[q.name]
          q.after = unrounded[q.name]
        end
      end
      local ok, err = accepted(after)
      if not ok then
        raise("calibrate: no values inside the bounds make a GPU dml accepts (%s): widen or move the bounds",
          tostring(err):gsub("^[^:]*:%d+: ", ""))
      end
    end
  end

  -- Every row before and after.
  local report = {}
  local function report_rows(rows, set, before)
    local after_times = step_times(rows, base, after)
    before = before or step_times(rows, base, {})
    local out = {}
    for i, r in ipairs(rows) do
      local b, a = before[i], after_times[i]
      local e = {
        run_id = r.run_id, line = r.line, set = set, measured_s = r.measured_s, measured_from = r.measured_from,
        before_s = b > 0 and b or nil, after_s = a > 0 and a or nil,
        before_error_pct = b > 0 and 100 * (b - r.measured_s) / r.measured_s or nil,
        after_error_pct = a > 0 and 100 * (a - r.measured_s) / r.measured_s or nil,
      }
      report[#report + 1] = e
      if e.before_s and e.after_s then out[#out + 1] = e end
    end
    return out
  end
  local fit_report = report_rows(fit_rows, "fit", before_fit)
  local check_report = report_rows(check_rows, "check")

  -- The calibrated presets: copies of the shipped ones with the fitted values and their sources.
  local ids, check_ids = {}, {}
  for i, r in ipairs(fit_rows) do ids[i] = r.run_id end
  for _, e in ipairs(check_report) do check_ids[#check_ids + 1] = e.run_id end
  local fit_summary = { rows = #fit_report, before_pct = mean_abs_pct(fit_report, "before_error_pct"),
                        after_pct = mean_abs_pct(fit_report, "after_error_pct") }
  local check_summary = { rows = #check_report, before_pct = mean_abs_pct(check_report, "before_error_pct"),
                          after_pct = mean_abs_pct(check_report, "after_error_pct") }
  local how = fmt("fit (dml.calibrate): %d rows of %s (this library's fit.rows); mean abs step-time error %s -> %s",
    #fit_report, path, abs_pct(fit_summary.before_pct), abs_pct(fit_summary.after_pct))
  -- A fit cut short by its budget says so wherever its values go (helper-377: the written library
  -- read as a finished calibration).
  local unfinished = not converged and #active > 0
    and fmt("the fit stopped after max_evaluations = %d before it converged", max_evaluations) or nil
  if #check_report > 0 then
    how = how .. fmt(", on %d held-out rows %s -> %s", #check_report, abs_pct(check_summary.before_pct),
      abs_pct(check_summary.after_pct))
  end
  if unfinished then how = how .. "; " .. unfinished end
  local gpu_out, stack_out
  if base.gpu then
    gpu_out = copy(base.gpu)
    gpu_out.name = base.gpu.name .. " (calibrated)"
    gpu_out.efficiency.sources = gpu_out.efficiency.sources or {}
    -- A value the fit started at a bound (an fp4_gain of 0 read as 1) and did not move keeps
    -- the shipped preset's value.
    if patched_gpu then
      for _, q in ipairs(parameters) do
        if q.of == "gpu" and not q.fitted then
          gpu_out.efficiency[q.name] = gpus[gpu_key].efficiency[q.name]  -- nil: the default
          q.before = dml.gpu(gpus[gpu_key]).efficiency[q.name]
          q.after = q.before
        end
      end
    end
  end
  if base.stack then
    stack_out = copy(base.stack)
    stack_out.name = base.stack.name .. " (calibrated)"
    stack_out.sources = stack_out.sources or {}
  end
  local record_parameters = {}
  for _, p in ipairs(parameters) do
    if p.fitted then
      local target = p.of == "gpu" and gpu_out.efficiency or stack_out
      target[p.name] = p.unit and unit_text(p.after, p.unit) or p.after
      target.sources[p.name] = how .. (p.flag ~= "" and ("; " .. p.flag) or "")
    end
    record_parameters[#record_parameters + 1] = {
      name = p.name, before = p.unit and unit_text(p.before, p.unit) or p.before,
      after = p.unit and unit_text(p.after, p.unit) or p.after,
      lower = p.unit and unit_text(p.lower, p.unit) or p.lower,
      upper = p.unit and unit_text(p.upper, p.unit) or p.upper,
      note = p.flag ~= "" and p.flag or nil,
    }
  end
  local presets_text = {}
  if gpu_key then presets_text[#presets_text + 1] = "GPU " .. gpu_key end
  if stack_key then presets_text[#presets_text + 1] = "stack " .. stack_key end

  -- What the judge of measured runs warns of, said here too: columns not read, and a run_id the
  -- fit or its check takes twice (each row counts as a run of its own).
  local warnings = {}
  do
    warnings[#warnings + 1] = measured.unread_columns(columns)
    local raw = {}
    for _, r in ipairs(all) do raw[#raw + 1] = r.row end
    warnings[#warnings + 1] = measured.short_rows(raw, columns)
    local lines_of, order = {}, {}
    for _, r in ipairs(report) do
      if not lines_of[r.run_id] then
        lines_of[r.run_id] = {}
        order[#order + 1] = r.run_id
      end
      table.insert(lines_of[r.run_id], tostring(r.line))
    end
    for _, id in ipairs(order) do
      local at = lines_of[id]
      if #at > 1 then
        warnings[#warnings + 1] = fmt("run_id %q appears %s (lines %s): each row counts", id,
          #at == 2 and "twice" or fmt("%d times", #at), table.concat(at, ", "))
      end
    end
  end
  local res = {
    measured = path, gpu = gpu_out, stack = stack_out, gpu_preset = gpu_key, stack_preset = stack_key,
    fit = fit_summary, check = check_summary, evaluations = evaluations, converged = converged,
    max_evaluations = max_evaluations, skipped = skipped, values = parameters, rows = report,
    presets_text = table.concat(presets_text, " and "), written = false, warnings = warnings,
  }
  local prow = {}
  for i, p in ipairs(parameters) do
    prow[i] = { value = p.name, of = p.of == "gpu" and ("gpu " .. gpu_key) or ("stack " .. stack_key),
      before = value_text(p, p.before), after = value_text(p, p.after),
      bounds = fmt("[%s, %s]", value_text(p, p.lower), value_text(p, p.upper)), note = p.flag }
  end
  res.values_table = dml.table(prow, { title = "Fitted values",
    columns = { "value", "of", "before", "after", "bounds", "note" } })
  local rrow = {}
  for i, e in ipairs(report) do
    rrow[i] = { run_id = e.run_id, set = e.set, measured_s = e.measured_s, before_s = e.before_s,
      before_error = pct(e.before_error_pct), after_s = e.after_s, after_error = pct(e.after_error_pct) }
  end
  res.rows_table = dml.table(rrow, { title = "Step time per row (s)",
    columns = { "run_id", "set", "measured_s", "before_s", "before_error", "after_s", "after_error" } })
  res.record = {
    measured = path, gpu_preset = gpu_key, stack_preset = stack_key, rows = ids, check_rows = check_ids,
    parameters = record_parameters,
    error = { fit_before_pct = fit_summary.before_pct, fit_after_pct = fit_summary.after_pct,
              check_before_pct = check_summary.before_pct, check_after_pct = check_summary.after_pct },
    evaluations = evaluations, max_evaluations = max_evaluations, converged = converged,
  }

  if write then
    local header = {
      fmt("%s: calibrated by dml.calibrate (dml %s) on %s.", write:match("[^/]*$"), dml.version, path),
      #ids <= 8 and fmt("Fitted on %d rows: %s.", #ids, table.concat(ids, ", "))
        or fmt("Fitted on %d rows (listed in M.fit.rows).", #ids),
      fmt("Mean abs step-time error on them %s -> %s; on %d held-out rows %s -> %s.",
        abs_pct(fit_summary.before_pct), abs_pct(fit_summary.after_pct), #check_report,
        abs_pct(check_summary.before_pct), abs_pct(check_summary.after_pct)),
      "Use: local cal = require \"" .. write:match("([^/]*)%.lua$") .. "\""
        .. (res.gpu and "; dml.cluster { gpu = cal.gpu, ... }" or "")
        .. (res.stack and "; dml.run { stack = cal.stack, ... }" or ""),
    }
    if unfinished then
      table.insert(header, 4, "Not converged: " .. unfinished .. " (M.fit.converged = false); fit again with a larger budget.")
    end
    core.write_text(write, library_text(res, header), "dml.calibrate")
    res.written = write
  end
  return setmetatable(res, result_mt)
end

return M
