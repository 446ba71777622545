--- dml.schema: one field schema per declared type. The schema drives reading
--- (constructors), validation, the printed summary and the reference docs.
---
--- A schema is a table { name = "level", title = "a network level", doc = "...",
--- fields = { field, ... } } and each field is
---   { "bandwidth", "bandwidth", doc = "...", default = ..., optional = true,
---     min = ..., max = ..., integer = true, allowed = { ... }, of = schema }
--- where the second entry is the field's kind:
---   bytes, time, flop, bandwidth, flop_rate, frequency   a quantity with that dimension,
---                                                        given as "900 GB/s" or dml.q"..."
---   count      a positive whole number
---   number     a finite number (min/max bound it)
---   string, boolean
---   enum       one of `allowed` (strings)
---   record     a value of schema `of` (a table of its fields, or a declared value)
---   list       a non-empty list of values of schema `of`
---   counts     a non-empty list of positive whole numbers
---   any        any value; the caller checks it
---   sources    a table: field name of this schema -> a string citing where its value comes from
local core = require "dml.core"

local M = {}

local quantity_kinds = {
  bytes = true, time = true, flop = true, bandwidth = true, flop_rate = true, frequency = true,
}

local kind_nouns = {
  bytes = "a size in bytes", time = "a time", flop = "a FLOP count", bandwidth = "a bandwidth",
  flop_rate = "a FLOP rate", frequency = "a frequency", count = "a positive whole number",
  number = "a number", string = "a string", boolean = "true or false", enum = "one of",
}

local registry = {}   -- name -> schema, in definition order in `order`
local order = {}

local function raise(path, msg)
  core.raise(path .. ": " .. msg)
end

