-- Every field of every described type appears in every output its description makes: the
-- declared value (read, and accepted by its constructor), dml.doc (`dml --doc`),
-- docs/reference.md, and for results the table columns (dml.table, CSV, TSV, JSON) and, for a
-- field with a summary label, the printed summary. The fields come from dml.fields, so a field
-- added to a struct and its description is checked here with no change to this file.
local t = require "testing"
local paper = require "dml.paper.erdil2024"
local gpus = require "dml.presets.gpus"

local reference = t.read("../../docs/reference.md")

-- One value of each type with every optional field given, or (for parts that functions read
-- from plain tables) the table and the function that reads it.
local h100 = dml.cluster(paper.clusters["H100 SXM"])
local split = { dp = { 1, 1 }, tp_model = { 4, 1 }, tp_ff = { 2, 4 }, pp = { 1, 64 }, ep = { 1, 1 } }
local layout = dml.layout { dp = 1, tp = { 4, 8 }, pp = 64, ep = 1, microbatches = 128, zero_bubble = false,
  interleave = 1, split = split }
local options = dml.options { max_gpus = 1 << 20 }
local model = dml.mlp_stack { d_model = 12288, d_ff = 49152, layers = 192, experts = 1, name = "first point" }
local run = dml.run { model = model, cluster = h100, batch_tokens = 2048 * 3584, seq_len = 2048,
  tokens_per_param = 20, duration = "91 days", options = options }
local gpu = dml.gpu(gpus.h100_sxm, { shared_memory_bandwidth = "30 TB/s" })
local plan = dml.optimize(dml.run(run, { cluster = dml.cluster(h100, { size = 2048 }) }))
local limits = dml.limits(dml.setting { cluster = h100 })
local curve = dml.wall_curve(h100, { points = 3 })
local stacks = require "dml.presets.stacks"
local transformer = dml.transformer { name = "moe", layers = 8, d_model = 1024, heads = 16, kv_heads = 16,
  mla = { kv_rank = 256, q_rank = 384, rope_dim = 32, v_dim = 64 },
  head_dim = 64, d_ff = 4096, gated = true, vocab = 32000, tied_embeddings = false, seq_len = 4096,
  causal = true, window = 2048, full_attention_every = 4, parallel_block = false,
  moe = { experts = 8, top_k = 2, shared_experts = 1, expert_d_ff = 1024, dense_layers = 1, imbalance = 1.1,
    max_nodes = 2, groups = 4, group_top_k = 2, capacity_factor = 2, pad_to_capacity = false, shared_d_ff = 2048, every = 1 } }
local t_layout = { tp = 2, tp_model = 1, shard = 4, sequence_parallel = true, pp = 2, interleave = 2, schedule = "1f1b", dp = 4,
  zero = 1, cp = 2, cp_kind = "allgather", ep = 4, etp = 2, microbatch = 1, recompute = "selective", recompute_mla_up = true, recompute_moe_act = true,
  offload = 0, optimizer_offload = false }
local t_run = dml.run { name = "small moe", model = transformer, stack = stacks.megatron_core,
  cluster = dml.cluster { gpu = gpus.h100_sxm, size = 32,
    facility = { pue = 1.2, host_watts_per_gpu = 300, energy_price = 0.08, capital_per_gpu = 50000,
      lifetime_years = 4, priced_gpu = "H100 SXM", sources = { pue = "a guess" } },
    levels = { { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "2 us" },
               { name = "ib", bandwidth = "100 GB/s", latency = "6 us" } } },
  global_batch = 64, tokens = 1e9, precision = "fp8", dispatch_precision = "fp8" }
local step_plan = dml.evaluate(t_run, t_layout)
assert(step_plan.feasible, table.concat(step_plan.violations, "; "))
-- (Its one field a feasible plan of this layout cannot hold: recompute_layers needs full recompute.)
t_layout.recompute_layers = 1

local values = {
  gpu = gpu, flop_per_clock_per_thread = gpu.flop_per_clock_per_thread,
  level = dml.level { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1 us", sources = { size = "a node" },
    measured = { { op = "all_reduce", size = "64 MiB", bus_bandwidth = "360 GB/s", gpus = 8 } } },
  cluster = dml.cluster(h100, { size = 2048, facility = require("dml.presets.facilities").cloud_h100 }), mlp_stack = model, options = options, run = run,
  tp = layout.tp, split = layout.split, layout = layout,
  setting = dml.setting { name = "H100", cluster = h100, sparsity = "paper", batch = "fixed", duration = "90 days" },
  plan = plan, run_facts = plan.run, layout_cost = plan, stats = plan.stats,
  limits = limits, summary = limits.summary, wall_point = curve:rows()[1],
  efficiency = gpu.efficiency, transformer = transformer, moe = transformer.moe, mla = transformer.mla, stack = t_run.stack,
  transformer_run = t_run, step_plan = step_plan, step_time = step_plan.time, step_memory = step_plan.memory,
}
values.bus_bandwidth = values.level.measured[1]
values.power = gpu.power
values.facility = t_run.cluster.facility
values.step_energy = step_plan.energy
values.collective_estimate = dml.collective { cluster = t_run.cluster, op = "all_reduce", size = "1 GiB", gpus = 16 }
-- Parts read from plain tables by a function: the table of every field, and the call.
local parts = {
  wall = { { alpha = 0.1, step_latency = "9 us", duration = "90 days", reference_batch_tokens = 4e6,
    reference_layers = 100, reference_flop = "3e23 FLOP" }, dml.latency_wall },
  wall_range = { { alpha_min = -0.1, alpha_max = 0.1, points = 3 }, function(r) return dml.wall_curve(h100, r) end },
  transformer_layout = { t_layout, function(l) return dml.evaluate(t_run, l) end },
  collective_query = { { cluster = t_run.cluster, stack = t_run.stack, op = "all_gather", size = "64 MiB", gpus = 16 },
    dml.collective },
}

