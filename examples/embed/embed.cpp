// Embedding dml in a C++ program: run a scenario string, then read a value
// back from Lua. Built in dml's tree as dml_embed_example, and on its own against an
// installed dml by CMakeLists.txt beside it (find_package(dml); docs/embedding.md).
#include <iostream>
#include <lua.hpp>

#include "dml/interpreter.hpp"

int main() {
  dml::Interpreter dml;  // the stdlib is built in: nothing to install beside the program
  const char* scenario = R"(
    local nvlink = dml.level { size = 8, bandwidth = "900 GB/s", latency = "1.125 us" }
    step = dml.q"140 GB" / (nvlink.bandwidth / 2)
  )";
  if (!dml.run_string(scenario, "=embedded scenario")) {
    std::cerr << "error: " << dml.error() << "\n";
    return 1;
  }
  lua_State* L = dml.lua();
  lua_getglobal(L, "step");
  std::cout << "step = " << luaL_tolstring(L, -1, nullptr) << "\n";
  lua_pop(L, 2);

  // Errors come back as text naming the chunk and line; nothing is thrown.
  if (!dml.run_string("dml.level { bandwidth = 900 }", "=second chunk")) {
    std::cout << "error: " << dml.error() << "\n";
  }
  return 0;
}
