-- A library that checks a script's arguments: its usage error names the script, not this file.
local M = {}
function M.need_file(args)
  if not args[1] then dml.usage_error("needs FILE (usage: dml script.lua FILE)") end
  return args[1]
end
return M
