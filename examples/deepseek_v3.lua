-- DeepSeek-V3 as DeepSeek trained it: 2,048 H800s, PP 16 (DualPipe) x EP 64 x DP 128 (ZeRO-1),
-- top-8 of 256 routed experts plus 1 shared, the first 3 layers dense, FP8 linears, each token
-- routed to at most 4 nodes and dispatched in FP8 (section 3.2.2 and 3.3.2).
-- Published (DeepSeek-AI 2024, "DeepSeek-V3 Technical Report", arXiv 2412.19437, sections 3.1-3.3
-- and 4.2, Table 1): 180K H800 GPU-hours per trillion tokens (3.7 days per trillion on 2,048
-- GPUs), 14.8T tokens, so about 1,543 tokens/s per GPU. That figure divides the whole run's
-- GPU-hours, so it includes what a step time does not (checkpoints, evaluations, restarts and
-- the batch-size ramp): a step-time prediction should come out somewhat above it.
-- It recomputes the norms and MLA's up-projections in the backward (section 3.2.3), as dml's
-- "norms" mode with recompute_mla_up does, and trains one multi-token-prediction module (section
-- 2.2: one more layer, a projection, and the output head and loss again, on the last stage).
-- Its FP8 linears keep FP8 copies of their inputs (the stack's saves_quantized_inputs, as
-- Transformer Engine does). Not modelled: DeepSeek's further low-precision storage (section
-- 3.3.2: the SwiGLU's input cached in FP8 and its output recomputed, the attention output in
-- E5M6), and the batch-size schedule (the final 15,360 sequences used). dml reports this layout
-- as not fitting in 80 GB (85 GiB, 56 of them activations); the step time is still the layout's.
local gpus = require "dml.presets.gpus"
local networks = require "dml.presets.networks"
local stacks = require "dml.presets.stacks"

local v3 = dml.transformer { name = "DeepSeek-V3", layers = 61, d_model = 7168, heads = 128,
  head_dim = 128, d_ff = 18432, vocab = 129280, seq_len = 4096,
  -- Multi-head latent attention (config.json: kv_lora_rank 512, q_lora_rank 1536,
  -- qk_rope_head_dim 64, v_head_dim 128).
  mla = { kv_rank = 512, q_rank = 1536, rope_dim = 64, v_dim = 128 },
  mtp_layers = 1,  -- num_nextn_predict_layers
  -- Group-limited routing (config.json: n_group 8, topk_group 4): on EP 64 over 8 nodes each
  -- group is one node's 32 experts, so a token reaches at most 4 nodes (section 3.2.2's M = 4;
  -- `max_nodes = 4` says the same for this layout only).
  moe = { experts = 256, top_k = 8, shared_experts = 1, expert_d_ff = 2048, dense_layers = 3,
    groups = 8, group_top_k = 4 } }
-- DualPipe runs a forward and a backward chunk side by side, each all-to-all under the other's
-- attention or experts (section 3.2.1, Figure 4); dml pairs them under the dualpipe schedule.
-- Its dispatch kernels send a token over InfiniBand once per node, to the GPU of the same index,
-- which forwards it over NVLink (section 3.2.2): the stack's token-based dispatcher. (With the
-- all-to-all dispatcher every routed copy crosses on its own, and the 4-node limit saves nothing:
-- 1,510 tokens/s per GPU.)
local stack = dml.stack(stacks.megatron_core, { name = "DeepSeek-V3's own", tp_overlap = "none",
  dispatcher = "token", dualpipe = true })  -- its framework runs DualPipe (section 3.2.1)
local cluster = dml.cluster { gpu = gpus.h800_sxm, size = 2048,
  levels = { networks.nvlink_h800, networks.infiniband_ndr } }
local run = dml.run { model = v3, cluster = cluster, stack = stack, global_batch = 15360,
  tokens = "14.8e12 tokens", precision = "fp8", dispatch_precision = "fp8" }

local plan = dml.evaluate(run, { tp = 1, pp = 16, dp = 128, ep = 64, schedule = "dualpipe",
  microbatch = 1, zero = 1, recompute = "norms", recompute_mla_up = true })
print(plan)
print(string.format("DeepSeek-V3 on 2,048 H800s: dml %.0f tokens/s per GPU, %.0f days for 14.8T tokens%s; published about 1,543 tokens/s per GPU, 54.2 days",
  plan.tokens_per_second_per_gpu, plan.time_to_train:value("s") / 86400,
  plan.feasible and "" or " (a layout over dml's memory model, above: its FP8 activation storage is not modelled)"))
