// Internal: the matmul model on plain doubles, with the GPU's derived constants precomputed.
#pragma once

#include <cstdint>

#include "dml/hardware.hpp"
#include "dml/matmul.hpp"

namespace dml::detail {

struct MatmulModel {
  explicit MatmulModel(const Gpu& gpu);

  double bytewidth;  // bitwidth / 8
  double l2_cap;     // HBM <-> L2 tile capacity: max(0.75 L2, 4 x 0.75 registers)
  double sm_cap;     // L2 <-> SM tile capacity per SM: 4 x 0.75 registers
  double reg_cap;    // shared <-> registers tile capacity per processing block
  double sms;        // number of SMs
  double blocks;     // 4 x SMs processing blocks
  bool dsmem;
  double hbm_bps, l2_bps, shared_bps, flop_per_s;
  double granule;
  double latency;

  [[nodiscard]] double time(std::int64_t d1, std::int64_t d2, std::int64_t b, bool wgrad) const;
  [[nodiscard]] MatmulBreakdown breakdown(std::int64_t d1, std::int64_t d2, std::int64_t b,
                                          bool wgrad) const;
};

}  // namespace dml::detail
