-- Requiring a library whose code fails: the message names the library's line.
local lib = require "lib.broken_lib"
print(lib)
