// A fresh directory for one test, removed with its contents when the test ends, and a file's
// bytes as a string.
//
//   dml::testing::TempDir dir("plot");           // $TMPDIR/dml-plot-test-XXXXXX
//   write(dir.file("a.svg")); CHECK(dir.entries() == std::vector<std::string>{"a.svg"});
#pragma once

#include <stdlib.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace dml::testing {

struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& who) {
    std::string tmpl =
        (std::filesystem::temp_directory_path() / ("dml-" + who + "-test-XXXXXX")).string();
    REQUIRE(mkdtemp(tmpl.data()) != nullptr);
    path = tmpl;
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir() { std::filesystem::remove_all(path); }
  [[nodiscard]] std::string file(const std::string& name) const { return (path / name).string(); }
  // The names in the directory, sorted.
  [[nodiscard]] std::vector<std::string> entries() const {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(path)) {
      out.push_back(e.path().filename().string());
    }
    std::sort(out.begin(), out.end());
    return out;
  }
};

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace dml::testing
