-- The workload and analysis constructors (mlp_stack, run, options, layout,
-- setting) and calls (sweep, limits_many, doc): defaults, and errors at this file's line.
local t = require "testing"
local paper = require "dml.paper.erdil2024"

local raises_here = t.raises_here

local h100 = paper.clusters["H100 SXM"]

-- mlp_stack: optional d_ff and layers stay absent (the core applies 4 D and the depth law, also
-- to a changed copy)
local m = dml.mlp_stack { d_model = 12288 }
t.eq(m.d_model, 12288); t.eq(m.experts, 1); t.eq(m.d_ff, nil); t.eq(m.layers, nil)
raises_here(function() dml.mlp_stack { d_model = 0 } end, "mlp_stack.d_model: must be a positive whole number, got 0")
raises_here(function() dml.mlp_stack { d_model = 1024, expert = 8 } end,
  "mlp_stack.expert: unknown field of an MLP-stack model (did you mean 'experts'?); its fields are d_model, d_ff, layers, experts, name")
raises_here(function() dml.mlp_stack {} end, "mlp_stack.d_model: required (D: model width)")
-- a transformer's field on the paper's model says where it goes (helper-103), and seq_len where
-- the paper's runs take it (helper-105)
raises_here(function() dml.mlp_stack { d_model = 12288, seq_len = 2048 } end,
  "mlp_stack.seq_len: unknown field of an MLP-stack model (the paper's runs take it on dml.run: dml.run { seq_len = ... }); its fields are d_model, d_ff, layers, experts, name")
raises_here(function() dml.mlp_stack { d_model = 12288, heads = 96 } end,
  "mlp_stack.heads: unknown field of an MLP-stack model (a field of dml.transformer, the realistic model; dml.mlp_stack is the paper's); its fields are d_model, d_ff, layers, experts, name")
-- a layout's field on a run says where a layout goes (helper-108: dml.run { ..., tp = 8 })
do
  local gpus, networks = require "dml.presets.gpus", require "dml.presets.networks"
  local c = dml.cluster { gpu = gpus.h100_sxm, size = 64, levels = { networks.nvlink4_h100, networks.infiniband_ndr } }
  local tm = dml.transformer { layers = 4, d_model = 1024, heads = 8, d_ff = 4096, vocab = 32000, seq_len = 2048 }
  raises_here(function() dml.run { model = tm, cluster = c, global_batch = 64, tp = 8 } end,
    "transformer_run.tp: unknown field of a transformer training run (a layout's field: a run is laid out where it is costed, dml.evaluate(run, { tp = ... }), or held fixed in dml.optimize(run, { tp = ... }); dml --doc transformer_layout); its fields are model, cluster, stack, global_batch, global_batch_tokens, tokens, precision, dispatch_precision, fp8_scaling, name")
  raises_here(function() dml.run { model = dml.mlp_stack { d_model = 1024 }, cluster = c, layout = { pp = 4 } } end,
    "run.layout: unknown field of a training run (a layout: a run is laid out where it is costed, dml.evaluate(run, dml.layout { pp = ... }); dml --doc layout); its fields are model, cluster, batch, batch_tokens, seq_len, tokens_per_param, tokens, duration, options")
end
-- what the width implies, where d_ff and layers are left to it, is checked at the width
raises_here(function() dml.mlp_stack { d_model = 2^40 } end,
  "mlp_stack.d_model: 1099511627776 makes d_ff (4 x d_model, left out) more than 1099511627776: give d_ff, or a d_model of at most 274877906944")
raises_here(function() dml.mlp_stack { d_model = 2^38 } end,
  "mlp_stack.d_model: 274877906944 gives 67108864 layers by the depth law (layers left out), more than 1048576: give layers, or a smaller d_model")
t.eq(dml.mlp_stack { d_model = 2^38, layers = 4 }.layers, 4, "given layers, the width stands")
-- a whole number past 64 bits: the bound written whole
raises_here(function() dml.run { model = m, cluster = h100, options = { max_gpus = 2^63 } } end,
  "run.options.max_gpus: must be at most 9223372036854775807, got 9.2233720368548e+18")

