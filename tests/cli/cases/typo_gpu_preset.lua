-- A GPU preset that does not exist is an error at its line, with the presets there are.
local cluster = dml.cluster {
  gpu = dml.presets.gpus.h100,
  levels = { { bandwidth = "900 GB/s", latency = "1.125 us" } },
}
