-- dml.q of a 1 MB text quotes a bounded excerpt of it, once.
local q = dml.q(string.rep("x", 1000000))
