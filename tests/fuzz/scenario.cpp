// libFuzzer target: scenario text run by a fresh dml interpreter in the sandbox, with the searches
// and pattern matching removed too (lua_host.hpp), under the interpreter's instruction and
// memory limits. Whatever the text does with dml's constructors, quantities, tables and declared
// values, the host must survive it: an error is a Lua error, never a crash, a hang or a C++
// exception through a Lua frame.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "lua_host.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // A fresh interpreter: no input sees what another changed.
  const auto host = std::make_unique<dml::fuzz::LuaHost>();
  (void)host->run(std::string_view(reinterpret_cast<const char*>(data), size), "=scenario");
  return 0;
}
