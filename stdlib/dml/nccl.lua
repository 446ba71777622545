--- dml.nccl: nccl-tests output as measured collectives (dml.nccl_tests), and how the model
--- compares with them (dml.compare_collectives). See docs/calibration.md.
local _, core = ...  -- dml.core, from the loader (no global lookup: a script may replace select)
local M = {}

-- The dml module, which this one is part of: loaded by the time its functions run. Not the global
-- `dml`, which a plain lua5.4 host does not set (require "dml" sets none) and a script may replace.
-- (require itself taken now: a script may replace the global.)
local require = require
local function dml_module() return require "dml" end

-- nccl-tests' programs and the collective each measures.
local programs = {
  all_reduce_perf = "all_reduce", all_gather_perf = "all_gather",
  reduce_scatter_perf = "reduce_scatter", alltoall_perf = "all_to_all",
}

local function detect_op(text, path)
  for line in text:gmatch("[^\n]*") do
    local prog = line:match("^#%s*Collective test starting:%s*([%w_]+)")
    if prog then
      for name, op in pairs(programs) do
        if prog:sub(1, #name) == name then return op end
      end
    end
  end
  local base = path and path:match("([^/]*)$") or ""
  for name, op in pairs(programs) do
    if base:find(name, 1, true) then return op end
  end
  return nil
end

local function split(line)
  local t = {}
  for w in line:gmatch("%S+") do t[#t + 1] = w end
  return t
end

--- dml.nccl_tests(path[, { op = "all_reduce", gpus = 64, placement = "out-of-place" }]):
--- the rows of an nccl-tests table (all_reduce_perf, all_gather_perf, reduce_scatter_perf,
--- alltoall_perf) as measured collectives, { op =, size =, bus_bandwidth =, gpus = } each, for a
--- network level's `measured` field. The op comes from the "Collective test starting" line or
--- the file's name, the group size from the "Rank" lines, unless given; rows whose busbw is 0
--- (sizes too small to time) are left out.
function M.read(path, opts)
  local dml = dml_module()
  if type(path) ~= "string" then core.raise("dml.nccl_tests: expected a file name, got " .. type(path)) end
  opts = opts or {}
  if type(opts) ~= "table" then core.raise("dml.nccl_tests: options must be a table, got " .. type(opts)) end
  for k in pairs(opts) do
    if k ~= "op" and k ~= "gpus" and k ~= "placement" then
      core.raise(string.format("dml.nccl_tests: unknown option '%s' (options: op, gpus, placement)", tostring(k)))
    end
  end
  local text, err = core.read_text(path)
  if not text then core.raise("dml.nccl_tests: cannot read " .. err) end

  if opts.gpus ~= nil and (math.type(opts.gpus) ~= "integer" and not (type(opts.gpus) == "number"
      and opts.gpus == math.floor(opts.gpus) and opts.gpus < 2^53) or opts.gpus < 2) then
    core.raise(string.format("dml.nccl_tests: gpus must be a whole number of 2 or more, got %s",
      type(opts.gpus) == "string" and string.format("%q", opts.gpus) or tostring(opts.gpus)))
  end
  local ops = { all_reduce = true, all_gather = true, reduce_scatter = true, all_to_all = true }
  if opts.op ~= nil and not ops[opts.op] then
    core.raise(string.format("dml.nccl_tests: op must be \"all_reduce\", \"all_gather\", \"reduce_scatter\" or \"all_to_all\", got %s",
      type(opts.op) == "string" and string.format("%q", opts.op) or tostring(opts.op)))
  end
  local placement = opts.placement or "out-of-place"
  if placement ~= "out-of-place" and placement ~= "in-place" then
    core.raise(string.format("dml.nccl_tests: placement must be \"out-of-place\" or \"in-place\", got %q", tostring(placement)))
  end

  local ranks, columns, rows = 0, nil, {}
  local lineno = 0
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    lineno = lineno + 1
    line = line:gsub("\r$", "")
    if line:match("^#%s+Rank%s+%d+") then
      if columns then  -- ranks after a table: a second run's log follows
        core.raise(string.format("%s:%d: a second nccl-tests run in one file (its ranks follow a table); read each run's log on its own",
          path, lineno))
      end
      ranks = ranks + 1
    elseif line:match("^#%s+size%s") and line:find("busbw", 1, true) then
      if columns then
        core.raise(string.format("%s:%d: a second nccl-tests table in one file; read each run's log on its own", path, lineno))
      end
      columns = split(line:sub(2))
    elseif columns and not line:match("^%s*#") and line:match("%S") then
      local cells = split(line)
      -- the first busbw column is out-of-place, the second in-place
      local want = placement == "out-of-place" and 1 or 2
      local seen, size, busbw = 0, nil, nil
      for i, name in ipairs(columns) do
        if name == "size" then size = tonumber(cells[i]) end
        if name == "busbw" then
          seen = seen + 1
          if seen == want then busbw = cells[i] end
        end
      end
      if size == nil or busbw == nil or tonumber(busbw) == nil then
        core.raise(string.format("%s:%d: not a row of the nccl-tests table (size %s, busbw %s): %s",
          path, lineno, tostring(cells[1]), tostring(busbw), line:sub(1, 120)))
      end
      -- A row cut short (a killed job, a log copied in part) can still hold a size and a busbw:
      -- the in-place time where the busbw goes (helper-376: 25 GB/s read for 251.66).
      if #cells < #columns then
        core.raise(string.format("%s:%d: the row has %d cells where the table's header names %d (the log cut short?): %s",
          path, lineno, #cells, #columns, line:sub(1, 120)))
      end
      local bw = tonumber(busbw)
      -- (NaN is not >= 0; no link comes near a billion GB/s.)
      if not (bw >= 0 and bw < 1e9) or not (size >= 0 and size < 2^63) then
        core.raise(string.format("%s:%d: %s is not a measured %s (size %s, busbw %s GB/s)", path, lineno,
          not (size >= 0 and size < 2^63) and "the size" or "the busbw",
          not (size >= 0 and size < 2^63) and "size in bytes" or "bandwidth", tostring(cells[1]), busbw))
      end
      if bw > 0 and size > 0 then
        rows[#rows + 1] = { size = dml.q(size, "B"), bus_bandwidth = dml.q(bw, "GB/s") }
      end
    end
  end
  if columns == nil then
    core.raise(string.format("dml.nccl_tests: no nccl-tests table in %s (expected a header line '#  size  count  type ... busbw')", path))
  end
  if #rows == 0 then core.raise(string.format("dml.nccl_tests: %s has a table but no row with a bus bandwidth above 0", path)) end
  local op = opts.op or detect_op(text, path)
  if op == nil then
    core.raise(string.format("dml.nccl_tests: %s does not say which collective it measured; give { op = \"all_reduce\" } (or all_gather, reduce_scatter, all_to_all)", path))
  end
  for _, r in ipairs(rows) do r.op = op end
  local gpus = opts.gpus and math.tointeger(opts.gpus) or (ranks > 0 and ranks or nil)
  if gpus == nil then
    core.raise(string.format("dml.nccl_tests: %s lists no ranks ('#  Rank  0 Group ...' lines); give { gpus = N }", path))
  end
  if gpus >= 2 then
    for _, r in ipairs(rows) do r.gpus = gpus end
  else
    core.raise(string.format("dml.nccl_tests: %s measured %d rank; a collective needs 2 or more", path, gpus))
  end
  return rows
end

--- dml.compare_collectives(cluster, rows[, stack]): each measured row beside the model's
--- bus bandwidth for the same op, size and group on `cluster` (alpha-beta, unless its levels
--- carry measured tables), as a dml.table with columns op, gpus, size_bytes, measured_GBps,
--- dml_GBps and error_pct (dml's minus the measured, signed).
function M.compare(cluster, rows, stack)
  if type(rows) ~= "table" then core.raise("dml.compare_collectives: expected a list of measured rows, got " .. type(rows)) end
  local dml = dml_module()
  -- The model compared is alpha-beta: a level's own measured table would compare the rows with
  -- themselves (helper-85: 0% error everywhere), so the levels are read without it.
  cluster = dml.cluster(cluster)
  local levels = {}
  for i, l in ipairs(cluster.levels) do
    levels[i] = { name = l.name, size = l.size, bandwidth = l.bandwidth, latency = l.latency }
  end
  cluster = dml.cluster(cluster, { levels = levels })
  local out = {}
  for i, r in ipairs(rows) do
    if type(r) ~= "table" or r.gpus == nil then
      core.raise(string.format("dml.compare_collectives: rows[%d] needs op, size, bus_bandwidth and gpus", i))
    end
    local e = dml.collective { cluster = cluster, op = r.op, size = r.size, gpus = r.gpus, stack = stack }
    local measured = dml.q(r.bus_bandwidth) / dml.q"1 GB/s"
    local model = e.bus_bandwidth / dml.q"1 GB/s"
    out[#out + 1] = {
      op = r.op, gpus = r.gpus, size_bytes = dml.q(r.size) / dml.q"1 B",
      measured_GBps = measured, dml_GBps = model, error_pct = 100 * (model - measured) / measured,
    }
  end
  return dml.table(out, { columns = { "op", "gpus", "size_bytes", "measured_GBps", "dml_GBps", "error_pct" } })
end

return core.strict(M, "dml.nccl", "function")
