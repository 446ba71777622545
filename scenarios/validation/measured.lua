-- The realistic model against measured training runs: predicts the step time of every row of a
-- TSV with the columns of tests/validation/measured/public.tsv and compares it with the
-- measured one. Prints every row, the mean and max absolute error per tier and per source
-- group, the count predicted and the rows not predicted with the reason.
-- Arguments: FILE.tsv [--out PRED.tsv] [--markdown] [--explain RUN_ID]... --out writes one line
-- per row: run_id, status, predicted_s, measured_s, error_pct, assumed, then group, tier,
-- measured_from, notes. --markdown prints the summaries as the Markdown tables of
-- docs/validation.md instead. --explain (repeatable) prints, after the summaries, where dml's
-- predicted step of that row goes and how each of its cells was read.
-- See docs/validation.md, "Measured runs (the realistic model)".

-- The library is the stdlib's dml.measured.
local measured = require "dml.measured"

local usage = "usage: dml scenarios/validation/measured.lua FILE.tsv [--out PRED.tsv] [--markdown] [--explain RUN_ID]..."
local args = { ... }
local input, out, markdown
local explain = {}
local i = 1
while i <= #args do
  local a = args[i]
  if a == "--out" or a:find("^%-%-out=") then
    local file
    if a == "--out" then file = args[i + 1] else file = a:sub(7) end
    if a == "--out" and file and file:find("^%-%-") then file = nil end  -- ("--out --markdown": no file)
    if not file then dml.usage_error("'--out' needs a file name (" .. usage .. ")") end
    if file == "" then dml.usage_error("'--out=' needs a file name (" .. usage .. ")") end
    if out then
      dml.usage_error(string.format("'--out' given twice ('%s', then '%s'): name one file (%s)", out, file, usage))
    end
    out = file
    i = i + (a == "--out" and 2 or 1)
  elseif a == "--markdown" then
    markdown = true
    i = i + 1
  elseif a == "--explain" or a:find("^%-%-explain=") then
    local id = a == "--explain" and args[i + 1] or a:sub(11)
    if not id or id == "" then dml.usage_error("'--explain' needs a run_id (" .. usage .. ")") end
    explain[#explain + 1] = id
    i = i + (a == "--explain" and 2 or 1)
  elseif a == "--help" or a == "-h" then
    print(usage)
    return
  elseif a:sub(1, 2) ~= "--" and input == nil then
    input = a
    i = i + 1
  elseif a:sub(1, 2) ~= "--" then
    -- (A second file: one run of the judge reads one; their rows can be joined into one file.)
    dml.usage_error(string.format("a second input file ('%s', then '%s'): the judge reads one TSV a run (%s)",
      input, a, usage))
  else
    dml.usage_error(string.format("unknown argument '%s' (%s)", a, usage))
  end
end
if input == nil then dml.usage_error("no input file (" .. usage .. ")") end
-- The output's format, from its extension, before any row is predicted.
if out and not (out:lower():find("%.csv$") or out:lower():find("%.tsv$") or out:lower():find("%.json$")) then
  dml.usage_error(string.format("'--out %s': the format is told by the extension; supported: .csv, .json, .tsv", out))
end
-- The predictions never replace the measurements they are of (the input by another path, a
-- link, or a copy), and an output that cannot be written is said before any row is predicted.
if out then
  local why = measured.check_output(out, input)
  if why then dml.usage_error(why) end
end

-- A problem of the file is said without this script's own position (it is the file's).
local here = debug.getinfo(1, "S").short_src .. ":"
local function about_file(f, ...)
  local ok, a, b = pcall(f, ...)
  if ok then return a, b end
  local msg = tostring(a)
  if msg:sub(1, #here) == here then msg = msg:gsub("^[^:]*:%d+: ", "", 1) end
  error(msg, 0)
end
local rows, columns = about_file(measured.read_tsv, input)
about_file(measured.check_columns, columns, input)
-- A header without rows predicts nothing: said once, before any table or file (helper-368: three
-- empty tables, a file of a header, then the error).
if #rows == 0 then dml.error(string.format("%s: no rows after the header (nothing to predict)", input), 0) end
-- Columns of no known name are the user's own: said, since a measurement under another name
-- ("throughput", "MFU %") is not read.
do
  local unread = measured.unread_columns(columns)
  if unread then io.stderr:write(string.format("dml: %s: %s\n", input, unread)) end
  -- (And the format's columns it leaves out, read as empty: each row's `assumed` says what was
  -- taken instead.)
  local absent = measured.absent_columns(columns)
  if absent then io.stderr:write(string.format("dml: %s: %s\n", input, absent)) end
  -- (And rows with fewer cells than the header: a cell left out in the middle shifts the rest.)
  local short = measured.short_rows(rows, columns)
  if short then io.stderr:write(string.format("dml: %s: %s\n", input, short)) end
end
-- A run_id twice is predicted twice, and said: its lines tell the rows apart.
local seen_at = {}
for _, row in ipairs(rows) do
  local id = row.run_id
  if id then
    if seen_at[id] then
      io.stderr:write(string.format("dml: run_id %q appears twice: %s and %s\n", id, seen_at[id],
        measured.where(row) or "?"))
    else
      seen_at[id] = measured.where(row) or "?"
    end
  end
end
-- Every row asked to be explained is in the file (said before any prediction runs).
do
  local missing = {}
  for _, id in ipairs(explain) do
    if not seen_at[id] then missing[#missing + 1] = string.format("%q", id) end
  end
  if #missing > 0 then
    dml.usage_error(string.format("--explain: no row of %s has the run_id %s", input, table.concat(missing, ", ")))
  end
end
local results = {}
for _, row in ipairs(rows) do results[#results + 1] = measured.predict(row) end
-- A framework no stack preset stands for is said once, with its rows' count, beside the file (each
-- row's `assumed` says it too).
do
  local order, counts = {}, {}
  for _, r in ipairs(results) do
    for _, a in ipairs(r.assumed_list or {}) do
      local what = a:match("^(no preset for the .-: stack [%w_]+ assumed)")
      if what then
        if not counts[what] then order[#order + 1] = what end
        counts[what] = (counts[what] or 0) + 1
      end
    end
  end
  for _, what in ipairs(order) do
    io.stderr:write(string.format("dml: %s: %s (%d row%s)\n", input, what, counts[what], counts[what] == 1 and "" or "s"))
  end
end

local function pct(x) return x and string.format("%+.1f%%", x) or "" end
local function abs_pct(x) return x and string.format("%.1f%%", x) or "-" end

-- The tiers the file has rows of (a file of the user's own runs may have none of public.tsv's).
local tier_stats = {}
for _, s in ipairs(measured.summarize(results, "tier", measured.tiers)) do
  if s.n > 0 then tier_stats[#tier_stats + 1] = s end
end
local group_stats = measured.summarize(results, "group")
local predicted, compared = 0, 0
local not_predicted = {}
for _, r in ipairs(results) do
  if r.status == "ok" then predicted = predicted + 1 end
  if r.error_pct then compared = compared + 1 end
  if r.status ~= "ok" then not_predicted[#not_predicted + 1] = r end
end
-- Predicted but not compared: the measured cells were not read (said in measured_from).
local not_compared = {}
for _, r in ipairs(results) do
  if r.status == "ok" and not r.error_pct then not_compared[#not_compared + 1] = r end
end
local count_line = string.format("%d of %d rows predicted, %d compared with a measured time", predicted, #results,
  compared)

-- A cell of a Markdown table: a "|" in it would end the cell.
-- (A cell's tabs and line breaks as spaces: a Markdown row is one line.)
local function md_cell(text) return (tostring(text):gsub("[\t\r\n]", " "):gsub("|", "\\|")) end

if markdown then
  local function md_table(stats, key, head)
    local with_tier = key ~= "tier"
    print(string.format("| %s |%s n | predicted | compared | mean abs error | max abs error | mean signed |", head,
      with_tier and " tier |" or ""))
    print(with_tier and "|---|---|---|---|---|---|---|---|" or "|---|---|---|---|---|---|---|")
    for _, s in ipairs(stats) do
      print(string.format("| %s |%s %d | %d | %d | %s | %s | %s |", md_cell(s[key]),
        with_tier and (" " .. measured.tier(s[key]) .. " |") or "", s.n, s.predicted, s.compared, abs_pct(s.mean_abs_pct),
        abs_pct(s.max_abs_pct), s.mean_signed_pct and pct(s.mean_signed_pct) or "-"))
    end
  end
  md_table(tier_stats, "tier", "tier")
  print()
  md_table(group_stats, "group", "source group")
  print()
  print(count_line .. ".")
  -- The rows of a list with why, as a table: the reason without its prefix.
  local function md_reasons(head, list, field, prefix)
    if #list == 0 then return end
    print()
    print(string.format("| row | %s |", head))
    print("|---|---|")
    for _, r in ipairs(list) do
      print(string.format("| `%s` | %s |", md_cell(r.run_id), md_cell(r[field]:gsub(prefix, ""))))
    end
  end
  md_reasons("why not predicted", not_predicted, "status", "^not predicted: ")
  md_reasons("predicted, not compared: why", not_compared, "measured_from", "^none: ")
else
  -- Every row.
  local lines = {}
  for _, r in ipairs(results) do
    lines[#lines + 1] = {
      run_id = r.run_id, tier = r.tier, predicted_s = r.predicted_s, measured_s = r.measured_s,
      error = pct(r.error_pct), status = r.status == "ok" and (r.over_capacity and "ok (memory over capacity)" or "ok")
        or "not predicted",
    }
  end
  print(dml.table(lines, { title = string.format("Measured runs: %s", input),
    columns = { "run_id", "tier", "predicted_s", "measured_s", "error", "status" } }))

  local function summary_table(stats, key, title)
    local t = {}
    for _, s in ipairs(stats) do
      t[#t + 1] = { [key] = s[key], n = s.n, predicted = s.predicted, compared = s.compared, mean_abs = abs_pct(s.mean_abs_pct),
                    max_abs = abs_pct(s.max_abs_pct), mean_signed = s.mean_signed_pct and pct(s.mean_signed_pct) or "-" }
    end
    print()
    print(dml.table(t, { title = title, columns = { key, "n", "predicted", "compared", "mean_abs", "max_abs", "mean_signed" } }))
  end
  summary_table(tier_stats, "tier", "Error of the predicted step time, per tier")
  summary_table(group_stats, "group", "Error of the predicted step time, per source group")

  print()
  print(count_line)
  -- The rows of a list with why, the reason without its prefix.
  local function reasons(title, list, field, prefix)
    if #list == 0 then return end
    print(title)
    for _, r in ipairs(list) do print(string.format("  %s: %s", r.run_id, (r[field]:gsub(prefix, "")))) end
  end
  reasons("Not predicted:", not_predicted, "status", "^not predicted: ")
  reasons("Predicted, not compared (no measured time read):", not_compared, "measured_from", "^none: ")
end

-- The rows asked about: the measurement, the plan dml predicted (its step time term by term),
-- and every reading of the row's cells, one a line.
for _, id in ipairs(explain) do
  for i, r in ipairs(results) do
    if r.run_id == id then
      print()
      print(string.format("Row %s (%s): %s", id, measured.where(rows[i]) or seen_at[id], r.status))
      print(string.format("  measured: %s", r.measured_s and string.format("%.4g s (%s)", r.measured_s, r.measured_from)
        or ("not read: " .. r.measured_from:gsub("^none: ", ""))))
      if r.error_pct then print(string.format("  error: %+.1f%%", r.error_pct)) end
      if r.plan then
        print("  dml's plan:")
        print((tostring(r.plan):gsub("\n", "\n    "):gsub("^", "    ")))
      end
      -- The network the cells gave, level by level, as the plan ran on it (helper-377: a rate
      -- read as the cell meant it said nothing, so a reader could not check it).
      if r.run then
        print("  network:")
        for _, l in ipairs(r.run.cluster.levels) do
          print(string.format("    %s%s: %s per GPU both ways (%s each way), latency %s", l.name or "a level",
            l.size and string.format(" (size %d)", l.size) or "", tostring(l.bandwidth), tostring(l.link),
            tostring(l.latency)))
        end
      end
      if r.assumed_list and #r.assumed_list > 0 then
        print("  read as:")
        for _, a in ipairs(r.assumed_list) do print("    " .. a) end
      end
    end
  end
end

if out then
  io.stdout:flush()
  local columns = { "run_id", "status", "predicted_s", "measured_s", "error_pct", "assumed", "group", "tier",
                    "measured_from", "notes" }
  -- A TSV cell holds no tab, line break or NUL: a cell of the input that had one (a quoted
  -- cell may) is written with spaces in their place.
  local rows_out = results
  if out:lower():find("%.tsv$") then
    rows_out = {}
    for i, r in ipairs(results) do
      local copy = {}
      for _, c in ipairs(columns) do
        copy[c] = type(r[c]) == "string" and r[c]:gsub("[\t\r\n%z]", " ") or r[c]
      end
      rows_out[i] = copy
    end
  end
  dml.save(dml.table(rows_out, { columns = columns }), out)
  io.stderr:write(string.format("dml: wrote %d row%s to %s\n", #results, #results == 1 and "" or "s", out))
end

-- Nothing compared is no validation: a job that runs this fails rather than passing on nothing.
if compared == 0 then
  dml.error(string.format("%s: no row was compared with a measured time (%d of %d predicted)", input, predicted,
    #results), 0)
end
