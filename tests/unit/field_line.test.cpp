#include "field_line.hpp"

#include <catch2/catch.hpp>
#include <optional>
#include <string>
#include <vector>

using dml::lua::field_line;
using dml::lua::field_path;
using dml::lua::FieldStep;

namespace {
// The steps of a path written as an error message writes it, "root.a[2].b".
std::vector<FieldStep> path(const std::string& text) { return field_path(text + ": x").value(); }
}  // namespace

TEST_CASE("field path: the steps after the root, up to ': '", "[field_line]") {
  const auto p = field_path("cluster.levels[2].bandwidth: expected a bandwidth");
  REQUIRE(p.has_value());
  REQUIRE(p->size() == 3);
  CHECK((*p)[0].name == "levels");
  CHECK((*p)[1].name.empty());
  CHECK((*p)[1].index == 2);
  CHECK((*p)[2].name == "bandwidth");
  CHECK_FALSE(field_path("transformer: no step").has_value());
  CHECK_FALSE(field_path("run.duration is wrong").has_value());  // no ": " after the path
  CHECK_FALSE(field_path("expected a quantity").has_value());
  CHECK_FALSE(field_path("x.[2]: bad").has_value());
  CHECK_FALSE(field_path("").has_value());
}

TEST_CASE("field line: the line that writes the field inside the call's table", "[field_line]") {
  const std::string src =
      "local gpus = require \"dml.presets.gpus\"\n"                                // 1
      "local c = dml.cluster { gpu = gpus.h100_sxm, size = 16,\n"                  // 2
      "  levels = { { name = \"nvlink\", size = 8, bandwidth = \"900 GB/s\" },\n"  // 3
      "             { name = \"ib\",\n"                                            // 4
      "               bandwidth = \"400 Gb\" } } }\n";                             // 5
  CHECK(field_line(src, 2, path("cluster.levels[2].bandwidth")) == 5);
  CHECK(field_line(src, 2, path("cluster.levels[1].bandwidth")) == 3);
  CHECK(field_line(src, 2, path("cluster.levels[2]")) == 4);
  CHECK(field_line(src, 2, path("cluster.size")) == 2);
  // A field the table does not write: the deepest step it does.
  CHECK(field_line(src, 2, path("cluster.levels[2].latency")) == 4);
  // A first step the table does not hold, or a call line with no table: nothing.
  CHECK(field_line(src, 2, path("cluster.facility")) == std::nullopt);
  CHECK(field_line(src, 1, path("cluster.levels[1]")) == std::nullopt);
  CHECK(field_line(src, 9, path("cluster.levels[1]")) == std::nullopt);
}

TEST_CASE("field line: strings, comments and brackets are stepped over", "[field_line]") {
  const std::string src =
      "local run = dml.run { model = m, -- a comment with { and size = 1\n"  // 1
      "  note = \"a string } with, commas = {\", other = [[long\n"           // 2
      "string = { ]], f = g(1, { a = 2 }, h[3]),\n"                          // 3
      "  --[==[ a long\n"                                                    // 4
      "  comment, size = 3 ]==] ['key'] = 1, [2] = 5,\n"                     // 5
      "  size = 4 }\n";                                                      // 6
  CHECK(field_line(src, 1, path("run.size")) == 6);
  CHECK(field_line(src, 1, path("run.f")) == 3);
  CHECK(field_line(src, 1, path("run.other")) == 2);
  CHECK(field_line(src, 1, path("run[2]")) == 5);
  // g's own table is an argument, not a field of the run's.
  CHECK(field_line(src, 1, path("run.a")) == std::nullopt);
}

TEST_CASE("field line: every table that opens on the call line, outermost first", "[field_line]") {
  const std::string src =
      "local run = dml.run { model = m, cluster = dml.cluster { gpu = g,\n"  // 1
      "  levels = { a,\n"                                                    // 2
      "    b } } }\n";                                                       // 3
  // The run's table has no levels; the cluster's, opening on the same line, has.
  CHECK(field_line(src, 1, path("cluster.levels[2]")) == 3);
  CHECK(field_line(src, 1, path("run.cluster")) == 1);
  // Positional values count in order; a name compared with == is a value, not a key.
  const std::string list = "x = f {\n  a == b,\n  c }\n";
  CHECK(field_line(list, 1, path("f[2]")) == 3);
}
