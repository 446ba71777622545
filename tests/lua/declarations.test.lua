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
t.eq(nv.size, 8, "the original is unchanged")
raises_here(function() return nv.bandwith end, "a network level has no field 'bandwith' (did you mean 'bandwidth'?); see dml --doc level")
local seen = {}
for k, v in pairs(nv) do seen[#seen + 1] = k .. "=" .. tostring(v) end
t.eq(table.concat(seen, " "), "name=nvlink size=8 bandwidth=900 GB/s latency=1.125 us", "pairs: present fields, in order")
t.eq(tostring(nv), 'level {\n  name = "nvlink"\n  size = 8\n  bandwidth = 900 GB/s\n  latency = 1.125 us\n}', "tostring")
t.eq(getmetatable(nv).__name, "dml.level", "its type")

-- merging a preset with changes re-validates and keeps the rest
local h200ish = dml.gpu(gpus.h100_sxm, { hbm_bandwidth = "4.8 TB/s", name = "H100 with HBM3e" })
t.near(h200ish.hbm_bandwidth:value(), 4.8e12)
t.near(h200ish.hbm_capacity:value(), 80e9)
t.eq(h200ish.name, "H100 with HBM3e")
t.eq(gpus.h100_sxm.hbm_bandwidth, "3352 GB/s", "the preset itself is unchanged")

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
raises_here(function() dml.level { latency = "1 us" } end, "level.bandwidth: required (per-GPU bidirectional bandwidth at this level (H100 NVLink: \"900 GB/s\"))")
raises_here(function() dml.level { bandwidth = "1 GB/s", latency = "-1 us" } end, "level.latency: must not be negative, got -1 us")
raises_here(function() dml.level { bandwidth = "0 GB/s", latency = "1 us" } end, "level.bandwidth: must be positive, got 0 B/s")
raises_here(function() dml.level { size = 2.5, bandwidth = "1 GB/s", latency = "1 us" } end, "level.size: expected a whole number, got 2.5")
raises_here(function() dml.level { size = 0, bandwidth = "1 GB/s", latency = "1 us" } end, "level.size: must be a positive whole number, got 0")
raises_here(function() dml.level { size = 1, bandwidth = "1 GB/s", latency = "1 us", speed = 3 } end, "level.speed: unknown field of a network level; its fields are name, size, bandwidth, latency, measured, sources")
raises_here(function() dml.level "nvlink" end, 'level: expected a network level (a table of its fields), got "nvlink"')
raises_here(function() dml.level { "nvlink" } end, "level: expected named fields of a network level, found the key 1")
raises_here(function() dml.gpu(gpus.h100_sxm, { effective_utilization = 1.5 }) end, "gpu.effective_utilization: must be at most 1, got 1.5")
raises_here(function() dml.gpu(gpus.h100_sxm, { dsmem = "yes" }) end, 'gpu.dsmem: expected true or false, got "yes"')
raises_here(function() dml.gpu(gpus.h100_sxm, { sources = { speed = "x" } }) end, 'gpu.sources: "speed" is not a field of a GPU')
raises_here(function() dml.cluster { gpu = gpus.h100_sxm, levels = {} } end, "cluster.levels: expected a non-empty list of a network level")
raises_here(function() dml.cluster { gpu = gpus.h100_sxm, levels = { networks.infiniband_ndr, networks.nvlink4_h100 } } end, "cluster.levels[1].size: required on every level but the outermost (how many groups of the level below it joins)")
raises_here(function() dml.cluster { gpu = gpus.h100_sxm, levels = { networks.nvlink4_h100 } } end, "cluster.levels[1].size: the outermost level spans the whole cluster; give the cluster's size instead")
raises_here(function() dml.cluster { gpu = gpus.h100_sxm, size = 12, levels = { networks.nvlink4_h100, networks.infiniband_ndr } } end, "cluster.size: 12 GPUs is not a whole number of level-1 groups of 8 GPUs")
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
    t.eq(f.default == "" or f.default == "optional" or f.default:match("^default:? %S") ~= nil, true,
      what .. " is required, optional or a default (" .. f.default .. ")")
    no_address(f.default, what)
  end
end
for _, name in ipairs(dml.names()) do no_address(dml.doc(name), "dml --doc " .. name) end
