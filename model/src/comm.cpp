#include "dml/comm.hpp"

#include "dml/error.hpp"

namespace dml {
namespace {

const NetworkLevel& level_of(const Cluster& cluster, int level) {
  if (level < 0 || static_cast<std::size_t>(level) >= cluster.levels.size()) {
    throw ConfigError("level", "must be in [0, {}), got {}", cluster.levels.size(), level);
  }
  return cluster.levels[static_cast<std::size_t>(level)];
}

double aggregate_one_way(double n, double bw) { return n * bw / 2; }

}  // namespace

CommTime allreduce_time(const Cluster& cluster, std::int64_t participants, u128 words, int level,
                        u128 cluster_size, u128 repeat_sequential, u128 repeat_parallel) {
  const NetworkLevel& l = level_of(cluster, level);
  if (participants <= 0) {
    throw ConfigError("participants", "must be positive, got {}", participants);
  }
  if (cluster_size == 0) throw ConfigError("cluster_size", "must be positive, got 0");
  const double bytes = product_to_double({2, static_cast<u128>(participants - 1), words,
                                          repeat_sequential, repeat_parallel}) *
                       bytes_per_word(cluster.gpu);
  const double bw = bytes / aggregate_one_way(to_double(cluster_size), l.bandwidth.value());
  const double lat =
      participants > 1 ? product_to_double({2, repeat_sequential}) * l.latency.value() : 0.0;
  return {units::Seconds(lat), units::Seconds(bw)};
}

CommTime p2p_time(const Cluster& cluster, u128 words, int level, u128 cluster_size,
                  double repeat_sequential, u128 repeat_parallel) {
  const NetworkLevel& l = level_of(cluster, level);
  if (cluster_size == 0) throw ConfigError("cluster_size", "must be positive, got 0");
  const double bytes = to_double(words) * repeat_sequential * to_double(repeat_parallel) *
                       bytes_per_word(cluster.gpu);
  const double bw = bytes / aggregate_one_way(to_double(cluster_size), l.bandwidth.value());
  const double lat = repeat_sequential * l.latency.value();
  return {units::Seconds(lat), units::Seconds(bw)};
}

}  // namespace dml
