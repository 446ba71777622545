--- dml.presets.gpus: GPU presets, as data. Each entry is a table of a GPU's
--- fields (see `dml --doc gpu`) with the source of every number in `sources`.
--- Use one as it is (`dml.cluster{ gpu = gpus.h100_sxm, ... }`) or copy and
--- change it: `dml.gpu(gpus.h100_sxm, { hbm_bandwidth = "4.8 TB/s" })`.
---
--- "paper" below is Erdil & Schneider-Joseph (2024), arXiv 2411.01137, whose
--- values are those of the authors' code (gpu/gpu_model.py; docs/model.md 3.1).
--- The V100, A100 and H100 SXM presets are the paper's own, value for value: the
--- validation (tests/validation) reproduces the paper's published points with
--- them bit for bit, so they never change. Every other value cites a datasheet,
--- a whitepaper or a measurement; a value no public source gives says
--- "estimate:" and how it was reached. Each field of the paper's matmul model
--- (docs/model.md 3.3) is set on purpose for every GPU, so that a preset gives a
--- sensible answer as it is.
local _, core = ...  -- dml.core, from the loader (no global lookup: a script may replace select)
local M = {}

local paper = "Erdil & Schneider-Joseph (2024), arXiv 2411.01137, authors' gpu_model.py (docs/model.md 3.1)"

M.v100_sxm = {
  name = "V100 SXM",
  flop_per_clock_per_thread = { fp16 = 8, fp32 = 1 },
  sms = 80, clock = "1533 MHz", effective_utilization = 0.90,
  hbm_bandwidth = "900 GB/s", hbm_capacity = "32 GB",
  l2_bandwidth = "2.155 TB/s", l2_size = "6 MiB", register_file = "64 KiB",
  dsmem = false, matmul_latency = "4.5 us", tensor_core_granule = 8,
  sources = {
    flop_per_clock_per_thread = paper .. "; 125.6 TFLOP/s dense fp16 = 8 x 128 threads x 80 SMs x 1533 MHz (NVIDIA V100 datasheet: 125); fp32 1 (64 FP32 cores per SM: 15.7 TFLOP/s)",
    sms = paper, clock = paper, effective_utilization = paper, hbm_bandwidth = paper,
    hbm_capacity = paper, l2_bandwidth = paper, l2_size = paper, register_file = paper,
    dsmem = paper, matmul_latency = paper, tensor_core_granule = paper,
    shared_memory_bandwidth = paper .. " (unset: 32 banks x 4 B per SM and cycle at the effective clock)",
  },
}

