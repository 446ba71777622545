--- dml.paper.erdil2024: the settings of Erdil & Schneider-Joseph (2024), "Data
--- movement limits to frontier model training" (arXiv 2411.01137), so a
--- scenario can say "the paper's baseline" in one line:
---
---   local paper = require "dml.paper.erdil2024"
---   local h100 = paper.settings.h100_sxm                      -- a dml.setting
---   print(dml.largest_run(h100))                              -- 2.707e31 FLOP
---   local results = paper.run_comparison("base_comparison")   -- the paper's sweep
---
--- Values are the authors' code (gpu/gpu_model.py, optimal_parallelism.ipynb),
--- as docs/model.md (1.6, 3.1, 3.2) states them.
local dml = require "dml"
local gpus = require "dml.presets.gpus"
local _, core = ...  -- dml.core, from the loader (no global lookup: a script may replace select)

local M = {}

--- The paper's depth law, sparsity law and batch rules, from the core.
--- laws(d_model[, sparsity[, batch]]) -> d_ff, layers, experts, batch_sequences
M.laws = core.paper_laws
--- The paper's d_model grid: 55 values from 12288 to 1572864 (docs/model.md 1.5).
M.grid = core.paper_grid
--- round_list(x): the element of {f 2^i : f in 1,3,5,7,9; i < 60} closest to x, ties to the smaller.
M.round_list = core.round_list

M.seq_len = 2048

local latency = "1.125 us"
local low_latency = "0.1125 us"

-- The network of each GPU in the paper (docs/model.md 3.1): an 8-GPU NVLink node, then InfiniBand.
local function two_levels(nvlink, ib, lat)
  return {
    { name = "nvlink", size = 8, bandwidth = nvlink, latency = lat },
    { name = "infiniband", bandwidth = ib, latency = lat },
  }
end

--- The paper's clusters (docs/model.md 3.1 and 3.2), by setting name.
M.clusters = {
  ["V100 SXM"] = { gpu = gpus.v100_sxm, levels = two_levels("300 GB/s", "12.5 GB/s", latency) },
  ["A100 SXM"] = { gpu = gpus.a100_sxm, levels = two_levels("600 GB/s", "50 GB/s", latency) },
  ["H100 SXM"] = { gpu = gpus.h100_sxm, levels = two_levels("900 GB/s", "100 GB/s", latency) },
  ["H100 SXM Low Latency"] = {
    gpu = gpus.h100_sxm_low_latency, levels = two_levels("900 GB/s", "100 GB/s", low_latency),
  },
  ["H100 SXM Global NVLink"] = {
    gpu = gpus.h100_sxm, levels = { { name = "nvlink", bandwidth = "900 GB/s", latency = latency } },
  },
  ["H100 SXM Global NVLink and LL"] = {
    gpu = gpus.h100_sxm_low_latency, levels = { { name = "nvlink", bandwidth = "900 GB/s", latency = low_latency } },
  },
  ["H100 SXM Infinite Network and LL"] = {
    gpu = gpus.h100_sxm_low_latency,
    levels = { { name = "network", bandwidth = dml.q(math.huge, "B/s"), latency = low_latency } },
  },
}

local function setting(name, cluster, sparsity, batch)
  return dml.setting { name = name, cluster = M.clusters[cluster], sparsity = sparsity, batch = batch }
end

--- The settings of each of the paper's five comparisons (docs/model.md 1.6), in order;
--- their names are the `setting` column of the validation data.
M.comparisons = {}
local grand = {
  "H100 SXM", "H100 SXM Low Latency", "H100 SXM Global NVLink", "H100 SXM Global NVLink and LL",
  "H100 SXM Infinite Network and LL",
}
M.comparisons.base_comparison = {}
M.comparisons.base_comparison_sparse = {}
for _, g in ipairs { "V100 SXM", "A100 SXM", "H100 SXM" } do
  table.insert(M.comparisons.base_comparison, setting(g, g, "dense", "paper"))
  table.insert(M.comparisons.base_comparison_sparse, setting(g, g, "paper", "paper"))
end
M.comparisons.grand_comparison_dense = {}
M.comparisons.grand_comparison_sparse = {}
for _, g in ipairs(grand) do
  table.insert(M.comparisons.grand_comparison_dense, setting(g, g, "dense", "paper"))
  table.insert(M.comparisons.grand_comparison_sparse, setting(g, g, "paper", "paper"))
end
M.comparisons.batch_size_comparison = {
  setting("No scaling", "H100 SXM", "dense", "fixed"),
  setting("Default scaling", "H100 SXM", "dense", "paper"),
  setting("DeepSeek scaling", "H100 SXM", "dense", "deepseek"),
}
M.comparison_names = {
  "base_comparison", "base_comparison_sparse", "grand_comparison_dense", "grand_comparison_sparse",
  "batch_size_comparison",
}

