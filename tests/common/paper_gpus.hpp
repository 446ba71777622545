// The paper's GPUs and network variants, for tests and benchmarks only.
//
// Values of Erdil & Schneider-Joseph (2024), "Data movement limits to frontier model
// training", as docs/model.md states them: GPUs in 3.1, the "grand comparison" variants in
// 3.2. User-facing presets are Lua data in the stdlib (with their
// sources); these exist so that C++ tests and benchmarks can rebuild the paper's runs.
#pragma once

#include <limits>
#include <string>
#include <vector>

#include "dml/hardware.hpp"
#include "dml/units.hpp"

namespace dml::paper {

using namespace dml::units;

// Spec 3.1, column "H100 SXM (baseline)".
inline Cluster h100_sxm() {
  Gpu g{.name = "H100 SXM",
        .bitwidth = 16,
        .flop_per_clock_per_thread = {.fp32 = 2, .fp16 = 32, .fp8 = 64},
        .sms = 132,
        .clock = hertz(1830e6),
        .effective_utilization = 0.7,
        .hbm_bandwidth = bytes_per_s(3352e9),
        .hbm_capacity = bytes(8e10),
        .l2_bandwidth = bytes_per_s(6441e9),
        .l2_size = mib(50),
        .register_file = kib(64),
        .shared_memory_bandwidth = std::nullopt,
        .dsmem = true,
        .matmul_latency = seconds(4.5e-6),
        .tensor_core_granule = 8};
  return Cluster{.gpu = g,
                 .levels = {{.name = "nvlink",
                             .size = 8,
                             .bandwidth = bytes_per_s(9e11),
                             .latency = seconds(1.125e-6)},
                            {.name = "infiniband",
                             .size = std::nullopt,
                             .bandwidth = bytes_per_s(1e11),
                             .latency = seconds(1.125e-6)}}};
}

// Spec 3.1, column "A100 SXM".
inline Cluster a100_sxm() {
  Gpu g{.name = "A100 SXM",
        .bitwidth = 16,
        .flop_per_clock_per_thread = {.fp32 = 1, .fp16 = 16},
        .sms = 108,
        .clock = hertz(1410e6),
        .effective_utilization = 0.85,
        .hbm_bandwidth = bytes_per_s(1555e9),
        .hbm_capacity = bytes(4e10),
        .l2_bandwidth = bytes_per_s(5603e9),
        .l2_size = mib(40),
        .register_file = kib(64),
        .shared_memory_bandwidth = std::nullopt,
        .dsmem = false,
        .matmul_latency = seconds(4.5e-6),
        .tensor_core_granule = 8};
  return Cluster{.gpu = g,
                 .levels = {{.name = "nvlink",
                             .size = 8,
                             .bandwidth = bytes_per_s(6e11),
                             .latency = seconds(1.125e-6)},
                            {.name = "infiniband",
                             .size = std::nullopt,
                             .bandwidth = bytes_per_s(5e10),
                             .latency = seconds(1.125e-6)}}};
}

// Spec 3.1, column "V100 SXM".
inline Cluster v100_sxm() {
  Gpu g{.name = "V100 SXM",
        .bitwidth = 16,
        .flop_per_clock_per_thread = {.fp32 = 1, .fp16 = 8},
        .sms = 80,
        .clock = hertz(1533e6),
        .effective_utilization = 0.9,
        .hbm_bandwidth = bytes_per_s(900e9),
        .hbm_capacity = bytes(3.2e10),
        .l2_bandwidth = bytes_per_s(2155e9),
        .l2_size = mib(6),
        .register_file = kib(64),
        .shared_memory_bandwidth = std::nullopt,
        .dsmem = false,
        .matmul_latency = seconds(4.5e-6),
        .tensor_core_granule = 8};
  return Cluster{.gpu = g,
                 .levels = {{.name = "nvlink",
                             .size = 8,
                             .bandwidth = bytes_per_s(3e11),
                             .latency = seconds(1.125e-6)},
                            {.name = "infiniband",
                             .size = std::nullopt,
                             .bandwidth = bytes_per_s(1.25e10),
                             .latency = seconds(1.125e-6)}}};
}

// Spec 3.2: the "grand comparison" variants of the H100 SXM.
inline Cluster h100_low_latency() {
  Cluster c = h100_sxm();
  c.gpu.name = "H100 SXM Low Latency";
  c.gpu.matmul_latency = seconds(4.5e-7);
  for (auto& l : c.levels) l.latency = seconds(1.125e-7);
  return c;
}
inline Cluster h100_global_nvlink() {
  Cluster c = h100_sxm();
  c.gpu.name = "H100 SXM Global NVLink";
  c.levels = {{.name = "nvlink",
               .size = std::nullopt,
               .bandwidth = bytes_per_s(9e11),
               .latency = seconds(1.125e-6)}};
  return c;
}
inline Cluster h100_global_nvlink_ll() {
  Cluster c = h100_global_nvlink();
  c.gpu.name = "H100 SXM Global NVLink and LL";
  c.gpu.matmul_latency = seconds(4.5e-7);
  c.levels[0].latency = seconds(1.125e-7);
  return c;
}
inline Cluster h100_infinite_network_ll() {
  Cluster c = h100_global_nvlink_ll();
  c.gpu.name = "H100 SXM Infinite Network and LL";
  c.levels[0].name = "infinite";
  c.levels[0].bandwidth = bytes_per_s(std::numeric_limits<double>::infinity());
  return c;
}

}  // namespace dml::paper
