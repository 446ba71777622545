#include "dml/matmul.hpp"

#include <algorithm>
#include <cmath>

#include "matmul_model.hpp"

namespace dml::detail {
namespace {

struct Tiles {
  double rows;
  double cols;
};

// Tile a words_m x words_n weight matrix into the fewest tiles of at most `cap` bytes, each as
// square as the matrix allows (docs/model.md 3.3). The float operations follow the paper's code.
Tiles tile(double bytewidth, std::int64_t m, std::int64_t n, double cap) {
  const auto words = static_cast<double>(m * n);
  const double bytes = words * bytewidth;
  const double count = std::ceil(bytes / cap);
  const double per_tile = words / count;
  const auto dm = static_cast<double>(m);
  const auto dn = static_cast<double>(n);
  const double tm = std::max(std::min(dm, std::sqrt(per_tile)), per_tile / dn);
  const double tn = per_tile / tm;
  return {dm / tm, dn / tn};
}

struct Io {
  double inter;  // between the two levels
  double dist;   // on the distributed-memory network
};

Io io_between_levels(double bytewidth, std::int64_t d1, std::int64_t d2, std::int64_t b, double cap,
                     double concurrent, bool distributed, bool wgrad) {
  const double w = static_cast<double>(d1 * d2) * bytewidth;
  const double xl = static_cast<double>(d1 * b) * bytewidth;
  const double xr = static_cast<double>(d2 * b) * bytewidth;
  const bool fit = w + w <= cap * concurrent;
  Tiles big{};
  Tiles small{1, 1};
  if (distributed) {
    big = tile(bytewidth, d1, d2, cap * concurrent);
    small = tile(bytewidth, d1, d2, cap);
  } else {
    big = tile(bytewidth, d1, d2, cap);
  }
  double io = 0;
  double dio = 0;
  if (!fit) io += wgrad ? 2 * w : w;
  io += big.rows * xr;
  if (small.rows > 1) dio += small.rows * xr;  // multicast to the SMs of a row
  if (wgrad) {
    io += big.cols * xl;
    if (small.cols > 1) dio += small.cols * xl;
  } else {
    dio += 2 * (small.cols - 1) * xl;  // reduce-scatter across the small columns
    io += (2 * big.cols - 1) * xl;     // accumulate: load (except the first time) and store
  }
  return {io, dio};
}

}  // namespace

MatmulModel::MatmulModel(const Gpu& gpu)
    : bytewidth(bytes_per_word(gpu)),
      l2_cap(std::max(0.75 * gpu.l2_size.value(), 4 * (0.75 * gpu.register_file.value()))),
      sm_cap(4 * (0.75 * gpu.register_file.value())),
      reg_cap(0.75 * gpu.register_file.value()),
      sms(static_cast<double>(gpu.sms)),
      blocks(static_cast<double>(4 * gpu.sms)),
      dsmem(gpu.dsmem),
      hbm_bps(gpu.hbm_bandwidth.value()),
      l2_bps(gpu.l2_bandwidth.value()),
      shared_bps(shared_memory_bandwidth(gpu).value()),
      flop_per_s(effective_flop_per_s(gpu).value()),
      granule(static_cast<double>(gpu.tensor_core_granule)),
      latency(gpu.matmul_latency.value()) {}

MatmulBreakdown MatmulModel::breakdown(std::int64_t d1, std::int64_t d2, std::int64_t b,
                                       bool wgrad) const {
  if (d1 <= 0 || d2 <= 0 || b <= 0) {
    // An empty matmul (only from an infeasible layout, e.g. more TP shards than rows) moves and
    // computes nothing but still pays the call's latency.
    MatmulBreakdown empty;
    empty.time = units::Seconds(latency);
    return empty;
  }
  const Io g = io_between_levels(bytewidth, d1, d2, b, l2_cap, 1, false, wgrad);
  const Io s = io_between_levels(bytewidth, d1, d2, b, sm_cap, sms, dsmem, wgrad);
  const Io r = io_between_levels(bytewidth, d1, d2, b, reg_cap, blocks, false, wgrad);
  const double hbm_io = g.inter;
  const double l2_io = g.inter + s.inter;
  const double sm_io = s.inter + s.dist + r.inter;
  const double c1 = std::ceil(static_cast<double>(d1) / granule);
  const double c2 = std::ceil(static_cast<double>(d2) / granule);
  const double c3 = std::ceil(static_cast<double>(b) / granule);
  const double flop = 2 * c1 * c2 * c3 * (granule * granule * granule);
  MatmulBreakdown out;
  out.hbm_io = units::Bytes(hbm_io);
  out.l2_io = units::Bytes(l2_io);
  out.sm_io = units::Bytes(sm_io);
  out.dsmem_io = units::Bytes(s.dist);
  out.padded_flop = units::Flop(flop);
  out.hbm_time = units::Seconds(hbm_io / hbm_bps);
  out.l2_time = units::Seconds(l2_io / l2_bps);
  out.sm_time = units::Seconds(sm_io / shared_bps);
  out.flop_time = units::Seconds(flop / flop_per_s);
  const double t = std::max(std::max(out.hbm_time.value(), out.l2_time.value()),
                            std::max(out.sm_time.value(), out.flop_time.value()));
  out.time = units::Seconds(t + latency);
  return out;
}

double MatmulModel::time(std::int64_t d1, std::int64_t d2, std::int64_t b, bool wgrad) const {
  return breakdown(d1, d2, b, wgrad).time.value();
}

}  // namespace dml::detail

namespace dml {

MatmulBreakdown matmul_breakdown(const Gpu& gpu, std::int64_t d1, std::int64_t d2, std::int64_t b,
                                 bool weight_grad) {
  validate(gpu);
  if (d1 <= 0 || d2 <= 0 || b <= 0) {
    throw ConfigError(d1 <= 0   ? "d1"
                      : d2 <= 0 ? "d2"
                                : "b",
                      "must be positive, got {}",
                      d1 <= 0   ? d1
                      : d2 <= 0 ? d2
                                : b);
  }
  return detail::MatmulModel(gpu).breakdown(d1, d2, b, weight_grad);
}

units::Seconds matmul_time(const Gpu& gpu, std::int64_t d1, std::int64_t d2, std::int64_t b,
                           bool weight_grad) {
  return matmul_breakdown(gpu, d1, d2, b, weight_grad).time;
}

}  // namespace dml
