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
