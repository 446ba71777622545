-- Power, energy and cost of a transformer step (docs/model.md 8.13): the plan's figures against
-- the formulas applied by hand to its own time breakdown.
local t = require "testing"
local gpus = require "dml.presets.gpus"
local stacks = require "dml.presets.stacks"

local model = dml.transformer { name = "gpt", layers = 8, d_model = 2048, heads = 16, d_ff = 8192, gated = false,
  vocab = 32000, seq_len = 2048 }
local gpu = dml.gpu(gpus.h100_sxm, { power = { busy_watts = 700, waiting_watts = 500, idle_watts = 100 } })
local levels = { { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1 us" },
                 { name = "ib", bandwidth = "100 GB/s", latency = "5 us" } }
local owned = { pue = 1.25, host_watts_per_gpu = 200, energy_price = 0.1, capital_per_gpu = 35064, lifetime_years = 4 }
local run = dml.run { model = model, stack = stacks.megatron_core, global_batch = 256, tokens = 1e10,
  cluster = dml.cluster { gpu = gpu, levels = levels, size = 64, facility = owned } }
-- DP over 8 nodes and PP 2 with a bubble, so that every state has time.
local p = dml.evaluate(run, { tp = 4, pp = 2, dp = 8, zero = 0, microbatch = 1, recompute = "none" })
assert(p.feasible, table.concat(p.violations, "; "))
local s = function(q) return q / dml.q"1 s" end
local step = s(p.time.step)
local waiting = s(p.time.tp) + s(p.time.cp) + s(p.time.ep) + s(p.time.pp) + s(p.time.dp)
local idle = s(p.time.bubble) + s(p.time.overhead)
local busy = step - waiting - idle
assert(waiting > 0 and idle > 0 and busy > 0, "every state has time")
local e = p.energy
t.near(e.busy_share, busy / step, 1e-12, "busy share")
t.near(e.waiting_share, waiting / step, 1e-12, "waiting share")
t.near(e.idle_share, idle / step, 1e-12, "idle share")
local watts = (700 * busy + 500 * waiting + 100 * idle) / step
t.near(e.gpu_watts, watts, 1e-12, "GPU watts")
t.near(e.facility_watts_per_gpu, (watts + 200) * 1.25, 1e-12, "facility watts")
t.near(e.step_joules, (watts + 200) * 1.25 * 64 * step, 1e-12, "joules per step")
t.near(e.tokens_per_joule, 256 * 2048 / ((watts + 200) * 1.25 * 64 * step), 1e-12, "tokens per joule")
local steps = 1e10 / (256 * 2048)
local mwh = (watts + 200) * 1.25 * 64 * step * steps / 3.6e9
t.near(e.run_megawatt_hours, mwh, 1e-12, "MWh")
-- $35,064 over 4 years of 8,766 hours is $1 per GPU-hour; plus $0.1 per kWh.
local hours = step * steps / 3600
t.near(e.run_cost, 64 * hours * 1 + 0.1 * mwh * 1000, 1e-12, "cost")
t.near(e.cost_per_million_tokens, e.run_cost / 1e4, 1e-12, "cost per million tokens")

-- An optimizer offloaded to the host (docs/model.md 8.9) leaves the GPU idle while it runs.
do
  local po = dml.evaluate(run, { tp = 4, pp = 2, dp = 8, zero = 1, microbatch = 1, recompute = "none", optimizer_offload = true })
  assert(po.feasible, table.concat(po.violations, "; "))
  local step_o = s(po.time.step)
  local idle_o = s(po.time.bubble) + s(po.time.overhead) + s(po.time.optimizer)
  assert(s(po.time.optimizer) > 10 * s(p.time.optimizer), "the host's step is the slower")
  t.near(po.energy.idle_share, idle_o / step_o, 1e-12, "the host's optimizer step is idle")
  local waiting_o = s(po.time.tp) + s(po.time.cp) + s(po.time.ep) + s(po.time.pp) + s(po.time.dp)
  t.near(po.energy.busy_share, (step_o - waiting_o - idle_o) / step_o, 1e-12, "busy without it")
end

-- A cloud price is all in: no energy added.
local cloud = dml.run(run, { cluster = dml.cluster(run.cluster, { facility = { gpu_hour_price = 2 } }) })
local pc = dml.evaluate(cloud, { tp = 4, pp = 2, dp = 8, zero = 0, microbatch = 1, recompute = "none" })
t.near(pc.energy.run_cost, 64 * hours * 2, 1e-12, "cloud cost")
t.near(pc.energy.facility_watts_per_gpu, watts, 1e-12, "PUE 1 and no host by default")
-- The summary names the facility's power only where the facility adds some.
t.eq(tostring(pc):find("with the facility's", 1, true), nil, "no facility power: " .. tostring(pc))
t.eq(tostring(dml.evaluate(run, { tp = 4, pp = 2, dp = 8, zero = 0, microbatch = 1, recompute = "none" }))
  :find(string.format("%.0f W per GPU with the facility's host power and PUE", (watts + 200) * 1.25), 1, true) ~= nil,
  true, "the owned facility's power")
-- What a facility's cost or power leaves out is said (helper-380): an energy price alone prices no
-- GPU; a capital without an energy price prices the energy at $0; a PUE without host power leaves
-- the servers out. The owned and cloud facilities above say none of it.
do
  local function notes_with(facility)
    local r = dml.run(run, { cluster = dml.cluster(run.cluster, { facility = facility }) })
    return table.concat(dml.evaluate(r, { tp = 4, pp = 2, dp = 8, zero = 0, microbatch = 1, recompute = "none" }).notes, "\n")
  end
  local energy_only = notes_with { pue = 1.3, host_watts_per_gpu = 300, energy_price = 0.1 }
  t.eq(energy_only:find("the cost of the run is its energy alone: the cluster's facility gives an energy_price and "
    .. "neither a gpu_hour_price nor a capital_per_gpu, so the GPUs are not priced", 1, true) ~= nil, true, energy_only)
  local zero_capital = notes_with { host_watts_per_gpu = 200, capital_per_gpu = 0, energy_price = 0.1 }
  t.eq(zero_capital:find("the cost of the run is its energy alone", 1, true) ~= nil, true, "a capital of 0: " .. zero_capital)
  local capital_only = notes_with { host_watts_per_gpu = 200, capital_per_gpu = 35064 }
  t.eq(capital_only:find("the cost of the run is the GPUs' capital alone: the cluster's facility gives no energy_price, "
    .. "so the", 1, true) ~= nil, true, capital_only)
  local no_host = notes_with { pue = 1.3, gpu_hour_price = 2 }
  t.eq(no_host:find("the facility's power counts cooling (pue 1.3) and no host power (its host_watts_per_gpu is 0)", 1, true)
    ~= nil, true, no_host)
  for _, said in ipairs { notes_with(owned), notes_with { gpu_hour_price = 2 } } do
    t.eq(said:find("cost of the run is", 1, true), nil, said)
    t.eq(said:find("no host power", 1, true), nil, said)
  end
end
-- The summary writes the run's energy and cost as the rest of the plan's text does: whole from
-- 10,000 MWh on, never fmt's 1.531e+04.
do
  local long = dml.run(run, { tokens = 1e16 })
  local text = tostring(dml.evaluate(long, { tp = 4, pp = 2, dp = 8, zero = 0, microbatch = 1, recompute = "none" }))
  local mwh_text = text:match("; (%S+) MWh to train")
  local cost_text = text:match("cost of the run %$(%S+)M")
  t.eq(mwh_text, string.format("%.0f", mwh * 1e6), "MWh of a long run: " .. text)
  -- 1e6 times the tokens of the run above: its cost in dollars is this one's in $M
  t.eq(cost_text, string.format("%.4g", 64 * hours * 1 + 0.1 * mwh * 1000), "cost in $M: " .. text)
  t.eq(text:find("e+", 1, true), nil, "no fmt exponent: " .. text)
end
-- Powers and lifetimes at the edge of their ranges give finite figures: a GPU draws at least a
-- watt computing, and capital is written off over at least 0.01 years (5e-324 W and 1e-300 years
-- printed inf tokens per joule and an inf cost).
t.raises_here(function() dml.gpu(gpu, { power = { busy_watts = 5e-324, waiting_watts = 0, idle_watts = 0 } }) end,
  "gpu.power.busy_watts: must be at least 1, got 5e-324")
t.raises_here(function() dml.cluster(run.cluster, { facility = { capital_per_gpu = 1e9, lifetime_years = 1e-300 } }) end,
  "cluster.facility.lifetime_years: must be at least 0.01, got 1e-300")
do
  local edge = dml.run(run, { tokens = 1e20, cluster = dml.cluster(run.cluster, {
    gpu = dml.gpu(gpu, { power = { busy_watts = 1, waiting_watts = 0, idle_watts = 0 } }),
    facility = { capital_per_gpu = 1e9, lifetime_years = 0.01 } }) })
  local pe = dml.evaluate(edge, { tp = 4, pp = 2, dp = 8, zero = 0, microbatch = 1, recompute = "none" })
  for _, k in ipairs { "tokens_per_joule", "run_megawatt_hours", "run_cost", "cost_per_million_tokens" } do
    local v = pe.energy[k]
    t.eq(v == v and v > 0 and v < math.huge, true, k .. " finite: " .. tostring(v))
  end
  t.eq(tostring(pe):find("inf", 1, true), nil, "no inf in the text")
end
-- An energy price alone prices the energy.
local metered = dml.run(run, { cluster = dml.cluster(run.cluster, { facility = { energy_price = 0.1 } }) })
local pm = dml.evaluate(metered, { tp = 4, pp = 2, dp = 8, zero = 0, microbatch = 1, recompute = "none" })
t.near(pm.energy.run_cost, 0.1 * pm.energy.run_megawatt_hours * 1000, 1e-12, "the energy's cost")

-- A GPU without a power record: no energy figures.
local plain = dml.run(run, { cluster = dml.cluster(run.cluster, { gpu =
  dml.gpu { name = "bare", flop_per_clock_per_thread = { fp16 = 32 }, sms = 132, clock = "1830 MHz",
    hbm_bandwidth = "3352 GB/s", hbm_capacity = "80 GB", l2_bandwidth = "6 TB/s", l2_size = "50 MiB",
    register_file = "64 KiB", effective_utilization = 0.7, dsmem = true, matmul_latency = "4.5 us",
    tensor_core_granule = 8, efficiency = gpus.h100_sxm.efficiency } }) })
t.eq(dml.evaluate(plain, { tp = 4, pp = 2, dp = 8, zero = 0, microbatch = 1, recompute = "none" }).energy, nil,
  "no power, no energy")

-- Inconsistent figures are refused where they are written.
t.raises(function() return dml.gpu(gpu, { power = { busy_watts = 700, waiting_watts = 50, idle_watts = 100 } }) end,
  { pattern = "gpu%.power%.idle_watts: 100 W is more than waiting_watts, 50 W" })
t.raises(function() return dml.cluster(run.cluster, { facility = { gpu_hour_price = 2, capital_per_gpu = 1 } }) end,
  { pattern = "cluster%.facility%.capital_per_gpu: give either gpu_hour_price" })

-- A price quoted for one GPU costing a run on another is said (helper-108: B200 runs costed at
-- the cloud H100 preset's $2.49 a GPU-hour, silently); the same GPU, or a price given for it, is not.
do
  local facilities = require "dml.presets.facilities"
  local function notes(g, facility)
    local r = dml.run(run, { cluster = dml.cluster(run.cluster, { gpu = g, facility = facility }) })
    return table.concat(dml.evaluate(r, { tp = 4, pp = 2, dp = 8, zero = 0, microbatch = 1, recompute = "none" }).notes, "\n")
  end
  local said = notes(gpus.b200, facilities.cloud_h100)
  t.eq(said:find("the cost uses the facility's gpu_hour_price, quoted for the H100 SXM ($2.49 a GPU-hour); these GPUs are B200: give their price in the cluster's facility ({ gpu_hour_price = ..., priced_gpu = \"B200\" })", 1, true) ~= nil, true, said)
  t.eq(notes(gpus.b200, facilities.hyperscale_owned):find("capital_per_gpu, quoted for the H100 SXM ($50,000 a GPU)", 1, true) ~= nil, true)
  -- a part whose name holds the priced one's is that part (helper-111: the low-latency H100 was told to give its price)
  t.eq(notes(gpus.h100_sxm_low_latency, facilities.cloud_h100):find("quoted for", 1, true), nil, "an H100 SXM by another name")
  -- (helper-112: a B200 price, matched by containment, priced a "B200x" and would a GB200)
  t.eq(notes(gpus.gb200, { gpu_hour_price = 5, priced_gpu = "B200" }):find("quoted for the B200", 1, true) ~= nil, true)
  t.eq(notes(dml.gpu(gpus.b200, { name = "B200x" }), { gpu_hour_price = 5, priced_gpu = "B200" }):find("quoted for the B200", 1, true) ~= nil, true)
  t.eq(notes(dml.gpu(gpus.b200, { name = "b200" }), { gpu_hour_price = 5, priced_gpu = "B200" }):find("quoted for", 1, true), nil, "case aside")
  t.raises_here(function() dml.cluster(run.cluster, { facility = { gpu_hour_price = 3, priced_gpu = " " } }) end,
    "cluster.facility.priced_gpu: is blank: the name of the GPU the price is for (\"H100 SXM\"), or leave it out")
  t.eq(notes(gpus.h100_sxm, facilities.cloud_h100):find("quoted for", 1, true), nil, "the GPU it is quoted for")
  t.eq(notes(gpus.b200, { gpu_hour_price = 5, priced_gpu = "B200" }):find("quoted for", 1, true), nil, "its own price")
  t.eq(notes(gpus.b200, { gpu_hour_price = 5 }):find("quoted for", 1, true), nil, "a price that names no GPU")
  -- A price beside a GPU without a power record: no energy, no cost, and a note that says so
  -- (helper-365: the price was dropped in silence); none without a price.
  local unpowered = dml.gpu(gpus.h100_sxm, { power = false })
  for _, facility in ipairs { { gpu_hour_price = 2 }, { capital_per_gpu = 30000 }, { energy_price = 0.1 } } do
    t.eq(notes(unpowered, facility), "the cluster's facility gives a price, but the H100 SXM has no power record "
      .. "(its watts busy, waiting and idle): the plan has no energy or cost; give it one (dml.gpu(base, { power = { ... } }), "
      .. "as the GPU presets carry)")
  end
  t.eq(notes(unpowered, { pue = 1.2 }), "", "no price, nothing to say")
end
