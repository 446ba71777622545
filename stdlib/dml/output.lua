--- dml.output: tables of results, saving them (.csv, .tsv, .json) and plotting (.png, .svg,
--- .pdf). The cells, the text layout and the files are made in C++ (bind_output.cpp); this
--- module checks arguments and finds the rows of a value. Reference: docs/output.md.
local _, core = ...  -- dml.core, from the loader (no global lookup: a script may replace select)

local M = {}

-- Private fields of a dml.table (keys no user field can collide with).
local ROWS, COLUMNS, TITLE, FIXED = {}, {}, {}, {}

local function describe(v)
  local mt = getmetatable(v)
  if type(mt) == "table" and type(mt.__name) == "string" then return "a " .. mt.__name end
  if v == nil then return "nil" end
  return "a " .. type(v)
end

--- describe(v): a value's kind for a message: "a string", "a dml.run", "nil".
M.describe = describe

-- A table of fields: no metatable, or a preset record (core.strict_records), which only
-- refuses to read unknown keys.
local function plain_record(v)
  local mt = getmetatable(v)
  return type(v) == "table" and (mt == nil or rawget(mt, "__dml_record") == true)
end

-- Options/fields tables: a plain table whose keys are all among `names`.
local function check_fields(who, what, t, names)
  local known = {}
  for _, n in ipairs(names) do known[n] = true end
  for k in pairs(t) do
    if not known[k] then
      local hint = type(k) == "string" and core.closest(k, names) or nil
      core.raise(string.format("%s: unknown %s %s%s; %ss are %s", who, what,
        type(k) == "string" and string.format("%q", k) or tostring(k),
        hint and string.format(" (did you mean %q?)", hint) or "", what, table.concat(names, ", ")))
    end
  end
end

local function is_list(t)
  local n = #t
  for k in pairs(t) do
    if math.type(k) ~= "integer" or k < 1 or k > n then return false end
  end
  return true
end

local function check_columns(who, columns)
  if type(columns) ~= "table" or getmetatable(columns) ~= nil or not is_list(columns) then
    core.raise(string.format("%s: columns must be a list of names, got %s", who, describe(columns)))
  end
  local seen = {}
  for i, c in ipairs(columns) do
    if type(c) ~= "string" or c == "" then
      core.raise(string.format("%s: columns[%d]: expected a column name (a non-empty string), got %s", who,
        i, type(c) == "string" and '""' or describe(c)))
    end
    if seen[c] then core.raise(string.format("%s: columns: %q is listed twice", who, c)) end
    seen[c] = true
  end
end

-- The rows of a value with the __dml_rows protocol: (rows, columns or nil).
local protocol_depth = 0  -- a __dml_rows that builds a table of itself would never end
local function protocol_rows(value, who)
  if protocol_depth >= 8 then  -- the frames below unwind it to 0
    core.raise(string.format("%s: %s's __dml_rows calls itself (through dml.table)", who, describe(value)))
  end
  protocol_depth = protocol_depth + 1
  local ok, rows, columns = pcall(getmetatable(value).__dml_rows, value)
  protocol_depth = protocol_depth - 1
  if not ok then error(rows, 0) end
  if type(rows) ~= "table" then
    core.raise(string.format("%s: %s's __dml_rows returned %s, not a list of rows", who, describe(value),
      describe(rows)))
  end
  if columns ~= nil then check_columns(who, columns) end
  return rows, columns
end

local function has_rows_protocol(value)
  local mt = getmetatable(value)
  return type(mt) == "table" and type(mt.__dml_rows) == "function"
end

---------------------------------------------------------------------------
-- dml.table

