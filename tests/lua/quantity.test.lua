-- dml.q and dml.Quantity: parsing, arithmetic, comparisons, printing,
-- conversion, and the errors, each raised at this file's line.
local t = require "testing"
local q = dml.q

local raises_here = t.raises_here

-- construction
t.eq(getmetatable(q"900 GB/s").__name, "dml.Quantity", "a quantity")
t.near(q"900 GB/s":value(), 9e11)
t.near(q"400 Gb/s":value(), 5e10)
t.near(q"80 GiB":value(), 85899345920)
t.near(q"1.125 us":value(), 1.125e-6)
t.near(q"3e25 FLOP":value(), 3e25)
t.near(q"989.4 TFLOP/s":value(), 9.894e14)
t.near(q(900, "GB/s"):value(), 9e11)
t.near(q(2, "GiB"):value(), 2147483648)
t.eq(q(0.5):value(), 0.5, "q(0.5)")
t.eq(q(q"1 s") == q"1 s", true, "q(quantity)")

-- dimensions, by their Lua names
t.eq(q"900 GB/s".dimension, "bandwidth")
t.eq(q"80 GiB".dimension, "bytes")
t.eq(q"1 ms".dimension, "time")
t.eq(q"3e25 FLOP".dimension, "flop")
t.eq(q"989.4 TFLOP/s".dimension, "flop_rate")
t.eq(q"0.5".dimension, "dimensionless")
t.eq((q"1 B" * q"1 s").dimension, "B*s")
t.eq(q"1 s".nosuch, nil, "unknown field")
-- each one's base unit, the unit value() gives (a frequency's Hz, as it prints: helper-366)
t.eq(q"900 GB/s".unit, "B/s")
t.eq(q"1 ms".unit, "s")
t.eq(q"1830 MHz".unit, "Hz")
t.eq(q"1830 MHz":value(), 1.83e9)
t.eq((1 / q"1 s").unit, "Hz")
t.eq(q"0.5".unit, "")
t.eq((q"1 B" * q"1 s").unit, "B*s")

-- arithmetic: sums need equal dimensions, products and quotients combine them
t.near((q"80 GB" + q"20 GB"):value(), 100e9)
t.near((q"80 GB" - q"20 GB"):value(), 60e9)
t.near((-q"80 GB"):value(), -80e9)
t.near((q"80 GB" * 2):value(), 160e9)
t.near((2 * q"80 GB"):value(), 160e9)
t.near((q"80 GB" / 4):value(), 20e9)
local transfer = q"80 GB" / q"800 GB/s"
t.eq(transfer.dimension, "time")
t.near(transfer:value"ms", 100)
local train = q"3e25 FLOP" / q"1e18 FLOP/s"
t.eq(train.dimension, "time")
t.near(train:value"day", 3e7 / 86400)
t.near((q"900 GB/s" * q"2 s"):value"GB", 1800)
t.eq((q"900 GB/s" * q"2 s").dimension, "bytes")
t.near((1 / q"1 us"):value(), 1e6)
-- a dimensionless result is a plain number
t.eq(math.type(q"1 GB" / q"1 MB"), "float", "bytes / bytes")
t.near(q"1 GB" / q"1 MB", 1000)
t.near(q"0.5" + 1, 1.5)
t.eq(type(q"1 s" * (1 / q"1 ms")), "number", "s * 1/ms")

-- comparisons
t.eq(q"1 GB" < q"1 GiB", true, "GB < GiB")
t.eq(q"1 GiB" > q"1 GB", true, "GiB > GB")
t.eq(q"1 GB" <= q"1000 MB", true, "<=")
t.eq(q"1 GB" == q"1000 MB", true, "==")
t.eq(q"400 Gb/s" == q"50 GB/s", true, "bits are bytes / 8")
t.eq(q"1 B" == q"1 s", false, "== across dimensions")
t.eq(q"1 B" ~= q"1 s", true, "~= across dimensions")
t.eq(q"0.5" < 1, true, "dimensionless < number")
t.eq(q"1.5 h" > q"89 min", true, "h > min")

