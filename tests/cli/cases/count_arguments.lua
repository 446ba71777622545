-- Prints how many arguments the script was given, and the last (tests/CMakeLists.txt:
-- cli.many_arguments: 163 or more overran the Lua stack).
local n = select("#", ...)
print(n, (select(n, ...)), #arg)
