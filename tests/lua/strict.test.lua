-- Strict tables: a typo in a dml function, a preset, a module or one of the paper's tables is an
-- error at this file's line with did-you-mean, never nil; iterating, copying and rawget still work.
local t = require "testing"
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"
local stacks = require "dml.presets.stacks"
local paper = require "dml.paper.erdil2024"

local raises_here = t.raises_here

local function keys(tbl)
  local names = {}
  for k in pairs(tbl) do names[#names + 1] = k end
  table.sort(names)
  return table.concat(names, ", ")
end

-- the dml table: a function name, close or not (too many names to list)
raises_here(function() return dml.optimise end, "dml.optimise: no such function; did you mean 'optimize'?")
raises_here(function() return dml.evalute(nil, nil) end, "dml.evalute: no such function; did you mean 'evaluate'?")
raises_here(function() return dml.latency end, "dml.latency: no such function; did you mean 'latency_wall'?")
raises_here(function() return dml.frobnicate end, "dml.frobnicate: no such function (see dml.names())")
t.eq(rawget(dml, "optimise"), nil, "rawget probes without an error")
t.eq(dml[1], nil, "a key that is not a name reads as nil")

-- the preset modules, as fields of dml (loaded when first read) and by require: the same tables
t.eq(dml.presets.gpus, gpus, "dml.presets.gpus is the module")
t.eq(dml.presets.networks, networks)
t.eq(dml.presets.stacks, stacks)
t.eq(dml.paper.erdil2024, paper, "dml.paper.erdil2024 is the module")
raises_here(function() return dml.presets.gpu end, "dml.presets.gpu: no such module; did you mean 'gpus'? (modules: facilities, gpus, networks, stacks)")
raises_here(function() return dml.presets.network.nvl72 end, "dml.presets.network: no such module; did you mean 'networks'? (modules: facilities, gpus, networks, stacks)")
raises_here(function() return dml.presets.models end, "dml.presets.models: no such module (modules: facilities, gpus, networks, stacks)")
raises_here(function() return dml.paper.erdil_2024 end, "dml.paper.erdil_2024: no such module; did you mean 'erdil2024'? (modules: erdil2024, fernandez2024)")
raises_here(function() return dml.preset end, "dml.preset: no such function; did you mean 'presets'?")
t.eq(keys(dml.presets), "facilities, gpus, networks, stacks", "pairs lists the preset modules")
t.eq(keys(dml.paper), "erdil2024, fernandez2024", "pairs lists the paper modules")

-- every preset table
local gpu_names = "a100_sxm, a100_sxm_80gb, a800_sxm, b200, b300, gb200, gb300, h100_pcie, h100_sxm, h100_sxm_hbm2e_500w, h100_sxm_low_latency, h200_sxm, h800_sxm, mi250, mi250x, mi300x, mi325x, mi350x, mi355x, v100_sxm"
-- a stem of several presets names each, the closest first
raises_here(function() return gpus.h100 end, "dml.presets.gpus.h100: no such preset; did you mean 'h100_sxm', 'h100_pcie', 'h100_sxm_hbm2e_500w' or 'h100_sxm_low_latency'? (presets: " .. gpu_names .. ")")
raises_here(function() return stacks.megatron end, "dml.presets.stacks.megatron: no such preset; did you mean 'megatron_2021', 'megatron_2022' or 'megatron_core'? (presets: deepspeed_zero3_2021, llm_foundry, megascale, megatron_2021, megatron_2022, megatron_core, torchtitan, torchtitan_async_tp, torchtitan_compile)")
raises_here(function() return gpus.h100_smx end, "dml.presets.gpus.h100_smx: no such preset; did you mean 'h100_sxm'? (presets: " .. gpu_names .. ")")
raises_here(function() return dml.presets.gpus.tpu_v5 end, "dml.presets.gpus.tpu_v5: no such preset (presets: " .. gpu_names .. ")")
local network_names = "ethernet_400g, ethernet_800g, infiniband_edr, infiniband_hdr, infiniband_ndr, infiniband_xdr, infinity_fabric_mi250x, infinity_fabric_mi300x, infinity_fabric_mi355x, nvl72, nvlink2_v100, nvlink3_a100, nvlink4_h100, nvlink5_b200, nvlink_a800, nvlink_h800, slingshot11"
raises_here(function() return networks.infiniband_nrd end, "dml.presets.networks.infiniband_nrd: no such preset; did you mean 'infiniband_ndr'? (presets: " .. network_names .. ")")
raises_here(function() return networks.nvlink_h100 end, "dml.presets.networks.nvlink_h100: no such preset; did you mean 'nvlink4_h100'? (presets: " .. network_names .. ")")
local stack_names = "deepspeed_zero3_2021, llm_foundry, megascale, megatron_2021, megatron_2022, megatron_core, torchtitan, torchtitan_async_tp, torchtitan_compile"
raises_here(function() return stacks.megatron_cor end, "dml.presets.stacks.megatron_cor: no such preset; did you mean 'megatron_core'? (presets: " .. stack_names .. ")")
raises_here(function() return stacks["llm-foundry"] end, "dml.presets.stacks[\"llm-foundry\"]: no such preset; did you mean 'llm_foundry'? (presets: " .. stack_names .. ")")

-- pairs lists every preset, ipairs none (they have names, not positions), rawget probes
t.eq(keys(gpus), gpu_names, "pairs over the GPU presets")
t.eq(keys(networks), network_names, "pairs over the network presets")
t.eq(keys(stacks), stack_names, "pairs over the stack presets")
for _ in ipairs(gpus) do error("ipairs over presets finds nothing") end
t.eq(#gpus, 0)
t.eq(rawget(gpus, "h100"), nil, "rawget probes a preset without an error")
t.eq(next(stacks) ~= nil, true, "next works")

-- presets are used, copied and derived as before; a preset record is a plain table
local cluster = dml.cluster { gpu = gpus.h100_sxm_low_latency, levels = { networks.nvlink4_h100, networks.infiniband_ndr } }
t.eq(cluster.gpu.name, "H100 SXM Low Latency")
t.eq(gpus.h100_sxm_low_latency.hbm_capacity, gpus.h100_sxm.hbm_capacity, "a copied preset")
-- a preset record is strict too: a field it leaves out reads as nil, a typo is an error
t.eq(gpus.h100_sxm.shared_memory_bandwidth, nil, "a field the preset leaves out")
-- (helper-107: InfiniBand's preset gives link; its bandwidth, which print shows, is the declared
-- level's: dml.level(preset).bandwidth, as language.md says)
t.eq(networks.infiniband_ndr.bandwidth, nil, "the preset does not write it")
t.eq(dml.level(networks.infiniband_ndr).bandwidth, dml.q"100 GB/s")
raises_here(function() return gpus.h100_sxm.memry end, "dml.presets.gpus.h100_sxm.memry: no such field (see dml --doc gpu)")
raises_here(function() return gpus.h100_sxm.hbm_capacty end, "dml.presets.gpus.h100_sxm.hbm_capacty: no such field; did you mean 'hbm_capacity'?")
raises_here(function() return gpus.h100_sxm.power.busy end, "dml.presets.gpus.h100_sxm.power.busy: no such field; did you mean 'busy_watts'?")
raises_here(function() return networks.infiniband_ndr.bandwith end, "dml.presets.networks.infiniband_ndr.bandwith: no such field; did you mean 'bandwidth'?")
raises_here(function() return stacks.megatron_core.tp_overlp end, "dml.presets.stacks.megatron_core.tp_overlp: no such field; did you mean 'tp_overlap'?")
t.eq(rawget(gpus.h100_sxm, "memry"), nil, "rawget probes a record without an error")
-- print shows a preset as its type prints it, after its path; a record inside it says what it is
t.eq(tostring(gpus.h100_sxm):find('dml.presets.gpus.h100_sxm = gpu {\n  name = "H100 SXM"', 1, true), 1)
t.eq(tostring(networks.infiniband_ndr):find("dml.presets.networks.infiniband_ndr = level {", 1, true), 1)
-- (and its fields, one a line, without their sources: helper-73 found a facility printed as its
-- path alone)
t.eq(tostring(gpus.h100_sxm.efficiency):find("dml.presets.gpus.h100_sxm.efficiency (a preset record)\n  attention = 0.283\n", 1, true), 1)
t.eq(tostring(gpus.h100_sxm.efficiency):find("sources", 1, true), nil)
t.eq(tostring(require("dml.presets.facilities").cloud_h100), "dml.presets.facilities.cloud_h100 (a preset record)\n"
  .. "  gpu_hour_price = 2.49\n  host_watts_per_gpu = 300\n  priced_gpu = H100 SXM\n  pue = 1.2")
local saved = {}
for k, v in pairs(gpus.h100_sxm) do saved[k] = v end
t.eq(saved.name, "H100 SXM", "pairs copies a record")
t.eq(stacks.megascale.weight_bytes, stacks.megatron_core.weight_bytes, "a derived preset")
t.eq(dml.stack(stacks.torchtitan_async_tp).tp_overlap, "overlapped")
t.eq(dml.gpu(gpus.h100_sxm, { name = "mine" }).name, "mine")
for name, gpu in pairs(gpus) do t.eq(dml.gpu(gpu).name, gpu.name, name .. " declares") end
for name, level in pairs(networks) do t.eq(dml.level(level).name, level.name, name .. " declares") end
for name, stack in pairs(stacks) do t.eq(dml.stack(stack).name, stack.name, name .. " declares") end

-- a scenario may still add its own presets
gpus.my_gpu = dml.gpu(gpus.h100_sxm, { name = "my GPU" })
t.eq(gpus.my_gpu.name, "my GPU")
gpus.my_gpu = nil

-- the paper's tables
local setting_names = "a100_sxm, a100_sxm_sparse, h100_sxm, h100_sxm_sparse, v100_sxm, v100_sxm_sparse"
raises_here(function() return paper.settings.h100 end, "dml.paper.erdil2024.settings.h100: no such setting; did you mean 'h100_sxm' or 'h100_sxm_sparse'? (settings: " .. setting_names .. ")")
raises_here(function() return paper.clusters["H100 SXM Low"] end, "dml.paper.erdil2024.clusters[\"H100 SXM Low\"]: no such cluster; did you mean 'H100 SXM Low Latency'? (clusters: A100 SXM, H100 SXM, H100 SXM Global NVLink, H100 SXM Global NVLink and LL, H100 SXM Infinite Network and LL, H100 SXM Low Latency, V100 SXM)")
local comparison_names = "base_comparison, base_comparison_sparse, batch_size_comparison, grand_comparison_dense, grand_comparison_sparse"
raises_here(function() return paper.comparisons.base end, "dml.paper.erdil2024.comparisons.base: no such comparison; did you mean 'base_comparison' or 'base_comparison_sparse'? (comparisons: " .. comparison_names .. ")")
-- through a paper function: the error names this line, not the stdlib's
raises_here(function() return (paper.run_comparison("grand_comparison")) end, "dml.paper.erdil2024.comparisons.grand_comparison: no such comparison; did you mean 'grand_comparison_dense' or 'grand_comparison_sparse'? (comparisons: " .. comparison_names .. ")")
raises_here(function() return (paper.run_comparison(3)) end, "no comparison '3'; the paper's are " .. comparison_names:gsub("batch_size_comparison, ", "") .. ", batch_size_comparison")
raises_here(function() return paper.setings end, "dml.paper.erdil2024.setings: no such name; did you mean 'settings'? (names: arguments, clusters, comparison_names, comparisons, grid, laws, main, round_list, run_comparison, seq_len, settings, tsv_columns, tsv_row, write_outputs)")
t.eq(keys(paper.settings), setting_names, "pairs over the paper's settings")
