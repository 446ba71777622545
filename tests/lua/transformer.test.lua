-- Transformer runs through the language: dml.run dispatches on the model's kind, evaluate lists
-- what it assumed, optimize searches what the layout leaves open, sweep takes transformer runs,
-- and mistakes are errors at the user's line in the user's field names.
local t = require "testing"
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"
local stacks = require "dml.presets.stacks"

local llama8b = dml.transformer { layers = 32, d_model = 4096, heads = 32, kv_heads = 8, d_ff = 14336,
  vocab = 128256, seq_len = 8192 }
local function cluster(n, gpu)
  return dml.cluster { gpu = gpu or gpus.h100_sxm, size = n,
    levels = { networks.nvlink4_h100, networks.infiniband_ndr } }
end
local run = dml.run { model = llama8b, stack = stacks.megatron_core, global_batch = 512, cluster = cluster(64),
  tokens = "1e12 tokens" }
t.eq(getmetatable(run).__name, "dml.transformer_run", "dml.run of a transformer")
t.eq(run.tokens, 1e12, "\"1e12 tokens\" reads as a count")
-- and so does a batch in tokens (helper-365: refused where `tokens` took it), a whole number
t.eq(dml.run(run, { global_batch_tokens = "4194304 tokens" }).global_batch_tokens, 4194304)
t.eq(dml.run(run, { global_batch_tokens = "4.194304e6 tokens" }).global_batch_tokens, 4194304)
t.raises_here(function() dml.run(run, { global_batch_tokens = "4.5 tokens" }) end,
  'transformer_run.global_batch_tokens: expected a whole number of tokens, got "4.5 tokens"')
t.raises_here(function() dml.run(run, { global_batch_tokens = "4M tokens" }) end,
  'transformer_run.global_batch_tokens: expected a number or a count like "4194304 tokens" (a count takes no suffix like M: write 4e6 or "4e6 tokens"), got "4M tokens"')
t.raises_here(function() dml.run(run, { global_batch_tokens = true }) end,
  'transformer_run.global_batch_tokens: expected a positive whole number or a count like "4194304 tokens", got a boolean')
