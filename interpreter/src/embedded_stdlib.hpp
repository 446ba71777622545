// The stdlib's Lua files, embedded at build time (cmake/EmbedStdlib.cmake).
#pragma once

#include <span>
#include <string_view>

namespace dml::lua {

struct EmbeddedModule {
  std::string_view name;  // module name: "dml", "dml.presets.gpus"
  std::string_view path;  // path below stdlib/: "dml/init.lua"
  std::string_view text;  // the Lua source
};

// Every embedded module, sorted by path.
std::span<const EmbeddedModule> embedded_stdlib();

}  // namespace dml::lua
