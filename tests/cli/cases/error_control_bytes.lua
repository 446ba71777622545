-- An error whose text holds a NUL and a terminal escape: both are shown escaped, and the
-- text after the NUL is kept (with the stack under --traceback too).
local function fail() error("before\0after \27[31mred") end
fail()
