--- dml.presets.stacks: software stacks for transformer runs (see `dml --doc stack`),
--- as data. A stack says how a framework runs a step: its attention kernel, how
--- much its element-wise ops cost, which communication it overlaps, the bytes it
--- keeps per parameter. Use one as it is (`stack = stacks.megatron_core`) or
--- change it: `dml.stack(stacks.megatron_core, { tp_overlap = "backward" })`.
---
--- Every value the realistic model's calibration concerns (dml.calibration_parameters) has a
--- source saying how it was obtained: "fit" names the rows of the public measured runs
--- (tests/validation/measured/public.tsv) the realistic model's prototype fitted it on
--- (docs/calibration.md); "estimate" has no measured run behind it; "none" is a neutral value
--- for a feature the stack does not have. Other values cite their source; "inf" marks a
--- modelling choice.
local _, core = ...  -- dml.core, from the loader (no global lookup: a script may replace select)
local M = {}

local function stack(t) return t end

-- A stack that differs from `base` in `changes` (their sources added to the base's).
local function derive(base, changes)
  local t, sources = {}, {}
  for k, v in pairs(base) do if k ~= "sources" then t[k] = v end end
  for k, v in pairs(base.sources) do sources[k] = v end
  for k, v in pairs(changes) do if k ~= "sources" then t[k] = v end end
  for k, v in pairs(changes.sources or {}) do sources[k] = v end
  t.sources = sources
  return t
end
local proto = "fit (the realistic model's prototype, docs/calibration.md): weighted least squares of log step time on "
local proto_fit = proto .. "every dense tier A, A- and B row of tests/validation/measured/public.tsv, one value for every stack"
local fit_tp_hidden = proto .. "the rows of the stacks that overlap TP communication (MS-T2, MLM-H100-weak, MLM-llama-fp8, NeMo2407, MBridge, TT-asyncTP), one value for all"
local fit_slowdown = proto .. "every dense tier A, A- and B row of tests/validation/measured/public.tsv, one value for every stack; at its upper bound"
local fit_eager = proto .. "the eager torchtitan rows (TT-T1, TT-T3)"
local tp_not_overlapped = "none: unused unless tp_overlap is \"overlapped\""
local launch = "estimate: a typical NCCL collective launch (8 us), held fixed by the prototype, not fitted"
local no_step_overhead = "none: no per-step cost beyond the modelled terms (the prototype fitted none)"
local no_ep_overlap = "none: this stack does not overlap the expert all-to-all with other compute"

-- A base stack's sources: these for the calibration's values, then `own`, then `sources` (each
-- later one wins).
local function calibration_sources(sources, own)
  local t = { collective_launch = launch, step_overhead = no_step_overhead, ep_hidden_fraction = no_ep_overlap,
              overlap_slowdown = fit_slowdown, layer_overhead = proto_fit }
  for k, v in pairs(own) do t[k] = v end
  for k, v in pairs(sources) do t[k] = v end
  return t
end
local megatron_state = "Megatron-LM docs/source/api-guide/dist_optimizer.md: bf16 weights 2 B, fp32 main gradients 4 B, fp32 master weights, Adam m and v 12 B"
-- The loss's bytes per logit, counted op by op from each framework's code (docs/model.md 8.2).
local megatron_loss = "Megatron-LM's vocab_parallel_cross_entropy on output.float() (megatron/mpu/cross_entropy.py; megatron/core/tensor_parallel/cross_entropy.py): cast to fp32 6 B, max 4, subtract 8, exp 8, sum 4, divide 8; backward: scale by the loss gradient 8, cast back 6"
local adam_traffic = "inf: mixed-precision Adam reads and writes the fp32 master, m and v (24 B), reads the fp32 gradient (4 B), writes the 16-bit weight (2 B)"
-- Fused attention at head width 64 against 128 (docs/model.md 8.2): Shah et al. 2024
-- (FlashAttention-3, arXiv 2407.08608) Figures 5 and 6, H100 SXM5, bf16, no causal mask, 8k
-- tokens, the bars' labels; above 128 the backward is not measured, and dml keeps the 128 rate.
local fa2_by_width = "measured: Shah et al. 2024 (arXiv 2407.08608) Figures 5-6, H100 SXM5 bf16, 8k tokens, non-causal: FlashAttention-2 forward 322 TFLOP/s at head width 64 against 370 at 128 (0.870), backward 287 against 318 (0.903)"
local cudnn_by_width = "measured: Shah et al. 2024 (arXiv 2407.08608) Figures 5-6, H100 SXM5 bf16, 8k tokens, non-causal: cuDNN forward 412 TFLOP/s at head width 64 against 600 at 128 (0.687), backward 432 against 518 (0.834)"
local unfused_width = "none: the unfused kernel is modelled as batched GEMMs of width d_h"

-- Ring context parallelism's bookkeeping per ring step after the first (docs/model.md 8.8),
-- counted op by op on the busiest rank of the load-balanced ring (it runs every later step on
-- its whole query and half the received keys).
local te_ring = "Transformer Engine 2.x's AttnFuncWithCPAndKVP2P (dot_product_attention/context_parallel.py): the keys and values go to the next rank from the buffer they arrived in (no copy per step); forward, flash_attn_fwd_out_correction (jit-fused) adds the step's rescaled output into the running one, in the input's dtype (out_correction_init returns .to(out_init_step.dtype)): read 2 + 2 B, write 2; backward, dq.add_(dq_) reads 2 + 2 and writes 2; the busiest rank's later steps cover the first half of the received keys, so dk[0].add_(dk_) and dv[0].add_(dv_) move 6 B per element of that half, 3 per key or value element (the last step's full-width add, and TE 1.x's torch.cat of dk_ and dv_, not counted)"
local torch_ring = "PyTorch's ring attention (torch/distributed/tensor/experimental/_attention.py, December 2024: _templated_ring_attention and its backward, _SDPAMerger with _ContextParallelOptions.convert_to_f32 = True, the default in every version read, which torchtitan at 9dec370 does not change; its docs/converging.md says CP accumulates in bf16)"
local torch_ring_eager = torch_ring .. ", each op a kernel. Forward: the step's output cast to fp32 (read 2, write 4), out - sigmoid(lse_step - lse) * (out - out_step) (three ops: 12 + 8 + 12); keys and values torch.cat into the exchange buffer (2 + 2 per element). Backward: grad_query += the step's bf16 part in fp32 (4 + 2 + 4); the fp32 key/value gradient received from the ring gets the step's part added to its first half and is rebuilt by torch.cat (5 + 8 per element), concatenated again to be sent (8), and the keys and values copied for the exchange (4). Once per layer and not counted: the first step's cast, the zeroed gradients and the final casts (about 12 B per output element forward, 20 per query and 36 per key or value element backward)"
local torch_ring_compiled = torch_ring .. ", traced into the compiled block: torchtitan compiles each TransformerBlock with torch.compile(fullgraph=True) (torchtitan/parallelisms/parallelize_llama.py at 9dec370), so a graph break would have stopped the benchmark's CP runs, and Inductor is torch.compile's default backend. inf: Inductor fuses each step's merge into one kernel, read the fp32 running output 4 and the step's output 2, write 4; the keys and values concatenated at each later step are dead under torchtitan's default all-gather rotater (_AllGatherRotater ignores every buffer after the first) and eliminated, 0; backward, grad_query accumulation 4 + 2 + 4, and the received fp32 key/value gradient plus the step's half-width part written once into the buffer sent on (4 + 1 + 4)"
local repeat_kv = "torchtitan models/llama/model.py (December 2024): repeat_kv expands the keys and values to every query head before F.scaled_dot_product_attention"

M.megatron_2021 = stack {
  name = "megatron-2021",
  attention = "unfused", dropout = true, elementwise_factor = 1,
  tp_overlap = "none", dp_overlap = false, param_gather_overlap = false, p2p_overlap = false,
  scatter_gather_sends = true, attention_d64_forward = 1, attention_d64_backward = 1,
  has_sequence_parallel = false, has_context_parallel = false,
  default_zero = 0, zero_stages = { 0 }, weight_bytes = 2, gradient_bytes = 4, optimizer_bytes = 12,
  gradient_reduce_bytes = 2, optimizer_traffic = 30, loss_traffic = 52, layer_overhead = "26 us",
  sources = calibration_sources({
    attention = "Narayanan et al. 2021 (arXiv 2104.04473): Megatron-LM v2 computes the full s x s scores with fused softmax, then masks",
    zero_stages = "Narayanan et al. 2021: data parallelism all-reduces whole gradients; Megatron-LM had no optimizer sharding (its distributed optimizer, --use-distributed-optimizer, came later) and no FSDP",
    loss_traffic = megatron_loss,
    dropout = "GPT-3 style training with dropout 0.1 (Megatron-LM v2 defaults)",
    elementwise_factor = "inf: Narayanan et al. 2021 section 4.2 fuses bias-GeLU, bias-dropout-add and scale-mask-softmax (factor 1)",
    tp_overlap = "Narayanan et al. 2021: tensor-parallel all-reduces on the critical path",
    dp_overlap = "inf: the paper's DP runs reduce gradients after the pipeline flush",
    p2p_overlap = "Narayanan et al. 2021 section 4.1: scatter/gather sends, not overlapped",
    attention_d64_forward = unfused_width, attention_d64_backward = unfused_width,
    has_sequence_parallel = "none: sequence parallelism came with Korthikanti et al. 2022 (Megatron-LM 2022)",
    has_context_parallel = "none: Megatron's context parallelism (--context-parallel-size) came with Megatron-Core in 2023-24, after the 2021 and 2022 papers' code",
    scatter_gather_sends = "Narayanan et al. 2021 section 4.1 (the scatter/gather optimization; Megatron-LM's --scatter-gather-tensors-in-pipeline, on by default)",
    weight_bytes = megatron_state, gradient_bytes = megatron_state, optimizer_bytes = megatron_state,
    optimizer_traffic = adam_traffic,
  }, { tp_hidden_fraction = tp_not_overlapped }),
}

M.megatron_2022 = derive(M.megatron_2021, {
  name = "megatron-2022", tp_overlap = "backward", has_sequence_parallel = true, zero_stages = { 0, 1 },
  sources = {
    zero_stages = "inf: plain data parallelism or Megatron-LM's distributed optimizer (--use-distributed-optimizer, ZeRO 1's sharding: MegaScale's Megatron-LM baseline of 2023-24 runs it); no ZeRO 2 or FSDP",
    has_sequence_parallel = "Korthikanti et al. 2022 (arXiv 2205.05198) section 4.2.2: Megatron-LM's sequence parallelism",
    attention = "Korthikanti et al. 2022 (arXiv 2205.05198): unfused attention, made cheap in memory by selective recompute",
    tp_overlap = "Megatron-LM commit cf7efd4f5a (Aug 2021): the column-parallel input-gradient all-reduce runs under the weight-gradient GEMM",
    dp_overlap = "Korthikanti et al. 2022 section 6: no gradient all-reduce overlap in its runs",
  },
})

M.megatron_core = stack {
  name = "megatron-core",
  attention = "flash3", dropout = false, elementwise_factor = 1,
  tp_overlap = "overlapped", tp_hidden_fraction = 0.7, overlap_slowdown = 0.3,
  dp_overlap = true, param_gather_overlap = true, p2p_overlap = true,
  default_zero = 1, weight_bytes = 2, gradient_bytes = 4, optimizer_bytes = 12,
  gradient_reduce_bytes = 2, optimizer_traffic = 30, loss_traffic = 40, permute_traffic = 4,
  expert_bias_traffic = 30, glu_clamp_traffic = 36, saves_quantized_inputs = true, recompute_norms = true, recompute_modules = true, layer_overhead = "26 us", attention_d64_forward = 0.687,
  offloads_activations = true,
  attention_d64_backward = 0.834,
  ring_out_traffic = 6, ring_kv_traffic = 0, ring_grad_traffic = 6, ring_kv_grad_traffic = 3, repeats_kv = false,
  sources = calibration_sources({
    ring_out_traffic = te_ring, ring_kv_traffic = te_ring, ring_grad_traffic = te_ring, ring_kv_grad_traffic = te_ring,
    repeats_kv = "Transformer Engine's fused attention takes the g key/value heads as they are (GQA)",
    attention_d64_forward = cudnn_by_width, attention_d64_backward = cudnn_by_width,
    offloads_activations = "Megatron-Core's cpu_offloading and cpu_offloading_num_layers (megatron/core/transformer/transformer_config.py), run by Transformer Engine's AsyncDoubleBufferGroupOffloadHandler (transformer_engine/pytorch/cpu_offload.py, v2.8); Megatron-Bridge's Llama 3 70B recipes on GB200 and GB300 use it (v0.2.0 scripts/performance/configs/llama3/workload_base_configs.py)",
    recompute_modules = "Megatron-Core's recompute_modules mla_up_proj and moe_act (megatron/core/transformer/transformer_config.py), which Megatron-Bridge's DeepSeek-V3 and GPT-OSS recipes use",
    recompute_norms = "Megatron-Core 0.13 and later: --recompute-granularity selective --recompute-modules layernorm recomputes input_layernorm and pre_mlp_layernorm with output-discarding checkpointing (megatron/core/transformer/transformer_config.py, recompute_modules)",
    permute_traffic = "Megatron-Core's alltoall token dispatcher with moe_permute_fusion (core_v0.14.0 megatron/core/transformer/moe/token_dispatcher.py and moe_utils.py; Transformer Engine 2.8's fused permute and unpermute), which Megatron-Bridge's Qwen3, DeepSeek-V3 and GPT-OSS providers turn on: the permute writes each of a token's k copies (2 B per element) and the unpermute reads them back (2 B), summing them without the routing probabilities (those are applied in the experts' weighted SwiGLU); the model adds the per-token read and write and, with several experts on a rank, the sort of the received copies by expert and back (8 B). Unfused (index_select and scatter_add_) it is about 6 B",
    attention = "Transformer Engine's cuDNN fused attention (FlashAttention-3 class on Hopper; FlashAttention-2 speed on Ampere)",
    saves_quantized_inputs = "Transformer Engine's Linear, LayerNormLinear and GroupedLinear (transformer_engine/pytorch/module/linear.py, forward: \"Cached input tensor\", saved_inputmat = inputmat, the quantized input with its row-wise data discarded, \"not needed in backward pass\"): FP8 and FP4 runs keep 1 byte an element of each linear's input for the weight gradient",
    expert_bias_traffic = "Megatron-Core core_v0.15.0 to core_v0.17.0, megatron/core/transformer/moe/experts.py (TEGroupedMLP.forward; the expert bias path came with commit a329dd6da5, \"Enable bias in expert mlp [gpt-oss 5/5]\"), counted op by op: the first linear's bias is added inside the grouped GEMM (free); the second's is added per local expert in eager PyTorch (torch.split, t + b x p with the routing probability, torch.cat): about 12 B per element forward and 18 backward (its bias and probability gradients), 2-byte tensors",
    glu_clamp_traffic = "Megatron-Core core_v0.15.0 to core_v0.17.0, megatron/core/transformer/moe/experts.py and megatron/core/fusions/fused_bias_geglu.py, counted op by op: GPT-OSS's clamp (activation_func_clamp_value) runs in eager PyTorch before the compiled weighted quick-GEGLU (chunk, two clamps, torch.cat: 16 B per element of the expert width forward, about 20 backward), and again when moe_act is recomputed; Megatron-Core's fused grouped-MLP kernels of 2026 (cutedsl_fused_grouped_mlp) fuse it",
    loss_traffic = "Megatron-Core's fused cross-entropy (megatron/core/fusions/fused_cross_entropy.py; cross_entropy_loss_fusion, on in NeMo's and Megatron-Bridge's model configs): cast and max 6 B, subtract-exp 8, sum 4, divide 8; backward: scale 8, cast back 6. Unfused (Megatron-LM's default) it is 52 B; Transformer Engine's fused kernel (cross_entropy_fusion_impl = \"te\") moves less",
    tp_overlap = "Megatron-Core --tp-comm-overlap (userbuffers) in the performance recipes",
    tp_hidden_fraction = fit_tp_hidden,
    elementwise_factor = "inf: Transformer Engine's fused norms, activations and RoPE (factor 1)",
    dp_overlap = "Megatron-Core --overlap-grad-reduce", param_gather_overlap = "Megatron-Core --overlap-param-gather",
    p2p_overlap = "Megatron-Core --overlap-p2p-comm",
    ep_overlap = "off: Megatron-Core's default (overlap_moe_expert_parallel_comm = False); Megatron-Bridge's performance scripts turn it on for some MoE runs (DeepSeek-V3 on H100 in r0.1.0's scripts/performance/run_script.py, Qwen3-235B on H100 in v0.2.0's configs/qwen3/workload_base_configs.py): set ep_overlap = true for those",
    default_zero = "Megatron-Core --use-distributed-optimizer (ZeRO-1) in the performance recipes",
    weight_bytes = megatron_state, gradient_bytes = megatron_state, optimizer_bytes = megatron_state,
    optimizer_traffic = adam_traffic,
    gradient_reduce_bytes = "Megatron-Bridge's performance recipes reduce gradients in bf16 (scripts/performance/configs/*: ddp.grad_reduce_in_fp32 = False); Megatron-LM's own default for bf16 is fp32 (4 B: megatron/training/arguments.py forces accumulate_allreduce_grads_in_fp32 unless --grad-reduce-in-bf16)",
  }, {}),
}

M.torchtitan = stack {
  name = "torchtitan",
  attention = "flash", dropout = false, elementwise_factor = 2.9,
  tp_overlap = "none", dp_overlap = true, param_gather_overlap = true, p2p_overlap = true,
  default_zero = 3, zero_stages = { 0, 2, 3 }, weight_bytes = 4, gradient_bytes = 4, optimizer_bytes = 8,
  gradient_reduce_bytes = 4, optimizer_traffic = 30, loss_traffic = 48, layer_overhead = "26 us",
  fused_projections = false, attention_d64_forward = 0.870, attention_d64_backward = 0.903,
  zero2_regathers = true, pipeline_defers_sharding = true,
  ring_out_traffic = 38, ring_kv_traffic = 4, ring_grad_traffic = 10, ring_kv_grad_traffic = 25, repeats_kv = true,
  sources = calibration_sources({
    attention = "PyTorch SDPA's FlashAttention-2 backend",
    ring_out_traffic = torch_ring_eager, ring_kv_traffic = torch_ring_eager,
    ring_grad_traffic = torch_ring_eager, ring_kv_grad_traffic = torch_ring_eager, repeats_kv = repeat_kv,
    attention_d64_forward = fa2_by_width, attention_d64_backward = fa2_by_width,
    loss_traffic = "torchtitan's loss (train.py, December 2024), F.cross_entropy(pred.float(), labels) in eager PyTorch (compiling the loss was turned off on 2024-12-18; torch.compile wraps the transformer blocks): cast 6 B; log_softmax (aten/src/ATen/native/cuda/SoftMax.cu, a row too long for shared memory: max, sum and output passes) 16; nll_loss's backward zeroes a gradient 4 (aten/src/ATen/native/cuda/Loss.cu); log_softmax's backward (a sum pass, then the gradient) 16; cast back 6",
    offloads_activations = "none: torchtitan at 9dec370 offloads FSDP2's parameters, gradients and optimizer state to the host (--training.enable_cpu_offload), not activations; its later experiments/graph_trainer offloads activations another way, not modelled",
    fused_projections = "torchtitan models/llama3/model.py: separate wq, wk, wv and w1, w3 linears (each a Float8Linear under float8 training)",
    elementwise_factor = fit_eager .. ": eager RMSNorm and RoPE upcast to fp32 in many kernels",
    tp_overlap = "DTensor TP without async-TP: collectives on the critical path",
    default_zero = "FSDP2 (fully_shard) over the data-parallel mesh",
    zero_stages = "torchtitan's data parallelism: DDP (ZeRO 0) or FSDP2's fully_shard, which shards the parameters, gradients and optimizer state together, resharding after forward (ZeRO 3) or not (ZeRO 2); no optimizer-only sharding (ZeRO 1)",
    weight_bytes = "FSDP2 mixed precision: fp32 sharded parameters, bf16 gathered for compute",
    zero2_regathers = "FSDP2 reshards after backward by default (FSDPModule.set_reshard_after_backward, True unless set), and torchtitan's gradient accumulation calls forward and backward per microbatch without turning it off: each microbatch's forward gathers again",
    pipeline_defers_sharding = "torchtitan's apply_fsdp: reshard_after_forward = not pp_enabled ('to avoid per-microbatch all-gathers'); torch.distributed.pipelining's PipelineStage.backward_maybe_with_nosync sets set_reshard_after_backward(False) and set_requires_gradient_sync(False) on an FSDPModule and reduces the gradients after the last backward",
    gradient_reduce_bytes = "FSDP2 MixedPrecisionPolicy(reduce_dtype=float32) in torchtitan",
    optimizer_traffic = adam_traffic,
  }, { tp_hidden_fraction = tp_not_overlapped }),
}

M.torchtitan_compile = derive(M.torchtitan, {
  name = "torchtitan (compile)", elementwise_factor = 1,
  ring_out_traffic = 10, ring_kv_traffic = 0, ring_grad_traffic = 10, ring_kv_grad_traffic = 9,
  sources = {
    elementwise_factor = "inf: torch.compile fuses the element-wise ops (factor 1)",
    ring_out_traffic = torch_ring_compiled, ring_kv_traffic = torch_ring_compiled,
    ring_grad_traffic = torch_ring_compiled, ring_kv_grad_traffic = torch_ring_compiled,
  },
})

M.torchtitan_async_tp = derive(M.torchtitan_compile, {
  name = "torchtitan (compile, async TP)", tp_overlap = "overlapped", tp_hidden_fraction = 0.7,
  overlap_slowdown = 0.3,
  sources = {
    tp_overlap = "torchtitan's async tensor parallel (micro-pipelined all-gather and reduce-scatter matmuls)",
    tp_hidden_fraction = fit_tp_hidden,
  },
})

M.llm_foundry = stack {
  name = "llm-foundry",
  attention = "flash", dropout = false, elementwise_factor = 1.5,
  tp_overlap = "none", dp_overlap = true, param_gather_overlap = true, p2p_overlap = true,
  default_zero = 3, zero_stages = { 0, 2, 3 }, weight_bytes = 4, gradient_bytes = 4, optimizer_bytes = 8,
  gradient_reduce_bytes = 2, optimizer_traffic = 30, loss_traffic = 8, layer_overhead = "26 us",
  attention_d64_forward = 0.870, attention_d64_backward = 0.903, zero2_regathers = true,
  has_pipeline = false, has_context_parallel = false,
  sources = calibration_sources({
    has_pipeline = "none: Composer's distributed training notes say it distributes work 'via data-parallelism-only' (DDP or FSDP); composer.distributed prepares DDP, FSDP and tensor-parallel modules, no pipeline stages",
    has_context_parallel = "none: Composer parallelizes with DDP, FSDP and tensor parallelism only (composer.distributed); MPT has no sequence or context parallelism",
    zero2_regathers = "PyTorch FSDP's SHARD_GRAD_OP frees the unsharded parameters after the backward (torch/distributed/fsdp/_runtime_utils.py _post_backward_reshard), when the gradients sync, so every microbatch's forward gathers them again: Composer's ddp_sync_context applies no_sync to a DistributedDataParallel model only, and an FSDP model syncs in every microbatch's backward",
    attention = "MPT's attn_impl: flash-attn 2 (the January 2024 large-scale table's 1B, 3B, 7B and 70B rows) or MPT's Triton kernel (its other tables, llm-foundry's submit_benchmarks.py default), held at FlashAttention-2's rate for both (docs/validation.md, llm-foundry out of sample)",
    attention_d64_forward = fa2_by_width, attention_d64_backward = fa2_by_width,
    loss_traffic = "llm-foundry's default loss_fn fused_crossentropy (llmfoundry/models/mpt/modeling_mpt.py), flash-attn's fused cross-entropy on the bf16 logits; in the 2023 benchmarks' flash-attn 1.0.x, the CUDA kernel csrc/xentropy/xentropy_kernel.cu reads them twice forward, once backward, and writes their gradient (2 + 2 + 2 + 2 B); flash-attn 2's Triton kernel moves 6",
    elementwise_factor = "inf: low-precision LayerNorm kernels, eager otherwise",
    default_zero = "FSDP FULL_SHARD", gradient_reduce_bytes = "FSDP mixed_precision PURE: bf16 reduction",
    zero_stages = "Composer's fsdp_config sharding_strategy: NO_SHARD (ZeRO 0), SHARD_GRAD_OP (ZeRO 2), FULL_SHARD (ZeRO 3), HYBRID_SHARD (HSDP); PyTorch FSDP has no optimizer-only sharding (ZeRO 1)",
    offloads_activations = "none: Composer's fsdp_config activation_cpu_offload (off by default) wraps modules in PyTorch's offload_wrapper (torch.autograd.graph.save_on_cpu: their saved tensors copied to pinned host memory on the compute stream), not the windowed copies dml models",
    optimizer_traffic = adam_traffic,
  }, { tp_hidden_fraction = tp_not_overlapped }),
}

M.deepspeed_zero3_2021 = stack {
  name = "deepspeed-zero3-2021",
  attention = "unfused", dropout = true, elementwise_factor = 1.5,
  tp_overlap = "none", dp_overlap = false, param_gather_overlap = false, p2p_overlap = false,
  default_zero = 3, weight_bytes = 2, gradient_bytes = 2, optimizer_bytes = 12,
  gradient_reduce_bytes = 2, optimizer_traffic = 30, gathers_per_layer = 12, loss_traffic = 52,
  layer_overhead = "26 us", has_sequence_parallel = false, has_context_parallel = false,
  sources = calibration_sources({
    has_context_parallel = "none: DeepSpeed's sequence parallelism (Ulysses) came in 2023, after the 2021 runs",
    offloads_activations = "none: DeepSpeed's cpu_checkpointing offloads activation checkpoints under full recompute, not the windowed copies dml models",
    has_sequence_parallel = "none: DeepSpeed's 2021 ZeRO-3 runs without Megatron's sequence parallelism (Narayanan et al. 2021 Table 2: no model parallelism)",
    loss_traffic = "inf: Megatron-DeepSpeed's GPT keeps Megatron's loss. " .. megatron_loss,
    gathers_per_layer = "inf: one gather per parameter tensor (weights and biases of four linears, two norms)",
    dp_overlap = "Narayanan et al. 2021 Table 2: ZeRO-3 ran 2-4x slower than overlap predicts",
    param_gather_overlap = "Narayanan et al. 2021 Table 2: the ZeRO-3 step did not shorten from 768 to 1,536 GPUs (gathers not hidden)",
    elementwise_factor = "estimate: unfused eager PyTorch of 2021 with fused LayerNorm, as llm-foundry's",
    optimizer_traffic = adam_traffic,
  }, { tp_hidden_fraction = tp_not_overlapped }),
}

M.megascale = derive(M.megatron_core, {
  name = "megascale", attention = "flash", recompute_norms = false, recompute_modules = false,
  offloads_activations = false,
  attention_d64_forward = 0.870,
  attention_d64_backward = 0.903,
  sources = {
    attention_d64_forward = fa2_by_width, attention_d64_backward = fa2_by_width,
    recompute_norms = "off: MegaScale (2024) builds on a Megatron-LM that predates Megatron-Core's recompute_modules",
    recompute_modules = "off: as recompute_norms",
    offloads_activations = "off: the MegaScale paper (Jiang et al. 2024) describes no activation offloading",
    attention = "MegaScale (Jiang et al. 2024, NSDI'24) uses FlashAttention-2",
    tp_overlap = "MegaScale section 3.3: TP and SP communication fused with the GEMMs",
    dp_overlap = "MegaScale section 3.3: data-parallel communication overlapped", p2p_overlap = "MegaScale section 3.3",
    default_zero = "MegaScale: ZeRO-2-style distributed optimizer (inf: ZeRO-1 volume)",
    loss_traffic = "inf: MegaScale builds on Megatron-LM; its loss is taken as Megatron-Core's fused cross-entropy (40 B per logit, as megatron_core)",
  },
})

-- Strict: reading a preset that does not exist is an error with did-you-mean (pairs lists them).
return core.strict(core.strict_records(M, "dml.presets.stacks", "stack"), "dml.presets.stacks", "preset")
