-- Lua code that never ends: a limit or Ctrl-C has to stop it.
local n = 0
while true do
  n = n + 1
end
