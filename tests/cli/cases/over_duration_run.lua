-- A plan that runs, but not within the run's duration, says so wherever it goes: print notes it,
-- and a sweep's rows and the saved file carry feasible, within_duration and the reason.
local paper = require "dml.paper.erdil2024"
local h100 = paper.clusters["H100 SXM"]
local model = dml.mlp_stack { d_model = 12288 }  -- 2,048 GPUs train it in 1.734 months
local results = dml.sweep { grid = { gpus = { 256, 2048 } }, run = function(p)
  return dml.run { model = model, cluster = dml.cluster(h100, { size = p.gpus }) } end }
print(tostring(results.plans[1]):match("^[^\n]*\n[^\n]*"))
print(dml.table(results:rows(), { columns = { "gpus", "months", "feasible", "within_duration", "violations" } }))
local path = os.tmpname()
dml.save(results, path .. ".tsv")
local file = io.open(path .. ".tsv")
local header = {}
for name in file:read("l"):gmatch("[^\t]+") do header[#header + 1] = name end
for line in file:lines() do
  local cells, i = {}, 0
  for cell in (line .. "\t"):gmatch("([^\t]*)\t") do i = i + 1; cells[header[i]] = cell end
  print(cells.gpus, cells.feasible, cells.within_duration, cells.violations)
end
file:close()
os.remove(path .. ".tsv")
os.remove(path)