M.a100_sxm = {
  name = "A100 SXM",
  flop_per_clock_per_thread = { fp16 = 16, fp32 = 1 },
  sms = 108, clock = "1410 MHz", effective_utilization = 0.85,
  hbm_bandwidth = "1555 GB/s", hbm_capacity = "40 GB",
  l2_bandwidth = "5.603 TB/s", l2_size = "40 MiB", register_file = "64 KiB",
  dsmem = false, matmul_latency = "4.5 us", tensor_core_granule = 8,
  sources = {
    flop_per_clock_per_thread = paper .. "; 311.9 TFLOP/s dense fp16 (NVIDIA A100 datasheet: 312); fp32 1 (64 FP32 cores per SM: 19.5 TFLOP/s); no fp8 (the paper's code gives 32, A100's INT8 rate; Ampere has no FP8)",
    sms = paper, clock = paper, effective_utilization = paper, hbm_bandwidth = paper,
    hbm_capacity = paper, l2_bandwidth = paper .. " (measured by Chips and Cheese)", l2_size = paper,
    register_file = paper, dsmem = paper, matmul_latency = paper, tensor_core_granule = paper,
    shared_memory_bandwidth = paper .. " (unset: 32 banks x 4 B per SM and cycle at the effective clock)",
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
    hbm_capacity = paper, l2_size = paper, register_file = paper,
    l2_bandwidth = paper .. " (the H100 PCIe's 5,563 GB/s measured by Chips and Cheese, scaled by SMs, 132/114; the authors' comment: 'not sure it's right but doesn't matter much due to DSMEM')",
    dsmem = paper, matmul_latency = paper, tensor_core_granule = paper,
    shared_memory_bandwidth = paper .. " (unset: 32 banks x 4 B per SM and cycle at the effective clock)",
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

local h200 = "NVIDIA H200 datasheet (141 GB HBM3e, 4.8 TB/s, 989 TFLOP/s dense fp16); the GH100 die of the H100 SXM"
local same_h100 = "the paper's H100 SXM value (the same GH100 die): "
M.h200_sxm = {
  name = "H200 SXM",
  flop_per_clock_per_thread = { fp16 = 32, fp32 = 2, fp8 = 64 },
  sms = 132, clock = "1830 MHz", effective_utilization = 0.70,
  hbm_bandwidth = "4.8 TB/s", hbm_capacity = "141 GB",
  l2_bandwidth = "6.441 TB/s", l2_size = "50 MiB", register_file = "64 KiB",
  dsmem = true, matmul_latency = "4.5 us", tensor_core_granule = 8,
  sources = {
    flop_per_clock_per_thread = h200 .. "; 989.4 TFLOP/s dense fp16 at 1830 MHz, as the paper's H100",
    sms = same_h100 .. paper, clock = same_h100 .. paper,
    effective_utilization = "estimate: " .. same_h100 .. paper,
    hbm_bandwidth = h200, hbm_capacity = h200,
    l2_bandwidth = "estimate: " .. same_h100 .. paper,
    l2_size = same_h100 .. paper, register_file = same_h100 .. paper, dsmem = same_h100 .. paper,
    matmul_latency = "estimate: " .. same_h100 .. paper, tensor_core_granule = paper,
    shared_memory_bandwidth = same_h100 .. paper .. " (unset: 32 banks x 4 B per SM and cycle at the effective clock)",
  },
}

-- Blackwell B200 (HGX B200, 1,000 W). Its peak is NVIDIA's; what the paper's matmul model needs
-- besides (docs/model.md 3.3) comes from NVIDIA's Blackwell tuning guide, the CUDA device query
-- of a B200, or is an estimate that says so.
--
-- Shared memory is the one that matters. The paper's model sets it to 32 banks x 4 B per SM and
-- cycle, which fed Hopper's 4,096 dense 16-bit FLOP per SM and cycle; Blackwell doubles the
-- tensor-core rate per SM (8,192) and, left at 128 B, every large matmul would be bound by
-- shared memory at 0.43 of the peak (0.70 on the H100), so that a B200 trained worse per GPU
-- than an H100 on the paper's runs, against every published comparison (NVIDIA, MLPerf
-- Training v4.1: up to 2.2x the H100 per GPU on GPT-3 175B and Llama 2 70B LoRA, with a peak
-- 2.27x the H100's). Blackwell feeds its tensor cores differently from the paper's picture of
-- Hopper: tcgen05 MMAs read both operands from shared memory and accumulate in 256 KiB of
-- tensor memory per SM (not registers), and two SMs run one MMA (cta_group::2) each loading
-- half of the shared operand. NVIDIA publishes no shared-memory bandwidth for Blackwell; the
-- estimate is the paper's balance of Hopper kept for the faster tensor core: 256 B per SM and
-- cycle at the effective clock, 256 x 148 x 1856 MHz x 0.7 = 49.22 TB/s.
local b200 = "NVIDIA HGX B200 datasheet (1,000 W per GPU): 2.25 PFLOP/s dense fp16/bf16, 4.5 dense fp8, 180 GB HBM3e at 7.7 TB/s"
local tuning = "NVIDIA Blackwell Tuning Guide (CUDA 12.8+)"
local query = "the CUDA device query of a B200 (pytorch/ao pull request 4002: 148 SMs, 65,536 registers per SM, 126.5 MiB L2, 7,680-bit memory bus at 3,996 MHz)"
local blackwell_smem = "estimate: 2 x the paper's 32 banks x 4 B per SM and cycle at the effective clock (NVIDIA publishes no figure): the paper's Hopper balance of 4,096 dense fp16 FLOP per 128 B, kept for Blackwell's 8,192, as its tcgen05 MMAs read operands from shared memory into tensor memory and a 2-SM MMA (cta_group::2) halves each SM's operand loads"
M.b200 = {
  name = "B200",
  flop_per_clock_per_thread = { fp16 = 64, fp32 = 2, fp8 = 128 },
  sms = 148, clock = "1856 MHz", effective_utilization = 0.70,
  hbm_bandwidth = "7.7 TB/s", hbm_capacity = "180 GB",
  l2_bandwidth = "7.324 TB/s", l2_size = "126 MB", register_file = "64 KiB",
  shared_memory_bandwidth = "49.22 TB/s",
  dsmem = true, matmul_latency = "4.5 us", tensor_core_granule = 8,
  sources = {
    flop_per_clock_per_thread = b200 .. ": fp16 64 and fp8 128 per thread (twice Hopper's) with 148 SMs at the clock below; fp32 2 (128 FP32 cores per SM, as Hopper)",
    sms = query .. "; Chips and Cheese, 'Nvidia's B200' (74 SMs per die)",
    clock = "derived: 2.25 PFLOP/s / (148 SMs x 128 threads x 64 FLOP per clock) = 1856 MHz, the clock of NVIDIA's peak (" .. b200 .. ")",
    effective_utilization = "estimate: the paper's H100 value (no public measurement of the paper's kind, a long sequence of large matmuls, on a B200)",
    hbm_bandwidth = b200 .. " (earlier revisions said 8 TB/s; " .. query .. " gives 7.67 TB/s)",
    hbm_capacity = b200,
    l2_bandwidth = "estimate: the paper's H100 value scaled by SMs x clock, 6.441 TB/s x (148 x 1856) / (132 x 1830)",
    l2_size = tuning .. ": 'increases the L2 cache capacity to 126 MB'; " .. query,
    register_file = query .. ": 256 KiB per SM, 64 KiB per processing block, as Hopper",
    shared_memory_bandwidth = blackwell_smem .. ": 256 x 148 x 1856 MHz x 0.7",
    dsmem = tuning .. ": thread block clusters with distributed shared memory, as Hopper",
    matmul_latency = "estimate: the paper's H100 value", tensor_core_granule = paper,
  },
}

-- GB200 (the Blackwell GPU of a GB200 superchip, 1,200 W): the B200's die at a higher power limit
-- and clock, with 186 GB. Every value the clock scales is scaled.
local gb200 = "NVIDIA GB200 NVL72 datasheet: per GPU 2.5 PFLOP/s dense fp16/bf16, 5 dense fp8, 186 GB HBM3e at 8 TB/s, up to 1,200 W"
M.gb200 = copy(M.b200)
M.gb200.name = "GB200"
M.gb200.clock = "2062 MHz"
M.gb200.hbm_bandwidth = "8 TB/s"
M.gb200.hbm_capacity = "186 GB"
M.gb200.l2_bandwidth = "8.137 TB/s"
M.gb200.shared_memory_bandwidth = "54.69 TB/s"
M.gb200.sources.flop_per_clock_per_thread = gb200 .. ": the B200's rates per thread at the clock below"
M.gb200.sources.clock = "derived: 2.5 PFLOP/s / (148 SMs x 128 threads x 64 FLOP per clock) = 2062 MHz (" .. gb200 .. ")"
M.gb200.sources.hbm_capacity = gb200
M.gb200.sources.hbm_bandwidth = gb200
M.gb200.sources.l2_bandwidth = "estimate: the paper's H100 value scaled by SMs x clock, 6.441 TB/s x (148 x 2062) / (132 x 1830)"
M.gb200.sources.shared_memory_bandwidth = blackwell_smem .. ": 256 x 148 x 2062 MHz x 0.7"

-- Blackwell Ultra: the GB300 (in GB300 NVL72 racks) and the B300 (HGX). Their gains are in FP4
-- and attention's exponentials; their dense bf16 and fp8 rates per GPU are the GB200's and the
-- B200's, and the memory grows to 288 GB of HBM3e (12-high stacks). Every other value is the
-- Blackwell part's they extend.
local function ultra(base, name, src)
  local g = copy(M[base])
  g.name, g.hbm_capacity = name, "288 GB"
  g.sources.name, g.sources.hbm_capacity = src, src
  g.sources.flop_per_clock_per_thread = src .. ": the " .. M[base].name ..
    "'s rates per GPU, so its rates per thread, SMs and clock"
  return g
end
local gb300 = "NVIDIA GB300 NVL72 (product page, as quoted by glennklockwood.com/garden/processors/B300 and verda.com/blog/gb300-nvl72-architecture): 72 GPUs, 360 PFLOP/s dense fp8 (5 per GPU) and 180 dense bf16 (2.5 per GPU), 20 TB of HBM3e at 576 TB/s (288 GB and 8 TB/s per GPU), 1,400 W per GPU, 72 ConnectX-8 800 Gb/s NICs"
M.gb300 = ultra("gb200", "GB300", gb300)
M.gb300.sources.hbm_bandwidth = gb300
local b300 = "NVIDIA HGX B300 (as quoted by glennklockwood.com/garden/processors/B300): 2.25 PFLOP/s dense fp16/bf16 and 4.5 fp8, as the B200; 288 GB HBM3e; 1,100 W per GPU (verda.com/blog/gb300-nvl72-architecture)"
M.b300 = ultra("b200", "B300", b300)
M.b300.sources.hbm_bandwidth = "estimate: the B200's 7.7 TB/s (third-party figures for the B300 give 7.7 to 8 TB/s; " .. b300 .. ")"

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
    flash3_gain = "none: no FlashAttention-3 on Ampere", fp8_gain = "none: no FP8 on Ampere",
    fp4_gain = "none: no FP4 on Ampere", hbm = fit_shared,
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
    fp8_gain = fit_h100 .. "; the FP8 rows decide it", fp4_gain = "none: no FP4 tensor cores on Hopper",
    hbm = fit_shared, nvlink = fit_h100,
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

M.a800_sxm = copy(M.a100_sxm_80gb)
M.a800_sxm.name = "A800 SXM 80GB"
M.a800_sxm.sources.name = "NVIDIA A800 SXM4 80GB: the A100 SXM 80GB with NVLink cut to 400 GB/s (use dml.presets.networks.nvlink_a800); every other value is the A100 SXM 80GB's"
for k, v in pairs(M.a800_sxm.efficiency.sources) do
  M.a800_sxm.efficiency.sources[k] = "the A100 SXM's value (the same GA100 die): " .. v
end

M.h800_sxm = copy(M.h100_sxm)
M.h800_sxm.name = "H800 SXM"
M.h800_sxm.efficiency = same_die_eff("the same GH100 die")
M.h800_sxm.sources.name = "NVIDIA H800 SXM: the H100 SXM with NVLink cut to 400 GB/s (use dml.presets.networks.nvlink_h800); every other value is the paper's H100 SXM value"

-- The H100 PCIe: the authors' code defines it too (H100_PCIe in gpu_model.py, unused by the
-- paper's runs), with its own measured L2 and the utilization they observed at 350 W.
local pcie = "NVIDIA H100 PCIe datasheet: 756 TFLOP/s dense bf16, 114 SMs, 80 GB HBM2e at 2.0 TB/s, 350 W"
local paper_pcie = "the authors' gpu_model.py, H100_PCIe (defined, not used by the paper's runs)"
M.h100_pcie = copy(M.h100_sxm)
M.h100_pcie.name = "H100 PCIe"
M.h100_pcie.sms = 114
M.h100_pcie.clock = "1620 MHz"
M.h100_pcie.effective_utilization = 0.55
M.h100_pcie.hbm_bandwidth = "2 TB/s"
M.h100_pcie.l2_bandwidth = "5.563 TB/s"
M.h100_pcie.sources.name = pcie
M.h100_pcie.sources.sms = pcie .. "; " .. paper_pcie
M.h100_pcie.sources.clock = "derived: 756 TFLOP/s / (114 SMs x 128 threads x 32 FLOP per clock) = 1620 MHz; " .. paper_pcie
M.h100_pcie.sources.effective_utilization = paper_pcie .. ": 'empirically observed hardware utilization rate when running a long sequence of big matmuls' (the 350 W limit holds the clock down)"
M.h100_pcie.sources.hbm_bandwidth = pcie .. " (" .. paper_pcie .. ": 2,039 GB/s)"
M.h100_pcie.sources.l2_bandwidth = paper_pcie .. ", measured by Chips and Cheese ('Nvidia's H100: Funny L2, and Tons of Bandwidth')"
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
M.h100_sxm_hbm2e_500w.sources.l2_bandwidth = "estimate: the paper's H100 SXM value (the same die)"
M.h100_sxm_hbm2e_500w.sources.effective_utilization = "estimate: the paper's H100 SXM value (the derated peak is in the clock)"
M.h100_sxm_hbm2e_500w.efficiency = same_die_eff("the same GH100 die at 500 W; the prototype fitted the TT-* rows with the H100 values on a derated peak")

-- The H100's values, every source replaced by `note` (for GPUs no measured run calibrates yet).
local function estimate_eff(note)
  local e = copy(h100_eff)
  for k in pairs(e.sources) do e.sources[k] = note end
  return e
end
M.b200.efficiency = estimate_eff("estimate: the H100 values; only the GEMM efficiency and the FP4 gain are the GB200's (below)")
-- The GB200's and GB300's GEMM efficiency: fitted (scenarios/calibration/blackwell.lua,
-- docs/calibration.md) on Megatron-Bridge's dense runs of 2026, every other value the H100's.
local function blackwell_fit(name, fit, held)
  return "fit (dml.calibrate of gemm alone, scenarios/calibration/blackwell.lua) on the 10 dense Llama 3.1" ..
    " 405B " .. name .. " rows of tests/validation/measured/megatron_bridge_2602_2606.tsv (Megatron-Bridge 26.02" ..
    " to 26.06, FP8 and MXFP8): " .. fit .. "; held out, its 8 Llama 3 70B rows: " .. held ..
    ". Every row runs FP8 matmuls, so the fit decides gemm x fp8_gain (the H100's 1.82 held); the BF16 rate is" ..
    " that product over 1.82, not measured"
end
M.gb200.efficiency = estimate_eff("estimate: the H100 values; only the GEMM efficiency and the FP4 gain are calibrated on GB200 runs")
M.gb200.efficiency.gemm = 0.579
M.gb200.efficiency.sources.gemm = blackwell_fit("GB200", "6.6% -> 3.0% mean error", "10.1% -> 3.7%")
M.gb300.efficiency = estimate_eff("estimate: the H100 values; only the GEMM efficiency and the FP4 gain are calibrated on GB300 runs")
M.gb300.efficiency.gemm = 0.6958
M.gb300.efficiency.sources.gemm = blackwell_fit("GB300", "10.5% -> 6.0% mean error", "14.7% -> 9.2%")
-- Their FP4 (NVFP4) gain: fitted (scenarios/calibration/blackwell.lua) on the NVFP4 runs of the
-- same tables, the GEMM efficiency above held. (The B200 and B300 take them below.)
local function fp4_fit(name, start, fit, held)
  return "fit (dml.calibrate of fp4_gain alone, scenarios/calibration/blackwell.lua) on the 5 NVFP4 Llama 3.1" ..
    " 405B " .. name .. " rows of tests/validation/measured/megatron_bridge_nvfp4.tsv (Megatron-Bridge 26.02 to" ..
    " 26.06), from " .. start .. ": " .. fit .. "; held out, its 4 NVFP4 Llama 3 70B rows: " .. held
end
M.gb200.efficiency.fp4_gain = 3.282
M.gb200.efficiency.sources.fp4_gain = fp4_fit("GB200", "the datasheet's 2 x fp8_gain = 3.64 (10 PFLOP/s dense FP4 against 5 FP8, " .. gb200 .. ")",
  "5.7% -> 3.4% mean error", "18.3% -> 14.2%")
M.gb300.efficiency.fp4_gain = 3.728
M.gb300.efficiency.sources.fp4_gain = fp4_fit("GB300", "the datasheet's 3 x fp8_gain = 5.46 (15 PFLOP/s dense FP4 against 5 FP8: Blackwell Ultra's 1.5x FP4, " .. gb300 .. ")",
  "17.4% -> 2.4% mean error", "13.1% -> 5.9%")
M.b300.efficiency = estimate_eff("estimate: the H100 values; no measured B300 run calibrates it yet")
-- The HGX parts are the rack parts' dies at a lower power limit, and their datasheet peaks are
-- lower in step (B200 2.25 against GB200 2.5 PFLOP/s dense bf16: the presets' clocks). No
-- calibration file has a dense B200 or B300 run; what transfers from the rack part is what the
-- die decides at its datasheet peak (docs/calibration.md, "The HGX Blackwell parts"):
--   B200: the GB200's fitted GEMM efficiency and FP4 gain (the same die and tensor cores; FP4 at
--     twice FP8 on both datasheets);
--   B300: the GB300's FP4 gain (FP4 at three times FP8 on both datasheets), not its GEMM
--     efficiency: the GB300 ran 1.20-1.27x the GB200 at equal peaks, which its 1,400 W (against
--     the B300's 1,100 W) explains in part, so the B300 keeps the H100's estimate.
local function same_die(rack, what)
  return "estimate: the " .. rack .. "'s " .. what .. " (same die, datasheet peaks in the same ratio; docs/calibration.md," ..
    " 'The HGX Blackwell parts'); checked on runs no fit saw: "
end
M.b200.efficiency.gemm = M.gb200.efficiency.gemm
M.b200.efficiency.sources.gemm = same_die("GB200", "fitted gemm") .. "the eight B200 rows of" ..
  " tests/validation/measured/nemo_b200_gb200_2025.tsv 15.3% -> 11.8% mean error, mlperf_training_v5_2025.tsv's" ..
  " Llama 3.1 405B 10.7% -> 3.4%, blackwell.tsv's 4.3% -> 2.6%"
M.b200.efficiency.fp4_gain = M.gb200.efficiency.fp4_gain
M.b200.efficiency.sources.fp4_gain = same_die("GB200", "fitted fp4_gain") .. "MLPerf Training v5.1's NVFP4" ..
  " Llama 3.1 8B on 8 and 32 B200s (mlperf_training_v5_2025.tsv), -3.0% and -10.3%"
M.b300.efficiency.fp4_gain = M.gb300.efficiency.fp4_gain
M.b300.efficiency.sources.fp4_gain = same_die("GB300", "fitted fp4_gain") .. "MLPerf Training v5.1's NVFP4" ..
  " Llama 3.1 8B on 8 B300s (mlperf_training_v5_2025.tsv), +2.4%"
M.v100_sxm.efficiency = copy(M.a100_sxm.efficiency)
for k in pairs(M.v100_sxm.efficiency.sources) do
  M.v100_sxm.efficiency.sources[k] = "estimate: the A100 values; no measured V100 run calibrates it yet"
end

-- Memory a framework can allocate (efficiency.memory, docs/model.md 8.9): the total the driver
-- reports. An "80GB" board carries 80 GiB of HBM, and nvidia-smi's memory.total shows what is left
-- after the driver's reservation; the paper's model keeps its hbm_capacity (8e10 B for the H100).
local function usable(key, amount, board)
  M[key].efficiency.memory = amount
  M[key].efficiency.sources.memory = "measured: " .. board ..
    " (memory.total in public nvidia-smi and rocm-smi logs)"
end
usable("a100_sxm", "40960 MiB", "nvidia-smi shows 40,960 MiB for 'NVIDIA A100-SXM4-40GB'")
usable("a100_sxm_80gb", "81920 MiB", "nvidia-smi shows 81,920 MiB for 'NVIDIA A100-SXM4-80GB'")
for _, key in ipairs { "h100_sxm", "h100_sxm_low_latency" } do
  usable(key, "81559 MiB", "nvidia-smi shows 81,559 MiB for 'NVIDIA H100 80GB HBM3'")
end
usable("h800_sxm", "81559 MiB", "nvidia-smi shows 81,559 MiB for 'NVIDIA H800'")
usable("a800_sxm", "81920 MiB", "nvidia-smi shows 81,920 MiB for 'NVIDIA A800-SXM4-80GB'")
usable("h100_pcie", "81559 MiB", "nvidia-smi shows 81,559 MiB for 'NVIDIA H100 PCIe'")
usable("h200_sxm", "143771 MiB", "nvidia-smi shows 143,771 MiB for 'NVIDIA H200'")
usable("b200", "183359 MiB", "nvidia-smi shows 183,359 MiB for 'NVIDIA B200'")
usable("gb200", "189471 MiB", "nvidia-smi shows 189,471 MiB for 'NVIDIA GB200'")
usable("gb300", "284208 MiB", "nvidia-smi shows 284,208 MiB for 'NVIDIA GB300'")
usable("b300", "275040 MiB", "nvidia-smi shows 275,040 MiB for 'NVIDIA B300 SXM6 AC'")
M.h100_sxm_hbm2e_500w.efficiency.sources.memory =
  "estimate: unset, the hbm_capacity's 96 GB as the torchtitan team states it (no driver reading published)"
M.v100_sxm.efficiency.sources.memory = "estimate: unset, the hbm_capacity (the paper's 32 GB, read as GiB as datasheets write it)"

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
M.a800_sxm.power = copy(M.a100_sxm.power)
M.h100_sxm.power = power(700, 70, "NVIDIA H100 SXM5 datasheet: 700 W", "public nvidia-smi readings of idle H100 80GB HBM3 boards: 67-71 W")
M.h100_sxm_low_latency.power = copy(M.h100_sxm.power)
M.h800_sxm.power = copy(M.h100_sxm.power)
M.h200_sxm.power = power(700, 75, "NVIDIA H200 SXM datasheet: up to 700 W", "public nvidia-smi readings of idle H200 boards: 73-76 W")
M.h100_pcie.power = power(350, 50, "NVIDIA H100 PCIe product brief: 350 W", "estimate: the SXM board's idle scaled to a 350 W limit")
M.h100_sxm_hbm2e_500w.power = power(500, 70, titan, "estimate: the 700 W H100's idle")
M.b200.power = power(1000, 100, b200, "estimate: 10% of the limit, as the H100's")
M.gb200.power = power(1200, 120, gb200, "estimate: 10% of the limit, as the H100's")
M.gb300.power = power(1400, 140, gb300, "estimate: 10% of the limit, as the H100's")
M.b300.power = power(1100, 110, b300, "estimate: 10% of the limit, as the H100's")

-- The two values fitted on AMD's measured MI325X runs (the MI300X's compute dies).
local function amd_fit(value, start)
  return "fit (dml.calibrate of fp8_gain and attention together, scenarios/calibration/amd.lua) on the 3 MI325X rows of" ..
    " tests/validation/measured/amd_instinct_2025_2026.tsv (AMD Primus v26.1: Llama 3.1 8B FP8, 70B FP8 and 70B BF16" ..
    " on 64 GPUs; their global batches from AMD's docs of that release), from the estimate " .. start ..
    ": those rows 21.7% -> 1.0% mean abs; held out, the six MLPerf Training v5.1 Llama 3.1 8B rows on MI355X and" ..
    " MI350X 28.2% -> 5.5%"
end
M.mi300x = {
  name = "MI300X",
  flop_per_clock_per_thread = { fp16 = 16, fp32 = 2, fp8 = 32 },
  sms = 304, clock = "2100 MHz", effective_utilization = 0.70,
  hbm_bandwidth = "5.3 TB/s", hbm_capacity = "192 GB",
  l2_bandwidth = "14.7 TB/s", l2_size = "256 MB", register_file = "64 KiB",
  dsmem = false, matmul_latency = "4.5 us", tensor_core_granule = 16,
  efficiency = efficiency(
    { gemm = 0.50, gemm_half_dim = 93, attention = 0.3906, flash3_gain = 1, fp8_gain = 2,
      hbm = 0.80, nvlink = 0.60, network = 0.90, workspace = "3 GiB", memory = "196288 MiB" },
    { gemm = "estimate: about half of peak in published bf16 GEMM sweeps (the one BF16 run of amd_instinct_2025_2026.tsv, an MI325X's, comes out -0.8% with it)",
      gemm_half_dim = "estimate: the H100 value", attention = amd_fit("attention", "0.25"),
      flash3_gain = "none: no FlashAttention-3 kernel",
      fp8_gain = amd_fit("fp8_gain", "1.6") .. "; at its bound: FP8 matmuls at twice the BF16 rate, as the peaks are",
      fp4_gain = "none: no FP4 matmuls on the MI300X", hbm = "estimate",
      nvlink = "estimate: Infinity Fabric collectives",
      network = "estimate", workspace = "estimate",
      memory = "measured: rocm-smi shows 205,822,885,888 B (196,288 MiB) of VRAM for an MI300X (memory.total in public nvidia-smi and rocm-smi logs)" }),
  sources = {
    flop_per_clock_per_thread = mi300x .. "; 16 per thread with 304 CUs counted as SMs of 128 threads; fp8 32 (2,614.9 TFLOP/s dense); fp32 2 (163.4 TFLOP/s matrix)",
    sms = mi300x .. " (compute units, counted as SMs)", clock = mi300x,
    effective_utilization = "estimate: the paper's H100 value",
    hbm_bandwidth = mi300x, hbm_capacity = mi300x,
    l2_bandwidth = "estimate: AMD's 17 TB/s peak Infinity Cache bandwidth less about 15%",
    l2_size = mi300x .. " (Infinity Cache as the last-level cache)",
    register_file = "estimate: 512 KiB of VGPRs per CU over 4 SIMDs is 128 KiB; the paper's 64 KiB kept",
    dsmem = "no distributed shared memory", matmul_latency = "estimate: the paper's H100 value",
    tensor_core_granule = "estimate: MFMA tiles of 16",
    shared_memory_bandwidth = "unset: the paper's 32 banks x 4 B per CU and cycle at the effective clock, the LDS's 128 B per CU and cycle (AMD CDNA 3 ISA)",
  },
}

M.mi300x.power = power(750, 90, "AMD Instinct MI300X datasheet: 750 W", "estimate: about 12% of the limit")

-- The MI325X: the MI300X's compute (the same CDNA 3 dies, clock and peak) with 256 GB of HBM3E
-- at 6 TB/s and a 1,000 W limit.
local mi325x = "AMD Instinct MI325X datasheet: 1307.4 TFLOP/s dense fp16/bf16, 304 CUs at 2100 MHz, 256 GB HBM3E at 6 TB/s, 1000 W"
M.mi325x = copy(M.mi300x)
M.mi325x.name = "MI325X"
M.mi325x.hbm_bandwidth, M.mi325x.hbm_capacity = "6 TB/s", "256 GB"
M.mi325x.sources.name = mi325x .. "; every value not named here is the MI300X's (the same compute dies)"
M.mi325x.sources.hbm_bandwidth, M.mi325x.sources.hbm_capacity = mi325x, mi325x
for k, v in pairs(M.mi325x.efficiency.sources) do
  M.mi325x.efficiency.sources[k] = "the MI300X's value (the same CDNA 3 compute dies): " .. v
end
M.mi325x.efficiency.memory = "261824 MiB"
M.mi325x.efficiency.sources.memory =
  "estimate: 256 GiB less the 320 MiB the MI300X's driver keeps of its 192 GiB (no rocm-smi reading of an MI325X published)"
M.mi325x.power = power(1000, 120, mi325x, "estimate: about 12% of the limit, as the MI300X's")

-- The MI355X and MI350X (CDNA 4): 256 CUs that each do twice a CDNA 3 CU's matrix work a clock
-- (8,192 FP8 and 4,096 FP16 FLOP; ISSCC 2026's MI355X paper as reported), 288 GB of HBM3E at
-- 8 TB/s; the MI355X at 2.4 GHz and 1,400 W (liquid-cooled), the MI350X at 2.2 GHz and 1,000 W.
-- Their efficiencies are the MI300X's estimates: no measured run has checked them.
local cdna4 = "AMD Instinct MI350 series (CDNA 4; AMD's launch and Hot Chips 2025 material as reported): 256 CUs, 288 GB HBM3E at 8 TB/s, 4,096 FP16 and 8,192 FP8 matrix FLOP per CU and clock"
local function cdna4_part(name, clock, watts, peak)
  local src = string.format("%s; the %s: %s peak clock, %d W board power, %s dense fp16/bf16", cdna4, name, clock, watts, peak)
  local g = copy(M.mi300x)
  g.name = name
  g.flop_per_clock_per_thread = { fp16 = 32, fp32 = 2, fp8 = 64 }
  g.sms, g.clock = 256, clock
  g.hbm_bandwidth, g.hbm_capacity = "8 TB/s", "288 GB"
  g.sources.name = src .. "; every value not named here is the MI300X's"
  g.sources.flop_per_clock_per_thread = src .. "; per thread of 128 a CU: fp16 32, fp8 64; fp32 2 (157 TFLOP/s matrix at 2.4 GHz)"
  g.sources.sms, g.sources.clock = src, src
  g.sources.hbm_bandwidth, g.sources.hbm_capacity = src, src
  for k, v in pairs(g.efficiency.sources) do
    g.efficiency.sources[k] = "estimate: the MI300X's value, unchecked on CDNA 4 (" .. v .. ")"
  end
  g.efficiency.memory = nil
  g.efficiency.sources.memory = "estimate: unset, the hbm_capacity (no rocm-smi reading of a CDNA 4 part published)"
  g.efficiency.sources.fp4_gain = "none: the CDNA 4 parts' MXFP4 matmuls are not modelled (no measured run checks them)"
  for _, v in ipairs { "fp8_gain", "attention" } do
    g.efficiency.sources[v] = "estimate: CDNA 3's fitted value (FP8 at twice FP16 a CU on both), checked on the six" ..
      " MLPerf v5.1 CDNA 4 rows of tests/validation/measured/amd_instinct_2025_2026.tsv: 28.2% -> 5.5% mean abs (" ..
      M.mi300x.efficiency.sources[v] .. ")"
  end
  g.power = power(watts, math.floor(watts * 0.12 + 0.5), src, "estimate: about 12% of the limit, as the MI300X's")
  return g
end
M.mi355x = cdna4_part("MI355X", "2400 MHz", 1400, "2516.6 TFLOP/s")
M.mi350x = cdna4_part("MI350X", "2200 MHz", 1000, "2306.9 TFLOP/s")

-- The MI250X and MI250 (CDNA 2), as software sees them: each module is two GCDs, and each GCD is
-- one device to ROCm and PyTorch, one "GPU" to the Frontier and LUMI papers, torchtitan and OLCF.
-- A preset is ONE GCD: 110 CUs (MI250X) or 104 (MI250) at 1,700 MHz, 64 GB of HBM2e at 1.6384 TB/s,
-- half of the module's 560 W cap. No FP8 or TF32 matrix rates on CDNA 2. The GEMM efficiency is
-- fitted on one LUMI run and checked on the other LUMI and Frontier runs of
-- tests/validation/measured/mi250x_2023_2025.tsv (docs/calibration.md); every other efficiency is
-- a kernel or link measurement, or an estimate that says so.
local rocm_mi250 = "ROCm docs, 'AMD Instinct MI250 microarchitecture' and 'AMD GPU specifications'" ..
  " (ROCm/legacy-rocm-build@089d7513 docs/conceptual/gpu-arch/mi250.md, @e88a729c docs/reference/gpu-specs.rst)"
local olcf = "OLCF Frontier User Guide (olcf/olcf-user-docs@2745903 systems/frontier_user_guide.rst)"
local lumi_g = "LUMI user guide, 'GPU nodes - LUMI-G' (Lumi-supercomputer/lumi-userguide@6c3a26c docs/hardware/lumig.md)"
local function cdna2_part(name, cus, peak)
  local gcd = string.format("%s: %d CUs per GCD (%d per module) at 1700 MHz, %s dense fp16/bf16 per GCD" ..
    " (1,024 FLOP per CU and clock), 64 GB HBM2e at 1.6384 TB/s per GCD", rocm_mi250, cus, 2 * cus, peak)
  local g = {
    name = name .. " (one GCD)",
    flop_per_clock_per_thread = { fp16 = 8, fp32 = 2 },
    sms = cus, clock = "1700 MHz", effective_utilization = 0.70,
    hbm_bandwidth = "1.6384 TB/s", hbm_capacity = "64 GB",
    l2_bandwidth = "6.96 TB/s", l2_size = "8 MB", register_file = "64 KiB",
    dsmem = false, matmul_latency = "4.5 us", tensor_core_granule = 16,
    efficiency = efficiency(
      { gemm = 0.4739, gemm_half_dim = 93, attention = 0.41, flash3_gain = 1, fp8_gain = 1,
        hbm = 0.82, nvlink = 0.625, network = 0.95, workspace = "3 GiB", memory = "65520 MiB" },
      { gemm = "fit (dml.calibrate of gemm alone, scenarios/calibration/mi250x.lua) on LUMI-MegDS-33B-64g of" ..
          " tests/validation/measured/mi250x_2023_2025.tsv (a 33B GPT on 64 GCDs, Megatron-DeepSpeed on ROCm 5.2)," ..
          " from the kernel measurement 0.69 (torch.matmul in bf16 at 8192^3 on an MI210, the same CDNA 2 die:" ..
          " 124.2 TFLOP/s of 181.0 under ROCm 7.2; zzc0721/torch-performance-test-data issue 195): held out, the" ..
          " file's 13 other rows of LUMI and Frontier 38.4% -> 17.2% mean abs (docs/calibration.md)",
        gemm_half_dim = "estimate: the H100 value",
        attention = "estimate, derived from a kernel measurement: FlashAttention-2's CK port on gfx90a ran 52.6-67.5 TFLOP/s forward and backward at" ..
          " head width 64 (sequence 512-8192, non-causal; hiyouga/LlamaFactory issue 8793, the board not named)," ..
          " which under dml's split (docs/model.md 8.2: the backward 2.5/0.8 of the forward's time, head width 64" ..
          " at 0.870 and 0.903 of the rate) is 0.36-0.46 of a GCD's peak (0.46 from 2,048 tokens on); 0.41 the" ..
          " middle, as runs call other kernels too (PyTorch's SDPA in torchtitan)",
        flash3_gain = "none: no FlashAttention-3 kernel", fp8_gain = "none: no FP8 matrix rate on CDNA 2" ..
          " (ROCm 'Data types and precision support': float8 not supported on CDNA2)",
        fp4_gain = "none: no FP4 on CDNA 2",
        hbm = "measured: BabelStream on one MI250X GCD reaches 1.3-1.4 TB/s, 0.79-0.85 of 1.6384 (OLCF's" ..
          " node-performance study as cited by the ROCm blog 'Seismic stencils, part 1', ROCm/rocm-blogs@c9a603f)",
        nvlink = "measured: rccl-tests all_reduce_perf over the 8 GCDs of a LUMI-G node, bus bandwidth 125 GB/s each" ..
          " way at 128 MiB in half precision (LUMI's regression reference, which a run passes at 95% of it;" ..
          " Lumi-supercomputer/lumi-reframe-tests@a6d7984 checks/ai-guide/check_ddp_visualtransformer.py): 0.625 of" ..
          " the 200 GB/s each way between a module's two GCDs (dml.presets.networks.infinity_fabric_mi250x), the ring" ..
          " paced by the slower links between modules",
        network = "measured: osu_mbw_mr between two LUMI-G nodes, 8 GCDs each, moves 95 GB/s of the node's 4 x 25 GB/s" ..
          " Slingshot-11 NICs (LUMI's regression reference, Lumi-supercomputer/lumi-reframe-tests@a6d7984" ..
          " checks/microbenchmarks/mpi/osu_check.py)",
        workspace = "estimate: framework, RCCL buffers and fragmentation, as the other presets",
        memory = "measured: the HIP runtime reports 68,702,699,520 B (65,520 MiB) of total memory for an" ..
          " MI250X GCD on LUMI (Cray CCE's runtime log, csc-training/portable-gpu-programming@0e16f2b" ..
          " openmp/01-axpy-basics/solution/README.md); the MI250's the same HBM2e stacks (estimate)" }),
    sources = {
      name = gcd .. "; one GCD of the module, the device ROCm and PyTorch see (" .. olcf ..
        ": 'The programmer can think of the 8 GCDs as 8 separate GPUs')",
      flop_per_clock_per_thread = gcd .. "; per thread of 128 a CU: fp16 and bf16 8 (the same matrix rate);" ..
        " fp32 2 (256 per CU and clock, the fp32 matrix and packed rate); no fp8",
      sms = gcd .. " (compute units, counted as SMs)", clock = gcd,
      effective_utilization = "estimate: the paper's H100 value",
      hbm_bandwidth = gcd, hbm_capacity = gcd,
      l2_bandwidth = lumi_g .. ": 8 MB of L2 per GCD in 32 slices of 128 B per clock, 6.96 TB/s peak (no measured figure)",
      l2_size = lumi_g,
      register_file = "estimate: 512 KiB of VGPRs per CU over 4 SIMDs is 128 KiB (ROCm specs); the paper's 64 KiB kept, as the MI300X's",
      dsmem = "no distributed shared memory", matmul_latency = "estimate: the paper's H100 value",
      tensor_core_granule = "estimate: MFMA tiles of 16",
      shared_memory_bandwidth = "unset: the paper's 32 banks x 4 B per CU and cycle at the effective clock, the LDS's 128 B per CU and cycle (ROCm Compute Profiler docs, CDNA)",
    },
  }
  g.power = power(280, 45, "half of the module's 560 W: rocm-smi shows PwrCap 560.0W for each module, on its first GCD" ..
      " (an MI250X on LUMI: LUMI training notes, Lumi-supercomputer/LUMI-training-materials@d64bc58; an MI250:" ..
      " huggingface/optimum-amd@1021614 docs/source/amdgpu/perf_hardware.mdx; AMD gives the MI250X 500 W TDP, 560 W peak)",
    "estimate: half of a module's idle rocm-smi reading, 82-102 W on LUMI's MI250X (the same notes)")
  return g
end
M.mi250x = cdna2_part("MI250X", 110, "191.5 TFLOP/s")
M.mi250 = cdna2_part("MI250", 104, "181.0 TFLOP/s")

-- Bandwidth to host memory, each direction, per GPU while every GPU of the server copies: what
-- activation offloading moves over (a layout's `offload`). A PCIe x16 link carries 15.75 (Gen3),
-- 31.5 (Gen4) or 63 (Gen5) GB/s each way after its encoding (NVIDIA's datasheets give both ways:
-- "PCIe Gen5: 128GB/s" for the H100 SXM), and the copy engines reach about 88% of it, as
-- nvbandwidth measured on an H200's Gen5 x16 link (55.4 GB/s host to device, 55.1 back). DGX
-- servers put two GPUs (and two NICs) behind each PCIe switch and one x16 link to the CPU, so
-- two GPUs offloading at once share it: half each.
local nvbw = "nvbandwidth's copy-engine copies on an H200 SXM over PCIe Gen5 x16, 55.43 GB/s host to device and 55.06 back, 88% of the link's 63 GB/s (stas00/ml-engineering network/README.md @744d01e)"
local function pcie_host(gen, rate)
  return "estimate: PCIe " .. gen .. " x16, " .. rate .. " GB/s each way after encoding, at the 88% the copy engines reach (" .. nvbw .. "), shared by the two GPUs behind each of a DGX's PCIe switches"
end
local host_links = {
  { { "v100_sxm" }, "6.9 GB/s", pcie_host("Gen3", "15.75") },
  { { "a100_sxm", "a100_sxm_80gb", "a800_sxm" }, "13.9 GB/s",
    pcie_host("Gen4", "31.5") .. "; one GPU alone: nvbandwidth's SM copies measured 25.1 GB/s on an A100 SXM4 40GB (NVIDIA/nvbandwidth issue 42)" },
  { { "h100_sxm", "h100_sxm_low_latency", "h100_sxm_hbm2e_500w", "h100_pcie", "h200_sxm", "h800_sxm" }, "27.7 GB/s",
    pcie_host("Gen5", "63") .. "; the H100, H200 and H800 have a PCIe Gen5 x16 host link (NVIDIA datasheets)" },
  { { "b200", "b300" }, "27.7 GB/s",
    pcie_host("Gen5", "63") .. "; HGX B200 and B300 servers join the GPUs to x86 hosts over PCIe Gen5 x16 (Nebius's MLPerf Inference v6.0 B200 system description, accelerator_host_interconnect)" },
  { { "mi300x", "mi325x", "mi350x", "mi355x" }, "27.7 GB/s", pcie_host("Gen5", "63") .. "; a PCIe Gen5 x16 host link (AMD's MLPerf Inference v4.1 MI300X system description; the MI325X's and the CDNA 4 parts': estimate, the same)" },
  { { "mi250x" }, "31.7 GB/s", "estimate: each GCD's own Infinity Fabric link to the CPU, 36 GB/s each way (" .. olcf ..
    ", 36+36 GB/s CPU-GPU), at the 88% the copy engines reach (" .. nvbw .. ")" },
  { { "mi250" }, "27.7 GB/s", "estimate: each GCD's PCIe Gen4 x16 host link (" .. rocm_mi250 .. "), 31.5 GB/s each way" ..
    " after encoding, at the 88% the copy engines reach (" .. nvbw .. ")" },
  { { "gb200", "gb300" }, "175 GB/s",
    "estimate: a Grace CPU serves two GPUs over NVLink-C2C (NVIDIA gives 900 GB/s, both ways, and does not split it per GPU), and its LPDDR5X sets the pace: copies both ways at once through one Grace measured 175.4 GB/s host to device and 171.8 back on a GB300 DGX Station (one GPU; 359 and 377 one way at a time; stas00/ml-engineering network/README.md @744d01e), about 350 GB/s of Grace memory traffic, which the two GPUs of a GB200 or GB300 share when both offload: 175 each" },
}
-- Sets `field` (and its source) on each named preset of every { names, value, source } row.
local function set_rows(field, rows)
  for _, row in ipairs(rows) do
    for _, name in ipairs(row[1]) do
      M[name][field] = row[2]
      M[name].sources[field] = row[3]
    end
  end
end
set_rows("host_bandwidth", host_links)
-- Host memory per GPU that offloading may fill: the reference server's memory over its GPUs.
local host_memory = {
  { { "v100_sxm" }, "64 GB", "NVIDIA DGX-1 datasheet: 512 GB of system memory for 8 V100s" },
  { { "a100_sxm" }, "128 GB", "NVIDIA DGX A100 datasheet: 1 TB of system memory in the 320 GB system (8 A100 40GB)" },
  { { "a100_sxm_80gb", "a800_sxm" }, "256 GB", "NVIDIA DGX A100 datasheet: 2 TB of system memory in the 640 GB system (8 A100 80GB)" },
  { { "h100_sxm", "h100_sxm_low_latency", "h100_sxm_hbm2e_500w", "h100_pcie", "h800_sxm" }, "256 GB",
    "NVIDIA DGX H100 datasheet: 2 TB of system memory for 8 GPUs (other servers of these GPUs: estimate, the same)" },
  { { "h200_sxm" }, "256 GB", "NVIDIA DGX H200 datasheet: 2 TB of system memory for 8 GPUs" },
  { { "b200", "b300" }, "256 GB", "NVIDIA DGX B200 datasheet: 2 TB of system memory for 8 GPUs, configurable to 4 TB (the B300: estimate, the same)" },
  { { "gb200", "gb300" }, "240 GB", "NVIDIA GB200 NVL72: up to 480 GB of LPDDR5X per Grace CPU, which serves two GPUs (the GB300: the same Grace)" },
  { { "mi300x", "mi325x", "mi350x", "mi355x" }, "256 GB", "estimate: 2 TB of system memory for 8 GPUs, as the DGX H100" },
  { { "mi250x", "mi250" }, "64 GB", olcf .. ": 512 GB of DDR4 for the node's 8 GCDs (LUMI-G the same; the MI250: estimate, the same)" },
}
set_rows("host_memory", host_memory)
-- Parameters a second the host's optimizer updates for one GPU (optimizer offloading). One
-- published figure of DeepSpeed's CPU Adam gives it: ZeRO-Offload's "CPU path can take longer
-- than 4s" a step for Llama 2 7B (6.74 billion parameters) on 4 A100s, each GPU's process
-- updating its quarter, 1.68 billion parameters in 4 s. The rate depends on the host's cores and
-- memory a GPU gets, which no preset knows: the x86 servers all take that figure. Grace hosts
-- (GB200, GB300) are left unset: their optimizer (GraceAdam, or CPU Adam on Arm) has no
-- published absolute rate.
local zenflow = "DeepSpeed's ZenFlow blog (deepspeedai/DeepSpeed blogs/deepspeed-zenflow/README.md @cda3f96): ZeRO-Offload's CPU optimizer step and copies take longer than 4 s a step for Llama 2 7B (6.74e9 parameters) on 4 A100s, so at most 6.74e9 / 4 / 4 s = 4.2e8 parameters a second per GPU"
local host_optimizer = {
  { { "a100_sxm", "a100_sxm_80gb", "a800_sxm" }, 4.2e8, zenflow },
  { { "v100_sxm", "h100_sxm", "h100_sxm_low_latency", "h100_sxm_hbm2e_500w", "h100_pcie", "h200_sxm",
      "h800_sxm", "b200", "b300", "mi300x", "mi325x", "mi350x", "mi355x", "mi250x", "mi250" }, 4.2e8,
    "estimate: the A100 server's figure (" .. zenflow .. ")" },
}
set_rows("host_optimizer_rate", host_optimizer)

-- Strict: reading a preset that does not exist is an error with did-you-mean (pairs lists them).
return core.strict(core.strict_records(M, "dml.presets.gpus", "gpu"), "dml.presets.gpus", "preset")
