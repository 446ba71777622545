-- dml.plot: PNG, SVG and PDF files that start as they should and are not trivially small;
-- input errors with their exact text; a failed plot leaves no file behind.
-- (Its own test file: under LeakSanitizer it runs with tests/lsan-plot.supp, see
-- tests/CMakeLists.txt.)
local t = require "testing"

local fails = t.raises_in_this_file

local read = t.read
local dir, listing, remove_dir = t.scratch_dir()

local function main()
  local gpus = { 8, 64, 512, 4096, 32768 }
  local spec = {
    title = "Step time of a 70B model", x_label = "GPUs", y_label = "step time (s)",
    x_log = true, y_log = true,
    series = {
      { name = "H100 SXM", x = gpus, y = { 120, 15.5, 2.1, 0.31, 0.06 } },
      -- NaN, infinite and (on a log axis) non-positive points are skipped
      { name = "A100 SXM", x = gpus, y = { 310, 40, 0 / 0, 0.8, -1 } },
      { name = "B200", x = { 8, 1 / 0, 512 }, y = { 60, 9, 1.1 } },
    },
  }
  for _, ext in ipairs({ "png", "svg", "pdf" }) do
    spec.path = dir .. "/step." .. ext
    dml.plot(spec)
  end
  local png, svg, pdf = read(dir .. "/step.png"), read(dir .. "/step.svg"), read(dir .. "/step.pdf")
  t.eq(png:sub(1, 8), "\x89PNG\r\n\x1a\n", "PNG signature")
  -- IHDR: 1200 x 800 pixels
  t.eq(string.unpack(">I4", png, 17), 1200, "PNG width")
  t.eq(string.unpack(">I4", png, 21), 800, "PNG height")
  assert(#png > 20000, "PNG too small: " .. #png .. " bytes")
  t.eq(svg:sub(1, 5), "<?xml", "SVG prologue")
  assert(svg:find("<svg", 1, true), "no <svg element")
  assert(#svg > 20000, "SVG too small: " .. #svg .. " bytes")
  t.eq(pdf:sub(1, 5), "%PDF-", "PDF header")
  assert(#pdf > 5000, "PDF too small: " .. #pdf .. " bytes")
  t.eq(listing(), "step.pdf\nstep.png\nstep.svg\n", "only the plots, no temporary files")

  -- A linear plot of one unnamed series (no legend); quantities would plot in base SI units.
  dml.plot({ path = dir .. "/mfu.png", series = { { x = { 1, 2, 3 }, y = { 0.31, 0.42, 0.4 } } } })
  assert(#read(dir .. "/mfu.png") > 10000, "linear PNG too small")

  -- Input errors.
  local ok_series = { { name = "a", x = { 1 }, y = { 1 } } }
  fails(function() dml.plot({ path = dir .. "/x.png", titel = "t", series = ok_series }) end,
    'dml.plot: unknown field "titel" (did you mean "title"?); fields are path, title, x_label, y_label, x_log, y_log, series, table, x, y, by')
  fails(function() dml.plot({ series = ok_series }) end,
    "dml.plot: path is required (the file to write: .png, .svg or .pdf)")
  fails(function() dml.plot({ path = dir .. "/x.jpg", series = ok_series }) end,
    'dml.plot: cannot tell the format of "' .. dir .. '/x.jpg" from its extension; supported: .pdf, .png, .svg')
  fails(function() dml.plot({ path = dir .. "/x.png" }) end,
    "dml.plot: series must be a non-empty list of { name = ..., x = {...}, y = {...} }, got nothing")
  fails(function() dml.plot({ path = dir .. "/x.png", series = {} }) end,
    "dml.plot: series must be a non-empty list of { name = ..., x = {...}, y = {...} }, got an empty list")
  fails(function() dml.plot({ path = dir .. "/x.png", series = { { name = "H100", x = { 1, 2 }, y = { 1 } } } }) end,
    'dml.plot: series[1] ("H100"): x has 2 values, y has 1')
  fails(function() dml.plot({ path = dir .. "/x.png", series = { { name = "a", x = {}, y = {} } } }) end,
    "dml.plot: series[1]: x and y are empty")
  fails(function() dml.plot({ path = dir .. "/x.png", series = { { nam = "a", x = { 1 }, y = { 1 } } } }) end,
    'dml.plot: series[1]: unknown field "nam" (did you mean "name"?); fields are name, x, y')
  fails(function() dml.plot({ path = dir .. "/x.png", series = { { x = { 1, "2" }, y = { 1, 2 } } } }) end,
    "dml.plot: series[1].x[2]: expected a number or a quantity, got a string")
  -- A title that would take the page is the user's to shorten, said so (helper-348: 8,000 words
  -- reached PLplot's "plvpor: Invalid limits"); 800 still leave the plot its tenth. A title is
  -- never drawn below about half its size (helper-369: it had shrunk to a dotted line), so a long
  -- one takes lines, not a smaller font.
  fails(function() dml.plot({ path = dir .. "/x.png", title = string.rep("word ", 8000), series = ok_series }) end,
    "dml.plot: the title (308 lines at 55% of its size) leaves no room for the plot on a page 282 mm high: shorten it")
  dml.plot({ path = dir .. "/long.png", title = string.rep("word ", 800), series = ok_series })
  -- A text that is not UTF-8 is named by its field (helper-126: PLplot's message named none).
  fails(function() dml.plot({ path = dir .. "/x.png", title = "bad \xff title", series = ok_series }) end,
    'dml.plot: title is not valid UTF-8, which a plot\'s text must be: "bad \\xff title"')
  fails(function() dml.plot({ path = dir .. "/x.png", y_label = "\xc3", series = ok_series }) end,
    'dml.plot: y_label is not valid UTF-8, which a plot\'s text must be: "\\xc3"')
  fails(function() dml.plot({ path = dir .. "/x.png", series = { ok_series[1], { name = "b\xc3", x = { 1 }, y = { 2 } } } }) end,
    'dml.plot: series[2].name is not valid UTF-8, which a plot\'s text must be: "b\\xc3"')
  fails(function() dml.plot({ path = dir .. "/x.png", x_log = "yes", series = ok_series }) end,
    "dml.plot: x_log must be true or false, got a string")
  fails(function()
    dml.plot({ path = dir .. "/x.png", y_log = true, series = { { x = { 1, 2 }, y = { 0, -1 } } } })
  end, "dml.plot: nothing to draw: every point has a missing, NaN or infinite coordinate, or one not positive on a log axis")
  fails(function() dml.plot({ path = dir .. "/no/dir/x.png", series = ok_series }) end,
    'dml.plot: cannot write "' .. dir .. '/no/dir/x.png": No such file or directory')
  -- A failure after PLplot wrote the temporary file (the target is a directory) removes it.
  assert(os.execute("mkdir '" .. dir .. "/taken.png'"))
  local before = listing()
  fails(function() dml.plot({ path = dir .. "/taken.png", series = ok_series }) end,
    'dml.plot: cannot write "' .. dir .. '/taken.png": Is a directory')
  t.eq(listing(), before, "no temporary file left")
end

-- A plot from a table's columns, one series per value of `by`; quantities and
-- table columns (lists with `n`) are accepted.
local function from_table()
  local t = dml.table({ { c = 1e24, u = 0.7, g = "a" }, { c = 1e25, u = 0.6, g = "a" },
                        { c = 1e24, u = 0.5, g = "b" }, { c = 1e25, u = dml.q"0.4", g = "b" } })
  local png = dir .. "/table.png"
  dml.plot { path = png, table = t, x = "c", y = "u", by = "g", x_log = true }
  local f = assert(io.open(png, "rb"))
  local head = f:read(8)
  f:close()
  os.remove(png)
  assert(head == "\137PNG\r\n\26\n", "a PNG from a table")
  local ok, err = pcall(dml.plot, { path = png, table = t, x = "c", y = "utilization" })
  assert(not ok and err:find('dml.plot: y = "utilization": the table has no such column', 1, true), err)
  -- An empty table says so, not that `series` is missing.
  ok, err = pcall(dml.plot, { path = png, table = dml.table({}, { columns = { "c", "u" } }), x = "c", y = "u" })
  assert(not ok and err:find("dml.plot: the table has no rows: there is nothing to draw", 1, true), err)
  ok, err = pcall(dml.plot, { path = png, table = dml.table({}), x = "c", y = "u" })
  assert(not ok and err:find('x = "c": the table has no such column; it has no columns', 1, true), err)
  -- `by`: false is a value of its own, and a missing cell is "-"
  local mixed = dml.table({ { x = 1, y = 1, g = false }, { x = 2, y = 2 }, { x = 3, y = 3, g = false } })
  local s = require("dml.output").series_from_table("dml.plot", { table = mixed, x = "x", y = "y", by = "g" })
  assert(#s.series == 2 and s.series[1].name == "false" and s.series[1].x.n == 2 and s.series[2].name == "-",
    "false and missing are two series")
  -- a group with no point to draw is no series (helper-369: a sweep's failed rows, their cells
  -- empty, took a "-" legend entry and a colour)
  local failed = require("dml.output").series_from_table("dml.plot",
    { table = dml.table({ { g = "A", x = 1, y = 1 }, { g = "A", x = 2, y = 2 }, { x = 3 }, { g = "B", x = 4, y = 0 / 0 } }),
      x = "x", y = "y", by = "g" })
  assert(#failed.series == 1 and failed.series[1].name == "A" and failed.series[1].x.n == 2, #failed.series)
  -- an axis draws one unit: plain numbers beside a time, or two units, are refused (helper-369:
  -- drawn under "y (s)")
  fails(function() dml.plot({ path = png, table = dml.table({ { x = 1, y = 1 }, { x = 2, y = 2 }, { x = 3, y = dml.q"4 s" } }), x = "x", y = "y" }) end,
    'dml.plot: y = "y": the column\'s row 1 is a plain number, its row 3 a quantity in s: an axis draws one unit')
  fails(function() dml.plot({ path = png, table = dml.table({ { x = dml.q"1 s", y = 1 }, { x = dml.q"80 GB", y = 2 } }), x = "x", y = "y" }) end,
    'dml.plot: x = "x": the column\'s row 1 is a quantity in s, its row 2 a quantity in B: an axis draws one unit')
  assert(not io.open(png), "no file")
  -- a NaN is "NaN", not Lua's "-nan" (helper-348)
  local nan = require("dml.output").series_from_table("dml.plot",
    { table = dml.table({ { x = 1, y = 1, g = 0 / 0 }, { x = 2, y = 2, g = 1 } }), x = "x", y = "y", by = "g" })
  assert(nan.series[1].name == "NaN" and nan.series[2].name == "1", nan.series[1].name)
  -- every cell of y missing: said so (helper-348: "every point has a NaN ...")
  fails(function() dml.plot({ path = png, table = dml.table({ { x = 1 }, { x = 2 } }, { columns = { "x", "y" } }), x = "x", y = "y" }) end,
    "dml.plot: nothing to draw: every point has a missing, NaN or infinite coordinate")
  -- `by` a list of columns: a series for each pair of their values, named by both (helper-107:
  -- by = "model" drew one line through a model's runs on three GPUs)
  local runs = dml.table({ { n = 64, t = 4, m = "8B", gpu = "H100" }, { n = 128, t = 2, m = "8B", gpu = "H100" },
                           { n = 64, t = 2, m = "8B", gpu = "B200" }, { n = 128, t = 1, m = "8B", gpu = "B200" },
                           { n = 64, t = 9, m = "70B", gpu = "H100" } })
  local two = require("dml.output").series_from_table("dml.plot", { table = runs, x = "n", y = "t", by = { "m", "gpu" } })
  local names = {}
  for i, series in ipairs(two.series) do names[i] = series.name .. ":" .. series.x.n end
  assert(table.concat(names, " ") == "8B, H100:2 8B, B200:2 70B, H100:1", table.concat(names, " "))
  ok, err = pcall(dml.plot, { path = png, table = runs, x = "n", y = "t", by = { "m", "gpus" } })
  assert(not ok and err:find('dml.plot: by = "gpus": the table has no such column (did you mean "gpu"?)', 1, true), err)
  ok, err = pcall(dml.plot, { path = png, table = runs, x = "n", y = "t", by = {} })
  assert(not ok and err:find("dml.plot: by must name a column, or be a list of column names, got", 1, true), err)
  ok, err = pcall(dml.plot, { path = png, table = runs, x = "n", y = "t", by = { "m", 2 } })
  assert(not ok and err:find("dml.plot: by must name a column, or be a list of column names, got", 1, true), err)
  -- values holding ", " stay apart (helper-111: "x, y" + "z" and "x" + "y, z" made one series)
  local commas = dml.table({ { n = 1, t = 1, a = "x, y", b = "z" }, { n = 2, t = 2, a = "x", b = "y, z" } })
  local apart = require("dml.output").series_from_table("dml.plot", { table = commas, x = "n", y = "t", by = { "a", "b" } })
  assert(#apart.series == 2, #apart.series)
end

-- A table's quantity column titles its axis with the unit it is drawn in; a cell that is no
-- number or quantity is named by its column and row; one axis takes one dimension.
local function axis_errors()
  local output = require "dml.output"
  local t = dml.table { { n = 1, t = dml.q"2 s", ib = "100 Gb/s" }, { n = 2, t = dml.q"1 day", ib = "200 Gb/s" } }
  local s = output.series_from_table("dml.plot", { table = t, x = "n", y = "t" })
  assert(s.x_label == "n" and s.y_label == "t (s)", s.y_label)
  assert(output.series_from_table("dml.plot", { table = t, x = "n", y = "t", y_label = "days" }).y_label == "days")
  local ok, err = pcall(dml.plot, { path = dir .. "/never.png", table = t, x = "ib", y = "t" })
  assert(not ok and err:find('dml.plot: x = "ib": the column\'s row 1 is the string "100 Gb/s", not a number or a quantity', 1, true), err)
  ok, err = pcall(dml.plot, { path = dir .. "/never.png", series = {
    { x = { 1, 2 }, y = { dml.q"1 s", dml.q"2 s" } }, { x = { 1, 2 }, y = { dml.q"1 GB/s", dml.q"2 GB/s" } } } })
  assert(not ok and err:find("dml.plot: series[2].y[1]: a bandwidth, but series[1].y[1] is a time: an axis takes one dimension", 1, true), err)
  ok, err = pcall(dml.plot, { path = dir .. "/never.png", series = {
    { x = { dml.q"1 s", dml.q"1 GB" }, y = { 1, 2 } } } })
  assert(not ok and err:find("dml.plot: series[1].x[2]: a size in bytes, but series[1].x[1] is a time", 1, true), err)
  assert(dml.q"3 GB/s".unit == "B/s" and dml.q"1 day".unit == "s")
  assert(io.open(dir .. "/never.png") == nil, "a refused plot writes no file")
end

-- Every plot goes into the scratch directory, removed whatever happens.
local ok, err = pcall(function() main(); from_table(); axis_errors() end)
remove_dir()
if not ok then error(err, 0) end