-- tostring: the largest prefix that leaves the number at least 1
t.eq(tostring(q"900 GB/s"), "900 GB/s")
t.eq(tostring(q"1830 MHz"), "1.83 GHz")
t.eq(tostring(q"800 GB/s"), "800 GB/s")
t.eq(tostring(q"80 GiB"), "85.9 GB")
t.eq(tostring(q"1.125 us"), "1.125 us")
t.eq(tostring(q"3e25 FLOP"), "3e25 FLOP")
t.eq(tostring(q"312 TFLOP/s"), "312 TFLOP/s")
t.eq(tostring(q"989.4 TFLOP/s"), "989.4 TFLOP/s")
t.eq(tostring(q"90 s"), "1.5 min")
t.eq(tostring(q"2 days"), "2 days")
t.eq(tostring(q"80 GB" / q"900 GB/s"), "88.89 ms")
t.eq(tostring(q"0.5"), "0.5")
t.eq(tostring(q"1 B" * q"1 s"), "1 B*s")
t.eq(tostring(1 / q"1 us"), "1 MHz")
t.eq("step: " .. q"250 ms", "step: 250 ms")
t.eq(q"250 ms" .. " per step", "250 ms per step")

-- conversion: q:value(unit) is a number, q:to(unit) a string
t.near(q"900 GB/s":value"GiB/s", 838.190317153930664)
t.near(q"1.5 h":value"min", 90)
t.near(q"1 ms":value"us", 1000)
t.near(q"50 GB/s":value"Gb/s", 400)
t.eq(q"900 GB/s":to"GiB/s", "838.2 GiB/s")
t.eq(q"900 GB/s":to("GiB/s", 7), "838.1903 GiB/s")
t.eq(q"900 GB/s":to" GiB/s ", "838.2 GiB/s")
t.eq(q"1.5 h":to"min", "90 min")
t.eq(q"400 Gb/s":to"GB/s", "50 GB/s")
t.eq(q"80 GiB":to"GiB", "80 GiB")

-- errors, at the line that did the arithmetic or the call
raises_here(function() return q"900 GB" + q"1 s" end, "cannot add 900 GB and 1 s (a size in bytes and a time)")
raises_here(function() return q"80 GB" - q"1 s" end, "cannot subtract 1 s from 80 GB (a time from a size in bytes)")
raises_here(function() return q"1 GB" < q"1 s" end, "cannot compare 1 GB with 1 s (a size in bytes and a time)")
raises_here(function() return q"1 GB" <= 5 end, "cannot compare 1 GB with 5 (a size in bytes and a plain number)")
raises_here(function() return q"1 GB" + 1 end, "cannot add 1 GB and 1 (a size in bytes and a plain number)")
raises_here(function() return q"1 GB" + "x" end, 'expected a quantity like "900 GB/s", got "x" ("x" is not a number)')
raises_here(function() return {} * q"1 GB" end, "quantity arithmetic (*) needs a Quantity or a number, got a table")
raises_here(function() return q"1 GB" .. {} end, "cannot concatenate a dml.Quantity and a table")
raises_here(function() return q"900 gb/s" end, 'expected a quantity like "900 GB/s", got "900 gb/s" (unknown unit "gb/s"; did you mean "GB/s" or "Gb/s"?)')
-- Spellings a planner writes (helper-89): "GB/S", "tflops", "60 d"
raises_here(function() return q"400 GB/S" end, 'expected a quantity like "900 GB/s", got "400 GB/S" (unknown unit "GB/S"; did you mean "GB/s"?)')
raises_here(function() return q"1e3 tflops" end, 'expected a quantity like "900 GB/s", got "1e3 tflops" (unknown unit "tflops"; did you mean "TFLOP/s" or "TFLOP"?)')
raises_here(function() return q"60 d" end, 'expected a quantity like "900 GB/s", got "60 d" (unknown unit "d"; did you mean "days"?)')
raises_here(function() return q"900GB/s" end, 'expected a quantity like "900 GB/s", got "900GB/s" (a space must separate the number and the unit)')
raises_here(function() return q"70B" end, 'expected a quantity like "900 GB/s", got "70B" (a space must separate the number and the unit)')
-- a finite quantity never overflows into the infinite network, in arithmetic or conversion
local inf_note = ' is out of range (the one infinite value is an infinitely fast network, given as dml.q(math.huge, "B/s"))'
raises_here(function() return q"1e300 B/s" * 1e10 end, "quantity arithmetic: 1e300 B/s * 1e10" .. inf_note)
raises_here(function() return q"1 GB" / q"0 s" end, "quantity arithmetic: 1 GB / 0 s" .. inf_note)
t.eq(tostring(q(math.huge, "B/s") * 2), "inf B/s", "an infinite network stays one")
-- and its text reads back, where a field takes one; no other infinity does
t.eq(q"inf GB/s" == q(math.huge, "B/s"), true, '"inf GB/s" reads back')
t.eq(tostring(dml.level { bandwidth = tostring(q(math.huge, "B/s")), latency = "1 us" }.bandwidth), "inf B/s")
raises_here(function() return q"inf s" end,
  'expected a quantity like "900 GB/s", got "inf s" (the number must be finite; only a bandwidth may be infinite, "inf B/s")')
