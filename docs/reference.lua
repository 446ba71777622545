-- Writes the reference of the dml module (every function, every declared type with its
-- fields, every result with its fields and table columns) as Markdown: docs/reference.md is
-- this script's output, and a test fails when they differ. Usage: dml docs/reference.lua [OUT.md]
local lines = {
  "# dml reference",
  "",
  "Generated from the code (the C++ descriptions of every type, and the stdlib's function docs) by",
  "`dml docs/reference.lua docs/reference.md`; the tests fail when this file and the code disagree.",
  "The guide is docs/language.md.",
  "",
  "## Functions",
  "",
}
local function add(s) lines[#lines + 1] = s end
local function cell(s) return (s:gsub("|", "\\|")) end

local types = dml.types()
local is_type = {}
for _, t in ipairs(types) do is_type[t.name] = true end
for _, name in ipairs(dml.names()) do
  if not is_type[name] or rawget(dml, name) then  -- rawget: dml is strict
    local doc = dml.doc(name)
    if is_type[name] then doc = doc:match("^[^\n]*") end  -- a constructor: its first line
    local sig, rest = doc:match("^(.-): (.*)$")
    add(sig and ("- `" .. sig .. "`: " .. rest) or ("- " .. doc))
  end
end

add("")
add("### The values dml.calibrate fits")
add("")
add("`fit` names them (the default: those marked); `bounds` may narrow each, within these (docs/calibration.md).")
add("")
add("| value | of | bounds | default | bounds from |")
add("|---|---|---|---|---|")
for _, p in ipairs(dml.calibration_parameters()) do
  local unit = p.unit and (" " .. p.unit) or ""
  add(string.format("| `%s` | %s | %g%s to %g%s | %s | %s |", p.name,
    p.of == "gpu" and "the GPU's `efficiency`" or "the stack", p.lower, unit, p.upper, unit,
    p.default and "yes" or "", cell(p.why)))
end

local sections = {
  { kind = "declared", title = "Declared types",
    text = "Made by their constructors (`dml.gpu{...}`, or `dml.gpu(base, { changes })`); read-only once made." },
  { kind = "part", title = "Parts of declarations",
    text = "Fields of declared types, and the tables some functions take; written as plain tables." },
  { kind = "result", title = "Results",
    text = "What the model answers with: read-only values whose fields read like a declaration's. `dml.save` " ..
      "writes one row per value with the columns listed (quantities in SI base units: s, B, FLOP, B/s)." },
}
for _, section in ipairs(sections) do
  add("")
  add("## " .. section.title)
  add("")
  add(section.text)
  for _, t in ipairs(types) do
    if t.kind == section.kind then
      add("")
      if section.kind ~= "declared" then
        add(string.format("### %s", t.name))
      elseif t.constructor ~= t.name then
        add(string.format("### %s (made by dml.%s)", t.name, t.constructor))
      else
        add(string.format("### dml.%s", t.name))
      end
      add("")
      add(t.doc)
      add("")
      if section.kind == "result" then
        add("| field | is | meaning |")
        add("|---|---|---|")
        for _, f in ipairs(dml.fields(t.name)) do
          add(string.format("| `%s` | %s | %s |", f.name, cell(f.takes), cell(f.doc)))
        end
        add("")
        add("| column | meaning |")
        add("|---|---|")
        for _, c in ipairs(dml.columns(t.name)) do
          add(string.format("| `%s` | %s |", c.column, cell(c.doc)))
        end
      else
        add("| field | takes | default | meaning |")
        add("|---|---|---|---|")
        for _, f in ipairs(dml.fields(t.name)) do
          add(string.format("| `%s` | %s | %s | %s |", f.name, cell(f.takes), cell(f.default), cell(f.doc)))
        end
      end
    end
  end
end
local text = table.concat(lines, "\n") .. "\n"
local out = arg[1]
if out then
  local f = assert(io.open(out, "w"))
  f:write(text)
  f:close()
else
  io.write(text)
end
