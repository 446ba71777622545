--- dml.presets.gpus: GPU presets, as data. Each entry is a table of a GPU's
--- fields (see `dml --doc gpu`) with the source of every number in `sources`.
--- Use one as it is (`dml.cluster{ gpu = gpus.h100_sxm, ... }`) or copy and
--- change it: `dml.gpu(gpus.h100_sxm, { hbm_bandwidth = "4.8 TB/s" })`.
---
--- "paper" below is Erdil & Schneider-Joseph (2024), arXiv 2411.01137, whose
--- values are those of the authors' code (gpu/gpu_model.py; docs/model.md 3.1).
local core = select(2, ...)  -- dml.core: the stdlib's loader data, private to it
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

-- Efficiencies of the realistic model (dml --doc efficiency): what each GPU reaches in real
-- training kernels. Every value's source says how it was obtained: "fit" values were fitted on
-- the named rows of the public measured runs (tests/validation/measured/public.tsv) by the
-- prototype of the realistic model (docs/calibration.md, "How the shipped presets were
-- calibrated"), one set per GPU, never per run; "measured" cites a published measurement;
-- "estimate" has no measured run behind it; "none" is a neutral value where the feature does
-- not exist. dml.calibrate refits any of them on other runs.
local proto = "fit (the realistic model's prototype, docs/calibration.md): weighted least squares of log step time on "
local a100_rows = "the dense A100 rows of tests/validation/measured/public.tsv, N21-T1 (weight 3), N21-T2 (2), MS-T2 and MS-T3 (1)"
local h100_rows = "the dense H100 rows of tests/validation/measured/public.tsv, MLM-H100-weak (weight 0.25), MLM-llama-fp8, NeMo2407, MBridge, MPT and the torchtitan TT-* rows (1)"
local fit_a100 = proto .. a100_rows
local fit_h100 = proto .. h100_rows
local fit_shared = proto .. "every dense tier A, A- and B row of tests/validation/measured/public.tsv, one value for every GPU"

local function efficiency(values, notes)
  values.sources = notes
  return values
end

M.a100_sxm.efficiency = efficiency(
  { gemm = 0.735, gemm_half_dim = 93, attention = 0.35, flash3_gain = 1, fp8_gain = 1,
    hbm = 0.83, nvlink = 0.754, network = 0.95, workspace = "3 GiB" },
  { gemm = fit_a100, gemm_half_dim = fit_shared,
    attention = fit_a100 .. "; only MS-T2 runs the fused kernel; at its lower bound",
    flash3_gain = "none: no FlashAttention-3 on Ampere", fp8_gain = "none: no FP8 on Ampere", hbm = fit_shared,
    nvlink = fit_a100, network = fit_a100 .. "; at its upper bound",
    workspace = "estimate: framework, NCCL buffers and fragmentation, 1-3 GiB in practice" })

M.a100_sxm_80gb = copy(M.a100_sxm)
M.a100_sxm_80gb.name = "A100 SXM 80GB"
M.a100_sxm_80gb.hbm_bandwidth = "2039 GB/s"
M.a100_sxm_80gb.hbm_capacity = "80 GB"
M.a100_sxm_80gb.sources.hbm_bandwidth = "NVIDIA A100 datasheet: 80 GB HBM2e, 2,039 GB/s (SXM)"
M.a100_sxm_80gb.sources.hbm_capacity = M.a100_sxm_80gb.sources.hbm_bandwidth

local h100_eff = efficiency(
  { gemm = 0.646, gemm_half_dim = 93, attention = 0.283, flash3_gain = 1.6, fp8_gain = 1.82,
    hbm = 0.83, nvlink = 0.683, network = 0.95, workspace = "3 GiB" },
  { gemm = fit_h100, gemm_half_dim = fit_shared, attention = fit_h100 .. " (FlashAttention-2 forward)",
    flash3_gain = "measured: Shah et al. 2024 (FlashAttention-3): 1.5-2.0x over FlashAttention-2 on H100",
    fp8_gain = fit_h100 .. "; the FP8 rows decide it", hbm = fit_shared, nvlink = fit_h100,
    network = fit_h100 .. "; at its upper bound",
    workspace = "estimate: framework, NCCL buffers and fragmentation, 1-3 GiB in practice" })
M.h100_sxm.efficiency = h100_eff

-- The H100 SXM's efficiencies for a GPU with the same GH100 die, every source saying so.
local function same_die_eff(what)
  local e = copy(h100_eff)
  for k, v in pairs(e.sources) do e.sources[k] = "the H100 SXM's value (" .. what .. "): " .. v end
  return e
end
M.h100_sxm_low_latency.efficiency = same_die_eff("the same GPU")
M.h200_sxm.efficiency = same_die_eff("the same GH100 die")

M.h800_sxm = copy(M.h100_sxm)
M.h800_sxm.name = "H800 SXM"
M.h800_sxm.efficiency = same_die_eff("the same GH100 die")
M.h800_sxm.sources.name = "NVIDIA H800 SXM: the H100 SXM die with NVLink cut to 400 GB/s (use dml.presets.networks.nvlink_h800)"

local pcie = "NVIDIA H100 PCIe datasheet: 756 TFLOP/s dense bf16, 114 SMs, 80 GB HBM2e at 2.0 TB/s"
M.h100_pcie = copy(M.h100_sxm)
M.h100_pcie.name = "H100 PCIe"
M.h100_pcie.sms = 114
M.h100_pcie.clock = "1620 MHz"
M.h100_pcie.hbm_bandwidth = "2 TB/s"
M.h100_pcie.sources.sms = pcie
M.h100_pcie.sources.clock = "derived: 756 TFLOP/s / (114 SMs x 128 threads x 32 FLOP per clock) = 1620 MHz"
M.h100_pcie.sources.hbm_bandwidth = pcie
M.h100_pcie.efficiency = same_die_eff("the same GH100 die")

-- Meta's Grand Teton H100 (the torchtitan benchmarks' GPU): the SXM die with 96 GB of HBM2e and a
-- 500 W power limit. Its team states the memory and says its peak lies "between SXM and NVL"
-- without knowing the value; the midpoint is this preset's estimate.
local titan = "torchtitan benchmarks/llama3_h100_202412_torchtitan.md: 96 GB HBM2e, 2.4 TB/s, 500 W power limit, peak 'between SXM and NVL'"
M.h100_sxm_hbm2e_500w = copy(M.h100_sxm)
M.h100_sxm_hbm2e_500w.name = "H100 SXM 96GB HBM2e 500 W"
M.h100_sxm_hbm2e_500w.clock = "1687 MHz"
M.h100_sxm_hbm2e_500w.hbm_bandwidth = "2.4 TB/s"
M.h100_sxm_hbm2e_500w.hbm_capacity = "96 GB"
M.h100_sxm_hbm2e_500w.sources.name = titan
M.h100_sxm_hbm2e_500w.sources.clock = "estimate: the midpoint of the SXM's 989.4 and the H100 NVL's 835.5 TFLOP/s dense bf16 (NVIDIA datasheets), 912.4 TFLOP/s, as a sustained clock: 912.4e12 / (132 SMs x 128 x 32) = 1687 MHz (" .. titan .. ")"
M.h100_sxm_hbm2e_500w.sources.hbm_bandwidth = titan
M.h100_sxm_hbm2e_500w.sources.hbm_capacity = titan
M.h100_sxm_hbm2e_500w.efficiency = same_die_eff("the same GH100 die at 500 W; the prototype fitted the TT-* rows with the H100 values on a derated peak")

