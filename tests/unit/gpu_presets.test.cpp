// The Blackwell GPU presets (stdlib/dml/presets/gpus.lua) in the paper's matmul model
// (docs/model.md 3.3): a large matmul is bound by the tensor cores, as on the paper's H100, not
// by shared memory. Expected times are worked from the datasheet figures the presets cite.
#include <catch2/catch.hpp>
#include <string>

#include "dml/interpreter.hpp"
#include "dml/matmul.hpp"
#include "lua_values.hpp"

namespace {

dml::Gpu lua_gpu(dml::Interpreter& dml, const std::string& preset) {
  REQUIRE(
      dml.run_string("preset_gpu = dml.gpu(require('dml.presets.gpus')." + preset + ")", "=test"));
  lua_State* L = dml.lua();
  lua_getglobal(L, "preset_gpu");
  const dml::Gpu gpu = dml::lua::read<dml::Gpu>(L, -1);
  lua_pop(L, 1);
  return gpu;
}

}  // namespace

TEST_CASE("gpu presets: a large matmul on a Blackwell GPU is bound by its tensor cores",
          "[presets]") {
  struct Row {
    const char* preset;
    double clock;  // Hz: the datasheet's dense fp16 peak / (148 SMs x 128 threads x 64)
  };
  const auto row = GENERATE(values<Row>({{"b200", 1856e6}, {"gb200", 2062e6}}));
  CAPTURE(row.preset);
  dml::Interpreter dml;
  const dml::Gpu gpu = lua_gpu(dml, row.preset);
  // 64 dense fp16 FLOP per clock per thread x 128 threads x 148 SMs at the clock, times the
  // effective utilization 0.7; every dimension a multiple of the granule of 8.
  const double effective = 64.0 * 128 * 148 * row.clock * 0.7;
  struct Shape {
    std::int64_t d1, d2, b;
    bool weight_grad;
  };
  const auto shape = GENERATE(values<Shape>(
      {{6144, 3072, 32768, false}, {6144, 3072, 32768, true}, {8192, 8192, 8192, false}}));
  CAPTURE(shape.d1, shape.d2, shape.b, shape.weight_grad);
  const auto m = dml::matmul_breakdown(gpu, shape.d1, shape.d2, shape.b, shape.weight_grad);
  const double flop = 2.0 * static_cast<double>(shape.d1 * shape.d2) * static_cast<double>(shape.b);
  CHECK_THAT(m.flop_time.value(), Catch::Matchers::WithinRel(flop / effective, 1e-12));
  CHECK(m.sm_time.value() < m.flop_time.value());
  CHECK(m.l2_time.value() < m.flop_time.value());
  CHECK(m.hbm_time.value() < m.flop_time.value());
  CHECK_THAT(m.time.value(), Catch::Matchers::WithinRel(flop / effective + 4.5e-6, 1e-12));
}