local function section(name)
  local start = reference:find("\n### " .. name .. "\n", 1, true) or reference:find("\n### dml." .. name .. "\n", 1, true)
    or reference:find("\n### " .. name .. " (made by dml.", 1, true)
  assert(start, "docs/reference.md has no section for " .. name)
  local stop = reference:find("\n### ", start + 1, true) or #reference
  return reference:sub(start, stop)
end

local checked = 0
for _, described in ipairs(dml.types()) do
  local name = described.name
  local doc = dml.doc(name)
  local ref = section(name)
  local value = values[name]
  local part = parts[name]
  t.eq(value ~= nil or part ~= nil, true, "an example value of " .. name)
  if part then t.eq(type(part[2](part[1])) ~= "nil", true, name .. ": a table of every field is read") end
  for _, f in ipairs(dml.fields(name)) do
    local where = name .. "." .. f.name
    -- a record named as dml.<name> is one a function of that name makes (helper-350: the
    -- reference named dml.run_facts, dml.stats, dml.summary, which do not exist)
    for made_by in f.takes:gmatch("%(dml%.([%w_]+)%)") do
      t.eq(type(rawget(dml, made_by)), "function", where .. ": " .. f.takes)
    end
    t.eq(doc:find("\n  " .. f.name .. " ", 1, true) ~= nil, true, where .. " in dml --doc " .. name)
    t.eq(ref:find("`" .. f.name .. "`", 1, true) ~= nil, true, where .. " in docs/reference.md")
    if value then
      local v = value[f.name]  -- a typo reads as an error: this reads every field
      -- (run.batch and run.batch_tokens exclude each other: the example gives batch_tokens)
      -- (so do run.tokens and run.tokens_per_param: it gives tokens_per_param)
      -- (so do transformer_run's global_batch and global_batch_tokens: it gives global_batch)
      -- (and facility's gpu_hour_price and capital_per_gpu: it gives capital_per_gpu)
      -- (and moe's pattern and dense_layers with every: it gives dense_layers and every)
      if where ~= "run.batch" and where ~= "run.tokens" and where ~= "transformer_run.global_batch_tokens"
          and where ~= "facility.gpu_hour_price" and where ~= "moe.pattern" then
        t.eq(v ~= nil, true, where .. " reads as a value")
      end
      if described.kind == "declared" then  -- the constructor takes it
        local constructor = rawget(dml, name) or (name == "transformer_run" and dml.run)
        local copy = constructor(value, { [f.name] = v })
        t.eq(copy ~= nil, true, where .. " accepted by dml." .. name)
      end
    end
    if part then t.eq(part[1][f.name] ~= nil, true, where .. " in the example table") end
    checked = checked + 1
  end
end
t.eq(checked > 150, true, "every field of every type was checked (" .. checked .. ")")

-- Results: every column of a plan's row in every file format, and in a table; every labelled
-- field in the summary.
local dir, _, remove = t.scratch_dir()
local columns = {}
for i, c in ipairs(dml.columns("plan")) do columns[i] = c.column end
for _, ext in ipairs { "csv", "tsv", "json" } do
  local path = dir .. "/plan." .. ext
  dml.save(plan, path)
  local text = t.read(path)
  for _, c in ipairs(columns) do
    t.eq(text:find(c, 1, true) ~= nil, true, "column " .. c .. " in ." .. ext)
  end
end
remove()
local row_table = dml.table({ plan })  -- a plan is one row of a table too
t.eq(#row_table:columns(), #columns, "a table of plans has every column")
for _, f in ipairs(dml.fields("plan")) do
  if f.label then t.eq(tostring(plan):find(f.label, 1, true) ~= nil, true, "plan." .. f.name .. " in the summary") end
end
-- every scalar field of a result, and of the records it flattens, is a column of its own
local function has_column(field)
  for _, c in ipairs(columns) do
    if c == field or c:sub(-#field - 1) == "_" .. field then return true end
  end
  return false
end
for _, result in ipairs { "plan", "run_facts", "layout_cost", "stats" } do
  for _, f in ipairs(dml.fields(result)) do
    local record = f.takes:find("(dml.", 1, true) or f.takes:find("(dml --doc ", 1, true)
    if not record then t.eq(has_column(f.name), true, result .. "." .. f.name .. " is a column of a plan") end
  end
end
for _, f in ipairs(dml.fields("layout")) do
  if f.name ~= "tp" and f.name ~= "split" then t.eq(has_column(f.name), true, "layout." .. f.name .. " is a column") end
end
