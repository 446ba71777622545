-- Two libraries that require each other: the cycle is named at the require that closes it
-- (helper-348: Lua's require followed it until "C stack overflow"). After the error is caught,
-- the modules are no longer loading: the same require fails the same way, not as a longer
-- cycle.
local ok, err = pcall(require, "cycle_a")
print(ok, err)
print(pcall(require, "cycle_a"))
-- A module that does not require itself loads, and loads again from package.loaded.
print(require("cycle_leaf").name, require("cycle_leaf").name)
-- A coroutine whose require raised, left suspended in its error and never closed, leaves no
-- module loading (helper-349: a later require of it was called a cycle).
local co = coroutine.create(function() require "cycle_bad" end)
print(coroutine.resume(co))
print(pcall(require, "cycle_bad"))
require "cycle_a"
