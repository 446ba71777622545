-- A scenario library that tries to stand in for dml's own presets.
return { h100_sxm = { name = "my H100" } }
