// The embedded stdlib (interpreter/tools/embed_stdlib.cpp): start-up loads each module's
// build-time bytecode; a Lua that cannot load it compiles the text instead.
#include "embedded_stdlib.hpp"

#include <catch2/catch.hpp>
#include <lua.hpp>
#include <string>

namespace {

struct State {
  lua_State* L = luaL_newstate();
  ~State() { lua_close(L); }
};

}  // namespace

TEST_CASE("embedded stdlib: every module's bytecode loads as a binary chunk", "[stdlib]") {
  const auto modules = dml::lua::embedded_stdlib();
  REQUIRE(modules.size() >= 10);
  for (const auto& m : modules) {
    INFO(m.path);
    REQUIRE_FALSE(m.code.empty());
    // "\x1bLua": lua_dump's signature, so the start-up path is bytecode, not the text.
    CHECK(m.code.substr(0, 4) == "\x1bLua");
    State s;
    const std::string name = "=stdlib/" + std::string(m.path);
    CHECK(luaL_loadbufferx(s.L, m.code.data(), m.code.size(), name.c_str(), "b") == LUA_OK);
  }
}

TEST_CASE("embedded stdlib: the text is loaded when the bytecode is not this Lua's", "[stdlib]") {
  // A chunk whose header names another Lua version (byte 4: 0x53, Lua 5.3) is refused by
  // lua_load's header check; load_embedded then compiles the text.
  const std::string text = "return 6 * 7";
  std::string code = "\x1bLua\x53";
  code += std::string(20, '\0');
  const dml::lua::EmbeddedModule m{"t", "t.lua", text, code};
  State s;
  REQUIRE(dml::lua::load_embedded(s.L, m, "=stdlib/t.lua") == LUA_OK);
  REQUIRE(lua_pcall(s.L, 0, 1, 0) == LUA_OK);
  CHECK(lua_tointeger(s.L, -1) == 42);
  CHECK(lua_gettop(s.L) == 1);  // the refused bytecode's error was popped
}

TEST_CASE("embedded stdlib: the bytecode keeps its chunk name and lines", "[stdlib]") {
  // Debug information is kept in the bytecode: stdlib frames are still recognised by their
  // chunk name (lua_runtime.hpp, kStdlibChunkPrefix) and lines are right.
  int found = 0;
  for (const auto& m : dml::lua::embedded_stdlib()) {
    if (m.name != "dml.output") continue;
    State s;
    REQUIRE(dml::lua::load_embedded(s.L, m, "=stdlib/dml/output.lua") == LUA_OK);
    lua_Debug ar;
    lua_pushvalue(s.L, -1);
    lua_getinfo(s.L, ">SL", &ar);  // pushes the table of lines with code (nil when stripped)
    CHECK(std::string(ar.source) == "=stdlib/dml/output.lua");
    CHECK(std::string(ar.what) == "main");
    REQUIRE(lua_istable(s.L, -1));
    lua_pushnil(s.L);
    CHECK(lua_next(s.L, -2) != 0);  // at least one line
    ++found;
  }
  CHECK(found == 1);
}
