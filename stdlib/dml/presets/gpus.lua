--- dml.presets.gpus: GPU presets, as data. Each entry is a table of a GPU's
--- fields (see `dml --doc gpu`) with the source of every number in `sources`.
--- Use one as it is (`dml.cluster{ gpu = gpus.h100_sxm, ... }`) or copy and
--- change it: `dml.gpu(gpus.h100_sxm, { hbm_bandwidth = "4.8 TB/s" })`.
---
--- "paper" below is Erdil & Schneider-Joseph (2024), arXiv 2411.01137, whose
--- values are those of the authors' code (gpu/gpu_model.py; docs/model.md 3.1).
local M = {}

local paper = "Erdil & Schneider-Joseph (2024), arXiv 2411.01137, authors' gpu_model.py (docs/model.md 3.1)"

M.v100_sxm = {
  name = "V100 SXM",
  flop_per_clock_per_thread = { fp16 = 8, fp32 = 2 },
  sms = 80, clock = "1533 MHz", effective_utilization = 0.90,
  hbm_bandwidth = "900 GB/s", hbm_capacity = "32 GB",
  l2_bandwidth = "2.155 TB/s", l2_size = "6 MiB", register_file = "64 KiB",
  dsmem = false, matmul_latency = "4.5 us", tensor_core_granule = 8,
  sources = {
    flop_per_clock_per_thread = paper .. "; 125.6 TFLOP/s dense fp16 = 8 x 128 threads x 80 SMs x 1533 MHz (NVIDIA V100 datasheet)",
    sms = paper, clock = paper, effective_utilization = paper, hbm_bandwidth = paper,
    hbm_capacity = paper, l2_bandwidth = paper, l2_size = paper, register_file = paper,
    dsmem = paper, matmul_latency = paper, tensor_core_granule = paper,
  },
}

M.a100_sxm = {
  name = "A100 SXM",
  flop_per_clock_per_thread = { fp16 = 16, fp32 = 2 },
  sms = 108, clock = "1410 MHz", effective_utilization = 0.85,
  hbm_bandwidth = "1555 GB/s", hbm_capacity = "40 GB",
  l2_bandwidth = "5.603 TB/s", l2_size = "40 MiB", register_file = "64 KiB",
  dsmem = false, matmul_latency = "4.5 us", tensor_core_granule = 8,
  sources = {
    flop_per_clock_per_thread = paper .. "; 311.9 TFLOP/s dense fp16 (NVIDIA A100 datasheet: 312)",
    sms = paper, clock = paper, effective_utilization = paper, hbm_bandwidth = paper,
    hbm_capacity = paper, l2_bandwidth = paper, l2_size = paper, register_file = paper,
    dsmem = paper, matmul_latency = paper, tensor_core_granule = paper,
  },
}

M.h100_sxm = {
  name = "H100 SXM",
  flop_per_clock_per_thread = { fp16 = 32, fp32 = 2, fp8 = 64 },
  sms = 132, clock = "1830 MHz", effective_utilization = 0.70,
  hbm_bandwidth = "3352 GB/s", hbm_capacity = "80 GB",
  l2_bandwidth = "6.441 TB/s", l2_size = "50 MiB", register_file = "64 KiB",
  dsmem = true, matmul_latency = "4.5 us", tensor_core_granule = 8,
  sources = {
    flop_per_clock_per_thread = paper .. "; 989.4 TFLOP/s dense fp16 (NVIDIA H100 datasheet)",
    sms = paper, clock = paper, effective_utilization = paper, hbm_bandwidth = paper,
    hbm_capacity = paper, l2_bandwidth = paper, l2_size = paper, register_file = paper,
    dsmem = paper, matmul_latency = paper, tensor_core_granule = paper,
  },
}

-- The paper's "10x lower latency" H100 (docs/model.md 3.2): only the matmul latency
-- changes here; the network's lower latencies are levels (dml.presets.networks).
local function copy(t)
  local c = {}
  for k, v in pairs(t) do c[k] = type(v) == "table" and copy(v) or v end
  return c
end
M.h100_sxm_low_latency = copy(M.h100_sxm)
M.h100_sxm_low_latency.name = "H100 SXM Low Latency"
M.h100_sxm_low_latency.matmul_latency = "0.45 us"
M.h100_sxm_low_latency.sources.matmul_latency = paper .. " ('Low Latency' variant, docs/model.md 3.2)"

local h200 = "NVIDIA H200 datasheet (141 GB HBM3e, 4.8 TB/s); same GH100 compute as the H100 SXM"
M.h200_sxm = {
  name = "H200 SXM",
  flop_per_clock_per_thread = { fp16 = 32, fp32 = 2, fp8 = 64 },
  sms = 132, clock = "1830 MHz", effective_utilization = 0.70,
  hbm_bandwidth = "4.8 TB/s", hbm_capacity = "141 GB",
  l2_bandwidth = "6.441 TB/s", l2_size = "50 MiB", register_file = "64 KiB",
  dsmem = true, matmul_latency = "4.5 us", tensor_core_granule = 8,
  sources = {
    flop_per_clock_per_thread = h200 .. "; 989.4 TFLOP/s dense fp16",
    sms = h200, clock = h200,
    effective_utilization = "assumed equal to the paper's H100 value",
    hbm_bandwidth = h200, hbm_capacity = h200,
    l2_bandwidth = "assumed equal to the paper's H100 value (same die)",
    l2_size = h200, register_file = h200, dsmem = h200,
    matmul_latency = "assumed equal to the paper's H100 value", tensor_core_granule = paper,
  },
}

local b200 = "NVIDIA HGX B200 datasheet (1000 W): 2.25 PFLOP/s dense fp16/bf16, 180 GB HBM3e at 8 TB/s per GPU"
M.b200 = {
  name = "B200",
  flop_per_clock_per_thread = { fp16 = 64, fp32 = 2, fp8 = 128 },
  sms = 148, clock = "1856 MHz", effective_utilization = 0.70,
  hbm_bandwidth = "8 TB/s", hbm_capacity = "180 GB",
  l2_bandwidth = "7.3 TB/s", l2_size = "126 MB", register_file = "64 KiB",
  dsmem = true, matmul_latency = "4.5 us", tensor_core_granule = 8,
  sources = {
    flop_per_clock_per_thread = b200 .. "; 64 per thread (twice Hopper's) with 148 SMs",
    sms = "148 SMs (74 per die), as measured by Chips and Cheese, 'Nvidia's B200'",
    clock = "derived: 2.25 PFLOP/s / (148 SMs x 128 threads x 64 FLOP per clock) = 1856 MHz",
    effective_utilization = "assumed equal to the paper's H100 value",
    hbm_bandwidth = b200, hbm_capacity = b200,
    l2_bandwidth = "estimate: the paper's H100 value scaled by SMs x clock (148 x 1856 / (132 x 1830))",
    l2_size = "126 MB, as reported for Blackwell B200 (not in NVIDIA's datasheet)",
    register_file = "64 KiB per processing block, as in Hopper (NVIDIA CUDA programming guide)",
    dsmem = "thread block clusters with distributed shared memory, as in Hopper",
    matmul_latency = "assumed equal to the paper's H100 value", tensor_core_granule = paper,
  },
}

return M
