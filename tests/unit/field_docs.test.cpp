// What `dml --doc`, dml.fields and docs/reference.md say of a field's default
// (lua_values.hpp, fallback_text): text a scenario could write, whatever the field's kind,
// never empty and never a Lua value's address.
#include <catch2/catch.hpp>
#include <optional>

#include "dml/layout.hpp"
#include "lua_values.hpp"

using dml::lua::detail::fallback_text;

TEST_CASE("field docs: a default reads as a scenario writes it", "[docs]") {
  const dml::Field f{.name = "x", .doc = "a field"};
  CHECK(fallback_text(std::int64_t{8}, f) == "default 8");
  CHECK(fallback_text(true, f) == "default true");
  CHECK(fallback_text(dml::units::microseconds(4.5), f) == R"(default "4.5 us")");
  CHECK(fallback_text(dml::TensorParallel{}, f) == "default { model = 1, ff = 1 }");
  const dml::Field required{.name = "x", .doc = "a field", .required = true};
  CHECK(fallback_text(std::int64_t{8}, required) == "required");
  const dml::Field described{.name = "x", .doc = "a field", .default_text = "the paper's rule"};
  CHECK(fallback_text(std::int64_t{8}, described) == "default the paper's rule");
}

TEST_CASE("field docs: an optional field shows its default as its value's kind does", "[docs]") {
  const dml::Field f{.name = "x", .doc = "a field"};
  CHECK(fallback_text(std::optional<std::int64_t>{}, f) == "optional");
  CHECK(fallback_text(std::optional<std::int64_t>{4}, f) == "default 4");
  // a record: its fields, as for a record that is not optional (it was "default ")
  CHECK(fallback_text(std::optional<dml::TensorParallel>{dml::TensorParallel{.model = 2, .ff = 4}},
                      f) == "default { model = 2, ff = 4 }");
  // a quantity: quoted with its unit, as for a quantity that is not optional
  CHECK(fallback_text(std::optional<dml::units::Seconds>{dml::units::microseconds(4.5)}, f) ==
        R"(default "4.5 us")");
  const dml::Field described{.name = "x", .doc = "a field", .default_text = "the fastest"};
  CHECK(fallback_text(std::optional<dml::TensorParallel>{}, described) == "default the fastest");
}