local Table = {}
local table_mt = {
  __name = "dml.table",
  -- t[i] is row i (as #t counts them, and ipairs(t) walks them); t:add, t:rows, ... the methods.
  __index = function(t, key)
    if math.type(key) == "integer" then return t[ROWS][key] end
    return Table[key]
  end,
  __len = function(t) return #t[ROWS] end,
  -- A row written by its index (t[#t + 1] = row, table.insert(t, row)) would be seen by ipairs
  -- alone, never printed or saved (helper-128): refused, naming t:add.
  __newindex = function(t, key, value)
    if type(key) == "number" then
      core.raise(string.format("dml.table: t[%s] = ...: a table's rows are added with t:add(row), and are not replaced",
        tostring(key)))
    end
    rawset(t, key, value)
  end,
  __tostring = function(t) return core.format_table(t[ROWS], t[COLUMNS], t[TITLE]) end,
  __dml_rows = function(t) return t[ROWS], t[COLUMNS] end,
}

local function sorted_union(columns, names)
  local seen, changed = {}, false
  for _, c in ipairs(columns) do seen[c] = true end
  for _, n in ipairs(names) do
    if not seen[n] then
      columns[#columns + 1], seen[n], changed = n, true, true
    end
  end
  if changed then table.sort(columns) end
end

-- dml.table's body; who names the function in errors (dml.save makes a table of a list of plans).
local make_table

-- Whether the list of column names has `name`.
local function have_column(columns, name)
  for _, c in ipairs(columns) do
    if c == name then return true end
  end
  return false
end

-- The name of `names` that `name` is likely a typo of, or nil: only for names of 4 or more
-- characters ("cp" beside "dp", "tp" are other columns, not typos) and not a singular and its
-- plural ("steps" beside "step").
local function likely_typo(name, names)
  if #name < 4 then return nil end
  local hint = core.closest(name, names)
  if hint == nil or #hint < 4 or hint .. "s" == name or name .. "s" == hint then return nil end
  return hint
end

---@param rows table a list of rows (tables of named fields) or of values with __dml_rows (plans), or a value with __dml_rows
---@param options? { columns?: string[], title?: string }
function M.table(rows, options)
  return make_table(rows, options, "dml.table")
end

function make_table(rows, options, who)
  if options ~= nil then
    if type(options) ~= "table" or getmetatable(options) ~= nil then
      core.raise(string.format("%s: expected options { columns = {...}, title = \"...\" }, got %s", who,
        describe(options)))
    end
    check_fields(who, "option", options, { "columns", "title" })
    if options.columns ~= nil then check_columns(who, options.columns) end
    if options.title ~= nil and type(options.title) ~= "string" then
      core.raise(string.format("%s: title must be a string, got %s", who, describe(options.title)))
    end
  end
  options = options or {}
  local columns = options.columns
  -- Columns asked of values that make their own rows must be among theirs (all of the
  -- values' columns together), where the values list them.
  local have, listed = {}, {}
  local function gather(c)
    for _, name in ipairs(c or {}) do
      if not have[name] then have[name], listed[#listed + 1] = true, name end
    end
  end
  local function check_known()
    if not options.columns or #listed == 0 then return end
    for i, name in ipairs(options.columns) do
      if not have[name] then
        local hint = core.closest(name, listed)
        core.raise(string.format("%s: columns[%d]: no column %q in these rows%s; the columns are %s",
          who, i, name, hint and string.format(" (did you mean %q?)", hint) or "", table.concat(listed, ", ")))
      end
    end
  end
  if has_rows_protocol(rows) then
    local r, c = protocol_rows(rows, who)
    gather(c)
    check_known()
    rows, columns = r, columns or c
  elseif type(rows) ~= "table" or getmetatable(rows) ~= nil then
    core.raise(string.format("%s: expected a list of rows (tables of named fields), got %s", who,
      describe(rows)))
  elseif rows[1] ~= nil and has_rows_protocol(rows[1]) then
    -- a list of values that make their own row (plans, declared values): their rows, in the
    -- columns of the first and then any the others add (helper-121: a model whose MoE gives
    -- top_k after one that leaves it out had lost it, its column being the first's)
    local own = {}
    for i, value in ipairs(rows) do
      if not has_rows_protocol(value) then
        core.raise(string.format("%s: rows[%d]: expected a value that makes its own row, as rows[1] does (a plan, a declared value), got %s",
          who, i, describe(value)))
      end
      local r, c = protocol_rows(value, string.format("%s: rows[%d]", who, i))
      gather(c)
      own[i] = r[1] or {}
    end
    check_known()
    if not columns and #listed > 0 then columns = listed end
    rows = own
  elseif options.columns then
    -- Plain rows: a column may be one no row has (left blank), but one that no row has and
    -- whose name is close to a field the rows do have is a typo (helper-85: "model" among rows
    -- of "modle" printed a blank column).
    local keys, seen = {}, {}
    for _, row in ipairs(rows) do
      if type(row) == "table" then
        for k in next, row do
          if type(k) == "string" and not seen[k] then seen[k], keys[#keys + 1] = true, k end
        end
      end
    end
    table.sort(keys)
    for i, name in ipairs(options.columns) do
      local hint = not seen[name] and likely_typo(name, keys) or nil
      if hint and not have_column(options.columns, hint) then
        core.raise(string.format("%s: columns[%d]: no row has a field %q (did you mean %q?); the rows' fields are %s",
          who, i, name, hint, table.concat(keys, ", ")))
      end
    end
  end
  local copies, names = core.copy_rows(rows, who, columns)
  local t = { [ROWS] = copies, [TITLE] = options.title, [FIXED] = columns ~= nil }
  if columns then
    local own = {}
    for i, c in ipairs(columns) do own[i] = c end
    t[COLUMNS] = own
  else
    t[COLUMNS] = names
  end
  return setmetatable(t, table_mt)
end

-- A table of rows dml made itself (a sweep's: core.row's cells and the grid's, already checked):
-- kept as they are, not copied cell by cell as dml.table copies a script's rows (a sixth of a
-- paper sweep's time went to that copy).
function M.table_of_rows(rows, columns)
  local own = {}
  for i, c in ipairs(columns) do own[i] = c end
  return setmetatable({ [ROWS] = rows, [FIXED] = true, [COLUMNS] = own }, table_mt)
end

--- t:add(row): append a row (a copy of it); returns t. Without fixed columns, new field
--- names become columns (kept sorted).
function Table:add(row)
  if getmetatable(self) ~= table_mt then core.raise("dml.table:add: call it as t:add(row)") end
  local fixed = self[FIXED] and self[COLUMNS] or nil
  -- With fixed columns a field that is none of them is left out, unless its name is close to
  -- a column the row does not fill: a typo, said.
  if fixed and type(row) == "table" then
    local keys = {}
    for k in next, row do
      if type(k) == "string" then keys[#keys + 1] = k end
    end
    table.sort(keys)  -- (the first typo named is the same every run)
    for _, k in ipairs(keys) do
      if not have_column(fixed, k) then
        local hint = likely_typo(k, fixed)
        if hint and rawget(row, hint) == nil then
          core.raise(string.format("dml.table:add: row.%s: no such column (did you mean %q?); the columns are %s",
            k, hint, table.concat(fixed, ", ")))
        end
      end
    end
  end
  local copy, names = core.copy_row(row, "dml.table:add: row", fixed)
  local rows = self[ROWS]
  rows[#rows + 1] = copy
  if not fixed then sorted_union(self[COLUMNS], names) end
  return self
end

-- nil when the dml.table t has the column `name`; else, for an error, its name as written, a
-- did-you-mean (' (did you mean "gpu"?)' or ""), and the table's columns joined (nil: none).
local function missing_column(t, name)
  for _, c in ipairs(t[COLUMNS]) do
    if c == name then return nil end
  end
  local hint = type(name) == "string" and core.closest(name, t[COLUMNS]) or nil
  return type(name) == "string" and string.format("%q", name) or describe(name),
    hint and string.format(" (did you mean %q?)", hint) or "",
    #t[COLUMNS] > 0 and table.concat(t[COLUMNS], ", ") or nil
end

--- t:column(name): the column's values, one per row (nil for a missing cell), with n = #t.
function Table:column(name)
  if getmetatable(self) ~= table_mt then core.raise("dml.table:column: call it as t:column(name)") end
  local missing, hint, columns = missing_column(self, name)
  if missing then
    core.raise(string.format("dml.table:column: no column %s%s; %s", missing, hint,
      columns and "the columns are " .. columns or "the table has no columns"))
  end
  local out, rows = { n = #self[ROWS] }, self[ROWS]
  for i = 1, #rows do out[i] = rows[i][name] end
  return out
end

--- t:rows(): a new list of the rows (the row tables themselves: treat them as read-only).
function Table:rows()
  if getmetatable(self) ~= table_mt then core.raise("dml.table:rows: call it as t:rows()") end
  local out, rows = {}, self[ROWS]
  table.move(rows, 1, #rows, 1, out)
  return out
end

--- t:columns(): a new list of the column names, in order.
function Table:columns()
  if getmetatable(self) ~= table_mt then core.raise("dml.table:columns: call it as t:columns()") end
  local out = {}
  for i, c in ipairs(self[COLUMNS]) do out[i] = c end
  return out
end

---------------------------------------------------------------------------
-- dml.save

-- A single record as one row: nested records become dotted columns ("a.b"), lists indexed
-- ones ("levels[2].name"), plain tables with their keys sorted. (Declared values and results
-- make their own row: the __dml_rows protocol.)
local MAX_DEPTH = 100  -- records nested deeper are refused (a column name past 100 parts)

-- A column name in a message: at most 60 bytes of it.
local function shown(name)
  return #name > 60 and (name:sub(1, 60) .. "...") or name
end

local function flatten(value, prefix, row, columns, who, seen, depth)
  seen, depth = seen or {}, depth or 1
  if depth > MAX_DEPTH then
    core.raise(string.format("%s: the record nests deeper than %d levels (at %s); flatten it first",
      who, MAX_DEPTH, shown(prefix)))
  end
  if seen[value] then
    core.raise(string.format("%s: the record contains itself (at %s)", who, prefix == "" and "the top" or shown(prefix)))
  end
  seen[value] = true
  local keys = {}
  if #value > 0 and is_list(value) then
    for i = 1, #value do keys[i] = i end
  else
    for k in pairs(value) do
      if type(k) ~= "string" then
        core.raise(string.format("%s: %s: expected named fields, found the key %s", who,
          prefix == "" and "the record" or prefix, tostring(k)))
      end
      keys[#keys + 1] = k
    end
    table.sort(keys)
  end
  for _, k in ipairs(keys) do
    local v = value[k]
    local name
    if math.type(k) == "integer" then
      name = string.format("%s[%d]", prefix, k)
    else
      name = prefix == "" and k or (prefix .. "." .. k)
    end
    if plain_record(v) then
      flatten(v, name, row, columns, who, seen, depth + 1)
    elseif has_rows_protocol(v) then  -- a declared value inside a record: its own row
      local rows, cols = protocol_rows(v, who)
      for _, c in ipairs(cols or {}) do
        local x = rows[1] and rows[1][c]
        if x ~= nil then
          row[name .. "." .. c] = x
          columns[#columns + 1] = name .. "." .. c
        end
      end
    elseif v ~= nil then
      row[name] = v
      columns[#columns + 1] = name
    end
  end
  seen[value] = nil  -- the same sub-record may appear twice side by side; only a cycle is an error
end

-- The rows of anything dml.save accepts: rows, columns, single_record.
local rows_of
function rows_of(value, who)
  if has_rows_protocol(value) then
    local rows, columns = protocol_rows(value, who)
    if columns == nil then
      local _
      _, columns = core.copy_rows(rows, who)
    end
    return rows, columns, false
  end
  if type(value) ~= "table" then
    core.raise(string.format(
      "%s: expected a dml.table, a list of rows, a record, or a value with __dml_rows, got %s", who,
      describe(value)))
  end
  if plain_record(value) and rawget(value, 1) ~= nil and is_list(value) and
      has_rows_protocol(rawget(value, 1)) then
    -- a list of values that make their own rows (optimize's runners-up): as dml.table makes it
    return rows_of(make_table(value, nil, who), who)
  end
  if plain_record(value) and (next(value) == nil or
      (rawget(value, 1) ~= nil and is_list(value))) then
    local _, columns = core.copy_rows(value, who)
    return value, columns, false
  end
  local row, columns = {}, {}
  flatten(value, "", row, columns, who)
  return { row }, columns, true
end

--- The extensions dml.save and dml.plot write, by what they write (any case: "x.CSV" is CSV).
M.extensions = { table = { "csv", "tsv", "json" }, plot = { "png", "svg", "pdf" } }

--- check_output_option(option, path, kind, usage): a usage error, before any work, when a
--- script's `option` names a file that `kind` ("table" or "plot") cannot write: its extension is
--- not one of kind's, or the file could not be written there (a missing or read-only folder, a
--- directory, a device or a pipe; outside the working directory in the sandbox).
function M.check_output_option(option, path, kind, usage)
  local ext = (path:match("%.([^./\\]+)$") or ""):lower()
  local known = false
  for _, e in ipairs(M.extensions[kind]) do
    if e == ext then known = true end
  end
  if not known then
    core.usage_error(string.format("'%s %s': cannot tell the format from its extension; supported: .%s (%s)", option, path,
      table.concat(M.extensions[kind], ", ."), usage))
  end
  local why = core.write_problem(path, option)
  if why then core.usage_error(string.format("%s (%s)", why, usage)) end
end

--- check_output(path[, usage[, kind]]): path, or a usage error (exit status 2) before any work
--- when dml.save ("table") or dml.plot ("plot"), either without kind, could not write it: an
--- extension not theirs, or a file that could not be written there (as check_output_option).
--- For a script's own output argument.
local writers = { table = "dml.save", plot = "dml.plot" }
function M.check_output(path, usage, kind)
  if type(path) ~= "string" then
    core.raise("dml.check_output: expected a file path (a string), got " .. describe(path))
  end
  if usage ~= nil and type(usage) ~= "string" then
    core.raise("dml.check_output: usage must be a string, got " .. describe(usage))
  end
  if kind ~= nil and not writers[kind] then
    core.raise("dml.check_output: kind must be \"table\" (dml.save) or \"plot\" (dml.plot), got " ..
      (type(kind) == "string" and string.format("%q", kind:sub(1, 40)) or describe(kind)))
  end
  local tail = usage and string.format(" (%s)", usage) or ""
  local ext = (path:match("%.([^./\\]+)$") or ""):lower()
  local kinds = kind and { kind } or { "table", "plot" }
  local known, supported = false, {}
  for _, k in ipairs(kinds) do
    for _, e in ipairs(M.extensions[k]) do
      if e == ext then known = true end
    end
    supported[#supported + 1] = string.format(".%s (%s)", table.concat(M.extensions[k], ", ."), writers[k])
  end
  if not known then
    core.usage_error(string.format("%s: cannot tell the format from its extension; supported: %s%s",
      string.format("%q", #path > 200 and path:sub(1, 200) .. "..." or path), table.concat(supported, ", "), tail))
  end
  local why = core.write_problem(path, "dml")
  if why then core.usage_error(why:gsub("^dml: ", "") .. tail) end
  return path
end

---@param value any a dml.table, a list of rows, a record, or a value with __dml_rows
---@param path string ends in .csv, .tsv or .json
function M.save(value, path)
  if type(path) ~= "string" then
    core.raise("dml.save: expected a file path (a string ending in .csv, .json or .tsv), got " ..
      describe(path))
  end
  local rows, columns, single = rows_of(value, "dml.save")
  core.save(path, rows, columns, single)
end

---------------------------------------------------------------------------
-- dml.plot

-- "a time", "a size in bytes", "a FLOP count" for a quantity's dimension name.
local dimension_nouns = { bytes = "a size in bytes", flop = "a FLOP count", ["flop/s"] = "a FLOP rate" }
local function dimension_noun(d)
  return dimension_nouns[d] or ((d:find("^[aeiou]") and "an " or "a ") .. d)
end

local plot_fields = { "path", "title", "x_label", "y_label", "x_log", "y_log", "series", "table", "x", "y", "by" }
local series_fields = { "name", "x", "y" }

local function check_type(who, name, v, t)
  if v ~= nil and type(v) ~= t then
    core.raise(string.format("%s: %s must be %s, got %s", who, name,
      t == "string" and "a string" or "true or false", describe(v)))
  end
end

-- A table spec's fields without the table's own (table, x, y, by): what dml.plot draws from.
local function plot_spec(spec)
  local out = {}
  for k, v in pairs(spec) do out[k] = v end
  out.table, out.x, out.y, out.by = nil, nil, nil, nil
  return out
end

--- series_from_table(who, spec): spec with `series` made from spec.table's columns
--- spec.x and spec.y, one series per distinct value of column spec.by (if given); without
--- series and with `empty_shard` (why) when the table has no rows in a shard of a sharded run
--- (dml --shard K/N): dml.plot then checks the rest and draws nothing.
function M.series_from_table(who, spec)
  local t = spec.table
  if getmetatable(t) ~= table_mt then
    core.raise(string.format("%s: table must be a dml.table, got %s", who, describe(t)))
  end
  if spec.series ~= nil then core.raise(who .. ": give either series or table, not both") end
  for _, k in ipairs { "x", "y" } do
    if type(spec[k]) ~= "string" then
      core.raise(string.format("%s: %s must name a column of the table, got %s", who, k, describe(spec[k])))
    end
  end
  -- by: a column, or a list of columns whose values together name a series (helper-107: a model
  -- run on three GPUs drew one line through all three).
  local by_names = spec.by
  if type(by_names) == "string" then by_names = { by_names } end
  local function names_list(v)
    if type(v) ~= "table" or getmetatable(v) ~= nil or #v == 0 or not is_list(v) then return false end
    for i = 1, #v do
      if type(v[i]) ~= "string" then return false end
    end
    return true
  end
  if by_names ~= nil and not names_list(by_names) then
    core.raise(string.format("%s: by must name a column, or be a list of column names, got %s", who, describe(spec.by)))
  end
  -- A column the table does not have: named as dml.plot's x, y or by, with the table's columns.
  local named = { { "x", spec.x }, { "y", spec.y } }
  for _, b in ipairs(by_names or {}) do named[#named + 1] = { "by", b } end
  for _, kv in ipairs(named) do
    local missing, hint, columns = missing_column(t, kv[2])
    if missing then
      core.raise(string.format("%s: %s = %s: the table has no such column%s; %s", who, kv[1], missing, hint,
        columns and "its columns are " .. columns or "it has no columns"))
    end
  end
  -- Under --shard, a slice with nothing to draw: the spec that draws nothing and says why, else nil.
  local function empty_shard(why)
    local k, n = core.shard()
    if n <= 1 then return nil end
    local out = plot_spec(spec)
    out.empty_shard = string.format("shard %d of %d has %s", k, n, why)
    return out
  end
  if #t[ROWS] == 0 then
    -- A shard whose slice is empty (more shards than points) draws nothing and goes on, as it
    -- saves its header line: the merged table is the one to plot (helper-115: it failed the shard).
    local out = empty_shard("no rows")
    if out then return out end
    core.raise(string.format("%s: the table has no rows: there is nothing to draw", who))
  end
  local xs, ys = t:column(spec.x), t:column(spec.y)
  -- Each cell a number or a quantity (a missing one is not drawn); a quantity column's axis
  -- says its unit, the base unit the plot draws it in ("time_to_train (s)").
  local units = {}
  for _, axis in ipairs { "x", "y" } do
    local column = axis == "x" and xs or ys
    local first_kind, first_row  -- a column's first cell's unit ("" a plain number), and its row
    for i = 1, column.n do
      local v = column[i]
      if v ~= nil and type(v) ~= "number" and not core.is_quantity(v) then
        core.raise(string.format("%s: %s = %q: the column's row %d is %s, not a number or a quantity",
          who, axis, spec[axis], i, type(v) == "string" and string.format("the string %q", v) or describe(v)))
      end
      if units[axis] == nil and core.is_quantity(v) and v.unit ~= "" then units[axis] = v.unit end
      -- One unit an axis (helper-369: plain numbers drawn as seconds beside a time, under "y (s)").
      if v ~= nil then
        local kind = core.is_quantity(v) and v.unit or ""
        if first_kind == nil then
          first_kind, first_row = kind, i
        elseif kind ~= first_kind then
          local function what(k) return k == "" and "a plain number" or "a quantity in " .. k end
          core.raise(string.format("%s: %s = %q: the column's row %d is %s, its row %d %s: an axis draws one unit",
            who, axis, spec[axis], first_row, what(first_kind), i, what(kind)))
        end
      end
    end
  end
  local groups, order = {}, {}
  local by = {}
  for j, name in ipairs(by_names or {}) do by[j] = t:column(name) end
  for i = 1, xs.n do
    -- false is a value of its own; a missing cell is "-", as a table prints it; the values of
    -- several columns joined by ", "
    -- (grouped by the values apart, "\0" between them: "x, y" and "z" are not "x" and "y, z")
    local parts = {}
    for j, column in ipairs(by) do
      local v = column[i]
      parts[j] = v == nil and "-" or v ~= v and "NaN" or tostring(v)  -- not Lua's "-nan" (helper-348)
    end
    local key = table.concat(parts, "\0")
    if not groups[key] then
      groups[key] = { name = #by > 0 and table.concat(parts, ", ") or nil, x = {}, y = {}, n = 0 }
      order[#order + 1] = key
    end
    local g = groups[key]
    g.n = g.n + 1
    g.x[g.n], g.y[g.n] = xs[i], ys[i]
  end
  -- A group with no point to draw (a sweep's failed rows, their cells empty) is no series: it
  -- would take a legend entry and a colour (helper-369: "-" in the legend).
  local function drawable(v)
    local n = core.is_quantity(v) and v:value() or v
    return type(n) == "number" and n == n and n ~= math.huge and n ~= -math.huge
  end
  local series = {}
  for _, key in ipairs(order) do
    local g = groups[key]
    g.x.n, g.y.n = g.n, g.n
    local any = false
    for i = 1, g.n do any = any or (drawable(g.x[i]) and drawable(g.y[i])) end
    if any then series[#series + 1] = { name = g.name, x = g.x, y = g.y } end
  end
  if #series == 0 then
    -- No point at all: a shard's slice of failed points goes on as an empty one does (helper-369:
    -- it failed the shard, and with it the merge a scheduler runs after every shard succeeds);
    -- else the error that nothing can be drawn, below.
    local out = empty_shard("no point to draw")
    if out then return out end
    for i, key in ipairs(order) do
      local g = groups[key]
      series[i] = { name = g.name, x = g.x, y = g.y }
    end
  end
  local out = plot_spec(spec)
  out.series = series
  out.x_label = spec.x_label or (units.x and string.format("%s (%s)", spec.x, units.x) or spec.x)
  out.y_label = spec.y_label or (units.y and string.format("%s (%s)", spec.y, units.y) or spec.y)
  return out
end

---@param spec { path: string, title?: string, x_label?: string, y_label?: string, x_log?: boolean, y_log?: boolean, series: table[] }
function M.plot(spec)
  local who = "dml.plot"
  if type(spec) ~= "table" or getmetatable(spec) ~= nil then
    core.raise(string.format("%s: expected a table { path = ..., series = {...} }, got %s", who, describe(spec)))
  end
  check_fields(who, "field", spec, plot_fields)
  if spec.table ~= nil then spec = M.series_from_table(who, spec) end
  if spec.path == nil then core.raise(who .. ": path is required (the file to write: .png, .svg or .pdf)") end
  check_type(who, "path", spec.path, "string")
  for _, k in ipairs({ "title", "x_label", "y_label" }) do check_type(who, k, spec[k], "string") end
  for _, k in ipairs({ "x_log", "y_log" }) do check_type(who, k, spec[k], "boolean") end
  -- An empty shard's table (more shards than points): nothing to draw, said, and the run goes on.
  if spec.empty_shard then
    core.message(string.format("%s: %s: %s not drawn (plot the merged table)", who, spec.empty_shard, spec.path))
    return
  end
  local series = spec.series
  if type(series) ~= "table" or getmetatable(series) ~= nil or #series == 0 or not is_list(series) then
    core.raise(string.format("%s: series must be a non-empty list of { name = ..., x = {...}, y = {...} }, got %s",
      who, series == nil and "nothing"
        or (type(series) == "table" and getmetatable(series) == nil and next(series) == nil and "an empty list")
        or describe(series)))
  end
  local checked, named = {}, false
  local dimensions = {}  -- per axis: the dimension of its first quantity, and where it is
  for i, s in ipairs(series) do
    local where = string.format("%s: series[%d]", who, i)
    if type(s) ~= "table" or getmetatable(s) ~= nil then
      core.raise(string.format("%s: expected { name = ..., x = {...}, y = {...} }, got %s", where, describe(s)))
    end
    check_fields(where, "field", s, series_fields)
    check_type(where, "name", s.name, "string")
    local values = {}
    for _, axis in ipairs({ "x", "y" }) do
      local v = s[axis]
      -- a list, or a table column (a list with its length in `n`)
      local list_ok = type(v) == "table" and getmetatable(v) == nil
      if list_ok then
        local n = v.n or #v
        -- `n` (a table column's length) may count missing cells at the end, but no more
        -- than the keys present could need
        local top = 0
        for k in pairs(v) do
          if math.type(k) == "integer" and k > top then top = k end
        end
        if math.type(n) ~= "integer" or n < top or n > top + 1e6 then list_ok = false; n = 0 end
        for k in pairs(v) do
          if not (k == "n" or (math.type(k) == "integer" and k >= 1 and k <= n)) then list_ok = false end
        end
        if list_ok then
          local out = {}
          for j = 1, n do
            local x = v[j]
            if core.is_quantity(x) then
              -- One axis, one dimension: its quantities are drawn in their base unit.
              local d = dimensions[axis]
              if d == nil then
                dimensions[axis] = { x.dimension, string.format("series[%d].%s[%d]", i, axis, j) }
              elseif d[1] ~= x.dimension then
                core.raise(string.format("%s.%s[%d]: %s, but %s is %s: an axis takes one dimension",
                  where, axis, j, dimension_noun(x.dimension), d[2], dimension_noun(d[1])))
              end
              x = x:value()
            end
            if x == nil then x = 0 / 0 end  -- a missing cell: not drawn
            if type(x) ~= "number" then
              core.raise(string.format("%s.%s[%d]: expected a number or a quantity, got %s", where, axis, j,
                type(x) == "string" and "a string" or describe(x)))
            end
            out[j] = x
          end
          values[axis] = out
        end
      end
      if not list_ok then
        core.raise(string.format("%s: %s must be a list of numbers, got %s", where, axis,
          v == nil and "nothing" or describe(v)))
      end
    end
    s = { name = s.name, x = values.x, y = values.y }
    if #s.x ~= #s.y then
      core.raise(string.format("%s%s: x has %d values, y has %d", where,
        s.name and string.format(" (%q)", s.name) or "", #s.x, #s.y))
    end
    if #s.x == 0 then core.raise(where .. ": x and y are empty") end
    named = named or s.name ~= nil
    checked[i] = { name = s.name or string.format("series %d", i), x = s.x, y = s.y }
  end
  core.plot({
    path = spec.path, title = spec.title, x_label = spec.x_label, y_label = spec.y_label,
    x_log = spec.x_log, y_log = spec.y_log, series = checked,
    -- a single unnamed series needs no legend
    legend = named or #checked > 1,
  })
end

return core.strict(M, "dml.output", "function")
