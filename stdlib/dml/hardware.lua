--- dml.hardware: the declared types for hardware: a GPU, a network level, a cluster.
--- Field names are the C++ core's (model/include/dml/hardware.hpp).
local schema = require "dml.schema"
local core = require "dml.core"

local M = {}

local precisions = {
  name = "flop_per_clock_per_thread", title = "FLOP per clock per thread, by precision",
  doc = "Dense tensor-core FLOP per clock cycle per thread, for each precision.",
  fields = {
    { "fp16", "number", above = 0, doc = "16-bit (the precision the paper's model trains in)" },
    { "fp32", "number", above = 0, optional = true, doc = "32-bit" },
    { "fp8", "number", above = 0, optional = true, doc = "8-bit" },
  },
}
schema.define(precisions)

M.gpu_schema = {
  name = "gpu", title = "a GPU",
  doc = "One accelerator: arithmetic throughput and the memory hierarchy of the paper's matmul model (Erdil & Schneider-Joseph 2024, section 3).",
  fields = {
    { "name", "string", doc = "a label for tables and plots, e.g. \"H100 SXM\"" },
    { "flop_per_clock_per_thread", "record", of = precisions,
      doc = "dense FLOP per clock per thread, by precision (threads = 128 per SM)" },
    { "sms", "count", doc = "streaming multiprocessors" },
    { "clock", "frequency", doc = "maximum (boost) clock, e.g. \"1830 MHz\"" },
    { "bitwidth", "enum", allowed = { 16, 32, 8 }, default = 16,
      doc = "training precision in bits: weights, activations and communication use bitwidth/8-byte words" },
    { "effective_utilization", "number", above = 0, max = 1,
      doc = "fraction of peak a long sequence of large matmuls sustains (0.7 for the H100)" },
    { "hbm_bandwidth", "bandwidth", doc = "HBM (global memory) bandwidth" },
    { "hbm_capacity", "bytes", doc = "HBM capacity" },
    { "l2_bandwidth", "bandwidth", doc = "L2 cache bandwidth" },
    { "l2_size", "bytes", doc = "L2 cache size (the model uses 75% of it)" },
    { "shared_memory_bandwidth", "bandwidth", optional = true,
      doc = "shared-memory bandwidth; omit for the paper's 32 banks x 4 B per cycle per SM at the effective clock" },
    { "register_file", "bytes", default = "64 KiB",
      doc = "register file per processing block (4 per SM; the model uses 75% of it)" },
    { "dsmem", "boolean", default = false,
      doc = "distributed shared memory with multicast between SMs (Hopper and later)" },
    { "matmul_latency", "time", nonnegative = true, default = "4.5 us",
      doc = "fixed time every matmul call costs, however small" },
    { "tensor_core_granule", "count", default = 8,
      doc = "matmul dimensions are padded to a multiple of this" },
    { "sources", "sources", optional = true, doc = "where each number comes from: field name -> citation" },
  },
}

M.gpu_schema.check = function(g, path)
  local key = "fp" .. g.bitwidth
  if not g.flop_per_clock_per_thread[key] then
    core.raise(string.format("%s.flop_per_clock_per_thread.%s: required for bitwidth = %d (the precision it trains in)",
      path, key, g.bitwidth))
  end
end

M.level_schema = {
  name = "level", title = "a network level",
  doc = "One level of the network, innermost first: `size` groups of the level below (GPUs, at the innermost level) joined by links of this bandwidth and latency.",
  fields = {
    { "name", "string", optional = true, doc = "a label, e.g. \"nvlink\" or \"infiniband\"" },
    { "size", "count", optional = true,
      doc = "groups of the level below joined at this level (GPUs, for the innermost level: 8 for an NVLink node); omit on the outermost level, which spans the cluster" },
    { "bandwidth", "bandwidth", allow_infinite = true,
      doc = "per-GPU bidirectional bandwidth at this level (H100 NVLink: \"900 GB/s\")" },
    { "latency", "time", nonnegative = true, doc = "latency of one message at this level" },
    { "sources", "sources", optional = true, doc = "where each number comes from: field name -> citation" },
  },
}

M.cluster_schema = {
  name = "cluster", title = "a cluster",
  doc = "GPUs and the levels of the network between them.",
  fields = {
    { "gpu", "record", of = M.gpu_schema, doc = "the accelerator (see dml.presets.gpus)" },
    { "levels", "list", of = M.level_schema, doc = "network levels, innermost first" },
    { "size", "count", optional = true,
      doc = "number of GPUs; omit to let the search choose the smallest cluster that meets the duration" },
  },
  check = function(c, path)
    local n = #c.levels
    local product = 1
    for i, level in ipairs(c.levels) do
      local lpath = string.format("%s.levels[%d]", path, i)
      if i < n and level.size == nil then
        core.raise(lpath .. ".size: required on every level but the outermost (how many groups of the level below it joins)")
      end
      if i == n and level.size ~= nil then
        core.raise(lpath .. ".size: the outermost level spans the whole cluster; give the cluster's size instead")
      end
      if level.size then
        if level.size < 2 then
          core.raise(string.format("%s.size: a level joins at least 2 groups of the level below, got %d", lpath, level.size))
        end
        product = product * level.size
        if c.size and product > c.size then
          core.raise(string.format("%s.size: a group at this level holds %d GPUs, more than the cluster's %d",
            lpath, product, c.size))
        end
      end
    end
    if c.size and c.size % product ~= 0 then
      core.raise(string.format("%s.size: %d GPUs is not a whole number of level-%d groups of %d GPUs",
        path, c.size, n - 1, product))
    end
  end,
}

M.gpu = schema.define(M.gpu_schema)
M.level = schema.define(M.level_schema)
M.cluster = schema.define(M.cluster_schema)

return M
