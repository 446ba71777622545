-- The host: strict globals, the version, errors raised at the caller's line.
local t = require "testing"

t.eq(type(dml.version), "string", "dml.version")
t.raises(function() return undefined_thing end, { pattern = "runtime%.test%.lua:%d+: undefined global 'undefined_thing'" })
t.raises(function() dml.error("boom") end, { pattern = "runtime%.test%.lua:%d+: boom$" })
-- dml.error's level, as Lua's error's (helper-85: a library could not blame its caller's line)
local function library_check(x)
  if x < 0 then dml.error("x must be at least 0", 2) end
  return x
end
local function library_outer(x) local y = library_check(x) return y end  -- (no tail call: its frame stays)
t.raises_here(function() library_check(-1) end, "x must be at least 0")
t.raises(function() library_outer(-1) end, { pattern = "runtime%.test%.lua:" .. debug.getinfo(1, "l").currentline - 2 .. ": x must be at least 0$" })
t.raises(function() dml.error("no position", 0) end, { pattern = "^no position$" })
t.raises_here(function() dml.error("x", -1) end, "dml.error: level: expected 0 or more, got -1")
t.raises(function() dml.error("past the frames", 99) end, { pattern = "^past the frames$" })

-- dml.beside: a path taken from the folder of the file that calls it, "a/../" folded.
local source = debug.getinfo(1, "S").source
local this_dir = source:match("^@(.*)/[^/]*$") or "."
t.eq(dml.beside("data/x.tsv"), (this_dir .. "/data/x.tsv"):gsub("^%./", ""))
t.eq(dml.beside("a/../b.tsv"), (this_dir .. "/b.tsv"):gsub("^%./", ""))
t.eq(dml.beside("/srv/runs/../measured/ours.tsv"), "/srv/measured/ours.tsv")  -- absolute: kept
-- Called from a library's file, the library's folder, not the scenario's (a chunk named as
-- require names a file; nothing is read).
local library = assert(load('return dml.beside("../data/runs.tsv")', "@/opt/labs/ours/lib/m.lua", "t"))
t.eq(library(), "/opt/labs/ours/data/runs.tsv")
local relative = assert(load('return dml.beside("runs.tsv")', "@m.lua", "t"))
t.eq(relative(), "runs.tsv")
-- A chunk load()ed under no file's name is part of the file that runs it (with no file on the
-- stack at all, dml -e, the path is the working directory's: cli.beside_command_line).
local no_file = assert(load('return dml.beside("x/../runs.tsv")', "=(a string)", "t"))
t.eq(no_file(), (this_dir .. "/runs.tsv"):gsub("^%./", ""))
t.raises_here(function() dml.beside(3) end, "dml.beside: expected a path (a string), got a number")
t.raises_here(function() dml.beside("") end, "dml.beside: the path is empty")
t.raises_here(function() dml.beside("a\0b") end, "dml.beside: the path holds a NUL byte")
