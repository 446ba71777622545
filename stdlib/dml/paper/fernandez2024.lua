--- dml.paper.fernandez2024: the measurements and studies of Fernandez et al. (2024), "Hardware
--- Scaling Trends and Diminishing Returns in Large-Scale Distributed Training" (arXiv 2411.13055;
--- TMLR 2025), as data and as the scenarios of scenarios/fernandez2024/ (docs/studies.md).
local _, core = ...  -- dml.core, from the loader (no global lookup: a script may replace select)
local dml = require "dml"  -- the global in dml's own interpreter; none in a plain lua5.4
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"
local M = {}

M.source = "Fernandez et al. (2024), arXiv 2411.13055"

--- The all-reduce bus bandwidth (GB/s) the paper measured with nccl-tests on nodes of 8 H100s
--- with 8 x 400 Gb/s NICs each, by message size (MiB) and node count: readings off its figure,
--- about +-10 GB/s (the figure is also reproduced in stas00/ml-engineering, credited to the
--- paper). false: no reading.
M.all_reduce_busbw = {
  nodes = { 4, 8, 32, 64, 256, 512 },
  sizes_mib = { 8, 32, 64, 256, 1024, 4096 },
  GBps = {
    [8] = { 69, 50, 36, 28, false, 22 },
    [32] = { 166, 137, 94, 87, 70, 65 },
    [64] = { 216, 189, 151, 137, 118, 112 },
    [256] = { false, 280, 255, 245, 225, 220 },
    [1024] = { 338, 328, 314, 303, 300, 285 },
    [4096] = { 356, 349, 339, 330, 320, 330 },
  },
}

--- The cluster of those measurements: H100 SXM, 8-GPU NVLink 4 nodes, one 400 Gb/s NDR port per
--- GPU (8 per node), as dml's presets describe them; `size` GPUs when given.
function M.h100_cluster(size)
  return dml.cluster { gpu = gpus.h100_sxm, levels = { networks.nvlink4_h100, networks.infiniband_ndr },
    size = size }
end

-- The message size at which busbw(size) first reaches half of `top`, linear in log-size between
-- the points given (sizes ascending); nil when it never does.
local function half_size(sizes, busbw, top)
  local half = top / 2
  for i = 2, #sizes do
    local a, b = busbw[i - 1], busbw[i]
    if a and b and a < half and b >= half then
      local w = (half - a) / (b - a)
      return math.exp(math.log(sizes[i - 1]) + w * (math.log(sizes[i]) - math.log(sizes[i - 1])))
    end
  end
  return nil
end

