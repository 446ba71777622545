#include "lua_host.hpp"

#include <cstdio>
#include <cstring>

#include "fuzz_check.hpp"

namespace dml::fuzz {
namespace {

// Run in the sandbox, before any input: what the sandbox allows but a fuzzer must not do. Lua's
// pattern matching backtracks in C, out of the limits' reach (a pattern of a few bytes can run
// for hours); the searches may take minutes and are not what these targets test; save and plot
// would write files in the working directory.
constexpr const char* kRestrict = R"(
  local tostring, select = tostring, select
  print = function(...)  -- what print shows is made (__tostring), and goes nowhere
    for i = 1, select("#", ...) do tostring((select(i, ...))) end
  end
  for _, name in ipairs { "find", "match", "gmatch", "gsub" } do string[name] = nil end
  for _, name in ipairs { "optimize", "sweep", "limits", "limits_many", "largest_run",
                          "linear_scaling_ends", "save", "plot" } do
    rawset(dml, name, nil)
  end
)";

InterpreterOptions host_options() {
  InterpreterOptions options;
  options.use_env_path = false;  // DML_PATH is not the fuzzer's
  options.sandbox = true;        // what `dml --sandbox` gives a script (docs/security.md)
  options.max_memory = units::Bytes(static_cast<double>(LuaHost::kMemoryLimit));
  options.max_instructions = LuaHost::kInstructionLimit;
  options.message = [](std::string_view) {};
  options.progress = [](const Progress&) {};
  return options;
}

}  // namespace

LuaHost::LuaHost() : interpreter_(host_options()) {
  if (!interpreter_.run_string(kRestrict, "=fuzz setup")) {
    std::fprintf(stderr, "fuzz setup failed: %s\n", interpreter_.error().c_str());
    std::abort();
  }
}

bool LuaHost::run(std::string_view text, const char* chunk_name) {
  const bool ok = interpreter_.run_string(text, chunk_name);
  if (!ok) error_ = interpreter_.error();
  return ok;
}

bool LuaHost::call(int nargs, int nresults) {
  const bool ok = interpreter_.call_function(nargs, nresults);
  if (!ok) error_ = interpreter_.error();
  return ok;
}

void LuaHost::after_input() {
  lua_State* L = lua();
  lua_settop(L, 0);
  if (++inputs_ % 64 == 0) lua_gc(L, LUA_GCCOLLECT, 0);
}

}  // namespace dml::fuzz
