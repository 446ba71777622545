--- dml.plan: the result of dml.optimize and dml.evaluate. A plan is a plain
--- table of fields (see `dml --doc plan`) with a readable summary (print it)
--- and one row for dml.save (the __dml_rows protocol).
local M = {}

local function q_or(v, fallback)
  if v == nil then return fallback end
  return tostring(v)
end

local function percent(x)
  return string.format("%.1f%%", 100 * x)
end

-- 2048 -> "2,048"; 9.2e19 -> "9.223e19"
local function count_text(n)
  if math.type(n) == "float" then return string.format("%.4g", n):gsub("e%+?", "e") end
  local s = tostring(n)
  local out = s:reverse():gsub("(%d%d%d)", "%1,"):reverse()
  return (out:gsub("^,", ""))
end
M.count_text = count_text

local function big_number(x)
  if x >= 1e15 then return (string.format("%.4g", x):gsub("e%+?", "e")) end
  local units = { { 1e12, "T" }, { 1e9, "B" }, { 1e6, "M" }, { 1e3, "k" } }
  for _, u in ipairs(units) do
    if x >= u[1] then return string.format("%.4g %s", x / u[1], u[2]) end
  end
  return string.format("%.4g", x)
end

local function layout_text(l)
  local parts = {
    string.format("DP %d x TP %dx%d x PP %d x EP %d", l.dp, l.tp.model, l.tp.ff, l.pp, l.ep),
    string.format("%d microbatches", l.microbatches),
  }
  if l.zero_bubble then
    parts[#parts + 1] = "zero-bubble"
  elseif l.pp > 1 then
    parts[#parts + 1] = l.interleave and l.interleave > 1 and string.format("1F1B, %d-way interleaved", l.interleave) or "1F1B"
  end
  return table.concat(parts, ", ")
end
M.layout_text = layout_text

local function split_lines(plan, level_names)
  local s = plan.layout.split
  if not s then return {} end
  local lines, width = {}, 5
  for i = 1, #s.dp do width = math.max(width, #(level_names[i] or ("level " .. i))) end
  for i = 1, #s.dp do
    lines[#lines + 1] = string.format("  %-" .. width .. "s  DP %-6d TP %-10s PP %-6d EP %d",
      level_names[i] or ("level " .. i), s.dp[i], s.tp_model[i] .. "x" .. s.tp_ff[i], s.pp[i], s.ep[i])
  end
  return lines
end

--- summary(plan[, cluster]): the readable text of a plan.
function M.summary(plan, cluster)
  local r = plan.run
  local lines = {}
  local gpu = cluster and cluster.gpu.name or "GPU"
  local model = string.format("d_model %d, d_ff %d, %d layers, %s; %s parameters, %s tokens, %s, batch %s tokens (%s rule)",
    r.d_model, r.d_ff, r.layers, r.experts > 1 and (r.experts .. " experts") or "dense",
    big_number(r.total_params), big_number(r.tokens), tostring(r.train_flop), count_text(r.batch_tokens), r.batch_rule)
  if not plan.feasible then
    lines[#lines + 1] = string.format("infeasible: %s", table.concat(plan.violations, "; "))
    lines[#lines + 1] = "model: " .. model
    return table.concat(lines, "\n")
  end
  lines[#lines + 1] = string.format("%s x %s GPUs: %s (%.3f months) at %s utilization",
    gpu, count_text(plan.gpus), tostring(plan.training_time), plan.months, percent(plan.utilization))
  if not plan.within_duration then
    lines[#lines + 1] = string.format("note: this takes longer than the run's duration, %s", tostring(r.duration))
  end
  lines[#lines + 1] = "model: " .. model
  lines[#lines + 1] = "layout: " .. layout_text(plan.layout)
  local names = {}
  if cluster then
    for i, l in ipairs(cluster.levels) do names[i] = l.name or ("level " .. i) end
  end
  for _, l in ipairs(split_lines(plan, names)) do lines[#lines + 1] = l end
  local per_batch = plan.time_per_batch
  lines[#lines + 1] = string.format("where the time goes, per batch (%s; %s batches):", tostring(per_batch),
    big_number(plan.batches))
  local function row(label, t, note)
    lines[#lines + 1] = string.format("  %-22s %11s %6s%s", label, tostring(t),
      percent(t / per_batch), note and ("  " .. note) or "")
  end
  local hidden = plan.layout.zero_bubble and r.zero_bubble_latency_quirk
  row("arithmetic (ideal)", plan.arithmetic_time, "6 x active params x batch / peak FLOP/s: the utilization")
  row("matmuls", plan.compute_time, "one pipeline stage, memory hierarchy and per-call latency included")
  row("TP communication", plan.tp_comm, r.overlap_tp and "overlapped with the matmuls" or "not overlapped")
  row("PP/EP communication", plan.pp_ep_comm, r.overlap_pp and "overlapped with the matmuls" or "not overlapped")
  row("DP communication", plan.dp_comm, r.overlap_dp and "overlapped with the pipeline" or "after the pipeline")
  row("TP + PP/EP latency", plan.tp_latency + plan.pp_ep_latency,
    hidden and "not charged: zero-bubble, as the paper's code does" or "once per batch")
  row("DP latency", plan.dp_latency)
  lines[#lines + 1] = string.format("  %-22s %11s", "pipeline bubble", percent(plan.bubble_fraction))
  local overlapped = (r.overlap_tp and plan.tp_comm or 0 * plan.tp_comm) + (r.overlap_pp and plan.pp_ep_comm or 0 * plan.pp_ep_comm)
  if overlapped > plan.compute_time then
    lines[#lines + 1] = string.format("  bound by communication: overlapped %s > matmuls %s", tostring(overlapped),
      tostring(plan.compute_time))
  else
    lines[#lines + 1] = string.format("  bound by the matmuls: %s >= overlapped communication %s",
      tostring(plan.compute_time), tostring(overlapped))
  end
  lines[#lines + 1] = string.format("memory: %s needed of %s", tostring(plan.memory_required), tostring(plan.memory_available))
  return table.concat(lines, "\n")
end

-- The columns of a plan's row, in order, for dml.save and dml.table.
M.columns = {
  "gpu", "d_model", "d_ff", "layers", "experts", "total_params", "batch_tokens", "train_flop",
  "feasible", "gpus", "months", "training_time_s", "utilization",
  "dp", "tp_model", "tp_ff", "pp", "ep", "microbatches", "interleave", "zero_bubble",
  "time_per_batch_s", "arithmetic_time_s", "compute_time_s", "tp_comm_s", "pp_ep_comm_s", "dp_comm_s",
  "tp_latency_s", "pp_ep_latency_s", "dp_latency_s", "bubble_fraction", "memory_required_B",
}

--- row(plan[, cluster]): the plan as one flat row (numbers in SI base units).
function M.row(plan, cluster)
  local r = plan.run
  local row = {
    gpu = cluster and cluster.gpu.name or nil,
    d_model = r.d_model, d_ff = r.d_ff, layers = r.layers, experts = r.experts,
    total_params = r.total_params, batch_tokens = r.batch_tokens, train_flop = r.train_flop:value(),
    feasible = plan.feasible,
  }
  if plan.feasible then
    local l = plan.layout
    row.gpus = plan.gpus
    row.months = plan.months
    row.training_time_s = plan.training_time:value()
    row.utilization = plan.utilization
    row.dp, row.tp_model, row.tp_ff, row.pp, row.ep = l.dp, l.tp.model, l.tp.ff, l.pp, l.ep
    row.microbatches, row.interleave, row.zero_bubble = l.microbatches, l.interleave, l.zero_bubble
    row.time_per_batch_s = plan.time_per_batch:value()
    row.arithmetic_time_s = plan.arithmetic_time:value()
    row.compute_time_s = plan.compute_time:value()
    row.tp_comm_s = plan.tp_comm:value()
    row.pp_ep_comm_s = plan.pp_ep_comm:value()
    row.dp_comm_s = plan.dp_comm:value()
    row.tp_latency_s = plan.tp_latency:value()
    row.pp_ep_latency_s = plan.pp_ep_latency:value()
    row.dp_latency_s = plan.dp_latency:value()
    row.bubble_fraction = plan.bubble_fraction
    row.memory_required_B = plan.memory_required:value()
  end
  return row
end

local known = {}
for _, k in ipairs {
  "feasible", "within_duration", "violations", "gpus", "layout", "utilization", "training_time", "months", "time_per_batch",
  "arithmetic_time", "compute_time", "tp_comm", "pp_ep_comm", "dp_comm", "tp_latency", "pp_ep_latency",
  "dp_latency", "bubble_fraction", "pipeline_time", "batches", "memory_required", "memory_available",
  "tp_comm_total", "pp_ep_comm_total", "dp_comm_total", "latency_total", "run", "stats",
} do known[k] = true end

--- wrap(result, cluster): give a core result its metatable. Reading a field
--- a plan never has is an error (a typo such as plan.utilisation); a field
--- that an infeasible plan lacks reads as nil.
function M.wrap(result, cluster)
  return setmetatable(result, {
    __name = "dml.plan",
    __tostring = function(p) return M.summary(p, cluster) end,
    __dml_rows = function(p) return { M.row(p, cluster) }, M.columns end,
    __index = function(_, k)
      if known[k] then return nil end
      error(string.format("a plan has no field '%s' (see dml --doc plan)", tostring(k)), 2)
    end,
  })
end

M.doc = [[
A plan (from dml.optimize or dml.evaluate) is a table with these fields:
  feasible            the layout can run (evaluate, or optimize on a given cluster size); for optimize
                      without a size, some cluster trains the run within its duration
  within_duration     feasible, and training_time is within the run's duration (on a given cluster
                      size the fastest layout may still take longer: the summary then says so)
  violations          why not, when not feasible (a list of strings)
  gpus                number of GPUs (an integer; a float past 2^63)
  layout              { dp, tp = { model, ff }, pp, ep, microbatches, zero_bubble, interleave,
                        split = { dp, tp_model, tp_ff, pp, ep } (one entry per network level) }
  utilization         model FLOP utilization: arithmetic_time / time_per_batch
  training_time       the whole run (a time); months: the same in the paper's months
  time_per_batch      pipeline time + DP communication and latency
  arithmetic_time     6 N_active B / (peak FLOP/s x GPUs): the ideal
  compute_time        the matmuls of one pipeline stage (memory hierarchy and 4.5 us latency included)
  tp_comm, pp_ep_comm, dp_comm          bandwidth time per batch of each kind of communication
  tp_latency, pp_ep_latency, dp_latency latency per batch of each
  bubble_fraction     the pipeline bubble (0 for zero-bubble)
  pipeline_time, batches, memory_required, memory_available
  tp_comm_total, pp_ep_comm_total, dp_comm_total, latency_total   whole-run totals, as the paper reports
  run                 { d_model, d_ff, layers, experts, total_params, active_params, batch_tokens,
                        seq_len, batch_rule, tokens, train_flop, duration }
  stats               { clusters_searched, branches, branches_pruned, layouts_evaluated }
Times are quantities (print them, or :value"s"). print(plan) shows a summary; dml.save(plan, "p.json") one row.]]

return M
