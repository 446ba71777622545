-- A misspelt field in a declaration.
local nvlink = dml.level { name = "nvlink", size = 8, bandwith = "900 GB/s", latency = "1.125 us" }
