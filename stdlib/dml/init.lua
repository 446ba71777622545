--- dml: the Lua half of dml's API. The global `dml` is this module.
--- Declared types (dml.gpu, dml.run, ...) come from the C++ descriptions of
--- the core's types (dml.core.declare); every public name has its one-line
--- reference text, which `dml --doc NAME` and docs/reference.md show.
local _, core = ...  -- dml.core, from the loader (no global lookup: a script may replace select)

local dml = {}
local docs = {}

local function def(name, doc, value)
  -- A function written in Lua goes behind a C function, so that a scenario's tail call
  -- (`return dml.run{...}`) keeps the scenario's line for an error (core.entry).
  if type(value) == "function" then value = core.entry(value, "dml." .. name) end
  dml[name] = value
  docs[name] = doc
end

def("version", "dml.version: the dml version string, \"MAJOR.MINOR.PATCH\".", core.version)
def("shard", "dml.shard(): K, N when this run is the K-th of N shards (dml --shard K/N), else 1, 1: a script or a library names its outputs by it (dml.save(t, string.format(\"sweep-%d-of-%d.tsv\", dml.shard()))).",
  function() return core.shard() end)
def("set_preset", "dml.set_preset(record, changes): change a preset record (dml.presets.gpus.h100_sxm, or a record in it: gpus.h100_sxm.efficiency) in place, for everything in the run that reads it (a calibration's what-if through the judge); returns a function that puts the record back as it was (put changes back in the reverse order they were made). A record inside it is changed through its own call (dml.set_preset(gpus.h100_sxm.efficiency, { gemm = 0.7 })); a field given one way drops its other way, as a changed copy does (a level's new bandwidth replaces its link). An assignment to a preset's field is refused where the preset is read: a changed copy, dml.gpu(preset, changes), is what a scenario or a library usually wants.",
  function(record, changes)
    local mt = type(record) == "table" and getmetatable(record) or nil
    if type(mt) ~= "table" or rawget(mt, "__dml_pristine") == nil then
      core.raise("dml.set_preset: expected a preset record (gpus.h100_sxm, gpus.h100_sxm.efficiency, ...), got "
        .. (type(record) == "table" and "a table that is none" or ("a " .. type(record))))
    end
    if type(changes) ~= "table" or getmetatable(changes) ~= nil then
      core.raise("dml.set_preset: expected a table of the fields to change, got " .. require("dml.output").describe(changes))
    end
    local keys = {}
    for k in pairs(changes) do
      if type(k) ~= "string" then  -- (helper-168: a boolean key broke the record)
        core.raise("dml.set_preset: the changes are fields by name, got the key " .. require("dml.output").describe(k))
      end
      local _ = record[k]  -- a name the record's type does not have is an error here
      local inner = rawget(record, k)
      local inner_mt = type(inner) == "table" and getmetatable(inner) or nil
      if type(inner_mt) == "table" and rawget(inner_mt, "__dml_pristine") ~= nil then
        core.raise(string.format("dml.set_preset: %s is a record of its own: change its fields with "
          .. "dml.set_preset(<the preset>.%s, { ... })", k, k))
      end
      keys[#keys + 1] = k
    end
    -- A field given one way drops its other way unless the changes give both (a level's link
    -- beside its new bandwidth), as a changed copy does (helper-162: both kept, they disagreed).
    for i = 1, #keys do
      local other = type(keys[i]) == "string" and core.alternative(record, keys[i]) or nil
      if other ~= nil and changes[other] == nil and rawget(record, other) ~= nil then keys[#keys + 1] = other end
    end
    local before = {}
    for i, k in ipairs(keys) do
      before[i] = { k, rawget(record, k) }  -- [2] nil: the field was unset
      rawset(record, k, changes[k])
    end
    core.repristine(record, keys)
    return function()
      for i = #before, 1, -1 do rawset(record, before[i][1], before[i][2]) end
      core.repristine(record, keys)
    end
  end)
def("error", "dml.error(message[, level]): raise an error at the scenario line that called into dml (level 1); level 2 names the line that called the function holding it (a library blames its caller's line), and so on up the scenario's and libraries' frames; level 0 adds no position.", core.user_error)
def("beside", "dml.beside(path): PATH taken from the folder of the scenario or library file that calls it, its \"a/../\" folded: the data it keeps beside it, found from any working directory (dml.nccl_tests(dml.beside(\"nccl/all_reduce.txt\"))). An absolute path is kept as it is; with no file running (dml -e, standard input), the path is the working directory's.",
  core.beside)
def("usage_error", "dml.usage_error(message): as dml.error, for a script's bad arguments (`...`): "
  .. "the message names the script but no line, and dml exits with status 2, a usage error, instead of 1.", core.usage_error)
def("q", "dml.q(text) -> a quantity: a number with a unit, dml.q\"900 GB/s\"; also dml.q(900, \"GB/s\"). "
  .. "Quantities do arithmetic, compare, print readably, and convert: q:value\"GiB/s\" (a number), "
  .. "q:to\"GiB/s\" (a string). Grammar and API: docs/units.md.", core.q)

-- Declared types: read-only values, checked where they are declared.
local declare = core.declare
def("gpu", "dml.gpu{...} or dml.gpu(base, {changes}): declare a GPU.", declare.gpu)
def("level", "dml.level{...}: declare one network level.", declare.level)
def("cluster", "dml.cluster{...}: declare a cluster: a GPU and the network levels between GPUs.",
  declare.cluster)
def("mlp_stack", "dml.mlp_stack{...}: declare the paper's model, a stack of MLP blocks (dense or mixture-of-experts).",
  declare.mlp_stack)
def("transformer", "dml.transformer{...}: declare a real transformer (attention with GQA, gated MLP or mixture of experts, vocabulary), for the realistic model.",
  declare.transformer)
def("stack", "dml.stack{...} or dml.stack(base, {changes}): declare a software stack (kernels, overlap, bytes per parameter); presets in dml.presets.stacks.",
  declare.stack)

local analysis = require "dml.analysis"
local is_transformer = analysis.is_transformer


local params_meta = {
  __name = "dml.params",
  __tostring = function(c)
    -- 8.03e9 -> "8.03 B" parameters, 5.147e10 -> "51.47 G" FLOP
    local function short(x, names)
      local i, scaled = 1, x
      -- (by the rounded text: 999,995,000 is "1 B", not "1000 M")
      while tonumber(string.format("%.4g", scaled)) >= 1000 and i < #names do scaled, i = scaled / 1000, i + 1 end
      -- Past the largest name, the number itself, as dml writes exponents: "1.58e16", not "1.58e+04 T".
      if tonumber(string.format("%.4g", scaled)) >= 1000 then
        return (string.format("%.4g%s", x, names[1]):gsub("e%+", "e"))
      end
      return string.format("%.4g%s", scaled, names[i])
    end
    local counts, flops = { "", " thousand", " M", " B", " T" }, { " ", " k", " M", " G", " T", " P" }
    return string.format("%s parameters, %s active; %sFLOP a token (Megatron's count: %sFLOP)", short(c.total, counts),
      short(c.active, counts), short(c.flop_per_token, flops), short(c.megatron_flop_per_token, flops))
  end,
}
def("params", "dml.params(model): a dml.transformer's (or a plain table of its fields') parameters and FLOPs: { total, active (those a token uses: top-k and shared experts), flop_per_token (model FLOPs, forward and backward), megatron_flop_per_token (as Megatron-Core r0.8's num_floating_point_operations counts them, the count of Megatron-LM's tables) }; norms counted, biases not.",
  function(model)
    -- a plain table of a transformer's fields is one (as dml.run reads it; JSON through call())
    if type(model) == "table" and getmetatable(model) == nil then model = dml.transformer(model) end
    if not is_transformer(model) then
      local mt = getmetatable(model)
      local what = type(mt) == "table" and type(mt.__name) == "string" and ("a " .. mt.__name) or type(model)
      core.raise("dml.params: expects a dml.transformer, got " .. what
        .. (what == "a dml.mlp_stack" and " (the paper's model: a plan of its run gives them as plan.run.total_params and plan.run.active_params)" or ""))
    end
    local counts = core.transformer_params(model)
    -- Parameter counts are whole: integers where a double holds them exactly (8030261248, not
    -- 8030261248.0); and the table prints as one line (helper-92: "table: 0x55...").
    for _, k in ipairs { "total", "active" } do counts[k] = math.tointeger(counts[k]) or counts[k] end
    return setmetatable(counts, params_meta)
  end)

local is_transformer_run = analysis.is_transformer_run

def("run", "dml.run{...}: declare a training run. With a dml.mlp_stack model: the paper's run (cluster, batch rule, dataset as tokens_per_param or tokens, time budget). With a dml.transformer model (or a plain table with a transformer's fields): a real run (cluster with its size, stack, global_batch, tokens, precision).",
  analysis.declare_run)
local as_run = analysis.as_run
def("options", "dml.options{...}: the paper's fixed knobs (overlap, schedules, search limits), for dml.run's options.",
  declare.options)
def("layout", "dml.layout{...}: declare a parallel layout of the paper's model (dp, tp, pp, ep, microbatches, zero_bubble, interleave, split), for dml.evaluate; a transformer run's layout is a plain table (dml --doc transformer_layout).",
  declare.layout)

-- Output: tables, saving and plotting (dml.output).
local output = require "dml.output"
def("table", "dml.table(rows [, { columns = {...}, title = \"...\" }]): a table of results; print() shows it aligned.",
  output.table)
def("save", "dml.save(value, path): write a dml.table, a list of rows or a record to a .csv, .tsv or .json file, atomically.",
  output.save)
def("check_output", "dml.check_output(path[, usage[, kind]]): path, when dml.save (kind \"table\": .csv, .tsv, .json) or dml.plot (kind \"plot\": .png, .svg, .pdf), either without kind, can write it; else, before any work, a usage error (exit status 2) that says why (an extension not theirs, a missing or read-only folder) and adds usage. For a script's own output argument: local out = dml.check_output(arg[1] or \"plan.json\", \"usage: dml my.lua [plan.json]\", \"table\").",
  output.check_output)
def("plot", "dml.plot{ path = \"fig.png\", series = { { name = ..., x = {...}, y = {...} } }, title = ..., x_label = ..., y_label = ..., x_log = false, y_log = false }: draw a line plot (.png, .svg, .pdf); or from a table, dml.plot{ path = ..., table = t, x = \"column\", y = \"column\", by = \"column\" } (one series per value of by). Guide: docs/output.md.",
  output.plot)

-- Analysis: optimize, evaluate, sweep and the limits of a setting (dml.analysis, loaded above).
def("optimize", "dml.optimize(run[, { fixed layout fields..., runners_up = n }]) (the second argument for transformer runs; a paper run's knobs are run.options): the fastest layout, on run.cluster.size GPUs or else (paper runs) on the smallest cluster that meets the duration; returns a plan (dml --doc plan; transformer runs: dml --doc step_plan, and with runners_up = n a list of the next n plans as a second value; distinct_splits = true: each the fastest of another split).",
  function(run, opts)
    run = as_run(run)
    if is_transformer_run(run) then return analysis.optimize_transformer(run, opts) end
    if opts ~= nil then core.raise("dml.optimize: a paper run takes no second argument (its knobs are run.options)") end
    return analysis.optimize(run)
  end)
-- The divisors of a run's global batch in sequences (none when it gives tokens that are no
-- whole count of them), ascending.
local function batch_divisors(run)
  local batch = run.global_batch
  if batch == nil and run.global_batch_tokens and run.model.seq_len then
    batch = run.global_batch_tokens // run.model.seq_len
  end
  batch = math.tointeger(batch)
  if batch == nil or batch < 1 then return {} end
  return analysis.divisors(batch)
end

-- A transformer run's node: the GPUs of the cluster's levels below the top.
local function node_of(run)
  local node = 1
  local levels = run.cluster.levels
  for i = 1, #levels - 1 do node = node * levels[i].size end
  return node
end

-- dml.optimize(run, fixed) of the run on a cluster of n GPUs; label: its progress line's.
local function optimize_at(run, n, fixed, who, label)
  return analysis.optimize_transformer(dml.run(run, { cluster = dml.cluster(run.cluster, { size = n }) }), fixed, who,
    label)
end

def("gpus_for", "dml.gpus_for(run, duration[, fixed]): the fewest GPUs, of the sizes it tries (below), that train a transformer run's tokens within duration (\"90 days\"; the time to train is not monotone in the GPUs, and a size not tried may do it with fewer); the run's cluster still declares a size (a transformer run needs one), which the search replaces, so any size its levels allow (a whole number of nodes) does: cluster sizes of the run's node (the levels below the top) times 1, 2, 4, ... until one does, then the interval from the size before it halved on multiples of the node, and the node times each divisor of the batch's sequences from half the answer up, each searched as dml.optimize(run, fixed) searches; returns the plan there (nil when none does, the table's title saying why) and a dml.table of the sizes tried (gpus; feasible: a layout runs there; time_to_train; in_time: within duration; mfu; why_not: an infeasible size's first violation).",
  function(run, duration, fixed)
    run = as_run(run)
    if not is_transformer_run(run) then
      core.raise("dml.gpus_for: expects a transformer run (a paper run's dml.optimize already finds the smallest cluster that meets its duration)")
    end
    local ok, want = pcall(dml.q, duration)
    if not ok or want.dimension ~= "time" or not (want > dml.q"0 s") then
      core.raise(string.format("dml.gpus_for: duration: expected a positive time like \"90 days\" (s, min, h, days, weeks, months, years), got %s",
        type(duration) == "string" and string.format("%q", duration) or tostring(duration)))
    end
    local node = node_of(run)
    local levels = run.cluster.levels
    -- A top level with a size (a cluster of one NVLink domain; or so many nodes) bounds the
    -- sizes tried: its size counts units of the level below, node GPUs each. The largest size
    -- is tried too where the doublings step past it (a 72-GPU rack: 64, then 72).
    local top = levels[#levels].size
    local cap = top and node * top or nil
    local limit = cap or 2 ^ 30
    local rows, found, best_time, stopped = {}, nil, nil, nil
    -- (One progress line for the sizes' searches, from the first one's start.)
    local progress <close> = core.searches_begin()
    local function try(n)
      local plan = optimize_at(run, n, fixed, "gpus_for.fixed",
        string.format("gpus_for (%s GPUs, size %d)", core.count_text(n), #rows + 1))
      local in_time = plan.feasible and plan.time_to_train <= want
      rows[#rows + 1] = { gpus = n, feasible = plan.feasible, time_to_train = plan.feasible and plan.time_to_train or nil,
        in_time = in_time, mfu = plan.feasible and plan.mfu or nil,
        why_not = not plan.feasible and plan.violations[1] or nil }
      return plan, in_time
    end
    local n = node
    -- Doubling until a size trains in time; past the sizes where the time still falls (the
    -- batch caps DP, PP runs out of layers) no larger one would: stop, with nil, after three
    -- doublings none of which beat the fastest (one size's divisors can cost it more than the
    -- next size's: helper-107 found the time rising at one doubling and falling past it). Below
    -- the first size that trains in time, the interval from the size before it is halved on
    -- multiples of the node (a size's time is not monotone in its GPUs: the fewest found).
    local prev, fastest, misses = nil, nil, 0
    while n <= limit do
      local plan, in_time = try(n)
      if in_time then
        found = plan
        -- Between the last size too slow (or that ran no layout) and this one, halving on
        -- multiples of the node: the fewest found that train in time (helper-112: 1,536 B200s
        -- answered where 1,320 trained in time).
        -- (A middle size that runs no layout says nothing of the smaller ones: the halving
        -- stops there.)
        local lo, hi = prev or 0, n
        while true do
          local mid = (lo + hi) // 2 // node * node
          if mid <= lo or mid >= hi then break end
          local smaller, also = try(mid)
          if also then
            found, hi = smaller, mid
          elseif smaller.feasible then
            lo = mid
          else
            break
          end
        end
        -- And the node times each divisor of the batch from half the answer up, where DP takes a
        -- whole share of the batch (helper-113: 800 GPUs trained a batch of 1,000 in time below
        -- every size the halving could reach); the fewest in time.
        local tried = {}
        for _, r in ipairs(rows) do tried[r.gpus] = true end
        for _, d in ipairs(batch_divisors(run)) do
          local m = d * node
          if m >= found.gpus then break end
          if m >= found.gpus // 2 and not tried[m] then
            tried[m] = true
            local smaller, also = try(m)
            if also then found = smaller break end
          end
        end
        break
      end
      if plan.feasible then
        if best_time ~= nil and not (plan.time_to_train < best_time) then
          misses = misses + 1
          if misses == 3 then
            stopped = string.format("past %s GPUs the time no longer falls: three doublings did not beat it",
              core.count_text(fastest))
            break
          end
        else
          best_time, fastest, misses = plan.time_to_train, n, 0
        end
      elseif best_time ~= nil then
        stopped = string.format("%s GPUs run no layout", core.count_text(n))
        break
      else
        -- Two sizes in a row that no layout splits (the batch, the layers and the heads cap the
        -- degrees): a larger size adds only factors of 2, which no degree has room for.
        local unsplit = (plan.violations[1] or ""):match "^no layout of %d+ GPUs runs this model"
        if unsplit and rows[#rows - 1] and (rows[#rows - 1].why_not or ""):match "^no layout of %d+ GPUs runs this model" then
          stopped = string.format("no layout splits %s GPUs or more", core.count_text(prev))
          break
        end
        -- Fixed degrees whose product no size node x 2^i divides (tp = 3 on 8-GPU nodes): no
        -- larger size runs them either (helper-93: 28 sizes of the same refusal, to 2^30).
        local product = tonumber((plan.violations[1] or ""):match "^layout: .- = (%d+) does not divide the cluster's")
        if product then
          local function gcd(a, b) while b ~= 0 do a, b = b, a % b end return a end
          local rest = product // gcd(product, node)
          if rest & (rest - 1) ~= 0 then
            stopped = string.format("the fixed degrees' product, %s, divides no size of %s GPUs x 2^i", core.count_text(product), core.count_text(node))
            break
          end
        end
      end
      prev, n = n, (cap and n < cap and n * 2 > cap) and cap or n * 2
    end
    table.sort(rows, function(a, b) return a.gpus < b.gpus end)
    local title = string.format("GPUs for %s in %s", run.model.name or "the run", tostring(want))
    if not found then
      -- Why none: the fastest size tried, and what ended the search.
      local best
      for _, r in ipairs(rows) do
        if r.feasible and (not best or r.time_to_train < best.time_to_train) then best = r end
      end
      local why = stopped or (cap and string.format("the cluster's top level holds %s GPUs at most", core.count_text(cap)))
        or "no size up to 2^30 GPUs"
      title = title .. string.format(": none in time (%s%s)",
        best and string.format("the fastest, %s, on %s GPUs; ", tostring(best.time_to_train), core.count_text(best.gpus)) or "no size runs a layout; ",
        why)
    end
    return found, output.table(rows, { columns = { "gpus", "feasible", "time_to_train", "in_time", "mfu", "why_not" },
      title = title })
  end)
def("optimize_up_to", "dml.optimize_up_to(run[, fixed]): the fastest layout of a transformer run on at most its cluster's GPUs, the rest left idle: the cluster's size, the sizes of its node (the levels below the top) times 2^i and 3 x 2^i below it, the eight largest multiples of the node below it and the node times each divisor of the global batch's sequences from half the cluster up, each searched as dml.optimize(run, fixed) searches; returns the fastest plan (its gpus the GPUs it uses; nil when no size runs a layout) and a dml.table of the sizes tried (gpus; feasible; step_time; time_to_train; mfu; why_not).",
  function(run, fixed)
    run = as_run(run)
    if not is_transformer_run(run) then
      local mt = getmetatable(run)
      local name = type(mt) == "table" and type(mt.__name) == "string" and mt.__name or nil
      core.raise("dml.optimize_up_to: expects a transformer run (dml.run of a dml.transformer), got "
        .. (name == "dml.run" and "a paper run (its dml.optimize already chooses its cluster's size)"
          or name and ("a " .. name) or type(run)))
    end
    local size = run.cluster.size  -- (a transformer run's cluster has one)
    local node = node_of(run)
    -- The sizes: the cluster's; its node's doublings and their three quarters below it (where a
    -- layout splits well); and the eight largest multiples of the node below it (a rack short).
    local sizes, seen = {}, {}
    local function add(n)
      if n >= 1 and n <= size and not seen[n] then seen[n], sizes[#sizes + 1] = true, n end
    end
    add(size)
    local k = node
    while k <= 2 * size do
      add(k)
      if k % (4 * node) == 0 then add(k // 4 * 3) end
      k = k * 2
    end
    for j = 1, 8 do add((size // node - j) * node) end
    -- And the node times each divisor of the global batch's sequences (where DP can take the
    -- node's multiple whole: helper-112 found 7,680 H100s 14% faster than 8,192 for a batch of
    -- 15,360, a size none of the others is).
    -- (Those of at least half the cluster: the doublings stand for the smaller ones, and a
    -- batch of many divisors, 5,040 sequences, adds tens of searches, not hundreds.)
    for _, d in ipairs(batch_divisors(run)) do
      if d * node >= (size + 1) // 2 then add(d * node) end
    end
    table.sort(sizes)  -- (smallest first: of two sizes as fast, the fewer GPUs is kept)
    local rows, best = {}, nil
    local progress <close> = core.searches_begin()
    for i, n in ipairs(sizes) do
      local plan = optimize_at(run, n, fixed, "optimize_up_to.fixed",
        string.format("optimize_up_to (%s GPUs, %d of %d)", core.count_text(n), i, #sizes))
      rows[#rows + 1] = { gpus = n, feasible = plan.feasible, step_time = plan.feasible and plan.time.step or nil,
        time_to_train = plan.feasible and plan.time_to_train or nil, mfu = plan.feasible and plan.mfu or nil,
        why_not = not plan.feasible and plan.violations[1] or nil }
      -- The fastest to train; of two as fast, the fewer GPUs.
      if plan.feasible and (best == nil or plan.time_to_train < best.time_to_train) then best = plan end
    end
    table.sort(rows, function(a, b) return a.gpus < b.gpus end)
    -- The plan printed alone says its idle GPUs too (helper-380: only the table's title did).
    if best and best.gpus < size then
      best = core.plan_with_note(best, string.format(
        "dml.optimize_up_to: the fastest on %s of the cluster's %s GPUs; the %s idle are not in its GPU-hours, energy or cost",
        core.count_text(best.gpus), core.count_text(size), core.count_text(size - best.gpus)))
    end
    local title = string.format("%s on at most %s GPUs", run.model.name or "the run", core.count_text(size))
    title = title .. (best and string.format(": the fastest on %s%s", core.count_text(best.gpus),
      best.gpus < size and string.format(" (%s idle, not in its energy or cost)", core.count_text(size - best.gpus)) or "")
      or ": no size runs a layout")
    return best, output.table(rows, { columns = { "gpus", "feasible", "step_time", "time_to_train", "mfu", "why_not" },
      title = title })
  end)
def("evaluate", "dml.evaluate(run, layout): cost one given layout of the run (dml.layout; for a transformer run a table of dml --doc transformer_layout fields, any left out assumed and listed); returns a plan with the whole breakdown.",
  function(run, layout)
    -- The layout first and the run second (helper-128: "run.tp: unknown field of a training run").
    local layout_mt = getmetatable(layout)
    local layout_is_run = type(layout_mt) == "table"
      and (layout_mt.__name == "dml.run" or layout_mt.__name == "dml.transformer_run")
    if type(run) == "table" and getmetatable(run) == nil and run.model == nil and layout_is_run then
      core.raise("dml.evaluate: the run comes first, then the layout: dml.evaluate(run, layout)")
    end
    run = as_run(run)
    if is_transformer_run(run) then return core.transformer_evaluate(run, layout) end
    return analysis.evaluate(run, layout)
  end)
def("collective", "dml.collective{ cluster = ..., op = \"all_reduce\", size = \"64 MiB\", gpus = 64[, stack = ...] }: the time of one collective as the realistic model costs it, with nccl-tests' busbw and algbw (dml --doc collective_estimate).",
  core.collective)
local nccl = require "dml.nccl"
def("nccl_tests", "dml.nccl_tests(path[, { op = \"all_reduce\", gpus = N, placement = \"out-of-place\" }]): the rows of an nccl-tests output (all_reduce_perf, all_gather_perf, ...) as measured collectives for a network level's `measured` field.",
  nccl.read)
def("compare_collectives", "dml.compare_collectives(cluster, rows[, stack]): measured collectives beside the model's alpha-beta bus bandwidth on the cluster (its levels' measured tables left out), as a dml.table (columns op, gpus, size_bytes, measured_GBps, dml_GBps, error_pct).",
  nccl.compare)
def("sweep", "dml.sweep{ grid = { name = {values...} }, run = function(point) return dml.run{...} end } or dml.sweep{ runs = {...} }: optimize many runs on all cores; returns a dml.table (Ctrl-C keeps the finished rows). label = \"name\" names its progress line (default \"sweep\"); fixed = { tp = 8, ... } holds transformer runs' layout fields fixed (a run function's second value adds a point's own); on_error = \"row\" keeps a failed point as a row and goes on; shard = false runs every point in each --shard process (docs/scaling-out.md).",
  analysis.sweep)
def("setting", "dml.setting{ cluster = ..., sparsity = \"dense\"|\"paper\", batch = ... }: hardware plus the paper's scaling laws, for dml.limits; the cluster has no size (the limits choose one per model; a fixed cluster is a question for dml.optimize).",
  declare.setting)
def("limits", "dml.limits(setting[, options]): sweep the paper's d_model grid; returns { points = dml.table, plans, summary = { linear_scaling_ends_at, largest_feasible_flop, ... } }.",
  analysis.limits)
def("limits_many", "dml.limits_many({setting, ...}[, options]): dml.limits of several settings, on all cores.",
  analysis.limits_many)
def("largest_run", "dml.largest_run(setting[, options]): the largest training compute on the paper's grid trainable within the duration, and its plan; nil, nil when none is.",
  analysis.largest_run)
def("linear_scaling_ends", "dml.linear_scaling_ends(setting[, options]): the first training compute whose utilization falls to 0.8 x the GPU's effective utilization, and that utilization; nil, nil when no compute on the grid is trainable within the duration or none falls that far.",
  analysis.linear_scaling_ends)
def("latency_wall", "dml.latency_wall([{ alpha = 0, step_latency = \"9 us\", ... }]): the analytic latency wall T_limit, the paper's closed-form estimate of the training compute past which no cluster trains the model in time (2.305e31 FLOP at alpha = 0; the numeric sweep, dml.limits, finds its own within about 2x at the paper's clusters, 2.707e31 at the H100's: read it for a forecast).",
  analysis.latency_wall)
def("critical_compute", "dml.critical_compute(cluster[, { alpha = 0, ... }]): the analytic critical compute T_crit, where bandwidth starts to limit utilization (H100: 1.92e28 FLOP at alpha = 0).",
  analysis.critical_compute)
def("wall_curve", "dml.wall_curve(cluster[, { alpha_min = -0.2, alpha_max = 0.2, points = 41 }[, wall]]): both analytic curves against alpha, as a dml.table.",
  analysis.wall_curve)

-- The stdlib's other modules as fields of dml (dml.presets.gpus, dml.paper.erdil2024): each
-- is loaded when first read, and is the table `require "dml.presets.gpus"` returns.
local require, modules = require, core.modules()
local function namespace(path)
  local prefix, children, is_child = path .. ".", {}, {}
  for _, m in ipairs(modules) do
    if m:sub(1, #prefix) == prefix and not m:find(".", #prefix + 1, true) then
      children[#children + 1] = m:sub(#prefix + 1)
      is_child[children[#children]] = true
    end
  end
  local function load(t, name)
    local m = require(prefix .. name)
    rawset(t, name, m)
    return m
  end
  local t = setmetatable({}, {
    __index = function(t, name)
      if is_child[name] then return load(t, name) end
      return core.no_such(path, name, "module", children)
    end,
    __pairs = function(t)  -- every module, loaded
      for _, name in ipairs(children) do
        if rawget(t, name) == nil then load(t, name) end
      end
      return next, t, nil
    end,
  })
  return t, prefix .. table.concat(children, ", " .. prefix)
end
local presets, preset_modules = namespace("dml.presets")
def("presets", "dml.presets: the presets, as data, each module loaded when first read: " .. preset_modules
  .. " (dml.presets.gpus is require \"dml.presets.gpus\"). Reading a preset that does not exist is an error.",
  presets)
local papers, paper_modules = namespace("dml.paper")
def("paper", "dml.paper: the published settings of papers, each module loaded when first read: " .. paper_modules
  .. " (require \"dml.paper.erdil2024\").", papers)

-- Calibration (dml.calibrate, loaded when first called: it uses dml's own constructors).
def("calibrate", "dml.calibrate{ measured = \"runs.tsv\", preset = { gpu = \"h100_sxm\", stack = \"megatron_core\" }, fit = { \"gemm\", ... }, rows = { column = \"text\" }, check = {...}, bounds = { name = { lower, upper } }, max_evaluations = 3000, write = \"mycal.lua\" }: fit a GPU preset's efficiencies and a stack's values to measured runs (the measured-runs TSV); returns the fit row by row (print it), held-out rows checked, values at a bound flagged; `write` saves the calibrated presets as a library for require. Guide: docs/calibration.md.",
  function(args) return require("dml.calibrate").calibrate(args) end)
def("calibration_parameters", "dml.calibration_parameters(): the values dml.calibrate fits, in order: { name, of = \"gpu\" | \"stack\", lower, upper, unit, default (fitted when `fit` is not given), why (where the bounds come from) }.",
  function()
    local out = {}
    for i, p in ipairs(require("dml.calibrate").parameters) do
      out[i] = { name = p.name, of = p.of, lower = p.lower, upper = p.upper, unit = p.unit,
                 default = p.default == true, why = p.why }
    end
    return out
  end)

def("layout_text", "dml.layout_text(layout): a layout in one line, as a plan's summary writes it: a paper layout, \"DP 1 x TP 4x8 x PP 64 x EP 1, 128 microbatches, zero-bubble\", or a transformer layout (a step plan's, or a table whose tp is a number or that names a transformer field), \"TP 8 x PP 1 x DP 1, microbatch 1, no recompute\"; \"no layout\" for the plan of a search that found none that fits.",
  core.layout_text)
def("count_text", "dml.count_text(n): a whole number with thousands separators, \"25,165,824\" (from 2^63 on, as a scenario writes a large number: \"9.223e18\", 2^200 \"1.607e60\").",
  core.count_text)

-- Every described type: the declared ones above, their parts, and the results.
local types = core.types()
local type_names, is_type = {}, {}
for i, t in ipairs(types) do type_names[i] = t.name; is_type[t.name] = true end

local function all_names()
  local names = {}
  for k in pairs(docs) do names[#names + 1] = k end
  for _, name in ipairs(type_names) do
    if not docs[name] then names[#names + 1] = name end
  end
  table.sort(names)
  return names
end

def("doc", "dml.doc(name): the reference text of a declared type, a result or a function, as `dml --doc NAME` prints it.",
  function(name)
    if type(name) ~= "string" then core.raise("dml.doc: expected a name, got " .. type(name)) end
    local short = name:gsub("^dml%.", "")
    if short == "run" then  -- the paper's run: the other kind dml.run makes has its own fields
      return core.describe(short, docs[short]) ..
        "\n\nWith a dml.transformer model, dml.run makes a transformer_run: dml --doc transformer_run lists its fields."
    end
    if is_type[short] then return core.describe(short, docs[short]) end
    if docs[short] then return docs[short] end
    local names = all_names()
    local hint = core.closest(short, names)
    core.raise(string.format("no documentation for '%s'%s; documented names: %s", name,
      hint and (" (did you mean '" .. hint .. "'?)") or "", table.concat(names, ", ")))
  end)

def("names", "dml.names(): every documented name of the dml module and every described type, sorted.",
  all_names)

def("types", "dml.types(): every described type, in reference order: { name, kind = \"declared\" | \"part\" | \"result\", title, doc, constructor } (constructor: the dml function that makes a declared type; dml.run makes a transformer_run).",
  function()
    local out = {}
    for i, t in ipairs(types) do
      out[i] = { name = t.name, kind = t.kind, title = t.title, doc = t.doc, constructor = t.constructor }
    end
    return out
  end)

def("fields", "dml.fields(type): the fields of a described type, as a list of { name, takes, default, doc, label } (label: the row of a result's printed summary that shows it).",
  function(name)
    if not is_type[name] then
      local hint = core.closest(tostring(name), type_names)
      core.raise(string.format("dml.fields: no type '%s'%s", tostring(name),
        hint and (" (did you mean '" .. hint .. "'?)") or ""))
    end
    return core.fields(name)
  end)

def("columns", "dml.columns(type): the table columns of a described type's values (dml.save, dml.table), as a list of { column, doc }.",
  function(name)
    if not is_type[name] then
      local hint = core.closest(tostring(name), type_names)
      core.raise(string.format("dml.columns: no type '%s'%s", tostring(name),
        hint and (" (did you mean '" .. hint .. "'?)") or ""))
    end
    return core.columns(name)
  end)

-- Text with a unit does arithmetic as its quantity does: a preset's fields are plain text
-- ("3352 GB/s"), and `gpus.h100_sxm.hbm_bandwidth * 2` is 6.704 TB/s, as `dml.q(...) * 2` is.
-- Numbers written as text ("10" * 2) stay Lua's own, and so does every other string's error.
-- Not in a host's Lua state (the Lua module): the strings' metatable is the host's, not dml's.
if not rawget(core, "in_host_state") then
  local string_mt = getmetatable("")
  local type, tonumber, pcall, tostring, error = type, tonumber, pcall, tostring, error
  local find = string.find
  -- "3352 GB/s" -> its quantity; "10" -> 10; nil for other text. Text that starts as a number
  -- but does not read as a quantity raises dml.q's own message ("1 flop/s": did you mean ...).
  local function operand(v)
    if type(v) ~= "string" then return v end
    local n = tonumber(v)
    if n ~= nil then return n end
    local ok, q = pcall(core.q, v)
    if ok then return q end
    if find(v, "^%s*[-+]?%.?%d") then core.raise((tostring(q):gsub("^[^\n]-:%d+: ", ""))) end
    return nil
  end
  local function is_unit_text(v) return type(v) == "string" and tonumber(v) == nil end
  local ops = {
    __add = function(a, b) return a + b end, __sub = function(a, b) return a - b end,
    __mul = function(a, b) return a * b end, __div = function(a, b) return a / b end,
    __unm = function(a) return -a end,
  }
  -- (%, // and ^ stay Lua's: a quantity has none of them.)
  for op, apply in pairs(ops) do
    local lua_op = string_mt[op]
    if lua_op ~= nil then
      string_mt[op] = function(a, b)
        -- Only unit text beside a number, a quantity or other text: any other operand keeps
        -- Lua's own rules (its metamethod, its error).
        local other = is_unit_text(a) and b or a
        local t = type(other)
        local ours = (is_unit_text(a) or is_unit_text(b)) and
          (t == "number" or t == "string" or (t == "userdata" and core.is_quantity(other)) or op == "__unm")
        if ours then
          local qa, qb = operand(a), operand(b)
          if qa ~= nil and (op == "__unm" or qb ~= nil) then return apply(qa, qb) end
        end
        local ok, r = pcall(lua_op, a, b)
        if ok then return r end
        if type(r) ~= "string" then error(r, 0) end
        core.raise((r:gsub("^[^\n]-:%d+: ", "")))  -- Lua's message, at the user's line
      end
    end
  end
end

-- A typo never reads as nil: dml.optimise is an error at the scenario's line, with did-you-mean.
return core.strict(dml, "dml", "function", "see dml.names()")
