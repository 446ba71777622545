// Hardware: one GPU, and the network that joins many of them.
//
//   Gpu h100{ .name = "H100 SXM", .flop_per_clock_per_thread = {.fp32 = 2, .fp16 = 32, .fp8 = 64},
//             .sms = 132, .clock = mhz(1830), .effective_utilization = 0.7, ... };
//   Cluster c{ .gpu = h100, .levels = {{.name = "nvlink", .size = 8, ...}, {.name = "ib", ...}} };
//
// The fields are those of the paper's GPU model (Erdil & Schneider-Joseph 2024;
// docs/model.md 3.1). Values of real GPUs are preset data (stdlib), not C++.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dml/describe.hpp"
#include "dml/int128.hpp"
#include "dml/units.hpp"

namespace dml {

// Dense tensor-core FLOP per clock cycle per thread, by precision (unset: not supported).
struct PrecisionRates {
  std::optional<double> fp32{};  // 32-bit
  std::optional<double> fp16{};  // 16-bit (bf16/fp16): the precision the paper's model trains in
  std::optional<double> fp8{};   // 8-bit
};

// What a GPU reaches in real training kernels, for the realistic model (docs/model.md 8.2):
// measured or calibrated, never a datasheet figure.
struct GpuEfficiency {
  double gemm = 0.7;          // large GEMMs: fraction of the dense peak
  double gemm_half_dim = 93;  // GEMM efficiency x dmin / (dmin + this), dmin its least side
  double attention = 0.35;    // FlashAttention-2 forward: fraction of the peak
  double flash3_gain = 1.0;   // FA3/cuDNN attention speed over FlashAttention-2 (Hopper)
  double fp8_gain = 1.0;      // FP8 linears' speed over 16-bit (casts and scaling included)
  double fp4_gain = 0;        // FP4 (NVFP4) linears' speed over 16-bit; 0: the GPU has no FP4
  double hbm = 0.83;          // fraction of HBM bandwidth memory-bound kernels reach
  double nvlink = 0.75;       // fraction of the scale-up link collectives reach
  double network = 0.95;      // fraction of the scale-out link collectives reach
  units::Bytes workspace = units::gib(3);  // framework, NCCL buffers and fragmentation
  // What a framework can allocate: the total the driver reports (nvidia-smi's memory.total);
  // unset: the GPU's hbm_capacity read as a datasheet writes it (GB as GiB). An "80GB" H100
  // reports 81,559 MiB, not 80e9 bytes.
  std::optional<units::Bytes> memory{};
  Sources sources{};
};

// What a GPU draws while it trains (the realistic model's energy, docs/model.md 8.13).
struct GpuPower {
  double busy_watts = 0;     // computing: the board's power limit (TDP)
  double waiting_watts = 0;  // on exposed communication (NCCL kernels spin; clocks stay up)
  double idle_watts = 0;     // in pipeline bubbles and host gaps
  Sources sources{};
};

// Where the cluster runs: overheads and prices, for energy and cost (docs/model.md 8.13).
struct Facility {
  double pue = 1.0;                         // facility power / IT power (cooling, conversion)
  double host_watts_per_gpu = 0;            // CPUs, memory, NICs, switches, per GPU
  double energy_price = 0;                  // $ per kWh of facility power
  std::optional<double> gpu_hour_price{};   // $ per GPU-hour, all in (cloud); or:
  std::optional<double> capital_per_gpu{};  // $ per GPU of servers and network (owned) ...
  double lifetime_years = 4;                // ... written off over this many years
  std::optional<std::string> priced_gpu{};  // the GPU (its name) those prices are for
  Sources sources{};
};

struct Gpu {
  std::string name{};                          // e.g. "H100 SXM"
  int bitwidth = 16;                           // training precision: weights, activations and
                                               // communication all use bitwidth/8-byte words
  PrecisionRates flop_per_clock_per_thread{};  // by precision; the one for `bitwidth` is used
  std::int64_t sms = 0;                        // streaming multiprocessors (128 threads each)
  units::Hertz clock{};                        // maximum (boost) clock
  double effective_utilization = 1.0;          // fraction of the clock reached on long sequences
                                               // of big matmuls, in (0, 1]; scales the clock
  units::BytesPerSecond hbm_bandwidth{};       // global memory (HBM) bandwidth
  units::Bytes hbm_capacity{};                 // global memory size
  // To and from host memory, one direction (PCIe, NVLink-C2C): offloading's link.
  std::optional<units::BytesPerSecond> host_bandwidth{};
  std::optional<units::Bytes> host_memory{};  // the host memory a GPU may offload into
  // Parameters a second the host's optimizer (DeepSpeed's CPU Adam) updates for one GPU while
  // every GPU of its server offloads: optimizer offloading's pace.
  std::optional<double> host_optimizer_rate{};
  units::BytesPerSecond l2_bandwidth{};         // L2 cache bandwidth
  units::Bytes l2_size{};                       // L2 cache size (75% of it is usable)
  units::Bytes register_file = units::kib(64);  // registers per processing block (4 per SM;
                                                // 75% usable)
  // Shared-memory bandwidth; unset: 32 banks x 4 B per cycle per SM at the effective clock.
  std::optional<units::BytesPerSecond> shared_memory_bandwidth{};
  bool dsmem = false;  // distributed shared memory (Hopper), multicasts
                       // redundant L2 -> SM loads
  units::Seconds matmul_latency = units::microseconds(4.5);  // fixed time added to every
                                                             // matmul call (the paper's)
  std::int64_t tensor_core_granule = 8;       // matmul dimensions are padded to multiples of this
  std::optional<GpuEfficiency> efficiency{};  // the realistic model's; unset: paper mode only
  std::optional<GpuPower> power{};            // what it draws; unset: no energy figures
  Sources sources{};                          // where each value comes from: field -> citation
};

// One level of the network hierarchy, bottom (level 0, e.g. the NVLink node) first.
// One row of a measured collective table (nccl-tests: size and bus bandwidth), for the
// realistic model's size-dependent collectives (docs/model.md 8.4).
enum class CollectiveOp { kAllReduce, kAllGather, kReduceScatter, kAllToAll };

struct BusBandwidth {
  CollectiveOp op = CollectiveOp::kAllReduce;
  units::Bytes size{};                    // the whole buffer, as nccl-tests' "size" column
  units::BytesPerSecond bus_bandwidth{};  // nccl-tests' "busbw"
  std::optional<std::int64_t> gpus{};     // ranks the measurement spanned; unset: any group
};

struct NetworkLevel {
  std::optional<std::string> name{};   // e.g. "nvlink", "infiniband"
  std::optional<std::int64_t> size{};  // units of the level below (GPUs for level 0) joined at
                                       // this level; unset for the top level, which spans the
                                       // cluster
  units::BytesPerSecond bandwidth{};   // per-GPU *bidirectional* bandwidth at this level (both
                                       // directions together): what the model reads; may be
                                       // +infinity
  std::optional<units::BytesPerSecond> link{};  // per-GPU bandwidth in each direction, as NICs
                                                // are sold; when set, bandwidth is 2 x link. A
                                                // declaration gives one of the two and dml
                                                // fills the other (Description::complete)
  units::Seconds latency{};                     // per message at this level
  std::optional<std::vector<BusBandwidth>>
      measured{};     // collectives at this level (transformer runs)
  Sources sources{};  // where each value comes from: field -> citation
};

// A GPU and its network.
struct Cluster {
  Gpu gpu{};
  std::vector<NetworkLevel> levels{};  // at least one; the last is the top level
  std::optional<std::int64_t> size{};  // N, when fixed; unset: searches choose N
  std::optional<Facility> facility{};  // overheads and prices; unset: GPU power only, no cost
};

// Network levels the cost model supports (the paper uses 1 or 2).
inline constexpr std::size_t kMaxNetworkLevels = 4;

// Derived GPU figures of the paper's model (docs/model.md 3.1).
[[nodiscard]] double flop_per_clock_per_thread(const Gpu& gpu);      // at gpu.bitwidth
[[nodiscard]] units::FlopPerSecond peak_flop_per_s(const Gpu& gpu);  // max clock
// The HBM an hbm_capacity stands for: datasheets write binary sizes in decimal units (an
// MI300X's "192 GB" is 192 GiB), so its number is read as GiB, unless it is a whole number of
// MiB ("80 GiB", written binary), which is itself.
[[nodiscard]] units::Bytes datasheet_capacity(units::Bytes hbm_capacity);
[[nodiscard]] bool written_binary(units::Bytes hbm_capacity);             // a whole number of MiB
[[nodiscard]] units::FlopPerSecond effective_flop_per_s(const Gpu& gpu);  // clock x utilization
[[nodiscard]] units::BytesPerSecond shared_memory_bandwidth(const Gpu& gpu);
[[nodiscard]] double bytes_per_word(const Gpu& gpu);  // bitwidth / 8

// The cluster with one flat level: the sum of the level bandwidths and the smallest latency.
// The paper's search uses it as an optimistic bound (docs/model.md 4.1).
[[nodiscard]] Cluster optimistic_flat(const Cluster& cluster);

// The sizes of the levels below the top for a cluster of n GPUs, cut where the cumulative
// product reaches n (docs/model.md 2.2): {8} for n >= 8, {4} for n = 4, {1} for n = 1 with one
// 8-GPU level below the top.
[[nodiscard]] std::vector<std::int64_t> level_sizes_for(const Cluster& cluster, u128 n_gpus);

// --- descriptions ----------------------------------------------------------------------------

template <>
struct Description<PrecisionRates> {
  static constexpr std::string_view name = "flop_per_clock_per_thread";
  static constexpr bool part = true;
  static constexpr std::string_view title = "FLOP per clock per thread, by precision";
  static constexpr std::string_view doc =
      "Dense tensor-core FLOP per clock cycle per thread, for each precision.";
  template <class V, class S>
  static void fields(V& v, S& p) {
    v.field(p.fp16, {.name = "fp16",
                     .doc = "16-bit (the precision the paper's model trains in)",
                     .min = 0,
                     .above = true});
    v.field(p.fp32, {.name = "fp32", .doc = "32-bit (paper model only)", .min = 0, .above = true});
    v.field(p.fp8,
            {.name = "fp8",
             .doc = "8-bit (transformer runs: whether the GPU runs FP8 at all, and the "
                    "bound on efficiency.fp8_gain; their FP8 speed is fp8_gain's, which a copy "
                    "that changes the rates and gives no fp8_gain scales with the FP8 peak "
                    "over the 16-bit one)",
             .min = 0,
             .above = true});
  }
};

template <>
struct Description<GpuEfficiency> {
  static constexpr std::string_view name = "efficiency";
  static constexpr bool part = true;
  static constexpr std::string_view title = "a GPU's efficiencies";
  static constexpr std::string_view doc =
      "What a GPU reaches in real training kernels, for transformer runs (the realistic model): "
      "fractions of its peaks, measured or calibrated.";
  template <class V, class S>
  static void fields(V& v, S& e) {
    v.field(e.gemm, {.name = "gemm",
                     .doc = "large GEMMs: fraction of the dense 16-bit peak",
                     .min = 0,
                     .above = true,
                     .max = 1});
    v.field(e.gemm_half_dim, {.name = "gemm_half_dim",
                              .doc = "a GEMM whose least dimension is this reaches half of `gemm`",
                              .min = 0});
    v.field(e.attention, {.name = "attention",
                          .doc = "FlashAttention-2 forward: fraction of the peak",
                          .min = 0,
                          .above = true,
                          .max = 1});
    v.field(e.flash3_gain, {.name = "flash3_gain",
                            .doc = "FA3/cuDNN attention speed over FlashAttention-2; attention x "
                                   "flash3_gain is at most 1 (the peak)",
                            .min = 0,
                            .above = true,
                            .max = 4});
    v.field(e.fp8_gain,
            {.name = "fp8_gain",
             .doc = "FP8 linears' speed over 16-bit, casts and scaling included; gemm "
                    "x fp8_gain is at most the FP8 peak over the 16-bit one; a copy that "
                    "changes the rates scales it with that ratio",
             .min = 0,
             .above = true,
             .max = 16});
    v.field(e.fp4_gain, {.name = "fp4_gain",
                         .doc = "FP4 (NVFP4) linears' speed over 16-bit, quantization included; 0: "
                                "the GPU runs no FP4 matmuls",
                         .min = 0,
                         .max = 8,
                         .default_text = "0 (no FP4)"});
    v.field(e.hbm, {.name = "hbm",
                    .doc = "fraction of HBM bandwidth that memory-bound kernels reach",
                    .min = 0,
                    .above = true,
                    .max = 1});
    v.field(e.nvlink,
            {.name = "nvlink",
             .doc = "fraction of the scale-up (first) level's bandwidth collectives reach",
             .min = 0,
             .above = true,
             .max = 1});
    v.field(e.network, {.name = "network",
                        .doc = "fraction of the scale-out levels' bandwidth collectives reach",
                        .min = 0,
                        .above = true,
                        .max = 1});
    v.field(e.workspace, {.name = "workspace",
                          .doc = "memory the framework, NCCL and fragmentation take; less "
                                 "than memory",
                          .nonnegative = true});
    v.field(e.memory, {.name = "memory",
                       .doc = "memory a framework can allocate, as the driver reports it "
                              "(nvidia-smi's memory.total), at most hbm_capacity's number read "
                              "as GiB (datasheets write binary sizes in GB; a capacity of whole "
                              "MiB is its own bound); default that bound, the GPU's "
                              "hbm_capacity read as GiB (a copy that changes hbm_capacity to "
                              "another value keeps the base's share of it unless it gives one)",
                       .min = 0,
                       .above = true});
    v.field(e.sources,
            {.name = "sources", .doc = "where each value comes from: field name -> citation"});
  }
};

inline constexpr std::int64_t kBitwidths[] = {16, 32, 8};

template <>
struct Description<GpuPower> {
  static constexpr std::string_view name = "power";
  static constexpr bool part = true;
  static constexpr std::string_view title = "what a GPU draws";
  static constexpr std::string_view doc =
      "A GPU's board power in each state of a step, in watts, for transformer runs' energy: a "
      "step's average is these weighted by the time computing, waiting on exposed communication, "
      "and idle (pipeline bubbles, host gaps).";
  template <class V, class S>
  static void fields(V& v, S& p) {
    v.field(p.busy_watts, {.name = "busy_watts",
                           .doc = "computing (the board's power limit, TDP)",
                           .required = true,
                           .min = 1,
                           .max = 1e5});
    v.field(p.waiting_watts, {.name = "waiting_watts",
                              .doc = "waiting on exposed communication",
                              .required = true,
                              .min = 0,
                              .max = 1e5});
    v.field(p.idle_watts, {.name = "idle_watts",
                           .doc = "idle: pipeline bubbles and host gaps",
                           .required = true,
                           .min = 0,
                           .max = 1e5});
    v.field(p.sources,
            {.name = "sources", .doc = "where each number comes from: field name -> citation"});
  }
  static void check(const GpuPower& p, const std::string& path);
};

template <>
struct Description<Facility> {
  static constexpr std::string_view name = "facility";
  static constexpr std::string_view title = "where a cluster runs";
  static constexpr std::string_view doc =
      "Overheads and prices of a cluster's data centre, for transformer runs' energy and cost: "
      "facility power is (GPU + host) x PUE; cost is the GPU-hour price, or the capital over its "
      "lifetime plus the energy.";
  template <class V, class S>
  static void fields(V& v, S& f) {
    v.field(f.pue, {.name = "pue",
                    .doc = "power usage effectiveness: facility power / IT power",
                    .min = 1,
                    .max = 10,
                    .default_text = "1 (no cooling or conversion overhead)"});
    v.field(f.host_watts_per_gpu, {.name = "host_watts_per_gpu",
                                   .doc = "CPUs, memory, NICs and switches, per GPU (W)",
                                   .min = 0,
                                   .max = 1e5});
    v.field(f.energy_price,
            {.name = "energy_price",
             .doc = "dollars per kWh of facility power; given alone, the run's cost is its energy",
             .min = 0,
             .max = 1e3});
    v.field(f.gpu_hour_price, {.name = "gpu_hour_price",
                               .doc = "dollars per GPU-hour, all in (a cloud's price); energy "
                                      "is not added to it",
                               .min = 0,
                               .max = 1e6});
    v.field(f.capital_per_gpu, {.name = "capital_per_gpu",
                                .doc = "dollars per GPU of servers and network (owned), written "
                                       "off over lifetime_years; energy is added",
                                .min = 0,
                                .max = 1e9});
    v.field(f.lifetime_years, {.name = "lifetime_years",
                               .doc = "years the capital is written off over",
                               .min = 0.01,
                               .max = 100});
    v.field(f.priced_gpu,
            {.name = "priced_gpu",
             .doc = "the GPU (its name) whose price gpu_hour_price or capital_per_gpu is: a run "
                    "on a GPU of another name (case aside; this name and more words are the same "
                    "part) notes that its cost uses this one's price"});
    v.field(f.sources,
            {.name = "sources", .doc = "where each number comes from: field name -> citation"});
  }
  static void check(const Facility& f, const std::string& path);
};

template <>
struct Description<Gpu> {
  static constexpr std::string_view name = "gpu";
  static constexpr std::string_view title = "a GPU";
  static constexpr std::string_view doc =
      "One accelerator: arithmetic throughput and the memory hierarchy of the paper's matmul "
      "model (Erdil & Schneider-Joseph 2024; docs/model.md 3). Transformer runs read its name, "
      "16-bit peak (flop_per_clock_per_thread.fp16, sms, clock), HBM, host link, efficiency and "
      "power; the fields marked \"paper model only\" change nothing in them (their kernels' "
      "rates are the efficiency record's).";
  template <class V, class S>
  static void fields(V& v, S& g) {
    v.field(g.name, {.name = "name",
                     .doc = "a label for tables and plots, e.g. \"H100 SXM\"",
                     .required = true});
    v.field(g.flop_per_clock_per_thread,
            {.name = "flop_per_clock_per_thread",
             .doc = "dense FLOP per clock per thread, by precision (threads = 128 per SM)",
             .required = true});
    v.field(g.sms, {.name = "sms", .doc = "streaming multiprocessors", .required = true, .min = 1});
    v.field(g.clock,
            {.name = "clock", .doc = "maximum (boost) clock, e.g. \"1830 MHz\"", .required = true});
    v.field(g.bitwidth, {.name = "bitwidth",
                         .doc = "training precision in bits: weights, activations and "
                                "communication use bitwidth/8-byte words (paper model only: "
                                "a transformer run's precision is its own field)",
                         .one_of = kBitwidths});
    v.field(g.effective_utilization,
            {.name = "effective_utilization",
             .doc = "fraction of peak a long sequence of large matmuls sustains (0.7 for the "
                    "H100; paper model only: transformer runs use efficiency.gemm)",
             .required = true,
             .min = 0,
             .above = true,
             .max = 1});
    v.field(g.hbm_bandwidth,
            {.name = "hbm_bandwidth", .doc = "HBM (global memory) bandwidth", .required = true});
    v.field(g.hbm_capacity,
            {.name = "hbm_capacity",
             .doc = "HBM capacity, as the datasheet writes it; the transformer model allocates "
                    "the GPU's efficiency.memory, else this read as GiB unless written in whole "
                    "MiB (datasheets write binary sizes in GB: \"192 GB\" is 192 GiB; a copy "
                    "with another hbm_capacity and no memory of its own keeps the base's share "
                    "of it)",
             .required = true});
    v.field(g.host_bandwidth,
            {.name = "host_bandwidth",
             .doc = "bandwidth to host memory, each direction (PCIe, NVLink-C2C): what activation "
                    "and optimizer offloading move their copies over; unset: the GPU offloads "
                    "nothing"});
    v.field(g.host_memory,
            {.name = "host_memory",
             .doc = "host memory per GPU that activation and optimizer offloading may fill (the "
                    "server's memory over its GPUs); unset: no limit"});
    v.field(g.host_optimizer_rate,
            {.name = "host_optimizer_rate",
             .doc = "parameters a second the host's optimizer (DeepSpeed's CPU Adam) updates for "
                    "one GPU while every GPU of its server offloads: what an optimizer_offload "
                    "layout's step waits for; unset: the GPU offloads no optimizer",
             .min = 0,
             .above = true});
    v.field(
        g.l2_bandwidth,
        {.name = "l2_bandwidth", .doc = "L2 cache bandwidth (paper model only)", .required = true});
    v.field(g.l2_size, {.name = "l2_size",
                        .doc = "L2 cache size (the model uses 75% of it; paper model only)",
                        .required = true});
    v.field(g.shared_memory_bandwidth,
            {.name = "shared_memory_bandwidth",
             .doc = "shared-memory bandwidth; omit for the paper's 32 banks x 4 B per cycle per SM "
                    "at the effective clock (paper model only)"});
    v.field(g.register_file,
            {.name = "register_file",
             .doc = "register file per processing block (4 per SM; the model uses 75% of it; "
                    "paper model only)"});
    v.field(g.dsmem, {.name = "dsmem",
                      .doc = "distributed shared memory with multicast between SMs (Hopper and "
                             "later; paper model only)"});
    v.field(g.matmul_latency, {.name = "matmul_latency",
                               .doc = "fixed time every matmul call costs, however small (paper "
                                      "model only: transformer runs use efficiency.gemm_half_dim "
                                      "and the stack's layer_overhead)",
                               .nonnegative = true});
    v.field(g.tensor_core_granule, {.name = "tensor_core_granule",
                                    .doc = "matmul dimensions are padded to a multiple of this "
                                           "(paper model only)",
                                    .min = 1});
    v.field(g.efficiency, {.name = "efficiency",
                           .doc = "what it reaches in real kernels; required by transformer "
                                  "runs (`efficiency = {}` takes every default), unused by the "
                                  "paper's model"});
    v.field(g.power, {.name = "power",
                      .doc = "what it draws busy, waiting and idle (transformer runs' energy)"});
    v.field(g.sources,
            {.name = "sources", .doc = "where each number comes from: field name -> citation"});
  }
  // The rate of the training precision must be given.
  static void check(const Gpu& g, const std::string& path);
};

template <>
struct EnumNames<CollectiveOp> {
  static constexpr std::array values{
      std::pair{CollectiveOp::kAllReduce, std::string_view("all_reduce")},
      std::pair{CollectiveOp::kAllGather, std::string_view("all_gather")},
      std::pair{CollectiveOp::kReduceScatter, std::string_view("reduce_scatter")},
      std::pair{CollectiveOp::kAllToAll, std::string_view("all_to_all")}};
};

template <>
struct Description<BusBandwidth> {
  static constexpr std::string_view name = "bus_bandwidth";
  static constexpr std::string_view title = "a measured collective";
  static constexpr std::string_view doc =
      "One row of an nccl-tests table: a collective of a buffer of `size` bytes ran at "
      "`bus_bandwidth` (nccl-tests' busbw). Transformer runs interpolate these in log-size instead "
      "of their alpha-beta model; paper mode keeps the paper's alpha-beta model.";
  template <class V, class S>
  static void fields(V& v, S& b) {
    v.field(b.op, {.name = "op",
                   .doc = "\"all_reduce\", \"all_gather\", \"reduce_scatter\" or \"all_to_all\""});
    v.field(b.size, {.name = "size",
                     .doc = "the whole buffer (nccl-tests' size column), e.g. \"64 MiB\"",
                     .required = true});
    v.field(b.bus_bandwidth, {.name = "bus_bandwidth",
                              .doc = "nccl-tests' busbw at that size, e.g. \"189 GB/s\"",
                              .required = true});
    v.field(b.gpus, {.name = "gpus",
                     .doc = "ranks the measurement spanned; rows of several sizes of group are "
                            "interpolated in log-ranks",
                     .min = 2,
                     .max = std::int64_t{1} << 30,
                     .default_text = "any group at this level"});
  }
};

template <>
struct Description<NetworkLevel> {
  static constexpr std::string_view name = "level";
  static constexpr std::string_view title = "a network level";
  static constexpr std::string_view doc =
      "One level of the network, innermost first: `size` groups of the level below (GPUs, at "
      "the innermost level) joined by links of this bandwidth and latency.";
  // The fields whose change leaves a measured table stale (helper-370: a copy with 10x the
  // link kept the old table, and its runs did not move).
  static constexpr std::array<std::string_view, 3> kMeasuredWith{"bandwidth", "link", "latency"};
  template <class V, class S>
  static void fields(V& v, S& l) {
    v.field(l.name, {.name = "name", .doc = "a label, e.g. \"nvlink\" or \"infiniband\""});
    v.field(l.size, {.name = "size",
                     .doc = "groups of the level below joined at this level (GPUs, for the "
                            "innermost level: 8 for an NVLink node); omit on the outermost "
                            "level, which spans the cluster",
                     .min = 1});
    v.field(l.bandwidth, {.name = "bandwidth",
                          .doc = "per-GPU bandwidth at this level, both directions together "
                                 "(H100 NVLink: \"900 GB/s\")",
                          .required = true,
                          .infinite = true,
                          .alternative = "link",
                          .note = "per GPU, both directions together"});
    v.field(l.link, {.name = "link",
                     .doc = "per-GPU bandwidth at this level in each direction, as NICs are "
                            "sold (a 400 Gb/s NIC: \"400 Gb/s\"); bandwidth = 2 x link",
                     .infinite = true,
                     .alternative = "bandwidth",
                     .note = "per GPU, each direction: bandwidth = 2 x link"});
    v.field(l.latency, {.name = "latency",
                        .doc = "latency of one message at this level",
                        .required = true,
                        .nonnegative = true});
    v.field(l.measured,
            {.name = "measured",
             .doc = "collectives measured at this level (nccl-tests rows: op, size, "
                    "bus_bandwidth, gpus); transformer runs use them instead of alpha-beta; "
                    "on the two innermost levels only; a changed copy that gives bandwidth, "
                    "link or latency drops the base's (timed on the old links)",
             .stale_with = kMeasuredWith});
    v.field(l.sources,
            {.name = "sources", .doc = "where each number comes from: field name -> citation"});
  }
  // Fills link from bandwidth, or bandwidth from link (whichever the declaration gave).
  static void complete(NetworkLevel& l);
  // A link, when set, is half the bandwidth.
  static void check(const NetworkLevel& l, const std::string& path);
};

template <>
struct Description<Cluster> {
  static constexpr std::string_view name = "cluster";
  static constexpr std::string_view title = "a cluster";
  static constexpr std::string_view doc = "GPUs and the levels of the network between them.";
  template <class V, class S>
  static void fields(V& v, S& c) {
    v.field(c.gpu,
            {.name = "gpu", .doc = "the accelerator (see dml.presets.gpus)", .required = true});
    v.field(c.levels,
            {.name = "levels", .doc = "network levels, innermost first", .required = true});
    v.field(c.size, {.name = "size",
                     .doc = "number of GPUs; omit to let the search choose the smallest cluster "
                            "that meets the duration",
                     .min = 1});
    v.field(c.facility, {.name = "facility",
                         .doc = "overheads (PUE, host power) and prices, for transformer runs' "
                                "energy and cost",
                         .default_text = "none: GPU power only, no cost"});
  }
  // Every level but the outermost has a size of at least 2; a group fits in the cluster; the
  // cluster is a whole number of groups; at most kMaxNetworkLevels levels.
  static void check(const Cluster& c, const std::string& path);
};

}  // namespace dml
