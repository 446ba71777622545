// Time of one matmul on one GPU: the paper's memory-hierarchy model (docs/model.md 3.3).
//
// The weight matrix is d1 x d2 and the activations d2 x b (for a weight gradient the product
// is dL/dY (d1 x b) times X^T). Tiles follow the weight matrix at three boundaries
// (HBM <-> L2, L2 <-> SMs, shared memory <-> registers); the time is the slowest of the three
// memory levels and the padded tensor-core arithmetic, plus the fixed per-matmul latency.
#pragma once

#include <cstdint>

#include "dml/hardware.hpp"
#include "dml/units.hpp"

namespace dml {

// Why a matmul takes the time it does.
struct MatmulBreakdown {
  units::Bytes hbm_io;       // HBM <-> L2 traffic
  units::Bytes l2_io;        // traffic through L2: HBM <-> L2 plus L2 <-> SM
  units::Bytes sm_io;        // traffic through shared memory: L2 <-> SM, DSMEM, SM <-> registers
  units::Bytes dsmem_io;     // of which on the distributed shared memory network
  units::Flop padded_flop;   // 2 x each dimension rounded up to the tensor-core granule
  units::Seconds hbm_time;   // hbm_io / hbm_bandwidth
  units::Seconds l2_time;    // l2_io / l2_bandwidth
  units::Seconds sm_time;    // sm_io / shared-memory bandwidth
  units::Seconds flop_time;  // padded_flop / effective FLOP/s
  units::Seconds time;       // max of the four, plus gpu.matmul_latency
};

[[nodiscard]] MatmulBreakdown matmul_breakdown(const Gpu& gpu, std::int64_t d1, std::int64_t d2,
                                               std::int64_t b, bool weight_grad);
[[nodiscard]] units::Seconds matmul_time(const Gpu& gpu, std::int64_t d1, std::int64_t d2,
                                         std::int64_t b, bool weight_grad);

}  // namespace dml
