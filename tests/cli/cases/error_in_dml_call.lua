-- Adding a time to a size: the error is raised inside dml.q's arithmetic but
-- points at this line.
local hbm = dml.q"80 GB"
local total = hbm + dml.q"1.125 us"
