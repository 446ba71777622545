#include <catch2/catch.hpp>

#include "dml/interpreter.hpp"

TEST_CASE("interpreter: a chunk runs and an error names the chunk and line", "[runtime]") {
  dml::Interpreter dml;
  REQUIRE(dml.run_string("x = 1 + 1"));
  REQUIRE_FALSE(dml.run_string("local a = 1\nlocal b = nosuch + 1", "=chunk"));
  CHECK(dml.error() == "chunk:2: undefined global 'nosuch'");
}
