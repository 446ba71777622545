-- A typo in a global name is an error at its line.
local cluster = {}
print(clsuter)
