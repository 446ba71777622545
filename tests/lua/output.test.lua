-- dml.table, dml.save: the text table exactly, files read back byte for byte, and errors
-- (raised at this file's line, with their exact text).
local t = require "testing"

local fails = t.raises_in_this_file

local read = t.read
local write = t.write
local dir, listing, remove_dir = t.scratch_dir()

-- Every check runs in main(); the directory is removed whether they pass or not.
local function main()
  local rows = {
    { gpu = "H100 SXM", gpus = 8, time = 1.25, mfu = 0.4512345, ok = true },
    { gpu = "A100", gpus = 1024, time = 0 / 0, mfu = 12345.678, ok = false, note = "tab\there" },
    { gpu = "B200", gpus = (1 << 62) + 1, time = 1 / 0, mfu = 3e25 },
    { gpu = "µ-GPU", gpus = 70e9, time = -1.5e-7, mfu = 0.0001 },
  }

  -- The text table --------------------------------------------------------------

  local runs = dml.table(rows, { columns = { "gpu", "gpus", "time", "mfu", "ok", "note" }, title = "Runs" })
  t.eq(tostring(runs), table.concat({
    "Runs",
    "gpu                      gpus      time     mfu  ok   note",
    "--------  -------------------  --------  ------  ---  ---------",
    "H100 SXM                    8      1.25  0.4512  yes",
    "A100                     1024         -   12346  no   tab\\there",
    "B200      4611686018427387905         -   3e+25",
    "µ-GPU             70000000000  -1.5e-07  0.0001",
    'note: 2 cells show "-" for a NaN or infinite number',
  }, "\n"), "dml.table text")

  -- Default columns: every field name, sorted.
  t.eq(tostring(dml.table({ { b = 1, a = "x" }, { c = true } })), table.concat({
    "a  b  c",
    "-  -  ---",
    "x  1",
    "      yes",
  }, "\n"), "default columns")
  t.eq(tostring(dml.table({}, { columns = { "a", "b" } })), "a  b\n-  -\n(no rows)", "no rows")
  t.eq(tostring(dml.table({})), "(empty table)", "empty")

  -- Methods.
  t.eq(#runs, 4, "#t")
  t.eq(#runs:rows(), 4, "t:rows()")
  t.eq(runs:rows()[2].gpu, "A100", "t:rows()[2]")
  t.eq(runs[2].gpu, "A100", "t[2]")
  t.eq(runs[5], nil, "t[#t + 1]")
  local walked = {}
  for i, row in ipairs(runs) do walked[#walked + 1] = i .. "=" .. row.gpus end
  t.eq(#walked, 4, "ipairs(t) walks the rows: " .. table.concat(walked, " "))
  t.eq(table.concat(runs:columns(), ","), "gpu,gpus,time,mfu,ok,note", "t:columns()")
  local gpus = runs:column("gpus")
  t.eq(gpus.n, 4, "column n")
  t.eq(gpus[3], (1 << 62) + 1, "integers keep every digit")
  t.eq(runs:column("note")[1], nil, "missing cell")
  local grown = dml.table({ { b = 1 } })
  t.eq(grown:add({ a = 2 }), grown, "add returns the table")
  t.eq(#grown, 2, "add")
  t.eq(table.concat(grown:columns(), ","), "a,b", "add: new fields become columns, sorted")
  -- A row written by its index would be seen by ipairs alone (helper-128): refused, naming t:add.
  fails(function() grown[#grown + 1] = { a = 3 } end,
    "dml.table: t[3] = ...: a table's rows are added with t:add(row), and are not replaced")
  fails(function() table.insert(grown, { a = 3 }) end,
    "dml.table: t[3] = ...: a table's rows are added with t:add(row), and are not replaced")
  t.eq(#grown, 2, "nothing added")
  -- Rows are copied: changing the caller's table later does not change the dml.table.
  local mine = { x = 1 }
  local copied = dml.table({ mine })
  mine.x = 2
  t.eq(copied:column("x")[1], 1, "rows are copied")
  -- Fixed columns stay fixed.
  local fixed = dml.table({}, { columns = { "a" } })
  fixed:add({ a = 1, b = 2 })
  t.eq(table.concat(fixed:columns(), ","), "a", "fixed columns")

  -- The __dml_rows protocol: a result type gives its rows and columns.
  local result = setmetatable({}, {
    __dml_rows = function() return { { n = 1, name = "one" }, { n = 2, name = "two" } }, { "name", "n" } end,
  })
  t.eq(tostring(dml.table(result)), "name  n\n----  -\none   1\ntwo   2", "dml.table of a __dml_rows value")
  -- Columns asked of such values must be among theirs, all the values' together; a value that
  -- lists no columns is not checked.
  t.eq(tostring(dml.table(result, { columns = { "n" } })), "n\n-\n1\n2", "a column of theirs")
  fails(function() dml.table(result, { columns = { "nn" } }) end,
    'dml.table: columns[1]: no column "nn" in these rows (did you mean "n"?); the columns are name, n')
  local wider = setmetatable({}, { __dml_rows = function() return { { n = 3, extra = 1 } }, { "n", "extra" } end })
  t.eq(tostring(dml.table({ result, wider }, { columns = { "extra" } })), "extra\n-----\n\n    1",
    "a column of the second value only")
  local unlisted = setmetatable({}, { __dml_rows = function() return { { a = 1 } } end })
  t.eq(tostring(dml.table({ unlisted }, { columns = { "a" } })), "a\n-\n1", "no column list: not checked")

  -- Errors of dml.table.
  fails(function() dml.table({ result, { b = 2 } }) end,
    "dml.table: rows[2]: expected a value that makes its own row, as rows[1] does (a plan, a declared value), got a table")
  local selfish = setmetatable({}, { __dml_rows = function(self) return dml.table(self) end })
  fails(function() dml.table(selfish) end, "dml.table: a table's __dml_rows calls itself (through dml.table)")
  fails(function() dml.table(5) end, "dml.table: expected a list of rows (tables of named fields), got a number")
  fails(function() dml.table({ { a = 1 }, 7 }) end,
    "dml.table: rows[2]: expected a row (a table of named fields), got a number")
  fails(function() dml.table({ { 1, 2 } }) end, "dml.table: rows[1]: expected named fields, found the key 1")
  fails(function() dml.table({ { a = {} } }) end,
    "dml.table: rows[1].a: expected a number, string, boolean or quantity, got a table")
  fails(function() dml.table({ { ["step time"] = print } }) end,
    'dml.table: rows[1]["step time"]: expected a number, string, boolean or quantity, got a function')
  fails(function() dml.table({}, { colums = { "a" } }) end,
    'dml.table: unknown option "colums" (did you mean "columns"?); options are columns, title')
  fails(function() dml.table({}, { columns = { "a", "a" } }) end, 'dml.table: columns: "a" is listed twice')
  fails(function() dml.table({}, { columns = { "a", 3 } }) end,
    "dml.table: columns[2]: expected a column name (a non-empty string), got a number")
  fails(function() dml.table({}, { title = 3 }) end, "dml.table: title must be a string, got a number")
  fails(function() runs:column("gpuz") end,
    'dml.table:column: no column "gpuz" (did you mean "gpu"?); the columns are gpu, gpus, time, mfu, ok, note')
  fails(function() runs.rows() end, "dml.table:rows: call it as t:rows()")
  fails(function() grown:add({ c = {} }) end,
    "dml.table:add: row.c: expected a number, string, boolean or quantity, got a table")

  -- Saving ------------------------------------------------------------------------

  local finite = dml.table({
    { gpu = "H100 SXM", gpus = 8, time = 1.25, mfu = 0.1, ok = true },
    { gpu = 'say "hi", ok', gpus = (1 << 62) + 1, time = 70e9, ok = false },
    { gpu = "two\nlines", gpus = 3, time = 1 / 3, mfu = -2.5e-300 },
  }, { columns = { "gpu", "gpus", "time", "mfu", "ok" } })

  dml.save(finite, dir .. "/runs.csv")
  t.eq(read(dir .. "/runs.csv"), table.concat({
    "gpu,gpus,time,mfu,ok",
    "H100 SXM,8,1.25,0.1,true",
    '"say ""hi"", ok",4611686018427387905,70000000000,,false',
    '"two\nlines",3,0.3333333333333333,-2.5e-300,',
    "",
  }, "\n"), "csv")

  dml.save(finite, dir .. "/runs.json")
  t.eq(read(dir .. "/runs.json"), table.concat({
    "[",
    '  {"gpu": "H100 SXM", "gpus": 8, "time": 1.25, "mfu": 0.1, "ok": true},',
    '  {"gpu": "say \\"hi\\", ok", "gpus": 4611686018427387905, "time": 70000000000, "mfu": null, "ok": false},',
    '  {"gpu": "two\\nlines", "gpus": 3, "time": 0.3333333333333333, "mfu": -2.5e-300, "ok": null}',
    "]",
    "",
  }, "\n"), "json")
  -- Numbers read back exactly.
  t.eq(tonumber(read(dir .. "/runs.csv"):match("0%.333[0-9]*")), 1 / 3, "round trip of 1/3")

  dml.save(dml.table(rows, { columns = { "gpu", "gpus", "time" } }), dir .. "/runs.tsv")
  t.eq(read(dir .. "/runs.tsv"), table.concat({
    "gpu\tgpus\ttime",
    "H100 SXM\t8\t1.25",
    "A100\t1024\tnan",
    "B200\t4611686018427387905\tinf",
    "µ-GPU\t70000000000\t-1.5e-07",
    "",
  }, "\n"), "tsv")

  -- A plain list of rows; an empty one.
  dml.save({ { b = 2, a = "x" }, { a = "y" } }, dir .. "/list.csv")
  t.eq(read(dir .. "/list.csv"), "a,b\nx,2\ny,\n", "list of rows")
  -- A row of one column with nothing in it is quoted: readers skip an empty line.
  dml.save(dml.table({ { x = 1 }, {}, { x = "" }, { x = 3 } }, { columns = { "x" } }), dir .. "/one.csv")
  t.eq(read(dir .. "/one.csv"), 'x\n1\n""\n""\n3\n', "one column, empty cells")
  -- A name of 255 bytes, the most a file system takes: the temporary name beside it is cut
  -- (helper-348: from 242 bytes on, "File name too long"). In UTF-8, cut at a character's start.
  local long = string.rep("b", 251) .. ".csv"
  dml.save({ { a = 1 } }, dir .. "/" .. long)
  t.eq(read(dir .. "/" .. long), "a\n1\n", "a 255-byte name")
  -- (one byte, then two-byte characters: byte 100 is the second of one. The cut goes back to
  -- its first, which only a temporary file left by a crash would show: this checks the name
  -- writes, not where the cut fell.)
  local wide = "a" .. string.rep("\u{e9}", 125) .. ".csv"
  dml.save({ { a = 2 } }, dir .. "/" .. wide)
  t.eq(read(dir .. "/" .. wide), "a\n2\n", "a 255-byte name of two-byte characters")
  dml.save({}, dir .. "/empty.json")
  t.eq(read(dir .. "/empty.json"), "[]\n", "no rows")
  dml.save(dml.table({ {}, {} }), dir .. "/fieldless.json")
  t.eq(read(dir .. "/fieldless.json"), "[\n  {},\n  {}\n]\n", "rows without fields")
  dml.save({}, dir .. "/empty.tsv")
  t.eq(read(dir .. "/empty.tsv"), "", "no rows, no columns")

  -- A single record: one row; a declared value keeps its description's field order, and nested
  -- records and lists become dotted and indexed columns.
  dml.save(dml.cluster { gpu = { name = "g", flop_per_clock_per_thread = { fp16 = 1 }, sms = 1,
    clock = "1 GHz", effective_utilization = 0.5, hbm_bandwidth = "1 TB/s", hbm_capacity = "1 GB",
    l2_bandwidth = "2 TB/s", l2_size = "1 MiB" }, levels = { { bandwidth = "1 GB/s", latency = "1 us" } } },
    dir .. "/cluster.csv")
  t.eq(read(dir .. "/cluster.csv"), table.concat({
    "gpu.name,gpu.flop_per_clock_per_thread.fp16,gpu.sms,gpu.clock,gpu.bitwidth,gpu.effective_utilization,"
    .. "gpu.hbm_bandwidth,gpu.hbm_capacity,gpu.l2_bandwidth,gpu.l2_size,gpu.register_file,gpu.dsmem,"
    .. "gpu.matmul_latency,gpu.tensor_core_granule,levels[1].bandwidth,levels[1].link,levels[1].latency",
    "g,1,1,1000000000,16,0.5,1000000000000,1000000000,2000000000000,1048576,65536,false,4.5e-06,8,1000000000,500000000,1e-06",
    "" }, "\n"), "declared record")
  dml.save({ name = "p", at = dml.level { size = 8, bandwidth = "1 GB/s", latency = "1 us" } }, dir .. "/nested.csv")
  t.eq(read(dir .. "/nested.csv"), "at.size,at.bandwidth,at.link,at.latency,name\n8,1000000000,500000000,1e-06,p\n", "a declared value in a record")
  dml.save({ zeta = 1, alpha = { 3, 4 } }, dir .. "/record.json")
  t.eq(read(dir .. "/record.json"), '[\n  {"alpha[1]": 3, "alpha[2]": 4, "zeta": 1}\n]\n', "plain record")

  -- The __dml_rows protocol.
  dml.save(result, dir .. "/result.csv")
  t.eq(read(dir .. "/result.csv"), "name,n\none,1\ntwo,2\n", "__dml_rows")

  -- Saving replaces a file whole.
  write(dir .. "/old.csv", "old contents that are longer than the new ones\n")
  dml.save({ { a = 1 } }, dir .. "/old.csv")
  t.eq(read(dir .. "/old.csv"), "a\n1\n", "replaced")

  -- Errors of dml.save: the path and the reason; the target untouched; no file left behind.
  local before = listing()
  fails(function() dml.save(runs, dir .. "/runs.json") end,
    'dml.save: cannot write "' .. dir .. '/runs.json": rows[2].time is NaN, which JSON cannot hold (use .csv, or replace it)')
  fails(function() dml.save({ { t = -1 / 0 } }, dir .. "/runs.json") end,
    'dml.save: cannot write "' .. dir .. '/runs.json": rows[1].t is infinite (-inf), which JSON cannot hold (use .csv, or replace it)')
  fails(function() dml.save({ x = 0 / 0 }, dir .. "/runs.json") end,
    'dml.save: cannot write "' .. dir .. '/runs.json": the field "x" is NaN, which JSON cannot hold (use .csv, or replace it)')
  t.eq(read(dir .. "/runs.json"):sub(1, 12), '[\n  {"gpu": ', "a failed save leaves the old file")
  fails(function() dml.save(runs, dir .. "/runs.tsv") end,
    'dml.save: cannot write "' .. dir .. '/runs.tsv": rows[2].note contains a tab, which TSV cannot hold (use .csv)')
  fails(function() dml.save({ { s = "\xff" } }, dir .. "/bad.json") end,
    'dml.save: cannot write "' .. dir .. '/bad.json": rows[1].s is not valid UTF-8, which JSON requires')
  fails(function() dml.save(runs, dir .. "/no/such/dir/x.csv") end,
    'dml.save: cannot write "' .. dir .. '/no/such/dir/x.csv": No such file or directory')
  fails(function() dml.save(runs, dir .. "/runs.xlsx") end,
    'dml.save: cannot tell the format of "' .. dir .. '/runs.xlsx" from its extension; supported: .csv, .json, .tsv')
  fails(function() dml.save(runs) end,
    "dml.save: expected a file path (a string ending in .csv, .json or .tsv), got nil")
  fails(function() dml.save(42, dir .. "/x.csv") end,
    "dml.save: expected a dml.table, a list of rows, a record, or a value with __dml_rows, got a number")
  fails(function() dml.save({ { a = 1 }, { a = {} } }, dir .. "/x.csv") end,
    "dml.save: rows[2].a: expected a number, string, boolean or quantity, got a table")
  fails(function() dml.save({ result, 5 }, dir .. "/x.csv") end,
    "dml.save: rows[2]: expected a value that makes its own row, as rows[1] does (a plan, a declared value), got a number")
  -- Rows with no fields: a CSV or TSV file of them would be blank lines (no header) and would not
  -- read back; JSON holds them, and a table with neither rows nor columns is an empty file.
  fails(function() dml.save(dml.table({ {}, {} }), dir .. "/x.tsv") end,
    'dml.save: cannot write "' .. dir .. '/x.tsv": the table has 2 rows but no columns, which a TSV file cannot hold (give the rows fields, or use .json)')
  fails(function() dml.save({ {} }, dir .. "/x.csv") end,
    'dml.save: cannot write "' .. dir .. '/x.csv": the table has 1 row but no columns, which a CSV file cannot hold (give the rows fields, or use .json)')
  t.eq(listing(), before, "failed saves leave no file")
  -- A failure after the temporary file was written (the target is a directory) removes it.
  assert(os.execute("mkdir '" .. dir .. "/taken.csv'"))
  before = listing()
  fails(function() dml.save(runs, dir .. "/taken.csv") end,
    'dml.save: cannot write "' .. dir .. '/taken.csv": Is a directory')
  t.eq(listing(), before, "no temporary file left")

  -- A pipe or device is never replaced by the rename (as root, /dev/null could be).
  assert(os.execute("mkfifo '" .. dir .. "/pipe.csv'"))
  fails(function() dml.save(runs, dir .. "/pipe.csv") end,
    'dml.save: cannot write "' .. dir .. '/pipe.csv": not a regular file')
  -- Through a symbolic link, the file it names is replaced and the link kept.
  write(dir .. "/target.csv", "old\n")
  assert(os.execute("ln -s '" .. dir .. "/target.csv' '" .. dir .. "/link.csv'"))
  dml.save(dml.table({ { a = 1 } }), dir .. "/link.csv")
  t.eq(read(dir .. "/target.csv"), "a\n1\n", "saved through the link")

  -- Quantities (once dml.q exists): shown with their tostring, saved in base SI units.
  if dml.q then
    local q = dml.q "900 GB/s"
    local qt = dml.table({ { bw = q } })
    -- an infinite bandwidth is a value (an infinitely fast network); arithmetic never makes a
    -- NaN or an infinite time
    local inf = dml.q(math.huge, "B/s")
    t.eq(tostring(dml.table({ { y = inf } })), '      y\n-------\ninf B/s', "infinite bandwidth cell")
    fails(function() return inf - inf end, "quantity arithmetic: inf B/s - inf B/s is not a number")
    fails(function() return dml.q(1e308, "s") * 10 end,
      'quantity arithmetic: 1.157e303 days * 10 is out of range (the one infinite value is an infinitely fast network, given as dml.q(math.huge, "B/s"))')
    -- quantities are right-aligned, as numbers are
    t.eq(tostring(qt), "      bw\n--------\n900 GB/s", "quantity cell")
    dml.save(qt, dir .. "/q.csv")
    t.eq(read(dir .. "/q.csv"), "bw\n900000000000\n", "quantity saved in B/s")
  end

end

local ok, err = pcall(main)
remove_dir()
if not ok then error(err, 0) end

-- An extension in any case names its format ("x.CSV" is CSV).
do
  local dir, _, remove_dir = t.scratch_dir()
  dml.save(dml.table { { a = 1 } }, dir .. "/upper.CSV")
  t.eq(t.read(dir .. "/upper.CSV"), "a\n1\n")
  remove_dir()
end

-- A column no plain row has, named close to a field the rows have, is a typo (helper-85: a
-- blank "model" column among rows of "modle"); a distinct name is a blank column, as before.
-- t:add on fixed columns says the same of a field close to a column the row leaves empty.
do
  t.raises_here(function() dml.table({ { modle = "x", mfu = 0.5 } }, { columns = { "model", "mfu" } }) end,
    'dml.table: columns[1]: no row has a field "model" (did you mean "modle"?); the rows\' fields are mfu, modle')
  local blank = dml.table({ { a = 1 } }, { columns = { "a", "notes" } })
  t.eq(blank:rows()[1].notes, nil)
  -- short names and a singular beside its plural are other columns, not typos (helper-86)
  t.eq(#dml.table({ { tp = 8, pp = 2, dp = 4 } }, { columns = { "tp", "cp" } }), 1)
  t.eq(#dml.table({ { gpus = 8, step = 2 } }, { columns = { "gpus", "steps" } }), 1)
  local fixed = dml.table({}, { columns = { "model", "mfu" } })
  t.raises_here(function() fixed:add { modle = "x" } end,
    'dml.table:add: row.modle: no such column (did you mean "model"?); the columns are model, mfu')
  fixed:add { model = "y", mfu = 0.4, extra = 1 }  -- a field far from every column is left out
  t.eq(#fixed:rows(), 1)
  t.eq(fixed:rows()[1].extra, nil)
end

-- Declared values in one table: the first's columns, then any a later one adds (helper-121: a
-- MoE model with top_k after one without had lost its top_k, the columns being the first's).
do
  local a = dml.transformer { layers = 2, d_model = 64, heads = 2, d_ff = 256, vocab = 100, seq_len = 64,
    moe = { experts = 4 } }
  local b = dml.transformer(a, { moe = { top_k = 2 } })
  local both = dml.table { a, b }
  local columns, rows = both:columns(), both:rows()
  t.eq(columns[1], "layers")
  t.eq(columns[#columns], "moe.top_k", table.concat(columns, ","))
  t.eq(rows[1]["moe.top_k"], nil)
  t.eq(rows[2]["moe.top_k"], 2)
end

-- dml.check_output: a script's output argument checked before its work (helper-365). A usage
-- error names the script, not a line (the run exits 2); nothing is written.
do
  t.eq(dml.check_output("plan.json"), "plan.json")
  t.eq(dml.check_output("fig.SVG"), "fig.SVG")
  t.eq(dml.check_output("rows.tsv", "usage: x", "table"), "rows.tsv")
  local function why(...)
    local ok, err = pcall(dml.check_output, ...)
    t.eq(ok, false)
    return (tostring(err):gsub("^[^:]*: ", ""))
  end
  t.eq(why("plan.txt", "usage: x"),
    '"plan.txt": cannot tell the format from its extension; supported: .csv, .tsv, .json (dml.save), .png, .svg, .pdf (dml.plot) (usage: x)')
  t.eq(why("fig.png", nil, "table"), '"fig.png": cannot tell the format from its extension; supported: .csv, .tsv, .json (dml.save)')
  t.eq(why("rows.csv", nil, "plot"), '"rows.csv": cannot tell the format from its extension; supported: .png, .svg, .pdf (dml.plot)')
  t.eq(why("no_such_folder/plan.json"), 'cannot write "no_such_folder/plan.json": No such file or directory')
  t.eq(io.open("no_such_folder/plan.json") == nil and io.open("plan.txt") == nil, true)
  t.raises_here(function() dml.check_output(3) end, "dml.check_output: expected a file path (a string), got a number")
  t.raises_here(function() dml.check_output("a.csv", nil, "tables") end,
    'dml.check_output: kind must be "table" (dml.save) or "plot" (dml.plot), got "tables"')
end

-- A result's record prints to be read (helper-365: "optimizer = 831456 KiB", "step =
-- 7.472472757193371 s"): 4 significant digits, sizes in binary units as the plan's summary.
do
  local gpus = require "dml.presets.gpus"
  local networks = require "dml.presets.networks"
  local stacks = require "dml.presets.stacks"
  local m = dml.transformer { layers = 32, d_model = 4096, heads = 32, kv_heads = 8, d_ff = 14336, vocab = 128256, seq_len = 8192 }
  local cl = dml.cluster { gpu = gpus.h100_sxm, size = 8, levels = { networks.nvlink4_h100 } }
  local plan = dml.evaluate(dml.run { model = m, cluster = cl, stack = stacks.megatron_core, global_batch = 64 }, { tp = 1, microbatch = 1, zero = 1 })
  local memory, time = tostring(plan.memory), tostring(plan.time)
  t.eq(memory:match("\n  total = ([^\n]*)"), string.format("%.4g GiB", plan.memory.total:value"GiB"), memory)
  t.eq(memory:match("\n  capacity = ([^\n]*)"), string.format("%.4g GiB", plan.memory.capacity:value"GiB"), memory)
  t.eq(memory:match("\n  workspace = ([^\n]*)"), "3 GiB", memory)
  t.eq(time:match("\n  step = ([^\n]*)"), tostring(plan.time.step), time)
  -- (Below a KiB, bytes: "1000 B", not a decimal "1 kB" beside the binary units; helper-367.)
  local cl16 = dml.cluster { gpu = gpus.h100_sxm, size = 16, levels = { networks.nvlink4_h100, networks.infiniband_ndr } }
  for size, shown in pairs { ["1000 B"] = "1000 B", ["1023 B"] = "1023 B", ["1024 B"] = "1 KiB", ["1536 B"] = "1.5 KiB" } do
    local c = tostring(dml.collective { cluster = cl16, op = "all_reduce", size = size, gpus = 16 })
    t.eq(c:match("\n  size = ([^\n]*)"), shown, c)
  end
  for line in (memory .. "\n" .. time):gmatch("= ([^\n]*)") do
    t.eq(line:match("^%-?[%d.]+e?%-?%d* [%a/]+$") ~= nil, true, line)  -- a number and a unit
    t.eq(#line:match("^[^ ]*"):gsub("[.-]", "") <= 4 or line:match("^%d+ ") ~= nil, true, line)
  end
end
