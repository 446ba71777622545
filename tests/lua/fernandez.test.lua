-- The Fernandez et al. (2024) studies (docs/studies.md): what issue 9 asks of them.
local t = require "testing"
local f = require "dml.paper.fernandez2024"

-- Collectives: dml's model of the paper's cluster is within 15% of every reading at 32 MiB and
-- above, and the half-bandwidth message size grows with the node count, as the readings' does.
do
  local rows, half = f.collectives()
  local compared = 0
  for _, r in ipairs(rows:rows()) do
    if r.measured_GBps and r.bytes >= 32 * 1048576 then
      compared = compared + 1
      if math.abs(r.error_pct) > 15 then
        error(string.format("%d nodes, %d bytes: dml %.1f GB/s, measured %d (%.1f%%)", r.nodes, r.bytes,
          r.dml_GBps, r.measured_GBps, r.error_pct))
      end
    end
  end
  t.eq(compared, 29, "readings at 32 MiB and above")  -- 30 cells, one blank
  local h = half:rows()
  for i = 2, #h do
    if not (h[i].measured_half_MiB > h[i - 1].measured_half_MiB) then error("readings: half size does not grow at " .. h[i].nodes) end
    if not (h[i].dml_half_MiB > h[i - 1].dml_half_MiB) then error("dml: half size does not grow at " .. h[i].nodes) end
  end
end

-- The issue's bands (docs/validation.md, "Fernandez et al. 2024"): from 128 to 2,048 H100s the
-- best strategy's per-GPU throughput of the 70B model falls by 25-50%, while per-GPU power falls
-- far less (the paper: -37% and -6%).
do
  local _, best = f.strong_scaling("70B", "H100")
  local at = {}
  for _, r in ipairs(best) do at[r.gpus] = r end
  local fall = 1 - at[2048].tokens_per_s_per_gpu / at[128].tokens_per_s_per_gpu
  assert(fall >= 0.25 and fall <= 0.50, string.format("per-GPU throughput falls %.1f%%", 100 * fall))
  local power_fall = 1 - at[2048].power_w / at[128].power_w
  assert(power_fall > 0 and power_fall < 0.15, string.format("per-GPU power falls %.1f%%", 100 * power_fall))
  -- at 2,048 GPUs the best is FSDP with TP or PP, not FSDP across every GPU
  assert(at[2048].strategy:find("FSDP+", 1, true), "best at 2,048: " .. at[2048].strategy)
  local fsdp = f.plan("70B", "H100", 2048, f.strategies[1])
  assert(fsdp == nil or fsdp.tokens_per_second < at[2048].tokens_per_s, "FSDP across every GPU is not the best")
end

-- The same run uses the H100 less fully than the A100.
do
  for _, model in ipairs { "7B", "70B" } do
    for _, n in ipairs { 256, 2048 } do
      local mfu = {}
      for _, r in ipairs(f.generations_study(model, n)) do mfu[r.gpu] = r.mfu end
      assert(mfu.H100 < mfu.A100, string.format("%s on %d: H100 MFU %.3f, A100 %.3f", model, n, mfu.H100, mfu.A100))
    end
  end
end
