-- An infinite time is refused, as the text "inf s" is: only a bandwidth may be infinite.
local t = dml.q(math.huge, "s")
