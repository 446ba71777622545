--- dml.analysis: what a scenario asks of the model: optimize a run, evaluate
--- a layout, sweep many runs on all cores, and the limits of a setting. The
--- answers are plans (see `dml --doc plan`) made by the C++ core.
local _, core = ...  -- dml.core, from the loader (no global lookup: a script may replace select)
local output = require "dml.output"

local M = {}

--- optimize(run): the fastest layout for the run; on run.cluster.size GPUs if
--- the cluster has a size, else on the smallest cluster that trains the run
--- within run.duration. Returns a plan.
M.optimize = core.optimize

--- evaluate(run, layout): cost one given layout of the run. Returns a plan.
M.evaluate = core.evaluate

-- The runners-up, a plain list of plans, print one line each (helper-89: print showed
-- "table: 0x..."): its number, the plan's first line and its step time.
local runners_mt = {
  __name = "dml.runners_up",
  __tostring = function(list)
    local lines = {}
    for i, p in ipairs(list) do
      lines[i] = string.format("%d. %s (step %s)", i, tostring(p):match("^[^\n]*"), tostring(p.time.step))
    end
    return #lines > 0 and table.concat(lines, "\n") or "(none)"
  end,
  -- dml.table, dml.save and dml.plot read it as the plans' rows, as they read a plain list.
  __dml_rows = function(list)
    local plain = {}
    for i, p in ipairs(list) do plain[i] = p end
    local t = output.table(plain)
    return getmetatable(t).__dml_rows(t)
  end,
}