--- The paper's baseline settings, one line each: paper.settings.h100_sxm (dense) and
--- paper.settings.h100_sxm_sparse, and the same for v100_sxm and a100_sxm.
M.settings = {}
for _, key in ipairs { "v100_sxm", "a100_sxm", "h100_sxm" } do
  local name = gpus[key].name
  M.settings[key] = setting(name, name, "dense", "paper")
  M.settings[key .. "_sparse"] = setting(name, name, "paper", "paper")
end

--- The columns of the validation data (tests/validation/erdil2024/public.tsv).
M.tsv_columns = {
  "run", "setting", "d_model", "d_ff", "total_params", "layers", "sparsity", "batch_tokens",
  "train_flop", "months", "util", "N_gpu", "TP_model", "TP_ff", "PP", "pp_interleave_v", "DP", "EP",
  "microbatches", "DP_levels", "TPm_levels", "TPff_levels", "PP_levels", "EP_levels",
  "TP_comm_s", "DP_comm_s", "PPEP_comm_s", "latency_s",
}

local function e4(x) return string.format("%.4e", x) end
local function levels(list) return "[" .. table.concat(list, ", ") .. "]" end

--- tsv_row(run_name, setting_name, plan): one row in the validation data's
--- columns and number formats (feasible plans only).
function M.tsv_row(run_name, setting_name, plan)
  local r, l = plan.run, plan.layout
  local s = l.split
  return {
    run = run_name, setting = setting_name, d_model = r.d_model, d_ff = r.d_ff,
    total_params = e4(r.total_params), layers = r.layers, sparsity = r.experts,
    batch_tokens = r.batch_tokens, train_flop = e4(r.train_flop:value()),
    months = string.format("%.4f", plan.months), util = string.format("%.5f", plan.utilization),
    N_gpu = string.format("%.0f", plan.gpus), TP_model = l.tp.model, TP_ff = l.tp.ff, PP = l.pp,
    pp_interleave_v = l.interleave, DP = l.dp, EP = l.ep, microbatches = l.microbatches,
    DP_levels = levels(s.dp), TPm_levels = levels(s.tp_model), TPff_levels = levels(s.tp_ff),
    PP_levels = levels(s.pp), EP_levels = levels(s.ep),
    TP_comm_s = e4(plan.tp_comm_total:value()), DP_comm_s = e4(plan.dp_comm_total:value()),
    PPEP_comm_s = e4(plan.pp_ep_comm_total:value()), latency_s = e4(plan.latency_total:value()),
  }
end

--- run_comparison(name[, options]): sweep every setting of one of the five
--- comparisons on all cores. Returns the list of dml.limits results, in the
--- comparison's order.
function M.run_comparison(name, options)
  -- a name that is not one is an error with did-you-mean (M.comparisons is strict)
  local settings = type(name) == "string" and M.comparisons[name]
  if not settings then
    dml.error(string.format("no comparison '%s'; the paper's are %s", tostring(name),
      table.concat(M.comparison_names, ", ")))
  end
  return dml.limits_many(settings, options)
end

local titles = {
  base_comparison = "Dense models on V100, A100 and H100",
  base_comparison_sparse = "Sparse (mixture-of-experts) models on V100, A100 and H100",
  grand_comparison_dense = "Dense models on H100 and its faster-network variants",
  grand_comparison_sparse = "Sparse models on H100 and its faster-network variants",
  batch_size_comparison = "Dense models on H100 under three batch-size rules",
}

local function flop_text(q) return string.format("%.4g FLOP", q:value()):gsub("e%+", "e") end

--- arguments(script, no_plot, ...): the --tsv and --plot files of scenarios/erdil2024/<script>.lua's
--- arguments, each checked writable by its extension before anything runs; `help` true when
--- --help was given (the usage printed). An unknown argument is a usage error, and so is --plot
--- where `no_plot` says why.
function M.arguments(script, no_plot, ...)
  local args = { ... }
  local tsv, plot
  local usage = string.format("usage: dml scenarios/erdil2024/%s.lua [--tsv FILE]%s", script,
    no_plot and "" or " [--plot FILE.png|svg|pdf]")
  local i = 1
  while i <= #args do
    local a = args[i]
    if a == "--plot" and no_plot then
      dml.usage_error(string.format("--plot: %s (%s)", no_plot, usage))
    elseif a == "--tsv" or a == "--plot" then
      if not args[i + 1] or args[i + 1]:find("^%-%-") then dml.usage_error(string.format("'%s' needs a file name (%s)", a, usage)) end
      local before = a == "--tsv" and tsv or a == "--plot" and plot or nil
      if before then
        dml.usage_error(string.format("'%s' given twice ('%s', then '%s'): name one file (%s)", a, before,
          args[i + 1], usage))
      end
      if a == "--tsv" then tsv = args[i + 1] else plot = args[i + 1] end
      i = i + 2
    elseif a == "--help" or a == "-h" then
      print(usage)
      return nil, nil, true
    else
      dml.usage_error(string.format("unknown argument '%s' (%s)", a, usage))
    end
  end
  -- A file the comparison cannot write is said before it runs, not after.
  local output = require "dml.output"
  if tsv then output.check_output_option("--tsv", tsv, "table", usage) end
  if plot then output.check_output_option("--plot", plot, "plot", usage) end
  return tsv, plot, false
