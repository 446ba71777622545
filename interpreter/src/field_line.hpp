// The line of a field inside a table constructor of a Lua source, so that an error about a
// declaration's field ("cluster.levels[2].bandwidth: ...") points at the line that writes the
// field, not at the line where the call begins.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dml::lua {

// One step of a field path: a name (`bandwidth`) or a list position (`[2]`, index 2).
struct FieldStep {
  std::string name;      // empty for a position
  std::int64_t index{};  // 1-based, for a position
};

// The steps after the root of a path written at the start of `text` and followed by ": "
// ("cluster.levels[2].bandwidth: expected ..." -> levels, [2], bandwidth); nullopt when `text`
// does not start so, or the path has no step after its root.
std::optional<std::vector<FieldStep>> field_path(std::string_view text);

// The 1-based line of the field `path` in the first table constructor that opens on line
// `call_line` of `source` and holds it (constructors nested in it followed step by step; a step
// whose value is not written as a constructor gives its own line). nullopt when no constructor
// opening on that line holds the path's first step.
std::optional<int> field_line(std::string_view source, int call_line,
                              const std::vector<FieldStep>& path);

}  // namespace dml::lua
