-- A number times a unit that leaves the range of doubles is refused, as "1e300 EB" is.
local size = dml.q(1e300, "EB")
