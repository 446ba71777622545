-- dml.optimize, dml.evaluate, dml.sweep and the limits, against the paper's
-- published unit checks (docs/model.md 5.4: H100 SXM, d_model 12288, dense)
-- and summaries (docs/model.md 5.2). Expected values are those of docs/model.md, typed here.
local t = require "testing"
local paper = require "dml.paper.erdil2024"

local h100 = dml.cluster(paper.clusters["H100 SXM"])
local model = dml.mlp_stack { d_model = 12288 }
local run = dml.run { model = model, cluster = h100 }

-- the paper's scaling laws (docs/model.md 5.4 scaling table)
t.eq(paper.round_list(3), 3)
t.eq(paper.round_list(4), 4, "a list element")
t.eq(paper.round_list(2.5), 2, "ties go to the smaller")
local d_ff, layers, experts, batch = paper.laws(12288)
t.eq(d_ff, 49152); t.eq(layers, 192); t.eq(experts, 1); t.eq(batch, 3584)
t.eq(select(4, paper.laws(12288, "paper")), 14336, "sparse batch")
t.eq(select(3, paper.laws(12288, "paper")), 8, "sparse experts")
t.eq(select(4, paper.laws(12288, "dense", "deepseek")), 18432, "DeepSeek batch")
t.eq(#paper.grid(), 55)
t.raises(function() paper.laws(12288, "moe") end, { pattern = 'sparsity: expected one of "dense", "paper", got "moe"' })
t.raises(function() paper.laws(12288, "dense", "chinchilla") end, { pattern = 'batch: expected one of "paper", "fixed", "deepseek", got "chinchilla"' })

-- dml.optimize with no cluster size: the smallest cluster (docs/model.md 5.4: N = 2048,
-- util 0.6989936)
local plan = dml.optimize(run)
t.eq(plan.feasible, true)
t.eq(plan.gpus, 2048)
t.near(plan.utilization, 0.6989936, 1e-6)
t.near(plan.run.train_flop:value(), 6.4549e24, 1e-4)
t.eq(plan.run.batch_tokens, 7340032)
t.eq(plan.run.layers, 192)
t.eq(type(tostring(plan)), "string")
t.raises(function() return plan.utilisation end, { pattern = "a plan has no field 'utilisation'" })

-- dml.optimize on a fixed cluster size
local fixed = dml.optimize(dml.run { model = model, cluster = dml.cluster(h100, { size = 2048 }) })
t.near(fixed.utilization, plan.utilization, 1e-12, "the same optimum at N = 2048")

-- dml.evaluate with the chosen layout of docs/model.md 5.4 (training_results rows)
local layout = {
  dp = 1, tp = { 4, 8 }, pp = 64, microbatches = 128, zero_bubble = true,
  split = { dp = { 1, 1 }, tp_model = { 4, 1 }, tp_ff = { 2, 4 }, pp = { 1, 64 }, ep = { 1, 1 } },
}
local zb = dml.evaluate(run, layout)
t.near(zb.training_time:value(), 4.557224e6, 1e-6, "ZB total time")
t.near(zb.utilization, 0.698994, 1e-5, "ZB utilization")
t.near(zb.tp_comm_total:value(), 2.564941e6, 1e-6, "ZB TP comm")
t.near(zb.pp_ep_comm_total:value(), 1.402702e5, 1e-6, "ZB PP comm")
t.eq(zb.dp_comm_total:value(), 0, "ZB DP comm")
t.near(zb.latency_total:value(), 1727.6, 1e-4, "ZB latency")
layout.zero_bubble = false
layout.interleave = 1
local one_f_one_b = dml.evaluate(run, layout)
t.near(one_f_one_b.training_time:value(), 6.801960e6, 1e-6, "1F1B total time")
t.near(one_f_one_b.utilization, 0.468317, 1e-5, "1F1B utilization")

-- errors name the field, at this file's line
t.raises(function() dml.evaluate(dml.run { model = model, cluster = dml.cluster(h100, { size = 1024 }) }, layout) end,
  { pattern = "analysis%.test%.lua:%d+: layout: uses 2048 GPUs" })
t.raises(function() dml.evaluate(run, { dp = 1, tp = { 4, 8 }, pipeline = 64 }) end,
  { pattern = "analysis%.test%.lua:%d+: layout%.pipeline: unknown field of a parallel layout" })
t.raises(function() dml.optimize { model = model } end,
  { pattern = "analysis%.test%.lua:%d+: run%.cluster: required" })

-- an infeasible run is a plan with reasons, not an error
local tiny = dml.optimize(dml.run { model = model, cluster = h100, duration = "1 s" })
t.eq(tiny.feasible, false)
t.eq(#tiny.violations > 0, true, "reasons given")

-- dml.sweep over a grid: one row per point, grid columns first
local sweep = dml.sweep {
  grid = { d_model = { 12288, 14336 } },
  run = function(p) return dml.run { model = dml.mlp_stack { d_model = p.d_model }, cluster = h100 } end,
}
t.eq(#sweep, 2)
t.eq(sweep:column("d_model")[1], 12288)
t.eq(sweep:column("gpus")[1], 2048)
t.eq(sweep:column("gpus")[2], 4096, "docs/model.md 5.3: d_model 14336 needs 4096 GPUs")
t.eq(#sweep.plans, 2)
t.eq(sweep.interrupted, false)
-- a grid key that is also a plan column must agree with it (one column of a name); a grid value
-- with no name is its place in the list, not an address; a list of runs has no holes
local one_run = function() return run end
t.raises_here(function() dml.sweep { grid = { gpus = { "many" } }, run = one_run } end,
  "sweep.grid.gpus: the grid's value many and the plans' column gpus (2048) differ, and a table has one column of a name; name the grid key otherwise (as gpus_value)")
-- one that agrees keeps the plan's value, of the column's type (helper-104: "2048" made it text)
local texts = dml.sweep { grid = { gpus = { "2048" } }, run = one_run }
t.eq(math.type(texts:column("gpus")[1]), "integer", "the plans' gpus column stays a number")
local placed = dml.sweep { grid = { d_model = { 12288 }, how = { function() end, {} } },
  run = function(p) return dml.run { model = dml.mlp_stack { d_model = p.d_model }, cluster = h100 } end }
t.eq(placed:column("how")[1] .. placed:column("how")[2], "#1#2")
t.raises_here(function() dml.sweep { runs = { run, nil, run } } end, "sweep.runs[2]: missing (the list has 3 places; no holes)")
t.raises_here(function() dml.sweep { grid = {}, run = one_run } end, "sweep.grid: empty (give name = { values... })")

-- every row says whether its plan meets the duration, and why not: the first point on 256 GPUs
-- runs (8 times fewer GPUs than the 2,048 that train it in 1.734 months) but takes over a year
local columns = {}
for _, c in ipairs(dml.columns("plan")) do columns[c.column] = true end
t.eq(columns.feasible and columns.within_duration and columns.violations, true, "plan columns")
local slow = dml.sweep { runs = { dml.run { model = model, cluster = dml.cluster(h100, { size = 256 }) } } }
local row = slow:rows()[1]
t.eq(row.feasible, true, "the layout runs")
t.eq(row.within_duration, false, "but not within 3 months")
t.eq(row.violations:find("^training takes .* longer than the run's duration of 91.26 days$") ~= nil, true,
  "the reason is in the row")
t.eq(row.months > 12, true)
t.eq(#sweep:rows()[1].violations, 0, "a plan within its duration has no violations")

-- on a given cluster size, EP = gcd(GPUs, experts): 8 experts on 2,048 GPUs run EP 8 (no note),
-- 7 experts share no factor with 2,048 and run EP 1, and the notes say why and what size would
-- allow EP 7 (7 x 2^9 = 3,584, the first 7 x 2^i past 2,048)
local fixed_2048 = dml.cluster(h100, { size = 2048 })
local eight = dml.optimize(dml.run { model = dml.mlp_stack { d_model = 12288, experts = 8 }, cluster = fixed_2048 })
t.eq(eight.layout.ep, 8); t.eq(#eight.notes, 0)
local seven = dml.optimize(dml.run { model = dml.mlp_stack { d_model = 12288, experts = 7 }, cluster = fixed_2048 })
t.eq(seven.layout.ep, 1)
t.eq(seven.notes[1], "EP 1 of 7 experts: EP must divide both the experts and the 2,048 GPUs, and they share no "
  .. "factor (EP 1 is the only degree); 3,584 GPUs would allow EP 7 (7 x 2^9: dml.optimize searches 7 x 2^i GPUs "
  .. "when the cluster has no size)")
t.eq(tostring(seven):find("\nnote: EP 1 of 7 experts", 1, true) ~= nil, true, "the summary notes it")
t.eq(dml.sweep { runs = { dml.run { model = dml.mlp_stack { d_model = 12288, experts = 7 }, cluster = fixed_2048 } } }
  :rows()[1].notes, seven.notes[1], "a sweep's row carries it")

-- what the paper's model does not read is named, not dropped: a level's measured collectives and
-- the cluster's facility (transformer runs read both)
local top = dml.level(h100.levels[2], { measured = {
  { op = "all_reduce", size = "32 MiB", bus_bandwidth = "13 GB/s" } } })
local given = dml.cluster(h100, { size = 2048, facility = { pue = 1.2 }, levels = { h100.levels[1], top } })
local noted = dml.optimize(dml.run { model = model, cluster = given })
t.eq(noted.notes[1], "the measured collectives of infiniband are not read: the paper's model costs every "
  .. "collective from bandwidth and latency; a transformer run (dml.transformer) reads them (docs/model.md 8.4)")
t.eq(noted.notes[2], "the cluster's facility is not read: the paper's model reports no energy or cost; a "
  .. "transformer run (dml.transformer) does (docs/model.md 8.13)")
t.eq(#noted.notes, 2)
t.eq(#dml.evaluate(dml.run { model = model, cluster = given }, noted.layout).notes, 2, "evaluate notes them too")
t.eq(#dml.optimize(dml.run { model = model, cluster = dml.cluster(h100, { size = 2048 }) }).notes, 0,
  "none for a plain run")
-- a dataset below one batch is an error at the run's line, as a transformer run's is: 64 sequences
-- of 2048 tokens are 131,072
t.raises_here(function() dml.run { model = model, cluster = h100, batch_tokens = 64 * 2048, tokens = 1000 } end,
  "run.tokens: 1000 tokens is less than one batch of 131,072 tokens (64 sequences of 2048, the given batch)")
t.eq(dml.run { model = model, cluster = h100, batch_tokens = 64 * 2048, tokens = 131072 }.tokens, 131072,
  "one whole batch is a run")
-- so is the default dataset's (20 tokens a parameter) of a model too small for its batch (a
-- probe's d_model 1: 8 parameters, 160 tokens, had a time shorter than one batch's)
t.raises_here(function() dml.run { model = dml.mlp_stack { d_model = 1 }, cluster = h100 } end,
  "run.tokens: unset: 20 a parameter (the default) gives 160 tokens, less than one batch of 2,048 tokens "
  .. "(1 sequence of 2048, the paper rule's batch); give the run's tokens")
-- and so is a tokens_per_param that gives fewer: d_model 12288 has 2 x 12288 x 49152 x 192 =
-- 231,928,233,984 parameters, x 1e-7 = 23,193 tokens
t.raises_here(function() dml.run { model = model, cluster = h100, batch_tokens = 64 * 2048, tokens_per_param = 1e-7 } end,
  "run.tokens_per_param: 1e-7 gives 23,193 tokens, less than one batch of 131,072 tokens (64 sequences of 2048, the given batch)")

-- past the byte prefixes (1,000 EB) the memory line writes both figures with an exponent: 2^38
-- H100s of 80 GB hold 2^38 x 8e10 = 2.199e22 B
do
  local huge = dml.optimize(dml.run { model = dml.mlp_stack { d_model = 2^20 }, cluster = dml.cluster(h100, { size = 2^38 }) })
  local line = tostring(huge):match("\nmemory: [^\n]*")
  t.eq(line:match("^\nmemory: %d%.%d+e%d+ B needed of 2%.199e22 B$") ~= nil, true, line)
end

-- the limits of the paper's dense H100 setting (docs/model.md 5.2)
local limits = dml.limits(paper.settings.h100_sxm)
t.near(limits.summary.linear_scaling_ends_at:value(), 2.048e28, 1e-3)
t.near(limits.summary.largest_feasible_flop:value(), 2.707e31, 1e-3)
t.near(limits.summary.largest_feasible_utilization, 0.0517, 1e-2)
t.near(limits.summary.first_infeasible_flop:value(), 5.076e31, 1e-3)
local largest = dml.largest_run(paper.settings.h100_sxm)
t.near(largest:value(), 2.707e31, 1e-3)
t.eq(limits.summary.ended_by, "no cluster trains width 212992 in time", "8-GPU nodes: no sizing remark")
-- print() shows the setting and its summary in words (helper-115: it showed an address).
t.eq(tostring(limits), "limits of " .. limits.setting .. ": " .. #limits.plans .. " widths swept\n" ..
  string.format("  linear scaling ends at 2.048e28 FLOP (%.2f%% utilization)\n", 100 * limits.summary.utilization_there) ..
  "  largest run in time: 2.707e31 FLOP (5.17% utilization); the next, 5.076e31 FLOP, is infeasible\n" ..
  "  the sweep ended: no cluster trains width 212992 in time\n" ..
  "  (its plans: .plans; their table: .points; the summary's fields: .summary)")
-- Nothing trains in time: no linear scaling to end, not "does not end on the grid" (helper-369
-- read that as linear throughout), and one width in the singular.
do
  local slow = dml.cluster { gpu = dml.gpu(require("dml.presets.gpus").h100_sxm, { name = "Slow" }),
    levels = { { name = "nv", size = 8, bandwidth = "1 MB/s", latency = "1 s" }, { name = "x", bandwidth = "1 MB/s", latency = "1 s" } } }
  local none = dml.limits(dml.setting { cluster = slow, duration = "1 day" })
  t.eq(none.summary.largest_feasible_flop, nil)
  t.eq(tostring(none):match("^[^\n]*\n[^\n]*"), "limits of Slow: 1 width swept\n  no linear scaling to end: no width swept trains in time")
end
-- A 72-GPU rack puts a factor 9 in every cluster size, which ends B200 NVL72 racks at a smaller
-- run than 8-GPU nodes of the same GPUs (helper-96): the reason says so, and the way round it.
do
  local networks = require "dml.presets.networks"
  local racks = dml.setting { cluster = dml.cluster { gpu = (require "dml.presets.gpus").b200,
    levels = { networks.nvl72, networks.infiniband_xdr } }, duration = "90 days" }
  local ended = dml.limits(racks).summary.ended_by
  t.eq(ended:find("(every cluster size is a multiple of the levels' units of 72 GPUs, so of 9: declaring the level "
    .. "with a power-of-two size, as size = 64 of a 72-GPU rack, runs that many of each unit's GPUs)", 1, true) ~= nil, true, ended)
end
-- a limits result is one row in the limits type's columns; its plans are `points`
local row_table = dml.table(limits)
t.eq(#row_table, 1, "one row")
local columns = {}
for _, c in ipairs(dml.columns "limits") do columns[#columns + 1] = c.column end
t.eq(tostring(row_table):match("^(%S+)"), "setting", "the limits columns")
t.eq(#columns < 20, true, "not every plan's cells")
t.eq(#limits.points > 10, true, "the points: a table of the plans")

-- the analytic curves (docs/model.md 4.4 at alpha = 0: T_limit 2.305e31; T_crit H100 1.92e28,
-- A100 2.62e28, V100 1.30e27; at alpha = 0.1: T_limit 1.82e33)
t.near(dml.latency_wall():value(), 2.305e31, 1e-3)
t.near(dml.latency_wall { alpha = 0.1 }:value(), 1.82e33, 3e-3)
t.near(dml.critical_compute(paper.clusters["H100 SXM"]):value(), 1.92e28, 3e-3)
t.near(dml.critical_compute(paper.clusters["A100 SXM"]):value(), 2.62e28, 3e-3)
t.near(dml.critical_compute(paper.clusters["V100 SXM"]):value(), 1.30e27, 5e-3)
local curve = dml.wall_curve(paper.clusters["H100 SXM"], { points = 5 })
t.eq(#curve, 5)
t.near(curve:column("alpha")[1], -0.2, 1e-12)
t.near(curve:column("critical_compute")[5]:value(), 1.94e31, 3e-3)
t.raises(function() dml.latency_wall { alpha = 0.6 } end, { pattern = "analysis%.test%.lua:%d+: wall%.alpha: must be at most 0%.45, got 0%.6" })

-- a latency wall whose values are too far apart for numbers names them, not the alpha left at
-- its default
t.raises_here(function() dml.latency_wall { step_latency = "1e-300 s" } end,
  "wall: the analytic curve leaves the range of numbers at alpha = 0: its duration, step_latency and reference_* values are too far apart")
-- the critical compute depends on the cluster too: a network of 1e100 B/s is named with the rest
do
  local fast = dml.cluster(paper.clusters["H100 SXM"], {})
  local levels = {}
  for i, level in ipairs(fast.levels) do levels[i] = level end
  levels[#levels] = dml.level(levels[#levels], { bandwidth = "1e100 B/s" })
  fast = dml.cluster(fast, { levels = levels })
  t.raises_here(function() dml.critical_compute(fast) end,
    "wall: the analytic curve leaves the range of numbers at alpha = 0: its duration and reference_* values and the cluster's network (1e100 B/s at its top level), GPU peak and HBM bandwidth are too far apart")
end

-- DeepSeek's batch law passes the largest batch the model counts (2^42 tokens) at d_model
-- 589,824: the sweep ends at the widths before it instead of failing.
do
  local largest = dml.largest_run(dml.setting { cluster = h100, sparsity = "paper", batch = "deepseek" })
  t.eq(largest:value "FLOP" > 1e30, true, "a run: " .. tostring(largest))
end

-- A layout with no split that fits the levels (12 GPUs on 8-GPU nodes) is infeasible, its costs
-- taken as if every degree spans the top level: finite, never NaN or negative.
do
  local gpus = require "dml.presets.gpus"
  local cl = dml.cluster { gpu = gpus.h100_sxm, levels = {
    { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" },
    { name = "leaf", size = 4, bandwidth = "200 GB/s", latency = "1.125 us" },
    { name = "spine", bandwidth = "100 GB/s", latency = "1.125 us" } } }
  local r = dml.run { model = dml.mlp_stack { d_model = 1024, experts = 2 }, cluster = cl }
  local p = dml.evaluate(r, dml.layout { dp = 6, ep = 2 })
  t.eq(p.feasible, false)
  for _, k in ipairs { "pp_ep_comm", "pp_ep_latency", "time_per_batch" } do
    local v = p[k]:value "s"
    t.eq(v >= 0 and v < math.huge, true, k .. " " .. tostring(p[k]))
  end
end

-- A paper plan without a layout reads "no layout"; the infinite network has no critical compute,
-- and says which field makes it so.
t.eq(dml.layout_text(nil), "no layout")
t.raises(function() return dml.critical_compute(paper.clusters["H100 SXM Infinite Network and LL"]) end,
  { pattern = "cluster%.levels%[%d%]%.bandwidth: is infinite: the network never limits the run" })

-- A zero-bubble layout's pipeline latency, without the paper's quirk, says whether the matmuls
-- hide it (helper-76: the summary said "once per batch" where it added no time).
do
  local c = dml.paper.erdil2024.settings.h100_sxm.cluster
  local lines = {}
  for _, q in ipairs { true, false } do
    local p = dml.optimize(dml.run { model = dml.mlp_stack { d_model = 24576 }, cluster = c,
      options = { zero_bubble_latency_quirk = q } })
    lines[q] = tostring(p):match("TP %+ PP/EP latency[^\n]*")
  end
  t.eq(lines[true]:find("not charged: zero-bubble, as the paper's code does", 1, true) ~= nil, true, lines[true])
  t.eq(lines[false]:find("hidden behind the matmuls (zero-bubble)", 1, true) ~= nil, true, lines[false])
  -- and a latency the batch does not pay has no share of it (helper-119: "6.2e+09%")
  t.eq(lines[true]:match("latency +[^ ]+ [^ ]+ +(%S+)"), "-", lines[true])
  t.eq(lines[false]:match("latency +[^ ]+ [^ ]+ +(%S+)"), "-", lines[false])
end