-- An input far outside any real value (a level of 1e-300 B/s, a latency of 1e307 s) is an error
-- naming the cause, not "no layout splits across the network levels" or a plan that prints
-- "inf s" and "inf%".
do
  local function fixed(level)
    return dml.run { model = dml.mlp_stack { d_model = 8192, layers = 32 }, batch = "paper",
      cluster = dml.cluster { gpu = h100.gpu, size = 4096, levels = {
        dml.level(h100.levels[1], level), h100.levels[2] } } }
  end
  local why = " is out of range (a time of 1e100 s or a memory of 1e100 B or more, or no number): an input"
    .. " is far outside any real value (a clock, bandwidth or efficiency near 0, a latency or size near 1e308);"
    .. " if none is, please report the scenario"
  raises_here(function() return dml.optimize(fixed { bandwidth = "1e-300 B/s" }) end,
    "the cost of every layout evaluated on 4096 GPUs" .. why)
  raises_here(function() return dml.optimize(fixed { latency = "1e307 s" }) end,
    "the cost of DP 4 x TP 4x8 x PP 32 x EP 1, 64 microbatches, zero-bubble" .. why)
  -- a memory that overflows too (an HBM of 1.7e308 B on 4096 GPUs)
  local huge_hbm = dml.run(fixed {}, { cluster = dml.cluster(fixed {}.cluster, {
    gpu = dml.gpu(h100.gpu, { hbm_capacity = "1.7e308 B" }) }) })
  raises_here(function() return dml.optimize(huge_hbm) end, "the memory of DP 4 x TP 4x8 x PP 32 x EP 1, 64 microbatches, zero-bubble" .. why)
  -- a latency the zero-bubble layout does not charge, longer than the batch, prints no share of
  -- it (helper-119: "6.2e+09%" beside "not charged"), and its time in 3 digits
  local slow = dml.optimize(fixed { latency = "1e20 s" })
  t.eq(tostring(slow):match("TP %+ PP/EP latency%s+(%S+ days)%s+%-  not charged"), "2.963e17 days")
end

-- run: defaults and checks
local r = dml.run { model = m, cluster = h100 }
t.eq(r.batch, nil); t.eq(r.seq_len, 2048); t.eq(r.tokens_per_param, nil); t.eq(r.tokens, nil)
t.eq(r.duration, nil)
t.eq(dml.optimize(r).run.batch_rule, "paper", "no batch rule: the paper's")
raises_here(function() dml.run { model = m, cluster = h100, batch = "deepseek", batch_tokens = 4096 } end,
  "run.batch: give either a batch rule or batch_tokens, not both")
t.eq(dml.run { model = m, cluster = h100, batch_tokens = 4096 }.batch_tokens, 4096)
-- a count, as the transformer run's global_batch_tokens takes one (helper-367)
t.eq(dml.run { model = m, cluster = h100, batch_tokens = "4194304 tokens" }.batch_tokens, 4194304)
raises_here(function() dml.run { model = m, cluster = h100, batch_tokens = "4M tokens" } end,
  'run.batch_tokens: expected a number or a count like "4194304 tokens" (a count takes no suffix like M: write 4e6 or "4e6 tokens"), got "4M tokens"')
raises_here(function() dml.run { model = m, cluster = h100, batch_tokens = 1000 } end,
  "run.batch_tokens: 1000 is not a whole number of 2048-token sequences")
raises_here(function() dml.run { model = m, cluster = h100, duration = "90 GB" } end,
  'run.duration: expected a time like "1.125 us", got "90 GB"')
raises_here(function() dml.run { model = { d_model = "big" }, cluster = h100 } end,
  'run.model.d_model: expected a positive whole number, got "big"')