end

--- write_outputs(tsv, plot, rows, series, title): saves the points' rows (M.tsv_columns) to
--- `tsv` and plots utilization against training compute, a series per setting, to `plot`
--- (either may be nil).
function M.write_outputs(tsv, plot, rows, series, title)
  if tsv then
    dml.save(dml.table(rows, { columns = M.tsv_columns }), tsv)
    core.message(string.format("dml: wrote %d points to %s", #rows, tsv))
  end
  if plot then
    dml.plot { path = plot, title = title, x_label = "training compute (FLOP)",
      y_label = "utilization", x_log = true, series = series }
    core.message(string.format("dml: wrote %s", plot))
  end
end

--- main(name, ...): what scenarios/erdil2024/NAME.lua does: sweep the
--- comparison, print a table per setting and the summary lines; the script's
--- arguments may add `--tsv FILE` (every point, in the validation data's
--- columns) and `--plot FILE` (utilization against training compute, log x).
function M.main(name, ...)
  local tsv, plot, help = M.arguments(name, nil, ...)
  if help then return end
  local results = M.run_comparison(name)
  print(string.format("%s (%s): Erdil & Schneider-Joseph (2024), 3-month runs", titles[name], name))
  local tsv_rows, series = {}, {}
  for _, res in ipairs(results) do
    local rows = {}
    local xs, ys = {}, {}
    for _, p in ipairs(res.plans) do
      local r = p.run
      if p.feasible then
        local l = p.layout
        rows[#rows + 1] = {
          d_model = r.d_model, layers = r.layers, experts = r.experts, batch_tokens = r.batch_tokens,
          train_flop = r.train_flop, months = p.months, utilization = p.utilization, gpus = p.gpus,
          tp = string.format("%dx%d", l.tp.model, l.tp.ff), pp = l.pp, v = l.interleave, dp = l.dp,
          ep = l.ep, microbatches = l.microbatches,
        }
        tsv_rows[#tsv_rows + 1] = M.tsv_row(name, res.setting, p)
        xs[#xs + 1] = r.train_flop:value()
        ys[#ys + 1] = p.utilization
      else
        rows[#rows + 1] = { d_model = r.d_model, layers = r.layers, experts = r.experts,
          batch_tokens = r.batch_tokens, train_flop = r.train_flop, months = "infeasible" }
      end
    end
    print()
    print(dml.table(rows, { title = res.setting, columns = {
      "d_model", "layers", "experts", "batch_tokens", "train_flop", "months", "utilization", "gpus",
      "tp", "pp", "v", "dp", "ep", "microbatches" } }))
    local sm = res.summary
    if sm.linear_scaling_ends_at then
      print(string.format("Linear scaling for %s ends at %s (utilization %.4f)", res.setting,
        flop_text(sm.linear_scaling_ends_at), sm.utilization_there))
    else
      print(string.format("Linear scaling for %s does not end on the grid", res.setting))
    end
    if sm.largest_feasible_flop then
      print(string.format("Largest run %s trains in time: %s (utilization %.4f)%s", res.setting,
        flop_text(sm.largest_feasible_flop), sm.largest_feasible_utilization,
        sm.first_infeasible_flop and ("; the next, " .. flop_text(sm.first_infeasible_flop) .. ", is infeasible")
          or "; the paper's grid ends there"))
    end
    series[#series + 1] = { name = res.setting, x = xs, y = ys }
  end
  M.write_outputs(tsv, plot, tsv_rows, series, titles[name])
  return results
end

-- Strict tables: a name that is not there is an error with did-you-mean, never nil.
core.strict(M.clusters, "dml.paper.erdil2024.clusters", "cluster")
core.strict(M.comparisons, "dml.paper.erdil2024.comparisons", "comparison")
core.strict(M.settings, "dml.paper.erdil2024.settings", "setting")
return core.strict(M, "dml.paper.erdil2024", "name")
