// The paper's model in Lua (dml.core's evaluate, optimize, optimize_many and
// paper_sweep): reading declared runs and layouts into the core's structs and
// pushing results back as plain tables.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "dml/evaluate.hpp"
#include "dml/search.hpp"
#include "lua_runtime.hpp"

namespace dml::lua {

struct ClusterSpec {
  Cluster cluster;
  std::optional<std::int64_t> gpus;  // cluster.size, when the user fixed it
};

// A declared run (dml.run), read: the core's run, its cluster and options.
struct RunSpec {
  Cluster cluster;
  std::optional<std::int64_t> gpus;  // fixed cluster size, or search for the smallest
  TrainingRun run;
  Options options;
  std::string batch_rule;  // "paper", "fixed", "deepseek" or "given" (batch_tokens)
};

RunSpec read_run(lua_State* L, int idx, const std::string& path = "run");
Layout read_layout(lua_State* L, int idx, const std::string& path = "layout");

// A count that may pass 2^63 (cluster sizes): an integer when it fits, else the nearest float.
void push_count(lua_State* L, u128 n);

struct ParallelResult {
  std::vector<char> finished;  // finished[i]: body(i) completed
  bool interrupted = false;    // Ctrl-C stopped the work before the end
};

// Runs body(i) for i in [0, n) on all cores, showing progress on stderr (a
// terminal, after a second). Ctrl-C stops it and keeps what finished. An
// exception in a body stops the other workers and is rethrown here.
ParallelResult parallel_for(size_t n, const std::string& label,
                            const std::function<void(size_t)>& body);

std::int64_t checked_int64_mul(std::int64_t a, std::int64_t b, const std::string& path);

}  // namespace dml::lua
