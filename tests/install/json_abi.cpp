// Built by check_install.cmake against the installed package: as it is, it links and runs; with
// JSON_DIAGNOSTICS=1 (a build of nlohmann::json with another layout and ABI tag than the
// package's) each use must fail to link (helper-172: eval returned an nlohmann::json through a
// linker name without it, linked, and read an empty value from memory of another layout).
#include <nlohmann/json.hpp>

#include "dml/interpreter.hpp"

int main() {
  dml::Interpreter dml;
#if DML_USE == 1
  const auto v = dml.eval("1 + 1");
  return v && *v == 2 ? 0 : 1;
#elif DML_USE == 2
  const auto v = dml.call("math.pi");  // not a function: the call fails, a value of any kind
  return v ? 1 : 0;
#else
  const auto v = dml.call("math.max", nlohmann::json::array({1, 3, 2}));
  return v && *v == 3 ? 0 : 1;
#endif
}
