// libFuzzer target: scenario text run by a fresh dml interpreter with files, processes, the
// debug library and the searches removed (lua_host.hpp), under an instruction and a memory
// limit. Whatever the text does with dml's constructors, quantities, tables and declared values,
// the host must survive it: an error is a Lua error, never a crash, a hang or a C++ exception
// through a Lua frame.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "lua_host.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::optional<dml::fuzz::LuaHost> host;
  host.emplace();  // a fresh interpreter: no input sees what another changed
  (void)host->run(std::string_view(reinterpret_cast<const char*>(data), size), "=scenario");
  host.reset();
  return 0;
}
