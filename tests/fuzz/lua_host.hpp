// The Lua host the declaration and scenario fuzz targets share: a dml interpreter in the sandbox
// (`dml --sandbox`: no files, processes, debug library, binary chunks or C modules), under the
// interpreter's own instruction and memory limits, with Lua's pattern matching (its
// backtracking runs in C, out of the limits' reach) and the searches (dml.optimize, dml.sweep,
// dml.limits... may take minutes: they are not what these targets test) removed too.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <lua.hpp>
#include <string>
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
  // Calls the function below `nargs` arguments under the limits; false on an error (error()).
  bool call(int nargs, int nresults);
  [[nodiscard]] std::string_view error() const { return error_; }
  // Collects garbage now and then, so that memory stays bounded across inputs.
  void after_input();

  static constexpr std::size_t kMemoryLimit = std::size_t{256} << 20;  // bytes held by Lua
  static constexpr int kInstructionLimit = 2'000'000;                  // VM instructions per input

 private:
  Interpreter interpreter_;
  std::string error_;
  int inputs_ = 0;
};

}  // namespace dml::fuzz
