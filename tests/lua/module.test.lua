-- The same API from both hosts: this file runs under `dml` (lua.module) and under Debian's stock
-- lua5.4 with the Lua module dml.so (lua_module.stock_lua5.4, LUA_CPATH=<build>/?.so). In lua5.4,
-- dml is compiled for the C build of Lua: a Lua error raised inside a binding's C++ body must
-- still unwind that C++ and its guard (a skipped guard leaves the thread marked as in a body, and
-- a later error aborts; under AddressSanitizer a skipped destructor is a reported leak).
local dml = require "dml"
local t = require "testing"
local in_dml = rawget(_G, "dml") ~= nil  -- the dml command sets the global; a module never does

t.eq(require "dml", dml, "require 'dml' twice")
if in_dml then t.eq(rawget(_G, "dml"), dml, "the global dml") end
t.eq(type(dml.version), "string", "dml.version")
t.eq(dml.version, dml.version:match("^%d+%.%d+%.%d+$"), "dml.version")

-- The stdlib, loaded from inside the binary, the same tables by require and by dml.presets.
local gpus = require "dml.presets.gpus"
t.eq(dml.presets.gpus, gpus, "dml.presets.gpus")
t.eq(gpus.h100_sxm.name, "H100 SXM", "the H100 preset")
-- Text with a unit does arithmetic under dml; the module leaves the host's strings as they are.
if in_dml then
  t.eq(tostring(gpus.h100_sxm.hbm_bandwidth * 2), "6.704 TB/s", "a preset's text times 2")
else
  t.eq(pcall(function() return gpus.h100_sxm.hbm_bandwidth * 2 end), false, "the host's strings")
