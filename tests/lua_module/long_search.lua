-- A search of several seconds from lua5.4 (ctrl_c.sh interrupts it): `search` runs one on the
-- calling thread, `sweep` four on all cores, `co` one in a coroutine.
local dml = require "dml"
local gpus = require "dml.presets.gpus"
local deep = dml.cluster { gpu = gpus.h100_sxm, levels = {
  { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" },
  { name = "rail", size = 64, bandwidth = "400 GB/s", latency = "2 us" },
  { name = "pod", size = 4096, bandwidth = "200 GB/s", latency = "3 us" },
  { name = "ib", bandwidth = "100 GB/s", latency = "5 us" } } }
local run = dml.run { model = dml.mlp_stack { d_model = 36864, experts = 24 }, cluster = deep,
  duration = "90 days", options = dml.options { reference_search = true } }
io.stderr:write("searching\n")
local function search()
  if arg[1] == "sweep" then return dml.sweep { runs = { run, run, run, run } } end
  return dml.optimize(run)
end
-- `co`: the search in a coroutine (lua5.4 sets its hook on the main thread, not the coroutine's)
local ok, err = pcall(arg[1] == "co" and coroutine.wrap(search) or search)
print(ok and "done" or "stopped: " .. tostring(err))
