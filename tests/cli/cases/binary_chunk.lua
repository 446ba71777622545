-- A binary chunk, and a corrupted one: both refused, the second without a crash.
local f, e = load(string.dump(function() return 1 end))
print(f, e)
print(load("\27Lua\x54\0\25\147\r\n\26\n junk", "corrupted", "bt"))
load(string.dump(function() end), "dumped", "b")