--- optimize_transformer(run[, opts]): the fastest layout of a transformer run
--- on its cluster's GPUs. opts: layout fields to hold fixed (dml --doc
--- transformer_layout) and runners_up = n: also return the next n layouts, as
--- a second value (a list, fastest first); distinct_splits = true: each of them
--- the fastest of another split (TP, PP, DP, CP and EP degrees). who: the name its errors give
--- the fixed fields ("optimize", or "gpus_for.fixed" for a search that takes only layout fields,
--- which then refuses runners_up and distinct_splits). label: its progress line's (default
--- "optimize").
function M.optimize_transformer(run, opts, who, label)
  local fixed, count, distinct = nil, 1, false
  local layout_only = who ~= nil
  who = who or "optimize"
  if opts ~= nil then
    if type(opts) ~= "table" or getmetatable(opts) ~= nil then
      core.raise(string.format("%s: expected a table of fixed layout fields, got %s",
        layout_only and who or "dml.optimize", output.describe(opts)))
    end
    fixed = {}
    -- In the keys' order, so that of two mistakes the same one is reported on every run.
    local keys = {}
    for k in pairs(opts) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b)
      if type(a) == type(b) and (type(a) == "string" or type(a) == "number") then return a < b end
      return type(a) < type(b)
    end)
    for _, k in ipairs(keys) do
      local v = opts[k]
      if layout_only and (k == "runners_up" or k == "distinct_splits") then
        -- (Its answer is one plan and a table of the sizes tried: no runners-up to return.)
        core.raise(string.format("%s.%s: only dml.optimize returns runners-up; here hold layout fields fixed",
          who, k))
      elseif k == "runners_up" then
        -- a whole number, as the layout's degrees are read (4.0 is 4); at most a million
        local n = math.type(v) == "float" and v == math.floor(v) and math.tointeger(v) or v
        if math.type(n) ~= "integer" or n < 0 or n > 1000000 then
          -- (NaN and the infinities as messages write them everywhere; a whole float as an integer.)
          local shown = v ~= v and "NaN" or v == math.huge and "inf" or v == -math.huge and "-inf"
            or (math.type(v) == "float" and v == math.floor(v) and string.format("%.0f", v))
            or (type(v) == "number" and tostring(v)) or output.describe(v)
          core.raise(who .. ".runners_up: expected a whole number from 0 to 1000000, got " .. shown)
        end
        count = n + 1
      elseif k == "distinct_splits" then
        if type(v) ~= "boolean" then
          core.raise(who .. ".distinct_splits: expected true or false, got " .. tostring(v))
        end
        distinct = v
      else
        if type(k) == "string" then
          local names = layout_only and {} or { "runners_up", "distinct_splits" }
          for _, f in ipairs(core.fields("transformer_layout")) do names[#names + 1] = f.name end
          local known = false
          for _, name in ipairs(names) do known = known or name == k end
          if not known then
            -- A field of the run or of its stack, given where the layout's go: said where it goes.
            local function has(type_name)
              for _, f in ipairs(core.fields(type_name)) do if f.name == k then return true end end
              return false
            end
            -- (dml.optimize's own call around it; a search over sizes takes the changed run.)
            local call = layout_only and "%s" or "dml.optimize(%s)"
            if has("transformer_run") then
              core.raise(string.format("%s.%s: a field of the run, not of its layout: " .. call, who, k,
                string.format("dml.run(run, { %s = ... })", k)))
            elseif has("stack") then
              core.raise(string.format("%s.%s: a field of the run's stack, not of its layout: " .. call, who, k,
                string.format("dml.run(run, { stack = dml.stack(run.stack, { %s = ... }) })", k)))
            end
            local hint = core.closest(k, names)
            core.raise(string.format("%s.%s: not a layout field to hold fixed%s%s; " ..
              "it takes %s", who, k, layout_only and "" or ", nor runners_up", hint and (" (did you mean '" .. hint .. "'?)") or "", table.concat(names, ", ")))
          end
        end
        fixed[k] = v
      end
    end
  end
  if distinct and count == 1 then
    core.raise("optimize.distinct_splits: chooses which runners-up come back; give runners_up = n too")
  end
  local plans = core.transformer_optimize(run, fixed, count, distinct, label)
  if opts == nil or opts.runners_up == nil then return plans[1] end
  local runners = {}
  for i = 2, #plans do runners[#runners + 1] = plans[i] end
  return plans[1], setmetatable(runners, runners_mt)
end

--- divisors(n): the divisors of a positive whole number, ascending (by trial up to its root).
function M.divisors(n)
  local out, d = {}, 1
  while d * d <= n do
    if n % d == 0 then
      out[#out + 1] = d
      if d * d ~= n then out[#out + 1] = n // d end
    end
    d = d + 1
  end
  table.sort(out)
  return out
end

--- is_transformer_run(v): v is a run of a dml.transformer (dml.run dispatched it).
local function is_transformer_run(v)
  local mt = getmetatable(v)
  return type(mt) == "table" and mt.__name == "dml.transformer_run"
end
M.is_transformer_run = is_transformer_run

--- is_transformer(v): v is a dml.transformer.
local function is_transformer(v)
  local mt = getmetatable(v)
  return type(mt) == "table" and mt.__name == "dml.transformer"
end
M.is_transformer = is_transformer

-- The field names of a declared type, as a set: made once a type (core.fields builds every
-- field's record, docs and all: a fifth of declaring a run, which a sweep does at every point).
local field_sets = {}
local function field_set(kind)
  local set = field_sets[kind]
  if set then return set end
  set = {}
  for _, f in ipairs(core.fields(kind)) do set[f.name] = true end
  field_sets[kind] = set
  return set
end

-- The first (in sorted order) of a run table's keys that is a field of the `other` kind of run
-- and not of its `own`; nil if none.
local function first_field_of_other(args, own_kind, other_kind)
  local own, other = field_set(own_kind), field_set(other_kind)
  local first
  for key in pairs(args) do
    if type(key) == "string" and other[key] and not own[key] and (first == nil or key < first) then first = key end
  end
  return first
end

--- declare_run(args[, changes]): dml.run: a paper run, or a transformer run when the model is a
--- dml.transformer or a plain table with a transformer's own fields (as a host's JSON writes one).
function M.declare_run(args, changes)
  local model_mt = type(args) == "table" and getmetatable(args) == nil and type(args.model) == "table"
    and getmetatable(args.model)
  if type(model_mt) == "table" and rawget(model_mt, "__dml_preset") then
    -- A preset of another kind (a GPU given as the model).
    core.raise(string.format("run.model: expected a dml.transformer or a dml.mlp_stack, got the preset %s",
      rawget(model_mt, "__dml_preset")))
  end
  if type(args) == "table" and getmetatable(args) == nil and type(args.model) == "table"
      and getmetatable(args.model) == nil then
    -- A model written as a plain table is the paper's (its fields as dml.mlp_stack's), unless
    -- it has a transformer's own fields (heads, vocab, seq_len, ...): then it is declared as
    -- dml.transformer (as a host's JSON writes one). Fields of neither are said as such, not
    -- as an unknown field of a run or of an MLP stack.
    local stack_fields, transformer_fields = field_set("mlp_stack"), field_set("transformer")
    local of_transformer, of_neither, any_stack = {}, {}, false
    for key in pairs(args.model) do
      if type(key) == "string" and transformer_fields[key] and not stack_fields[key] then
        of_transformer[#of_transformer + 1] = key
      elseif stack_fields[key] then
        any_stack = true
      elseif type(key) == "string" then
        of_neither[#of_neither + 1] = key
      end
    end
    table.sort(of_neither)
    if #of_transformer > 0 then
      local copy = {}
      for k, v in pairs(args) do copy[k] = v end
      copy.model = core.declare.transformer(args.model)
      args = copy
    elseif #of_neither > 0 and not any_stack then
      core.raise(string.format("run.model: expected a dml.transformer or a dml.mlp_stack; this table's fields (%s) are neither's",
        table.concat(of_neither, ", ", 1, math.min(#of_neither, 5)) .. (#of_neither > 5 and ", ..." or "")))
    end
  end
  if type(args) == "table" and getmetatable(args) == nil and is_transformer(args.model) then
    -- A paper run's field (duration, batch, ...) beside a transformer is said as such.
    local key = first_field_of_other(args, "transformer_run", "run")
    if key then
      core.raise(string.format("run.%s: a field of the paper's runs (a dml.mlp_stack model), not of a dml.transformer's; dml --doc transformer_run lists its fields",
        key))
    end
    return core.declare.transformer_run(args, changes)
  end
  if is_transformer_run(args) then return core.declare.transformer_run(args, changes) end
  local plain = type(args) == "table" and getmetatable(args) == nil
  if plain and args.model == nil then
    -- A key that neither kind of run has (`modle`) is named, with the closest name of both.
    local known = {}
    for _, kind in ipairs { "run", "transformer_run" } do
      for _, f in ipairs(core.fields(kind)) do known[#known + 1] = f.name end
    end
    local known_set = {}
    for _, name in ipairs(known) do known_set[name] = true end
    local keys = {}
    for key in pairs(args) do
      if type(key) == "string" then keys[#keys + 1] = key end
    end
    table.sort(keys)  -- of two unknown keys, the same one on every run
    for _, key in ipairs(keys) do
      if not known_set[key] then
        local hint = core.closest(key, known)
        core.raise(string.format("run.%s: unknown field of a training run%s", key,
          hint and (" (did you mean '" .. hint .. "'?)") or ""))
      end
    end
    -- Values given without their names ({ model, cluster, stack }): said as such (helper-128:
    -- "run.model: required", though a model was there).
    if args[1] ~= nil then
      core.raise(string.format("run: expected named fields of a training run (model = ..., cluster = ...), found the key 1 (%s)",
        output.describe(args[1])))
    end
    core.raise("run.model: required (a dml.mlp_stack for the paper's model, or a dml.transformer)")
  end
  local model_type = plain and type(args.model)
  if model_type == "string" or model_type == "number" or model_type == "boolean" then
    -- A name or a number where the model goes ("llama"): said before the run's other fields.
    core.raise(string.format("run.model: expected a dml.transformer or a dml.mlp_stack, got the %s %s",
      type(args.model), type(args.model) == "string" and string.format("%q", args.model) or tostring(args.model)))
  end
  if plain and not is_transformer(args.model) then
    -- A transformer run's field (global_batch, stack, ...) beside the paper's model: the model
    -- lacks what makes it a transformer, said as such.
    local key = first_field_of_other(args, "run", "transformer_run")
    if key then
      local plain_model = type(args.model) == "table" and getmetatable(args.model) == nil
      core.raise(string.format("run.%s: a field of a transformer run, but the model is the paper's MLP stack (%s)",
        key, plain_model
          and "a plain table without heads, vocab or seq_len: give them, or declare it with dml.transformer"
          or "a dml.mlp_stack: declare it with dml.transformer"))
    end
  end
  return core.declare.run(args, changes)
end

--- as_run(run): a run given as a plain table declared as dml.run declares it; anything else as
--- it is.
function M.as_run(run)
  if type(run) == "table" and getmetatable(run) == nil then return M.declare_run(run) end
  return run
end

-- A grid's shape: its keys in sorted order (so that the table's columns are stable), the
-- number of values of each, and the number of points. Nothing is built: the points are made
-- one at a time by grid_point.
local function grid_shape(grid, path)
  local keys, sizes = {}, {}
  for k, values in pairs(grid) do
    if type(k) ~= "string" then core.raise(path .. ": grid keys are names, found " .. tostring(k)) end
    if type(values) ~= "table" or getmetatable(values) ~= nil or next(values) == nil then
      core.raise(string.format("%s.%s: expected a non-empty list of values", path, k))
    end
    -- A list has places 1..n and no holes: a nil in it would run as a point of its own
    -- (helper-93: { 16, nil, 32 } ran a point with no value).
    -- (A table's column, t:column(name), carries its length as `n`: read as the list it is.)
    local places = 0
    for i in pairs(values) do
      if not (i == "n" and math.type(values.n) == "integer") then  -- (n: checked below)
        if math.type(i) ~= "integer" or i < 1 then
          core.raise(string.format("%s.%s: expected a list of values, found the key %s", path, k,
            type(i) == "string" and string.format("%q", i) or tostring(i)))
        end
        places = math.max(places, i)
      end
    end
    for i = 1, places do
      if values[i] == nil then
        core.raise(string.format("%s.%s[%d]: missing (the list has %d places; no holes)", path, k, i, places))
      end
    end
    if values.n ~= nil and values.n ~= places then
      core.raise(string.format("%s.%s.n: %d, but the list has %d place%s (a column's n is its length)", path, k, values.n,
        places, places == 1 and "" or "s"))
    end
    keys[#keys + 1] = k
  end
  -- An empty grid has no point to run (not one point with no values).
  if #keys == 0 then core.raise(path .. ": empty (give name = { values... })") end
  table.sort(keys)
  local total = 1.0  -- a float: a grid of many keys passes 2^63 points
  for i, k in ipairs(keys) do
    sizes[i] = #grid[k]
    total = total * sizes[i]
  end
  return keys, sizes, total
end

-- The point at index i (from 0) of the grid, the last key varying fastest.
local function grid_point(grid, keys, sizes, i)
  local p, at = {}, {}
  for j = #keys, 1, -1 do
    local n = sizes[j]
    at[keys[j]] = i % n + 1
    p[keys[j]] = grid[keys[j]][at[keys[j]]]
    i = i // n
  end
  return p, at
end

-- A grid value as a table cell: numbers, strings, booleans and quantities as they are; a
-- declared value or a table by its name; anything else (a function, a table without a name) by
-- its place in the grid's list, "#2", not by an address that changes from run to run.
local function cell(v, at)
  local t = type(v)
  if t == "number" or t == "string" or t == "boolean" or core.is_quantity(v) then return v end
  local ok, name = pcall(function() return v.name end)
  if ok and type(name) == "string" then return name end
  return "#" .. at
end

local sweep_fields = { "grid", "run", "runs", "fixed", "on_error", "label", "shard" }
local describe = output.describe  -- "a string", "a dml.run", "nil"

-- Whether a grid value and the plan's column of the same name say the same: equal, or the same
-- text, or a number written with its unit ("1e12 tokens", "3 months"), which the run read.
local function agrees(was, v)
  if was == v or tostring(was) == tostring(v) then return true end
  if type(v) == "string" and v:match("^%s*[%d%.%+%-]") then return true end
  return false
end

-- A count of points, whole or (past 2^53, or a share of such a count) as a float: "1.8e16".
local function points_text(x)
  if math.type(x) == "integer" or (x == math.floor(x) and x < 2^53) then
    return core.count_text(math.tointeger(x))
  end
  return string.format("%.3g", x)
end

-- One process sweeps at most this many runs: every row stays in memory (the table it returns).
-- A larger sweep is split over processes or machines with `dml --shard K/N` (docs/scaling-out.md).
M.max_sweep_points = 1000000
local CHUNK = 4096  -- runs declared and optimized at a time: memory stays bounded by the rows

--- sweep{ grid = {...}, run = function(point) ... end } or sweep{ runs = {...} }:
--- optimize every run on all cores. Returns a dml.table with one row per run:
--- the grid's values, then the plan's columns; `t.plans` holds the plans.
--- Ctrl-C stops it and keeps the finished rows (`t.interrupted` is true).
--- Under `dml --shard K/N` it runs the K-th of N consecutive slices of the runs, in order;
--- `dml --merge` joins the slices' saved tables into the table of the whole sweep.
--- `shard = false` runs it whole in every shard (a sweep whose result the script uses).
function M.sweep(spec)
  if type(spec) ~= "table" or getmetatable(spec) ~= nil then
    core.raise("sweep: expected { grid = {...}, run = function(point) ... end } or { runs = {...} }")
  end
  for k in pairs(spec) do
    local known = false
    for _, f in ipairs(sweep_fields) do known = known or f == k end
    if not known then
      local hint = type(k) == "string" and core.closest(k, sweep_fields) or nil
      core.raise(string.format("sweep.%s: unknown field of a sweep%s; its fields are %s", tostring(k),
        hint and (" (did you mean '" .. hint .. "'?)") or "", table.concat(sweep_fields, ", ")))
    end
  end
  local label = spec.label or "sweep"
  if type(label) ~= "string" then core.raise("sweep.label: expected a string, got " .. describe(label)) end
  -- on_error = "row": a point whose run function or search fails becomes a row saying so
  -- (feasible false, the error in violations), and the sweep goes on; "stop" (the default) ends
  -- it with the error.
  local on_error = spec.on_error == nil and "stop" or spec.on_error
  if on_error ~= "stop" and on_error ~= "row" then
    core.raise(string.format('sweep.on_error: expected "stop" or "row", got %s',
      type(on_error) == "string" and string.format("%q", on_error) or describe(on_error)))
  end
  local keep = on_error == "row"
  -- shard = false: every process runs the whole sweep under --shard (one whose result the script
  -- uses, to choose what a later sweep runs: sliced, each shard would choose from its own slice).
  if spec.shard ~= nil and type(spec.shard) ~= "boolean" then
    core.raise("sweep.shard: expected true or false, got " .. describe(spec.shard))
  end
  local sliced = spec.shard ~= false
  -- A mistake in how the sweep is written (a field name, fixed fields for a paper run) ends the
  -- sweep even under on_error = "row": set before such an error is raised.
  local shape_failed = false
  -- An error raised with no message (error({...}), error()) ends the sweep even under on_error =
  -- "row" (docs/language.md), though its text names the point: set where it is named.
  local not_a_message = false
  -- Layout fields every transformer run's search holds fixed (dml.optimize's second argument);
  -- a run function may return a point's own as its second value, which add to these.
  local fixed_all = spec.fixed
  if fixed_all ~= nil and (type(fixed_all) ~= "table" or getmetatable(fixed_all) ~= nil) then
    core.raise("sweep.fixed: expected a table of layout fields to hold fixed ({ tp = 8, ... }), got " .. describe(fixed_all))
  end
  -- Their names are checked here, where the user wrote them (their values when the runs are read).
  local layout_names = {}
  for _, f in ipairs(core.fields("transformer_layout")) do layout_names[#layout_names + 1] = f.name end
  local function check_names(t, where)
    for k in pairs(t) do
      local known = false
      for _, name in ipairs(layout_names) do known = known or name == k end
      if not known then
        local hint = type(k) == "string" and core.closest(k, layout_names) or nil
        shape_failed = true
        core.raise(string.format("%s.%s: not a layout field to hold fixed%s; the fields are %s", where, tostring(k),
          hint and (" (did you mean '" .. hint .. "'?)") or "", table.concat(layout_names, ", ")))
      end
    end
  end
  if fixed_all ~= nil then
    check_names(fixed_all, "sweep.fixed")
    -- Their values too, once: each point would fail alike (a row each under on_error = "row").
    core.check_fixed(fixed_all, "sweep.fixed")
  end
  local function fixed_of(own, where)
    if own == nil or own == false then return fixed_all end
    if type(own) ~= "table" or getmetatable(own) ~= nil then
      shape_failed = true
      core.raise(string.format("sweep.run(%s): its second value is the layout fields to hold fixed, a table; got %s",
        where, describe(own)))
    end
    check_names(own, string.format("sweep.run(%s) second value", where))
    if fixed_all == nil then return own end
    local both = {}
    for k, v in pairs(fixed_all) do both[k] = v end
    for k, v in pairs(own) do both[k] = v end
    return both
  end
  -- A grid has no runs list: a fixed field's error names sweep.fixed, or the run function's
  -- second value where the point's own set it (the core names the runs' places).
  -- (With the point's text, `where`: "sweep.fixed.tp: ... (sweep at { a = 1 })", or
  -- "sweep.run({ a = 1 }) second value.tp: ...", as a misspelt name there is said.)
  local function grid_fixed_path(message, merged, where)
    local key = message:match "^sweep%.runs%[%d+%]%.fixed%.([%w_]+)"
    local at = where and string.format(" (sweep at %s)", where) or ""
    if not key then return message .. at end
    if fixed_all ~= nil and merged and rawequal(fixed_all[key], merged[key]) then
      return message:gsub("^sweep%.runs%[%d+%]%.fixed%.", "sweep.fixed.", 1) .. at
    end
    local own = where and string.format("sweep.run(%s) second value.", where) or "sweep.run's second value."
    return (message:gsub("^sweep%.runs%[%d+%]%.fixed%.", own, 1))
  end
  local keys, total, what = {}, 0, nil
  local point, run_at  -- point(i), run_at(i): the grid point and the declared run at index i (from 0)
  -- A grid point, as its errors name it: "{ ib = 400 Gb/s }"; a value its table cell names as it
  -- is named there (a declared value by its name, another table or a function by its place in
  -- the grid's list, "#2", never by an address).
  local function at_text(at)
    local parts = {}
    for _, key in ipairs(keys) do
      local v = at[key]
      local shown = v ~= v and "NaN" or cell(v, "?")  -- a NaN not as Lua's "-nan" (helper-348)
      if shown == "#?" then
        for i, w in ipairs(spec.grid[key]) do
          if rawequal(w, v) then shown = "#" .. i break end
        end
      end
      parts[#parts + 1] = string.format("%s = %s", key, tostring(shown))
    end
    return "{ " .. table.concat(parts, ", ") .. " }"
  end
  if spec.runs ~= nil then
    if type(spec.runs) == "function" and spec.run == nil then  -- helper-103: a misspelt `run`
      core.raise("sweep.runs: expected a list of runs, got a function (a grid's function is `run`: did you mean 'run'?)")
    end
    if spec.grid ~= nil or spec.run ~= nil then core.raise("sweep: give either runs, or grid and run, not both") end
    local list = spec.runs
    local n = 0
    if type(list) == "table" and getmetatable(list) == nil then
      for k in pairs(list) do
        if math.type(k) ~= "integer" or k < 1 then
          core.raise(string.format("sweep.runs: expected a list of runs, found the key %s", tostring(k)))
        end
        n = math.max(n, k)
      end
    end
    if n == 0 then core.raise("sweep.runs: expected a non-empty list of runs") end
    for i = 1, n do
      if list[i] == nil then core.raise(string.format("sweep.runs[%d]: missing (the list has %d places; no holes)", i, n)) end
    end
    total, what = n, "sweep.runs"
    point = function() return {} end
    -- A plain run with a model is declared as dml.run declares it (a transformer's too); what
    -- is no run is named at its index when the chunk is read.
    run_at = function(i)
      local r = list[i + 1]
      if type(r) == "table" and getmetatable(r) == nil and r.model ~= nil then return M.declare_run(r), fixed_all end
      -- (Under on_error = "row" a non-run is its row's error; else reading the chunk names it.)
      local mt = getmetatable(r)
      local name = type(mt) == "table" and mt.__name
      if keep and name ~= "dml.run" and name ~= "dml.transformer_run" then
        core.raise(string.format("expected a training run (dml.run), got %s", describe(r)))
      end
      return r, fixed_all
    end
  else
    if type(spec.grid) ~= "table" then core.raise("sweep.grid: required (a table of name = { values... })") end
    if spec.run == nil then core.raise("sweep.run: required (a function(point) returning a run)") end
    if type(spec.run) ~= "function" then
      core.raise("sweep.run: expected a function(point) returning a run, got " .. describe(spec.run))
    end
    local grid, sizes = spec.grid
    keys, sizes, total = grid_shape(grid, "sweep.grid")
    what = "sweep.grid"
    point = function(i) return grid_point(grid, keys, sizes, i) end
    -- An error while making a point's run names the point: a string error keeps its own place
    -- (the line of the run function that failed) and gains the point.
    -- With --traceback, the stack is kept from where the error was raised (core.traceback);
    -- the error's value stays the message. A point that cannot be shown leaves it as it is.
    local function at_point(at, f, ...)
      local function handler(e)
        -- A value with a __tostring is a message, as Lua prints it: its text names its point as
        -- error(42)'s does (it passed through unchanged, naming none). One whose __tostring
        -- fails or gives no string has no text.
        local mt = getmetatable(e)
        if type(e) ~= "string" and type(e) ~= "number" and type(mt) == "table" and mt.__tostring ~= nil then
          local shown, text = pcall(tostring, e)
          if shown and type(text) == "string" then e = text end
        end
        -- An error object with no text of its own is named here, where its line is still on the
        -- stack (helper-101: error({}) in a run function named the stdlib's line).
        if type(e) ~= "string" and type(e) ~= "number" then
          e = string.format("(error object is a %s value)", type(e))
          not_a_message = true
        end
        -- (A number is a message, as Lua prints it: error(42) names its point too.)
        if type(e) == "number" then e = tostring(e) end
        e = core.placed(e)  -- Lua's own errors from C (a yield outside a coroutine) have no line
        local shown, where = pcall(at_text, at)
        if not shown then return e end
        return core.traceback(string.format("%s (sweep.run at %s)", e, where), e)
      end
      local results = table.pack(xpcall(f, handler, ...))
      if results[1] then return table.unpack(results, 2, results.n) end
      error(results[2], 0)
    end
    run_at = function(i)
      local at = point(i)
      local run, own = at_point(at, spec.run, at)
      local fixed = fixed_of(own, at_text(at))
      if not is_transformer_run(run) then
        if type(run) == "table" and getmetatable(run) == nil and run.model == nil then
          core.raise(string.format("sweep.run(%s): run.model: required (a dml.mlp_stack for the paper's model, or a dml.transformer)",
            at_text(at)))
        end
        run = at_point(at, M.declare_run, run)
      end
      if own and not is_transformer_run(run) then
        shape_failed = true
        core.raise(string.format("sweep.run(%s): its second value holds layout fields fixed, which is for "
          .. "transformer runs' searches; a paper run's knobs are its options (dml.run { ..., options = dml.options { ... } })",
          at_text(at)))
      end
      return run, fixed
    end
  end
  -- This process's slice [first, last) of the runs: all of them, or the K-th of N (--shard K/N).
  -- Shards are consecutive and as even as can be: the first total % n of them one run larger.
  local k, n = core.shard()
  if not sliced then k, n = 1, 1 end
  local first, last, count
  if total > 2^53 then
    count = total / n  -- far too many for one process: refused below, nothing is made
  else
    total = math.tointeger(total)
    local q, r = total // n, total % n
    first = (k - 1) * q + math.min(k - 1, r)
    count = q + (k <= r and 1 or 0)
    last = first + count
  end
  if count > M.max_sweep_points then
    local sizes_text = {}
    -- "(values: a 20, b 20)": the key first, so that a key named x reads (helper-104: "1001 x x
    -- 1000 y").
    for _, key in ipairs(keys) do sizes_text[#sizes_text + 1] = key .. " " .. #spec.grid[key] end
    local shape = #sizes_text > 0 and (" (values: " .. table.concat(sizes_text, ", ") .. ")") or ""
    if n > 1 then
      core.raise(string.format("%s: shard %d/%d has %s of the %s points%s, more than one process sweeps (at most %s); use more shards (docs/scaling-out.md)",
        what, k, n, points_text(count), points_text(total), shape, core.count_text(M.max_sweep_points)))
    end
    local _, shards = core.shard()
    local advice = (not sliced and shards > 1)
      and "shard = false runs it whole in every shard: split it in the script, or let --shard slice it"
      or "split the sweep with dml --shard K/N (docs/scaling-out.md)"
    core.raise(string.format("%s: %s points%s are more than one process sweeps (at most %s); %s",
      what, points_text(total), shape, core.count_text(M.max_sweep_points), advice))
  end
  -- Transformer runs or paper runs (all or none, as the first run made is), each
  -- optimized on its cluster, the runs of a chunk on all cores. A first Ctrl-C, whether a search
  -- or the Lua between them runs (the run function, a sweep inside it), ends the sweep at its
  -- next run and keeps what finished (core.sweep_cancelled); the state is restored however the
  -- sweep ends.
  local sweep <close> = core.sweep_begin()
  -- make(i) -> true, run, fixed; or (on_error = "row") false, the error's message. An error
  -- while the call is ending (a timeout, Ctrl-C, the memory limit) is never a row's.
  local made = {}  -- points made ahead, to find the runs' kind: i -> { ok, run or message, fixed }
  local function make(i)
    local m = made[i]
    if m then
      made[i] = nil
      return m[1], m[2], m[3]
    end
    if not keep then return true, run_at(i) end
    local ok, r, f = pcall(run_at, i)
    if ok then return true, r, f end
    -- Not a point's own failure: a mistake in the sweep, an error that is no message, or the
    -- call ending (a stop recorded, Lua out of memory).
    if shape_failed or not_a_message or type(r) ~= "string" or core.stopping() or r:find("not enough memory", 1, true) then
      error(r, 0)
    end
    if #keys == 0 then r = string.format("sweep.runs[%d]: %s", i + 1, (r:gsub("^[^\n]-:%d+: ", ""))) end
    return false, r
  end
  -- The runs' kind is the first run's that could be made: this process's slice first (its
  -- points made once, in order), so a shard calls the run function at no point of another's
  -- (helper-104: every shard made point 1, failing on its error and calling `run` once more);
  -- a slice without one (empty, or every point failed under on_error = "row") takes point 1's,
  -- else the first of the rest that could be made, for the columns the whole sweep has.
  local run_0, fixed_0
  do
    local function in_slice(i) return first ~= nil and i >= first and i < last end
    -- true when a run was made (or a first Ctrl-C ends the sweep: its loop below stops it)
    local function try(i)
      if core.sweep_cancelled(sweep) then return true end
      local ok, r, f = make(i)
      if in_slice(i) then made[i] = { ok, r, f } end  -- made once: kept for its chunk
      if ok then run_0, fixed_0 = r, f end
      return ok
    end
    local found = false
    for i = first, last - 1 do
      if try(i) then found = true break end
    end
    if not found and not in_slice(0) then found = try(0) end
    if keep and not found then
      for i = 1, total - 1 do
        if found then break end
        if not in_slice(i) and try(i) then found = true end
      end
    end
  end
  local transformer = is_transformer_run(run_0)
  if not transformer and fixed_0 ~= nil then
    core.raise("sweep.fixed: layout fields to hold fixed are for transformer runs' searches; a paper run's knobs are its options (dml.run { ..., options = dml.options { ... } })")
  end
  local plan_type = transformer and "step_plan" or "plan"
  local columns, seen = {}, {}
  for i, key in ipairs(keys) do columns[i] = key; seen[key] = true end
  local shared = {}  -- grid keys that are also the plans' columns: one column, which must agree
  -- Where no point's run could be made (each failed, under on_error = "row"), no plan has the
  -- columns of a kind: the rows hold only the points and why they failed. (Every shard finds
  -- so alike: each tries the whole sweep's points before it settles on this.)
  local failed_only = run_0 == nil and not core.sweep_cancelled(sweep)
  for _, c in ipairs(core.columns(plan_type)) do
    if failed_only and c.column ~= "feasible" and c.column ~= "violations" then
      -- (not a column of this sweep)
    elseif seen[c.column] then
      shared[c.column] = true
    else
      columns[#columns + 1] = c.column
    end
  end
  -- A grid list that mixes quantities with text of the same dimension ({ dml.q"400 Gb/s",
  -- "800 Gb/s" }) makes one column of quantities: the text would print and save apart from the
  -- numbers (helper-126: saved as 50000000000 above "800 Gb/s"). Its base unit, by key.
  local grid_unit = {}
  for _, key in ipairs(keys) do
    for _, v in ipairs(spec.grid[key]) do
      if core.is_quantity(v) then
        if grid_unit[key] ~= nil and grid_unit[key] ~= v.unit then grid_unit[key] = false break end
        grid_unit[key] = v.unit
      end
    end
  end
  local function grid_cell(key, v)
    if type(v) ~= "string" or not grid_unit[key] then return v end
    local ok, q = pcall(core.q, v)
    if ok and q.unit == grid_unit[key] then return q end
    return v
  end
  local rows, finished, interrupted, done, failed_points = {}, {}, false, 0, 0
  local chunk_start = first
  while chunk_start < last and not interrupted do
    local chunk_end = math.min(chunk_start + CHUNK, last)
    local runs, fixed = {}, {}
    local slots = {}  -- the chunk's points in order: an index into runs, or an error's message
    for i = chunk_start, chunk_end - 1 do
      if core.sweep_cancelled(sweep) then  -- the chunk's runs are not searched: it ends now
        interrupted = true
        runs, slots = {}, {}
        break
      end
      local ok, r, f = make(i)
      if not ok then
        slots[#slots + 1] = r
        goto next_point
      end
      -- A declared run of the other kind mixes them; anything else is no run, which reading
      -- the chunk says at its index (sweep.runs[2]: expected a transformer training run ...).
      local mt = getmetatable(r)
      local other = type(mt) == "table" and mt.__name == (transformer and "dml.run" or "dml.transformer_run")
      if other then
        core.raise("sweep: the runs mix paper runs (dml.mlp_stack) and transformer runs; sweep each kind on its own")
      end
      runs[#runs + 1] = r
      fixed[#runs] = f or false
      slots[#slots + 1] = #runs
      if f ~= nil and not transformer then
        core.raise("sweep.fixed: layout fields to hold fixed are for transformer runs' searches; a paper run's knobs are its options (dml.run { ..., options = dml.options { ... } })")
      end
      ::next_point::
    end
    local plans, errors = {}, {}
    if #runs > 0 then
      local optimize_many = transformer and core.transformer_optimize_many or core.optimize_many
      local stopped
      local message, failed
      local function search()
        return optimize_many(runs, label, "sweep.runs", chunk_start, chunk_start - first, count,
          transformer and fixed or nil, keep)
      end
      if #keys > 0 and transformer then
        -- (A fixed field the core refuses is named as the grid's user wrote it.)
        local ok, a, b, c = pcall(search)
        if not ok then
          local bare = tostring(a):gsub("^[^\n]-:%d+: ", "", 1)
          local index = tonumber(bare:match "^sweep%.runs%[(%d+)%]%.fixed%.")
          if not index then error(a, 0) end
          local shown, where = pcall(at_text, point(index - 1))
          core.raise(grid_fixed_path(bare, fixed[index - chunk_start], shown and where or nil))
        end
        plans, stopped, failed = a, b, c
      else
        plans, stopped, failed = search()
      end
      if keep then errors = failed or {} end
      if plans == nil then  -- a run's search failed: the point (or the run's place) is named
        message = stopped
        local i = chunk_start + failed - 1
        if #keys > 0 then
          local shown, where = pcall(at_text, point(i))
          core.raise(grid_fixed_path(message, fixed[failed], shown and where or nil))
        end
        core.raise(string.format("sweep.runs[%d]: %s", i + 1, message))
      end
      interrupted = interrupted or stopped
    end
    -- A chunk whose search a first Ctrl-C stopped keeps its rows up to its last finished plan:
    -- the kept rows stay the sweep's first points.
    local kept_slots = #slots
    if interrupted then
      kept_slots = 0
      for i, slot in ipairs(slots) do
        if type(slot) == "number" and (plans[slot] or errors[slot]) then kept_slots = i end
      end
    end
    for i = 1, kept_slots do
      local slot = slots[i]
      local plan = type(slot) == "number" and plans[slot]
      local failed_here = type(slot) == "string" and slot or (type(slot) == "number" and errors[slot])
      if failed_here and type(slot) == "number" then  -- a search's error: its point, or its place
        if #keys > 0 then
          local shown, where = pcall(at_text, point(chunk_start + i - 1))
          failed_here = grid_fixed_path(failed_here, fixed[slot], shown and where or nil)
        else
          failed_here = string.format("sweep.runs[%d]: %s", chunk_start + i, failed_here)
        end
      end
      if plan or failed_here then
        local row
        if plan then
          finished[#finished + 1] = plan
          row = core.row(plan)
        else
          row = { feasible = false, violations = "error: " .. failed_here }
        end
        if #keys > 0 then
          local p, at = point(chunk_start + i - 1)
          for _, key in ipairs(keys) do
            local v = grid_cell(key, cell(p[key], at[key]))
            local was = row[key]
            if shared[key] and was ~= nil and not agrees(was, v) then
              core.raise(string.format("sweep.grid.%s: the grid's value %s and the plans' column %s (%s) differ, and a table has one column of a name; name the grid key otherwise (as %s_value)",
                key, tostring(v), key, tostring(was), key))
            end
            -- One of the plans' columns keeps the plan's value, of the column's type (helper-104:
            -- a grid's "16" made the gpus column text); the grid's own keys take its values.
            if not (shared[key] and was ~= nil) then row[key] = v end
          end
        end
        rows[#rows + 1] = row
        if plan then done = done + 1 else failed_points = failed_points + 1 end
      end
    end
    chunk_start = chunk_end
    if not interrupted and core.sweep_cancelled(sweep) then interrupted = true end
  end
  core.sweep_end(sweep)  -- its progress line cleared before the message
  local t = output.table_of_rows(rows, columns)
  rawset(t, "plans", finished)
  rawset(t, "interrupted", interrupted)
  if interrupted then
    core.message(string.format("dml: sweep interrupted: %d of %d runs finished%s", done, count,
      failed_points > 0 and string.format(", %d failed", failed_points) or ""))
  end
  return t
end

local function columns_of(type_name)
  local columns = {}
  for i, c in ipairs(core.columns(type_name)) do columns[i] = c.column end
  return columns
end
local function plan_columns() return columns_of("plan") end

-- What print() shows of a limits result: the setting, its widths, and its summary in words.
local function limits_text(setting, widths, sm)
  local lines = { string.format("limits of %s: %d width%s swept", setting, widths, widths == 1 and "" or "s") }
  if sm.linear_scaling_ends_at then
    lines[#lines + 1] = string.format("  linear scaling ends at %s (%.2f%% utilization)", tostring(sm.linear_scaling_ends_at),
      100 * sm.utilization_there)  -- a percentage, as a plan writes it (helper-350)
  elseif sm.largest_feasible_flop then
    lines[#lines + 1] = "  linear scaling does not end on the grid"
  else
    -- (Nothing feasible: no scaling to end; helper-369 read "does not end" as linear throughout.)
    lines[#lines + 1] = "  no linear scaling to end: no width swept trains in time"
  end
  if sm.largest_feasible_flop then
    lines[#lines + 1] = string.format("  largest run in time: %s (%.2f%% utilization)%s", tostring(sm.largest_feasible_flop),
      100 * sm.largest_feasible_utilization,
      sm.first_infeasible_flop and ("; the next, " .. tostring(sm.first_infeasible_flop) .. ", is infeasible") or "")
  else
    lines[#lines + 1] = "  no run of the grid trains in time"
  end
  if sm.ended_by and sm.ended_by ~= "" then lines[#lines + 1] = "  the sweep ended: " .. sm.ended_by end
  lines[#lines + 1] = "  (its plans: .plans; their table: .points; the summary's fields: .summary)"
  return table.concat(lines, "\n")
end

--- limits_many({setting, ...}[, options]): dml.limits of several settings, on all cores.
function M.limits_many(settings, options)
  local results, interrupted = core.limits(settings, options, "limits")
  if interrupted then core.raise("limits: interrupted") end
  local out = {}
  for i, l in ipairs(results) do
    local plans = l.plans
    -- the table of points is made when it is first read
    out[i] = setmetatable({ setting = l.setting, summary = l.summary, stats = l.stats, plans = plans }, {
      __index = function(t, k)
        if k ~= "points" then return nil end
        local rows = {}
        for j, p in ipairs(plans) do rows[j] = core.row(p) end
        local points = output.table(rows, { columns = plan_columns(), title = l.setting })
        rawset(t, "points", points)
        return points
      end,
      -- One row in the columns of the limits type (docs/reference.md): the setting and its
      -- summary; `points` is the table of its plans.
      __dml_rows = function() return { (core.row(l)) }, columns_of("limits") end,
      -- print() shows the setting and its summary in words (helper-115: it showed an address).
      __tostring = function() return limits_text(l.setting, #plans, l.summary) end,
      __name = "dml.limits",
    })
  end
  return out
end

--- limits(setting[, options]): sweep the setting over the paper's d_model grid
--- (smallest sufficient cluster per width, stopping at the first width no
--- cluster trains in time; passing over a width no cluster size splits).
--- Returns { points = dml.table, plans = {...},
--- summary = { linear_scaling_ends_at, utilization_there, largest_feasible_flop,
--- largest_feasible_utilization, first_infeasible_flop }, stats }.
function M.limits(setting, options)
  return M.limits_many({ core.declare.setting(setting) }, options)[1]
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

--- latency_wall([wall]): the latency-limited training compute T_limit (a FLOP
--- quantity): past it no cluster of any size trains the model in time
--- (docs/model.md 4.4; 2.305e31 FLOP at alpha = 0).
M.latency_wall = core.latency_wall

--- critical_compute(cluster[, wall]): the training compute T_crit where bandwidth
--- starts to limit utilization, per node of the innermost level (docs/model.md 4.4).
M.critical_compute = core.critical_compute

--- wall_curve(cluster[, { alpha_min = -0.2, alpha_max = 0.2, points = 41 }[, wall]]):
--- both curves against alpha, as a dml.table (alpha, latency_wall, critical_compute).
function M.wall_curve(cluster, range, wall)
  local rows, columns = core.wall_curve(cluster, range, wall)
  return output.table(rows, { columns = columns })
end

return core.strict(M, "dml.analysis", "function")
