--- dml.presets.networks: network levels, as data (see `dml --doc level`).
--- A level's `bandwidth` is per GPU and both directions together, the paper's
--- convention; its `link` is one direction. NVLink is given as NVIDIA quotes it,
--- both directions together (H100: 900 GB/s, 450 GB/s each way); NICs as they
--- are sold, per direction (`link = "400 Gb/s"`: 50 GB/s each way, so bandwidth
--- 100 GB/s). A declared level has both.
--- A scale-up level carries its group `size`; a scale-out level has none, as
--- the outermost level of a cluster spans the rest of it (copy one with a size
--- to use it in the middle: `dml.level(networks.infiniband_ndr, { size = 32 })`).
local _, core = ...  -- dml.core, from the loader (no global lookup: a script may replace select)
local M = {}

local paper = "Erdil & Schneider-Joseph (2024), authors' gpu_model.py (docs/model.md 3.1)"
local paper_latency = "1.125 us: the paper's value for every level (docs/model.md 3.1, 'reduced to match paper')"

M.nvlink2_v100 = {
  name = "nvlink2", size = 8, bandwidth = "300 GB/s", latency = "1.125 us",
  sources = { size = "8-GPU V100 SXM node (DGX-1)", bandwidth = paper .. "; NVLink 2: 6 links x 50 GB/s, both directions together (25 GB/s each way per link)",
              latency = paper_latency },
}
M.nvlink3_a100 = {
  name = "nvlink3", size = 8, bandwidth = "600 GB/s", latency = "1.125 us",
  sources = { size = "8-GPU A100 SXM node (DGX A100)", bandwidth = paper .. "; NVLink 3: 12 links x 50 GB/s, both directions together (25 GB/s each way per link)",
              latency = paper_latency },
}
M.nvlink4_h100 = {
  name = "nvlink4", size = 8, bandwidth = "900 GB/s", latency = "1.125 us",
  sources = { size = "8-GPU H100 SXM node (DGX H100)", bandwidth = paper .. "; NVLink 4: 18 links x 50 GB/s, both directions together (450 GB/s each way)",
              latency = paper_latency },
}
M.nvlink_a800 = {
  name = "nvlink-a800", size = 8, bandwidth = "400 GB/s", latency = "1.125 us",
  sources = { size = "8-GPU A800 SXM node", bandwidth = "NVIDIA A800 SXM4 80GB: NVLink cut to 400 GB/s per GPU (the A100's 600 GB/s less a third of the links)",
              latency = "assumed equal to the paper's NVLink latency" },
}
M.nvlink_h800 = {
  name = "nvlink-h800", size = 8, bandwidth = "400 GB/s", latency = "1.125 us",
  sources = { size = "8-GPU H800 SXM node", bandwidth = "NVIDIA H800: NVLink cut to 400 GB/s per GPU (DeepSeek-V3 report, section 3.1: 160 GB/s achieved)",
              latency = "assumed equal to the paper's NVLink latency" },
}
M.nvlink5_b200 = {
  name = "nvlink5", size = 8, bandwidth = "1.8 TB/s", latency = "1.125 us",
  sources = { size = "8-GPU HGX B200 node", bandwidth = "NVIDIA HGX B200 datasheet: NVLink 5, 1.8 TB/s per GPU, both directions together (18 links x 100 GB/s; 900 GB/s each way)",
              latency = "assumed equal to the paper's NVLink latency" },
}
M.nvl72 = {
  name = "nvl72", size = 72, bandwidth = "1.8 TB/s", latency = "1.125 us",
  sources = { size = "NVIDIA GB200 NVL72: 72 GPUs in one NVLink domain",
              bandwidth = "NVIDIA GB200 NVL72 datasheet: 1.8 TB/s NVLink 5 per GPU, both directions together (900 GB/s each way)",
              latency = "assumed equal to the paper's NVLink latency" },
}
-- AMD's 8-GPU platforms join their GPUs in a full mesh of Infinity Fabric links, no switch: each
-- GPU reaches each of the other 7 over one link. dml costs the mesh as it costs a switched node
-- (a ring or tree over the GPU's whole bandwidth), as the judge does for the AMD rows.
M.infinity_fabric_mi300x = {
  name = "infinity-fabric-mi300x", size = 8, bandwidth = "896 GB/s", latency = "1.125 us",
  sources = { size = "8-GPU MI300X or MI325X platform (AMD Instinct MI300X platform: 8 OAM GPUs in a fully connected mesh)",
              bandwidth = "AMD Instinct MI300X datasheet: 7 Infinity Fabric links x 128 GB/s = 896 GB/s peer-to-peer per GPU, both directions together (64 GB/s each way per link); also the MI325X's",
              latency = "assumed equal to the paper's NVLink latency" },
}
M.infinity_fabric_mi355x = {
  name = "infinity-fabric-mi355x", size = 8, bandwidth = "1075.2 GB/s", latency = "1.125 us",
  sources = { size = "8-GPU MI355X or MI350X platform (fully connected mesh, as the MI300X's)",
              bandwidth = "AMD Instinct MI350 series: 7 Infinity Fabric links x 153.6 GB/s = 1,075.2 GB/s per GPU, both directions together",
              latency = "assumed equal to the paper's NVLink latency" },
}
-- A Frontier or LUMI-G node (HPE Cray EX235a) holds 4 MI250X, 8 GCDs, on uneven Infinity Fabric:
-- 200 GB/s each way between the two GCDs of a module, 50 or 100 GB/s to the others (OLCF). The
-- level carries a GCD's fastest links, 400 GB/s both ways; a ring over the 8 goes at its slower
-- hops' pace, which the GCD presets' `nvlink` efficiency (0.625) brings to RCCL's measured 125 GB/s
-- bus bandwidth each way.
M.infinity_fabric_mi250x = {
  name = "infinity-fabric-mi250x", size = 8, bandwidth = "400 GB/s", latency = "1.125 us",
  sources = { size = "a Frontier or LUMI-G node: 4 MI250X, 8 GCDs (OLCF Frontier User Guide, olcf/olcf-user-docs@2745903 systems/frontier_user_guide.rst)",
              bandwidth = "OLCF Frontier User Guide: the 2 GCDs of an MI250X are joined by 4 Infinity Fabric links, 200+200 GB/s (200 GB/s each way), both directions together; GCDs of different modules by 1 or 2 links, 50 or 100 GB/s each way (LUMI-G the same blade)",
              latency = "assumed equal to the paper's NVLink latency" },
}
M.slingshot11 = {
  name = "slingshot-11", link = "100 Gb/s", latency = "1.125 us",
  sources = { link = "HPE Slingshot-11 on Frontier and LUMI-G: 4 NICs of 200 Gb/s (25 GB/s each way) per node, one per MI250X module, so two GCDs share one: 100 Gb/s per GCD (OLCF Frontier User Guide; LUMI user guide docs/hardware/network.md)",
              latency = "assumed equal to the paper's InfiniBand latency" },
}

M.infiniband_edr = {
  name = "infiniband-edr", link = "100 Gb/s", latency = "1.125 us",
  sources = { link = "one 100 Gb/s EDR port per GPU (bandwidth 25 GB/s, both directions)", latency = paper_latency },
}
M.infiniband_hdr = {
  name = "infiniband-hdr", link = "200 Gb/s", latency = "1.125 us",
  sources = { link = paper .. " (A100: 5e10 B/s both directions); one 200 Gb/s HDR port per GPU", latency = paper_latency },
}
M.infiniband_ndr = {
  name = "infiniband-ndr", link = "400 Gb/s", latency = "1.125 us",
  sources = { link = paper .. " (H100: 1e11 B/s both directions); one 400 Gb/s NDR port per GPU", latency = paper_latency },
}
M.infiniband_xdr = {
  name = "infiniband-xdr", link = "800 Gb/s", latency = "1.125 us",
  sources = { link = "one 800 Gb/s XDR port per GPU (bandwidth 200 GB/s, both directions)",
              latency = "assumed equal to the paper's InfiniBand latency" },
}
M.ethernet_400g = {
  name = "ethernet-400g", link = "400 Gb/s", latency = "5 us",
  sources = { link = "one 400 Gb/s RoCE port per GPU (bandwidth 100 GB/s, both directions)",
              latency = "assumed: the paper's network latency before it was reduced (5 us, docs/model.md 3.1)" },
}
M.ethernet_800g = {
  name = "ethernet-800g", link = "800 Gb/s", latency = "5 us",
  sources = { link = "one 800 Gb/s RoCE port per GPU (bandwidth 200 GB/s, both directions)",
              latency = "assumed: the paper's network latency before it was reduced (5 us, docs/model.md 3.1)" },
}

-- Strict: reading a preset that does not exist is an error with did-you-mean (pairs lists them).
return core.strict(core.strict_records(M, "dml.presets.networks", "level"), "dml.presets.networks", "preset")