--- The readings beside dml's collective model on M.h100_cluster(): a dml.table with one row per
--- node count and size (nodes, bytes, measured_GBps, dml_GBps, error_pct), and per node count
--- the half-bandwidth message size of each.
function M.collectives(stack)
  local t = M.all_reduce_busbw
  local cluster = M.h100_cluster()
  local rows, half = {}, {}
  local MiB = 1048576
  for j, nodes in ipairs(t.nodes) do
    local sizes, measured, model = {}, {}, {}
    for i, mib in ipairs(t.sizes_mib) do
      local reading = t.GBps[mib][j]
      local e = dml.collective { cluster = cluster, op = "all_reduce", size = dml.q(mib * MiB, "B"),
        gpus = 8 * nodes, stack = stack }
      local dml_GBps = e.bus_bandwidth / dml.q"1 GB/s"
      sizes[i], measured[i], model[i] = mib * MiB, reading or nil, dml_GBps
      rows[#rows + 1] = {
        nodes = nodes, bytes = mib * MiB, measured_GBps = reading or nil, dml_GBps = dml_GBps,
        error_pct = reading and 100 * (dml_GBps - reading) / reading or nil,
      }
    end
    -- half of the largest size's bandwidth, where each curve crosses it
    half[#half + 1] = {
      nodes = nodes,
      measured_half_MiB = (half_size(sizes, measured, measured[#sizes]) or 0) / MiB,
      dml_half_MiB = (half_size(sizes, model, model[#sizes]) or 0) / MiB,
    }
  end
  return dml.table(rows, { columns = { "nodes", "bytes", "measured_GBps", "dml_GBps", "error_pct" } }),
    dml.table(half, { columns = { "nodes", "measured_half_MiB", "dml_half_MiB" } })
end

-- Arguments of a study: --tsv FILE, --plot FILE, --help.
local function parse_args(name, ...)
  local args, o = { ... }, {}
  local usage = string.format("usage: dml scenarios/fernandez2024/%s.lua [--tsv FILE] [--plot FILE.png|svg|pdf]", name)
  local i = 1
  while i <= #args do
    local a = args[i]
    if a == "--tsv" or a == "--plot" then
      if not args[i + 1] or args[i + 1]:find("^%-%-") then dml.usage_error(string.format("'%s' needs a file name (%s)", a, usage)) end
      if o[a:sub(3)] then
        dml.usage_error(string.format("'%s' given twice ('%s', then '%s'): name one file (%s)", a, o[a:sub(3)],
          args[i + 1], usage))
      end
      o[a:sub(3)] = args[i + 1]
      i = i + 2
    elseif a == "--help" or a == "-h" then
      print(usage)
      o.help = true
      return o
    else
      dml.usage_error(string.format("unknown argument '%s' (%s)", a, usage))
    end
  end
  -- A file the study cannot write is said before it runs, not after.
  local output = require "dml.output"
  if o.tsv then output.check_output_option("--tsv", o.tsv, "table", usage) end
  if o.plot then output.check_output_option("--plot", o.plot, "plot", usage) end
  return o
end
M.parse_args = parse_args

--- scenarios/fernandez2024/collectives.lua
function M.collectives_main(...)
  local o = parse_args("collectives", ...)
  if o.help then return end
  local rows, half = M.collectives()
  print("All-reduce bus bandwidth on nodes of 8 H100s with 8 x 400 Gb/s NICs: " .. M.source
    .. " (readings off its figure, +-10 GB/s) against dml's collective model (docs/model.md 8.4)")
  print()
  print(dml.table(rows:rows(), { title = "busbw by node count and message size",
    columns = { "nodes", "bytes", "measured_GBps", "dml_GBps", "error_pct" } }))
  local worst, worst_all = 0, 0
  for _, r in ipairs(rows:rows()) do
    if r.error_pct then
      worst_all = math.max(worst_all, math.abs(r.error_pct))
      if r.bytes >= 32 * 1048576 then worst = math.max(worst, math.abs(r.error_pct)) end
    end
  end
  print(string.format("Largest error at 32 MiB and above: %.1f%%; at every size: %.1f%% (at 8 MiB dml is",
    worst, worst_all) .. " too fast: its pipeline of 2 MiB chunks is NCCL's Simple protocol only)")
  print()
  print(dml.table(half:rows(), { title = "message size reaching half the 4 GiB bus bandwidth (MiB)",
    columns = { "nodes", "measured_half_MiB", "dml_half_MiB" } }))
  if o.tsv then
    dml.save(dml.table(rows:rows(), { columns = { "nodes", "bytes", "measured_GBps", "dml_GBps" } }), o.tsv)
    core.message("dml: wrote " .. o.tsv)
  end
  if o.plot then
    local series = {}
    for _, nodes in ipairs { 4, 32, 512 } do  -- three of the six, so that each pair reads apart
      local xm, ym, xd, yd = {}, {}, {}, {}
      for _, r in ipairs(rows:rows()) do
        if r.nodes == nodes then
          if r.measured_GBps then xm[#xm + 1], ym[#ym + 1] = r.bytes, r.measured_GBps end
          xd[#xd + 1], yd[#yd + 1] = r.bytes, r.dml_GBps
        end
      end
      series[#series + 1] = { name = nodes .. " nodes, measured", x = xm, y = ym }
      series[#series + 1] = { name = nodes .. " nodes, dml", x = xd, y = yd }
    end
    dml.plot { path = o.plot, title = "All-reduce bus bandwidth on 4, 32 and 512 nodes of 8 H100s (Fernandez et al. 2024 vs dml)",
      x_label = "message size (bytes)", y_label = "bus bandwidth (GB/s)", x_log = true, series = series }
    core.message("dml: wrote " .. o.plot)
  end
  return rows, half
end

-- --- the studies: Llama-2-shaped models, strong scaling at a fixed global batch -----------------

local stacks = require "dml.presets.stacks"

--- Llama-2 shapes (Touvron et al. 2023, arXiv 2307.09288; the released configs): 7B MHA, 70B GQA.
M.models = {
  ["7B"] = dml.transformer { name = "Llama-2 7B", layers = 32, d_model = 4096, heads = 32, d_ff = 11008,
    vocab = 32000, seq_len = 4096 },
  ["70B"] = dml.transformer { name = "Llama-2 70B", layers = 80, d_model = 8192, heads = 64, kv_heads = 8,
    d_ff = 28672, vocab = 32000, seq_len = 4096 },
}

--- The global batch of every study: Llama 2's, 4M tokens (1,024 sequences of 4,096; Touvron et
--- al. 2023, section 2.2). The paper's own batch is not published. FSDP across 2,048 GPUs then
--- has less than a sequence per GPU and cannot run: model parallelism must take the rest.
M.global_batch = 1024

--- Each generation's cluster: its GPU, 8-GPU NVLink nodes, one NIC per GPU of its era.
M.generations = {
  { key = "V100", gpu = gpus.v100_sxm, levels = { networks.nvlink2_v100, networks.infiniband_edr } },
  { key = "A100", gpu = gpus.a100_sxm_80gb, levels = { networks.nvlink3_a100, networks.infiniband_hdr } },
  { key = "H100", gpu = gpus.h100_sxm, levels = { networks.nvlink4_h100, networks.infiniband_ndr } },
  { key = "B200", gpu = gpus.b200, levels = { networks.nvlink5_b200, networks.infiniband_xdr } },
}
local generation = {}
for _, g in ipairs(M.generations) do generation[g.key] = g end

--- The strategies the paper compares: FSDP across every GPU, HSDP (sharded in a node, replicated
--- across), FSDP with TP 2/4/8 or PP 2/4 (FSDP over the rest). Each fixes tp, pp, ZeRO-3 and the
--- shard group; dml.optimize chooses the microbatch, recompute and schedule.
M.strategies = {
  { name = "FSDP", tp = 1, pp = 1 },
  { name = "HSDP", tp = 1, pp = 1, shard = 8 },
  { name = "FSDP+TP2", tp = 2, pp = 1 }, { name = "FSDP+TP4", tp = 4, pp = 1 }, { name = "FSDP+TP8", tp = 8, pp = 1 },
  { name = "FSDP+PP2", tp = 1, pp = 2 }, { name = "FSDP+PP4", tp = 1, pp = 4 },
}

--- One run of a study: model "7B" or "70B", a generation key, n GPUs, a strategy (nil: dml's
--- best layout), the NVLink domain size (default 8). Returns a feasible plan or nil and why.
function M.plan(model, gen, n, strategy, domain, batch)
  local g = generation[gen] or core.raise("no generation " .. tostring(gen))
  local levels = g.levels
  if domain and domain ~= 8 then levels = { dml.level(levels[1], { size = domain }), levels[2] } end
  local run = dml.run { model = M.models[model], stack = stacks.torchtitan,
    global_batch = batch or M.global_batch, tokens = 2e12, cluster = dml.cluster { gpu = g.gpu, levels = levels, size = n } }
  local fixed = { cp = 1 }
  if strategy then
    fixed.tp, fixed.pp, fixed.zero = strategy.tp, strategy.pp, 3
    fixed.shard = strategy.shard or n // (strategy.tp * strategy.pp)
    if fixed.shard > n // (strategy.tp * strategy.pp) then return nil, "shard larger than dp" end
  end
  local ok, p = pcall(dml.optimize, run, fixed)
  if not ok then return nil, tostring(p) end
  if not p.feasible then return nil, p.violations[1] end
  return p
end

local function row(model, gen, n, name, p)
  local e = p.energy
  return { model = model, gpu = gen, gpus = n, strategy = name, layout = dml.layout_text(p.layout),
    tokens_per_s_per_gpu = p.tokens_per_second_per_gpu, tokens_per_s = p.tokens_per_second, mfu = p.mfu,
    exposed_comm_share = e and e.waiting_share, power_w = e and e.gpu_watts, tokens_per_joule = e and e.tokens_per_joule }
end

M.scaling_gpus = { 8, 16, 32, 64, 128, 256, 512, 1024, 2048 }

--- strong_scaling(model, gen): every strategy at every GPU count; rows of the table, and per GPU
--- count the best strategy with its marginal tokens/s per added GPU.
function M.strong_scaling(model, gen)
  local rows, best = {}, {}
  for _, n in ipairs(M.scaling_gpus) do
    local top
    for _, s in ipairs(M.strategies) do
      local p = M.plan(model, gen, n, s)
      if p then
        local r = row(model, gen, n, s.name, p)
        rows[#rows + 1] = r
        if not top or r.tokens_per_s > top.tokens_per_s then top = r end
      end
    end
    if top then
      local prev = best[#best]
      top = setmetatable({}, { __index = top })
      local b = {}
      for k, v in pairs(getmetatable(top).__index) do b[k] = v end
      b.marginal_tokens_per_s_per_added_gpu = prev and (b.tokens_per_s - prev.tokens_per_s) / (n - prev.gpus) or nil
      best[#best + 1] = b
    end
  end
  return rows, best
end

local scaling_columns = { "model", "gpu", "gpus", "strategy", "tokens_per_s_per_gpu", "tokens_per_s", "mfu",
  "exposed_comm_share", "power_w", "tokens_per_joule" }

function M.strong_scaling_main(...)
  local o = parse_args("strong_scaling", ...)
  if o.help then return end
  print("Strong scaling at a fixed global batch (" .. M.global_batch .. " sequences of 4,096 tokens), "
    .. "torchtitan FSDP2, after " .. M.source)
  local all, series = {}, {}
  for _, model in ipairs { "7B", "70B" } do
    for _, gen in ipairs { "H100", "A100" } do
      local rows, best = M.strong_scaling(model, gen)
      for _, r in ipairs(rows) do all[#all + 1] = r end
      print()
      print(dml.table(best, { title = string.format("Llama-2 %s on %s: the best strategy at each size", model, gen),
        columns = { "gpus", "strategy", "tokens_per_s_per_gpu", "tokens_per_s", "mfu", "exposed_comm_share",
          "power_w", "tokens_per_joule", "marginal_tokens_per_s_per_added_gpu" } }))
      if gen == "H100" then
        for _, s in ipairs(M.strategies) do
          local x, y = {}, {}
          for _, r in ipairs(rows) do
            if r.strategy == s.name then x[#x + 1], y[#y + 1] = r.gpus, r.tokens_per_s_per_gpu end
          end
          if model == "70B" and #x > 0 then series[#series + 1] = { name = s.name, x = x, y = y } end
        end
      end
    end
  end
  print()
  print(dml.table(all, { title = "every strategy", columns = scaling_columns }))
  if o.tsv then
    dml.save(dml.table(all, { columns = scaling_columns }), o.tsv)
    core.message("dml: wrote " .. o.tsv)
  end
  if o.plot then
    dml.plot { path = o.plot, title = "Llama-2 70B on H100s, fixed global batch: tokens/s per GPU by strategy",
      x_label = "GPUs", y_label = "tokens/s per GPU", x_log = true, series = series }
    core.message("dml: wrote " .. o.plot)
  end
  return all
end

--- crossover(model, gen, domain): for each model-parallel strategy, the smallest GPU count of
--- M.scaling_gpus (and 4,096), from the first at which FSDP fits, at which it trains faster than
--- FSDP across every GPU (or FSDP no longer runs: fewer sequences than GPUs); nil when never.
--- A 72-GPU domain (an NVL72 rack) runs 72 x 2^k GPUs with a batch of 1,152 sequences (9 x 128)
--- so that data parallelism divides it.
function M.crossover(model, gen, domain)
  local out = {}
  local sizes = { 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096 }
  local batch = M.global_batch
  if domain == 72 then sizes, batch = { 72, 144, 288, 576, 1152, 2304, 4608 }, 1152 end
  for _, s in ipairs(M.strategies) do
    if s.name ~= "FSDP" then
      -- from the first size at which FSDP runs (smaller ones do not fit it in memory)
      local at, fsdp_ran = nil, false
      for _, n in ipairs(sizes) do
        local base = M.plan(model, gen, n, M.strategies[1], domain, batch)
        fsdp_ran = fsdp_ran or base ~= nil
        local p = fsdp_ran and M.plan(model, gen, n, s, domain, batch)
        if p and (not base or p.tokens_per_second > base.tokens_per_second) then at = n break end
      end
      out[#out + 1] = { model = model, gpu = gen, nvlink_domain = domain or 8, global_batch = batch,
        strategy = s.name, overtakes_fsdp_at = at }
    end
  end
  return out
end

function M.crossover_main(...)
  local o = parse_args("crossover", ...)
  if o.help then return end
  print("The GPU count at which each strategy overtakes FSDP across every GPU (fixed global batch of "
    .. M.global_batch .. " sequences), after " .. M.source)
  local all = {}
  for _, model in ipairs { "7B", "70B" } do
    for _, gen in ipairs { "A100", "H100", "B200" } do
      for _, domain in ipairs { 8, 72 } do
        if not (domain == 72 and gen ~= "B200") then
          for _, r in ipairs(M.crossover(model, gen, domain)) do all[#all + 1] = r end
        end
      end
    end
  end
  local columns = { "model", "gpu", "nvlink_domain", "global_batch", "strategy", "overtakes_fsdp_at" }
  print(dml.table(all, { columns = columns }))
  print("(empty: not up to 4,096 GPUs, 4,608 in 72-GPU domains)")
  if o.tsv then dml.save(dml.table(all, { columns = columns }), o.tsv) core.message("dml: wrote " .. o.tsv) end
  if o.plot then
    local series = {}
    for _, s in ipairs(M.strategies) do
      if s.name ~= "FSDP" then
        local x, y = {}, {}
        for _, n in ipairs(M.scaling_gpus) do
          local base, p = M.plan("70B", "H100", n, M.strategies[1]), M.plan("70B", "H100", n, s)
          if base and p then x[#x + 1], y[#y + 1] = n, p.tokens_per_second / base.tokens_per_second end
        end
        if #x > 0 then series[#series + 1] = { name = s.name, x = x, y = y } end
      end
    end
    dml.plot { path = o.plot, title = "Llama-2 70B on H100s: each strategy's speed over FSDP across every GPU",
      x_label = "GPUs", y_label = "tokens/s relative to FSDP", x_log = true, series = series }
    core.message("dml: wrote " .. o.plot)
  end
  return all
end

--- generations(model, n): the same run on each generation's cluster, with dml's best layout.
function M.generations_study(model, n)
  local out = {}
  for _, g in ipairs(M.generations) do
    local p, why = M.plan(model, g.key, n)
    if p then
      local r = row(model, g.key, n, "best", p)
      r.layout = dml.layout_text(p.layout)
      out[#out + 1] = r
    else
      out[#out + 1] = { model = model, gpu = g.key, gpus = n, layout = "infeasible: " .. tostring(why) }
    end
  end
  return out
end

function M.generations_main(...)
  local o = parse_args("generations", ...)
  if o.help then return end
  print("The same run on V100, A100, H100 and B200 clusters (8-GPU NVLink nodes, one NIC per GPU of each era; "
    .. "fixed global batch of " .. M.global_batch .. " sequences), dml's best layout, after " .. M.source)
  local all = {}
  for _, model in ipairs { "7B", "70B" } do
    for _, n in ipairs { 256, 2048 } do
      for _, r in ipairs(M.generations_study(model, n)) do all[#all + 1] = r end
    end
  end
  local columns = { "model", "gpu", "gpus", "tokens_per_s_per_gpu", "mfu", "exposed_comm_share", "power_w",
    "tokens_per_joule", "layout" }
  print(dml.table(all, { columns = columns }))
  if o.tsv then dml.save(dml.table(all, { columns = columns }), o.tsv) core.message("dml: wrote " .. o.tsv) end
  if o.plot then
    local series = {}
    for _, model in ipairs { "7B", "70B" } do
      for _, n in ipairs { 256, 2048 } do
        local x, y = {}, {}
        for i, r in ipairs(all) do
          if r.model == model and r.gpus == n and r.mfu then x[#x + 1], y[#y + 1] = (i - 1) % 4 + 1, r.mfu end
        end
        series[#series + 1] = { name = string.format("%s on %d GPUs", model, n), x = x, y = y }
      end
    end
    dml.plot { path = o.plot, title = "MFU by GPU generation (1 V100, 2 A100, 3 H100, 4 B200)",
      x_label = "generation", y_label = "MFU", series = series }
    core.message("dml: wrote " .. o.plot)
  end
  return all
end

return core.strict(M, "dml.paper.fernandez2024", "name")