end
local paper = require "dml.paper.erdil2024"
t.eq(dml.paper.erdil2024, paper, "dml.paper.erdil2024")
-- Every paper module loads in a plain lua5.4 too, where no global dml exists.
local fernandez = require "dml.paper.fernandez2024"
t.eq(fernandez.h100_cluster(16).size, 16, "dml.paper.fernandez2024")
local names = {}
for name, m in pairs(dml.presets) do  -- every preset module, each the table require gives
  names[#names + 1] = name
  t.eq(require("dml.presets." .. name), m, "dml.presets." .. name)
end
table.sort(names)
t.eq(table.concat(names, " "):match("gpus networks stacks"), "gpus networks stacks", "the preset modules")
t.raises(function() require "dml.no_such_module" end,
  { pattern = "module 'dml.no_such_module' not found:.*no module 'dml.no_such_module' in dml's stdlib" })
-- A name near one that exists is suggested: the stdlib's, or one beside the requiring file
-- (helper-162: none was).
t.raises(function() require "dml.measure" end, { pattern = "did you mean 'dml%.measured'%?" })
do  -- (not a folder the name is in: "dml" for "dml.foo"; helper-168)
  local ok, why = pcall(require, "dml.foo")
  t.eq(ok, false); t.eq(tostring(why):find("did you mean 'dml'", 1, true), nil, tostring(why))
end
if in_dml then  -- (the host's require searches the host's places)
  local dir = os.tmpname()
  os.remove(dir)
  assert(os.execute("mkdir -p '" .. dir .. "/acme'"))
  local f = assert(io.open(dir .. "/acme/models.lua", "w"))
  f:write("return {}\n")
  f:close()
  local scenario = assert(io.open(dir .. "/use.lua", "w"))
  scenario:write('return require "acme.modles"\n')
  scenario:close()
  local loaded, why = pcall(dofile, dir .. "/use.lua")
  os.execute("rm -rf '" .. dir .. "'")
  t.eq(loaded, false)
  t.eq(tostring(why):find("(did you mean 'acme.models'?)", 1, true) ~= nil, true, tostring(why))
end

-- The first examples' numbers (examples/first.lua, examples/moe_question.lua).
local nvlink = dml.level { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" }
t.eq(tostring(2 * (8 - 1) / 8 * (70e9 * dml.q"2 B") / (nvlink.bandwidth / 2)), "544.4 ms", "all-reduce")
local cluster = dml.cluster {
  gpu = gpus.h100_sxm,
  levels = { nvlink, { name = "infiniband", bandwidth = "100 GB/s", latency = "1.125 us" } },
}
local run = dml.run { model = dml.mlp_stack { d_model = 36864, experts = 24 }, cluster = cluster,
                      batch = "paper", duration = "90 days" }
local plan = dml.optimize(run)
t.eq(plan.gpus, 25165824, "the MoE run's GPUs")
t.near(plan.utilization, 0.533, 1e-3, "the MoE run's utilization")
t.raises(function() return plan.no_such_field end, { pattern = "has no field 'no_such_field'" })
local sweep = dml.sweep { grid = { d_model = { 12288, 16384 } }, run = function(p)
  return dml.run { model = dml.mlp_stack { d_model = p.d_model }, cluster = cluster }
end }
t.eq(#sweep, 2, "a sweep's rows")

-- Saving goes through the same C++ (output.cpp).
local dir, listing, remove = t.scratch_dir()
dml.save(plan, dir .. "/plan.json")
t.eq(listing(), "plan.json\n", "dml.save wrote plan.json")
t.eq(t.read(dir .. "/plan.json"):match('"gpus": *(%d+)'), "25165824", "the saved plan")
remove()

-- Errors: at this file's line, with the field's path, did-you-mean on strict tables.
t.raises_here(function() dml.level { bandwidth = 900 } end, 'level.bandwidth: expected a bandwidth like "900 GB/s", got the bare number 900 (write it with a unit)')
t.raises_here(function() return dml.levle end, "dml.levle: no such function; did you mean 'level'?")
-- A declaration over several lines: the error names the field's line, in both hosts (helper-115:
-- under lua5.4 it named the call's; the line is now moved where the error is raised, not by the
-- command's message handler alone).
do
  local ok, err = pcall(function()
    return dml.level {
      size = 8,
      bandwidth = 900,
    }
  end)
  local field_line = debug.getinfo(1, "l").currentline - 3
  t.eq(ok, false)
  t.eq(tostring(err):match(":(%d+): level%.bandwidth: "), tostring(field_line), tostring(err))
end
t.raises(function() return gpus.h100 end,
  { pattern = "module%.test%.lua:%d+: dml%.presets%.gpus%.h100: no such preset; did you mean 'h100_sxm', 'h100_pcie', 'h100_sxm_hbm2e_500w' or 'h100_sxm_low_latency'%? %(presets: a100_sxm, " })
t.raises_here(function() dml.error("boom") end, "boom")
t.raises_here(function() return dml.q"1 GB" + dml.q"1 s" end, "cannot add 1 GB and 1 s (a size in bytes and a time)")
-- An argument error raised inside a binding's body names the function, called by name or not.
t.raises_here(function() return paper.round_list("x") end, "bad argument #1 to 'round_list' (number expected, got string)")
local ok, err = pcall(paper.round_list, {})  -- called from C: named by where it is loaded
t.eq(ok, false, "round_list of a table")
t.eq(err, "bad argument #1 to 'dml.paper.erdil2024.round_list' (number expected, got table)", "the error")

-- A Lua error raised by a metamethod while a binding's C++ body reads its argument (here, the
-- list of settings of dml.limits_many, as a vector of settings is being filled) reaches the
-- caller as it was raised; many times over, nothing is left behind.
local settings = setmetatable({}, {
  __len = function() return 2 end,
  __index = function(_, i) error({ code = 7, item = i }) end,
})
for _ = 1, 200 do
  local ok, err = pcall(dml.limits_many, settings)
  t.eq(ok, false, "limits_many of a list that raises")
  t.eq(type(err) == "table" and err.code, 7, "the error value, untouched")
  t.eq(err.item, 1, "the item being read")
end
-- A __tostring that raises, called while copying rows (luaL_tolstring in a body).
local bad_key = setmetatable({}, { __tostring = function() error("no text for this key", 0) end })
for _ = 1, 200 do
  t.raises(function() dml.table({ [bad_key] = {} }) end, "no text for this key")
end
-- A __len that raises (luaL_len in a body).
t.raises(function()
  dml.limits_many(setmetatable({}, { __len = function() error("no length", 0) end }))
end, "no length")

-- Coroutines: dml inside one, and an error inside one.
local co = coroutine.wrap(function()
  coroutine.yield(tostring(dml.q"1 GiB"))
  dml.level { bandwidth = "1 s" }
end)
t.eq(co(), "1.074 GB", "dml in a coroutine")
t.raises(co, { pattern = 'level%.bandwidth: expected a bandwidth like "900 GB/s", got "1 s"' })

-- The stdlib's own modules reach dml by require, never by the global a plain lua5.4 does not set
-- (helper-120: dml.compare_collectives, dml.nccl_tests and the paper scripts' argument check had
-- failed under lua5.4 with "attempt to index a nil value (global 'dml')").
do
  local networks = require "dml.presets.networks"
  local node = dml.cluster { gpu = gpus.h100_sxm, size = 8, levels = { networks.nvlink4_h100 } }
  local cmp = dml.compare_collectives(node, { { op = "all_reduce", gpus = 8, size = "64 MiB",
    bus_bandwidth = "300 GB/s" } }):rows()
  t.eq(#cmp, 1, "compare_collectives")
  t.eq(cmp[1].measured_GBps, 300, "its measured rate")
  local rows = dml.nccl_tests("data/all_reduce_perf_16.txt")
  t.eq(#rows > 0 and rows[1].gpus, 16, "nccl_tests")
  local erdil = require "dml.paper.erdil2024"
  t.raises(function() erdil.arguments("x", nil, "--tsv", "out.xyz") end,
    { pattern = "'%-%-tsv out%.xyz': cannot tell the format from its extension; supported: %.csv, %.tsv, %.json" })
end

-- A dml function refuses more arguments than it takes, naming them (helper-118:
-- dml.optimize(run, fixed, 3) ran, the 3 unread); as many as it takes, or fewer, run.
t.raises_here(function() dml.optimize(1, 2, 3) end, "dml.optimize(run, opts): takes 2 arguments, got 3")
t.raises_here(function() dml.shard(1) end, "dml.shard(): takes no arguments, got 1")
t.eq(select("#", dml.shard()), 2, "dml.shard()")
-- nor by a global `require` the script replaced (helper-121)
do
  local saved = require
  require = function() error("the script's require") end
  local ok, rows = pcall(dml.nccl_tests, "data/all_reduce_perf_16.txt")
  require = saved
  t.eq(ok, true, tostring(rows))
end
