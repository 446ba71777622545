-- clusters: cluster definitions shared by scenarios (a scenario library; see
-- docs/libraries.md). Each function returns a dml.cluster value; the cluster
-- size is left to the search unless `size` is given.
--   local clusters = require "lib.clusters"
--   local c = clusters.h100_ndr()            -- 8-GPU NVLink nodes on NDR InfiniBand
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"

local M = { version = "1.0.0" }

local function build(gpu, scale_up, scale_out, size)
  return dml.cluster { gpu = gpu, levels = { scale_up, scale_out }, size = size }
end

--- H100 SXM, 8-GPU NVLink 4 nodes, one 400 Gb/s NDR port per GPU.
function M.h100_ndr(size) return build(gpus.h100_sxm, networks.nvlink4_h100, networks.infiniband_ndr, size) end
--- H100 SXM, 8-GPU NVLink 4 nodes, one 800 Gb/s XDR port per GPU.
function M.h100_xdr(size) return build(gpus.h100_sxm, networks.nvlink4_h100, networks.infiniband_xdr, size) end
--- B200, 8-GPU NVLink 5 nodes, XDR InfiniBand.
function M.b200_xdr(size) return build(gpus.b200, networks.nvlink5_b200, networks.infiniband_xdr, size) end
--- B200 in 72-GPU NVLink 5 domains (NVL72 racks), XDR InfiniBand between racks.
function M.b200_nvl72(size) return build(gpus.b200, networks.nvl72, networks.infiniband_xdr, size) end

--- with_scale_out(cluster, bandwidth): the same cluster with another per-GPU
--- bandwidth on its outermost level.
function M.with_scale_out(cluster, bandwidth)
  local levels = {}
  for i, l in ipairs(cluster.levels) do levels[i] = l end
  levels[#levels] = dml.level(levels[#levels], { bandwidth = bandwidth })
  return dml.cluster(cluster, { levels = levels })
end

return M