-- the dataset: 20 tokens per parameter unless told. The model has 2 x 12288 x 49152 x 192 =
-- 231,928,233,984 parameters (docs/model.md 5.4), so 20 per parameter is 4,638,564,679,680 tokens,
-- 12.5 per parameter 2,899,102,924,800, and C = 6 x parameters x tokens.
local chinchilla = dml.optimize(r)
t.eq(chinchilla.run.tokens, 4638564679680)
local twenty = dml.optimize(dml.run { model = m, cluster = h100, tokens_per_param = 20.0 })
t.eq(twenty.run.tokens, 4638564679680, "20.0 per parameter is the default")
t.eq(twenty.training_time == chinchilla.training_time, true, "... to the last bit")
local fewer = dml.optimize(dml.run { model = m, cluster = h100, tokens_per_param = 12.5 })
t.eq(fewer.run.tokens, 2899102924800, "a real tokens_per_param")
t.near(fewer.run.train_flop:value(), 4.034302928920279e24, 1e-15)
local given = dml.run { model = m, cluster = h100, tokens = "15.6e12 tokens" }
t.eq(given.tokens, 15.6e12, "\"15.6e12 tokens\" reads as a count")
t.eq(given.tokens_per_param, nil)
local given_plan = dml.optimize(given)
t.eq(given_plan.run.tokens, 15600000000000)
t.near(given_plan.run.train_flop:value(), 2.17084827009024e25, 1e-15)
t.eq(dml.run { model = m, cluster = h100, tokens = 1e12 }.tokens, 1e12, "a number of tokens")
-- the singular reads, and one token is less than a batch: an error, as for a transformer run
raises_here(function() dml.run { model = m, cluster = h100, tokens = " 1 token " } end,
  "run.tokens: 1 token is less than one batch of 57,344 tokens (28 sequences of 2048, the paper rule's batch)")
t.eq(dml.optimize(dml.run(r, { tokens = "15.6e12 tokens" })).run.tokens, 15600000000000, "a copy with tokens")
local swept = dml.sweep { grid = { tokens = { "1e12 tokens", "2e12 tokens" } },
  run = function(p) return { model = m, cluster = h100, tokens = p.tokens } end }
t.eq(swept:column("tokens")[2], 2000000000000, "the plans' column keeps its number (a grid's text agrees with it)")
t.eq(swept.plans[2].run.tokens, 2000000000000, "a sweep's plain-table run reads tokens too")
raises_here(function() dml.run { model = m, cluster = h100, tokens = "15.6e12 tokens", tokens_per_param = 10 } end,
  "run.tokens: give either tokens (the dataset) or tokens_per_param, not both")
