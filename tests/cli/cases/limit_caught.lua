-- A limit the script catches (coroutine.resume returns the error as a value) still ends the
-- run with the limit's error and a non-zero exit (helper-95: it exited 0).
local co = coroutine.create(function() while true do end end)
local ok, e = coroutine.resume(co)
print(ok, e)
print("caught, and went on")
