// The Lua definitions of the paper's clusters (stdlib/dml/paper/erdil2024.lua, built on
// dml.presets.gpus) equal the C++ ones the validation tests use (tests/common/paper_gpus.hpp),
// to the last bit: a one-unit difference in a bandwidth can flip a cluster size
// (docs/model.md 7.6).
#include <catch2/catch.hpp>
#include <string>

#include "dml/interpreter.hpp"
#include "dml/plan.hpp"
#include "lua_values.hpp"
#include "paper_gpus.hpp"

namespace {

dml::Cluster lua_cluster(dml::Interpreter& dml, const std::string& name) {
  const std::string chunk =
      "local paper = require 'dml.paper.erdil2024'\n"
      "paper_run = dml.run { model = dml.mlp_stack { d_model = 12288 },"
      " cluster = paper.clusters['" +
      name + "'] }";
  REQUIRE(dml.run_string(chunk, "=test"));
  lua_State* L = dml.lua();
  lua_getglobal(L, "paper_run");
  const dml::Run run = dml::lua::read<dml::Run>(L, -1);
  lua_pop(L, 1);
  return run.cluster;
}

}  // namespace

TEST_CASE("paper presets: the Lua clusters are the C++ ones, bit for bit", "[presets]") {
  struct Row {
    const char* name;
    dml::Cluster (*cpp)();
  };
  const auto row = GENERATE(values<Row>({
      {"V100 SXM", dml::paper::v100_sxm},
      {"A100 SXM", dml::paper::a100_sxm},
      {"H100 SXM", dml::paper::h100_sxm},
      {"H100 SXM Low Latency", dml::paper::h100_low_latency},
      {"H100 SXM Global NVLink", dml::paper::h100_global_nvlink},
      {"H100 SXM Global NVLink and LL", dml::paper::h100_global_nvlink_ll},
      {"H100 SXM Infinite Network and LL", dml::paper::h100_infinite_network_ll},
  }));
  CAPTURE(row.name);
  dml::Interpreter dml;
  const dml::Cluster lua = lua_cluster(dml, row.name);
  const dml::Cluster cpp = row.cpp();
  const dml::Gpu& a = lua.gpu;
  const dml::Gpu& b = cpp.gpu;
  // Exact comparisons on purpose (see the top of this file).
  CHECK(a.bitwidth == b.bitwidth);
  CHECK(a.flop_per_clock_per_thread.fp16 == b.flop_per_clock_per_thread.fp16);
  CHECK(a.flop_per_clock_per_thread.fp32 == b.flop_per_clock_per_thread.fp32);
  CHECK(a.flop_per_clock_per_thread.fp8 == b.flop_per_clock_per_thread.fp8);
  CHECK(a.sms == b.sms);
  CHECK(a.clock.value() == b.clock.value());
  CHECK(a.effective_utilization == b.effective_utilization);
  CHECK(a.hbm_bandwidth.value() == b.hbm_bandwidth.value());
  CHECK(a.hbm_capacity.value() == b.hbm_capacity.value());
  CHECK(a.l2_bandwidth.value() == b.l2_bandwidth.value());
  CHECK(a.l2_size.value() == b.l2_size.value());
  CHECK(a.register_file.value() == b.register_file.value());
  CHECK(a.shared_memory_bandwidth.has_value() == b.shared_memory_bandwidth.has_value());
  CHECK(a.dsmem == b.dsmem);
  CHECK(a.matmul_latency.value() == b.matmul_latency.value());
  CHECK(a.tensor_core_granule == b.tensor_core_granule);
  REQUIRE(lua.levels.size() == cpp.levels.size());
  for (size_t i = 0; i < lua.levels.size(); ++i) {
    CAPTURE(i);
    // the top level's size is not used (the cluster spans the rest)
    if (i + 1 < lua.levels.size()) CHECK(lua.levels[i].size == cpp.levels[i].size);
    CHECK(lua.levels[i].bandwidth.value() == cpp.levels[i].bandwidth.value());
    CHECK(lua.levels[i].latency.value() == cpp.levels[i].latency.value());
  }
}
