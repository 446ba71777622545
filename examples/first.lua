-- A first scenario: how long does one all-reduce of a 70B-parameter model's
-- 16-bit gradients take over 8 GPUs joined by NVLink?
local params = 70e9
local grads = params * dml.q"2 B"                 -- 140 GB
local nvlink = dml.level { name = "nvlink", size = 8, bandwidth = "900 GB/s", latency = "1.125 us" }
-- a ring all-reduce sends 2 (p-1)/p of the data over each GPU's links, both directions at once:
-- each byte goes out at the link's rate in one direction (nvlink.link, half of the bandwidth)
local time = 2 * (8 - 1) / 8 * grads / nvlink.link
print("gradient all-reduce: " .. tostring(time))
