--- dml.paper.fernandez2024: the measurements and studies of Fernandez et al. (2024), "Hardware
--- Scaling Trends and Diminishing Returns in Large-Scale Distributed Training" (arXiv 2411.13055;
--- TMLR 2025), as data and as the scenarios of scenarios/fernandez2024/ (docs/studies.md).
local core = select(2, ...)  -- dml.core: the stdlib's loader data, private to it
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
  local i = 1
  while i <= #args do
    local a = args[i]
    if (a == "--tsv" or a == "--plot") and args[i + 1] then
      o[a:sub(3)] = args[i + 1]
      i = i + 2
    elseif a == "--help" or a == "-h" then
      print(string.format("usage: dml scenarios/fernandez2024/%s.lua [--tsv FILE] [--plot FILE.png|svg|pdf]", name))
      o.help = true
      return o
    else
      dml.error(string.format("unknown argument '%s' (expected --tsv FILE or --plot FILE)", a))
    end
  end
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
    io.stderr:write(string.format("dml: wrote %s\n", o.tsv))
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
    io.stderr:write(string.format("dml: wrote %s\n", o.plot))
  end
  return rows, half
end

return core.strict(M, "dml.paper.fernandez2024", "name")