-- An error in a tail call (`return dml.run{...}`, as a sweep's run function writes it) names the
-- line of the call, not the caller's.
raises_here(function() return dml.run { model = m, cluster = h100, duration = "0 days" } end, "run.duration: must be positive, got 0 s")
raises_here(function() return dml.optimize(dml.run { model = m, cluster = h100 }, { tp = 2 }) end, "dml.optimize: a paper run takes no second argument (its knobs are run.options)")
-- A changed copy that gives one way of the dataset (or of the batch) drops the base's other way.
local switched = dml.run(given, { tokens_per_param = 10 })
t.eq(switched.tokens, nil, "the base's tokens dropped")
t.eq(switched.tokens_per_param, 10)
t.eq(dml.run(switched, { tokens = "1e12 tokens" }).tokens_per_param, nil, "and back")
local fixed_batch = dml.run { model = m, cluster = h100, batch_tokens = 4194304 }
t.eq(dml.run(fixed_batch, { batch = "deepseek" }).batch_tokens, nil, "a batch rule drops batch_tokens")
raises_here(function() dml.run { model = m, cluster = h100, tokens_per_param = 0 } end,
  "run.tokens_per_param: must be greater than 0, got 0")
raises_here(function() dml.run { model = m, cluster = h100, tokens_per_param = 0 / 0 } end,
  "run.tokens_per_param: expected a finite number, got NaN")  -- not the platform's "-nan"
raises_here(function() dml.run { model = m, cluster = h100, tokens_per_param = math.huge } end,
  "run.tokens_per_param: expected a finite number, got inf")
raises_here(function() dml.run { model = m, cluster = h100, tokens_per_param = "20" } end,
  'run.tokens_per_param: expected a number, got "20"')
raises_here(function() dml.run { model = m, cluster = h100, tokens = "lots" } end,
  'run.tokens: expected a number or a count like "15.6e12 tokens", got "lots"')
raises_here(function() dml.run { model = m, cluster = h100, tokens = "15.6e12 GB" } end,
  'run.tokens: expected a number or a count like "15.6e12 tokens", got "15.6e12 GB"')
-- a quantity with no unit is said to be one: "got 1e12" read as the number it asks for (helper-346)
raises_here(function() dml.run { model = m, cluster = h100, tokens = dml.q "1e12" } end,
  'run.tokens: expected a number or a count like "15.6e12 tokens", got 1e12 (a quantity with no unit)')
-- a number as text says both ways to write it (helper-103), not for one that is no finite count
raises_here(function() dml.run { model = m, cluster = h100, tokens = "inf" } end,
  'run.tokens: expected a number or a count like "15.6e12 tokens", got "inf"')
-- a number as text says both ways to write it (helper-103)
raises_here(function() dml.run { model = m, cluster = h100, tokens = "15e12" } end,
  'run.tokens: expected a number or a count like "15.6e12 tokens" (write 15e12, a number, or "15e12 tokens"), got "15e12"')
-- a space separates the number and the word, as it separates a number and its unit
raises_here(function() dml.run { model = m, cluster = h100, tokens = "15.6e12tokens" } end,
  'run.tokens: expected a number or a count like "15.6e12 tokens" (a space must separate the number and "tokens"), got "15.6e12tokens"')
raises_here(function() dml.run { model = m, cluster = h100, tokens = "1token" } end,
  'run.tokens: expected a number or a count like "15.6e12 tokens" (a space must separate the number and "tokens"), got "1token"')
-- a count with a suffix of magnitude says the number it means (helper-118), with or without the
-- word, with or without a space; a letter that is no such suffix is only refused
raises_here(function() dml.run { model = m, cluster = h100, tokens = "15T tokens" } end,
  'run.tokens: expected a number or a count like "15.6e12 tokens" (a count takes no suffix like T: write 15e12 or "15e12 tokens"), got "15T tokens"')
raises_here(function() dml.run { model = m, cluster = h100, tokens = "1.5B" } end,
  'run.tokens: expected a number or a count like "15.6e12 tokens" (a count takes no suffix like B: write 1.5e9 or "1.5e9 tokens"), got "1.5B"')
raises_here(function() dml.run { model = m, cluster = h100, tokens = "300 M tokens" } end,
  'run.tokens: expected a number or a count like "15.6e12 tokens" (a count takes no suffix like M: write 300e6 or "300e6 tokens"), got "300 M tokens"')
-- the user's digits kept (helper-121: "1.2345678T" had read 1.23457e12), an exponent they wrote
-- folded in, a sign dropped
raises_here(function() dml.run { model = m, cluster = h100, tokens = "1.2345678T tokens" } end,
  'run.tokens: expected a number or a count like "15.6e12 tokens" (a count takes no suffix like T: write 1.2345678e12 or "1.2345678e12 tokens"), got "1.2345678T tokens"')
raises_here(function() dml.run { model = m, cluster = h100, tokens = "1e20T" } end,
  'run.tokens: expected a number or a count like "15.6e12 tokens" (a count takes no suffix like T: write 1e32 or "1e32 tokens"), got "1e20T"')
raises_here(function() dml.run { model = m, cluster = h100, tokens = "+3T" } end,
  'run.tokens: expected a number or a count like "15.6e12 tokens" (a count takes no suffix like T: write 3e12 or "3e12 tokens"), got "+3T"')
raises_here(function() dml.run { model = m, cluster = h100, tokens = "15X tokens" } end,
  'run.tokens: expected a number or a count like "15.6e12 tokens", got "15X tokens"')
-- a misspelt model is named with the closest field of either kind of run, not "model: required"
raises_here(function() dml.run { modle = m, cluster = h100 } end,
  "run.modle: unknown field of a training run (did you mean 'model'?)")
raises_here(function() dml.run { cluster = h100 } end,
  "run.model: required (a dml.mlp_stack for the paper's model, or a dml.transformer)")
-- values without their names are said as such (helper-128: "run.model: required")
raises_here(function() dml.run { m, h100 } end,
  "run: expected named fields of a training run (model = ..., cluster = ...), found the key 1 (a dml.mlp_stack)")
-- a prefix is no part of the count's word: the generic message, not the space's
raises_here(function() dml.run { model = m, cluster = h100, tokens = "15.6 Ttokens" } end,
  'run.tokens: expected a number or a count like "15.6e12 tokens", got "15.6 Ttokens"')
raises_here(function() dml.run { model = m, cluster = h100, tokens = "inf tokens" } end,
  'run.tokens: expected a finite number, got "inf tokens"')
raises_here(function() dml.run { model = m, cluster = h100, tokens = 0 } end,
  "run.tokens: must be at least 1, got 0")
raises_here(function() dml.run { model = m, cluster = h100, tokens = "1e31 tokens" } end,
  "run.tokens: must be at most 1e+30, got 1e+31")
-- where the run is declared, not where it is used
raises_here(function() dml.run { model = m, cluster = h100, tokens_per_param = 1e-12 } end,
  "run.tokens_per_param: 1e-12 tokens per parameter x 231928233984 parameters is less than one token to train")

-- options inside a run reach the core: no zero-bubble schedule changes the optimum
local no_zb = dml.optimize(dml.run { model = m, cluster = h100, options = { zero_bubble = false } })
t.eq(no_zb.layout.zero_bubble, false, "options.zero_bubble = false is honoured")
raises_here(function() dml.options { overlap_tp = "yes" } end, 'options.overlap_tp: expected true or false, got "yes"')
raises_here(function() dml.options { max_doublings = 500 } end, "options.max_doublings: must be at most 100, got 500")

-- layout: { 4, 8 } is { model = 4, ff = 8 }
local l = dml.layout { tp = { 4, 8 }, pp = 64, microbatches = 128 }
t.eq(l.tp.model, 4); t.eq(l.tp.ff, 8); t.eq(l.dp, 1); t.eq(l.zero_bubble, false)
-- (helper-171: the two ways a 2D degree is written, shown)
raises_here(function() dml.layout { tp = 32 } end, "layout.tp: expected a 2D tensor-parallel degree (a table of its fields: { model = 4, ff = 8 }, or in that order { 4, 8 }), got 32")
raises_here(function() dml.layout { split = { dp = { 1, 0 } } } end, "layout.split.dp[2]: must be a positive whole number, got 0")
raises_here(function() dml.evaluate(r, { tp = { 4, 8 }, pp = 64, microbatches = 100 }) end,
  "layout.microbatches: 100 does not divide the 7340032 tokens per replica and expert; divisors: 1, 2, 4, 7, 8, 14, ..., 64, 112, ..., 7340032")
raises_here(function() dml.evaluate(r, { tp = { 5, 8 } }) end, "layout.tp.model: 5 does not divide the model's d_model = 12288; divisors: 1, 2, 3, 4, 6, 8, ..., 12288")

-- setting
local s = dml.setting { cluster = h100 }
t.eq(s.sparsity, "dense"); t.eq(s.batch, "paper")
raises_here(function() dml.setting { cluster = h100, sparsity = "moe" } end,
  'setting.sparsity: expected one of "dense", "paper", got "moe"')
raises_here(function() dml.limits_many { dml.setting { cluster = h100 }, { cluster = h100, sparsity = "moe" } } end,
  'settings[2].sparsity: expected one of "dense", "paper", got "moe"')
-- a setting chooses the cluster's size per model: a size given is refused, never ignored
local sized = dml.cluster(h100, { size = 24576 })
local size_refused = "cluster.size: a setting chooses the cluster's size for each model (the smallest that trains it "
  .. "within the duration), so it takes a cluster without one, not 24576 GPUs; for a run on a fixed cluster, ask "
  .. "dml.optimize(dml.run { model = ..., cluster = cluster })"
raises_here(function() dml.setting { cluster = sized } end, "setting." .. size_refused)
raises_here(function() dml.setting(s, { cluster = sized }) end, "setting." .. size_refused)
raises_here(function() dml.limits { cluster = sized } end, "setting." .. size_refused)
raises_here(function() dml.limits_many { s, { cluster = sized } } end, "settings[2]." .. size_refused)
-- ... and the fixed-cluster question is dml.optimize's: the paper's first dense H100 run on 24,576
-- GPUs rather than the 2,048 that suffice (docs/model.md 5.4)
local on_24576 = dml.optimize(dml.run { model = m, cluster = sized })
t.eq(on_24576.gpus, 24576, "optimize keeps a cluster's size")
t.eq(on_24576.layout.dp * on_24576.layout.tp.model * on_24576.layout.tp.ff * on_24576.layout.pp
  * on_24576.layout.ep, 24576, "the layout uses every GPU")
t.eq(on_24576.training_time < dml.optimize(r).training_time, true, "12 times the GPUs train it sooner")

-- sweep: a list of runs, and the errors of its two forms
local sw = dml.sweep { runs = { r, dml.run { model = dml.mlp_stack { d_model = 14336 }, cluster = h100 } } }
t.eq(#sw, 2); t.eq(sw:column("gpus")[2], 4096)
raises_here(function() dml.sweep { grid = { d = { 1 } } } end, "sweep.run: required (a function(point) returning a run)")
raises_here(function() dml.sweep { grid = { d = { 1 } }, run = 5 } end,
  "sweep.run: expected a function(point) returning a run, got a number")
raises_here(function() dml.sweep { grid = { d = { 1, 2 } }, run = function() return {} end } end,
  "sweep.run({ d = 1 }): run.model: required (a dml.mlp_stack for the paper's model, or a dml.transformer)")
raises_here(function() dml.run {} end,
  "run.model: required (a dml.mlp_stack for the paper's model, or a dml.transformer)")
-- An error in the run function names the grid point it was making, and keeps its own line.
t.raises(function()
  dml.sweep { grid = { d = { 1, 2 } }, run = function(p)
    if p.d == 1 then error("no run for one") end
    return {}
  end }
end, { pattern = "workload%.test%.lua:%d+: no run for one %(sweep%.run at { d = 1 }%)$" })
raises_here(function() dml.sweep { grid = { d = {} }, run = function() end } end, "sweep.grid.d: expected a non-empty list of values")
-- An error object with no text is named at the run function's line, not the stdlib's
-- (helper-101: "stdlib/dml/analysis.lua:469: (error object is a table value)").
t.raises(function()
  dml.sweep { grid = { d = { 1 } }, run = function()
    error({ code = 1 })
  end }
end, { pattern = "workload%.test%.lua:%d+: %(error object is a table value%) %(sweep%.run at { d = 1 }%)$" })
-- A hole in a grid's list is refused where it is, not run as a point without a value
-- (helper-93), and so is a key that is not a place.
raises_here(function() dml.sweep { grid = { d = { 16, nil, 32 } }, run = function() end } end,
  "sweep.grid.d[2]: missing (the list has 3 places; no holes)")
raises_here(function() dml.sweep { grid = { d = { 16, x = 3 } }, run = function() end } end,
  'sweep.grid.d: expected a list of values, found the key "x"')
raises_here(function() dml.sweep { runs = { r }, grid = { d = { 1 } } } end, "sweep: give either runs, or grid and run, not both")
raises_here(function() dml.sweep { grid = { d = { 1 } }, runs = function() return r end } end,
  "sweep.runs: expected a list of runs, got a function (a grid's function is `run`: did you mean 'run'?)")
raises_here(function() dml.sweep { grid = { d = { 1 } }, run = function() return 42 end } end,
  "run: expected a training run (a table of its fields), got 42 (sweep.run at { d = 1 })")
-- a NaN as "NaN", not Lua's "-nan" (helper-348)
raises_here(function() dml.sweep { grid = { d = { 0 / 0 } }, run = function() return 42 end } end,
  "run: expected a training run (a table of its fields), got 42 (sweep.run at { d = NaN })")
-- A point's value is named in errors as its table cell names it: a declared value by its name,
-- another table or a function by its place in the grid's list, never by an address (helper-125).
local h100 = require("dml.presets.gpus").h100_sxm
raises_here(function() dml.sweep { grid = { d = { 1 }, gpu = { {}, h100 } }, run = function() return 42 end } end,
  "run: expected a training run (a table of its fields), got 42 (sweep.run at { d = 1, gpu = #1 })")
raises_here(function() dml.sweep { grid = { gpu = { h100 } }, run = function() return 42 end } end,
  "run: expected a training run (a table of its fields), got 42 (sweep.run at { gpu = H100 SXM })")
local rows = dml.sweep { grid = { f = { print, type } }, on_error = "row", run = function() error("bad point") end }
t.eq(rows[2].violations:match("%(sweep%.run at .*%)$"), "(sweep.run at { f = #2 })", "a function by its place")

-- doc
t.eq(dml.doc("dml.run"):find("dml.run{...}", 1, true), 1)
t.raises(function() dml.doc("runn") end, { pattern = "^[^:]*workload%.test%.lua:%d+: no documentation for 'runn' %(did you mean 'run'%?%); documented names: .*mlp_stack" })
