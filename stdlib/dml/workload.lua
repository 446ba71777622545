--- dml.workload: the declared types for what is trained and how: a model
--- (the paper's stack of MLP blocks), a run (model + cluster + batch + time
--- budget), the paper's fixed knobs (options), and a parallel layout.
--- Field names are the C++ core's (model/include/dml/workload.hpp, layout.hpp,
--- evaluate.hpp).
local schema = require "dml.schema"
local core = require "dml.core"
local hardware = require "dml.hardware"

local M = {}

M.mlp_stack_schema = {
  name = "mlp_stack", title = "an MLP-stack model",
  doc = "The paper's model: L identical MLP blocks (no attention), dense or mixture-of-experts with top-1 routing (Erdil & Schneider-Joseph 2024, section 1.1).",
  fields = {
    { "d_model", "count", doc = "D: model width" },
    { "d_ff", "count", optional = true, doc = "F: hidden width of each MLP; default 4 x d_model, as in the paper" },
    { "layers", "count", optional = true,
      doc = "L: number of MLP blocks; default the paper's depth law, round_list(0.10056 (D F)^0.3751)" },
    { "experts", "count", default = 1, doc = "E: experts per layer, each token routed to one; 1 is dense" },
    { "name", "string", optional = true, doc = "a label for tables" },
  },
}

M.options_schema = {
  name = "options", title = "the model's options",
  doc = "Knobs the paper fixes, with its values as defaults (spec sections 2.1 and 2.4).",
  fields = {
    { "overlap_tp", "boolean", default = true, doc = "TP all-reduces overlap the matmuls" },
    { "overlap_pp", "boolean", default = true, doc = "PP/EP point-to-point transfers overlap the matmuls" },
    { "overlap_dp", "boolean", default = false, doc = "the DP gradient all-reduce overlaps the pipeline" },
    { "zero_bubble", "boolean", default = true, doc = "the search may use the zero-bubble pipeline schedule" },
    { "interleaving", "boolean", default = true, doc = "1F1B runs layers / pp interleaved chunks per stage" },
    { "zero_bubble_latency_quirk", "boolean", default = true,
      doc = "reproduce the paper's code, which drops the pipeline latency of zero-bubble layouts (spec 2.4 step 6)" },
    { "microbatch_candidates", "count", max = 1024, default = 4, doc = "1F1B: the smallest this many valid microbatch counts are tried" },
    { "zero_bubble_microbatch_candidates", "count", max = 1024, default = 1,
      doc = "zero-bubble: the smallest this many valid microbatch counts are tried" },
    { "optimizer_words_per_param", "number", min = 0, default = 4,
      doc = "optimizer state per parameter in words (sharded over DP); 4 words of 2 B is the paper's 8 B" },
    { "max_doublings", "count", max = 100, default = 60, doc = "cluster sizes tried: experts x 2^i for i below this" },
    { "duration", "time", optional = true,
      doc = "time budget of a run; default the paper's 0.25 years of 3.154e7 s (a run's own duration wins)" },
  },
}

M.run_schema = {
  name = "run", title = "a training run",
  doc = "What is trained, on what, with which batch and time budget.",
  fields = {
    { "model", "record", of = M.mlp_stack_schema, doc = "the model (dml.mlp_stack)" },
    { "cluster", "record", of = hardware.cluster_schema, doc = "the hardware (dml.cluster)" },
    { "batch", "enum", allowed = { "paper", "fixed", "deepseek" }, default = "paper",
      doc = "batch rule: the paper's default (4 Mi tokens at 3e23 FLOP, growing as C^(1/6) and sqrt(E)), fixed 4 Mi tokens, or DeepSeek's fit" },
    { "batch_tokens", "count", optional = true,
      doc = "the global batch in tokens, instead of the rule (a multiple of seq_len)" },
    { "seq_len", "count", default = 2048, doc = "tokens per sequence" },
    { "tokens_per_param", "count", default = 20,
      doc = "dataset size: this many tokens per (total) parameter; 20 is Chinchilla's rule" },
    { "duration", "time", optional = true,
      doc = "time budget of the run; default the paper's 0.25 years of 3.154e7 s (about 91.3 days)" },
    { "options", "record", of = M.options_schema, optional = true, doc = "the paper's fixed knobs (dml.options)" },
  },
}
M.run_schema.check = function(r, path)
  if r.batch_tokens and r.batch_tokens % r.seq_len ~= 0 then
    core.raise(string.format("%s.batch_tokens: %d is not a whole number of %d-token sequences",
      path, r.batch_tokens, r.seq_len))
  end
end

M.tp_schema = {
  name = "tp", title = "a 2D tensor-parallel degree",
  doc = "2D tensor parallelism: the weights are sharded into (d_ff / ff) x (d_model / model) blocks.",
  -- { 4, 8 } is { model = 4, ff = 8 }
  normalize = function(v)
    if type(v) == "table" and getmetatable(v) == nil and v[1] ~= nil then
      local out = { model = v[1], ff = v[2] }
      for k, x in pairs(v) do
        if k ~= 1 and k ~= 2 then out[k] = x end
      end
      return out
    end
    return v
  end,
  fields = {
    { "model", "count", default = 1, doc = "shards of the d_model dimension" },
    { "ff", "count", default = 1, doc = "shards of the d_ff dimension" },
  },
}

M.split_schema = {
  name = "split", title = "a split of the degrees across network levels",
  doc = "How each degree is split across the network levels, innermost first: one entry per level.",
  fields = {
    { "dp", "counts", doc = "data parallelism per level" },
    { "tp_model", "counts", doc = "d_model tensor parallelism per level" },
    { "tp_ff", "counts", doc = "d_ff tensor parallelism per level" },
    { "pp", "counts", doc = "pipeline parallelism per level" },
    { "ep", "counts", doc = "expert parallelism per level" },
  },
}

M.layout_schema = {
  name = "layout", title = "a parallel layout",
  doc = "How a run is spread over GPUs: the number of GPUs is dp x tp.model x tp.ff x pp x ep.",
  fields = {
    { "dp", "count", default = 1, doc = "data-parallel replicas" },
    { "tp", "record", of = M.tp_schema, default = { model = 1, ff = 1 },
      doc = "2D tensor parallelism: { model = 4, ff = 8 } or { 4, 8 }" },
    { "pp", "count", default = 1, doc = "pipeline stages" },
    { "ep", "count", default = 1, doc = "expert-parallel ranks" },
    { "microbatches", "count", default = 1, doc = "m: microbatches per pipeline per batch" },
    { "zero_bubble", "boolean", default = false, doc = "zero-bubble schedule instead of 1F1B" },
    { "interleave", "count", optional = true,
      doc = "v: interleaved 1F1B chunks per stage; default the paper's rule (layers / pp for 1F1B with pp > 1)" },
    { "split", "record", of = M.split_schema, optional = true,
      doc = "the per-level split of each degree; default the fastest" },
  },
}

M.mlp_stack = schema.define(M.mlp_stack_schema)
M.options = schema.define(M.options_schema)
M.run = schema.define(M.run_schema)
schema.define(M.tp_schema)
schema.define(M.split_schema)
M.layout = schema.define(M.layout_schema)

return M
