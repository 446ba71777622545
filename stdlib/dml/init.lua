--- dml: the Lua half of dml's API. The global `dml` is this module.
--- Every public name is defined with its one-line reference text, which
--- `dml --doc NAME` and docs/language.md show.
local core = require "dml.core"
local schema = require "dml.schema"
local hardware = require "dml.hardware"
local workload = require "dml.workload"

local dml = {}
local docs = {}

local function def(name, doc, value)
  dml[name] = value
  docs[name] = doc
end

def("version", "dml.version: the dml version string, \"MAJOR.MINOR.PATCH\".", core.version)
def("error", "dml.error(message): raise an error at the scenario line that called into dml.", core.raise)
def("q", "dml.q(text) -> a quantity: a number with a unit, dml.q\"900 GB/s\"; also dml.q(900, \"GB/s\"). "
  .. "Quantities do arithmetic, compare, print readably, and convert: q:value\"GiB/s\" (a number), "
  .. "q:to\"GiB/s\" (a string). Grammar and API: docs/units.md.", core.q)
def("gpu", "dml.gpu{...} or dml.gpu(base, {changes}): declare a GPU.", hardware.gpu)
def("level", "dml.level{...}: declare one network level.", hardware.level)
def("cluster", "dml.cluster{...}: declare a cluster: a GPU and the network levels between GPUs.",
  hardware.cluster)

def("mlp_stack", "dml.mlp_stack{...}: declare the paper's model, a stack of MLP blocks (dense or mixture-of-experts).",
  workload.mlp_stack)
def("run", "dml.run{...}: declare a training run: model, cluster, batch rule and time budget.", workload.run)
def("options", "dml.options{...}: the paper's fixed knobs (overlap, schedules, search limits), for dml.run's options.",
  workload.options)
def("layout", "dml.layout{...}: declare a parallel layout (dp, tp, pp, ep, microbatches, schedule), for dml.evaluate.",
  workload.layout)

-- Output: tables, saving and plotting (dml.output).
local output = require "dml.output"
def("table", "dml.table(rows [, { columns = {...}, title = \"...\" }]): a table of results; print() shows it aligned.",
  output.table)
def("save", "dml.save(value, path): write a dml.table, a list of rows or a record to a .csv, .tsv or .json file, atomically.",
  output.save)
def("plot", "dml.plot{ path = \"fig.png\", series = { { name = ..., x = {...}, y = {...} } }, ... }: draw a line plot (.png, .svg, .pdf).",
  output.plot)
-- (end of output)

-- Analysis: optimize, evaluate, sweep and the limits of a setting (dml.analysis).
local analysis = require "dml.analysis"
local plan = require "dml.plan"
def("optimize", "dml.optimize(run): the fastest layout, on run.cluster.size GPUs or else on the smallest cluster that meets the duration; returns a plan (dml --doc plan).",
  analysis.optimize)
def("evaluate", "dml.evaluate(run, layout): cost one given layout (dml.layout) of the run; returns a plan with the whole breakdown.",
  analysis.evaluate)
def("sweep", "dml.sweep{ grid = { name = {values...} }, run = function(point) return dml.run{...} end } or dml.sweep{ runs = {...} }: optimize many runs on all cores; returns a dml.table (Ctrl-C keeps the finished rows).",
  analysis.sweep)
def("setting", "dml.setting{ cluster = ..., sparsity = \"dense\"|\"paper\", batch = ... }: hardware plus the paper's scaling laws, for dml.limits.",
  analysis.setting)
def("limits", "dml.limits(setting[, options]): sweep the paper's d_model grid; returns { points = dml.table, plans, summary = { linear_scaling_ends_at, largest_feasible_flop, ... } }.",
  analysis.limits)
def("limits_many", "dml.limits_many({setting, ...}[, options]): dml.limits of several settings, on all cores.",
  analysis.limits_many)
def("largest_run", "dml.largest_run(setting[, options]): the largest training compute on the paper's grid trainable within the duration, and its plan.",
  analysis.largest_run)
def("linear_scaling_ends", "dml.linear_scaling_ends(setting[, options]): the first training compute whose utilization falls to 0.8 x the GPU's effective utilization, and that utilization.",
  analysis.linear_scaling_ends)
def("latency_wall", "dml.latency_wall([{ alpha = 0, step_latency = \"9 us\", ... }]): the analytic latency wall T_limit, the training compute past which no cluster trains the model in time (2.305e31 FLOP at alpha = 0).",
  analysis.latency_wall)
def("critical_compute", "dml.critical_compute(cluster[, { alpha = 0, ... }]): the analytic critical compute T_crit, where bandwidth starts to limit utilization (H100: 1.92e28 FLOP at alpha = 0).",
  analysis.critical_compute)
def("wall_curve", "dml.wall_curve(cluster[, { alpha_min = -0.2, alpha_max = 0.2, points = 41 }[, wall]]): both analytic curves against alpha, as a dml.table.",
  analysis.wall_curve)
docs.plan = plan.doc

def("doc", "dml.doc(name): the reference text of a declared type or function, as `dml --doc NAME` prints it.",
  function(name)
    if type(name) ~= "string" then core.raise("dml.doc: expected a name, got " .. type(name)) end
    local short = name:gsub("^dml%.", "")
    local s = schema.get(short)
    if s then return schema.describe(s, docs[short]) end
    if docs[short] then return docs[short] end
    local names = {}
    for k in pairs(docs) do names[#names + 1] = k end
    for _, sc in ipairs(schema.all()) do
      if not docs[sc.name] then names[#names + 1] = sc.name end
    end
    table.sort(names)
    local hint = schema.closest(short, names)
    core.raise(string.format("no documentation for '%s'%s; documented names: %s", name,
      hint and (" (did you mean '" .. hint .. "'?)") or "", table.concat(names, ", ")))
  end)

def("names", "dml.names(): every documented name of the dml module, sorted.", function()
  local names = {}
  for k in pairs(docs) do names[#names + 1] = k end
  table.sort(names)
  return names
end)

return dml
