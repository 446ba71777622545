// interpreter/src/described_types.hpp lists every type the model describes, so that the Lua
// bindings of each compile once (type_info.cpp). A type described in model/include and left out
// of the list would still work, compiled again in every binding source: this test names it.
#include <catch2/catch.hpp>
#include <filesystem>
#include <regex>
#include <set>
#include <string>

#include "temp_dir.hpp"

namespace fs = std::filesystem;

TEST_CASE("described_types.hpp lists every described type", "[describe]") {
  const fs::path root(DML_SOURCE_DIR);
  const std::regex described(R"(struct Description<(\w+)> \{)");
  std::set<std::string> in_model;
  for (const auto& entry : fs::directory_iterator(root / "model" / "include" / "dml")) {
    const std::string text = dml::testing::read_file(entry.path());
    for (std::sregex_iterator it(text.begin(), text.end(), described), end; it != end; ++it) {
      in_model.insert((*it)[1].str());
    }
  }
  REQUIRE(in_model.size() > 30);
  const std::string list =
      dml::testing::read_file(root / "interpreter" / "src" / "described_types.hpp");
  const std::regex listed(R"(X\(::dml::(\w+)\))");
  std::set<std::string> in_list;
  for (std::sregex_iterator it(list.begin(), list.end(), listed), end; it != end; ++it) {
    in_list.insert((*it)[1].str());
  }
  for (const std::string& name : in_model) {
    INFO(name);
    CHECK(in_list.count(name) == 1);
  }
  for (const std::string& name : in_list) {
    INFO(name);
    CHECK(in_model.count(name) == 1);
  }
}