raises_here(function() return dml.level { bandwidth = "1 GB/s", latency = "inf s" } end,
  'level.latency: expected a time like "1.125 us", got "inf s" (the number must be finite; only a bandwidth may be infinite, "inf B/s")')
-- in lower case, which the message says for another spelling (helper-346: "Inf Gb/s" was told
-- only that the number must be finite)
raises_here(function() return dml.level { link = "Inf Gb/s", latency = "1 us" } end,
  'level.link: expected a bandwidth like "900 GB/s", got "Inf Gb/s" (the number must be finite; only a bandwidth may be infinite, written "inf" ("inf B/s"))')
-- a number whose prefix brings it into range reads (helper-348: "1e-330 TB", 1e-318 B, was out of
-- range where "1e-318 B" was not), as does one past a double before its prefix; in base units, out
-- of range is refused
t.eq(q"1e-330 TB" == q"1e-318 B", true, "1e-330 TB")
t.eq(q"1e309 ns" == q"1e300 s", true, "1e309 ns")
raises_here(function() return q"1e-330" end, 'expected a quantity like "900 GB/s", got "1e-330" (the value is out of range)')
raises_here(function() return q"1e-400 s" end, 'expected a quantity like "900 GB/s", got "1e-400 s" (the value is out of range)')
raises_here(function() return q"1e308 s":value"ns" end, "cannot convert 1.157e303 days to ns: the number is out of range")
raises_here(function() return q"1.7e308 B":to"b" end, "cannot convert 1.7e308 B to b: the number is out of range")
raises_here(function() return dml.level { link = "1e308 B/s", latency = "1 us" } end,
  'level.link: 1e308 B/s in each direction is out of range (2 x link, the bandwidth, is past 1.8e308 B/s); an infinitely fast network is dml.q(math.huge, "B/s")')
-- a control byte in the text is escaped in the message, so a NUL does not cut it short
raises_here(function() return q"900 GB/s\0junk" end, 'expected a quantity like "900 GB/s", got "900 GB/s\\x00junk" (unknown unit "GB/s\\x00junk")')
raises_here(function() return q(1, "G\0B") end, 'expected a unit like "GiB/s", got "G\\x00B"')
raises_here(function() return q(true) end, 'dml.q: expected a string like "900 GB/s", a number or a Quantity, got a boolean')
raises_here(function() return q("900", "GB/s") end, 'dml.q: a unit as second argument goes with a number, as in dml.q(900, "GB/s"); got a string')
raises_here(function() return q(900, "gb/s") end, 'expected a unit like "GiB/s", got "gb/s" (did you mean "GB/s" or "Gb/s"?)')
raises_here(function() return q"80 GB":value"s" end, "cannot convert 80 GB to s (a size in bytes is not a time)")
raises_here(function() return q"80 GB":to"GB/s" end, "cannot convert 80 GB to GB/s (a size in bytes is not a bandwidth)")
raises_here(function() return q"80 GB":value"gb" end, 'expected a unit like "GiB/s", got "gb" (did you mean "GB" or "Gb"?)')
raises_here(function() return q"80 GB":to() end, 'to: expected a unit string like "GiB/s", got nil')
raises_here(function() return q"80 GB":to("GB", 0) end, "to: significant digits must be an integer from 1 to 17, got 0")
raises_here(function() return q"80 GB":to("GB", 2.5) end, "to: significant digits must be an integer from 1 to 17, got 2.5")
raises_here(function() return q"80 GB".value("s") end, "value: call it as a method, q:value(...), on a Quantity (got a string)")