-- A model written as a plain table with a transformer's own fields (heads, vocab, seq_len) is
-- declared as one (a plain table of the MLP stack's fields is the paper's model), and so is a
-- whole run written as plain tables (a host's JSON) passed to dml.optimize or dml.evaluate.
local plain_model = { layers = 32, d_model = 4096, heads = 32, kv_heads = 8, d_ff = 14336, vocab = 128256, seq_len = 8192 }
local from_plain = dml.run { model = plain_model, stack = stacks.megatron_core, global_batch = 512, cluster = cluster(64),
  tokens = "1e12 tokens" }
t.eq(getmetatable(from_plain).__name, "dml.transformer_run", "a plain transformer-shaped model")
t.eq(dml.evaluate(from_plain, { tp = 8, pp = 1 }).time.step, dml.evaluate(run, { tp = 8, pp = 1 }).time.step, "the same run")
t.eq(dml.optimize { model = plain_model, stack = stacks.megatron_core, global_batch = 512, cluster = cluster(64),
  tokens = "1e12 tokens" }.time.step, dml.optimize(run).time.step, "a plain run to dml.optimize")
local c64 = cluster(64)
-- So does dml.sweep, of a list of plain runs or a run function returning one; and a changed copy
-- of a plain run takes its changes.
do
  local plain_run = { model = plain_model, stack = stacks.megatron_core, global_batch = 512, cluster = c64,
    tokens = "1e12 tokens" }
  local listed = dml.sweep { runs = { plain_run } }
  t.eq(listed.plans[1].time.step, dml.optimize(run).time.step, "a list of plain runs")
  local made = dml.sweep { grid = { b = { 256, 512 } }, run = function(p)
    return { model = llama8b, stack = stacks.megatron_core, global_batch = p.b, cluster = c64, tokens = "1e12 tokens" }
  end }
  t.eq(made.plans[2].time.step, dml.optimize(run).time.step, "a run function's plain run")
  t.eq(dml.run(plain_run, { global_batch = 256 }).global_batch, 256, "a plain run's changes")
end
-- A preset of another kind given as the model is said as such (was the MLP stack's unknown fields).
t.raises(function() dml.run { model = gpus.h100_sxm, stack = stacks.megatron_core, global_batch = 512, cluster = c64 } end,
  { pattern = "run%.model: expected a dml%.transformer or a dml%.mlp_stack, got the preset dml%.presets%.gpus%.h100_sxm$" })
-- And a preset of one type where another is expected, in any declaration.
t.raises(function() dml.cluster { gpu = networks.nvlink4_h100, size = 8, levels = { networks.nvlink4_h100 } } end,
  { pattern = "cluster%.gpu: expected a GPU %(a table of its fields%), got a network level %(dml%.presets%.networks%.nvlink4_h100%)$" })
t.raises(function() dml.run { model = { layers = 32, heads = 32, d_model = 4096, experts = 8 }, stack = stacks.megatron_core, global_batch = 512, cluster = c64 } end,
  { pattern = "transformer%.experts: unknown field of a transformer %(a mixture of experts' field: moe = { experts = %.%.%. }%)" })
-- A paper run's field beside a transformer is said to be the paper's.
t.raises_here(function() dml.run { model = llama8b, stack = stacks.megatron_core, global_batch = 512, cluster = cluster(64), duration = "90 days" } end,
  "run.duration: a field of the paper's runs (a dml.mlp_stack model), not of a dml.transformer's; dml --doc transformer_run lists its fields")
-- And a transformer run's field beside the paper's model: the model is said to be the paper's,
-- with what would make it a transformer (helper-73: a plain model that forgot heads, vocab and
-- seq_len blamed global_batch and stack as unknown fields of a run).
t.raises_here(function() dml.run { global_batch = 1024, model = { layers = 80, d_model = 8192, d_ff = 28672 },
  stack = stacks.megatron_core, cluster = c64 } end,
  "run.global_batch: a field of a transformer run, but the model is the paper's MLP stack (a plain table without heads, vocab or seq_len: give them, or declare it with dml.transformer)")
t.raises_here(function() dml.run { model = dml.mlp_stack { layers = 4, d_model = 64 }, stack = stacks.megatron_core,
  cluster = c64 } end,
  "run.stack: a field of a transformer run, but the model is the paper's MLP stack (a dml.mlp_stack: declare it with dml.transformer)")
-- A name where the model goes is said before the run's other fields (helper-75).
t.raises_here(function() dml.run { model = "llama", global_batch = 8 } end,
  'run.model: expected a dml.transformer or a dml.mlp_stack, got the string "llama"')
-- A plan prints as lines without a final newline, as a paper plan does (print adds one).
t.eq(tostring(dml.evaluate(run, { tp = 8, pp = 1 })):sub(-1) ~= "\n", true, "no final newline")
-- Fewer than one token is no run (as a paper run's tokens); the steps are not rounded.
t.raises_here(function() dml.run(run, { tokens = 0.5 }) end, "transformer_run.tokens: must be at least 1, got 0.5")

-- Sliding-window attention runs under all-gather CP only (Transformer Engine's p2p ring refuses
-- it): an explicit ring is infeasible with the reason, and a layout that leaves cp_kind out gets
-- the all-gather, said in what it assumed; a window no shorter than the sequence is no window.
do
  local windowed = dml.run(run, { model = dml.transformer(llama8b, { window = 4096 }) })
  local ring = dml.evaluate(windowed, { tp = 8, pp = 1, cp = 2, cp_kind = "ring", microbatch = 1 })
  t.eq(ring.feasible, false, "ring CP with a window")
  t.eq(table.concat(ring.violations, "\n"):find('layout.cp_kind: "ring" does not run sliding-window attention (window = 4096;', 1, true) ~= nil,
    true, table.concat(ring.violations, "\n"))
  local left_out = dml.evaluate(windowed, { tp = 8, pp = 1, cp = 2, microbatch = 1 })
  t.eq(left_out.feasible, true)
  t.eq(left_out.layout.cp_kind, "allgather")
  t.eq(table.concat(left_out.assumed, "\n"):find('cp_kind = "allgather" (sliding-window attention', 1, true) ~= nil,
    true, table.concat(left_out.assumed, "\n"))
  t.eq(dml.evaluate(run, { tp = 8, pp = 1, cp = 2, microbatch = 1 }).layout.cp_kind, "ring", "no window: the ring")
  local whole = dml.run(run, { model = dml.transformer(llama8b, { window = 8192 }) })
  t.eq(dml.evaluate(whole, { tp = 8, pp = 1, cp = 2, cp_kind = "ring", microbatch = 1 }).feasible, true, "a window of the whole sequence")
  local best = dml.optimize(dml.run(windowed, { model = dml.transformer(llama8b, { window = 4096, seq_len = 131072 }) }))
  t.eq(best.layout.cp == 1 or best.layout.cp_kind == "allgather", true, "the search: " .. dml.layout_text(best.layout))
end

-- The time to train prints in days from a day up, in its own unit below one (not "0.0 days"), and
-- whole steps from 100 up.
do
  local layout = { tp = 8, pp = 1, cp = 1, microbatch = 1 }
  local line = function(tokens)
    return tostring(dml.evaluate(dml.run(run, { tokens = tokens }), layout)):match("time to train ([^\n]*)")
  end
  local plan = dml.evaluate(run, layout)
  local steps = 1e12 / (512 * 8192)
  t.eq(plan.steps, steps)
  -- and the GPU-hours: 64 GPUs x the time to train (37,939 for this layout)
  t.near(plan.gpu_hours, 64 * plan.time_to_train:value() / 3600, 1e-12)
  local hours = string.format("%.0f", plan.gpu_hours):reverse():gsub("(%d%d%d)", "%1,"):reverse():gsub("^,", "")
  -- (1e12 tokens / (512 x 8192) a step = 238,418.58 steps, written whole with separators)
  t.eq(line(1e12), string.format("238,419 steps: %.1f days, %s GPU-hours", plan.time_to_train:value() / 86400, hours))
  -- From a year up, in years too; one step is a step.
  local long = line(1e15)
  t.eq(long:match("^[%d,]+ steps: [%d.]+ days %([%d.]+ years%), [%d.]+ million GPU%-hours$") ~= nil, true, long)
  t.eq(line(512 * 8192):match("^1 step: ") ~= nil, true, line(512 * 8192))
  -- The model FLOP/s a GPU achieves beside the MFU: the MFU of the H100's 989.4 TFLOP/s dense
  -- 16-bit peak (NVIDIA's H100 SXM datasheet, 1,979 with sparsity) (helper-346).
  local tflops = tonumber(tostring(plan):match("MFU [%d.]+%%, HFU [%d.]+%%, %d+ tokens/s and ([%d.]+) TFLOP/s %(model%) per GPU"))
  t.near(tflops, plan.mfu * 989.4, 0.01, tostring(tflops))
  -- From a thousand million GPU-hours up (37,939 x 1e6 here), a power of ten, not "3.794e4
  -- million" (helper-346).
  t.eq(line(1e18):match(", 3%.79%de10 GPU%-hours$") ~= nil, true, line(1e18))
  t.eq(line(1e9):match("^238 steps: [%d.]+ min, [%d,]+ GPU%-hours$") ~= nil, true, line(1e9))
  -- Less than one step is an error at the run, most often a misplaced exponent.
  t.raises_here(function() dml.run(run, { tokens = 1e6 }) end, "transformer_run.tokens: 1e6 tokens is less than one step of 4194304 tokens (512 sequences of 8192)")
  t.raises_here(function() dml.run(run, { tokens = 1 }) end, "transformer_run.tokens: 1 token is less than one step of 4194304 tokens (512 sequences of 8192)")
  -- So is the default's, 20 a parameter, for a model too small for its batch (1.571e6 tokens of
  -- 78,528 parameters: 64 x 100 embedding and output, 4 x 64^2 attention, 3 x 64 x 256 MLP, 3 x 64 norms).
  local tiny = dml.transformer { layers = 1, d_model = 64, heads = 4, d_ff = 256, vocab = 100, seq_len = 8192 }
  t.eq(dml.params(tiny).total, 78528)
  t.raises_here(function() dml.run { model = tiny, stack = stacks.megatron_core, global_batch = 512, cluster = cluster(64) } end, "transformer_run.tokens: unset: 20 a parameter (the default) is 1.571e6 tokens, less than one step of 4194304 tokens (512 sequences of 8192); give the run's tokens")
end

-- Sequence parallelism splits each sequence between the TP ranks: TP must divide it (4100 / 8 is no
-- whole token), and the search keeps to the layouts where it does.
do
  local odd = dml.run(run, { model = dml.transformer(llama8b, { seq_len = 4100 }) })
  local sp = dml.evaluate(odd, { tp = 8, pp = 1, cp = 1, sequence_parallel = true, microbatch = 1 })
  t.eq(sp.feasible, false, "TP 8 with SP over 4100 tokens")
  t.eq(table.concat(sp.violations, "\n"):find("layout.sequence_parallel: TP 8 splits the 4100 tokens of each CP rank's sequence (seq_len 4100 / cp 1) between its ranks, and does not divide them", 1, true) ~= nil,
    true, table.concat(sp.violations, "\n"))
  t.eq(dml.evaluate(odd, { tp = 4, pp = 1, cp = 1, sequence_parallel = true, microbatch = 1 }).feasible, true, "4 divides 4100")
  local best = dml.optimize(odd)
  t.eq(not best.layout.sequence_parallel or 4100 % best.layout.tp == 0, true, "the search: " .. dml.layout_text(best.layout))
end
local p = dml.evaluate(run, { tp = 2, pp = 2 })
t.eq(p.layout.dp, 16, "dp derived from the GPUs")
local assumed = table.concat(p.assumed, "; ")
t.eq(assumed:find("dp = 16", 1, true) ~= nil, true, "dp is listed as assumed")
t.eq(assumed:find("microbatch = 1", 1, true) ~= nil, true, "microbatch is listed as assumed")
t.eq(dml.layout_text(p.layout), "TP 2 (SP) x PP 2 (1f1b) x DP 16 (ZeRO-1), microbatch 1, no recompute")
-- and a plan carries it, one cell of a table (helper-92: ten layout_* columns to read a layout)
t.eq(p.layout_text, "TP 2 (SP) x PP 2 (1f1b) x DP 16 (ZeRO-1), microbatch 1, no recompute")
t.eq(dml.table { p }[1].layout_text, p.layout_text)
t.eq(dml.layout_text { tp = 8 }, "TP 8 x PP 1 x DP 1, microbatch 1, no recompute", "a plain table with a number for tp")
-- a module recomputed alone reads as that, not "no recompute + ..." (helper-103)
t.eq(dml.layout_text { tp = 8, recompute_moe_act = true }, "TP 8 x PP 1 x DP 1, microbatch 1, recompute of the expert activation only")
t.eq(dml.layout_text { tp = 8, recompute_moe_act = true, recompute_mla_up = true },
  "TP 8 x PP 1 x DP 1, microbatch 1, recompute of the MLA up-projections and expert activation only")
t.eq(dml.layout_text { tp = 8, recompute = "full", recompute_moe_act = true }, "TP 8 x PP 1 x DP 1, microbatch 1, full recompute + expert activation")
t.eq(dml.layout_text { pp = 2, microbatch = 2 }, "TP 1 x PP 2 (1f1b) x DP 1, microbatch 2, no recompute", "or a transformer field")
t.eq(dml.layout_text { dp = 4, tp = { 2, 4 }, pp = 8 }, "DP 4 x TP 2x4 x PP 8 x EP 1, 1 microbatch, 1F1B", "a paper layout")

local best, next_best = dml.optimize(run, { tp = 1, runners_up = 2 })
t.eq(best.feasible, true, "optimize finds a layout that fits")
t.eq(best.layout.tp, 1, "a fixed field stays fixed")
t.eq(#next_best, 2, "runners-up")
t.eq(next_best[1].time.step >= best.time.step, true, "runners-up are slower")
do  -- the runners-up save as a table of their rows
  local dir, _, remove_dir = t.scratch_dir()
  dml.save(next_best, dir .. "/next.csv")
  local f = assert(io.open(dir .. "/next.csv"))
  local text = f:read("a")
  f:close()
  remove_dir()
  local lines = select(2, text:gsub("\n", "\n"))
  t.eq(lines, 3, "a header and the two runners-up")
  t.eq(text:match("^run_name,model_name,gpu_name,feasible,") ~= nil, true, "a step plan's columns: " .. text:sub(1, 60))
end
-- A run's name is a label for tables: its plans' run_name (helper-380: two runs that differed only in
-- their facility made rows no column told apart).
do
  local named = dml.run(run, { name = "rent-pue1.1" })
  t.eq(dml.evaluate(named, { tp = 1, pp = 1 }).run_name, "rent-pue1.1")
  t.eq(dml.optimize(named).run_name, "rent-pue1.1")
  t.eq(dml.table { dml.evaluate(named, { tp = 1, pp = 1 }) }:rows()[1].run_name, "rent-pue1.1")
  t.eq(dml.evaluate(run, { tp = 1, pp = 1 }).run_name, nil, "none given")
end
-- print() shows each runner-up on a line (helper-89: "table: 0x..."); dml.table reads them
local shown = tostring(next_best)
t.eq(select(2, shown:gsub("\n", "")), 1, shown)
t.eq(shown:find("^1%. .* %(step [%d.]+ s%)\n2%. ") ~= nil, true, shown)
t.eq(#dml.table(next_best), 2)
t.eq(tostring(select(2, dml.optimize(run, { tp = 1, runners_up = 0 }))), "(none)")
t.eq(#select(2, dml.optimize(run, { tp = 1, runners_up = 0 })), 0, "no runners-up: an empty list")
t.eq(#select(2, dml.optimize(run, { tp = 1, runners_up = 2.0 })), 2, "2.0 is 2, as a degree reads")
do  -- distinct_splits: the runners-up are other splits, each its own fastest layout; checked against
    -- every layout that fits (runners_up large enough to list them all), grouped by split by hand
  local function split(p) local l = p.layout return table.concat({ l.tp, l.tp_model, l.pp, l.dp, l.cp, l.ep }, "/") end
  -- (recompute and microbatch held, to keep the listing short: the splits stay many)
  local all_best, all = dml.optimize(run, { runners_up = 100000, recompute = "none", microbatch = 1 })
  t.eq(#all < 100000, true, "every layout that fits is listed")
  local expected, seen = { all_best }, { [split(all_best)] = true }
  for _, p in ipairs(all) do
    if not seen[split(p)] then seen[split(p)] = true; expected[#expected + 1] = p end
  end
  t.eq(#expected > 4, true, "several splits fit")
  local first, rest = dml.optimize(run, { runners_up = 3, distinct_splits = true, recompute = "none", microbatch = 1 })
  t.eq(dml.layout_text(first.layout), dml.layout_text(all_best.layout), "the best is the best")
  t.eq(#rest, 3)
  for i, p in ipairs(rest) do
    t.eq(dml.layout_text(p.layout), dml.layout_text(expected[i + 1].layout), "runner-up " .. i)
    t.eq(p.time.step, expected[i + 1].time.step)
  end
  t.raises_here(function() dml.optimize(run, { runners_up = 3, distinct_splits = 1 }) end,
    "optimize.distinct_splits: expected true or false, got 1")
  t.raises_here(function() dml.optimize(run, { distinct_splits = true }) end,
    "optimize.distinct_splits: chooses which runners-up come back; give runners_up = n too")
end
do  -- 1,152 GPUs (16 racks of 72) with a batch of 512 = 2^9 leave a factor 9 that only PP can take,
    -- and 9 divides neither the 32 layers nor 34: the search tries uneven stage counts and says so
  local racks = dml.cluster { gpu = gpus.h100_sxm, size = 1152,
    levels = { dml.level(networks.nvlink4_h100, { size = 72 }), networks.infiniband_ndr } }
  local odd = dml.optimize(dml.run(run, { cluster = racks }))
  t.eq(odd.feasible, true, "a layout of 1,152 GPUs")
  t.eq(odd.layout.pp % 9, 0, dml.layout_text(odd.layout))
  t.eq(odd.notes[#odd.notes], "no layout of the 1152 GPUs runs with a pipeline that divides the 32 layers (or 34, "
    .. "the ends one layer short): the search tried uneven stage counts too")
  t.eq(table.concat(odd.notes, "\n"):find("do not split evenly into pp " .. odd.layout.pp, 1, true) ~= nil, true,
    "the layout's own note on its uneven stages")
  local held = dml.optimize(dml.run(run, { cluster = dml.cluster(racks, { size = 1152 }) }), { dp = 128 })
  t.eq(held.notes[#held.notes], "no layout of the 1152 GPUs with the fields held fixed runs with a pipeline that "
    .. "divides the 32 layers (or 34, the ends one layer short): the search tried uneven stage counts too")
  -- DualPipe runs even stage counts only: 1,152 = 2^7 x 9 under a batch of 2^9 leaves PP the
  -- factor 9 (or 9 x 2^i), and 9 divides neither 32 nor 34, so only an uneven count runs it
  local dual = dml.optimize(dml.run(run, { cluster = racks }), { schedule = "dualpipe" })
  t.eq(dual.feasible, true, "a DualPipe layout of 1,152 GPUs")
  t.eq(dual.layout.pp % 18, 0, dml.layout_text(dual.layout))
  local fixed_pp = dml.optimize(dml.run(run, { cluster = racks }), { pp = 4 })
  t.eq(fixed_pp.feasible, false, "a PP held fixed is not replaced")
  for _, n in ipairs(dml.optimize(run).notes) do
    t.eq(n:find("uneven stage counts", 1, true), nil, "no such note where an even split exists")
  end
end
t.raises_here(function() dml.optimize(run, { tp = 8, runers_up = 3 }) end,
  "optimize.runers_up: not a layout field to hold fixed, nor runners_up (did you mean 'runners_up'?); it takes "
  .. "runners_up, distinct_splits, tp, tp_model, sequence_parallel, pp, interleave, schedule, dp, zero, shard, cp, cp_kind, ep, "
  .. "etp, microbatch, recompute, recompute_layers, recompute_mla_up, recompute_moe_act, offload, optimizer_offload")
-- a field of the run or of its stack given as a layout field says where it goes
t.raises_here(function() dml.optimize(run, { precision = "fp8" }) end,
  "optimize.precision: a field of the run, not of its layout: dml.optimize(dml.run(run, { precision = ... }))")
t.raises_here(function() dml.optimize(run, { dispatcher = "token" }) end,
  "optimize.dispatcher: a field of the run's stack, not of its layout: "
  .. "dml.optimize(dml.run(run, { stack = dml.stack(run.stack, { dispatcher = ... }) }))")
t.eq(dml.run(run, { stack = dml.stack(run.stack, { dispatcher = "token" }) }).stack.dispatcher, "token",
  "the way the message gives")
t.raises_here(function() dml.optimize(run, { runners_up = math.maxinteger }) end,
  "optimize.runners_up: expected a whole number from 0 to 1000000, got 9223372036854775807")
-- NaN as every message writes it (Lua's own text is "-nan"), a whole float as an integer, and
-- another type by its name (helper-126).
for _, c in ipairs { { 0 / 0, "NaN" }, { 1e9, "1000000000" }, { "x", "a string" } } do
  t.raises_here(function() dml.optimize(run, { runners_up = c[1] }) end,
    "optimize.runners_up: expected a whole number from 0 to 1000000, got " .. c[2])
end

local bad = dml.evaluate(run, { tp = 3 })
t.eq(bad.feasible, false, "tp 3 cannot split 32 heads")
t.eq(table.concat(bad.violations, "\n"):find("layout.tp: 3 does not divide the 32 heads; divisors: 1, 2, 4, 8, 16, 32", 1, true) ~= nil,
  true, "the divisors are listed")
t.eq(bad.violations[1], "layout: tp 3 x pp 1 x cp 1 = 3 does not divide the cluster's 64 GPUs; its divisors: 1, 2, 4, 8, 16, 32, 64",
  "a degree that does not divide the GPUs says so first, before any derived dp")

-- HSDP and 2D TP are layout fields; measured collectives are rows of a level.
local hsdp = dml.evaluate(run, { tp = 1, zero = 3, shard = 8 })
t.eq(dml.layout_text(hsdp.layout), "TP 1 x PP 1 x DP 64 (ZeRO-3/FSDP, HSDP: shard 8 x replicate 8), microbatch 1, no recompute")
local two_d = dml.evaluate(run, { tp = 8, tp_model = 2 })
t.eq(two_d.layout.sequence_parallel, false, "2D TP: no sequence parallelism by default")
t.eq(dml.layout_text(two_d.layout):find("TP 8 (2D: 2 x 4)", 1, true), 1)
local measured_ib = dml.level(networks.infiniband_ndr, { measured = {
  { op = "all_reduce", size = "32 MiB", bus_bandwidth = "1 GB/s" } } })
local slow = dml.run(run, { cluster = dml.cluster { gpu = gpus.h100_sxm, size = 64,
  levels = { networks.nvlink4_h100, measured_ib } } })
local plain_dp = { tp = 8, zero = 0, microbatch = 1, recompute = "none" }
t.eq(dml.evaluate(slow, plain_dp).time.dp > dml.evaluate(run, plain_dp).time.dp, true,
  "a measured 1 GB/s all-reduce across nodes slows the gradient all-reduce")
local twice = { { op = "all_reduce", size = "32 MiB", bus_bandwidth = "1 GB/s" },
  { op = "all_reduce", size = "32 MiB", bus_bandwidth = "2 GB/s" } }
local twice_ib = dml.level(networks.infiniband_ndr, { measured = twice })
t.raises_here(function() dml.cluster { gpu = gpus.h100_sxm, levels = { networks.nvlink4_h100, twice_ib } } end, "cluster.levels[2].measured[2].size: 33554432 bytes of all_reduce on any group appears twice (rows 1 and 2)")

local sweep = dml.sweep { grid = { gpus = { 32, 64 } }, run = function(pt) return dml.run(run, { cluster = cluster(pt.gpus) }) end }
t.eq(#sweep:rows(), 2, "a sweep of transformer runs")
t.eq(sweep:rows()[2].gpus, 64)
-- The hidden traffic is a column too, so a sweep over overlaps can save it (helper-354).
for _, kind in ipairs { "tp", "cp", "ep", "pp", "dp" } do
  local column = sweep:column("time_" .. kind .. "_hidden")
  t.eq(column ~= nil and #column == 2, true, "time_" .. kind .. "_hidden")
end
local best64 = dml.optimize(dml.run(run, { cluster = cluster(64) }))
t.near(sweep:column("time_dp_hidden")[2]:value "s", best64.time.dp_hidden:value "s", 1e-12, "the plan's hidden DP time")
t.eq(best64.time.dp_hidden:value "s" > 0, true, "some DP traffic hides")
-- A grid may sweep keys named gpu and model: the plans name theirs gpu_name and model_name.
local by_gpu = dml.sweep { grid = { gpu = { "h100_sxm", "a100_sxm_80gb" }, model = { "8b" } },
  run = function(pt) return dml.run(run, { cluster = cluster(64, gpus[pt.gpu]) }) end }
t.eq(by_gpu:column("gpu")[2], "a100_sxm_80gb")
t.eq(by_gpu:column("gpu_name")[2], gpus.a100_sxm_80gb.name)
t.eq(by_gpu:column("model")[1], "8b")

t.raises(function()
  dml.sweep { runs = { run, dml.run { model = dml.mlp_stack { d_model = 4096 }, cluster = cluster(64) } } }
end, { pattern = "mix paper runs" })
-- imbalance is the busiest EP rank's load over the mean: at EP 1 one rank holds every expert and
-- nothing changes; at EP 8 the step and the activations grow
do
  local function moe(imb)
    return dml.run(run, { model = dml.transformer(llama8b, { layers = 4, moe = { experts = 8, top_k = 2, imbalance = imb } }) })
  end
  local function at(imb, ep)
    return dml.evaluate(moe(imb), { tp = 1, pp = 1, cp = 1, ep = ep, microbatch = 1, recompute = "none" })
  end
  t.eq(tostring(at(4, 1).time.step), tostring(at(1, 1).time.step), "EP 1: no busiest rank")
  t.eq(tostring(at(4, 1).memory.activations), tostring(at(1, 1).memory.activations), "nor more activations")
  t.eq(at(4, 8).time.step > at(1, 8).time.step, true, "EP 8: the busiest rank sets the pace")
end
-- what is no run is named at its index, not taken for the other kind
t.raises_here(function() dml.sweep { runs = { run, "x" } } end,
  "sweep.runs[2]: expected a transformer training run (a table of its fields), got \"x\"")
t.raises_here(function() dml.sweep { runs = { run, {} } } end, "sweep.runs[2].model: required (the transformer); also required: cluster, stack")
-- A MoE model without expert_d_ff: each expert is as wide as d_ff, said in `assumed` (a 9x larger
-- model where DeepSeek-V3's 2048 was meant)
do
  local wide = dml.transformer { layers = 4, d_model = 1024, heads = 8, d_ff = 4096, vocab = 32000, seq_len = 2048,
    moe = { experts = 8, top_k = 2 } }
  local p = dml.evaluate(dml.run(run, { model = wide }), { tp = 1, pp = 1, ep = 8 })
  t.eq(table.concat(p.assumed, "; "):find("moe.expert_d_ff = 4096 (d_ff: each expert as wide as the dense MLP; give "
    .. "the experts' own width)", 1, true) ~= nil, true, table.concat(p.assumed, "; "))
  local narrow = dml.evaluate(dml.run(run, { model = dml.transformer(wide, { moe = { experts = 8, top_k = 2,
    expert_d_ff = 1024 } }) }), { tp = 1, pp = 1, ep = 8 })
  t.eq(table.concat(narrow.assumed, "; "):find("expert_d_ff", 1, true), nil, "given: not assumed")
  t.eq(table.concat(p.assumed, "; "):find("top_k", 1, true), nil, "top_k given: not assumed")
  -- top_k left out: one routed expert a token (Switch's), read as nil and said (helper-118: a
  -- Mixtral without its 2 had run at half its expert compute, untold)
  local switch = dml.transformer(wide, { moe = { top_k = false, expert_d_ff = 1024 } })
  t.eq(switch.moe.top_k, nil)
  local s = dml.evaluate(dml.run(run, { model = switch }), { tp = 1, pp = 1, ep = 8 })
  t.eq(table.concat(s.assumed, "; "):find("moe.top_k = 1 (Switch's routing: each token to one routed expert; give "
    .. "the model's own, Mixtral's 2, DeepSeek-V3's 8)", 1, true) ~= nil, true, table.concat(s.assumed, "; "))
  local one = dml.evaluate(dml.run(run, { model = dml.transformer(switch, { moe = { top_k = 1 } }) }),
    { tp = 1, pp = 1, ep = 8 })
  t.eq(tostring(s.time.step), tostring(one.time.step), "left out is top_k = 1")
  t.eq(table.concat(one.assumed, "; "):find("top_k", 1, true), nil, "given: not assumed")
  -- kv_heads left out: multi-head attention, said (helper-372: a 70B without its 8 ran as 80B)
  t.eq(table.concat(p.assumed, "; "):find("kv_heads = 8 (heads: multi-head attention; give the model's own for "
    .. "grouped-query attention, Llama 3's 8)", 1, true) ~= nil, true, table.concat(p.assumed, "; "))
  local gqa = dml.evaluate(dml.run(run, { model = dml.transformer(wide, { kv_heads = 8 }) }), { tp = 1, pp = 1, ep = 8 })
  t.eq(table.concat(gqa.assumed, "; "):find("kv_heads", 1, true), nil, "given: not assumed")
  t.eq(s.time.step < narrow.time.step, true, "one expert a token costs less than two")
end
-- Efficiencies that set the step time and that no measured run fitted (sources beginning
-- "estimate") are named in the notes: the MI300X's GEMM is one, none of the H100's is
do
  local function estimate_note(gpu)
    local p = dml.evaluate(dml.run(run, { cluster = cluster(64, gpu) }), { tp = 8, pp = 1 })
    for _, n in ipairs(p.notes) do if n:find("are estimates", 1, true) then return n end end
  end
  -- (the MI300X preset's sources: gemm, hbm, nvlink and network are estimates, attention a fit)
  t.eq(estimate_note(gpus.mi300x), "MI300X's efficiency values gemm, hbm, nvlink, network are estimates, "
    .. "not fitted to measured runs (their sources say how they were set): read the figures they set as a what-if")
  t.eq(estimate_note(gpus.h100_sxm), nil, "the H100's are fitted")
  -- links the run does not use are not named: one node of 8 reaches no network
  local one_node = dml.run(run, { cluster = dml.cluster { gpu = gpus.mi300x, size = 8, levels = { networks.nvlink4_h100 } } })
  local p = dml.evaluate(one_node, { tp = 8, pp = 1 })
  local note
  for _, n in ipairs(p.notes) do if n:find("are estimates", 1, true) then note = n end end
  t.eq(note:find("gemm, hbm, nvlink are estimates", 1, true) ~= nil, true, note)
end
-- a plan's lists of strings print one line each, "(none)" when empty, and are otherwise plain
-- lists: saved as a copy of them is (helper-84: a protected metatable broke dml.save)
do
  local p = dml.evaluate(dml.run(run, { cluster = dml.cluster { gpu = gpus.mi300x, size = 8,
    levels = { networks.nvlink4_h100 } } }), { tp = 8, pp = 1 })
  t.eq(#p.notes >= 1 and #p.assumed >= 2, true)
  t.eq(tostring(p.assumed), table.concat(p.assumed, "\n"))
  t.eq(tostring(p.notes), table.concat(p.notes, "\n"))
  t.eq(tostring(p.violations), "(none)")
  -- the shared metatable is not a script's to change: getmetatable shows a mark of it only
  getmetatable(p.notes).__tostring = function() return "hijacked" end
  t.eq(tostring(dml.evaluate(dml.run(run, { cluster = cluster(8) }), { tp = 8, pp = 1 }).assumed):find("hijacked", 1, true), nil)
  t.eq(getmetatable(p.notes).__dml_record, true)
  local dir, _, remove_dir = t.scratch_dir()
  local copy = {}
  for i, n in ipairs(p.notes) do copy[i] = n end
  dml.save({ notes = p.notes, x = 1 }, dir .. "/lines.json")
  dml.save({ notes = copy, x = 1 }, dir .. "/copy.json")
  local function read(name) local f = assert(io.open(dir .. "/" .. name)) local s = f:read "a" f:close() return s end
  t.eq(read "lines.json", read "copy.json")
  t.eq(dml.table({ { note = p.notes[1] } }):rows()[1].note, p.notes[1])
  remove_dir()
end
-- 6 experts on 64 GPUs: EP divides both, so it is at most gcd(6, 64) = 2, and the answer says so
do
  local six = dml.transformer { layers = 4, d_model = 1024, heads = 8, d_ff = 4096, vocab = 32000, seq_len = 2048,
    moe = { experts = 6, top_k = 2, expert_d_ff = 1024 } }
  local p = dml.optimize(dml.run(run, { model = six }))
  t.eq(p.layout.ep <= 2, true)
  t.eq(p.notes[#p.notes], "EP is at most 2 for 6 experts: EP divides both the experts and the tp x dp x cp ranks, "
    .. "a divisor of the 64 GPUs, and the two share 2 as their largest common divisor")
  local eight = dml.optimize(dml.run(run, { model = dml.transformer(six, { moe = { experts = 8, top_k = 2,
    expert_d_ff = 1024 } }) }))
  for _, n in ipairs(eight.notes) do t.eq(n:find("EP is at most", 1, true), nil, "8 experts: no cap") end
  -- 64 experts on 8 GPUs: EP is capped by the GPUs, not by the factors; no note either
  local few = dml.optimize(dml.run(run, { cluster = cluster(8), model = dml.transformer(six, { moe = { experts = 64,
    top_k = 2, expert_d_ff = 1024 } }) }))
  for _, n in ipairs(few.notes) do t.eq(n:find("EP is at most", 1, true), nil, "64 experts on 8 GPUs: no note") end
end
-- A token dispatcher's EP group that a rack boundary cuts is costed at its small side, whose NICs
-- take what the rest sends it (docs/model.md 8.8): on 72-GPU racks EP 16, 32 and 64 put 8 ranks on
-- one rack and 8, 24 and 56 on the next, so the EP time grows with EP, and each is above the same
-- group's in 64-GPU domains, which hold it whole. (Before, all three cost the same, less than
-- in-domain.)
do
  local moe = dml.transformer { layers = 61, d_model = 7168, heads = 128, d_ff = 18432, vocab = 129280,
    seq_len = 4096, moe = { experts = 256, top_k = 8, expert_d_ff = 2048 } }
  local token = dml.stack(stacks.megatron_core, { name = "token", dispatcher = "token" })
  local function ep_time(domain, ep)
    local racks = dml.cluster { gpu = gpus.gb200, size = 1152,
      levels = { dml.level(networks.nvl72, { size = domain }), networks.infiniband_xdr } }
    local r = dml.run { model = moe, cluster = racks, stack = token, global_batch = 15360, tokens = "1e13 tokens" }
    return dml.evaluate(r, { tp = 1, pp = 3, cp = 1, dp = 384, ep = ep, microbatch = 1, zero = 1,
      recompute = "none" }).time.ep
  end
  local cut = { ep_time(72, 16), ep_time(72, 32), ep_time(72, 64) }
  t.eq(cut[1] < cut[2] and cut[2] < cut[3], true, string.format("%s < %s < %s", cut[1], cut[2], cut[3]))
  for i, ep in ipairs { 16, 32, 64 } do
    local whole = ep_time(64, ep)
    t.eq(cut[i] > whole, true, string.format("EP %d: cut %s > whole %s", ep, cut[i], whole))
  end
end
-- dml.gpus_for: the fewest GPUs (8-GPU nodes x 2^i, then the interval below the first that
-- trains in time halved on whole nodes) that train the run within a duration; the answer trains
-- in time and a node fewer does not (checked with dml.optimize on each)
do
  local function in_time(n, d)
    local p = dml.optimize(dml.run(run, { cluster = cluster(n) }))
    return p.feasible and p.time_to_train <= dml.q(d)
  end
  local plan, tried = dml.gpus_for(run, "30 days")
  t.eq(plan ~= nil, true, tostring(tried))
  t.eq(plan.time_to_train <= dml.q"30 days", true, tostring(plan.time_to_train))
  local sizes = {}
  for _, r in ipairs(tried:rows()) do sizes[#sizes + 1] = r.gpus end
  t.eq(table.concat(sizes, " "), "8 16 32 40 48 64", "doubling from one node, then halving between 32 and 64")
  t.eq(plan.gpus, 48, "48 train in time")
  t.eq(in_time(64, "30 days") and in_time(48, "30 days") and not in_time(40, "30 days"), true, "40 do not")
  t.eq(dml.optimize(dml.run(run, { cluster = cluster(plan.gpus) })).time_to_train, plan.time_to_train, "as optimize")
  -- A batch of 1,000 sequences: 800 GPUs (8 x 100, DP a whole share of the batch) train in 1.87
  -- days, below every size the halving between 512 and 1,024 reaches (helper-113: the answer was
  -- 1,120); the node times the batch's divisors from half the answer up are tried too.
  do
    local b1000 = dml.run(run, { global_batch = 1000 })
    local p1000, tried1000 = dml.gpus_for(b1000, "1.87 days")
    t.eq(p1000 ~= nil and p1000.gpus <= 800, true, tostring(tried1000))
    local at800 = dml.optimize(dml.run(b1000, { cluster = cluster(800) }))
    t.eq(at800.feasible and at800.time_to_train <= dml.q"1.87 days", true, tostring(at800.time_to_train))
  end
  -- 20 days: 64 train in time and 48 do not, so the answer is 64
  local p20, tried20 = dml.gpus_for(run, "20 days")
  t.eq(p20.gpus, 64, tostring(tried20))
  t.eq(in_time(64, "20 days") and not in_time(48, "20 days"), true, "48 do not in 20 days")
  -- a duration no size meets: nil, and the sizes tried stop where the time stops falling
  local none, all = dml.gpus_for(run, "1 s")
  t.eq(none, nil)
  local last = all:rows()
  t.eq(#last > 3, true)
  -- and the table's title says why: the fastest size and what ended the search (helper-92)
  local title = tostring(all):match "^[^\n]*"
  t.eq(title:find("^GPUs for the run in 1 s: none in time %(the fastest, [^;]+, on [%d,]+ GPUs; ") ~= nil, true, title)
  -- One size's divisors can cost it more than the next size's: the search goes on past a size
  -- slower than the fastest before it (helper-107: a 12,288-wide model with 1,024 sequences was
  -- slower on 2^21 H100s than on 2^20, and the search stopped there; 2^22 is faster than both).
  do
    local wide = dml.transformer { layers = 96, d_model = 12288, heads = 96, kv_heads = 8, d_ff = 43008,
      vocab = 128256, seq_len = 8192 }
    local _, sizes = dml.gpus_for(dml.run(run, { model = wide, global_batch = 1024 }), "1 s")
    local fastest, rose
    for _, r in ipairs(sizes:rows()) do
      if r.feasible then
        if fastest and r.time_to_train > fastest.time_to_train then rose = rose or r end
        if not fastest or r.time_to_train < fastest.time_to_train then fastest = r end
      end
    end
    t.eq(rose ~= nil and fastest.gpus > rose.gpus, true, tostring(sizes))
  end
  -- A cluster of one level stops at that level's GPUs (helper-92: doubling past them failed
  -- with an error about a size the user never wrote)
  local node = dml.run(run, { cluster = dml.cluster { gpu = gpus.h100_sxm, size = 8, levels = { networks.nvlink4_h100 } } })
  local alone, sizes1 = dml.gpus_for(node, "1 day")
  t.eq(alone, nil)
  t.eq(sizes1[#sizes1].gpus, 8)
  local title1 = tostring(sizes1):match "^[^\n]*"
  t.eq(title1:find("the cluster's top level holds 8 GPUs at most)", 1, true) ~= nil, true, title1)
  -- The top level's size counts units of the level below: 8 nodes of 8 H100s hold 64 GPUs, and
  -- 48 of them train in 30 days (helper-97: read as 8 GPUs, the search stopped there); a
  -- one-level 72-GPU rack is tried whole after 64 (8 days: 72 B200s take 7.7, 64 take 8.7).
  local nodes8 = dml.run(run, { cluster = dml.cluster { gpu = gpus.h100_sxm, size = 64,
    levels = { networks.nvlink4_h100, dml.level(networks.infiniband_ndr, { size = 8 }) } } })
  t.eq(dml.gpus_for(nodes8, "30 days").gpus, 48)
  local rack = dml.run { model = llama8b, stack = stacks.megatron_core, global_batch = 576, tokens = "1e12 tokens",
    cluster = dml.cluster { gpu = gpus.b200, size = 72, levels = { networks.nvl72 } } }
  local whole, tried72 = dml.gpus_for(rack, "8 days")
  t.eq(whole and whole.gpus, 72, tostring(tried72))
  -- Two sizes in a row that no layout splits end the search (helper-97: 28 sizes to 2^30)
  -- (batch 512 and CP up to 8: TP 1 x PP 1 splits 4,096 GPUs at most; ZeRO 0 fits on none)
  local unsplit = select(2, dml.gpus_for(run, "30 days", { tp = 1, pp = 1, zero = 0 }))
  t.eq(unsplit[#unsplit].gpus, 16384, tostring(unsplit))
  t.eq(tostring(unsplit):match "^[^\n]*", "GPUs for the run in 30 days: none in time (no size runs a layout; no layout splits 8,192 GPUs or more)")
  -- Fixed degrees no size of nodes x 2^i divides end the search at once (helper-93: 28 sizes)
  local never, tried3 = dml.gpus_for(run, "90 days", { tp = 3 })
  t.eq(never, nil)
  t.eq(#tried3, 1)
  local title3 = tostring(tried3):match "^[^\n]*"
  t.eq(title3:find("(no size runs a layout; the fixed degrees' product, 3, divides no size of 8 GPUs x 2^i)", 1, true) ~= nil, true, title3)
  t.raises_here(function() dml.gpus_for(run, "30 GB") end,
    'dml.gpus_for: duration: expected a positive time like "90 days" (s, min, h, days, weeks, months, years), got "30 GB"')
  t.raises_here(function() dml.gpus_for(run, "60 d") end,
    'dml.gpus_for: duration: expected a positive time like "90 days" (s, min, h, days, weeks, months, years), got "60 d"')
  -- The sizes tried say whether each trains in time, and why an infeasible one is
  local rows = tried:rows()
  t.eq(table.concat(tried:columns(), " "), "gpus feasible time_to_train in_time mfu why_not")
  t.eq(rows[#rows].in_time, true)
  t.eq(rows[1].in_time, false, "8 GPUs: not in 30 days")
  local fixed7 = select(2, dml.gpus_for(run, "30 days", { microbatch = 7 }))
  t.eq(fixed7[1].feasible, false)
  t.eq(fixed7[1].why_not:find("layout.microbatch: 7 ", 1, true), 1, fixed7[1].why_not)
  -- Where the default DP already fails the batch (1,024 GPUs for 512 sequences), the microbatch
  -- that divides no rank's share is still named (helper-89: only the DP was)
  local wide = dml.optimize(dml.run(run, { cluster = cluster(1024) }), { microbatch = 7 })
  t.eq(wide.violations[1], "layout.microbatch: 7 divides no data-parallel rank's share of the global batch of 512 sequences (it does not divide the batch); divisors: 1, 2, 4, 8, 16, 32, 64, 128, 256, 512")
  -- And where the default fill's DP leaves one sequence a rank, that share is not quoted as if it
  -- were the run's (helper-128: "3 does not divide the 1 sequences per data-parallel rank").
  local few = dml.optimize(dml.run(run, { cluster = cluster(512) }), { microbatch = 3 })
  t.eq(#few.violations, 1)
  t.eq(few.violations[1], "layout.microbatch: 3 divides no data-parallel rank's share of the global batch of 512 sequences (it does not divide the batch); divisors: 1, 2, 4, 8, 16, 32, 64, 128, 256, 512")
  t.raises_here(function() dml.gpus_for(dml.run { model = dml.mlp_stack { d_model = 4096 }, cluster = cluster(64) }, "30 days") end,
    "dml.gpus_for: expects a transformer run (a paper run's dml.optimize already finds the smallest cluster that meets its duration)")
  -- Its fixed fields are named as its own, and runners-up, which it cannot return, are refused
  -- (helper-372: "optimize.tpp", and runners_up = 3 did nothing).
  t.raises_here(function() dml.gpus_for(run, "30 days", { tpp = 8 }) end,
    "gpus_for.fixed.tpp: not a layout field to hold fixed (did you mean 'tp'?); it takes " ..
    table.concat((function() local n = {} for _, f in ipairs(dml.fields "transformer_layout") do n[#n + 1] = f.name end return n end)(), ", "))
  t.raises_here(function() dml.gpus_for(run, "30 days", { runners_up = 3 }) end,
    "gpus_for.fixed.runners_up: only dml.optimize returns runners-up; here hold layout fields fixed")
  t.raises_here(function() dml.gpus_for(run, "30 days", { global_batch = 3 }) end,
    "gpus_for.fixed.global_batch: a field of the run, not of its layout: dml.run(run, { global_batch = ... })")
  t.raises_here(function() dml.optimize_up_to(run, { distinct_splits = true }) end,
    "optimize_up_to.fixed.distinct_splits: only dml.optimize returns runners-up; here hold layout fields fixed")
  t.raises_here(function() dml.optimize_up_to(run, 5) end,
    "optimize_up_to.fixed: expected a table of fixed layout fields, got a number")
end
-- on_error = "row": a point whose run function or search fails is a row saying so (feasible false,
-- the error in violations, its point named), and the others run; the first point may be one
do
  local function over(ib)
    return dml.run(run, { cluster = dml.cluster { gpu = gpus.h100_sxm, size = 64,
      levels = { networks.nvlink4_h100, dml.level { link = ib, latency = "1 us" } } } })
  end
  local swept = dml.sweep { on_error = "row", grid = { ib = { "none", "400 Gb/s", "1e-300 GB/s" } },
    run = function(p)
      if p.ib == "none" then error("no network named none") end
      return over(p.ib)
    end }
  local rows = swept:rows()
  t.eq(#rows, 3, "every point a row")
  t.eq(#swept.plans, 1, "one plan: the point that ran")
  t.eq(rows[1].feasible, false)
  t.eq(rows[1].violations:find("^error: .*transformer%.test%.lua:%d+: no network named none %(sweep%.run at { ib = none }%)$") ~= nil,
    true, rows[1].violations)
  t.eq(rows[2].feasible, true)
  t.eq(rows[2].time_step, swept.plans[1].time.step, "the row of the plan")
  t.eq(rows[3].feasible, false)
  t.eq(rows[3].violations:find("^error: the cost of .* is out of range .*%(sweep at { ib = 1e%-300 GB/s }%)$") ~= nil,
    true, rows[3].violations)
  t.raises_here(function() dml.sweep { on_error = "skip", runs = { run } } end,
    'sweep.on_error: expected "stop" or "row", got "skip"')
  -- a list's rows name the run's place; a non-run is a row too
  local listed = dml.sweep { on_error = "row", runs = { over "400 Gb/s", "x", over "1e-300 GB/s" } }:rows()
  t.eq(#listed, 3)
  t.eq(listed[2].violations, "error: sweep.runs[2]: expected a training run (dml.run), got a string")
  t.eq(listed[3].violations:find("^error: sweep%.runs%[3%]: the cost of") ~= nil, true, listed[3].violations)
  -- a mistake in how the sweep is written still ends it
  t.raises_in_this_file(function()
    dml.sweep { on_error = "row", grid = { a = { 1 } }, run = function() return run, { TP = 1 } end }
  end, "sweep.run({ a = 1 }) second value.TP: not a layout field to hold fixed (did you mean 'tp'?); the fields "
    .. "are tp, tp_model, sequence_parallel, pp, interleave, schedule, dp, zero, shard, cp, cp_kind, ep, etp, microbatch, "
    .. "recompute, recompute_layers, recompute_mla_up, recompute_moe_act, offload, optimizer_offload")
  -- so does an error with no message, error({...}) or error(), as docs/language.md says (a probe
  -- found it kept as a row), still naming its point
  t.raises_in_this_file(function()
    dml.sweep { on_error = "row", grid = { a = { 1, 2 } }, run = function() error({ code = 1 }) end }
  end, "(error object is a table value) (sweep.run at { a = 1 })")
  t.raises_in_this_file(function()
    dml.sweep { on_error = "row", grid = { a = { 1, 2 } }, run = function() error() end }
  end, "(error object is a nil value) (sweep.run at { a = 1 })")
  -- A number is a message (Lua prints error(42) as "42"): it names its point and is a row
  -- (helper-126: "dml: 42", and the sweep ended).
  local numbered = dml.sweep { on_error = "row", grid = { a = { 1, 2 } }, run = function() error(42) end }
  t.eq(numbered:rows()[2].violations:match("42 %(sweep%.run at { a = 2 }%)$") ~= nil, true, numbered:rows()[2].violations)
  -- So is a value with a __tostring, as its text (it passed through unchanged, naming no point);
  -- one whose __tostring fails has no text.
  local shown = setmetatable({}, { __tostring = function() return "TS" end })
  t.raises_in_this_file(function()
    dml.sweep { grid = { a = { 1, 2 } }, run = function() error(shown) end }
  end, "TS (sweep.run at { a = 1 })")
  local shown_rows = dml.sweep { on_error = "row", grid = { a = { 1, 2 } }, run = function() error(shown) end }
  t.eq(shown_rows:rows()[2].violations:match("TS %(sweep%.run at { a = 2 }%)$") ~= nil, true, shown_rows:rows()[2].violations)
  local failing = setmetatable({}, { __tostring = function() error("no text") end })
  t.raises_in_this_file(function()
    dml.sweep { on_error = "row", grid = { a = { 1, 2 } }, run = function() error(failing) end }
  end, "(error object is a table value) (sweep.run at { a = 1 })")
  -- Every point failed: no plan gives the columns of a kind, so the rows are the points and why
  -- (a probe saw some eighty empty columns of a paper run's plan).
  local all_failed = dml.sweep { on_error = "row", grid = { a = { 1, 2 } }, run = function(p) error("no run at " .. p.a) end }
  t.eq(table.concat(all_failed:columns(), ","), "a,feasible,violations")
  t.eq(all_failed:rows()[2].violations:find("no run at 2", 1, true) ~= nil, true, all_failed:rows()[2].violations)
end
-- a table's column (a list with its length as n) is a grid's list (a probe's t:column("d") was
-- refused: "found the key n"); an n that is not the length is named
do
  local col = dml.table { { ib = "400 Gb/s" }, { ib = "800 Gb/s" } }:column("ib")
  local swept = dml.sweep { grid = { ib = col }, run = function(p)
    return dml.run(run, { cluster = dml.cluster { gpu = gpus.h100_sxm, size = 64,
      levels = { networks.nvlink4_h100, dml.level { link = p.ib, latency = "1 us" } } } }) end }
  t.eq(#swept:rows(), 2)
  t.raises_here(function() dml.sweep { grid = { ib = { "400 Gb/s", n = 3 } }, run = function() return run end } end,
    "sweep.grid.ib.n: 3, but the list has 1 place (a column's n is its length)")
end
-- layout fields a sweep holds fixed: `fixed` for every run, and a run function's second value for
-- its point (added to them); each row is what dml.optimize answers with the same fields fixed
do
  local swept = dml.sweep { grid = { tp_fixed = { 1, 4 } }, fixed = { recompute = "full" },
    run = function(p) return run, { tp = p.tp_fixed } end }
  for i, tp in ipairs { 1, 4 } do
    local alone = dml.optimize(run, { tp = tp, recompute = "full" })
    t.eq(dml.layout_text(swept.plans[i].layout), dml.layout_text(alone.layout), "tp " .. tp)
    t.eq(swept.plans[i].time.step, alone.time.step)
  end
  local listed = dml.sweep { runs = { run }, fixed = { pp = 2 } }
  t.eq(listed.plans[1].layout.pp, 2, "the runs' form")
  local names = "tp, tp_model, sequence_parallel, pp, interleave, schedule, dp, zero, shard, cp, cp_kind, ep, "
    .. "etp, microbatch, recompute, recompute_layers, recompute_mla_up, recompute_moe_act, offload, optimizer_offload"
  t.raises_here(function() dml.sweep { runs = { run }, fixed = { TP = 2 } } end,
    "sweep.fixed.TP: not a layout field to hold fixed (did you mean 'tp'?); the fields are " .. names)
  t.raises_here(function() dml.sweep { grid = { a = { 1 } }, run = function() return run, { Pp = 2 } end } end,
    "sweep.run({ a = 1 }) second value.Pp: not a layout field to hold fixed (did you mean 'pp'?); the fields are " .. names)
  t.eq(dml.sweep { grid = { a = { 1 } }, run = function() return run, false end }.plans[1].feasible, true,
    "false: nothing held fixed")
  t.raises_here(function() dml.sweep { grid = { a = { 1 } }, run = function() return run, { tp = "x" } end } end,
    'sweep.run({ a = 1 }) second value.tp: expected a positive whole number, got "x"')
  -- A value of the fixed fields is named where it was written, and a misspelt choice with the
  -- likely one (helper-92: "sweep.runs[1].fixed.recompute"), once, before any point runs: it is
  -- the sweep's mistake, which ends it under on_error = "row" too (helper-126: a row each).
  local ful = 'sweep.fixed.recompute: expected one of "none", "selective", "op", "full", "norms", got "ful" (did you mean "full"?)'
  local calls = 0
  local function counted() calls = calls + 1; return run end
  t.raises_here(function() dml.sweep { grid = { a = { 1 } }, run = counted, fixed = { recompute = "ful" } } end, ful)
  t.raises_here(function() dml.sweep { runs = { run }, fixed = { recompute = "ful" } } end, ful)
  t.raises_here(function() dml.sweep { grid = { a = { 1, 2 } }, run = counted, fixed = { recompute = "ful" }, on_error = "row" } end, ful)
  t.raises_here(function() dml.sweep { runs = { run, run }, fixed = { tp = "eight" }, on_error = "row" } end,
    'sweep.fixed.tp: expected a positive whole number, got "eight"')
  t.eq(calls, 0, "no point was made")
  -- A point's own value is that point's: under on_error = "row", its row says so.
  local rows = dml.sweep { grid = { a = { 1, 2 } }, on_error = "row",
    run = function(p) return run, { tp = p.a == 2 and "x" or 1 } end }
  t.eq(rows.plans[1].feasible, true)
  t.eq(rows[2].violations, 'error: sweep.run({ a = 2 }) second value.tp: expected a positive whole number, got "x"')
  t.raises_here(function() dml.sweep { grid = { a = { 1 } }, run = function() return run, 2 end } end,
    "sweep.run({ a = 1 }): its second value is the layout fields to hold fixed, a table; got a number")
  local paper_run = dml.run { model = dml.mlp_stack { d_model = 4096 }, cluster = cluster(64) }
  t.raises_here(function() dml.sweep { grid = { a = { 1 } }, run = function() return paper_run, { tp = 2 } end } end,
    "sweep.run({ a = 1 }): its second value holds layout fields fixed, which is for transformer runs' searches; "
    .. "a paper run's knobs are its options (dml.run { ..., options = dml.options { ... } })")
  t.raises_here(function() dml.sweep { runs = { paper_run }, fixed = { tp = 2 } } end,
    "sweep.fixed: layout fields to hold fixed are for transformer runs' searches; a paper run's knobs are its "
    .. "options (dml.run { ..., options = dml.options { ... } })")
end
-- A grid list that mixes quantities with text of their dimension is one column of quantities,
-- printed and saved in one unit (helper-126: "800 Gb/s" saved beside 50000000000); other text
-- stays as written, and a list of text only is kept as the user wrote it.
do
  local function on(ib)
    return dml.run(run, { cluster = dml.cluster { gpu = gpus.h100_sxm, size = 64,
      levels = { networks.nvlink4_h100, dml.level { link = ib, latency = "1 us" } } } })
  end
  local mixed = dml.sweep { grid = { ib = { dml.q "400 Gb/s", "800 Gb/s", "fast" } },
    run = function(p) return on(p.ib == "fast" and "1600 Gb/s" or p.ib) end }
  t.eq(getmetatable(mixed[2].ib).__name, "dml.Quantity"); t.eq(mixed[2].ib, dml.q "100 GB/s")
  t.eq(mixed[3].ib, "fast")
  t.eq(tostring(dml.table(mixed, { columns = { "ib" } })), "ib\n--------\n 50 GB/s\n100 GB/s\nfast")
  local text = dml.sweep { grid = { ib = { "400 Gb/s", "800 Gb/s" } }, run = function(p) return on(p.ib) end }
  t.eq(text[2].ib, "800 Gb/s")
  -- (Text of another dimension stays text.)
  local other = dml.sweep { grid = { ib = { dml.q "400 Gb/s", "1 s" } }, run = function(p) return on(p.ib == "1 s" and "1 Tb/s" or p.ib) end }
  t.eq(other[2].ib, "1 s")
end
-- a search that fails (a network of 1e-300 B/s: every cost out of range) names its point, or its
-- place in the list, as an error of the run function does
do
  local function over(ib)
    return dml.run(run, { cluster = dml.cluster { gpu = gpus.h100_sxm, size = 64,
      levels = { networks.nvlink4_h100, dml.level { link = ib, latency = "1 us" } } } })
  end
  local ok, e = pcall(dml.sweep, { grid = { ib = { "400 Gb/s", "1e-300 GB/s" } }, run = function(p) return over(p.ib) end })
  t.eq(ok, false)
  t.eq(e:find("is out of range", 1, true) ~= nil and e:sub(-31), "(sweep at { ib = 1e-300 GB/s })", e)
  ok, e = pcall(dml.sweep, { runs = { over "400 Gb/s", over "1e-300 GB/s" } })
  t.eq(ok, false)
  t.eq(e:match("sweep%.runs%[2%]: the cost of .* is out of range") ~= nil, true, e)
end
t.raises(function()
  dml.run { model = llama8b, stack = stacks.megatron_core, global_batch = 512,
    cluster = dml.cluster { gpu = gpus.h100_sxm, levels = { networks.nvlink4_h100, networks.infiniband_ndr } } }
end, { pattern = "run%.cluster%.size: required for a transformer run: the number of GPUs it uses %(dml%.gpus_for searches it: any size does there%)$" })
t.raises(function()
  local g = {}
  for k, v in pairs(gpus.h100_sxm) do if k ~= "efficiency" then g[k] = v end end
  local s = {}
  for k, v in pairs(g.sources) do s[k] = v end
  g.sources = s
  dml.run { model = llama8b, stack = stacks.megatron_core, global_batch = 512, cluster = cluster(64, g) }
end, { pattern = "run.cluster.gpu.efficiency: required for a transformer run" })
t.raises(function() dml.transformer { layers = 2, d_model = 64, heads = 8, kv_heads = 3, d_ff = 256, vocab = 10, seq_len = 16 } end,
  { pattern = "transformer.kv_heads: 3 does not divide the 8 query heads" })
-- more than the query heads is said so, not "does not divide" (helper-346)
t.raises(function() dml.transformer { layers = 2, d_model = 64, heads = 8, kv_heads = 16, d_ff = 256, vocab = 10, seq_len = 16 } end,
  { pattern = "transformer.kv_heads: 16 is more than the 8 query heads %(GQA shares a key/value head among query heads%)" })
t.raises(function() dml.evaluate(run, { tp = 0 }) end, { pattern = "layout.tp" })
-- A count of microbatches is not pointed at microbatch, which would change the run (helper-128).
t.raises(function() dml.evaluate(run, { microbatches = 16 }) end,
  { pattern = "layout%.microbatches: unknown field of a transformer layout %(the layout's microbatch is the sequences one microbatch holds; their count follows from the global batch, dp and microbatch%); its fields are" })
-- The layout first and the run second is said as such (helper-128: "run.tp: unknown field").
t.raises_here(function() dml.evaluate({ tp = 8 }, run) end,
  "dml.evaluate: the run comes first, then the layout: dml.evaluate(run, layout)")
-- A declared value where a table goes is named by its kind, not "a userdata" (helper-128).
t.raises_here(function() dml.optimize(run, llama8b) end, "dml.optimize: expected a table of fixed layout fields, got a dml.transformer")
-- Group-limited routing (DeepSeek-V3's n_group and topk_group) is checked as it is declared.
do
  local function moe(m)
    return function()
      dml.transformer { layers = 2, d_model = 64, heads = 8, d_ff = 256, vocab = 10, seq_len = 16, moe = m }
    end
  end
  t.raises(moe { experts = 32, top_k = 8, groups = 4 },
    { pattern = "transformer.moe.group_top_k: group%-limited routing needs both groups and group_top_k" })
  t.raises(moe { experts = 32, top_k = 8, group_top_k = 2 },
    { pattern = "transformer.moe.groups: group%-limited routing needs both" })
  t.raises(moe { experts = 32, top_k = 2, groups = 64, group_top_k = 1 },
    { pattern = "transformer.moe.groups: 64 groups are more than the 32 experts" })
  t.raises(moe { experts = 32, top_k = 2, groups = 3, group_top_k = 1 },
    { pattern = "transformer.moe.groups: 3 does not divide the 32 experts" })
  t.raises(moe { experts = 32, top_k = 2, groups = 4, group_top_k = 5 },
    { pattern = "transformer.moe.group_top_k: 5 is more than the 4 groups" })
  t.raises(moe { experts = 32, top_k = 8, groups = 8, group_top_k = 1 },
    { pattern = "transformer.moe.top_k: 8 is more than the 4 experts of group_top_k = 1 groups of 4" })
  local ok = dml.transformer { layers = 2, d_model = 64, heads = 8, d_ff = 256, vocab = 10, seq_len = 16,
    moe = { experts = 32, top_k = 8, groups = 8, group_top_k = 2 } }
  t.eq(ok.moe.groups, 8, "groups read")
  t.eq(ok.moe.group_top_k, 2, "group_top_k read")
  -- Read but not used: under the all-to-all dispatcher the plan's notes say so, by field.
  local limited = dml.transformer { layers = 2, d_model = 1024, heads = 8, d_ff = 4096, vocab = 32000,
    seq_len = 1024, moe = { experts = 32, top_k = 8, max_nodes = 2 } }
  local function ep_plan(dispatcher)
    local r = dml.run { model = limited, global_batch = 32, cluster = cluster(32),
      stack = dml.stack(stacks.megatron_core, { name = "s", dispatcher = dispatcher }) }
    return dml.evaluate(r, { tp = 1, pp = 1, dp = 32, ep = 32, zero = 1, microbatch = 1 })
  end
  local a2a = ep_plan("all_to_all")
  t.eq(#a2a.notes, 1, "one note")
  t.eq(a2a.notes[1]:find("moe.max_nodes limits the nodes a token reaches", 1, true) ~= nil, true, a2a.notes[1])
  t.eq(tostring(a2a):find("  note: moe.max_nodes", 1, true) ~= nil, true, "printed")
  t.eq(#ep_plan("token").notes, 0, "the token dispatcher uses the limit: no note")
end

-- The interleaved schedule runs microbatches in groups of pp: a count that is not a multiple of
-- the stages is refused, naming both (Megatron-LM's schedules.py check).
do
  local gpus_ = require "dml.presets.gpus"
  local stacks_ = require "dml.presets.stacks"
  local m = dml.transformer { name = "gpt", layers = 8, d_model = 1024, heads = 16, d_ff = 4096, vocab = 32000, seq_len = 1024 }
  local r = dml.run { model = m, stack = stacks_.megatron_core, global_batch = 12,
    cluster = dml.cluster { gpu = gpus_.h100_sxm, size = 8, levels = { { name = "nvlink", bandwidth = "900 GB/s", latency = "1 us" } } } }
  -- dp 4, microbatch 1: 3 microbatches per step, not a multiple of pp 2
  local p = dml.evaluate(r, { tp = 1, pp = 2, dp = 4, interleave = 2, microbatch = 1, zero = 0, recompute = "none" })
  assert(not p.feasible)
  assert(p.violations[1]:find("layout.interleave: 3 microbatches per step is not a multiple of the 2 stages", 1, true), p.violations[1])
  -- 6 microbatches (dp 2) are
  local q = dml.evaluate(r, { tp = 2, pp = 2, dp = 2, interleave = 2, microbatch = 1, zero = 0, recompute = "none" })
  assert(q.feasible, table.concat(q.violations, "; "))
end

-- dml.params: the parameters and FLOPs of a declared transformer, counted by hand.
do
  -- Llama 3 8B: attention 4096 x (32 + 2 x 8) x 128 + 32 x 128 x 4096 = 41943040 and the MLP
  -- 3 x 4096 x 14336 = 176160768 per layer, x 32; embeddings 2 x 128256 x 4096; norms
  -- (2 x 32 + 1) x 4096: 8030261248, the count Hugging Face gives for Meta-Llama-3-8B.
  local p = dml.params(llama8b)
  t.eq(p.total, 8030261248)
  t.eq(math.type(p.total), "integer", "a count prints whole (helper-92: 8030261248.0)")
  t.eq(p.active, p.total, "a dense model uses every parameter")
  t.eq(tostring(p), "8.03 B parameters, 8.03 B active; 51.47 GFLOP a token (Megatron's count: 57.91 GFLOP)")
  -- Past trillions, the number itself (helper-115: "1.6e+04 T parameters").
  local huge = dml.params(dml.transformer { layers = 1000, d_model = 1000000, heads = 1000, d_ff = 4000000,
    vocab = 128256, seq_len = 8192 })
  t.eq(tostring(huge):match("^[^;]*"), "1.6e16 parameters, 1.6e16 active")
  -- A small MoE: 2 layers, d 64, 8 heads of 8, the first layer dense (d_ff 256, gated), then 4
  -- experts of width 32, top-2, one shared. Attention 64 x 24 x 8 + 8 x 8 x 64 = 16384 per layer;
  -- dense MLP 3 x 64 x 256 = 49152; an expert 3 x 64 x 32 = 6144, the MoE layer 5 x 6144 + a
  -- 64 x 4 router = 30976; embeddings 2 x 10 x 64 = 1280; norms 5 x 64 = 320: 114496. A token
  -- skips 2 routed experts: 114496 - 2 x 6144 = 102208. FLOPs per token: 6 x (linear 2 x 16384
  -- + 49152 + 3 x 6144 + 256 = 100608, attention 2 layers x 8 heads x (8 + 8) x 8.5 keys (causal
  -- over 16) = 2176, logits 640) = 620544.
  local moe = dml.transformer { layers = 2, d_model = 64, heads = 8, d_ff = 256, gated = true, vocab = 10,
    seq_len = 16, moe = { experts = 4, top_k = 2, shared_experts = 1, expert_d_ff = 32, dense_layers = 1 } }
  local q = dml.params(moe)
  t.eq(q.total, 114496)
  t.eq(q.active, 102208)
  t.eq(q.flop_per_token, 620544)
  -- Megatron-Core r0.8's count: 12 L h^2 [(1 + g/a + s/h) + (f/h) k (3/2) + V/(2 L h)] = 12 x 2 x
  -- 4096 x (2.25 + 1.5 + 0.0390625) = 372,480 (routed experts only, every layer).
  t.eq(q.megatron_flop_per_token, 372480)
  -- a plain table of the fields is read as dml.run reads one (helper-82: JSON through call())
  t.eq(dml.params { layers = 2, d_model = 64, heads = 8, d_ff = 256, gated = true, vocab = 10,
    seq_len = 16, moe = { experts = 4, top_k = 2, shared_experts = 1, expert_d_ff = 32, dense_layers = 1 } }.active, 102208)
  t.raises(function() dml.params { layers = 2 } end, { pattern = "transformer.d_model: required" })
  t.raises(function() dml.params(run) end,
    { pattern = "dml.params: expects a dml.transformer, got a dml.transformer_run$" })
  t.raises(function() dml.params(dml.mlp_stack { d_model = 4096 }) end,
    { pattern = "got a dml.mlp_stack %(the paper's model: a plan of its run gives them as plan.run.total_params" })
  t.raises(function() dml.count_text(0 / 0) end, { pattern = "count_text: expected a whole number >= 0, got NaN %(not a number%)" })
  -- Past int64 and past 2^128 (helper-120: 2^200 and math.huge had printed "0", a conversion
  -- to 128 bits out of range)
  t.eq(dml.count_text(25165824), "25,165,824")
  t.eq(dml.count_text(2 ^ 63), "9.223e18")
  t.eq(dml.count_text(2 ^ 64), "1.845e19")
  t.eq(dml.count_text(2 ^ 200), "1.607e60")
  t.eq(dml.count_text(3.5e38), "3.5e38")
  t.raises(function() dml.count_text(math.huge) end, { pattern = "count_text: expected a whole number >= 0, got inf" })
  t.raises(function() dml.count_text(1.5) end, { pattern = "count_text: expected a whole number >= 0, got 1.5" })
end

-- ZeRO-3 gathers each layer of a stage by its kind: a stage of 7 dense layers and 1 MoE layer
-- moves nearly what 8 dense layers move, not what 8 MoE layers do.
do
  local function shaped(moe)
    return dml.transformer { layers = 8, d_model = 4096, heads = 32, d_ff = 32768, vocab = 32000,
      seq_len = 4096, moe = moe }
  end
  local function traffic(m)
    local r = dml.run { model = m, cluster = cluster(64), stack = stacks.megatron_core, global_batch = 512 }
    local p = dml.evaluate(r, { tp = 1, pp = 1, dp = 64, zero = 3, microbatch = 1, recompute = "none",
      ep = m.moe and 8 or nil })
    return p.time.dp:value "s" + p.time.dp_hidden:value "s", p.memory.weights:value "B"
  end
  local dense_t, dense_w = traffic(shaped(nil))
  local mixed_t, mixed_w = traffic(shaped { experts = 8, top_k = 1, expert_d_ff = 64, dense_layers = 7 })
  local moe_t = traffic(shaped { experts = 8, top_k = 1, expert_d_ff = 64, dense_layers = 0 })
  t.eq(mixed_t > 0.85 * dense_t and mixed_t < dense_t, true, "7 dense layers of 8 gather their MLPs")
  t.eq(mixed_t > 2 * moe_t, true, "more than the all-MoE model's")
  t.eq(math.abs(mixed_w - dense_w) < 0.1 * dense_w, true, "and hold a dense layer in flight")
end

-- A MoE model's dense first layers sit on the first stage: where they are wider than the experts,
-- that stage sets the pace. At PP 2 the first stage of 4 dense layers (d_ff 57344) runs the same
-- matmuls and attention a microbatch as a dense 4-layer model at PP 1 (DP 4 both: 64 microbatches
-- of one sequence), and the search finds no
-- layout past 100% MFU.
do
  local shape = { layers = 8, d_model = 4096, heads = 32, kv_heads = 8, d_ff = 57344, vocab = 32000,
    seq_len = 8192, moe = { experts = 8, top_k = 1, expert_d_ff = 1024, dense_layers = 4 } }
  local function on(model, gpus_n)
    return dml.run { model = model, cluster = cluster(gpus_n), stack = stacks.megatron_core, global_batch = 256 }
  end
  local moe_run = on(dml.transformer(shape), 64)
  local piped = dml.evaluate(moe_run, { tp = 8, pp = 2, dp = 4, ep = 8, microbatch = 1, zero = 1, recompute = "none" })
  local dense = dml.evaluate(on(dml.transformer { layers = 4, d_model = 4096, heads = 32, kv_heads = 8,
    d_ff = 57344, vocab = 32000, seq_len = 8192 }, 32), { tp = 8, pp = 1, dp = 4, microbatch = 1, zero = 1, recompute = "none" })
  t.near(piped.time.gemm:value "s", dense.time.gemm:value "s", 1e-12, "the first stage's matmuls")
  t.near(piped.time.attention:value "s", dense.time.attention:value "s", 1e-12, "its attention")
  t.eq(piped.time.logits:value "s", 0, "the loss is on the other stage")
  t.eq(piped.notes[1], "the pipeline's device 1 of 2 sets the pace: its 4 dense first layers cost more a microbatch "
    .. "than the MoE layers a stage holds (the breakdown is that device's: the logits and the loss, on the last stage, "
    .. "are not in it)")
  t.eq(piped.mfu < 1, true, "MFU " .. piped.mfu)
  local best = dml.optimize(moe_run)
  t.eq(best.mfu < 1, true, dml.layout_text(best.layout) .. ": MFU " .. best.mfu)
end

-- ZeRO 2 holds a shard of the gradients, so it reduce-scatters every microbatch's; ZeRO 1 holds
-- them whole and reduces once a step. Without overlap (megatron_2021), ZeRO 2's data-parallel time
-- exceeds ZeRO 1's by m - 1 reduce-scatters: 3 at 4 microbatches, 7 at 8.
do
  local function dp_time(batch, zero)
    local r = dml.run { model = llama8b, stack = stacks.megatron_2021, global_batch = batch, cluster = cluster(64) }
    local p = dml.evaluate(r, { tp = 8, pp = 1, dp = 8, microbatch = 1, zero = zero, recompute = "full" })
    return p.time.dp:value "s", p.memory.gradients:value "B"
  end
  local z1_4, g1 = dp_time(32, 1)
  local z2_4, g2 = dp_time(32, 2)
  local z1_8 = dp_time(64, 1)
  local z2_8 = dp_time(64, 2)
  t.eq(z2_4 > z1_4, true, "more reduce-scatters")
  t.near((z2_8 - z1_8) / (z2_4 - z1_4), 7 / 3, 1e-9, "one a microbatch")
  t.near(g2, g1 / 8, 1e-9, "a shard of the gradients")
end

-- ZeRO 3 gathers the embedding and the output head as it gathers a layer, and reduce-scatters
-- their gradients, every microbatch: a million more vocabulary entries cost it more than m times
-- what they cost ZeRO 1 (one reduce-scatter and one gather a step), and the head gathered whole
-- is in its memory.
do
  local function with_vocab(vocab, zero)
    local m = dml.transformer { layers = 4, d_model = 1024, heads = 8, d_ff = 4096, vocab = vocab, seq_len = 2048 }
    local r = dml.run { model = m, stack = stacks.torchtitan, global_batch = 256, cluster = cluster(64) }
    local p = dml.evaluate(r, { tp = 1, pp = 1, dp = 64, microbatch = 1, zero = zero, recompute = "none" })
    return p.time.dp:value "s" + p.time.dp_hidden:value "s", p
  end
  local z1 = with_vocab(1032000, 1) - with_vocab(32000, 1)
  local z3_big, plan = with_vocab(1032000, 3)
  local z3 = z3_big - with_vocab(32000, 3)
  t.eq(plan.microbatches, 4)
  t.eq(z3 > 4 * z1, true, string.format("ZeRO 3 %.3g s against ZeRO 1 %.3g s", z3, z1))
  t.eq(plan.memory.weights:value "B" > 1032000 * 1024 * 2, true, "a 16-bit head gathered whole")
end

-- Zero-bubble V runs 2 pp chunks, two a device: 8 layers fill 4 stages' 8 chunks, not 8 stages'
-- 16; the search keeps to the layouts that fill them.
do
  local m = dml.transformer { layers = 8, d_model = 1024, heads = 8, d_ff = 4096, vocab = 32000, seq_len = 2048 }
  local r = dml.run { model = m, cluster = cluster(64), stack = stacks.megatron_core, global_batch = 256 }
  local over = dml.evaluate(r, { tp = 1, pp = 8, dp = 8, microbatch = 1, schedule = "zero_bubble_v" })
  t.eq(over.feasible, false)
  t.eq(over.violations[1], "layout.schedule: zero_bubble_v runs 2 x 8 = 16 chunks of layers, more than the 8 layers (or the 8 layers and the embedding's and the head's chunks)")
  t.eq(dml.evaluate(r, { tp = 1, pp = 4, dp = 16, microbatch = 1, schedule = "zero_bubble_v" }).feasible, true)
  local best = dml.optimize(r, { schedule = "zero_bubble_v", pp = 8 })
  t.eq(best.feasible, false, "no layout of 8 stages")
  -- Qi et al.'s placement (2023, Table 6): 2 pp = L + 2, the first chunk the embedding alone and
  -- the last the head and loss alone, a layer in every other chunk: 8 layers on 5 stages.
  -- (A small vocabulary: the head's device does not set the pace.)
  local small = dml.transformer { layers = 8, d_model = 1024, heads = 8, d_ff = 4096, vocab = 1024, seq_len = 2048 }
  local function on(n) return dml.run { model = small, cluster = cluster(n), stack = stacks.megatron_core, global_batch = 256 } end
  local ends = dml.evaluate(on(40), { tp = 1, pp = 5, dp = 8, microbatch = 1, schedule = "zero_bubble_v" })
  t.eq(ends.violations[1], nil, "8 layers and the two ends fill 10 chunks")
  t.eq(ends.time.bubble:value "s", 0, "ZB-V's bubble")
  -- The busiest device holds two layers (every device but the first, which holds the embedding
  -- and the head: a layer in each chunk), as on 4 stages of 2 chunks of a layer each.
  local four = dml.evaluate(on(32), { tp = 1, pp = 4, dp = 8, microbatch = 1, schedule = "zero_bubble_v" })
  t.eq(ends.time.step:value "s" > 0, true)
  t.near(ends.time.gemm:value "s", four.time.gemm:value "s", 0.05, "two layers a device either way")
  local odd = dml.evaluate(on(48), { tp = 1, pp = 6, dp = 8, microbatch = 1, schedule = "zero_bubble_v" })
  t.eq(odd.feasible, false, "12 chunks for 8 layers and two ends: refused")
end

-- The busiest expert rank's load is bounded by routing: a token's k copies go to distinct experts,
-- so a rank gets at most min(k, its experts) of them, at most min(ep, experts / k) times the mean.
-- An imbalance past experts / k is refused where declared; past ep, it counts as ep.
do
  local function moe(imbalance, top_k)
    return dml.transformer { layers = 4, d_model = 1024, heads = 8, d_ff = 4096, vocab = 32000, seq_len = 2048,
      moe = { experts = 8, top_k = top_k or 1, imbalance = imbalance } }
  end
  t.raises(function() moe(1.2, 8) end,
    { pattern = "moe.imbalance: 1.2 is more than experts / top_k = 8 / 8 = 1: a token's copies go to distinct experts" })
  t.raises(function()
    dml.transformer { layers = 4, d_model = 1024, heads = 8, d_ff = 4096, vocab = 32000, seq_len = 2048,
      moe = { experts = 8, top_k = 2, pad_to_capacity = true } }
  end, { pattern = "moe.pad_to_capacity: pads each expert to its capacity: give capacity_factor too" })
  t.raises(function()
    dml.transformer { layers = 4, d_model = 1024, heads = 8, d_ff = 4096, vocab = 32000, seq_len = 2048,
      moe = { experts = 8, top_k = 2, capacity_factor = 5, pad_to_capacity = true } }
  end, { pattern = "moe.capacity_factor: 5 padded is more than experts / top_k = 8 / 2 = 4" })
  do
    local padded = dml.transformer { layers = 4, d_model = 1024, heads = 8, d_ff = 4096, vocab = 32000, seq_len = 2048,
      moe = { experts = 8, top_k = 2, capacity_factor = 1.25, pad_to_capacity = true } }
    local r = dml.run { model = padded, cluster = cluster(64), global_batch = 256,
      stack = dml.stack(stacks.megatron_core, { dispatcher = "token" }) }
    local p = dml.evaluate(r, { tp = 1, pp = 1, dp = 64, ep = 8, microbatch = 1, recompute = "none" })
    t.eq(p.feasible, false)
    t.eq(p.violations[1]:find("moe.pad_to_capacity: the stack's dispatcher = \"token\"", 1, true) ~= nil, true, p.violations[1])
  end
  local function step(imbalance, ep)
    local r = dml.run { model = moe(imbalance), cluster = cluster(64), stack = stacks.megatron_core, global_batch = 256 }
    return dml.evaluate(r, { tp = 1, pp = 1, dp = 64, ep = ep, microbatch = 1, recompute = "none" }).time.step:value "s"
  end
  t.eq(step(3, 2), step(2, 2), "at EP 2 a rank holds half the experts: at most twice the mean")
  t.eq(step(3, 4) > step(2, 4), true, "at EP 4 up to 4 times")
end

-- Dense first layers wherever the chunks put them. With one-layer chunks (14 layers + the
-- embedding and the loss on 4 x 4 chunks) the first chunk is the embedding alone, and the dense
-- layers sit on the second device on: they are timed there. When every device holds some (16
-- layers, 8 dense, on 4 x 2 chunks: two dense and two MoE each), no stage is timed as all MoE:
-- the matmuls are those of a 4-layer model of 2 dense and 2 MoE layers without a pipeline.
do
  local function shaped(layers, dense, d_ff)
    return dml.transformer { layers = layers, d_model = 1024, heads = 8, d_ff = d_ff, vocab = 256, seq_len = 2048,
      moe = { experts = 8, top_k = 2, expert_d_ff = 512, dense_layers = dense } }
  end
  local function gemm(model, gpus_n, layout)
    local r = dml.run { model = model, cluster = cluster(gpus_n), stack = stacks.megatron_core, global_batch = 512 }
    local p = dml.evaluate(r, layout)
    t.eq(p.feasible, true, table.concat(p.violations or {}, "; "))
    return p.time.gemm:value "s"
  end
  local short = { tp = 1, pp = 4, interleave = 4, ep = 8, microbatch = 1, recompute = "full" }
  local none, two, three = gemm(shaped(14, 0, 65536), 64, short), gemm(shaped(14, 2, 65536), 64, short),
    gemm(shaped(14, 3, 65536), 64, short)
  t.near(two, three, 1e-12, "one dense layer a device either way")
  t.eq(two > 5 * none, true, string.format("the wide dense layer is timed: %.4g s against %.4g s", two, none))
  t.near(gemm(shaped(16, 8, 4096), 64, { tp = 1, pp = 4, interleave = 2, ep = 8, microbatch = 1, recompute = "full" }),
    gemm(shaped(4, 2, 4096), 16, { tp = 1, pp = 1, ep = 8, microbatch = 1, recompute = "full" }), 1e-12,
    "2 dense and 2 MoE layers a device")
end

-- ZeRO 2 under DualPipe: each microbatch runs one of a device's two stages and reduce-scatters
-- that stage's gradients; ZeRO 1 reduces both stages' once. Without overlap, ZeRO 2's time over
-- ZeRO 1's is m - 1 stage reductions under 1F1B and m - 2 under DualPipe (16 microbatches).
do
  local r = dml.run { model = llama8b, stack = stacks.megatron_2021, global_batch = 256, cluster = cluster(64) }
  local function dp(zero, schedule)
    return dml.evaluate(r, { tp = 2, pp = 2, dp = 16, microbatch = 1, zero = zero, recompute = "full",
      schedule = schedule }).time.dp:value "s"
  end
  t.near((dp(2, "dualpipe") - dp(1, "dualpipe")) / (dp(2, "1f1b") - dp(1, "1f1b")), 14 / 15, 1e-9)
end

-- ZeRO 3 gathers what a device holds: the MTP modules too, and under zero-bubble V both the
-- embedding and the untied head of the first device (one tensor when tied, as under 1F1B).
do
  local function traffic(model, schedule, pp)
    local r = dml.run { model = model, stack = stacks.torchtitan, global_batch = 256, cluster = cluster(64) }
    local p = dml.evaluate(r, { tp = 1, pp = pp, dp = 64 // pp, microbatch = 1, zero = 3, recompute = "full",
      schedule = schedule })
    return p.time.dp:value "s" + p.time.dp_hidden:value "s"
  end
  local base = { layers = 16, d_model = 2048, heads = 16, d_ff = 8192, vocab = 128256, seq_len = 2048 }
  local function with(extra)
    local fields = {}
    for k, v in pairs(base) do fields[k] = v end
    for k, v in pairs(extra) do fields[k] = v end
    return dml.transformer(fields)
  end
  t.eq(traffic(with { mtp_layers = 1 }, "1f1b", 1) > traffic(with {}, "1f1b", 1), true, "an MTP module gathered")
  t.eq(traffic(with {}, "zero_bubble_v", 4) > traffic(with {}, "1f1b", 4), true, "embedding and head on one device")
  t.near(traffic(with { tied_embeddings = true }, "zero_bubble_v", 4), traffic(with { tied_embeddings = true }, "1f1b", 4),
    1e-12, "tied: one tensor")
end

-- ZeRO 3 holds two units gathered whole: with a small vocabulary an MTP module (a layer and its
-- 2h x h projection) is the largest, so one module adds its 2 x 2h^2 projection parameters, in 16
-- bits, to the two units in flight, beside its own weights sharded over the 64 ranks (4 bytes a
-- parameter under torchtitan).
do
  local function weights(mtp)
    local m = dml.transformer { layers = 4, d_model = 1024, heads = 8, d_ff = 4096, vocab = 256, seq_len = 2048,
      mtp_layers = mtp, tied_embeddings = true }
    local r = dml.run { model = m, stack = stacks.torchtitan, global_batch = 256, cluster = cluster(64) }
    local p = dml.evaluate(r, { tp = 1, pp = 1, dp = 64, microbatch = 1, zero = 3, recompute = "full" })
    return p.memory.weights:value "B", dml.params(m).total
  end
  local w0, p0 = weights(0)
  local w1, p1 = weights(1)
  -- dml.params counts the module's norms, which dml keeps out of the sharded states: 1 KB at most.
  t.near(w1 - w0, (p1 - p0) * 4 / 64 + 2 * (2 * 1024 * 1024) * 2, 1e-4, "module sharded, and its projection in flight")
end

-- DualPipe holds two stages a rank: their states, and their gradients' reduction and optimizer
-- step, twice 1F1B's.
do
  local r = dml.run { model = llama8b, stack = stacks.megatron_core, global_batch = 512, cluster = cluster(64) }
  local function at(schedule)
    return dml.evaluate(r, { tp = 1, pp = 4, dp = 16, zero = 1, microbatch = 1, recompute = "full",
      schedule = schedule })
  end
  local one, two = at "1f1b", at "dualpipe"
  t.near(two.memory.optimizer:value "B", 2 * one.memory.optimizer:value "B", 1e-9, "optimizer state")
  t.near(two.time.optimizer:value "s", 2 * one.time.optimizer:value "s", 1e-9, "optimizer step")
  t.near(two.time.dp:value "s" + two.time.dp_hidden:value "s",
    2 * (one.time.dp:value "s" + one.time.dp_hidden:value "s"), 0.05, "gradient reduction")
end

-- A plan's memory parts add up to its total, the first stage's or the last's, whichever holds more.
do
  local r = dml.run { model = llama8b, stack = stacks.megatron_core, global_batch = 512, cluster = cluster(64) }
  for _, layout in ipairs { { tp = 1, pp = 4, dp = 16, microbatch = 1, recompute = "none" },
                            { tp = 8, pp = 8, dp = 1, microbatch = 1, recompute = "full" },
                            { tp = 8, pp = 1, dp = 8, microbatch = 1, recompute = "none" } } do
    local m = dml.evaluate(r, layout).memory
    local sum = 0
    for _, k in ipairs { "weights", "gradients", "optimizer", "activations", "logits", "workspace" } do
      sum = sum + m[k]:value "B"
    end
    t.near(sum, m.total:value "B", 1e-12, "the parts add up: " .. dml.layout_text(layout))
  end
end

-- A search that finds no layout that fits: the plan says why, a table leaves its costs empty
-- (not 0 s, which would sort as the fastest), and its layout reads "no layout".
do
  local big = dml.transformer { layers = 80, d_model = 8192, heads = 64, kv_heads = 8, d_ff = 28672,
    vocab = 128256, seq_len = 8192 }
  local r = dml.run { model = big, stack = stacks.megatron_core, global_batch = 1024, cluster = cluster(8) }
  local none = dml.optimize(r)
  t.eq(none.feasible, false)
  t.eq(dml.layout_text(none.layout), "no layout")
  local text = tostring(dml.table { none, dml.optimize(dml.run(r, { cluster = cluster(64) })) })
  local first = text:match("\n[^\n]*\n([^\n]*)")  -- the first row, under the header and the rule
  t.eq(first:find("0 s", 1, true), nil, "no step time: " .. first)
  t.eq(text:find("none of the", 1, true) ~= nil, true, "the reason")
end

-- GQA on more TP ranks than key/value heads: each rank holds a whole head (copied, as vLLM copies
-- them), so one head shared by all 8 ranks costs what 8 heads split 8 ways do.
do
  local function plan(kv)
    local m = dml.transformer { layers = 8, d_model = 4096, heads = 32, kv_heads = kv, d_ff = 14336,
      vocab = 32000, seq_len = 32768 }
    local r = dml.run { model = m, stack = stacks.megatron_core, global_batch = 8, cluster = cluster(64) }
    return dml.evaluate(r, { tp = 8, cp = 8, pp = 1, dp = 1, cp_kind = "allgather", microbatch = 1,
      recompute = "none", zero = 1 })
  end
  local one, eight = plan(1), plan(8)
  t.near(one.time.cp:value "s", eight.time.cp:value "s", 1e-12, "the keys and values gathered")
  t.near(one.time.gemm:value "s", eight.time.gemm:value "s", 1e-12, "the QKV projection")
  t.near(one.memory.weights:value "B", eight.memory.weights:value "B", 1e-12, "the weights a GPU holds")
  t.eq(one.params < eight.params, true, "though the model has fewer")
  t.near(one.hfu, eight.hfu, 1e-9, "and the GPUs run the copies' FLOPs: the same HFU")
end

-- The search splits whole key/value heads, as the stacks' frameworks do: with 2 of them, TP 2 at most.
do
  local m = dml.transformer { layers = 16, d_model = 8192, heads = 64, kv_heads = 2, d_ff = 28672,
    vocab = 32000, seq_len = 4096 }
  local r = dml.run { model = m, stack = stacks.megatron_core, global_batch = 64, cluster = cluster(64) }
  local _, others = dml.optimize(r, { runners_up = 50 })
  for _, p in ipairs(others) do t.eq(p.layout.tp <= 2, true, "tp " .. p.layout.tp) end
  local by_hand = dml.evaluate(r, { tp = 8, pp = 1 })
  t.eq(#by_hand.violations, 0, "a layout given by hand may copy them: " .. table.concat(by_hand.violations, "; "))
  t.eq(by_hand.time.step:value "s" > 0, true)
end

-- Selective recompute with a fused attention kernel reruns nothing, so context parallelism's
-- exchange is not repeated either; full recompute repeats its forward.
do
  local m = dml.transformer { layers = 8, d_model = 8192, heads = 64, kv_heads = 8, d_ff = 28672,
    vocab = 128256, seq_len = 131072 }
  local r = dml.run { model = m, stack = stacks.megatron_core, global_batch = 8, cluster = cluster(64) }
  local function cp_time(recompute)
    return dml.evaluate(r, { tp = 8, cp = 8, pp = 1, dp = 1, cp_kind = "allgather", microbatch = 1,
      recompute = recompute, zero = 1 }).time.cp:value "s"
  end
  t.eq(cp_time "none" > 0, true)
  t.near(cp_time "selective", cp_time "none", 1e-12, "selective: no rerun")
  t.eq(cp_time "full" > cp_time "none", true, "full: the forward's exchange again")
end

-- A layout evaluate refuses has no costs: a table leaves them empty rather than show 0 s.
do
  local refused = dml.evaluate(run, { tp = 8, dp = 8, microbatch = 3 })
  t.eq(#refused.violations > 0, true)
  local text = tostring(dml.table({ refused }, { columns = { "time_step", "mfu", "violations" } }))
  t.eq(text:find("0 s", 1, true), nil, "no step time: " .. text)
  -- A column a plan does not have is an error naming it, with the nearest one.
  t.raises(function() dml.table({ refused }, { columns = { "gpus", "time_stpe" } }) end,
    { pattern = 'dml.table: columns%[2%]: no column "time_stpe" in these rows %(did you mean "time_step"%?%)' })
  t.raises(function() dml.table(refused, { columns = { "time_stepp" } }) end,
    { pattern = 'no column "time_stepp" in these rows %(did you mean "time_step"%?%)' })
  -- A plan names its model and GPU, so that a sweep's rows can be told apart.
  t.eq(refused.gpu_name, run.cluster.gpu.name)
  t.eq(refused.model_name, llama8b.name)
  t.eq(tostring(dml.table({ refused }, { columns = { "model_name", "gpu_name", "gpus" } }))
    :match("^model_name%s+gpu_name%s+gpus") ~= nil, true)
  -- An input far outside any real value (a clock of 1e-300 Hz) is an error, not a plan of
  -- infinite milliseconds.
  local crawling = dml.run(run, { cluster = dml.cluster(run.cluster, { gpu = dml.gpu(run.cluster.gpu, { clock = "1e-300 Hz" }) }) })
  t.raises(function() return dml.evaluate(crawling, { tp = 8, dp = 8 }) end,
    { pattern = "is out of range %(a time of 1e100 s or a memory of 1e100 B or more, or no number%): an input is far outside any real value" })
end

-- Activation offloading against Megatron-Bridge's recipes (v0.2.0, NeMo 25.11:
-- scripts/performance/configs/llama3/workload_base_configs.py): Llama 3 70B on 64 GB200s or
-- GB300s, Megatron-FSDP over all of them, offloading cpu_offloading_num_layers of the 80 layers'
-- activations. Each recipe's count makes its layout fit dml's memory, none does not; and on 64
-- GB200s in FP8 dml's search picks the recipe's layout, offloading.
do
  local m = dml.transformer { name = "Llama 3 70B", layers = 80, d_model = 8192, heads = 64, kv_heads = 8,
    d_ff = 28672, vocab = 128256, seq_len = 8192 }
  local function run_on(gpu, precision)
    return dml.run { model = m, stack = stacks.megatron_core, global_batch = 128, precision = precision,
      cluster = dml.cluster { gpu = gpu, size = 64, levels = { networks.nvl72 } } }
  end
  for _, recipe in ipairs {
    { gpus.gb300, "bf16", 2, 30 }, { gpus.gb300, "fp8", 2, 20 }, { gpus.gb200, "bf16", 1, 20 }, { gpus.gb200, "fp8", 2, 40 },
  } do
    local r = run_on(recipe[1], recipe[2])
    local layout = { tp = 1, pp = 1, dp = 64, zero = 3, microbatch = recipe[3], recompute = "none" }
    local what = string.format("%s %s microbatch %d", recipe[1].name, recipe[2], recipe[3])
    t.eq(dml.evaluate(r, layout).feasible, false, what .. ": does not fit without offloading")
    layout.offload = recipe[4]
    local p = dml.evaluate(r, layout)
    t.eq(p.feasible, true, what .. ": fits offloading " .. recipe[4] .. " layers: " .. table.concat(p.violations, "; "))
    t.eq(p.memory.host > p.memory.host * 0, true, what .. ": holds activations in host memory")
  end
  local best = dml.optimize(run_on(gpus.gb200, "fp8"))
  local found = dml.layout_text(best.layout)
  t.eq(found:match("^TP 1 x PP 1 x DP 64 %(ZeRO%-3/FSDP%), microbatch 2, no recompute, %d+ layers offloaded$") ~= nil,
    true, "the search finds the recipe's layout: " .. found)
  -- the fewest layers that fit: no more than the recipe's 40, which fit
  t.eq(best.layout.offload >= 1 and best.layout.offload <= 40, true, "offloaded layers: " .. best.layout.offload)
  -- Offloading needs pp 1, no recompute and a host link; a violation names the field.
  local r = run_on(gpus.gb200, "fp8")
  local piped = dml.evaluate(r, { tp = 1, pp = 2, dp = 32, zero = 3, microbatch = 2, recompute = "none", offload = 10 })
  t.eq(piped.violations[1], "layout.offload: needs pp 1 (the layout has pp 2)")
  -- Only a stack that offloads may: torchtitan's layout is refused, and its search recomputes or
  -- splits instead.
  local titan = dml.run { model = m, stack = stacks.torchtitan, global_batch = 128, precision = "fp8",
    cluster = dml.cluster { gpu = gpus.gb200, size = 64, levels = { networks.nvl72 } } }
  t.eq(dml.evaluate(titan, { tp = 1, pp = 1, dp = 64, zero = 3, microbatch = 2, recompute = "none", offload = 10 })
    .violations[1], "layout.offload: needs a stack that offloads activations (offloads_activations, as "
    .. "Megatron-Core's); torchtitan does not")
  t.eq(dml.optimize(titan).layout.offload, 0, "torchtitan's search does not offload")
  t.raises(function() dml.evaluate(r, { offload = -1 }) end, { pattern = "layout.offload" })
end

-- Full recompute of a chunk's first layers only (Megatron's block method, recompute_num_layers):
-- the recompute time is that share of full recompute's, the activations that share of full's
-- and the rest of none's (with the one layer a rerun holds whole), HFU that share of the way from
-- MFU to full's; and the search tries the fewest layers that fit where none does not.
do
  local m = dml.transformer { name = "Llama 3 70B", layers = 80, d_model = 8192, heads = 64, kv_heads = 8,
    d_ff = 28672, vocab = 128256, seq_len = 8192 }
  local r = dml.run { model = m, stack = stacks.megatron_core, global_batch = 128, cluster = cluster(64) }
  local function at(mode, n)
    return dml.evaluate(r, { tp = 4, pp = 4, dp = 4, zero = 1, microbatch = 1, recompute = mode, recompute_layers = n })
  end
  local none, full, five = at("none"), at("full"), at("full", 5)
  t.eq(none.feasible, false, "20 layers a stage do not fit without recompute")
  t.eq(five.feasible, true, table.concat(five.violations, "; "))
  t.near(five.time.recompute / full.time.recompute, 5 / 20, 1e-12, "5 of a stage's 20 layers rerun")
  t.eq(dml.layout_text(five.layout), "TP 4 (SP) x PP 4 (1f1b) x DP 4 (ZeRO-1), microbatch 1, full recompute of 5 layers a chunk")
  t.eq(none.time.step < five.time.step and five.time.step < full.time.step, true, "between none and full")
  -- One layer's whole activations, which a rerun layer holds in its backward: none's over the
  -- 20 layers and 4 microbatches the first stage of 1F1B holds.
  local one_layer = none.memory.activations / (20 * 4)
  local kept_full = full.memory.activations - one_layer
  t.near(five.memory.activations / (0.25 * kept_full + 0.75 * none.memory.activations + one_layer), 1, 1e-9)
  -- (HFU and MFU per second of the step: the FLOPs a step runs beyond the model's.)
  local function extra(p) return (p.hfu - p.mfu) * p.time.step end
  t.near(extra(five) / extra(full), 0.25, 1e-9, "HFU: a quarter of the layers rerun")
  t.eq(at("full", 20).time.step, full.time.step, "every layer of the chunk: full recompute")
  -- Interleaved: a chunk is a quarter of a stage; zero-bubble V's 2 pp chunks likewise.
  local v = dml.evaluate(r, { tp = 4, pp = 4, interleave = 2, dp = 4, zero = 1, microbatch = 1, recompute = "full",
    recompute_layers = 5 })
  local v_full = dml.evaluate(r, { tp = 4, pp = 4, interleave = 2, dp = 4, zero = 1, microbatch = 1, recompute = "full" })
  t.near(v.time.recompute / v_full.time.recompute, 10 / 20, 1e-12, "5 of each of 2 chunks of 10 layers")
  -- DualPipe's device holds two stages: a stage is the chunk, N of its 20 layers rerun (helper-66:
  -- the busiest stage's time took twice the share); zero-bubble V's chunk is half a stage, 10.
  local function share(sched, n)
    local b = { tp = 4, pp = 4, dp = 4, zero = 1, microbatch = 1, recompute = "full", schedule = sched }
    local whole = dml.evaluate(dml.run(r, { stack = dml.stack(stacks.megatron_core, { name = "x", dualpipe = true,
      zero_bubble = true }) }), b)
    b.recompute_layers = n
    local some = dml.evaluate(dml.run(r, { stack = dml.stack(stacks.megatron_core, { name = "x", dualpipe = true,
      zero_bubble = true }) }), b)
    return some.time.recompute / whole.time.recompute, extra(some) / extra(whole)
  end
  local dp_time, dp_flop = share("dualpipe", 5)
  t.near(dp_time, 5 / 20, 1e-12, "DualPipe"); t.near(dp_flop, 5 / 20, 1e-9)
  local zbv_time, zbv_flop = share("zero_bubble_v", 5)
  t.near(zbv_time, 5 / 10, 1e-12, "zero-bubble V"); t.near(zbv_flop, 5 / 10, 1e-9)
  -- A count alone is full recompute's, said.
  local counted = dml.evaluate(r, { tp = 4, pp = 4, dp = 4, zero = 1, microbatch = 1, recompute_layers = 5 })
  t.eq(counted.time.step, five.time.step)
  local said = false
  for _, a in ipairs(counted.assumed) do
    if a == 'recompute = "full" (recompute_layers is full recompute\'s)' then said = true end
  end
  t.eq(said, true, table.concat(counted.assumed, "; "))
  -- Mistakes name the field.
  t.eq(at("selective", 5).violations[1], 'layout.recompute_layers: needs recompute "full" (the layout has "selective")')
  t.eq(at("full", 21).violations[1],
    "layout.recompute_layers: 21 is more than a chunk's 20 layers (80 layers in 4 chunks); leave it out to recompute every layer")
  t.raises(function() at("full", 0) end, { pattern = "layout.recompute_layers: must be a positive whole number, got 0" })
  -- The search, on a stack without norms-only recompute (which fits here first): the fewest
  -- recomputed layers that fit, faster than every layer's recompute.
  local plain = dml.run { model = m, stack = dml.stack(stacks.megatron_core, { name = "no norms", recompute_norms = false }),
    global_batch = 128, cluster = cluster(64) }
  local fixed = { tp = 4, pp = 4, cp = 1, interleave = 1, microbatch = 1, zero = 1 }
  local best = dml.optimize(plain, fixed)
  local n = best.layout.recompute_layers
  t.eq(best.layout.recompute, "full"); t.eq(n ~= nil and n >= 1 and n < 20, true, "a count: " .. tostring(n))
  local function fits(k)
    return dml.evaluate(plain, { tp = 4, pp = 4, dp = 4, cp = 1, zero = 1, microbatch = 1, recompute = "full", recompute_layers = k }).feasible
  end
  t.eq(fits(n), true); t.eq(n == 1 or not fits(n - 1), true, "the fewest that fit")
  t.eq(best.time.step < dml.optimize(plain, { tp = 4, pp = 4, cp = 1, interleave = 1, microbatch = 1, zero = 1,
    recompute = "full", recompute_layers = 20 }).time.step, true)
  -- A count held fixed is full recompute's.
  t.eq(dml.optimize(plain, { tp = 4, pp = 4, cp = 1, recompute_layers = 3 }).layout.recompute, "full")
  -- A count held fixed is at most that many a chunk: the model's 80 layers hold every layer of
  -- each chunk, whatever the pipeline found (evaluate's 21 of 20, below, is the layout's mistake).
  local every = dml.optimize(plain, { tp = 4, cp = 1, microbatch = 1, zero = 1, recompute = "full", recompute_layers = 80 })
  t.eq(every.feasible, true); t.eq(every.layout.recompute_layers, nil, dml.layout_text(every.layout))
  t.eq(every.time.step, dml.evaluate(plain, { tp = 4, pp = every.layout.pp, dp = every.layout.dp, cp = 1,
    interleave = every.layout.interleave, microbatch = 1, zero = 1, recompute = "full" }).time.step)
  local three = dml.optimize(plain, { tp = 4, pp = 4, cp = 1, interleave = 10, microbatch = 1, zero = 1, recompute_layers = 3 })
  t.eq(three.feasible, true); t.eq(three.layout.recompute_layers, nil, "chunks of 2 layers: both")
  -- Beside another recompute held fixed, a count is still that layout's mistake.
  local mixed = dml.optimize(plain, { tp = 4, pp = 4, cp = 1, recompute = "selective", recompute_layers = 80 })
  t.eq(mixed.feasible, false)
  t.eq(mixed.violations[1]:find('recompute_layers: needs recompute "full"', 1, true) ~= nil, true, mixed.violations[1])
  -- Full recompute held fixed and the count left open: the fewest layers that fit, though the
  -- layout would fit without recompute (helper-66: every layer, where one fit and ran faster).
  local roomy = dml.run { model = llama8b, stack = stacks.megatron_core, global_batch = 512, cluster = cluster(64) }
  local held = dml.optimize(roomy, { tp = 1, pp = 1, cp = 2, zero = 1, microbatch = 1, recompute = "full" })
  t.eq(held.layout.recompute_layers, 1, dml.layout_text(held.layout))
end

-- FSDP's ZeRO 2 (SHARD_GRAD_OP, reshard_after_forward=False) on torchtitan, whose parameters are
-- fp32 shards gathered to bf16: a GPU holds its shard and the bf16 copy of every layer, not the
-- whole fp32 model (helper-346: 29.9 GiB, where FSDP2 holds 15.4). Llama 3 8B has 8,030,261,248
-- parameters (its model card); by hand, over 64 ranks: 4 B x 8.03e9 = 32.12 GB unsharded, and
-- (4 / 64 + 2) B x 8.03e9 = 16.56 GB under ZeRO 2.
do
  local llama = dml.transformer { layers = 32, d_model = 4096, heads = 32, kv_heads = 8, d_ff = 14336,
    vocab = 128256, seq_len = 8192 }
  local r = dml.run { model = llama, stack = stacks.torchtitan, global_batch = 512, cluster = dml.cluster {
    gpu = gpus.h100_sxm, size = 64, levels = { networks.nvlink4_h100, networks.infiniband_ndr } } }
  local n = 8030261248
  local at = function(zero, tp)
    return dml.evaluate(r, { tp = tp or 1, pp = 1, dp = 64 // (tp or 1), zero = zero, microbatch = 1,
      recompute = "full" }).memory.weights:value "B"
  end
  -- (dml leaves the norms' 266,240 gains out of the states: 3.3e-5 of them)
  t.near(at(0), 4 * n, 1e-4, "ZeRO 0 holds the fp32 weights whole")
  t.near(at(2), (4 / 64 + 2) * n, 1e-4, "ZeRO 2 holds an fp32 shard and the bf16 copy")
  -- with TP 2 the DP group is 32 ranks and each holds half of every matrix
  local two = at(2, 2)
  t.near(two, (4 / 32 + 2) * n / 2, 1e-4,
    "ZeRO 2 at TP 2: " .. two)
end

-- ZeRO 2 in the search: on a stack that offers ZeRO 1, it is tried only where ZeRO 1 does not fit and sharding the gradients could
-- make it fit (it never runs faster than ZeRO 1, and frees at most their memory). The fastest the
-- open search finds is the fastest of the searches with each stage held fixed, which try every
-- layout of theirs; and on an A100 40 GB a Llama-3-8B-shaped run is fastest with ZeRO 2, which the
-- search did not try before.
do
  local dense = dml.transformer { layers = 32, d_model = 4096, heads = 32, kv_heads = 8, d_ff = 14336,
    vocab = 128256, seq_len = 4096 }
  local moe = dml.transformer(dense, { layers = 8, moe = { experts = 8, top_k = 2 } })
  local winners = {}
  -- (and torchtitan offering ZeRO 1 too, where ZeRO 2 is tried only where ZeRO 1 does not fit
  -- and could without its gradients and its fp32 weights' share: helper-349, whose search
  -- missed a faster ZeRO 2 layout without the weights' share, TP 2 x DP 8 on 16 GPUs)
  local stack_of = function(name)
    if name == "torchtitan_zero1" then return dml.stack(stacks.torchtitan, { zero_stages = { 0, 1, 2, 3 } }) end
    return stacks[name]
  end
  for _, case in ipairs {
    { dense, "megatron_core", 8 }, { dense, "megatron_core", 32 }, { dense, "megatron_core", 64 },
    { dense, "torchtitan", 8 }, { dense, "torchtitan", 64 }, { dense, "deepspeed_zero3_2021", 8 },
    { dense, "llm_foundry", 64 }, { moe, "megatron_core", 16 }, { moe, "torchtitan", 16 },
    { dense, "torchtitan_zero1", 16 },
  } do
    local r = dml.run { model = case[1], stack = stack_of(case[2]), global_batch = 256, cluster = dml.cluster {
      gpu = gpus.a100_sxm, size = case[3], levels = { networks.nvlink3_a100, networks.infiniband_hdr } } }
    local what = string.format("%s, %d layers, %d GPUs", case[2], case[1].layers, case[3])
    local open = dml.optimize(r)
    local fastest
    -- (of the stages the stack offers: PyTorch FSDP's 0, 2 and 3)
    for _, z in ipairs(stack_of(case[2]).zero_stages or { 0, 1, 2, 3 }) do
      local p = dml.optimize(r, { zero = z })
      if p.feasible and (fastest == nil or p.time.step < fastest.time.step) then fastest = p end
    end
    t.eq(open.feasible, true, what)
    t.near(open.time.step:value "s", fastest.time.step:value "s", 1e-12,
      what .. ": " .. dml.layout_text(open.layout) .. " against " .. dml.layout_text(fastest.layout))
    if open.layout.zero == 2 then winners[#winners + 1] = what end
    -- What the search leans on, layout by layout: ZeRO 2 is no faster than ZeRO 1 and needs at
    -- least ZeRO 1's memory less its gradients.
    local _, others = dml.optimize(r, { zero = 1, runners_up = 20 })
    for _, p in ipairs(others) do
      local layout = {}
      for k, v in pairs(p.layout) do layout[k] = v end
      layout.zero = 2
      local two = dml.evaluate(r, layout)
      t.eq(two.time.step >= p.time.step, true, what .. ": ZeRO 2's time, " .. dml.layout_text(p.layout))
      t.eq(two.memory.total <= p.memory.total, true, what .. ": ZeRO 2's memory")
      -- (and, on a stack whose weights are wider than the 16-bit copy it computes with, their
      -- share beyond that copy: FSDP's SHARD_GRAD_OP shards its fp32 parameters too)
      local wide = stack_of(case[2]).weight_bytes > 2 and 1 - 2 / stack_of(case[2]).weight_bytes or 0
      t.eq(two.memory.total >= p.memory.total - p.memory.gradients - wide * p.memory.weights, true,
        what .. ": ZeRO 2's memory floor")
    end
  end
  t.eq(#winners >= 3, true, "ZeRO 2 is the fastest of some: " .. table.concat(winners, "; "))
  -- Under DualPipe ZeRO 1 reduces both stages' gradients under one microbatch's backward and
  -- ZeRO 2 one stage's under each: ZeRO 2 can be the faster where ZeRO 1 fits, and the search
  -- tries it there too (a review's case, which it missed by 0.4%).
  -- (Since the DP collectives also run beside TP's waits in the node, the review's case, 64
  -- layers on H200s, no longer has ZeRO 2 ahead; this one, 48 layers of 8,192 tokens on H100s,
  -- does.) The stack reduces ZeRO 2's gradients every microbatch under a pipeline too: torchtitan
  -- itself defers them to the last backward (pipeline_defers_sharding), where ZeRO 2 costs ZeRO 1's
  -- traffic, exposed.
  local per_microbatch = dml.stack(stacks.torchtitan, { name = "per-microbatch", pipeline_defers_sharding = false })
  local r = dml.run { model = dml.transformer(dense, { layers = 48, seq_len = 8192 }), stack = per_microbatch, global_batch = 32,
    cluster = dml.cluster { gpu = gpus.h100_sxm, size = 32, levels = { networks.nvlink4_h100, networks.infiniband_hdr } } }
  local fixed = { schedule = "dualpipe", pp = 2, tp = 2 }
  local one = dml.optimize(r, { schedule = "dualpipe", pp = 2, tp = 2, zero = 1 })
  local two = dml.optimize(r, { schedule = "dualpipe", pp = 2, tp = 2, zero = 2 })
  t.eq(one.feasible and two.feasible and two.time.step < one.time.step, true, "ZeRO 2 the faster under DualPipe")
  t.near(dml.optimize(r, fixed).time.step:value "s", two.time.step:value "s", 1e-12, "the open search finds it")
  local deferred = dml.run(r, { stack = stacks.torchtitan })
  local d_one = dml.optimize(deferred, { schedule = "dualpipe", pp = 2, tp = 2, zero = 1 })
  local d_two = dml.optimize(deferred, { schedule = "dualpipe", pp = 2, tp = 2, zero = 2 })
  t.eq(d_one.feasible and d_two.feasible and d_two.time.step > d_one.time.step, true,
    "a deferred ZeRO 2 the slower under DualPipe")
  -- There ZeRO 3 costs what ZeRO 2 does: the search offers the layout once, as ZeRO 2, unless
  -- asked for ZeRO 3.
  -- (So too on a stack that offers ZeRO 1, where ZeRO 2 is tried beside it where ZeRO 1 does not
  -- fit: helper-353's case, Llama 3 70B on 256 GPUs, its four best each twice.)
  local with_zero1 = dml.run {
    model = dml.transformer { layers = 80, d_model = 8192, heads = 64, kv_heads = 8, d_ff = 28672, vocab = 128256, seq_len = 8192 },
    cluster = dml.cluster { gpu = gpus.h100_sxm, size = 256, levels = { networks.nvlink4_h100, networks.infiniband_ndr } },
    stack = dml.stack(stacks.torchtitan, { name = "tt+zero1", zero_stages = { 0, 1, 2, 3 } }), global_batch = 512 }
  for _, case in ipairs { { deferred, { pp = 2, runners_up = 10 } }, { with_zero1, { runners_up = 5 } } } do
    local best, ups = dml.optimize(case[1], case[2])
    t.eq(best.feasible and #ups >= 5, true, "runners-up on a pipeline")
    local seen = {}
    for _, p in ipairs({ best, table.unpack(ups) }) do
      t.eq(p.layout.zero ~= 3, true, "no deferred ZeRO 3 beside its ZeRO 2: " .. dml.layout_text(p.layout))
      local key = dml.layout_text(p.layout)
      t.eq(seen[key], nil, "each layout once: " .. key)
      seen[key] = true
    end
  end
  t.eq(dml.optimize(deferred, { pp = 2, zero = 3 }).layout.zero, 3, "ZeRO 3 when asked")
end

-- The pipeline schedule in the search: 1F1B (interleaved or not), and the schedules the stack
-- offers besides (zero_bubble: zero_bubble and zero_bubble_v; dualpipe). Where it offers more,
-- the open search finds the fastest of the searches with each schedule held fixed, here one of
-- the others (zero-bubble V for a dense 70B model, DualPipe with its all-to-all overlap for a
-- MoE model); where it offers only 1F1B, a pipelined answer says it assumed it.
do
  local llama70 = dml.transformer { layers = 80, d_model = 8192, heads = 64, kv_heads = 8, d_ff = 28672,
    vocab = 128256, seq_len = 8192 }
  local dense = dml.run { model = llama70, stack = stacks.megatron_core, global_batch = 256, cluster = cluster(256),
    tokens = "1e12 tokens" }
  local only = dml.optimize(dense)
  t.eq(only.layout.pp > 1, true, "a pipelined answer: " .. dml.layout_text(only.layout))
  t.eq(only.layout.schedule, "1f1b", "megatron_core's only schedule")
  t.eq(only.assumed[1], "schedule = \"1f1b\" (the stack offers no other: its zero_bubble and dualpipe are false)", "said")
  t.eq(dml.optimize(dense, { schedule = "1f1b" }).assumed[1], nil, "not said when the layout fixes it")
  -- Tokens left out: Chinchilla's 20 a parameter, said
  local untold = dml.optimize(dml.run { model = llama70, stack = stacks.megatron_core, global_batch = 256,
    cluster = cluster(256) }, { schedule = "1f1b" })
  t.eq(untold.assumed[1], "tokens = 1.41e12 (20 a parameter, Chinchilla's; give the run's tokens)")
  t.eq(untold.time_to_train > only.time_to_train, true, "1.41e12 tokens take longer than 1e12")
  local moe = dml.run { model = dml.transformer(llama8b, { layers = 24, seq_len = 4096,
    moe = { experts = 64, top_k = 8, expert_d_ff = 2048 } }), stack = stacks.megatron_core, global_batch = 512,
    cluster = cluster(64), tokens = "1e12 tokens" }
  for _, case in ipairs {
    { dense, { zero_bubble = true }, "zero_bubble_v" }, { moe, { dualpipe = true }, "dualpipe" },
    { moe, { zero_bubble = true, dualpipe = true }, "dualpipe" },
  } do
    local base, offers, winner = case[1], case[2], case[3]
    local r = dml.run(base, { stack = dml.stack(stacks.megatron_core, offers) })
    local open = dml.optimize(r)
    local fastest, count = nil, 0
    for _, s in pairs { "1f1b", offers.zero_bubble and "zero_bubble", offers.zero_bubble and "zero_bubble_v",
      offers.dualpipe and "dualpipe" } do
      if s then
        local p = dml.optimize(r, { schedule = s })
        count = count + p.layouts_evaluated
        if p.feasible and (fastest == nil or p.time.step < fastest.time.step) then fastest = p end
      end
    end
    local what = dml.layout_text(open.layout)
    t.near(open.time.step:value "s", fastest.time.step:value "s", 1e-12, what .. " against " .. dml.layout_text(fastest.layout))
    t.eq(open.layout.schedule, winner, what)
    t.eq(open.time.step < dml.optimize(base).time.step, true, what .. ": faster than 1F1B alone")
    t.eq(#open.assumed, 0, what .. ": nothing assumed")
    -- Each layout once: layouts without a pipeline run under the first schedule only (the fixed
    -- zero-bubble searches cost them again; DualPipe runs on an even count of stages only). The
    -- open search may cost fewer still: it skips a partial recompute no faster than the best it
    -- has, and it has seen more layouts than each fixed search at any point.
    local fewer = offers.zero_bubble and open.layouts_evaluated < count or open.layouts_evaluated <= count
    t.eq(fewer, true, what .. ": " .. open.layouts_evaluated .. " layouts, " .. count .. " in the fixed searches")
  end
end

-- TP beyond a node's GPUs is costed on the network, and said: its collectives, every layer's,
-- leave the NVLink domain (helper-32's nanotron row at TP 16 on 8-GPU nodes).
do
  local wide = dml.evaluate(run, { tp = 16, pp = 1, microbatch = 1 })
  t.eq(wide.notes[1], "tp 16 spans 2 nodes of 8 GPUs: every layer's tensor-parallel collectives cross the network")
  t.eq(#dml.evaluate(run, { tp = 8, pp = 1, microbatch = 1 }).notes, 0, "a node's TP: nothing to say")
  -- The same layout with the 64 GPUs in one NVLink domain: the network's TP costs more.
  local one_domain = dml.run(run, { cluster = dml.cluster { gpu = gpus.h100_sxm, size = 64,
    levels = { dml.level(networks.nvlink4_h100, { size = 64 }) } } })
  local inside = dml.evaluate(one_domain, { tp = 16, pp = 1, microbatch = 1 })
  t.eq(table.concat(inside.notes, "\n"):find("spans", 1, true), nil, "one domain: nothing to say of the network")
  t.eq(wide.time.step > inside.time.step, true, "the network's TP costs more than NVLink's")
end

-- Overlapped communication is hidden only under the compute beside it (helper-73: on a 5 Gb/s
-- link, 5 minutes of TP "hidden" under 6.9 s of GEMMs, and PP sends busy 36 s in a 27.6 s step).
-- TP's overlapped share is at most the layers' GEMM time; a steady-state PP slot hides at most
-- its own compute, the rest of its two sends waits: the link's busy time never exceeds the step.
do
  local llama70b = dml.transformer { layers = 80, d_model = 8192, heads = 64, kv_heads = 8, d_ff = 28672,
    vocab = 128256, seq_len = 8192 }
  local function slow(link)
    return dml.run { model = llama70b, stack = stacks.megatron_core, global_batch = 1024,
      cluster = dml.cluster { gpu = gpus.h100_sxm, size = 1024,
        levels = { networks.nvlink4_h100, { name = "eth", link = link, latency = "2 us" } } } }
  end
  local tp = dml.evaluate(slow "5 Gb/s", { tp = 16, pp = 2, dp = 32, microbatch = 1, recompute = "none", zero = 1 }).time
  t.eq(tp.tp_hidden:value "s" <= tp.gemm:value "s" * (1 + 1e-12), true,
    string.format("TP hidden %s under %s of GEMMs", tp.tp_hidden, tp.gemm))
  t.eq(tp.tp:value "s" > 60, true, "the rest exposed: " .. tostring(tp.tp))
  local layout = { tp = 8, pp = 4, interleave = 20, dp = 32, microbatch = 1, recompute = "none", zero = 1 }
  for _, link in ipairs { "5 Gb/s", "400 Gb/s" } do
    local pp = dml.evaluate(slow(link), layout).time
    local busy = pp.pp:value "s" + pp.pp_hidden:value "s"
    t.eq(busy <= pp.step:value "s", true, string.format("%s: PP sends %g s in a %s step", link, busy, pp.step))
  end
  -- (With the old rule the 5 Gb/s layout kept the link busy 36.2 s in a 27.6 s step.)
  local fast = dml.evaluate(slow "400 Gb/s", layout).time
  t.eq(fast.pp_hidden:value "s" > 5 * fast.pp:value "s", true, "at 400 Gb/s the steady-state sends stay hidden")
end

-- dml.optimize with fixed degrees that no cluster size admits says which (helper-73: it said only
-- "no layout of 1024 GPUs runs this model (...)", where dml.evaluate named the GPU count).
do
  local fixed = dml.optimize(run, { tp = 8, pp = 8, dp = 32 })
  t.eq(fixed.feasible, false)
  t.eq(fixed.violations[1], "layout: tp 8 x pp 8 x dp 32 x cp 1 = 2048 GPUs, but the cluster has 64")
  t.eq(dml.optimize(run, { pp = 3 }).violations[1],
    "layout: tp 1 x pp 3 x cp 1 = 3 does not divide the cluster's 64 GPUs; its divisors: 1, 2, 4, 8, 16, 32, 64")
end

-- A global batch with few factors in common with the GPUs caps DP, said in the answer's notes
-- (helper-73: 1023 sequences on 1024 GPUs ran DP 1 at MFU 32.8% against 49.8% at 1024, silently).
do
  local odd = dml.optimize(dml.run(run, { global_batch = 63 }))
  t.eq(odd.layout.dp, 1)
  t.eq(odd.notes[#odd.notes], "the global batch of 63 sequences and the 64 GPUs have 1 as their largest common "
    .. "divisor: DP, which divides both, is at most 1 (a batch of 64 would allow up to 64)")
  local round = dml.optimize(dml.run(run, { global_batch = 96 }))
  for _, n in ipairs(round.notes) do t.eq(n:find("largest common divisor", 1, true), nil, "96 and 64 share 32: " .. n) end
  local near = dml.optimize(dml.run(run, { global_batch = 100 }))
  t.eq(near.notes[#near.notes]:find("have 4 as their largest common divisor: DP, which divides both, is at most 4 "
    .. "(a batch of 128 would allow up to 64)", 1, true) ~= nil, true, near.notes[#near.notes])
  -- Of the batches within a third, the one that allows the most DP: 2048 sequences on 4,608 GPUs
  -- (2^9 x 9) share 512; 2304 (an eighth more) allows 2304, where 1536 (a quarter less, the
  -- largest divisor of the GPUs below the batch, which the note used to give) allows 1536
  -- (helper-92).
  local nine = dml.optimize(dml.run(run, { global_batch = 2048, cluster = cluster(4608) }))
  local said
  for _, n in ipairs(nine.notes) do said = said or n:match "%(a batch of .*%)" end
  t.eq(said, "(a batch of 2304 would allow up to 2304)")
end

-- Values read and not used are said (helper-73): an FP8 dispatch without experts, a schedule the
-- stack does not offer (costed as asked).
do
  local fp8 = dml.run(run, { precision = "fp8", dispatch_precision = "fp8" })
  local p = dml.evaluate(fp8, { tp = 2, pp = 4, schedule = "dualpipe" })
  local said = table.concat(p.notes, "\n")
  t.eq(said:find('dispatch_precision = "fp8" changes nothing: it applies to the experts\' dispatch, and this model has no experts', 1, true) ~= nil, true, said)
  t.eq(said:find('schedule = "dualpipe" is not one the stack megatron-core offers (dualpipe = false): costed as asked', 1, true) ~= nil, true, said)
  local plain = table.concat(dml.evaluate(run, { tp = 2, pp = 4 }).notes, "\n")
  t.eq(plain:find("changes nothing", 1, true), nil, plain)
  t.eq(plain:find("not one the stack", 1, true), nil, plain)
end

-- Groups that would fit a unit of the innermost level but do not tile it are said (helper-74: EP
-- 32 on 72-GPU racks exposed 5.5 times EP 8's all-to-all with no note).
do
  local moe = dml.transformer { layers = 4, d_model = 2048, heads = 16, kv_heads = 4, d_ff = 8192, vocab = 32000,
    seq_len = 4096, moe = { experts = 64, top_k = 4, expert_d_ff = 1024 } }
  local racks = dml.cluster { gpu = gpus.gb200, size = 576, levels = { networks.nvl72, networks.infiniband_xdr } }
  local r = dml.run { model = moe, cluster = racks, stack = stacks.megatron_core, global_batch = 576 * 4 }
  local function notes(ep) return table.concat(dml.evaluate(r, { tp = 1, pp = 1, dp = 576, ep = ep }).notes, "\n") end
  t.eq(notes(32):find("ep groups of 32 straddle the 72-GPU units of nvl72 (72 is no multiple of 32): the group a unit "
    .. "boundary cuts runs its collectives out to infiniband-xdr, at the slowest bandwidth on the way (units of a "
    .. "multiple of 32 GPUs keep every group in one: nvl72 declared with size = 64 runs 64 of each unit's 72 GPUs)",
    1, true) ~= nil, true, notes(32))
  -- a CP group's block holds its TP ranks too: named so (helper-102: "72 is no multiple of 16")
  local cp = table.concat(dml.evaluate(r, { tp = 8, pp = 1, cp = 2, dp = 36 }).notes, "\n")
  t.eq(cp:find("cp groups of 2 straddle the 72-GPU units of nvl72 (72 is no multiple of 16, tp x cp)", 1, true) ~= nil, true, cp)
  -- and as that hint says, the rack declared as 64 GPUs keeps EP 32 in NVLink: faster, no note
  local r64 = dml.run(r, { cluster = dml.cluster(r.cluster, { size = 512,
    levels = { dml.level(networks.nvl72, { size = 64 }), networks.infiniband_xdr } }), global_batch = 512 * 4 })
  local p64 = dml.evaluate(r64, { tp = 1, pp = 1, dp = 512, ep = 32 })
  local p72 = dml.evaluate(r, { tp = 1, pp = 1, dp = 576, ep = 32 })
  local function ep(p) return p.time.ep + p.time.ep_hidden end
  t.eq(ep(p64) < ep(p72), true, tostring(ep(p64)) .. " < " .. tostring(ep(p72)))
  t.eq(table.concat(p64.notes, "\n"):find("straddle", 1, true), nil)
  -- (On three levels the level the cut group reaches is named: pods of 18 racks hold no whole
  -- number of 32-GPU blocks, so it is the spine; review by helper-75.)
  local pods = dml.cluster { gpu = gpus.gb200, size = 2592, levels = { networks.nvl72,
    dml.level(networks.infiniband_xdr, { name = "pod", size = 18 }), { name = "spine", link = "200 Gb/s", latency = "5 us" } } }
  local r3 = dml.run { model = moe, cluster = pods, stack = stacks.megatron_core, global_batch = 2592 * 4 }
  local n3 = table.concat(dml.evaluate(r3, { tp = 1, pp = 1, dp = 2592, ep = 32 }).notes, "\n")
  t.eq(n3:find("runs its collectives out to spine", 1, true) ~= nil, true, n3)
  -- A fixed degree the search was free to fill in is not blamed for a count of GPUs (helper-75).
  local why = dml.optimize(run, { dp = 32, microbatch = 3 }).violations
  t.eq(why[1]:find("^layout%.microbatch: 3 does not divide") ~= nil, true, table.concat(why, " | "))
  t.eq(notes(8):find("straddle", 1, true), nil, "EP 8 tiles 72")
  t.eq(notes(64):find("ep groups of 64 straddle", 1, true) ~= nil, true)
  -- The search's answer says which EP degrees it costed cut (helper-119: a DeepSeek-V3-like run
  -- was 27% slower on 72-GPU racks than on 64-GPU ones, and its plan said nothing); not where EP
  -- is held fixed, nor on the 64-GPU racks, nor twice where the answer's own EP straddles.
  local said = table.concat(dml.optimize(r, { etp = 1 }).notes, "\n")
  t.eq(said:find("EP groups of 16, 32 and 64 (which divide the 64 experts) straddle the 72-GPU units of nvl72 (72 is "
    .. "no multiple of them): the search costed each cut group's all-to-all out to infiniband-xdr; units of 64 GPUs "
    .. "keep EP 64 in one (nvl72 declared with size = 64 runs 64 of each unit's 72 GPUs)", 1, true) ~= nil, true, said)
  t.eq(table.concat(dml.optimize(r, { ep = 8, etp = 1 }).notes, "\n"):find("EP groups of", 1, true), nil, "EP held fixed")
  -- With expert TP searched too (1 or tp), the groups are blocks of ep x etp GPUs: EP 8 held
  -- fixed beside TP 2 and 4 (etp = tp) makes blocks of 16 and 32, which 72 does not tile.
  local blocks = table.concat(dml.optimize(r, { ep = 8 }).notes, "\n")
  t.eq(blocks:find("expert groups straddle the 72-GPU units of nvl72, which are no multiple of their ep x etp GPUs "
    .. "(EP dividing the 64 experts): 16 (EP 8 x etp 2) and 32 (EP 8 x etp 4); the search costed each cut group's "
    .. "all-to-all out to infiniband-xdr; units of 64 GPUs keep a group of 32 in one", 1, true) ~= nil, true, blocks)
  -- each group with the degrees that make it, those without expert TP too (helper-361: the
  -- degrees listed apart from their groups read as all with expert TP)
  local all = table.concat(dml.optimize(r).notes, "\n")
  t.eq(all:find(": 16 (EP 16, EP 8 x etp 2, EP 4 x etp 4), 32 (EP 32, EP 16 x etp 2, EP 8 x etp 4) and 64 (EP 64, "
    .. "EP 32 x etp 2, EP 16 x etp 4);", 1, true) ~= nil, true, all)
  t.eq(table.concat(dml.optimize(r64).notes, "\n"):find("straddle", 1, true), nil, "64-GPU units")
  -- only the degrees it costed (helper-121: TP 8 x PP 8 leaves DP 9, so EP at most 8, and the
  -- note had named 16 to 64), and the outermost level a cut group reaches (on pods, the spine)
  t.eq(table.concat(dml.optimize(r, { tp = 8, pp = 8 }).notes, "\n"):find("EP groups of", 1, true), nil)
  local on_pods = table.concat(dml.optimize(r3).notes, "\n")
  t.eq(on_pods:find("all-to-all out to spine;", 1, true) ~= nil, true, on_pods)
end

-- The search tries expert TP 1 and, with TP, etp = tp (the two values frameworks run:
-- Megatron-Core's default and its MoE recipes' 1; torchtitan allows only these). Grok-1 on 128
-- GB200s as DGX Cloud's recipe lays it out, TP 4 x DP 32 x EP 8 with the distributed optimizer
-- and no pipeline: the experts fit only split over the expert TP group too, as that recipe
-- runs them (ETP 4).
do
  local grok = dml.transformer { name = "Grok-1", layers = 64, d_model = 6144, heads = 48, kv_heads = 8,
    d_ff = 32768, vocab = 131072, seq_len = 8192, moe = { experts = 8, top_k = 2 } }
  local racks = dml.cluster { gpu = gpus.gb200, size = 128,
    levels = { dml.level(networks.nvl72, { size = 64 }), networks.infiniband_xdr } }
  local r = dml.run { model = grok, cluster = racks, stack = stacks.megatron_core, global_batch = 256 }
  local held = { tp = 4, pp = 1, cp = 1, zero = 1 }
  local best = dml.optimize(r, held)
  t.eq(best.feasible, true, table.concat(best.violations, " | "))
  t.eq(best.layout.etp, 4)
  t.eq(best.layout.ep, 8)
  t.eq(dml.evaluate(r, best.layout).time.step, best.time.step)
  -- with expert TP held at 1 the same degrees leave nothing that fits
  local one = dml.optimize(r, { tp = 4, pp = 1, cp = 1, zero = 1, etp = 1 })
  t.eq(one.feasible, false)
  t.eq(one.violations[1]:find("^none of the %d+ layouts that run fits"), 1, one.violations[1])
  -- nor with biases on the experts, which Megatron-Core runs only with expert TP 1
  local biased = dml.run(r, { model = dml.transformer(grok, { moe = { experts = 8, top_k = 2, expert_bias = true } }) })
  t.eq(dml.optimize(biased, held).feasible, false)
  -- an ep held fixed on a dense model is still refused (helper-361: the search answered EP 1)
  local dense = dml.run(r, { model = dml.transformer(grok, { moe = false }) })
  local held_ep = dml.optimize(dense, { ep = 2 })
  t.eq(held_ep.feasible, false)
  t.eq(held_ep.violations[1], "layout.ep: 2 for a dense model")
  -- and a TP that does not divide the experts' width is not tried as their expert TP
  local odd = dml.run(r, { model = dml.transformer(grok, { moe = { experts = 8, top_k = 2, expert_d_ff = 32766 } }) })
  t.eq(dml.optimize(odd, held).feasible, false)
end

-- A last pipeline device that holds the head alone reduces it with nothing to hide under
-- (helper-363: a division by its 0 layers had left it out of the DP time, 3.6 ms against 6.5 ms
-- where the last device holds a layer beside the head). 9 layers on 6 stages of 2 (the last
-- none) with a 256,000-token vocabulary expose about as much as 11 layers do (6.0 and 6.2 ms),
-- and the head's traffic, all exposed, doubles with the vocabulary.
do
  local cl48 = dml.cluster { gpu = gpus.h100_sxm, size = 48, levels = { networks.nvlink4_h100, networks.infiniband_ndr } }
  local function dp(layers, vocab)
    local kinds = {}
    for i = 1, layers do kinds[i] = (i % 2 == 0) and 1 or 0 end
    local m = dml.transformer { name = "m", layers = layers, d_model = 2048, heads = 16, kv_heads = 16, d_ff = 256,
      vocab = vocab, seq_len = 4096, moe = { experts = 8, top_k = 2, expert_d_ff = 1024, shared_experts = 1, pattern = kinds } }
    local r = dml.run { model = m, cluster = cl48, stack = stacks.megatron_core, global_batch = 256 }
    return dml.evaluate(r, { tp = 1, pp = 6, dp = 8, ep = 2, microbatch = 1, zero = 1, recompute = "none" }).time.dp:value("s")
  end
  t.eq(dp(9, 256000) > 0.9 * dp(11, 256000), true, tostring(dp(9, 256000)))
  t.near(dp(9, 512000) / dp(9, 256000), 2, 0.01)
  -- The note that a device's dense layers set the pace, only where they do (helper-363: said of
  -- a last device of narrow dense layers that the logits and the module made the slowest).
  local m = dml.transformer { name = "m", layers = 8, d_model = 2048, heads = 16, kv_heads = 16, d_ff = 512, vocab = 32000,
    seq_len = 4096, mtp_layers = 1, moe = { experts = 8, top_k = 2, expert_d_ff = 1024, shared_experts = 1, every = 2 } }
  local r = dml.run { model = m, cluster = dml.cluster(cl48, { size = 32 }), stack = stacks.megatron_core, global_batch = 256 }
  local p = dml.evaluate(r, { tp = 1, pp = 4, dp = 8, ep = 2, microbatch = 1, zero = 1, recompute = "none" })
  t.eq(table.concat(p.notes, "\n"):find("sets the pace", 1, true), nil, table.concat(p.notes, "\n"))
end

-- TP across nodes (docs/model.md 8.11): searched only where the best layout with TP inside a node
-- loses more than a tenth of its step to the bubble, exposed DP traffic and recompute. A 3.4T dense model on 2^22 H100s with a
-- batch of 4,096 (helper-83: the search answered TP 8 at 2.9% MFU, 122.8 days, where the paper's
-- 2D TP of 8 x 8 took 44.3 days): the answer spans nodes, is faster than the best with TP 8, and
-- is what the same search gives with its TP held fixed.
do
  local big = dml.transformer { layers = 256, d_model = 32768, heads = 256, kv_heads = 8, d_ff = 106496,
    vocab = 128256, seq_len = 8192 }
  local wide = dml.run { model = big, stack = stacks.megatron_core, global_batch = 4096, cluster = cluster(2 ^ 22) }
  local p = dml.optimize(wide)
  local inside = dml.optimize(wide, { tp = 8 })
  t.eq(p.layout.tp > 8, true, dml.layout_text(p.layout))
  t.eq(inside.time.bubble / inside.time.step > 0.25, true, "the bubble started the search")
  t.eq(p.time.step < inside.time.step, true, tostring(p.time.step) .. " < " .. tostring(inside.time.step))
  local same = dml.optimize(wide, { tp = p.layout.tp, tp_model = p.layout.tp_model })
  t.eq(same.time.step, p.time.step, "as the search with its TP held")
  local said = table.concat(p.notes, "\n")
  t.eq(said:find("TP is searched across nodes only where the best layout with TP inside one loses more than a "
    .. "tenth of its step to the pipeline bubble, exposed data-parallel traffic and recompute (it lost", 1, true) ~= nil,
    true, said)
  -- a run whose best layout loses little to the bubble keeps TP inside a node, without the note
  local q = dml.optimize(run)
  t.eq(q.layout.tp <= 8, true)
  t.eq(table.concat(q.notes, "\n"):find("across nodes", 1, true), nil)
end

-- The third pass starts where exposed data-parallel traffic, not the bubble, takes the step
-- (helper-107: a 180-layer dense model of d_model 49,152 with 8,192 sequences on 2^20 H100s: the
-- best with TP 8 lost 18% to the bubble and 74% to ZeRO-3's gathers, and the search answered it,
-- 60.6 s a step, where TP 128 = 8 x 16 2D across nodes takes 7.8). With uneven stage counts
-- searched too, its best with TP 8 is PP 128 of 180 layers, which the bubble takes: PP held at 4
-- keeps the case the DP traffic starts.
do
  local huge = dml.transformer { layers = 180, d_model = 49152, heads = 384, kv_heads = 8, d_ff = 172032,
    vocab = 128256, seq_len = 8192 }
  local wide = dml.run { model = huge, stack = stacks.megatron_core, global_batch = 8192, cluster = cluster(2 ^ 20) }
  local inside = dml.optimize(wide, { tp = 8, pp = 4 })
  t.eq(inside.time.bubble / inside.time.step < 0.25, true, "the bubble alone would not start it")
  t.eq((inside.time.bubble + inside.time.dp) / inside.time.step > 0.25, true)
  local p = dml.optimize(wide, { pp = 4 })
  t.eq(p.layout.tp > 8, true, dml.layout_text(p.layout))
  t.eq(p.time.step < inside.time.step / 4, true, tostring(p.time.step) .. " against " .. tostring(inside.time.step))
  t.eq(dml.optimize(wide).time.step <= p.time.step, true, "the search with PP open")
end

-- The third pass starts whatever the TP of the best inside a node, and from a tenth of the step
-- (helper-117: a 242-layer model of d_model 30,720 with 2,048 sequences on 65,536 H100s answered
-- TP 4 at 9.3% MFU, where TP 64 = 8 x 8 reaches 27.7%: the pass started only from TP 8). A TP
-- held fixed that Megatron's TP cannot split (64 of 240 heads) runs as 2D TP, not refused.
do
  local wide_model = dml.transformer { layers = 242, d_model = 30720, heads = 240, kv_heads = 8, d_ff = 107520,
    vocab = 128256, seq_len = 8192 }
  local wide = dml.run { model = wide_model, stack = stacks.megatron_core, global_batch = 2048, cluster = cluster(65536) }
  local p = dml.optimize(wide)
  local held = dml.optimize(wide, { tp = 64 })
  t.eq(held.feasible, true, tostring(held.violations))
  t.eq(held.layout.tp_model, 8, dml.layout_text(held.layout))
  t.eq(p.time.step <= held.time.step, true, tostring(p.time.step) .. " against " .. tostring(held.time.step))
  t.eq(p.mfu > 0.25, true, dml.layout_text(p.layout) .. string.format(": MFU %.3f", p.mfu))
  -- A faster network never gives a slower answer here (helper-117: at 4,000 Gb/s the best inside
  -- a node lost less than a quarter, the pass was skipped, and the answer was slower than the
  -- 800 Gb/s answer's layout costed at 4,000 Gb/s).
  local m165 = dml.transformer { layers = 165, d_model = 21504, heads = 168, kv_heads = 8, d_ff = 75264,
    vocab = 128256, seq_len = 8192 }
  local big_hbm = dml.gpu(gpus.h100_sxm, { name = "H100 160GB", hbm_capacity = "160 GB" })
  local function at(link)
    return dml.run { model = m165, stack = stacks.megatron_core, global_batch = 2048, cluster = dml.cluster {
      gpu = big_hbm, size = 32768, levels = { networks.nvlink4_h100, dml.level(networks.infiniband_ndr, { link = link }) } } }
  end
  local slow, fast = dml.optimize(at "800 Gb/s"), dml.optimize(at "4000 Gb/s")
  t.eq(fast.time.step <= dml.evaluate(at "4000 Gb/s", slow.layout).time.step, true,
    tostring(fast.time.step) .. " against the slower network's layout")
end

-- Megatron's TP over more ranks than key/value heads is costed with copies of a head, which the
-- training stacks do not run: the plan says so (helper-375 took such a layout for one a stack runs).
do
  local said = table.concat(dml.evaluate(dml.run(run, { cluster = cluster(64) }), { tp = 16, pp = 1, dp = 4 }).notes, "\n")
  t.eq(said:find("tp 16 splits the heads more ways than the 8 key/value heads: each rank holds a copy of a head (as "
    .. "vLLM does, and BigCode's Megatron-LM for one head); Megatron-Core and torchtitan need tp to divide the "
    .. "key/value heads (docs/model.md 8.5)", 1, true) ~= nil, true, said)
  local fine = table.concat(dml.evaluate(dml.run(run, { cluster = cluster(64) }), { tp = 8, pp = 1, dp = 8 }).notes, "\n")
  t.eq(fine:find("key/value heads", 1, true), nil, fine)
end

-- The third pass counts recompute too: wider TP splits the activations that force it (helper-375:
-- d_model 49,152 with 32 Mi tokens a step on 65,536 H100s; the best with TP 8 lost 7% to the
-- bubble, 1% to DP and 21% to full recompute, so the pass was skipped and the search answered
-- 35.9% MFU, where TP across nodes reaches 41.5%).
do
  local m384 = dml.transformer { layers = 384, d_model = 49152, heads = 384, kv_heads = 8, d_ff = 159744,
    vocab = 128256, seq_len = 8192 }
  local wide = dml.run { model = m384, stack = stacks.megatron_core, global_batch = 4096, cluster = cluster(65536) }
  local inside = dml.optimize(wide, { tp = 8 })
  t.eq((inside.time.bubble + inside.time.dp) / inside.time.step < 0.1, true, "the bubble and DP alone would not start it")
  t.eq(inside.time.recompute / inside.time.step > 0.1, true)
  local p = dml.optimize(wide)
  t.eq(p.layout.tp > 8, true, dml.layout_text(p.layout))
  t.eq(p.time.step < 0.9 * inside.time.step, true, tostring(p.time.step) .. " against " .. tostring(inside.time.step))
end

-- ...and it runs where no layout with TP inside a node fits (helper-375: a model of d_model
-- 131,072 on 2^20 H100s was answered "none of the 51 layouts that run fits", where TP 64 fits).
do
  local giant = dml.transformer { layers = 1000, d_model = 131072, heads = 1024, kv_heads = 8, d_ff = 524288,
    vocab = 128256, seq_len = 8192 }
  local run_giant = dml.run { model = giant, stack = stacks.megatron_core, global_batch = 4096, cluster = cluster(2 ^ 20) }
  t.eq(dml.optimize(run_giant, { tp = 8 }).feasible, false, "none fits with TP inside a node")
  local p = dml.optimize(run_giant)
  t.eq(p.feasible, true, tostring(p.violations))
  t.eq(p.layout.tp > 8, true, dml.layout_text(p.layout))
  t.eq(p.notes[#p.notes], "TP is searched across nodes only where the best layout with TP inside one loses more "
    .. "than a tenth of its step to the pipeline bubble, exposed data-parallel traffic and recompute, or where none "
    .. "with TP inside a node fits, as here: this layout, from that search, fits")
end

-- Uneven stage counts are searched beside the even ones (helper-375: DeepSeek-V3's 61 layers on
-- 1,280 H100s, PP 5 of 13 layers a stage, 48.3% MFU, where the even counts left the factor 5 to
-- DP: 43.8%). 127 layers on 2,048 GPUs: no count that divides 127 or 129 divides the GPUs but 1.
do
  local m127 = dml.transformer { layers = 127, d_model = 16384, heads = 128, kv_heads = 8, d_ff = 53248,
    vocab = 128256, seq_len = 8192 }
  local prime = dml.run { model = m127, stack = stacks.megatron_core, global_batch = 1024, cluster = cluster(2048) }
  local p = dml.optimize(prime)
  local even = dml.optimize(prime, { pp = 1 })
  t.eq(127 % p.layout.pp ~= 0 and 129 % p.layout.pp ~= 0, true, dml.layout_text(p.layout))
  t.eq(p.time.step < even.time.step, true, tostring(p.time.step) .. " against " .. tostring(even.time.step))
  t.eq(p.time.step, dml.evaluate(prime, p.layout).time.step, "as evaluate costs it")
  local said = table.concat(p.notes, "\n")
  t.eq(said:find(string.format("the 127 layers do not split evenly into pp %d x interleave 1 chunks", p.layout.pp),
    1, true) ~= nil, true, said)
end

-- Fields held fixed keep every uneven stage count they allow (helper-378: a prune of uneven counts
-- that a smaller count "dominated" dropped PP 48 held fixed, answered 14% slower, and with the
-- microbatch held answered that no layout splits 1,152 GPUs).
do
  local m61 = dml.transformer { layers = 61, d_model = 8192, heads = 64, kv_heads = 8, d_ff = 28672,
    vocab = 128256, seq_len = 4096 }
  local r1536 = dml.run { model = m61, stack = stacks.megatron_core, global_batch = 1536, cluster = cluster(1536) }
  local held = dml.optimize(r1536, { pp = 48 })
  local one = dml.evaluate(r1536, { tp = 2, pp = 48, dp = 4, cp = 4, microbatch = 1, zero = 1, recompute = "none" })
  t.eq(one.feasible, true)
  t.eq(held.time.step <= one.time.step, true, dml.layout_text(held.layout) .. ": " .. tostring(held.time.step)
    .. " against " .. tostring(one.time.step))
  local small = dml.run { model = m61, stack = stacks.megatron_core, global_batch = 12, cluster = cluster(1152) }
  local p = dml.optimize(small, { tp = 8, microbatch = 4, cp = 1 })
  t.eq(p.feasible, true, tostring(p.violations))
  t.eq(p.layout.pp, 48, dml.layout_text(p.layout))
end

-- dml.optimize_up_to: the fastest on at most the cluster's GPUs (helper-108: on 1,008 GB200s no
-- layout ran, and 2,112 H100s trained slower than 2,048). Llama 3 8B with 512 sequences on
-- 8 x 67 GPUs: no layout splits 536; the answer is the fastest of the sizes tried, as
-- dml.optimize costs it at its size, and every size tried is at most 536.
do
  local up = dml.run(run, { cluster = cluster(536) })
  local p, sizes = dml.optimize_up_to(up)
  t.eq(dml.optimize(up).feasible, false)
  t.eq(p.feasible and p.gpus < 536, true, tostring(sizes))
  local same = dml.optimize(dml.run(run, { cluster = cluster(p.gpus) }))
  t.eq(same.time_to_train, p.time_to_train, "as dml.optimize at its size")
  -- the plan printed alone says its idle GPUs (helper-380: only the table's title did)
  t.eq(p.notes[#p.notes], string.format("dml.optimize_up_to: the fastest on %d of the cluster's 536 GPUs; the %d idle "
    .. "are not in its GPU-hours, energy or cost", p.gpus, 536 - p.gpus))
  t.eq(#p.notes, #same.notes + 1, "its other notes as dml.optimize's")
  local tried = {}
  for _, r in ipairs(sizes:rows()) do
    tried[#tried + 1] = r.gpus
    t.eq(r.gpus <= 536, true)
    if r.feasible then t.eq(r.time_to_train >= p.time_to_train, true, "the fastest: " .. r.gpus) end
  end
  -- the cluster's size, the node's doublings and their three quarters, the eight largest
  -- multiples of the node below it, and the node times the batch's divisors (512: the doublings)
  t.eq(table.concat(tried, " "), "8 16 24 32 48 64 96 128 192 256 384 472 480 488 496 504 512 520 528 536", tostring(sizes))
  t.eq(tostring(sizes):match "^[^\n]*", string.format("the run on at most 536 GPUs: the fastest on %d (%d idle, not in its energy or cost)",
    p.gpus, 536 - p.gpus))
  -- a batch of 480 sequences: the node times its divisors, 8 x 60 = 480 GPUs among them (helper-112:
  -- 7,680 H100s for a batch of 15,360 were never tried)
  local _, by_batch = dml.optimize_up_to(dml.run(up, { global_batch = 480 }))
  local has480 = false
  for _, r in ipairs(by_batch:rows()) do has480 = has480 or r.gpus == 480 end
  t.eq(has480, true, tostring(by_batch))
  t.raises_here(function() dml.optimize_up_to(dml.run { model = dml.mlp_stack { d_model = 4096 }, cluster = cluster(64) }) end,
    "dml.optimize_up_to: expects a transformer run (dml.run of a dml.transformer), got a paper run (its dml.optimize already chooses its cluster's size)")
end

-- A cluster no layout splits says the most GPUs below it that one does (helper-83: DeepSeek-V3 on
-- 2^21 GPUs said only "no layout"). Llama 3 8B with 512 sequences on 8 x 67 GPUs (67, a prime
-- above the 32 layers, is no degree): the size named runs layouts, and no multiple of the
-- node's 8 GPUs between it and the cluster does (each checked with dml.optimize).
do
  local p = dml.optimize(dml.run(run, { cluster = cluster(536) }))
  t.eq(p.feasible, false)
  local named = p.violations[1]:match("the most GPUs below them that a layout splits: (%d+) %(")
  t.eq(named ~= nil, true, p.violations[1])
  named = math.tointeger(tonumber(named))
  local function layouts(n) return dml.optimize(dml.run(run, { cluster = cluster(n) })).layouts_evaluated end
  t.eq(layouts(named) > 0, true, "the size named runs")
  for n = named + 8, 528, 8 do t.eq(layouts(n), 0, n .. " GPUs") end
  -- the degrees named run there as named, with the search's own choices (sequence parallelism,
  -- which needs TP to divide the sequence: 8,196 tokens take TP 4, not 8), and a DP held fixed
  -- is the DP named (helper-86)
  local odd = dml.run(run, { model = dml.transformer(llama8b, { seq_len = 8196 }), cluster = cluster(536) })
  local said = dml.optimize(odd).violations[1]
  local n2, tp2, pp2, dp2 = said:match("splits: (%d+) %(TP (%d+) x PP (%d+) x DP (%d+)%)")
  t.eq(n2 ~= nil, true, said)
  local at = dml.optimize(dml.run(odd, { cluster = cluster(tonumber(n2)) }),
    { tp = tonumber(tp2), pp = tonumber(pp2), dp = tonumber(dp2) })
  t.eq(at.layouts_evaluated > 0, true, said)
  local held = dml.optimize(dml.run(run, { cluster = cluster(536) }), { dp = 4 }).violations[1]
  t.eq(held:match("x DP (%d+)%)") , "4", held)
end

-- The cross-node note goes with each answer from that pass faster than the best with TP inside a
-- node, and no other (helper-84: runners-up slower than it carried it); a tp_model held fixed
-- alone still lets the pass run, with that tp_model. GPT-3 175B with 512 sequences on 16,384
-- H100s: PP must take what DP cannot, and the bubble starts the pass.
do
  local gpt3 = dml.transformer { layers = 96, d_model = 12288, heads = 96, d_ff = 49152, vocab = 50257, seq_len = 2048 }
  local r = dml.run { model = gpt3, stack = stacks.megatron_core, global_batch = 512, cluster = cluster(16384) }
  local best, others = dml.optimize(r, { runners_up = 120, distinct_splits = true })
  local inside = dml.optimize(r, { tp = 8 })
  t.eq(best.layout.tp > 8 and best.time.step < inside.time.step, true, dml.layout_text(best.layout))
  local slower_wide = 0
  for _, p in ipairs(others) do
    local noted = table.concat(p.notes, "\n"):find("searched across nodes", 1, true) ~= nil
    t.eq(noted, p.layout.tp > 8 and p.time.step < inside.time.step, dml.layout_text(p.layout))
    if p.layout.tp > 8 and not (p.time.step < inside.time.step) then slower_wide = slower_wide + 1 end
  end
  t.eq(slower_wide > 0, true, "some wide runner-up is slower than the best inside a node")
  local a = dml.optimize(r, { tp_model = 2 })
  local b = dml.optimize(r, { tp_model = 2, tp = 8 })
  t.eq(a.layout.tp > 8 and a.layout.tp_model == 2, true, dml.layout_text(a.layout))
  t.eq(a.time.step < b.time.step, true)
end

-- More stages than layers when they divide L + 2: the first stage only the embedding, the last
-- only the loss (as interleaved chunks may); another count is refused, saying so.
do
  local small = dml.transformer(llama8b, { layers = 14 })
  local r = dml.run { model = small, stack = stacks.megatron_core, global_batch = 64, cluster = cluster(16),
    tokens = "1e9 tokens" }
  local p = dml.evaluate(r, { tp = 1, pp = 16, dp = 1 })
  t.eq(p.violations[1], nil, "16 stages for 14 layers + 2 places")
  local r15 = dml.run(r, { cluster = dml.cluster { gpu = gpus.h100_sxm, size = 15, levels = { networks.infiniband_ndr } } })
  t.eq(dml.evaluate(r15, { tp = 1, pp = 15, dp = 1 }).violations[1],
    "layout.pp: 15 stages for 14 layers (more stages than layers only when they divide the layers + 2, the embedding's and the loss's places: 16, with a middle stage and not under zero_bubble_v)")
  -- (helper-90) not where L + 2 + the MTP modules divide it, nor under zero-bubble V
  local mtp = dml.run(r, { model = dml.transformer(small, { layers = 13, mtp_layers = 1 }) })
  t.eq(dml.evaluate(mtp, { tp = 1, pp = 16, dp = 1 }).violations[1]:find("layout.pp: 16 stages for 13 layers", 1, true), 1)
  local zbv = dml.run(r, { stack = dml.stack(stacks.megatron_core, { zero_bubble = true }) })
  t.eq(dml.evaluate(zbv, { tp = 1, pp = 16, dp = 1, schedule = "zero_bubble_v" }).violations[1]:find("layout.pp: 16 stages", 1, true), 1)
end

-- An uneven split that neither the ends' places nor the MTP modules' even out: ceil(L/p) layers a
-- stage and the rest on the last (helper-89: DeepSeek-V3's 61 layers on 16 stages were costed as
-- 4 on every stage with the logits on top, so that adding an MTP module, whose places even the
-- split out, made the step faster).
do
  local v3 = dml.transformer { name = "DSV3-like", layers = 61, d_model = 7168, heads = 128, head_dim = 128,
    d_ff = 18432, vocab = 129280, seq_len = 4096, mtp_layers = 1,
    mla = { kv_rank = 512, q_rank = 1536, rope_dim = 64, v_dim = 128 },
    moe = { experts = 256, top_k = 8, shared_experts = 1, expert_d_ff = 2048, dense_layers = 3 } }
  local h800 = dml.cluster { gpu = gpus.h800_sxm, size = 2048, levels = { networks.nvlink_h800, networks.infiniband_ndr } }
  local function step(model, pp)
    local r = dml.run { model = model, cluster = h800, stack = stacks.megatron_core, global_batch = 15360,
      tokens = "14.8e12 tokens", precision = "fp8" }
    return dml.evaluate(r, { tp = 1, pp = pp, ep = 64, schedule = "1f1b", microbatch = 1, zero = 1, recompute = "full" })
  end
  for _, pp in ipairs { 4, 8, 16, 32 } do
    local with, without = step(v3, pp), step(dml.transformer(v3, { mtp_layers = 0 }), pp)
    t.eq(with.time.step >= without.time.step, true,
      string.format("pp %d: an MTP module costs time (%s with, %s without)", pp, with.time.step, without.time.step))
  end
  local p16 = step(dml.transformer(v3, { mtp_layers = 0 }), 16)
  t.eq(p16.notes[1]:find("costed with 4 layers a stage at most, 1 on the last", 1, true) ~= nil, true, tostring(p16.notes))
end

-- A plan carries what tells runs apart beyond model and cluster (helper-89: bf16 and fp8 rows of
-- a sweep read alike): the stack's name, the precision, the global batch and the tokens; its
-- first line names a precision other than bf16.
do
  local r = dml.run { model = llama8b, stack = stacks.megatron_core, global_batch = 512, cluster = cluster(64),
    tokens = "1e12 tokens" }
  local bf16 = dml.evaluate(r, { tp = 1 })
  local fp8 = dml.evaluate(dml.run(r, { precision = "fp8", global_batch = 256 }), { tp = 1 })
  t.eq(bf16.stack_name, "megatron-core")
  t.eq(bf16.run_precision, "bf16"); t.eq(fp8.run_precision, "fp8")
  t.eq(bf16.run_global_batch, 512); t.eq(fp8.run_global_batch, 256)
  t.eq(bf16.run_tokens, 1e12)
  t.eq(tostring(bf16):match("^[^\n]*"):find("linears", 1, true), nil)
  t.eq(tostring(fp8):match("^[^\n]*"):find("on 64 H100 SXM GPUs, fp8 linears", 1, true) ~= nil, true, tostring(fp8):match("^[^\n]*"))
  local rows = dml.table { bf16, fp8 }
  t.eq(rows[1].run_precision .. " " .. rows[2].run_precision, "bf16 fp8")
  -- (run_: a grid may sweep keys named precision, tokens or global_batch in its own terms)
  local swept = dml.sweep { grid = { tokens = { 1, 2 } },
    run = function(p) return dml.run(r, { tokens = p.tokens * 1e12 }) end, fixed = { tp = 1 } }
  t.eq(#swept, 2)
end

-- An overlap never costs more than running without it, and a faster GPU never makes a fixed
-- layout slower (helper-94's metamorphic checks): ZeRO-3's first gathers and last reduce-scatter
-- were added to the exposed time whole, on top of what each layer exposed (+11.5% here with both
-- overlaps on); the DP collectives hid under the compute only, not beside TP's waits in the node,
-- so a 2x clock exposed more of both (+4.3%); and the pipeline's sends without p2p_overlap
-- counted 2 m v, fewer than the fill and drain's 2 (p - 1) with 1 microbatch on 8 stages.
do
  local m = dml.transformer { layers = 24, d_model = 2048, heads = 16, d_ff = 8192, gated = false,
    vocab = 50304, seq_len = 2048 }
  local c128 = cluster(128)
  local function zero3(stack)
    return dml.evaluate(dml.run { model = m, cluster = c128, stack = stack, global_batch = 256, tokens = "1e11 tokens" },
      { tp = 8, pp = 8, cp = 1, microbatch = 1, recompute = "none", zero = 3 })
  end
  local off = zero3(dml.stack(stacks.megatron_core, { dp_overlap = false, param_gather_overlap = false }))
  for _, ov in ipairs { { true, false }, { false, true }, { true, true } } do
    local on = zero3(dml.stack(stacks.megatron_core, { dp_overlap = ov[1], param_gather_overlap = ov[2] }))
    local what = string.format("dp_overlap %s, param_gather_overlap %s", ov[1], ov[2])
    t.eq(on.time.step <= off.time.step, true, what .. ": " .. tostring(on.time.step) .. " against " .. tostring(off.time.step))
    t.eq(on.time.dp <= off.time.dp, true, what .. ": DP exposed")
    t.near((on.time.dp + on.time.dp_hidden):value "s", off.time.dp:value "s", 1e-9, what .. ": the traffic counted once")
  end
  local function b200(gpu)
    local r = dml.run { model = m, stack = stacks.megatron_core, global_batch = 64, tokens = "1e11 tokens",
      cluster = dml.cluster { gpu = gpu, size = 16, levels = { networks.nvlink5_b200, networks.infiniband_xdr } } }
    return dml.evaluate(r, { tp = 8, pp = 1, cp = 1, microbatch = 4, recompute = "none", zero = 3 }).time.step
  end
  local base = b200(gpus.b200)
  t.eq(b200(dml.gpu(gpus.b200, { name = "2x clock", clock = gpus.b200.clock * 2 })) < base, true, "a 2x clock")
  t.eq(b200(dml.gpu(gpus.b200, { name = "gemm", efficiency = { gemm = gpus.b200.efficiency.gemm * 1.2 } })) < base,
    true, "GEMMs 20% faster")
  for _, gb in ipairs { 16, 32, 64, 128 } do
    local function piped(overlap)
      local r = dml.run { model = m, cluster = c128, global_batch = gb, tokens = "1e11 tokens",
        stack = dml.stack(stacks.megatron_core, { p2p_overlap = overlap }) }
      return dml.evaluate(r, { tp = 1, pp = 8, cp = 1, microbatch = 1, recompute = "none", zero = 1 }).time
    end
    local with, without = piped(true), piped(false)
    t.eq(with.step <= without.step, true, gb .. " sequences: p2p_overlap " .. tostring(with.step) .. " against " .. tostring(without.step))
  end
end

-- Activation offloading's copies run through the compute stream's waits as well as its compute
-- (helper-102): ZeRO 3's exposed gathers and the copies were each hidden under the same compute
-- and their exposed parts added, so a faster clock made this layout slower (+12% from 2x to 4x).
do
  local m = dml.transformer { layers = 32, d_model = 8192, heads = 64, kv_heads = 8, d_ff = 28672, vocab = 128256,
    seq_len = 8192 }
  local prev
  for _, k in ipairs { 1, 2, 3, 4 } do
    local gpu = dml.gpu(gpus.h100_sxm, { name = k .. "x clock", clock = gpus.h100_sxm.clock * k })
    local r = dml.run { model = m, stack = stacks.megatron_core, global_batch = 256, tokens = "1e11 tokens",
      cluster = dml.cluster { gpu = gpu, size = 256, levels = { networks.nvlink4_h100, networks.infiniband_ndr } } }
    local p = dml.evaluate(r, { tp = 2, pp = 1, dp = 128, zero = 3, microbatch = 1, recompute = "none", offload = 24 })
    t.eq(p.feasible, true, k .. "x clock feasible")
    if prev then
      t.eq(p.time.step <= prev, true, k .. "x clock: " .. tostring(p.time.step) .. " against " .. tostring(prev))
    end
    prev = p.time.step
  end
  -- Under ZeRO 1 the overlapped reduce runs through the copies' stalls in its backward, and the
  -- two excesses meet (helper-105: +6.4% from a 2x to a 4x clock with experts, offload 31).
  local moe = dml.transformer { layers = 32, d_model = 4096, heads = 32, kv_heads = 8, d_ff = 14336, vocab = 32000,
    seq_len = 4096, moe = { experts = 8, top_k = 2 } }
  prev = nil
  for _, k in ipairs { 1, 2, 4, 8 } do
    local gpu = dml.gpu(gpus.h100_sxm, { name = k .. "x clock", clock = gpus.h100_sxm.clock * k })
    local r = dml.run { model = moe, stack = stacks.megatron_core, global_batch = 512, tokens = "1e11 tokens",
      cluster = dml.cluster { gpu = gpu, size = 256, levels = { networks.nvlink4_h100, networks.infiniband_ndr } } }
    local p = dml.evaluate(r, { tp = 1, dp = 256, ep = 8, zero = 1, pp = 1, microbatch = 1, recompute = "none", offload = 31 })
    t.eq(p.feasible, true, k .. "x clock feasible")
    t.eq(p.time.offload:value "s" >= 0, true, "the copies' exposed time stays a time")
    if prev then
      t.eq(p.time.step <= prev, true, "ZeRO 1, " .. k .. "x clock: " .. tostring(p.time.step) .. " against " .. tostring(prev))
    end
    prev = p.time.step
  end
end

-- The busiest expert-parallel rank paces the exchange too: its imbalance scales the all-to-all's
-- bytes as it does the experts' compute (helper-99: imbalance 1, 2 and 4 all exchanged 0.653 s).
do
  local function step(imbalance, dispatcher)
    local m = dml.transformer { layers = 16, d_model = 4096, heads = 32, kv_heads = 8, d_ff = 14336, vocab = 65536,
      seq_len = 4096, moe = { experts = 64, top_k = 4, expert_d_ff = 2048, imbalance = imbalance } }
    local r = dml.run { model = m, stack = dml.stack(stacks.megatron_core, { dispatcher = dispatcher }), global_batch = 256,
      tokens = "1e11 tokens", cluster = cluster(64) }
    return dml.evaluate(r, { tp = 1, pp = 1, dp = 64, ep = 64, microbatch = 1, recompute = "none", zero = 1 }).time
  end
  for _, dispatcher in ipairs { "all_to_all", "token" } do
    local one, two = step(1, dispatcher), step(2, dispatcher)
    local ep1 = (one.ep + one.ep_hidden):value "s"
    local ep2 = (two.ep + two.ep_hidden):value "s"
    t.eq(ep2 > 1.8 * ep1 and ep2 < 2 * ep1, true, string.format("%s: exchange %g s at imbalance 1, %g s at 2", dispatcher, ep1, ep2))
  end
end


-- The stack's ep_overlap runs where Megatron-Core allows it (helper-99): across interleaved
-- chunks when pp > 1, and not under full recompute, where the plan says it does not run.
do
  local m = dml.transformer { layers = 8, d_model = 4096, heads = 32, kv_heads = 8, d_ff = 14336, vocab = 65536,
    seq_len = 4096, moe = { experts = 8, top_k = 2 } }
  local function at(overlap, layout)
    local r = dml.run { model = m, stack = dml.stack(stacks.megatron_core, { ep_overlap = overlap }), global_batch = 128,
      tokens = "1e11 tokens", cluster = cluster(32) }
    local base = { tp = 1, pp = 4, dp = 8, ep = 8, microbatch = 1, zero = 1, recompute = "none" }
    for k, v in pairs(layout) do base[k] = v end
    return dml.evaluate(r, base)
  end
  local function said(p)
    for _, n in ipairs(p.notes) do if n:find("ep_overlap does not run", 1, true) then return true end end
    return false
  end
  local chunks = at(true, { interleave = 2 })
  t.eq(chunks.time.ep_hidden:value "s" > 0, true, "interleaved: the pairs hide")
  t.eq(said(chunks), false)
  for _, layout in ipairs { { interleave = 1 }, { interleave = 2, recompute = "full" } } do
    local on, off = at(true, layout), at(false, layout)
    t.eq(on.time.step, off.time.step, dml.layout_text(on.layout))
    t.eq(said(on), true, "said: " .. dml.layout_text(on.layout))
  end
end

-- The ZeRO stages a stack offers (zero_stages) are the ones the search tries (helper-118:
-- Megatron-LM 2021 had answered ZeRO-2, which it never had); a layout that sets another is
-- costed as asked, with a note.
do
  local dense = dml.transformer { layers = 16, d_model = 4096, heads = 32, kv_heads = 8, d_ff = 14336,
    vocab = 128256, seq_len = 8192 }
  local function run(stack) return dml.run { model = dense, stack = stack, global_batch = 128, cluster = cluster(64) } end
  t.eq(table.concat(stacks.megatron_2021.zero_stages, ","), "0")
  t.eq(table.concat(stacks.megatron_2022.zero_stages, ","), "0,1")
  t.eq(table.concat(stacks.torchtitan.zero_stages, ","), "0,2,3")
  t.eq(stacks.megatron_core.zero_stages, nil, "the default: every stage")
  for _, case in ipairs { { "megatron_2021", { [0] = true } }, { "megatron_2022", { [0] = true, [1] = true } },
    { "torchtitan", { [0] = true, [2] = true, [3] = true } }, { "llm_foundry", { [0] = true, [2] = true, [3] = true } } } do
    local best, others = dml.optimize(run(stacks[case[1]]), { runners_up = 30 })
    t.eq(case[2][best.layout.zero], true, case[1] .. ": " .. dml.layout_text(best.layout))
    for _, p in ipairs(others) do t.eq(case[2][p.layout.zero], true, case[1] .. ": " .. dml.layout_text(p.layout)) end
  end
  local asked = dml.evaluate(run(stacks.megatron_2021), { tp = 8, pp = 1, zero = 1 })
  t.eq(table.concat(asked.notes, "\n"):find('zero = 1 is not a stage the stack megatron-2021 offers (zero_stages { 0 }): '
    .. "costed as asked, as another framework would run it", 1, true) ~= nil, true, table.concat(asked.notes, "\n"))
  t.eq(table.concat(dml.evaluate(run(stacks.megatron_2021), { tp = 8, pp = 1 }).notes, "\n"):find("zero = ", 1, true), nil)
  -- a stack's own: checked against its default, each stage once, each 0 to 3
  t.eq(table.concat(dml.stack(stacks.megatron_core, { zero_stages = { 1, 3 } }).zero_stages, ","), "1,3")
  t.raises(function() dml.stack(stacks.torchtitan, { zero_stages = { 1 } }) end,
    { pattern = "stack%.default_zero: 3 is not one of the stack's zero_stages" })
  t.raises(function() dml.stack(stacks.megatron_core, { zero_stages = { 1, 1 } }) end,
    { pattern = "stack%.zero_stages%[2%]: 1 is named twice" })
  t.raises(function() dml.stack(stacks.megatron_core, { zero_stages = { 1, 4 } }) end,
    { pattern = "stack%.zero_stages%[2%]: must be at most 3, got 4" })
end

-- With the ends one layer short, each device reduces its own parameters: the first holds a
-- layer fewer beside the embedding, a middle one its full stage (helper-122: a 30-layer model on
-- PP 4, 32 places of 8, had been costed as 8 layers and the embedding, as the 32-layer model's
-- first stage truly holds). Its DP time is below the 32-layer model's, whose first stage does;
-- with an embedding of nothing, both reduce 8 layers.
do
  local function dp_of(layers, vocab)
    local m = dml.transformer { layers = layers, d_model = 4096, heads = 32, kv_heads = 8, d_ff = 14336,
      vocab = vocab, seq_len = 8192 }
    local r = dml.run { model = m, cluster = cluster(512), stack = stacks.megatron_core, global_batch = 512 }
    local p = dml.evaluate(r, { tp = 8, pp = 4, dp = 16, zero = 0, interleave = 1, microbatch = 1, recompute = "none" })
    return (p.time.dp + p.time.dp_hidden):value "s", p.memory.weights:value "B"
  end
  local dp30, w30 = dp_of(30, 128256)
  local dp32, w32 = dp_of(32, 128256)
  t.eq(dp30 < dp32, true, dp30 .. " < " .. dp32)
  t.eq(w30 < w32, true, "the first device's weights: 7 layers and the embedding, against 8 and it")
  local small30 = dp_of(30, 128)
  local small32 = dp_of(32, 128)
  t.near(small30, small32, 1e-3, "8 layers either way")
end

do
  -- A stack without pipeline or context parallelism (has_pipeline, has_context_parallel false:
  -- Composer, DeepSpeed's ZeRO 3) is not searched for them; asked for, they are costed as asked,
  -- with a note. Llama 3 70B at 32k tokens on 256 H100s: with them, the search takes PP 4 x CP 8.
  local m = dml.transformer { layers = 80, d_model = 8192, heads = 64, kv_heads = 8, d_ff = 28672, vocab = 128256, seq_len = 32768 }
  local cl = dml.cluster { gpu = gpus.h100_sxm, size = 256, levels = { networks.nvlink4_h100, networks.infiniband_ndr } }
  local able = dml.stack(stacks.llm_foundry, { name = "lf+pp+cp", has_pipeline = true, has_context_parallel = true })
  local with = dml.optimize(dml.run { model = m, cluster = cl, stack = able, global_batch = 256 })
  t.eq(with.layout.pp > 1 and with.layout.cp > 1, true, "the able stack pipelines and splits the context: " .. with.layout_text)
  local r = dml.run { model = m, cluster = cl, stack = stacks.llm_foundry, global_batch = 256 }
  local best, ups = dml.optimize(r, { runners_up = 20 })
  for _, p in ipairs({ best, table.unpack(ups) }) do
    t.eq(p.layout.pp == 1 and p.layout.cp == 1, true, "llm-foundry: neither PP nor CP: " .. p.layout_text)
  end
  local asked = dml.evaluate(r, { tp = 8, pp = 4, cp = 2, dp = 4 })
  local text = table.concat(asked.notes, "\n")
  t.eq(text:find("pp = 4: the stack llm-foundry has no pipeline parallelism (has_pipeline = false)", 1, true) ~= nil, true, text)
  t.eq(text:find("cp = 2: the stack llm-foundry has no context parallelism (has_context_parallel = false)", 1, true) ~= nil, true, text)
  t.eq(dml.optimize(r, { pp = 4 }).layout.pp, 4, "a pipeline when asked")
  -- Where nothing fits, the answer says what was not tried.
  local small = dml.optimize(dml.run(r, { cluster = dml.cluster { gpu = gpus.a100_sxm, size = 8, levels = { networks.nvlink3_a100 } }, global_batch = 64 }))
  t.eq(small.feasible, false, "70B on 8 A100s")
  -- and where no layout runs at all (16 sequences on 256 GPUs: PP would have split them), also
  -- where the fields held fixed rule every layout out (an interleave needs a pipeline).
  local held = dml.optimize(r, { interleave = 2 })
  t.eq(held.feasible == false and table.concat(held.notes, "\n"):find("runs no pipeline or context parallelism", 1, true) ~= nil, true,
    table.concat(held.violations, "\n") .. "\n" .. table.concat(held.notes, "\n"))
  local none = dml.optimize(dml.run(r, { global_batch = 16 }))
  t.eq(none.feasible == false and table.concat(none.notes, "\n"):find("runs no pipeline or context parallelism", 1, true) ~= nil, true,
    table.concat(none.violations, "\n") .. "\n" .. table.concat(none.notes, "\n"))
  t.eq(table.concat(small.notes, "\n"):find("the stack llm-foundry runs no pipeline or context parallelism (has_pipeline and has_context_parallel = false), so the search tried none", 1, true) ~= nil,
    true, table.concat(small.notes, "\n"))
end

do
  -- ep_hidden_fraction hides the all-to-all under compute, never more than there is (helper-354:
  -- a fraction of 1 hid 3.9 s of all-to-all under 1.8 s of compute, a step shorter than its
  -- all-to-all). Qwen3-30B-A3B-like, EP 64 over 8 nodes.
  local q30 = dml.transformer { layers = 48, d_model = 2048, heads = 32, kv_heads = 4, head_dim = 128, d_ff = 6144,
    vocab = 151936, seq_len = 4096, moe = { experts = 128, top_k = 8, expert_d_ff = 768 } }
  local cl = dml.cluster { gpu = gpus.h100_sxm, size = 64, levels = { networks.nvlink4_h100, networks.infiniband_ndr } }
  for _, f in ipairs { 0.5, 1 } do
    local r = dml.run { model = q30, cluster = cl, stack = dml.stack(stacks.megatron_core, { name = "x", ep_hidden_fraction = f }), global_batch = 512 }
    local p = dml.evaluate(r, { tp = 1, pp = 1, dp = 64, ep = 64, microbatch = 1, zero = 1, recompute = "norms" })
    local compute = p.time.gemm + p.time.attention + p.time.elementwise + p.time.recompute
    t.eq(p.time.ep_hidden <= compute * (1 + 1e-12), true,
      string.format("fraction %g: %s of EP hidden under %s of compute", f, p.time.ep_hidden, compute))
    t.eq(p.time.step >= p.time.ep + p.time.ep_hidden, true, "a step no shorter than its all-to-all")
  end
  -- Nor under the compute TP's and a ring CP's hidden traffic already use (helper-355: 5.26 s
  -- hidden under 4.61 s of compute). 8k tokens over TP 2 x CP 2, TP overlapped whole.
  local long = dml.transformer(q30, { seq_len = 8192 })
  local st = dml.stack(stacks.megatron_core, { name = "x", ep_hidden_fraction = 1, tp_overlap = "overlapped", tp_hidden_fraction = 1 })
  local r = dml.run { model = long, stack = st, global_batch = 512,
    cluster = dml.cluster { gpu = gpus.h100_sxm, size = 64, levels = { networks.nvlink4_h100, networks.infiniband_edr } } }
  local p = dml.evaluate(r, { tp = 2, pp = 1, dp = 16, cp = 2, ep = 32, microbatch = 1, zero = 1, recompute = "selective" })
  local T = p.time
  t.eq(T.tp_hidden + T.cp_hidden + T.ep_hidden <= (T.gemm + T.attention + T.elementwise + T.recompute) * (1 + 1e-12), true,
    "all the hidden traffic under the compute")
end

do
  -- HSDP's shard size orders the expert states as it does the others: the smaller the shard
  -- group, the more each GPU holds, and a group of one holds what plain DP does (helper-354:
  -- shard = 1 had sharded the experts 32 ways while shard = 2 replicated them). Mixtral 8x7B-like
  -- on 64 H100s, EP 2: an expert-DP group of 32.
  local mix = dml.transformer { layers = 32, d_model = 4096, heads = 32, kv_heads = 8, d_ff = 14336, vocab = 32000,
    seq_len = 4096, moe = { experts = 8, top_k = 2 } }
  local r = dml.run { model = mix, stack = stacks.megatron_core, global_batch = 256,
    cluster = dml.cluster { gpu = gpus.h100_sxm, size = 64, levels = { networks.nvlink4_h100, networks.infiniband_ndr } } }
  local function at(zero, shard)
    return dml.evaluate(r, { tp = 1, pp = 1, dp = 64, ep = 2, microbatch = 1, recompute = "full", zero = zero, shard = shard })
  end
  local plain = at(0)
  local last = at(1, 64).memory.optimizer
  for _, shard in ipairs { 32, 16, 8, 4, 2, 1 } do
    local p = at(1, shard)
    t.eq(p.memory.optimizer >= last, true, "shard " .. shard .. ": " .. tostring(p.memory.optimizer) .. " after " .. tostring(last))
    last = p.memory.optimizer
  end
  t.near(at(1, 1).memory.optimizer:value "B", plain.memory.optimizer:value "B", 1e-12, "a shard group of one holds what plain DP does")
  -- Where the replicas neither divide the expert-DP group nor outnumber it (DP 48 x EP 8: a
  -- group of 6, shard 12 leaves 4 replicas), the experts do not shard more finely than at a
  -- larger shard (helper-355: shard 12 held less than shard 16).
  local r48 = dml.run(r, { cluster = dml.cluster { gpu = gpus.h100_sxm, size = 48, levels = { networks.nvlink4_h100, networks.infiniband_ndr } }, global_batch = 192 })
  local before = nil
  for _, shard in ipairs { 48, 24, 16, 12, 8, 6, 4, 3, 2, 1 } do
    local p = dml.evaluate(r48, { tp = 1, pp = 1, dp = 48, ep = 8, microbatch = 1, recompute = "full", zero = 1, shard = shard })
    if before then t.eq(p.memory.optimizer >= before, true, "DP 48 x EP 8, shard " .. shard) end
    before = p.memory.optimizer
  end
end
