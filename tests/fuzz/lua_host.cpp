#include "lua_host.hpp"

#include <cstdio>
#include <cstring>

#include "fuzz_check.hpp"

namespace dml::fuzz {
namespace {

// Lua's allocator, refusing past the limit (Lua then raises "not enough memory").
struct Allocator {
  lua_Alloc base = nullptr;
  void* base_ud = nullptr;
  std::size_t used = 0;
};
Allocator g_alloc;

void* limited_alloc(void*, void* ptr, std::size_t osize, std::size_t nsize) {
  const std::size_t old = ptr != nullptr ? osize : 0;
  if (nsize > old && g_alloc.used + (nsize - old) > LuaHost::kMemoryLimit) return nullptr;
  void* out = g_alloc.base(g_alloc.base_ud, ptr, osize, nsize);
  if (out != nullptr || nsize == 0) g_alloc.used = g_alloc.used - old + nsize;
  return out;
}

int g_instructions = 0;
void count_hook(lua_State* L, lua_Debug*) {
  g_instructions += 1000;
  if (g_instructions > LuaHost::kInstructionLimit) luaL_error(L, "fuzz: instruction limit");
}

constexpr const char* kRestrict = R"(
  for _, name in ipairs { "os", "io", "debug", "package", "require", "dofile", "loadfile", "load",
                          "collectgarbage" } do
    rawset(_G, name, nil)
  end
  local tostring, select = tostring, select
  print = function(...)  -- what print shows is made (__tostring), and goes nowhere
    for i = 1, select("#", ...) do tostring((select(i, ...))) end
  end
  for _, name in ipairs { "dump", "find", "match", "gmatch", "gsub" } do string[name] = nil end
  for _, name in ipairs { "optimize", "sweep", "limits", "limits_many", "largest_run",
                          "linear_scaling_ends", "save", "plot" } do
    rawset(dml, name, nil)
  end
)";

}  // namespace

namespace {
InterpreterOptions host_options() {
  InterpreterOptions options;
  options.use_env_path = false;  // DML_PATH is not the fuzzer's
  return options;
}
}  // namespace

LuaHost::LuaHost() : interpreter_(host_options()) {
  g_alloc = Allocator{};
  lua_State* L = lua();
  g_alloc.base = lua_getallocf(L, &g_alloc.base_ud);
  g_alloc.used = static_cast<std::size_t>(lua_gc(L, LUA_GCCOUNT, 0)) * 1024 +
                 static_cast<std::size_t>(lua_gc(L, LUA_GCCOUNTB, 0));
  lua_setallocf(L, limited_alloc, nullptr);
  if (!interpreter_.run_string(kRestrict, "=fuzz setup")) {
    std::fprintf(stderr, "fuzz setup failed: %s\n", interpreter_.error().c_str());
    std::abort();
  }
  lua_sethook(L, count_hook, LUA_MASKCOUNT, 1000);
}

bool LuaHost::run(std::string_view text, const char* chunk_name) {
  lua_State* L = lua();
  if (luaL_loadbufferx(L, text.data(), text.size(), chunk_name, "t") != LUA_OK) {
    std::size_t n = 0;
    const char* msg = lua_tolstring(L, -1, &n);
    error_ = std::string_view(msg != nullptr ? msg : "", n);
    lua_pop(L, 1);
    return false;
  }
  return call(0, 0) == LUA_OK;
}

int LuaHost::call(int nargs, int nresults) {
  lua_State* L = lua();
  g_instructions = 0;
  const int status = lua_pcall(L, nargs, nresults, 0);
  if (status != LUA_OK) {
    static std::string message;
    std::size_t n = 0;
    const char* msg = lua_tolstring(L, -1, &n);
    message.assign(msg != nullptr ? msg : "(error object is not a string)",
                   msg != nullptr ? n : std::strlen("(error object is not a string)"));
    error_ = message;
    lua_pop(L, 1);
  }
  return status;
}

void LuaHost::after_input() {
  lua_State* L = lua();
  lua_settop(L, 0);
  if (++inputs_ % 64 == 0 || g_alloc.used > kMemoryLimit / 2) lua_gc(L, LUA_GCCOLLECT, 0);
}

}  // namespace dml::fuzz
