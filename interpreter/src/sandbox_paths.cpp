// Where a sandboxed script's dml.save, dml.plot and dml's readers may reach (sandbox.hpp). No
// Lua here: the Lua module dml.so uses it too, while sandbox.cpp (the Lua libraries a sandboxed
// state gets) belongs to the Interpreter alone.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <system_error>

#include "dml/error.hpp"
#include "sandbox.hpp"

namespace dml::lua {

namespace fs = std::filesystem;

std::string confinement_problem(std::string_view path, Access access) {
  const std::string rule = fmt::format(
      "the sandbox {} only inside the working directory (a relative path without \"..\")",
      access == Access::kWrite ? "writes" : "reads");
  if (path.empty()) return "an empty path";
  if (path.find('\0') != std::string_view::npos) return "the path holds a NUL character";
  const fs::path p(path);
  if (p.is_absolute() || p.has_root_name() || p.has_root_directory()) return rule;
  for (const auto& part : p) {
    if (part == "..") return rule;
  }
  std::error_code ec;
  const fs::path cwd = fs::canonical(fs::current_path(ec), ec);
  if (ec) return "the working directory cannot be read";
  // What is written replaces the file (a link would be replaced, not followed, but refusing it
  // says more); what is read is the file a link leads to, which must be inside too.
  if (access == Access::kWrite && fs::is_symlink(fs::symlink_status(p, ec))) {
    return "it is a symbolic link";
  }
  const fs::path resolved = fs::weakly_canonical(cwd / p, ec);
  if (ec) return rule;
  // A directory on the way may be a symbolic link out of it.
  const fs::path inside = access == Access::kWrite ? resolved.parent_path() : resolved;
  const auto mismatch = std::mismatch(cwd.begin(), cwd.end(), inside.begin(), inside.end());
  if (mismatch.first != cwd.end()) {
    // A relative path without ".." that leads out: a symbolic link on the way, named
    // (helper-95: the rule alone read as wrong for such a path).
    fs::path walked;
    for (const auto& part : p) {
      walked /= part;
      if (!fs::is_symlink(fs::symlink_status(walked, ec))) continue;
      // The first link whose target lies outside (one to elsewhere inside is passed over).
      const fs::path target = fs::weakly_canonical(cwd / walked, ec);
      if (ec) break;
      const auto m = std::mismatch(cwd.begin(), cwd.end(), target.begin(), target.end());
      if (m.first != cwd.end()) {
        return fmt::format("{} is a symbolic link that leads out of the working directory",
                           walked.string());
      }
    }
    return rule;
  }
  return {};
}

void check_confined(std::string_view path, std::string_view who, Access access) {
  const std::string why = confinement_problem(path, access);
  if (!why.empty()) throw Error(fmt::format("{}: \"{}\": {}", who, path, why));
}

}  // namespace dml::lua