-- Optimal-string-alignment distance, for "did you mean" hints.
local function distance(a, b)
  local d = {}
  for i = 0, #a do d[i] = { [0] = i } end
  for j = 0, #b do d[0][j] = j end
  for i = 1, #a do
    for j = 1, #b do
      local cost = a:byte(i) == b:byte(j) and 0 or 1
      d[i][j] = math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
      if i > 1 and j > 1 and a:byte(i) == b:byte(j - 1) and a:byte(i - 1) == b:byte(j) then
        d[i][j] = math.min(d[i][j], d[i - 2][j - 2] + 1)
      end
    end
  end
  return d[#a][#b]
end

--- closest(name, candidates): the candidate nearest to name, or nil if none is close.
function M.closest(name, candidates)
  local best, best_d = nil, math.max(1, #name // 4) + 1
  for _, c in ipairs(candidates) do
    local dist = distance(name, c)
    if dist < best_d then best, best_d = c, dist end
  end
  return best
end

local function describe_value(v)
  local t = type(v)
  if v == nil then return "nothing" end
  if t == "string" then return string.format("%q", v) end
  if t == "number" then return tostring(v) end
  if t == "table" then
    local mt = getmetatable(v)
    if mt and mt.__dml_schema then return mt.__dml_schema.title end
    return "a table"
  end
  if core.is_quantity and core.is_quantity(v) then return tostring(v) end
  return "a " .. t
end

local function field_names(schema)
  local names = {}
  for _, f in ipairs(schema.fields) do names[#names + 1] = f[1] end
  return names
end

local read -- forward

local function check_number(f, v, path)
  if type(v) ~= "number" then
    raise(path, string.format("expected %s, got %s", kind_nouns[f[2]], describe_value(v)))
  end
  if v ~= v or v == math.huge or v == -math.huge then
    raise(path, "expected a finite number, got " .. tostring(v))
  end
  if f[2] == "count" or f.integer then
    if math.type(v) == "float" and v ~= math.floor(v) then
      raise(path, "expected a whole number, got " .. tostring(v))
    end
    v = math.tointeger(v) or v
    local min = f.min or (f[2] == "count" and 1) or nil
    if min and v < min then
      if f[2] == "count" and min == 1 then
        raise(path, "must be a positive whole number, got " .. tostring(v))
      end
      raise(path, string.format("must be at least %s, got %s", tostring(min), tostring(v)))
    end
  elseif f.min and v < f.min then
    raise(path, string.format("must be at least %s, got %s", tostring(f.min), tostring(v)))
  end
  if f.above and v <= f.above then
    raise(path, string.format("must be greater than %s, got %s", tostring(f.above), tostring(v)))
  end
  if f.max and v > f.max then
    raise(path, string.format("must be at most %s, got %s", tostring(f.max), tostring(v)))
  end
  return v
end

local function check_field(f, v, path)
  local kind = f[2]
  if quantity_kinds[kind] then
    local q = core.check_quantity(v, kind, path)
    local x = q:value()
    if x ~= x then raise(path, "must be a number, got NaN") end
    if not f.allow_infinite and (x == math.huge or x == -math.huge) then
      raise(path, "must be finite, got " .. tostring(q))
    end
    if f.nonnegative then
      if x < 0 then raise(path, "must not be negative, got " .. tostring(q)) end
    elseif x <= 0 then
      raise(path, "must be positive, got " .. tostring(q))
    end
    return q
  elseif kind == "count" or kind == "number" then
    return check_number(f, v, path)
  elseif kind == "string" then
    if type(v) ~= "string" then raise(path, "expected a string, got " .. describe_value(v)) end
    return v
  elseif kind == "boolean" then
    if type(v) ~= "boolean" then raise(path, "expected true or false, got " .. describe_value(v)) end
    return v
  elseif kind == "enum" then
    for _, a in ipairs(f.allowed) do
      if v == a then return math.tointeger(v) or v end
    end
    local shown = {}
    for i, a in ipairs(f.allowed) do shown[i] = type(a) == "string" and string.format("%q", a) or tostring(a) end
    raise(path, string.format("expected one of %s, got %s", table.concat(shown, ", "), describe_value(v)))
  elseif kind == "record" then
    return read(f.of, v, path)
  elseif kind == "any" then
    return v
  elseif kind == "counts" then
    if type(v) ~= "table" or getmetatable(v) ~= nil or #v == 0 then
      raise(path, "expected a non-empty list of positive whole numbers, got " .. describe_value(v))
    end
    local out = {}
    for k in pairs(v) do
      if math.type(k) ~= "integer" or k < 1 or k > #v then
        raise(path, string.format("expected a list (keys 1..%d), found the key %s", #v, describe_value(k)))
      end
    end
    for i = 1, #v do out[i] = check_number({ "item", "count" }, v[i], string.format("%s[%d]", path, i)) end
    return out
  elseif kind == "sources" then
    if type(v) ~= "table" then raise(path, "expected a table of field = \"citation\", got " .. describe_value(v)) end
    local out = {}
    for k, cite in pairs(v) do
      if type(k) ~= "string" or not f.owner.by_name[k] then
        raise(path, string.format("%s is not a field of %s", describe_value(k), f.owner.title))
      end
      if type(cite) ~= "string" then raise(path .. "." .. k, "expected a citation string, got " .. describe_value(cite)) end
      out[k] = cite
    end
    return out
  elseif kind == "list" then
    if type(v) ~= "table" or getmetatable(v) ~= nil then
      raise(path, string.format("expected a list of %s, got %s", f.of.title, describe_value(v)))
    end
    local n = #v
    if n == 0 then raise(path, "expected a non-empty list of " .. f.of.title) end
    for k in pairs(v) do
      if math.type(k) ~= "integer" or k < 1 or k > n then
        raise(path, string.format("expected a list (keys 1..%d), found the key %s", n, describe_value(k)))
      end
    end
    local out = {}
    for i = 1, n do out[i] = read(f.of, v[i], string.format("%s[%d]", path, i)) end
    return out
  end
  error("dml.schema: unknown kind " .. tostring(kind) .. " for field " .. path)
end

--- read(schema, value, path): validate a table (or a declared value of this
--- schema, again) against a schema; returns a new declared value (fields
--- normalized: quantities become dml.q values, defaults filled).
read = function(schema, value, path)
  if schema.normalize then value = schema.normalize(value) end
  local mt = type(value) == "table" and getmetatable(value) or nil
  -- A declared value is read again like any table: its fields may have been changed since it
  -- was made (l.dp = 0), and nothing unchecked may reach the core.
  if type(value) ~= "table" or (mt ~= nil and mt.__dml_schema ~= schema) then
    raise(path, string.format("expected %s (a table of its fields), got %s", schema.title, describe_value(value)))
  end
  local fields = schema.by_name
  for k in pairs(value) do
    if type(k) ~= "string" then
      raise(path, string.format("expected named fields of %s, found the key %s", schema.title, describe_value(k)))
    end
    if not fields[k] then
      local hint = M.closest(k, field_names(schema))
      raise(path .. "." .. k, string.format("unknown field of %s%s; its fields are %s", schema.title,
        hint and (" (did you mean '" .. hint .. "'?)") or "", table.concat(field_names(schema), ", ")))
    end
  end
  local out = {}
  for _, f in ipairs(schema.fields) do
    local v = value[f[1]]
    local fpath = path .. "." .. f[1]
    if v == nil then
      if f.default ~= nil then
        out[f[1]] = check_field(f, f.default, fpath)
      elseif not f.optional then
        raise(fpath, string.format("required (%s)", f.doc))
      end
    else
      out[f[1]] = check_field(f, v, fpath)
    end
  end
  if schema.check then schema.check(out, path) end
  return setmetatable(out, schema.mt)
end
M.read = read

local function summary(schema, value, indent)
  indent = indent or ""
  local lines = { indent .. schema.name .. " {" }
  for _, f in ipairs(schema.fields) do
    local v = value[f[1]]
    if v ~= nil and f[2] ~= "sources" then
      if f[2] == "record" then
        lines[#lines + 1] = indent .. "  " .. f[1] .. " = " .. summary(f.of, v, indent .. "  "):gsub("^%s+", "")
      elseif f[2] == "list" then
        lines[#lines + 1] = indent .. "  " .. f[1] .. " = {"
        for _, item in ipairs(v) do
          lines[#lines + 1] = summary(f.of, item, indent .. "    ")
        end
        lines[#lines + 1] = indent .. "  }"
      elseif f[2] == "counts" then
        lines[#lines + 1] = string.format("%s  %s = {%s}", indent, f[1], table.concat(v, ", "))
      elseif type(v) == "string" then
        lines[#lines + 1] = string.format("%s  %s = %q", indent, f[1], v)
      else
        lines[#lines + 1] = string.format("%s  %s = %s", indent, f[1], tostring(v))
      end
    end
  end
  lines[#lines + 1] = indent .. "}"
  return table.concat(lines, "\n")
end

--- define(schema): register a declared type; returns its constructor
--- constructor(fields) or constructor(base, overrides) (overrides merged over base).
function M.define(schema)
  assert(type(schema.name) == "string" and type(schema.fields) == "table", "dml.schema.define: bad schema")
  schema.by_name = {}
  for _, f in ipairs(schema.fields) do
    assert(type(f.doc) == "string" and f.doc ~= "", "dml.schema: field " .. f[1] .. " of " .. schema.name .. " has no doc")
    schema.by_name[f[1]] = f
    if f[2] == "sources" then f.owner = schema end
  end
  schema.mt = {
    __name = "dml." .. schema.name,
    __dml_schema = schema,
    __tostring = function(v) return summary(schema, v) end,
  }
  registry[schema.name] = schema
  order[#order + 1] = schema
  return function(base, overrides)
    if overrides ~= nil then
      if type(base) ~= "table" then
        raise(schema.name, string.format("expected %s to copy, got %s", schema.title, describe_value(base)))
      end
      if type(overrides) ~= "table" or getmetatable(overrides) ~= nil then
        raise(schema.name, "expected a table of fields to change, got " .. describe_value(overrides))
      end
      local merged = {}
      for k, v in pairs(base) do merged[k] = v end
      for k, v in pairs(overrides) do merged[k] = v end
      return read(schema, merged, schema.name)
    end
    return read(schema, base, schema.name)
  end
end

--- get(name): the schema of a declared type, or nil.
function M.get(name) return registry[name] end

--- all(): every schema, in definition order.
function M.all() return order end

--- of(value): the schema of a declared value, or nil.
function M.of(value)
  local mt = type(value) == "table" and getmetatable(value)
  return mt and mt.__dml_schema or nil
end

local quantity_examples = {
  bytes = "80 GiB", time = "1.125 us", flop = "3e25 FLOP", bandwidth = "900 GB/s",
  flop_rate = "989.4 TFLOP/s", frequency = "1830 MHz",
}

-- What a field takes, in words: `a bandwidth like "900 GB/s"`, `a list of network levels`.
local function kind_text(f)
  local kind = f[2]
  if quantity_kinds[kind] then
    return string.format('%s like "%s"', kind_nouns[kind], quantity_examples[kind])
  elseif kind == "enum" then
    local shown = {}
    for i, a in ipairs(f.allowed) do shown[i] = type(a) == "string" and string.format("%q", a) or tostring(a) end
    return "one of " .. table.concat(shown, ", ")
  elseif kind == "record" then
    return string.format("%s (dml.%s)", f.of.title, f.of.name)
  elseif kind == "list" then
    return string.format("a list of %s (dml.%s)", f.of.plural or (f.of.title:gsub("^an? ", "") .. "s"), f.of.name)
  elseif kind == "sources" then
    return "a table of field = \"citation\""
  elseif kind == "counts" then
    return "a list of positive whole numbers, one per network level"
  elseif kind == "any" then
    return "see below"
  end
  local text = kind_nouns[kind] or kind
  local low = f.above and ("(" .. tostring(f.above)) or (f.min and kind ~= "count" and ("[" .. tostring(f.min)))
  local high = f.max and (tostring(f.max) .. "]")
  if low and high then return string.format("%s in %s, %s", text, low, high) end
  if low then return text .. (f.above and " > " or " >= ") .. low:sub(2) end
  if high then return text .. " <= " .. high:sub(1, -2) end
  return text
end
M.kind_text = kind_text

--- describe(schema[, header]): the reference text of a declared type (for
--- `dml --doc` and docs/language.md): the header line, then each field with
--- what it takes, its default, and its doc.
function M.describe(schema, header)
  local lines = { header or string.format("dml.%s{...}: %s", schema.name, schema.doc), "" }
  if header then lines[#lines] = schema.doc; lines[#lines + 1] = "" end
  local width = 0
  for _, f in ipairs(schema.fields) do width = math.max(width, #f[1]) end
  for _, f in ipairs(schema.fields) do
    local default = ""
    if f.default ~= nil then
      default = "; default " .. (type(f.default) == "string" and string.format("%q", f.default) or tostring(f.default))
    elseif f.optional then
      default = "; optional"
    end
    lines[#lines + 1] = string.format("  %-" .. width .. "s  %s%s", f[1], kind_text(f), default)
    lines[#lines + 1] = string.format("  %-" .. width .. "s    %s", "", f.doc)
  end
  return table.concat(lines, "\n")
end

return M
