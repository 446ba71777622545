-- dml.collective, dml.nccl_tests and dml.compare_collectives (docs/model.md 8.4,
-- docs/calibration.md). Expected times are worked by hand in the comments.
local t = require "testing"
local gpus = require "dml.presets.gpus"

-- An H100 with its efficiencies spelled out, so that a recalibrated preset does not move the
-- hand-worked numbers: NVLink 900 GB/s x 0.683 / 2 = 307.35 GB/s a direction, the network
-- 100 GB/s x 0.95 / 2 = 47.5 GB/s.
local gpu = dml.gpu(gpus.h100_sxm, { efficiency = {
  gemm = 0.646, gemm_half_dim = 93, attention = 0.283, flash3_gain = 1.6, fp8_gain = 1.82,
  hbm = 0.83, nvlink = 0.683, network = 0.95, workspace = "3 GiB" } })
local levels = {
  { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" },
  { name = "ib", bandwidth = "100 GB/s", latency = "1.125 us" },
}
local cluster = dml.cluster { gpu = gpu, levels = levels }

-- 1 GiB all-reduce on 16 GPUs (2 nodes of 8): bus bandwidth min(8/7 x 307.35, 8 x 47.5)
-- = 351.257 GB/s; a network hop 1.125 us + 2 MiB / 47.5 GB/s = 45.2756 us; tree 2 hops + 14 NVLink
-- steps = 106.301 us (the ring, 2 x (2 hops + 14 steps), is twice that); launch 8 us;
-- 2 x 15/16 x 2^30 / 351.257e9 = 5.73160 ms. In all 5.845902503362 ms.
do
  local e = dml.collective { cluster = cluster, op = "all_reduce", size = "1 GiB", gpus = 16 }
  t.near(e.time / dml.q"1 s", 5.84590250336236e-3, 1e-12, "all-reduce time")
  t.near(e.bus_bandwidth / dml.q"1 B/s", 2 * 15 / 16 * 2 ^ 30 / 5.84590250336236e-3, 1e-12, "busbw")
  t.near(e.algorithm_bandwidth / dml.q"1 B/s", 2 ^ 30 / 5.84590250336236e-3, 1e-12, "algbw")
  t.eq(e.nodes, 2, "nodes")
  t.eq(e.level, 2, "level")
  t.eq(e.model, "alpha-beta", "model")
end
-- Inside a node: 64 MiB all-gather on 8: 8 us + 7 x 1.125 us + 7/8 x 64 MiB / 307.35 GB/s.
do
  local e = dml.collective { cluster = cluster, op = "all_gather", size = "64 MiB", gpus = 8 }
  t.near(e.time / dml.q"1 s", 8e-6 + 7 * 1.125e-6 + 7 / 8 * 64 * 2 ^ 20 / 307.35e9, 1e-12, "all-gather")
  t.eq(e.level, 1, "level")
end
-- A stack without pipeline fill (collective_chunk 0) and free launches: the hop is the latency.
do
  local stack = dml.stack { name = "ideal", collective_chunk = "0 B", collective_launch = "0 s" }
  local e = dml.collective { cluster = cluster, op = "all_reduce", size = "1 GiB", gpus = 16, stack = stack }
  t.near(e.time / dml.q"1 s", 2 * 1.125e-6 + 14 * 1.125e-6 + 2 * 15 / 16 * 2 ^ 30 / (8 / 7 * 307.35e9), 1e-12,
    "no chunk")
end

-- Groups that do not tile the nodes are costed as a plan costs them (docs/model.md 8.4): the
-- slowest group of consecutive ranks, the one a node boundary cuts, k = gcd(n, 8) of its ranks on
-- one node, over 1 + ceil((n - k)/8) nodes.
-- 3 GPUs: k = 1, the smaller of NVLink and the network, 47.5 GB/s; 2 nodes; a hop 1.125 us +
-- 1 MiB / 47.5 GB/s (the piece S/k under the 2 MiB chunk); the tree, 2 hops, beats the ring's
-- 4 hops + 2 steps; 8 us + 2 hops + 2 x 2/3 x 1 MiB / 47.5 GB/s.
do
  local e = dml.collective { cluster = cluster, op = "all_reduce", size = "1 MiB", gpus = 3 }
  t.near(e.time / dml.q"1 s", 8e-6 + 2 * (1.125e-6 + 2 ^ 20 / 47.5e9) + 2 * 2 / 3 * 2 ^ 20 / 47.5e9, 1e-12, "3 GPUs")
  t.eq(e.nodes, 2); t.eq(e.level, 2)
end
-- 12 GPUs: k = 4, min(4/3 x 307.35, 4 x 47.5) = 190 GB/s; 2 nodes; a hop 1.125 us + 256 KiB /
-- 47.5 GB/s; the tree, 2 hops + 2 x 3 NVLink steps, beats the ring's 2 x (2 hops + 10 steps).
do
  local e = dml.collective { cluster = cluster, op = "all_reduce", size = "1 MiB", gpus = 12 }
  t.near(e.time / dml.q"1 s", 8e-6 + 2 * (1.125e-6 + 2 ^ 18 / 47.5e9) + 6 * 1.125e-6 + 2 * 11 / 12 * 2 ^ 20 / 190e9,
    1e-12, "12 GPUs")
  t.eq(e.nodes, 2); t.eq(e.level, 2)
end
t.raises(function() return dml.collective { cluster = cluster, op = "all_reduce", size = "1 MiB" } end,
  { pattern = "collective%.gpus: required" })
t.raises(function() return dml.collective { cluster = cluster, op = "broadcast", size = "1 MiB", gpus = 8 } end,
  { pattern = "collective%.op" })

-- nccl-tests output: the op from "Collective test starting", 16 ranks, the out-of-place busbw of
-- every row above 0 (the 8-byte row reads 0.00 and is left out).
do
  local rows = dml.nccl_tests("data/all_reduce_perf_16.txt")
  t.eq(#rows, 4, "rows")
  t.eq(rows[1].op, "all_reduce", "op")
  t.eq(rows[1].gpus, 16, "gpus")
  t.near(rows[1].size / dml.q"1 B", 1048576, 0, "size")
  t.near(rows[1].bus_bandwidth / dml.q"1 GB/s", 16.38, 1e-12, "busbw")
  t.near(rows[4].size / dml.q"1 B", 1073741824, 0, "size")
  t.near(rows[4].bus_bandwidth / dml.q"1 GB/s", 309.73, 1e-12, "busbw")
  local inplace = dml.nccl_tests("data/all_reduce_perf_16.txt", { placement = "in-place", gpus = 32 })
  t.near(inplace[4].bus_bandwidth / dml.q"1 GB/s", 312.13, 1e-12, "in-place busbw")
  t.eq(inplace[4].gpus, 32, "gpus given")

  -- As a level's measured table, the 1 GiB row on 16 GPUs is what dml.collective returns.
  local measured = dml.cluster { gpu = gpu, levels = { levels[1], dml.level(levels[2], { measured = rows }) } }
  local e = dml.collective { cluster = measured, op = "all_reduce", size = "1 GiB", gpus = 16 }
  t.eq(e.model, "measured", "model")
  t.near(e.bus_bandwidth / dml.q"1 GB/s", 309.73, 1e-12, "measured busbw")
  -- A changed copy of the level with other links drops the table, timed on the old ones
  -- (helper-370: 10x the link kept it, and nothing moved); one that changes nothing of them, or
  -- gives its own table, keeps or takes it.
  local with_table = dml.level(levels[2], { measured = rows })
  for _, change in ipairs { { link = "4000 Gb/s" }, { bandwidth = "1 TB/s" }, { latency = "1 us" } } do
    local k = next(change)
    t.eq(dml.level(with_table, change).measured, nil, k .. " changed: the table dropped")
  end
  t.eq(#dml.level(with_table, { name = "renamed" }).measured, 4, "a new name keeps it")
  -- and its citation goes with it (helper-374: kept)
  local cited = dml.level(levels[2], { measured = rows, sources = { measured = "our nccl-tests" } })
  t.eq((dml.level(cited, { latency = "1 us" }).sources or {}).measured, nil, "the dropped table's citation")
  t.eq(dml.level(cited, { name = "renamed" }).sources.measured, "our nccl-tests", "kept with the table")
  t.eq(#dml.level(with_table, { link = "4000 Gb/s", measured = { rows[1] } }).measured, 1, "given: taken")
  -- A table on the node level times the NVLink part of a group that leaves the node too
  -- (helper-370: at 10 GB/s measured on 8 GPUs, 16 over two nodes ran at the declared 344 GB/s,
  -- 32x faster than 8): the ring's NVLink hops at the measured rate, k/(k-1) of it on k a node.
  do
    local slow = { { op = "all_reduce", size = "1 MiB", bus_bandwidth = "10 GB/s" },
                   { op = "all_reduce", size = "1 GiB", bus_bandwidth = "10 GB/s" } }
    local c = dml.cluster { gpu = gpu, size = 64, levels = { dml.level(levels[1], { measured = slow }), levels[2] } }
    local n = levels[1].size
    local inside = dml.collective { cluster = c, op = "all_reduce", size = "1 GiB", gpus = n }
    local across = dml.collective { cluster = c, op = "all_reduce", size = "1 GiB", gpus = 2 * n }
    t.eq(inside.model, "measured")
    t.near(inside.time / dml.q"1 s", 2 * (n - 1) / n * 2 ^ 30 / 10e9, 1e-12, "inside: the table")
    t.near(across.bus_bandwidth / dml.q"1 GB/s", 10 * n / (n - 1), 0.01, "across: k/(k-1) x the table")
    t.eq(across.time > 0.9 * inside.time, true, tostring(across.time))
    t.eq(across.model, "alpha-beta, NVLink measured")
    -- A table of the node's own alpha-beta estimates leaves a group across nodes as it was, small
    -- messages too (helper-374: the table's busbw at 4 KiB holds the latencies the group's alpha
    -- terms count again: 1.86x at 4 KiB).
    local plain = dml.cluster { gpu = gpu, size = 64, levels = { levels[1], levels[2] } }
    local own = {}
    for _, op in ipairs { "all_reduce", "all_gather", "all_to_all" } do
      for e = 10, 32, 2 do
        local est = dml.collective { cluster = plain, op = op, size = 2 ^ e .. " B", gpus = n }
        own[#own + 1] = { op = op, size = 2 ^ e .. " B", bus_bandwidth = est.bus_bandwidth, gpus = n }
      end
    end
    local selfc = dml.cluster { gpu = gpu, size = 64, levels = { dml.level(levels[1], { measured = own }), levels[2] } }
    for _, op in ipairs { "all_reduce", "all_gather", "all_to_all" } do
      for _, size in ipairs { "4 KiB", "1 MiB", "1 GiB" } do
        local a = dml.collective { cluster = plain, op = op, size = size, gpus = 2 * n }
        local b = dml.collective { cluster = selfc, op = op, size = size, gpus = 2 * n }
        t.near(b.time / a.time, 1, 0.01, op .. " " .. size)
      end
    end
  end
  local faster = dml.cluster { gpu = gpu, levels = { levels[1], dml.level(with_table, { link = "4000 Gb/s" }) } }
  t.eq(dml.collective { cluster = faster, op = "all_reduce", size = "1 GiB", gpus = 16 }.model ~= "measured", true)

  -- The comparison: the model's busbw beside each row, and the signed error.
  local cmp = dml.compare_collectives(cluster, rows)
  local crows = cmp:rows()
  t.eq(#cmp, 4, "compared rows")
  t.near(crows[4].measured_GBps, 309.73, 1e-12, "measured")
  t.near(crows[4].dml_GBps, 344.38923995773786, 1e-12, "model")
  t.near(crows[4].error_pct, 100 * (344.38923995773786 - 309.73) / 309.73, 1e-12, "error")
  -- A cluster whose level carries the rows compares them with alpha-beta, as the cluster
  -- without them does, not with themselves (helper-85: 0% everywhere)
  local with_rows = dml.compare_collectives(measured, rows):rows()
  for i, r in ipairs(with_rows) do t.eq(r.dml_GBps, crows[i].dml_GBps, "row " .. i) end
  t.eq(with_rows[4].error_pct ~= 0, true)
  -- A transformer plan on that cluster says which ops the table leaves to alpha-beta (helper-119:
  -- an all-reduce table scaled 0.25x to 100x moved nothing of a ZeRO-1 run, unsaid)
  local stacks = require "dml.presets.stacks"
  local run = dml.run { model = dml.transformer { layers = 4, d_model = 1024, heads = 8, d_ff = 4096, vocab = 32000,
    seq_len = 2048 }, cluster = dml.cluster(measured, { size = 32 }), stack = stacks.megatron_core, global_batch = 64 }
  local notes = table.concat(dml.evaluate(run, { tp = 8, pp = 1 }).notes, "\n")
  t.eq(notes:find("the measured collectives of " .. levels[2].name .. " give all_reduce only: its all_gather, "
    .. "reduce_scatter and all_to_all keep alpha-beta", 1, true) ~= nil, true, notes)
  local plain = table.concat(dml.evaluate(dml.run(run, { cluster = dml.cluster(cluster, { size = 32 }) }),
    { tp = 8, pp = 1 }).notes, "\n")
  t.eq(plain:find("measured collectives", 1, true), nil, plain)
end
t.raises(function() return dml.nccl_tests("data/no_such_file.txt") end,
  { pattern = "dml%.nccl_tests: cannot read data/no_such_file%.txt" })
t.raises(function() return dml.nccl_tests("collectives.test.lua") end,
  { pattern = "no nccl%-tests table in collectives%.test%.lua" })
t.raises(function() return dml.nccl_tests("data/all_reduce_perf_16.txt", { gpu = 4 }) end,
  { pattern = "unknown option 'gpu'" })
t.raises(function() return dml.nccl_tests("data/all_reduce_perf_16.txt", { gpus = "8" }) end,
  { pattern = 'gpus must be a whole number of 2 or more, got "8"' })
t.raises(function() return dml.nccl_tests("data/all_reduce_perf_16.txt", { op = "allreduce" }) end,
  { pattern = 'op must be "all_reduce", "all_gather", "reduce_scatter" or "all_to_all", got "allreduce"' })
-- Two runs' logs in one file would give every row the sum of their ranks: refused.
do
  local log = assert(io.open("data/all_reduce_perf_16.txt")):read("a")
  local twice = os.tmpname()
  local f = assert(io.open(twice, "w"))
  f:write(log, log)
  f:close()
  local ok, err = pcall(dml.nccl_tests, twice, { op = "all_reduce" })
  os.remove(twice)
  t.eq(ok, false)
  t.eq(tostring(err):find("a second nccl-tests", 1, true) ~= nil, true, tostring(err))
end

-- A row cut short, or a busbw no link has, is refused at its line (helper-376: the 256 MiB row
-- cut after its out-of-place time read the next cell, 25 GB/s, for 251.66; a negative busbw left
-- the row out unsaid; 1e300 failed in dml.q, naming neither the file nor the line).
do
  local log = assert(io.open("data/all_reduce_perf_16.txt")):read("a")
  local function read_with(text)
    local name = os.tmpname()
    local f = assert(io.open(name, "w"))
    f:write(text)
    f:close()
    local ok, err = pcall(dml.nccl_tests, name, { op = "all_reduce" })
    os.remove(name)
    t.eq(ok, false, "refused")
    local _, at = tostring(err):find(name .. ":", 1, true)
    return "line " .. tostring(err):sub(at + 1)
  end
  local cut = log:match("^(.-\n%s+268435456%s+%S+%s+%S+%s+%S+%s+%S+%s+%S+%s+%S+%s+)")
  t.eq(read_with(cut .. "25\n"), "line 30: the row has 8 cells where the table's header names 13 (the log cut short?): "
    .. "   268435456      67108864     float     sum      -1   2000.0  134.22  25")
  local row = log:match("\n(%s+1073741824[^\n]*)")
  local cells = {}
  for c in row:gmatch("%S+") do cells[#cells + 1] = c end
  for _, bad in ipairs { "-78.64", "1e300", "1e400" } do
    local changed = row:gsub(cells[8]:gsub("%.", "%%."), bad, 1)
    t.eq(read_with((log:gsub(row:gsub("%p", "%%%0"), changed))),
      string.format("line 31: the busbw is not a measured bandwidth (size 1073741824, busbw %s GB/s)", bad), bad)
  end
end

-- The expert all-to-all against a measurement no preset was fitted to: Table 7 of NVIDIA's
-- "Scalable Training of Mixture-of-Experts Models with Megatron Core" (arXiv 2603.07685v2,
-- p. 32) times Megatron-Core's all-to-all dispatcher (NCCL) at hidden 7168, sequence 4,096 and
-- 256 experts, in microseconds, dispatch and combine. The table gives nothing else; assumed
-- here: DeepSeek-V3's top-8, one sequence of 4,096 tokens a rank, bf16 (each rank sends 4,096 x 8
-- copies x 7168 x 2 bytes), and the clusters the measured-runs reader builds (docs/validation.md):
-- a DGX H100 (NVLink 900 GB/s in 8, 400 Gb/s per GPU between nodes) and a GB200 NVL72 rack
-- (NVLink 1,800 GB/s; 64 of its 72 GPUs as one level), with the shipped presets' efficiencies
-- and the reader's 2 and 6 us latencies. dml came out within 12.7% of every measurement when
-- this check was written; the bound, 15%, was set then, so that a regression shows.
-- Table 7's two systems and its measurements (dispatch, combine) at EP 8-64: the all-to-all
-- dispatcher's and HybridEP's.
local table7 = {
  { preset = "h100_sxm", nvlink = "900 GB/s", size = 8,
    all_to_all = { [8] = { 1265, 1277 }, [16] = { 5774, 5628 }, [32] = { 8059, 7815 }, [64] = { 9164, 8727 } },
    hybrid = { [8] = { 661, 624 }, [16] = { 1485, 1688 }, [32] = { 3064, 3088 }, [64] = { 4626, 4398 } } },
  { preset = "gb200", nvlink = "1800 GB/s", size = 64,
    all_to_all = { [8] = { 735, 741 }, [16] = { 743, 765 }, [32] = { 769, 758 }, [64] = { 930, 827 } },
    hybrid = { [8] = { 391, 353 }, [16] = { 578, 527 }, [32] = { 612, 646 }, [64] = { 675, 744 } } },
}
local table7_bytes = 4096 * 8 * 7168 * 2
local function table7_cluster(system, gpus_total)
  return dml.cluster { gpu = dml.gpu(gpus[system.preset]), size = gpus_total, levels = {
    { name = "nvlink", size = system.size, bandwidth = system.nvlink, latency = "2 us" },
    { name = "ib", bandwidth = "100 GB/s", latency = "6 us" } } }
end
-- dml's time within `bound` of both measurements (dispatch and combine) at one EP size.
local function within(us, measured, bound, what)
  for i, op in ipairs { "dispatch", "combine" } do
    t.eq(math.abs(us - measured[i]) / measured[i] <= bound, true,
      string.format("%s %s: dml %.0f us, measured %d us", what, op, us, measured[i]))
  end
end
for _, system in ipairs(table7) do
  local c = table7_cluster(system)
  for _, ep in ipairs { 8, 16, 32, 64 } do
    local e = dml.collective { cluster = c, op = "all_to_all", size = table7_bytes .. " B", gpus = ep }
    within(e.time / dml.q"1 us", system.all_to_all[ep], 0.15, string.format("%s EP %d", system.preset, ep))
  end
end

-- Token-based dispatch (a stack's dispatcher = "token", docs/model.md 8.8) against the same
-- table's HybridEP columns (`hybrid` above). One MoE layer of
-- DeepSeek-V3's width, 4,096 tokens a GPU, on 64 GPUs; the plan's EP time (exposed and hidden)
-- over its four exchanges, with the assumptions above. dml counts each token once per GPU of its
-- node and remote node it reaches, at the all-to-all's link efficiencies (HybridEP's own are not
-- published); its times came out between 25% faster and 45% slower than the measurements when
-- this check was written, and the bound, 50%, was set then, so that a regression shows (without
-- the token path, the all-to-all's times are 1.0-3.9 times HybridEP's).
do
  local function ep_time(system, ep, dispatcher, groups)
    local moe = { experts = 256, top_k = 8, expert_d_ff = 2048 }
    if groups then moe.groups, moe.group_top_k = 8, 4 end
    local model = dml.transformer { layers = 1, d_model = 7168, heads = 56, d_ff = 18432, vocab = 1024,
      seq_len = 4096, gated = true, moe = moe }
    local run = dml.run { model = model, cluster = table7_cluster(system, 64), global_batch = 64,
      tokens = "1e9 tokens", stack = dml.stack(dml.presets.stacks.megatron_core, { dispatcher = dispatcher }) }
    local p = dml.evaluate(run, { tp = 1, pp = 1, dp = 64, ep = ep, microbatch = 1, recompute = "none" })
    return (p.time.ep + p.time.ep_hidden) / dml.q"1 us" / 4
  end
  for _, system in ipairs(table7) do
    for _, ep in ipairs { 8, 16, 32, 64 } do
      local us = ep_time(system, ep, "token")
      -- The all-to-all path of the same plan is dml.collective's all-to-all (the check above).
      local all = ep_time(system, ep, "all_to_all")
      local alone = dml.collective { cluster = table7_cluster(system), op = "all_to_all",
        size = table7_bytes .. " B", gpus = ep }
      t.near(all, alone.time / dml.q"1 us", 1e-9, "the plan's all-to-all is the collective's")
      t.eq(us < all, true, string.format("%s EP %d: token %.0f us below the all-to-all %.0f us", system.preset, ep, us, all))
      within(us, system.hybrid[ep], 0.5, string.format("%s EP %d, HybridEP", system.preset, ep))
    end
  end
  -- The table does not say how its tokens were routed. With DeepSeek-V3's group-limited routing
  -- (8 groups of 32 experts, a token's in 4 of them: docs/model.md 8.8) the groups are the H100
  -- EP 64's 8 nodes, and a token crosses the network to at most 4: dml then gave 4,391 us
  -- against 4,626 and 4,398 measured (5,791 without groups) when this check was written, and the
  -- bound, 10%, was set then. At EP 8 to 32 (one to four nodes) and inside the GB200's rack the
  -- groups bound nothing: the times are the ungrouped ones.
  local h100 = table7[1]
  within(ep_time(h100, 64, "token", true), h100.hybrid[64], 0.10, "h100_sxm EP 64, HybridEP, DeepSeek-V3's groups")
  for _, system in ipairs(table7) do
    for _, ep in ipairs { 8, 16, 32, 64 } do
      if not (system == h100 and ep == 64) then
        t.near(ep_time(system, ep, "token", true), ep_time(system, ep, "token"), 1e-12,
          string.format("%s EP %d: groups that bound nothing", system.preset, ep))
      end
    end
  end
  -- The all-to-all dispatcher sends every routed copy: the groups leave it as it is.
  t.near(ep_time(h100, 64, "all_to_all", true), ep_time(h100, 64, "all_to_all"), 1e-12, "all-to-all with groups")
end
