// libFuzzer target: reading declarations. The first byte picks a constructor of dml (dml.gpu,
// dml.cluster, dml.run, ...); the rest is Lua text after `return`, whose values (a table, or a
// base and its changes) are passed to it, with no globals in reach. The constructor must return
// a declared value or raise an error at the caller with a bounded message; never crash, hang or
// throw a C++ exception through Lua.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_check.hpp"
#include "lua_host.hpp"

namespace {

constexpr std::array<const char*, 13> kConstructors{
    "gpu",     "level",  "cluster", "mlp_stack", "transformer", "stack",   "run",
    "options", "layout", "setting", "q",         "table",       "evaluate"};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static dml::fuzz::LuaHost host;
  if (size == 0) return 0;
  lua_State* L = host.lua();
  const char* name = kConstructors[data[0] % kConstructors.size()];
  const std::string text =
      "return " + std::string(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (luaL_loadbufferx(L, text.data(), text.size(), "=declaration", "t") != LUA_OK) {
    host.after_input();
    return 0;
  }
  lua_newtable(L);  // the chunk's _ENV: no globals
  lua_setupvalue(L, -2, 1);
  if (!host.call(0, LUA_MULTRET)) {
    host.after_input();
    return 0;
  }
  const int nargs = lua_gettop(L);
  if (nargs > 8) {
    host.after_input();
    return 0;
  }
  lua_getglobal(L, "dml");
  lua_getfield(L, -1, name);
  lua_remove(L, -2);
  lua_insert(L, 1);
  if (host.call(nargs, 1)) {
    // A declared value prints, and its text is made without error.
    luaL_tolstring(L, -1, nullptr);
  } else {
    dml::fuzz::check_message(host.error(), size);
  }
  host.after_input();
  return 0;
}
