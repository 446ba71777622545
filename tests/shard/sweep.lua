-- Two sweeps in one script, for the sharding test: `dml sweep.lua [--shard K/N] PREFIX` saves
-- PREFIX.grid.tsv (a grid of 15 points), the same as PREFIX.grid.csv (a label with a comma and
-- quotes: quoted CSV fields) and PREFIX.runs.tsv (a list of 3 runs), and PREFIX.calls, the
-- points the grid's run function was called at; PREFIX.failed.tsv, a sweep whose every point
-- fails (kept as rows): the same columns in every shard.
local prefix = assert(arg[1], "usage: dml sweep.lua [--shard K/N] PREFIX")
local gpus = dml.presets.gpus
local cluster = dml.cluster { gpu = gpus.h100_sxm, levels = {
  { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" },
  { name = "infiniband", bandwidth = "100 GB/s", latency = "1.125 us" } } }
local calls = {}  -- the points this process's run function was called at: PREFIX.calls
local grid = dml.sweep {
  grid = { d_model = { 4096, 8192, 12288 }, experts = { 1, 2, 4, 8, 16 },
    label = { 'paper, "MLP" stack' } },
  run = function(p)
    calls[#calls + 1] = p.d_model .. " " .. p.experts
    return { model = dml.mlp_stack { d_model = p.d_model, experts = p.experts }, cluster = cluster }
  end,
}
local f = assert(io.open(prefix .. ".calls", "w"))
for _, c in ipairs(calls) do f:write(c, "\n") end
f:close()
dml.save(grid, prefix .. ".grid.tsv")
dml.save(grid, prefix .. ".grid.csv")
local runs = {}
for i, d in ipairs { 2048, 4096, 6144 } do
  runs[i] = dml.run { model = dml.mlp_stack { d_model = d }, cluster = cluster, duration = "30 days" }
end
dml.save(dml.sweep { runs = runs }, prefix .. ".runs.tsv")
-- shard = false: a sweep every shard runs whole (one whose result the script chooses by):
-- PREFIX.input.tsv, the same in every shard.
local input = dml.sweep { grid = { d_model = { 2048, 4096, 8192 } }, shard = false,
  run = function(p) return { model = dml.mlp_stack { d_model = p.d_model }, cluster = cluster } end }
dml.save(input, prefix .. ".input.tsv")
dml.save(dml.sweep { grid = { d_model = { 1, 2, 3, 4, 5 } }, on_error = "row",
  run = function(p) error("no run at d_model " .. p.d_model, 0) end }, prefix .. ".failed.tsv")