local gb200 = "NVIDIA GB200 NVL72 datasheet: per GPU 2.5 PFLOP/s dense fp16/bf16, 186 GB HBM3e at 8 TB/s"
M.gb200 = copy(M.b200)
M.gb200.name = "GB200"
M.gb200.clock = "2062 MHz"
M.gb200.hbm_capacity = "186 GB"
M.gb200.sources.clock = "derived: 2.5 PFLOP/s / (148 SMs x 128 threads x 64 FLOP per clock) = 2062 MHz"
M.gb200.sources.hbm_capacity = gb200
M.gb200.sources.hbm_bandwidth = gb200

-- The H100's values, every source replaced by `note` (for GPUs no measured run calibrates yet).
local function estimate_eff(note)
  local e = copy(h100_eff)
  for k in pairs(e.sources) do e.sources[k] = note end
  return e
end
M.b200.efficiency = estimate_eff("estimate: the H100 values; no measured B200 run calibrates it yet")
M.gb200.efficiency = estimate_eff("estimate: the H100 values; no measured GB200 run calibrates it yet")
M.v100_sxm.efficiency = copy(M.a100_sxm.efficiency)
for k in pairs(M.v100_sxm.efficiency.sources) do
  M.v100_sxm.efficiency.sources[k] = "estimate: the A100 values; no measured V100 run calibrates it yet"
end

local mi300x = "AMD Instinct MI300X datasheet: 1307.4 TFLOP/s dense fp16/bf16, 304 CUs at 2100 MHz, 192 GB HBM3 at 5.3 TB/s, 256 MB Infinity Cache"

