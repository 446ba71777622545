// The Lua host the declaration and scenario fuzz targets share: one dml interpreter for the
// whole run, with what a fuzzed text must not reach removed (files, processes, the debug
// library, binary chunks, C modules, Lua's pattern matching, whose backtracking has no limit),
// and the searches too (dml.optimize, dml.sweep, dml.limits... may take minutes: they are not
// what these targets test). Each input runs under an instruction limit and a memory limit.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <lua.hpp>
#include <string_view>

#include "dml/interpreter.hpp"

namespace dml::fuzz {

class LuaHost {
 public:
  LuaHost();
  [[nodiscard]] lua_State* lua() const { return interpreter_.lua(); }
  // Runs `text` (Lua source, never a binary chunk) under the limits; false on an error, whose
  // message is then error().
  bool run(std::string_view text, const char* chunk_name);
  // Calls the function below `nargs` arguments under the limits, like lua_pcall.
  int call(int nargs, int nresults);
  [[nodiscard]] std::string_view error() const { return error_; }
  // Collects garbage now and then, so that memory stays bounded across inputs.
  void after_input();

  static constexpr std::size_t kMemoryLimit = std::size_t{256} << 20;  // bytes held by Lua
  static constexpr int kInstructionLimit = 2'000'000;                  // VM instructions per input

 private:
  Interpreter interpreter_;
  std::string_view error_;
  int inputs_ = 0;
};

}  // namespace dml::fuzz
