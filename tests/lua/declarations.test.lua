-- Declared types: constructors, defaults, merging presets, validation errors
-- (each at this file's line), read-only values, and the docs and sources every
-- field must have.
local t = require "testing"
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"

local raises_here = t.raises_here

-- a level: quantities normalized, optional fields absent
local nv = dml.level { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" }
t.near(nv.bandwidth:value(), 9e11)
t.near(nv.latency:value("us"), 1.125)
t.eq(nv.size, 8)
t.eq(math.type(nv.size), "integer", "size is an integer")
local top = dml.level { bandwidth = dml.q"100 GB/s", latency = "1.125 us" }
t.eq(top.size, nil, "outermost level has no size")
t.eq(top.name, nil)
local again = dml.level(nv)
t.eq(again, nv, "a declared value is returned as it is")
-- declared values are read-only: checked once, where they are declared
raises_here(function() nv.size = 0 end, "a network level is read-only: make a changed copy with dml.level(value, { ... }) (setting \"size\")")
t.eq(dml.level(nv, { size = 4 }).size, 4, "a changed copy")
-- efficiencies are fractions of a peak: a product past the peak is refused where it is declared
raises_here(function() dml.gpu(gpus.h100_sxm, { efficiency = { attention = 0.8, flash3_gain = 2 } }) end,
  "gpu.efficiency.flash3_gain: attention x flash3_gain is 0.8 x 2 = 1.6, past the 16-bit peak (at most 1)")
raises_here(function() dml.gpu(gpus.h100_sxm, { efficiency = { gemm = 0.9, fp8_gain = 2.5 } }) end,
  "gpu.efficiency.fp8_gain: gemm x fp8_gain is 0.9 x 2.5 = 2.25 of the 16-bit peak, past the FP8 peak (2 of it: flop_per_clock_per_thread fp8 / fp16); raise fp8 with fp16, or lower fp8_gain (only the transformer model reads efficiency: a GPU for the paper's model alone can drop it, efficiency = false)")
-- a copy that changes the rates keeps its FP8 linears at their fraction of the FP8 peak: fp8_gain
-- scales with the FP8 peak over the 16-bit one (before, "FP8 twice as fast" moved no FP8 run)
do
  local faster = dml.gpu(gpus.h100_sxm, { flop_per_clock_per_thread = { fp8 = 128 } })
  t.near(faster.efficiency.fp8_gain, 3.64, 1e-12, "1.82 x 4 / 2")
  t.eq(faster.efficiency.sources.fp8_gain, "estimate: the base's 1.82 scaled with the FP8 peak over the 16-bit one (2 -> 4): its FP8 linears keep their fraction of the FP8 peak")
  t.near(dml.gpu(gpus.h100_sxm, { flop_per_clock_per_thread = { fp16 = 64 } }).efficiency.fp8_gain, 0.91, 1e-12,
    "twice the 16-bit rate, the same FP8 one: half the gain (it was refused as past the FP8 peak)")
  t.eq(dml.gpu(gpus.h100_sxm, { flop_per_clock_per_thread = { fp16 = 64, fp8 = 128 } }).efficiency.fp8_gain, 1.82,
    "both rates twice: the same gain")
  t.eq(dml.gpu(gpus.h100_sxm, { flop_per_clock_per_thread = { fp8 = 128 }, efficiency = { fp8_gain = 1.9 } })
    .efficiency.fp8_gain, 1.9, "a gain given is kept")
  -- (a quarter of the 16-bit rate, the FP8 one kept: 7.28, which the field's old bound of 4 refused;
  -- helper-378)
  t.near(dml.gpu(gpus.h100_sxm, { flop_per_clock_per_thread = { fp16 = 8 } }).efficiency.fp8_gain, 7.28, 1e-12)
  raises_here(function() dml.gpu(gpus.h100_sxm, { flop_per_clock_per_thread = { fp8 = 1024 } }) end,
    "gpu.efficiency.fp8_gain: the base's fp8_gain 1.82, scaled with the FP8 peak over the 16-bit one (2 -> 32), is 29.12, past 16: give efficiency = { fp8_gain = ... }")
end
-- a copy for the paper's model that trips the base's efficiencies (twice the 16-bit rate, a small
-- HBM; helper-119) drops them, as the message says, and runs
do
  local fast = dml.gpu(gpus.h100_sxm, { flop_per_clock_per_thread = { fp16 = 64 }, efficiency = false })
  local small = dml.gpu(gpus.h100_sxm, { hbm_capacity = "2 GB", efficiency = false })
  t.eq(fast.efficiency, nil)
  local function days(gpu)
    local c = dml.cluster { gpu = gpu, levels = { networks.nvlink4_h100, networks.infiniband_ndr } }
    return dml.optimize(dml.run { model = dml.mlp_stack { d_model = 4096 }, cluster = c }).training_time
  end
  t.eq(days(fast) < days(gpus.h100_sxm), true, "twice the rate, sooner")
  t.eq(days(small) ~= nil, true)
end
-- required fields left out are named together, the first with its meaning (helper-118: a GPU
-- declared from scratch named them one run at a time)
raises_here(function() dml.gpu { name = "mine", sms = 100, clock = "1.5 GHz" } end,
  "gpu.flop_per_clock_per_thread: required (dense FLOP per clock per thread, by precision (threads = 128 per SM)); "
  .. "also required: effective_utilization, hbm_bandwidth, hbm_capacity, l2_bandwidth, l2_size")
raises_here(function() dml.transformer { layers = 2, heads = 4, vocab = 100 } end,
  "transformer.d_model: required (model width (hidden size)); also required: d_ff, seq_len")
raises_here(function() dml.transformer { layers = 2, d_model = 64, heads = 4, vocab = 100, d_ff = 256 } end,
  "transformer.seq_len: required (tokens per sequence)")
-- measured collectives are read on the two innermost levels: a table on a third is refused
local spine = { bandwidth = "10 GB/s", latency = "10 us", measured = { { op = "all_reduce", size = "1 GiB", bus_bandwidth = "5 GB/s" } } }
local pods = dml.level(networks.infiniband_ndr, { size = 4 })
raises_here(function() dml.cluster { gpu = gpus.h100_sxm, levels = { networks.nvlink4_h100, pods, spine } } end, "cluster.levels[3].measured: measured collectives are read on the two innermost levels only (a group that reaches level 3 keeps alpha-beta)")
-- a printed declaration writes a byte count in its shortest unit: 80 GB, not 78125000 KiB; a
-- binary unit where it is as short
do
  local text = tostring(dml.gpu(gpus.h100_sxm))
  t.eq(text:match("hbm_capacity = ([^\n]+)"), "80 GB")
  t.eq(text:match("l2_size = ([^\n]+)"), "50 MiB")
  t.eq(text:match("register_file = ([^\n]+)"), "64 KiB")
  t.eq(text:match("%smemory = ([^\n]+)"), "81559 MiB")
  t.eq(text:match("host_memory = ([^\n]+)"), "256 GB")
  t.eq(tostring(dml.gpu(gpus.h100_sxm, { l2_size = "1.5 KiB" })):match("l2_size = ([^\n]+)"), "1.536 kB")
end
-- a changed copy: a part record given as a table changes only the fields it names; a changed
-- value loses the base's citation unless the copy gives one
do
  local g = dml.gpu(gpus.h100_sxm, { efficiency = { gemm = 0.5 } })
  t.eq(g.efficiency.gemm, 0.5)
  t.eq(g.efficiency.fp8_gain, gpus.h100_sxm.efficiency.fp8_gain, "the other efficiencies kept")
  t.eq(tostring(g.efficiency.memory), tostring(dml.gpu(gpus.h100_sxm).efficiency.memory), "and the memory")
  t.eq(g.efficiency.sources.gemm, nil, "the changed value's citation dropped")
  t.eq(g.efficiency.sources.fp8_gain, gpus.h100_sxm.efficiency.sources.fp8_gain, "the others' kept")
  local cited = dml.gpu(gpus.h100_sxm, { efficiency = { gemm = 0.5, sources = { gemm = "my fit" } } })
  t.eq(cited.efficiency.sources.gemm, "my fit")
  t.eq(cited.efficiency.sources.attention, gpus.h100_sxm.efficiency.sources.attention, "sources added to")
  t.eq(dml.gpu(gpus.h100_sxm, { hbm_bandwidth = "4 TB/s" }).sources.hbm_bandwidth, nil, "top-level values too")
  -- what a framework can allocate is at most the HBM, its datasheet number read as GiB (the
  -- B200's nvidia-smi total, 192.3 GB, is more than its "180 GB")
  raises_here(function() return dml.gpu(gpus.h100_sxm, { efficiency = { memory = "86 GB" } }) end,
    "gpu.efficiency.memory: 86 GB is more than the GPU holds: hbm_capacity is 80 GB (at most 85.9 GB, read as GiB as datasheets write it)")
  t.eq(tostring(dml.gpu(gpus.h100_sxm, { efficiency = { memory = "85.8 GB" } }).efficiency.memory), "85.8 GB")
  -- a size in bits is a slip for bytes (helper-162: "80 Gb", 10 GB, gave a believable plan);
  -- dml.q and arithmetic still read bits
  raises_here(function() return dml.gpu(gpus.h100_sxm, { hbm_capacity = "80 Gb" }) end,
    'gpu.hbm_capacity: expected a size in bytes like "80 GiB", got "80 Gb" ("Gb" counts bits; a size is written in bytes, "GB" or "GiB")')
  raises_here(function() return dml.gpu(gpus.h100_sxm, { efficiency = { memory = "600 Mb" } }) end,
    'gpu.efficiency.memory: expected a size in bytes like "80 GiB", got "600 Mb" ("Mb" counts bits; a size is written in bytes, "MB" or "MiB")')
  t.eq(tostring(dml.q("80 Gb")), "10 GB")
  -- (whatever separates them, escaped in the message; the binary prefix's capital K; helper-168)
  raises_here(function() return dml.gpu(gpus.h100_sxm, { hbm_capacity = "80\nGb" }) end,
    'gpu.hbm_capacity: expected a size in bytes like "80 GiB", got "80\\nGb" ("Gb" counts bits; a size is written in bytes, "GB" or "GiB")')
  raises_here(function() return dml.gpu(gpus.h100_sxm, { efficiency = { workspace = "1 kb" } }) end,
    'gpu.efficiency.workspace: expected a size in bytes like "80 GiB", got "1 kb" ("kb" counts bits; a size is written in bytes, "kB" or "KiB")')
  -- a capacity written binary is its own bound
  raises_here(function() return dml.gpu(gpus.h100_sxm, { hbm_capacity = "80 GiB", efficiency = { memory = "85 GiB" } }) end,
    "gpu.efficiency.memory: 91.27 GB is more than the GPU holds: hbm_capacity is 85.9 GB (at most 85.9 GB)")
  -- the workspace comes out of that memory, and the peak is a real number
  raises_here(function() return dml.gpu(gpus.h100_sxm, { efficiency = { workspace = "1e300 B" } }) end,
    "gpu.efficiency.workspace: 1e300 B is no less than the 85.52 GB a framework can allocate (efficiency.memory, else hbm_capacity read as GiB): nothing would fit (only the transformer model reads efficiency: a GPU for the paper's model alone can drop it, efficiency = false)")
  raises_here(function() return dml.gpu(gpus.h100_sxm, { clock = "1e306 Hz" }) end,
    "gpu.clock: 1e306 Hz x 132 SMs x 128 threads x 32 FLOP per clock is a peak of inf FLOP/s, out of any real range (at most 1e60 FLOP/s)")
  -- Another capacity keeps the base's share of what the driver reports (helper-102: "141 GB" on
  -- an H100 copy dropped the memory and read 141e9 B, 131.3 GiB, against the H200's 140.4 GiB):
  -- the B200's 183,359 MiB of its "180 GB" (184,320 MiB) is 101,866 MiB of "100 GB" (102,400).
  local scaled = dml.gpu(gpus.b200, { hbm_capacity = "100 GB" }).efficiency
  t.eq(scaled.memory:value "B" / 2^20, 101866, "the B200's share of 100 GB")
  t.eq(scaled.sources.memory, "estimate: 101866 MiB, the share of 100 GB the base's 183359 MiB is of its 180 GB (a datasheet's GB read as GiB, as for the presets)")
  t.eq(dml.gpu(gpus.h100_sxm, { hbm_capacity = "141 GB" }).efficiency.memory:value "B" / 2^20, 143747,
    "an H100 with 141 GB: near the H200's 143,771 MiB")
  -- and checked as a memory given would be: a workspace past it is refused where it is declared
  -- (helper-105: accepted, and refused at first use under another name)
  raises_here(function() return dml.gpu(gpus.h100_sxm, { hbm_capacity = "3075 MiB" }) end,
    "gpu.efficiency.workspace: 3.221 GB is no less than the 3.21 GB a framework can allocate (efficiency.memory, else hbm_capacity read as GiB): nothing would fit (only the transformer model reads efficiency: a GPU for the paper's model alone can drop it, efficiency = false)")
  t.eq(dml.gpu(gpus.h100_sxm, { hbm_capacity = "20000 GiB" }).efficiency.sources.memory:match "the share of [^ ]+ [^ ]+",
    "the share of 20000 GiB", "a binary capacity as it was written")
  local no_memory = dml.gpu(gpus.v100_sxm).efficiency  -- declared, no memory
  t.eq(no_memory.memory, nil)
  -- Without one, the workspace is checked against the capacity as a run allocates it, "32 GB" as
  -- 32 GiB (helper-374: a 31 GiB workspace was refused against 32e9 B that the run would not use)
  t.eq(dml.gpu(gpus.v100_sxm, { efficiency = { workspace = "31 GiB" } }).efficiency.workspace:value "B", 31 * 2^30)
  raises_here(function() return dml.gpu(gpus.v100_sxm, { efficiency = { workspace = "32 GiB" } }) end,
    "gpu.efficiency.workspace: 34.36 GB is no less than the 34.36 GB a framework can allocate (efficiency.memory, else hbm_capacity read as GiB): nothing would fit (only the transformer model reads efficiency: a GPU for the paper's model alone can drop it, efficiency = false)")
  t.eq(dml.gpu(gpus.h100_sxm, { efficiency = no_memory }).efficiency.memory, nil, "a declared record replaces it whole")
  -- The base's own capacity restated keeps its memory (helper-73: "80 GB" of the 80 GB H100
  -- dropped 5.1 GiB of what a framework allocates).
  t.eq(tostring(dml.gpu(gpus.h100_sxm, { hbm_capacity = "80 GB" }).efficiency.memory),
    tostring(dml.gpu(gpus.h100_sxm).efficiency.memory), "the same capacity, the same memory")
  t.eq(tostring(dml.gpu(gpus.h100_sxm, { hbm_capacity = "80 GiB" }).efficiency.memory),
    tostring(dml.gpu(gpus.h100_sxm).efficiency.memory), "80 GiB is the 80 GB a datasheet means: the same memory")
  t.eq(dml.gpu(gpus.h100_sxm, { hbm_capacity = "160 GB", efficiency = { memory = "150 GiB" } }).efficiency.memory:value "B",
    150 * 2^30, "a memory given with the capacity is kept")
  local moe = dml.transformer { layers = 2, d_model = 1024, heads = 8, d_ff = 4096, vocab = 32000, seq_len = 1024,
    moe = { experts = 8, top_k = 2 } }
  local changed = dml.transformer(moe, { moe = { top_k = 4 } })
  t.eq(changed.moe.experts, 8, "a model's moe: the experts kept")
  t.eq(changed.moe.top_k, 4)
  -- false drops an optional field from the copy: a dense model of the MoE one, a window gone,
  -- kv_heads derived again; a flag's false is a value, and outside a copy false is no value
  local windowed = dml.transformer(moe, { window = 256, kv_heads = 2 })
  local dense = dml.transformer(windowed, { moe = false, window = false, kv_heads = false })
  t.eq(dense.moe, nil, "moe = false: a dense model")
  t.eq(dense.window, nil)
  t.eq(dense.kv_heads, nil, "kv_heads derived again")
  t.eq(windowed.moe.experts, 8, "the base keeps its fields")
  -- The window dropped takes the full layers among the windowed ones with it (helper-128: GPT-OSS
  -- and Gemma 3 without their windows were refused); given with it, they are checked.
  local alternating = dml.transformer(moe, { window = 128, full_attention_every = 2 })
  t.eq(dml.transformer(alternating, { window = false }).full_attention_every, nil)
  raises_here(function() dml.transformer(alternating, { window = false, full_attention_every = 3 }) end,
    "transformer.full_attention_every: needs a window (every layer is full without one)")
  t.eq(dml.transformer(moe, { causal = false }).causal, false, "a flag's false is its value")
  raises_here(function() dml.transformer { window = false, layers = 2, d_model = 1024, heads = 8, d_ff = 4096,
    vocab = 32000, seq_len = 1024 } end, "transformer.window: expected a positive whole number, got a boolean")
  raises_here(function() dml.transformer(moe, { layers = false }) end,
    "transformer.layers: expected a positive whole number, got a boolean")
  -- any other record given as a table replaces the base's whole: nothing of it stays
  local stacks = require "dml.presets.stacks"
  local cluster = dml.cluster { gpu = gpus.h100_sxm, size = 8, levels = { networks.nvlink4_h100 } }
  t.eq(dml.cluster(cluster, { gpu = gpus.a100_sxm }).gpu.flop_per_clock_per_thread.fp8, nil, "the A100 has no FP8 rate")
  t.eq(dml.gpu(gpus.h100_sxm, { flop_per_clock_per_thread = gpus.a100_sxm.flop_per_clock_per_thread })
    .flop_per_clock_per_thread.fp8, nil, "a preset's record replaces it whole")
  local run = dml.run { model = moe, stack = stacks.megatron_core, global_batch = 8, cluster = cluster }
  t.eq(dml.run(run, { stack = stacks.torchtitan }).stack.recompute_norms, false, "a stack replaced whole")
end
-- each names the function that copies it: dml.run for a transformer run; a result has none, nor
-- a record another value holds
do
  local stacks = require "dml.presets.stacks"
  local model = dml.transformer { layers = 2, d_model = 1024, heads = 8, d_ff = 4096, vocab = 32000, seq_len = 1024,
    moe = { experts = 8, top_k = 2 } }
  local run = dml.run { model = model, stack = stacks.megatron_core, global_batch = 8,
    cluster = dml.cluster { gpu = gpus.h100_sxm, size = 8, levels = { dml.level(networks.nvlink4_h100, { size = 8 }), networks.infiniband_ndr } } }
  raises_here(function() run.stack = stacks.torchtitan end,
    "a transformer training run is read-only: make a changed copy with dml.run(value, { ... }) (setting \"stack\")")
  t.eq(dml.run(run, { stack = stacks.torchtitan }).stack.name, "torchtitan", "dml.run copies a transformer run")
  -- the reference names the function that makes it, and a part is no function
  local kinds = {}
  for _, ty in ipairs(dml.types()) do kinds[ty.name] = ty end
  t.eq(kinds.transformer_run.constructor, "run")
  t.eq(kinds.gpu.constructor, "gpu")
  t.eq(kinds.moe.constructor, nil, "a part has no constructor")
  t.eq(dml.doc("transformer_run"):match("^[^:]*"), "transformer_run, made by dml.run{...}")
  t.eq(dml.doc("moe"):match("^[^:]*"), "moe", "not dml.moe{...}")
  t.eq(dml.doc("run"):match("[^\n]*$"),
    "With a dml.transformer model, dml.run makes a transformer_run: dml --doc transformer_run lists its fields.",
    "the paper's run points to the other kind")
  local plan = dml.evaluate(run, { tp = 1, pp = 1, ep = 8 })
  raises_here(function() plan.gpus = 4 end, "a transformer plan is read-only: dml computed it; read its fields (setting \"gpus\")")
  raises_here(function() model.moe.top_k = 4 end,
    "a mixture of experts is read-only: change it in a copy of the value that holds it (setting \"top_k\")")
end
t.eq(nv.size, 8, "the original is unchanged")
raises_here(function() return nv.bandwith end, "a network level has no field 'bandwith' (did you mean 'bandwidth'?); see dml --doc level")
local seen = {}
for k, v in pairs(nv) do seen[#seen + 1] = k .. "=" .. tostring(v) end
t.eq(table.concat(seen, " "), "name=nvlink size=8 bandwidth=900 GB/s link=450 GB/s latency=1.125 us", "pairs: present fields, in order")
t.eq(tostring(nv), 'level {\n  name = "nvlink"\n  size = 8\n  bandwidth = 900 GB/s  -- per GPU, both directions together\n'
  .. '  link = 450 GB/s  -- per GPU, each direction: bandwidth = 2 x link\n  latency = 1.125 us\n}', "tostring")
t.eq(getmetatable(nv).__name, "dml.level", "its type")

-- a level's bandwidth is per GPU and both directions together; its link is one direction, as
-- NICs and NVLink are sold. A 400 Gb/s NIC moves 50 GB/s each way: 100 GB/s = 1e11 B/s both
-- ways. Doubling and halving are exact in binary floating point, so these are equalities.
local nic = dml.level { name = "ib", link = "400 Gb/s", latency = "1.125 us" }
t.eq(nic.bandwidth:value(), 1e11, "link = 400 Gb/s is exactly 1e11 B/s both directions")
t.eq(nic.link:value(), 5e10, "and 5e10 B/s each way")
t.eq(nic.bandwidth, dml.level { bandwidth = "100 GB/s", latency = "1 us" }.bandwidth, "the same double as bandwidth = 100 GB/s")
t.eq(nv.link:value(), 4.5e11, "a level given its bandwidth has its link, half of it")
t.eq(dml.level { link = dml.q(math.huge, "B/s"), latency = "1 us" }.bandwidth:value(), math.huge, "an infinite link")
-- a copy's changes give one of the two and the other follows
local xdr = dml.level(nic, { link = "800 Gb/s" })
t.eq(xdr.bandwidth:value(), 2e11, "a copy given link: bandwidth follows")
local fat = dml.level(nic, { bandwidth = "300 GB/s" })
t.eq(fat.link:value(), 1.5e11, "a copy given bandwidth: link follows")
t.eq(dml.level(nic, { size = 4 }).bandwidth:value(), 1e11, "a copy that changes neither keeps both")
t.eq(dml.level(networks.infiniband_xdr, { link = "400 Gb/s" }).bandwidth, dml.q"100 GB/s", "a preset copied with a link")
-- both given: they must agree (a printed level, or its JSON, reads back as it was)
t.eq(dml.level { bandwidth = "100 GB/s", link = "400 Gb/s", latency = "1 us" }.bandwidth, dml.q"100 GB/s", "both, agreeing")
local again = {}
for k, v in pairs(nic) do again[k] = v end
t.eq(dml.level(again).link, nic.link, "a level's fields, copied into a table, declare it again")
raises_here(function() dml.level { bandwidth = "100 GB/s", link = "800 Gb/s", latency = "1 us" } end, "level.link: 100 GB/s in each direction is not half the bandwidth, 100 GB/s (both directions): give one of the two")
raises_here(function() dml.level(nic, { bandwidth = "300 GB/s", link = "400 Gb/s" }) end, "level.link: 50 GB/s in each direction is not half the bandwidth, 300 GB/s (both directions): give one of the two")
-- A bandwidth too small to halve exactly is the bandwidth's fault, not a link's the scenario never
-- wrote (helper-348)
raises_here(function() dml.level { bandwidth = "4.9e-324 B/s", latency = "1 us" } end, "level.bandwidth: 4.941e-324 B/s is too small to halve into a link in each direction")
raises_here(function() dml.level { link = "400 Gb", latency = "1 us" } end, 'level.link: expected a bandwidth like "900 GB/s", got "400 Gb"')
raises_here(function() dml.level { link = "0 Gb/s", latency = "1 us" } end, "level.link: must be positive, got 0 B/s")
raises_here(function() dml.cluster { gpu = gpus.h100_sxm, levels = { networks.nvlink4_h100, { latency = "1 us" } } } end, "cluster.levels[2].bandwidth: required: bandwidth (per GPU, both directions together) or link (per GPU, each direction: bandwidth = 2 x link)")

-- merging a preset with changes re-validates and keeps the rest
local h200ish = dml.gpu(gpus.h100_sxm, { hbm_bandwidth = "4.8 TB/s", name = "H100 with HBM3e" })
t.near(h200ish.hbm_bandwidth:value(), 4.8e12)
t.near(h200ish.hbm_capacity:value(), 80e9)
t.eq(h200ish.name, "H100 with HBM3e")
t.eq(gpus.h100_sxm.hbm_bandwidth, "3352 GB/s", "the preset itself is unchanged")
-- The memory a framework can allocate is the driver's total for the base's HBM: a copy keeps it,
-- a copy with another hbm_capacity keeps its share of the new one, unless it gives its own. The
-- H100 NVL's nvidia-smi total is 95,830 MiB; the H100 SXM's share of "94 GB" is 95,831 MiB.
t.near(h200ish.efficiency.memory:value("MiB"), 81559, 1e-12, "a copy keeps the driver's total")
local nvl = dml.gpu(gpus.h100_sxm, { name = "H100 NVL", hbm_capacity = "94 GB" })
t.eq(nvl.efficiency.memory:value("MiB"), 95831, "another capacity keeps the base's share")
t.near(nvl.efficiency.gemm, gpus.h100_sxm.efficiency.gemm, 1e-12, "and keeps the rest of the record")
local own = dml.gpu(gpus.h100_sxm, { hbm_capacity = "94 GB", efficiency = { memory = "95830 MiB" } })
t.near(own.efficiency.memory:value("MiB"), 95830, 1e-12, "unless it gives its own")

-- defaults are filled
local g = dml.gpu { name = "toy", flop_per_clock_per_thread = { fp16 = 1 }, sms = 1, clock = "1 GHz",
  effective_utilization = 0.5, hbm_bandwidth = "1 TB/s", hbm_capacity = "1 GB", l2_bandwidth = "2 TB/s",
  l2_size = "1 MiB" }
t.near(g.register_file:value(), 65536)
t.eq(g.dsmem, false)
t.near(g.matmul_latency:value("us"), 4.5)
t.eq(g.tensor_core_granule, 8)

-- every preset is a valid declaration, and every number in it has a source
for _, presets in ipairs { gpus, networks } do
  for key, p in pairs(presets) do
    local decl = presets == gpus and dml.gpu(p) or dml.level(p)
    t.eq(getmetatable(decl).__name, presets == gpus and "dml.gpu" or "dml.level", key)
    for field, v in pairs(p) do
      if field ~= "name" and field ~= "sources" and type(v) ~= "table" or field == "flop_per_clock_per_thread" then
        t.eq(type(p.sources[field]), "string", key .. ".sources." .. field)
      end
    end
  end
end
-- the paper's H100 peak: 32 FLOP x 128 threads x 132 SMs x 1830 MHz = 989.4 TFLOP/s
local h = dml.gpu(gpus.h100_sxm)
t.near(h.flop_per_clock_per_thread.fp16 * 128 * h.sms * h.clock:value(), 9.8942976e14)

-- a cluster
local c = dml.cluster { gpu = gpus.h100_sxm, levels = { networks.nvlink4_h100, networks.infiniband_ndr } }
t.eq(#c.levels, 2)
t.eq(c.gpu.name, "H100 SXM")
t.eq(c.size, nil)
t.eq(dml.cluster { gpu = gpus.h100_sxm, size = 1024, levels = { networks.nvlink4_h100, networks.infiniband_ndr } }.size, 1024)

-- errors name the declared type, the field path and what was expected
raises_here(function() dml.level { bandwidth = "900 GB", latency = "1 us" } end, 'level.bandwidth: expected a bandwidth like "900 GB/s", got "900 GB"')
raises_here(function() dml.level { bandwidth = 9e11, latency = "1 us" } end, 'level.bandwidth: expected a bandwidth like "900 GB/s", got the bare number 9e11 (write it with a unit)')
raises_here(function() dml.level { latency = "1 us" } end, "level.bandwidth: required: bandwidth (per GPU, both directions together) or link (per GPU, each direction: bandwidth = 2 x link)")
raises_here(function() dml.level { bandwidth = "1 GB/s", latency = "-1 us" } end, "level.latency: must not be negative, got -1 us")
raises_here(function() dml.level { bandwidth = "0 GB/s", latency = "1 us" } end, "level.bandwidth: must be positive, got 0 B/s")
raises_here(function() dml.level { size = 2.5, bandwidth = "1 GB/s", latency = "1 us" } end, "level.size: expected a whole number, got 2.5")
raises_here(function() dml.level { size = 0, bandwidth = "1 GB/s", latency = "1 us" } end, "level.size: must be a positive whole number, got 0")
raises_here(function() dml.level { size = 1, bandwidth = "1 GB/s", latency = "1 us", speed = 3 } end, "level.speed: unknown field of a network level; its fields are name, size, bandwidth, link, latency, measured, sources")
-- Several unknown fields: the first by name, the others after it, the same message on every run
-- (the table's order is its hash's, seeded at random), whatever order they were written in.
for _ = 1, 8 do
  raises_here(function() dml.level { latncy = "1 us", size = 8, bandwith = "900 GB/s", speed = 3, link = "1 Gb/s" } end,
    "level.bandwith: unknown field of a network level (did you mean 'bandwidth'?); also unknown: 'latncy' ('latency'?), 'speed'; its fields are name, size, bandwidth, link, latency, measured, sources")
end
-- A stem of fields names them, not the field nearest in spelling (a probe's split.tp, the
-- layout's shape, was pointed to 'dp'), in the first unknown field's hint and the others'.
raises_here(function() dml.transformer { layers = 2, d_model = 64, heads = 2, vocab = 100, seq_len = 8, d = 1, seq = 3 } end,
  "transformer.d: unknown field of a transformer (did you mean 'd_ff' or 'd_model'?); also unknown: 'seq' ('seq_len'?); "
  .. "its fields are layers, d_model, heads, kv_heads, head_dim, d_ff, gated, vocab, tied_embeddings, seq_len, causal, "
  .. "window, full_attention_every, parallel_block, mtp_layers, moe, mla, name")
do
  local paper = require "dml.paper.erdil2024"
  local r = dml.run { model = dml.mlp_stack { d_model = 12288 }, cluster = paper.clusters["H100 SXM"] }
  t.raises_in_this_file(function() dml.evaluate(r, { dp = 1, tp = { model = 4, ff = 8 }, pp = 64, ep = 1, microbatches = 128,
      split = { dp = { 1, 1 }, tp = { model = { 4, 1 }, ff = { 4, 2 } }, pp = { 1, 64 }, ep = { 1, 1 } } }) end,
    "layout.split.tp: unknown field of a split of the degrees across network levels (did you mean 'tp_ff' or 'tp_model'?); "
    .. "its fields are dp, tp_model, tp_ff, pp, ep")
end
raises_here(function() dml.level "nvlink" end, 'level: expected a network level (a table of its fields), got "nvlink"')
-- a preset named as text: its table named (helper-162), where one preset is nearest, from the
-- preset module as loaded, read without running a script's code (helper-168)
raises_here(function() dml.cluster { gpu = "h100_sxm", size = 8, levels = { networks.nvlink4_h100 } } end,
  'cluster.gpu: expected a GPU (a table of its fields), got "h100_sxm" (a preset is given as its table: dml.presets.gpus.h100_sxm?)')
raises_here(function() dml.cluster { gpu = gpus.h100_sxm, size = 8, levels = { "nvlink4_h100" } } end,
  'cluster.levels[1]: expected a network level (a table of its fields), got "nvlink4_h100" (a preset is given as its table: dml.presets.networks.nvlink4_h100?)')
raises_here(function() dml.level { "nvlink" } end, "level: expected named fields of a network level, found the key 1")
raises_here(function() dml.gpu(gpus.h100_sxm, { effective_utilization = 1.5 }) end, "gpu.effective_utilization: must be at most 1, got 1.5")
raises_here(function() dml.gpu(gpus.h100_sxm, { dsmem = "yes" }) end, 'gpu.dsmem: expected true or false, got "yes"')
raises_here(function() dml.gpu(gpus.h100_sxm, { sources = { speed = "x" } }) end, 'gpu.sources: "speed" is not a field of a GPU')
raises_here(function() dml.cluster { gpu = gpus.h100_sxm, levels = {} } end, "cluster.levels: expected a non-empty list, each a network level")
raises_here(function() dml.cluster { gpu = gpus.h100_sxm, levels = { networks.infiniband_ndr, networks.nvlink4_h100 } } end, "cluster.levels[1].size: required on every level but the outermost (how many groups of the level below it joins)")
raises_here(function() dml.cluster { gpu = gpus.h100_sxm, levels = { networks.nvlink4_h100 } } end, "cluster.levels[1].size: the outermost level spans the whole cluster; give the cluster's size instead")
-- a preset level used outermost keeps its size: where a group of it covers the cluster, the
-- level spans the cluster; a copy that outgrows it is checked again
local node8 = dml.cluster { gpu = gpus.h100_sxm, size = 8, levels = { networks.nvlink4_h100 } }
t.eq(node8.levels[1].size, 8, "one node of 8")
t.eq(dml.cluster { gpu = gpus.h100_sxm, size = 4, levels = { networks.nvlink4_h100 } }.size, 4, "half a node")
raises_here(function() dml.cluster { gpu = gpus.h100_sxm, size = 16, levels = { networks.nvlink4_h100 } } end,
  "cluster.levels[1].size: the outermost level spans the whole cluster, 16 GPUs, more than a group of 8 of this level holds: add the level that joins its groups (a network)")
raises_here(function() dml.cluster(node8, { size = 64 }) end,
  "cluster.levels[1].size: the outermost level spans the whole cluster, 64 GPUs, more than a group of 8 of this level holds: add the level that joins its groups (a network)")
raises_here(function() dml.cluster { gpu = gpus.h100_sxm, size = 12, levels = { networks.nvlink4_h100, networks.infiniband_ndr } } end, "cluster.size: 12 GPUs is not a whole number of level-1 groups of 8 GPUs (8 or 16 are)")
raises_here(function() dml.cluster { gpu = gpus.h100_sxm, levels = { networks.nvlink4_h100, { bandwidth = "1 GB/s" } } } end, "cluster.levels[2].latency: required (latency of one message at this level)")

-- every field of every described type has a doc and says what it takes, and dml.doc describes
-- each type
for _, described in ipairs(dml.types()) do
  local name = described.name
  for _, f in ipairs(dml.fields(name)) do
    t.eq(type(f.doc) == "string" and #f.doc > 0, true, name .. "." .. f.name .. " has a doc")
    t.eq(type(f.takes) == "string" and #f.takes > 0, true, name .. "." .. f.name .. " says what it takes")
  end
  t.eq(type(dml.doc(name)), "string", "dml.doc(" .. name .. ")")
end
for _, name in ipairs(dml.names()) do
  t.eq(type(dml.doc(name)), "string", "dml.doc(" .. name .. ")")
end

-- what docs say of a default is text a scenario could write or read, never a Lua value's
-- address ("default table: 0x...") or an empty "default "
local function no_address(text, what)
  for _, kind in ipairs { "table", "function", "userdata", "thread" } do
    t.eq(text:find(kind .. ": 0x", 1, true), nil, what .. " shows no " .. kind .. " address")
  end
end
for _, described in ipairs(dml.types()) do
  for _, f in ipairs(dml.fields(described.name)) do
    local what = described.name .. "." .. f.name .. "'s default"
    -- (or, for one of two alternative fields, "required, unless link is given" / "instead of bandwidth")
    t.eq(f.default == "required" or f.default == "optional" or f.default:match("^default:? %S") ~= nil
      or f.default:match("^required, unless [%w_]+ is given$") ~= nil or f.default:match("^instead of [%w_]+$") ~= nil, true,
      what .. " is required, optional or a default (" .. f.default .. ")")
    no_address(f.default, what)
  end
end
for _, name in ipairs(dml.names()) do no_address(dml.doc(name), "dml --doc " .. name) end

-- a table with a metatable of its own (a proxy, a class instance) is refused, saying why
-- (helper-82: "got a table" did not); a plain table of the same fields is read
do
  local fields = { layers = 4, d_model = 1024, heads = 8, d_ff = 4096, vocab = 32000, seq_len = 2048 }
  raises_here(function() dml.transformer(setmetatable({}, { __index = fields })) end,
    "transformer: expected a transformer (a table of its fields), got a table with a metatable (dml reads a "
    .. "plain table's own fields, without metamethods: copy them into one)")
  raises_here(function() dml.cluster { gpu = gpus.h100_sxm, size = 8, levels = setmetatable({ networks.nvlink4_h100 }, {}) } end,
    "cluster.levels: expected a list, each a network level, got a table with a metatable (dml reads a plain "
    .. "table's own fields, without metamethods: copy them into one)")
  t.eq(dml.transformer(fields).layers, 4)
  raises_here(function() dml.transformer(42) end, "transformer: expected a transformer (a table of its fields), got 42")
end

-- A preset changed in place is refused where it is read, naming the field (helper-85: a library
-- that tweaked gpus.h100_sxm.efficiency.gemm changed every later result of the run); a changed
-- copy is the way, and dml.set_preset changes a preset for the run on purpose.
do
  local stacks = require "dml.presets.stacks"
  local shipped = gpus.h100_sxm.efficiency.gemm
  gpus.h100_sxm.efficiency.gemm = 0.95
  raises_here(function() dml.gpu(gpus.h100_sxm) end, "dml.presets.gpus.h100_sxm.efficiency.gemm: changed in place "
    .. "(0.95; the preset's is 0.646): a preset is shared by every scenario and library of the run; declare a changed "
    .. "copy instead (dml.gpu(preset, { ... }), dml.level(preset, { ... }), ...)")
  gpus.h100_sxm.efficiency.gemm = shipped
  t.eq(dml.gpu(gpus.h100_sxm).efficiency.gemm, shipped, "put back, it reads again")
  stacks.megatron_core.gradient_reduce_bytes = nil
  raises_here(function() dml.stack(stacks.megatron_core) end, "dml.presets.stacks.megatron_core.gradient_reduce_bytes: "
    .. "changed in place (nothing; the preset's is 2): a preset is shared by every scenario and library of the run; "
    .. "declare a changed copy instead (dml.gpu(preset, { ... }), dml.level(preset, { ... }), ...)")
  stacks.megatron_core.gradient_reduce_bytes = 2
  local sources = gpus.h100_sxm.sources
  local was = sources.sms
  sources.sms = "mine"
  raises_here(function() dml.gpu(gpus.h100_sxm) end, "dml.presets.gpus.h100_sxm.sources: changed in place (another "
    .. "table, or one of its fields changed; the preset's is the table it was made with): a preset is shared by every "
    .. "scenario and library of the run; declare a changed copy instead (dml.gpu(preset, { ... }), dml.level(preset, { ... }), ...)")
  sources.sms = was
  t.eq(dml.gpu(gpus.h100_sxm).name, "H100 SXM")
  -- A key added, to the preset or to a table in it, is a change too (found by counting the keys).
  rawset(stacks.megatron_core, "mine", 1)
  raises_here(function() dml.stack(stacks.megatron_core) end, "dml.presets.stacks.megatron_core.mine: changed in place "
    .. "(1; the preset's is nothing): a preset is shared by every scenario and library of the run; "
    .. "declare a changed copy instead (dml.gpu(preset, { ... }), dml.level(preset, { ... }), ...)")
  rawset(stacks.megatron_core, "mine", nil)
  sources.mine = "mine"
  raises_here(function() dml.gpu(gpus.h100_sxm) end, "dml.presets.gpus.h100_sxm.sources: changed in place (another "
    .. "table, or one of its fields changed; the preset's is the table it was made with): a preset is shared by every "
    .. "scenario and library of the run; declare a changed copy instead (dml.gpu(preset, { ... }), dml.level(preset, { ... }), ...)")
  sources.mine = nil
  t.eq(dml.stack(stacks.megatron_core).name, dml.stack(stacks.megatron_core).name, "put back, it reads again")
  t.eq(dml.gpu(gpus.h100_sxm, { efficiency = { gemm = 0.95 } }).efficiency.gemm, 0.95, "a changed copy")
  t.eq(dml.gpu(gpus.h100_sxm).efficiency.gemm, shipped, "the copy leaves the preset")
  local put_back = dml.set_preset(gpus.h100_sxm.efficiency, { gemm = 0.7 })
  t.eq(dml.gpu(gpus.h100_sxm).efficiency.gemm, 0.7, "set for the run")
  put_back()
  t.eq(dml.gpu(gpus.h100_sxm).efficiency.gemm, shipped)
  -- After dml.set_preset, put back or not, a change in place is still refused (helper-366: the
  -- record had become its own copy, and every later change passed unseen).
  gpus.h100_sxm.efficiency.gemm = 0.95
  raises_here(function() dml.gpu(gpus.h100_sxm) end, "dml.presets.gpus.h100_sxm.efficiency.gemm: changed in place "
    .. "(0.95; the preset's is 0.646): a preset is shared by every scenario and library of the run; declare a changed "
    .. "copy instead (dml.gpu(preset, { ... }), dml.level(preset, { ... }), ...)")
  gpus.h100_sxm.efficiency.gemm = shipped
  local kept = dml.set_preset(gpus.h100_sxm.efficiency, { gemm = 0.9 })
  local hbm = gpus.h100_sxm.efficiency.hbm
  gpus.h100_sxm.efficiency.hbm = 0.1
  raises_here(function() dml.gpu(gpus.h100_sxm) end, "dml.presets.gpus.h100_sxm.efficiency.hbm: changed in place "
    .. "(0.1; the preset's is " .. hbm .. "): a preset is shared by every scenario and library of the run; declare a changed "
    .. "copy instead (dml.gpu(preset, { ... }), dml.level(preset, { ... }), ...)")
  gpus.h100_sxm.efficiency.hbm = hbm
  t.eq(dml.gpu(gpus.h100_sxm).efficiency.gemm, 0.9, "set for the run, its other fields as they were")
  kept()
  local sms = gpus.h100_sxm.sms
  dml.set_preset(gpus.h100_sxm, { sms = 100 })()
  gpus.h100_sxm.sms = 7
  raises_here(function() dml.gpu(gpus.h100_sxm) end, "dml.presets.gpus.h100_sxm.sms: changed in place "
    .. "(7; the preset's is " .. sms .. "): a preset is shared by every scenario and library of the run; declare a changed "
    .. "copy instead (dml.gpu(preset, { ... }), dml.level(preset, { ... }), ...)")
  gpus.h100_sxm.sms = sms
  t.eq(dml.gpu(gpus.h100_sxm).sms, sms)
  -- A change in place made before dml.set_preset is still refused after it, and after its put
  -- back (helper-367: set_preset took the whole record as its new copy, that change with it).
  gpus.h100_sxm.efficiency.hbm = 0.1
  local back2 = dml.set_preset(gpus.h100_sxm.efficiency, { gemm = 0.9 })
  raises_here(function() dml.gpu(gpus.h100_sxm) end, "dml.presets.gpus.h100_sxm.efficiency.hbm: changed in place "
    .. "(0.1; the preset's is " .. hbm .. "): a preset is shared by every scenario and library of the run; declare a changed "
    .. "copy instead (dml.gpu(preset, { ... }), dml.level(preset, { ... }), ...)")
  back2()
  raises_here(function() dml.gpu(gpus.h100_sxm) end, "dml.presets.gpus.h100_sxm.efficiency.hbm: changed in place "
    .. "(0.1; the preset's is " .. hbm .. "): a preset is shared by every scenario and library of the run; declare a changed "
    .. "copy instead (dml.gpu(preset, { ... }), dml.level(preset, { ... }), ...)")
  gpus.h100_sxm.efficiency.hbm = hbm
  t.eq(dml.gpu(gpus.h100_sxm).efficiency.gemm, shipped)
  t.eq(dml.gpu(gpus.h100_sxm).efficiency.hbm, hbm)
  -- a field the preset leaves unset is unset again (helper-86), and a record inside the preset
  -- is changed through its own call, not replaced
  t.eq(rawget(gpus.mi355x.efficiency, "memory"), nil, "unset in the preset")
  local default = dml.gpu(gpus.mi355x).efficiency.memory
  local back = dml.set_preset(gpus.mi355x.efficiency, { memory = "100 GiB" })
  t.eq(dml.gpu(gpus.mi355x).efficiency.memory, dml.q"100 GiB")
  back()
  t.eq(rawget(gpus.mi355x.efficiency, "memory"), nil, "unset again")
  t.eq(dml.gpu(gpus.mi355x).efficiency.memory, default)
  raises_here(function() dml.set_preset(gpus.h100_sxm, { efficiency = { gemm = 0.9 } }) end,
    "dml.set_preset: efficiency is a record of its own: change its fields with dml.set_preset(<the preset>.efficiency, { ... })")
  raises_here(function() dml.set_preset(gpus.h100_sxm.efficiency, { gem = 1 }) end,
    "dml.presets.gpus.h100_sxm.efficiency.gem: no such field; did you mean 'gemm'?")
  raises_here(function() dml.set_preset({ gemm = 1 }, { gemm = 2 }) end,
    "dml.set_preset: expected a preset record (gpus.h100_sxm, gpus.h100_sxm.efficiency, ...), got a table that is none")
  -- a field given one way drops its other way, as a changed copy does (helper-162: a level's
  -- link kept beside its new bandwidth, the next cluster refused)
  local ib = networks.infiniband_ndr
  local link = rawget(ib, "link")
  local undo = dml.set_preset(ib, { bandwidth = "1 TB/s" })
  t.eq(dml.level(ib).link, dml.q"500 GB/s")
  t.eq(dml.cluster { gpu = gpus.h100_sxm, size = 16, levels = { networks.nvlink4_h100, ib } }.levels[2].bandwidth, dml.q"1 TB/s")
  undo()
  t.eq(rawget(ib, "link"), link); t.eq(rawget(ib, "bandwidth"), nil)
  t.eq(dml.level(ib).bandwidth, dml.level(ib, {}).bandwidth)
  raises_here(function() dml.set_preset(ib, { [true] = 1 }) end, "dml.set_preset: the changes are fields by name, got the key a boolean")
end

-- a required label may not be blank: it names the GPU or the stack in tables and messages
-- (the final list of the twenty-second session: name = "" printed an empty column)
raises_here(function() dml.gpu(gpus.h100_sxm, { name = "" }) end,
  "gpu.name: must not be blank (a label for tables and plots, e.g. \"H100 SXM\")")
raises_here(function() dml.gpu(gpus.h100_sxm, { name = " \t" }) end,
  "gpu.name: must not be blank (a label for tables and plots, e.g. \"H100 SXM\")")
t.eq(dml.gpu(gpus.h100_sxm, { name = " x " }).name, " x ", "a label with a character is kept as written")
