-- A level cannot hold a negative number of GPUs.
local nvlink = dml.level { name = "nvlink", size = -8, bandwidth = "900 GB/s", latency = "1.125 us" }