-- a declaration's dimensional field takes a string, a quantity of its dimension, or (when it
-- has none) a bare number
t.near(dml.level { bandwidth = "3.35 TB/s", latency = "1 us" }.bandwidth:value(), 3.35e12)
t.near(dml.gpu(require("dml.presets.gpus").h100_sxm, { hbm_capacity = q"80 GiB" }).hbm_capacity:value"GiB", 80)
raises_here(function() return dml.level { bandwidth = 900, latency = "1 us" } end, 'level.bandwidth: expected a bandwidth like "900 GB/s", got the bare number 900 (write it with a unit)')
raises_here(function() return dml.level { bandwidth = "1 GB/s", latency = 1.5 } end, 'level.latency: expected a time like "1.125 us", got the bare number 1.5 (write it with a unit)')
raises_here(function() return dml.level { bandwidth = "900 GB", latency = "1 us" } end, 'level.bandwidth: expected a bandwidth like "900 GB/s", got "900 GB"')
raises_here(function() return dml.level { bandwidth = "80 gib/s", latency = "1 us" } end, 'level.bandwidth: expected a bandwidth like "900 GB/s", got "80 gib/s" (unknown unit "gib/s"; did you mean "GiB/s"?)')
raises_here(function() return dml.level { bandwidth = q"1 s", latency = "1 us" } end, 'level.bandwidth: expected a bandwidth like "900 GB/s", got 1 s')
raises_here(function() return dml.level { bandwidth = {}, latency = "1 us" } end, 'level.bandwidth: expected a bandwidth like "900 GB/s", got a table')

-- called from stdlib code, the error still names the scenario's line (the
-- parentheses stop a tail call, which would remove this line's frame)
local stdlib_like = load([[
  return function(value) return dml.level { bandwidth = value, latency = "1 us" } end
]], "=stdlib/fake_library.lua")()
raises_here(function() return (stdlib_like("100 Gb")) end, 'level.bandwidth: expected a bandwidth like "900 GB/s", got "100 Gb"')
t.near(stdlib_like("100 Gb/s").bandwidth:value(), 12.5e9)

-- dml.core is the stdlib's own: a scenario cannot require it
t.raises(function() require "dml.core" end, { pattern = "module 'dml.core' not found" })

-- Text with a unit does arithmetic as its quantity (a preset's fields are text); numbers as
-- text stay Lua's, and other text is Lua's error at the user's line.
do
  local h100 = require("dml.presets.gpus").h100_sxm
  t.eq(type(h100.hbm_bandwidth), "string", "a preset's field is text")
  t.eq(tostring(h100.hbm_bandwidth * 2), "6.704 TB/s")
  t.eq(tostring(2 * h100.hbm_bandwidth), "6.704 TB/s")
  t.eq(h100.hbm_bandwidth / dml.q"1 GB/s", 3352.0)
  t.eq(tostring("1 TB/s" + "500 GB/s"), "1.5 TB/s")
  t.eq(tostring(-"2 us"), "-2 us")
  t.eq(dml.gpu(h100, { hbm_bandwidth = h100.hbm_bandwidth * 2 }).hbm_bandwidth, dml.q"6704 GB/s", "declares")
  t.eq("10" * 2, 20, "a number as text is Lua's")
  t.eq("3" + "4", 7)
  t.eq(tostring("1 GB" * "2"), "2 GB", "a number as text beside unit text")
  t.eq(tostring("2" * "1 GB"), "2 GB")
  t.eq(tostring("5" * dml.q"1 GB"), "5 GB", "a quantity's own arithmetic reads text too")
  t.eq(dml.q"3352 GB/s" > "900 GB/s", true, "and so does its comparison")
  t.eq("5 GB" * setmetatable({}, { __mul = function() return "theirs" end }), "theirs",
    "another operand's metamethod is its own")
  t.raises_here(function() return "3 GB" % 2 end, "attempt to mod a 'string' with a 'number'")
  t.raises_here(function() return "1 flop/s" * 2 end,
    'expected a quantity like "900 GB/s", got "1 flop/s" (unknown unit "flop/s"; did you mean "FLOP/s"?)')
  t.raises_here(function() return "abc" * 2 end, "attempt to mul a 'string' with a 'number'")
  t.raises_here(function() return "1 GB" + "1 s" end, "cannot add 1 GB and 1 s (a size in bytes and a time)")
end