-- Power (dml --doc power; docs/model.md 8.13): board power computing (the power limit), waiting
-- on exposed communication, and idle. Waiting is an estimate: idle + 0.8 x (limit - idle), the
-- share that, with dml's step times, makes per-GPU power fall about 6% while per-GPU throughput
-- falls about 37% from 128 to 2,048 H100s, as Fernandez et al. (2024, arXiv 2411.13055) report
-- (docs/studies.md). Idle figures are public nvidia-smi readings of idle boards.
local waiting_note = "estimate: idle + 0.8 x (busy - idle); consistent with Fernandez et al. 2024 (power -6% at throughput -37%, 128 -> 2,048 H100s; docs/studies.md)"
local function power(busy, idle, busy_src, idle_src)
  return { busy_watts = busy, idle_watts = idle, waiting_watts = idle + 0.8 * (busy - idle),
    sources = { busy_watts = busy_src, idle_watts = idle_src, waiting_watts = waiting_note } }
end
M.v100_sxm.power = power(300, 40, "NVIDIA V100 SXM2 datasheet: 300 W", "public nvidia-smi readings of idle V100-SXM2 boards: 23-41 W")
M.a100_sxm.power = power(400, 60, "NVIDIA A100 SXM4 datasheet: 400 W", "public nvidia-smi readings of idle A100-SXM4 boards: 60-68 W")
M.a100_sxm_80gb.power = copy(M.a100_sxm.power)
M.h100_sxm.power = power(700, 70, "NVIDIA H100 SXM5 datasheet: 700 W", "public nvidia-smi readings of idle H100 80GB HBM3 boards: 67-71 W")
M.h100_sxm_low_latency.power = copy(M.h100_sxm.power)
M.h800_sxm.power = copy(M.h100_sxm.power)
M.h200_sxm.power = power(700, 75, "NVIDIA H200 SXM datasheet: up to 700 W", "public nvidia-smi readings of idle H200 boards: 73-76 W")
M.h100_pcie.power = power(350, 50, "NVIDIA H100 PCIe product brief: 350 W", "estimate: the SXM board's idle scaled to a 350 W limit")
M.h100_sxm_hbm2e_500w.power = power(500, 70, titan, "estimate: the 700 W H100's idle")
M.b200.power = power(1000, 100, "NVIDIA HGX B200: up to 1,000 W per GPU (secondary sources citing NVIDIA)", "estimate: 10% of the limit, as the H100's")
M.gb200.power = power(1200, 120, "NVIDIA GB200 NVL72: up to 1,200 W per Blackwell GPU (secondary sources)", "estimate: 10% of the limit, as the H100's")

M.mi300x = {
  name = "MI300X",
  flop_per_clock_per_thread = { fp16 = 16, fp32 = 1, fp8 = 32 },
  sms = 304, clock = "2100 MHz", effective_utilization = 0.70,
  hbm_bandwidth = "5.3 TB/s", hbm_capacity = "192 GB",
  l2_bandwidth = "14.7 TB/s", l2_size = "256 MB", register_file = "64 KiB",
  dsmem = false, matmul_latency = "4.5 us", tensor_core_granule = 16,
  efficiency = efficiency(
    { gemm = 0.50, gemm_half_dim = 93, attention = 0.25, flash3_gain = 1, fp8_gain = 1.6,
      hbm = 0.80, nvlink = 0.60, network = 0.90, workspace = "3 GiB" },
    { gemm = "estimate: about half of peak in published bf16 GEMM sweeps; no measured run calibrates it",
      gemm_half_dim = "estimate: the H100 value", attention = "estimate", flash3_gain = "none: no FlashAttention-3 kernel",
      fp8_gain = "estimate", hbm = "estimate", nvlink = "estimate: Infinity Fabric collectives",
      network = "estimate", workspace = "estimate" }),
  sources = {
    flop_per_clock_per_thread = mi300x .. "; 16 per thread with 304 CUs counted as SMs of 128 threads",
    sms = mi300x .. " (compute units, counted as SMs)", clock = mi300x,
    effective_utilization = "assumed equal to the paper's H100 value",
    hbm_bandwidth = mi300x, hbm_capacity = mi300x,
    l2_bandwidth = "estimate: AMD's 17 TB/s peak Infinity Cache bandwidth less about 15%",
    l2_size = mi300x .. " (Infinity Cache as the last-level cache)",
    register_file = "estimate: 512 KiB of VGPRs per CU over 4 SIMDs is 128 KiB; the paper's 64 KiB kept",
    dsmem = "no distributed shared memory", matmul_latency = "assumed equal to the paper's H100 value",
    tensor_core_granule = "estimate: MFMA tiles of 16",
  },
}

M.mi300x.power = power(750, 90, "AMD Instinct MI300X datasheet: 750 W", "estimate: about 12% of the limit")

-- Strict: reading a preset that does not exist is an error with did-you-mean (pairs lists them).
return core.strict(core.strict_records(M, "dml.presets.gpus", "gpu"), "dml.presets.gpus", "preset")
