-- Writes the reference of the dml module (every declared type with its fields,
-- every function) as Markdown: docs/reference.md is this script's output, and
-- a test fails when they differ. Usage: dml docs/reference.lua [OUT.md]
local schema = require "dml.schema"

local lines = {
  "# dml reference",
  "",
  "Generated from the stdlib's schemas and docs by `dml docs/reference.lua docs/reference.md`;",
  "the tests fail when this file and the code disagree. The guide is docs/language.md.",
  "",
  "## Functions",
  "",
}
local types = {}
for _, s in ipairs(schema.all()) do types[s.name] = s end
for _, name in ipairs(dml.names()) do
  if not types[name] and name ~= "plan" then
    local doc = dml.doc(name)
    local sig, rest = doc:match("^(.-): (.*)$")
    lines[#lines + 1] = sig and ("- `" .. sig .. "`: " .. rest) or ("- " .. doc)
  end
end
lines[#lines + 1] = ""
lines[#lines + 1] = "## Declared types"
for _, s in ipairs(schema.all()) do
  lines[#lines + 1] = ""
  lines[#lines + 1] = string.format("### dml.%s", s.name)
  lines[#lines + 1] = ""
  lines[#lines + 1] = s.doc
  lines[#lines + 1] = ""
  lines[#lines + 1] = "| field | takes | default | meaning |"
  lines[#lines + 1] = "|---|---|---|---|"
  for _, f in ipairs(s.fields) do
    local default = ""
    if f.default ~= nil then
      default = type(f.default) == "string" and string.format('`"%s"`', f.default)
        or type(f.default) == "table" and "`{...}`" or "`" .. tostring(f.default) .. "`"
    elseif f.optional then
      default = "optional"
    end
    lines[#lines + 1] = string.format("| `%s` | %s | %s | %s |", f[1], schema.kind_text(f):gsub("|", "\\|"),
      default, f.doc:gsub("|", "\\|"))
  end
end
lines[#lines + 1] = ""
lines[#lines + 1] = "## Plans"
lines[#lines + 1] = ""
lines[#lines + 1] = "```"
lines[#lines + 1] = dml.doc("plan")
lines[#lines + 1] = "```"
local text = table.concat(lines, "\n") .. "\n"
local out = arg[1]
if out then
  local f = assert(io.open(out, "w"))
  f:write(text)
  f:close()
else
  io.write(text)
end
