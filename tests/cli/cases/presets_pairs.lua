-- Preset tables are strict when read, and pairs still lists every preset.
for _, module in ipairs { "gpus", "networks", "stacks" } do
  local names = {}
  for name, preset in pairs(dml.presets[module]) do names[#names + 1] = name .. " (" .. preset.name .. ")" end
  table.sort(names)
  print(module .. ": " .. table.concat(names, ", "))
end
local modules = {}
for name in pairs(dml.presets) do modules[#modules + 1] = name end
table.sort(modules)
print("dml.presets: " .. table.concat(modules, ", "))
