#include "output.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>

#include "bind_quantity.hpp"
#include "dml/error.hpp"
#include "lua_runtime.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using dml::testing::read_file;
using dml::testing::TempDir;
using namespace dml::output;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

Table sample() {
  Table t;
  t.columns = {"name", "n", "x", "ok", "bw"};
  t.rows.push_back(
      {std::string("plain"), int64_t{1}, 0.1, true, QuantityCell{9e11, dml::kBandwidth}});
  t.rows.push_back({std::string("a, \"quoted\"\nline"), int64_t{-9007199254740993}, 1.0 / 3, false,
                    std::monostate{}});
  return t;
}

}  // namespace

TEST_CASE("output: numbers in text tables", "[output]") {
  CHECK(format_number(0) == "0");
  CHECK(format_number(-0.0) == "0");
  CHECK(format_number(8) == "8");
  CHECK(format_number(70e9) == "70000000000");  // integral below 1e15: every digit
  CHECK(format_number(-123456789012345.0) == "-123456789012345");
  CHECK(format_number(1e15) == "1e+15");
  CHECK(format_number(3e25) == "3e+25");
  CHECK(format_number(12345.678) == "12346");  // 1000 .. 1e15: to an integer
  CHECK(format_number(1234.4) == "1234");
  CHECK(format_number(0.4512345) == "0.4512");  // otherwise 4 significant digits
  CHECK(format_number(123.456) == "123.5");
  CHECK(format_number(0.0001) == "0.0001");
  CHECK(format_number(0.00009876) == "9.876e-05");
  CHECK(format_number(kNaN) == "-");
  CHECK(format_number(kInf) == "-");
  CHECK(format_number(-kInf) == "-");
}

TEST_CASE("output: exact numbers read back as the same double", "[output]") {
  for (const double x : {0.1, 1.0 / 3, 2.0 / 3 * 1e-300, 1e308, 5e-324, 70e9, 123456789.123456789,
                         -0.0, 4.611686018427388e+18}) {
    const std::string s = format_exact(x);
    CHECK(std::bit_cast<uint64_t>(std::strtod(s.c_str(), nullptr)) == std::bit_cast<uint64_t>(x));
  }
  CHECK(format_exact(0.1) == "0.1");  // the shortest such text
  CHECK(format_exact(8) == "8");
  CHECK(format_exact(kNaN) == "nan");
  CHECK(format_exact(-kInf) == "-inf");
}

TEST_CASE("output: CSV fields are quoted as RFC 4180 says", "[output]") {
  CHECK(csv_field("plain") == "plain");
  CHECK(csv_field("") == "");
  CHECK(csv_field(" spaced ") == " spaced ");
  CHECK(csv_field("a,b") == "\"a,b\"");
  CHECK(csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(csv_field("two\nlines") == "\"two\nlines\"");
  CHECK(csv_field("cr\r") == "\"cr\r\"");
}

TEST_CASE("output: CSV, TSV and JSON text", "[output]") {
  const Table t = sample();
  CHECK(to_csv(t) ==
        "name,n,x,ok,bw\n"
        "plain,1,0.1,true,900000000000\n"
        "\"a, \"\"quoted\"\"\nline\",-9007199254740993,0.3333333333333333,false,\n");
  SECTION("a short row has missing cells at its end") {
    Table short_row;
    short_row.columns = {"a", "b"};
    short_row.rows.push_back({int64_t{1}});
    CHECK(to_csv(short_row) == "a,b\n1,\n");
    CHECK(to_json(short_row) == "[\n  {\"a\": 1, \"b\": null}\n]\n");
    CHECK(format_text(short_row) == "a  b\n-  -\n1");
  }
  SECTION("JSON parses, keeps column order, integers and doubles exactly") {
    const std::string text = to_json(t);
    const auto j = nlohmann::ordered_json::parse(text);
    REQUIRE(j.size() == 2);
    CHECK(j[0].begin().key() == "name");
    CHECK(j[1]["name"] == "a, \"quoted\"\nline");
    CHECK(j[1]["n"].get<int64_t>() == -9007199254740993);
    CHECK(std::bit_cast<uint64_t>(j[1]["x"].get<double>()) == std::bit_cast<uint64_t>(1.0 / 3));
    CHECK(j[0]["bw"].get<double>() == 9e11);
    CHECK(j[1]["bw"].is_null());
  }
  SECTION("TSV rejects a tab or a newline in a cell") {
    CHECK_THROWS_WITH(to_tsv(t),
                      "rows[2].name contains a newline, which TSV cannot hold (use .csv)");
    Table ok;
    ok.columns = {"a b"};
    ok.rows.push_back({std::string("x")});
    CHECK(to_tsv(ok) == "a b\nx\n");
    ok.rows.push_back({std::string("tab\there")});
    CHECK_THROWS_WITH(to_tsv(ok),
                      "rows[2][\"a b\"] contains a tab, which TSV cannot hold (use .csv)");
  }
  SECTION("JSON rejects NaN, infinities and invalid UTF-8") {
    Table bad;
    bad.columns = {"v"};
    bad.rows.push_back({kInf});
    CHECK_THROWS_WITH(
        to_json(bad),
        "rows[1].v is infinite (inf), which JSON cannot hold (use .csv, or replace it)");
    bad.rows[0][0] = QuantityCell{kNaN, dml::kTime};
    CHECK_THROWS_WITH(to_json(bad),
                      "rows[1].v is NaN, which JSON cannot hold (use .csv, or replace it)");
    bad.single_record = true;
    CHECK_THROWS_WITH(to_json(bad),
                      "the field \"v\" is NaN, which JSON cannot hold (use .csv, or replace it)");
    for (const char* s : {"\xff", "\xc0\x80", "\xed\xa0\x80", "abc\xe2\x82"}) {
      bad.rows[0][0] = std::string(s);
      CHECK_THROWS_WITH(to_json(bad), "the field \"v\" is not valid UTF-8, which JSON requires");
    }
    bad.rows[0][0] = std::string("µs \xf0\x9f\x98\x80 \x01");
    CHECK(to_json(bad) == "[\n  {\"v\": \"µs \xf0\x9f\x98\x80 \\u0001\"}\n]\n");
  }
}

TEST_CASE("output: the aligned text table", "[output]") {
  Table t = sample();
  t.title = "Sample";
  CHECK(format_text(t) ==
        "Sample\n"
        "name                               n       x  ok         bw\n"
        "-----------------  -----------------  ------  ---  --------\n"
        "plain                              1     0.1  yes  900 GB/s\n"
        "a, \"quoted\"\\nline  -9007199254740993  0.3333  no");
}

TEST_CASE("output: a byte that is not part of valid UTF-8 is shown escaped", "[output]") {
  // Valid characters of 1 to 4 bytes stay; a stray continuation byte, an overlong form, a
  // surrogate, a character cut short and a byte never in UTF-8 are escaped, one by one.
  CHECK(dml::printable("µs \xe2\x82\xac \xf0\x9f\x98\x80") == "µs \xe2\x82\xac \xf0\x9f\x98\x80");
  CHECK(dml::printable("a\xff"
                       "b") == "a\\xffb");
  CHECK(dml::printable("\x80") == "\\x80");
  CHECK(dml::printable("\xc0\x80") == "\\xc0\\x80");
  CHECK(dml::printable("\xed\xa0\x80") == "\\xed\\xa0\\x80");
  CHECK(dml::printable("\xf4\x90\x80\x80") == "\\xf4\\x90\\x80\\x80");
  CHECK(dml::printable("abc\xe2\x82") == "abc\\xe2\\x82");
  CHECK(dml::printable("\xe2\x82x") == "\\xe2\\x82x");
  CHECK(dml::printable("\xff\tx\n", true) == "\\xff\tx\n");
  CHECK(dml::valid_utf8("µs \xf0\x9f\x98\x80"));
  CHECK_FALSE(dml::valid_utf8("abc\xe2\x82"));
  // In a text table: the title, a column name and a cell; widths count what is shown.
  Table t;
  t.title = "t\xff";
  t.columns = {"b\xfe", "n"};
  t.rows.push_back({std::string("x\xffé"), int64_t{1}});
  CHECK(format_text(t) ==
        "t\\xff\n"
        "b\\xfe   n\n"
        "------  -\n"
        "x\\xffé  1");
}

TEST_CASE("output: widths count a terminal's columns: wide characters 2, combining marks 0",
          "[output]") {
  // CJK ideographs, Hangul, fullwidth forms and emoji take two columns; a combining accent
  // none (helper-126: each counted one, and the columns after them went out of line).
  Table t;
  t.columns = {"model", "n"};
  t.rows.push_back({std::string("\u901a\u4e49\u5343\u95ee"), int64_t{1}});  // 通义千问
  t.rows.push_back({std::string("\ud55c\uad6d\uff21"), int64_t{2}});        // 한국Ａ
  t.rows.push_back({std::string("e\u0301t\u00e9"), int64_t{3}});            // étė (combining)
  t.rows.push_back({std::string("\U0001F680x"), int64_t{4}});               // 🚀x
  t.rows.push_back({std::string("Llama"), int64_t{5}});
  CHECK(format_text(t) ==
        "model     n\n"
        "--------  -\n"
        "\u901a\u4e49\u5343\u95ee  1\n"
        "\ud55c\uad6d\uff21    2\n"
        "e\u0301t\u00e9       3\n"
        "\U0001F680x       4\n"
        "Llama     5");
}

TEST_CASE("output: atomic writes", "[output]") {
  TempDir dir("output");
  const std::string target = (dir.path / "out.csv").string();
  write_file_atomically(target, "first\n", "test");
  CHECK(read_file(target) == "first\n");
  SECTION("a failing writer leaves the old file and no temporary one") {
    CHECK_THROWS_WITH(write_atomically(
                          target,
                          [](int fd) {
                            CHECK(::write(fd, "half", 4) == 4);
                            throw dml::Error("writer failed");
                          },
                          "test"),
                      "writer failed");
    CHECK(read_file(target) == "first\n");
    CHECK(dir.entries() == std::vector<std::string>{"out.csv"});
  }
  SECTION("the temporary file is beside the target, hidden") {
    std::vector<std::string> seen;
    write_atomically(
        target,
        [&](int fd) {
          seen = dir.entries();
          write_all(fd, "second\n", "test", target);
        },
        "test");
    REQUIRE(seen.size() == 2);
    CHECK(seen[0].rfind(".out.csv.tmp-", 0) == 0);
    CHECK(read_file(target) == "second\n");
    CHECK(dir.entries() == std::vector<std::string>{"out.csv"});
  }
  SECTION("the temporary file is written through its descriptor, never through a link") {
    // Whatever name a temporary file gets, a symbolic link there would make open() fail
    // (O_EXCL | O_NOFOLLOW) rather than write where it points: the writer never sees a path.
    int seen_fd = -1;
    write_atomically(
        target,
        [&](int fd) {
          seen_fd = fd;
          CHECK((::fcntl(fd, F_GETFL) & O_ACCMODE) == O_WRONLY);
          write_all(fd, "third\n", "test", target);
        },
        "test");
    CHECK(seen_fd >= 0);
    CHECK(::fcntl(seen_fd, F_GETFD) == -1);  // closed once the file was renamed
    CHECK(read_file(target) == "third\n");
  }
  SECTION("with if_exists, a file that took the name meanwhile is kept") {
    const std::string fresh = (dir.path / "new.csv").string();
    bool called = false;
    const auto exists = [&] {
      called = true;
      throw dml::Error("exists");
    };
    write_atomically(
        fresh, [&](int fd) { write_all(fd, "mine\n", "test", fresh); }, "test", exists);
    CHECK_FALSE(called);
    CHECK(read_file(fresh) == "mine\n");
    // Another process creates the name while this one writes: its file stays.
    const std::string raced = (dir.path / "raced.csv").string();
    CHECK_THROWS_WITH(write_atomically(
                          raced,
                          [&](int fd) {
                            write_file_atomically(raced, "theirs\n", "other");
                            write_all(fd, "mine\n", "test", raced);
                          },
                          "test", exists),
                      "exists");
    CHECK(called);
    CHECK(read_file(raced) == "theirs\n");
    CHECK(dir.entries() == std::vector<std::string>{"new.csv", "out.csv", "raced.csv"});
  }
  SECTION("errors name the path and the reason") {
    const std::string missing = (dir.path / "no" / "x.csv").string();
    CHECK_THROWS_WITH(write_file_atomically(missing, "x", "dml.save"),
                      "dml.save: cannot write \"" + missing + "\": No such file or directory");
    CHECK_THROWS_WITH(save(sample(), (dir.path / "x.xlsx").string()),
                      Catch::Contains("supported: .csv, .json, .tsv"));
  }
}

// Quantity cells are the bindings' own quantities (bind_quantity.hpp): shown formatted and
// saved as their value in SI base units.
TEST_CASE("output: a column of one dimension is written in one unit", "[output]") {
  Table t;
  t.columns = {"step", "train", "bw", "wide", "mixed"};
  const auto time = [](double s) { return QuantityCell{s, dml::kTime}; };
  // The smallest value's unit for each column; 4 significant digits or the whole part's. A
  // column from microseconds to days, or of two dimensions, keeps each cell's own unit.
  t.rows.push_back({time(7.474), time(14.55 * 86400), QuantityCell{50e9, dml::kBandwidth},
                    time(900e-6), time(1.5)});
  t.rows.push_back({time(659.94), time(1285 * 86400.0), QuantityCell{1.8e12, dml::kBandwidth},
                    time(3 * 86400.0), QuantityCell{1e9, dml::kBytes}});
  t.rows.push_back({time(123456.7), time(86400), std::monostate{}, time(0), time(2)});
  CHECK(format_text(t) ==
        "    step       train         bw    wide  mixed\n"
        "--------  ----------  ---------  ------  -----\n"
        " 7.474 s  14.55 days    50 GB/s  900 us  1.5 s\n"
        " 659.9 s   1285 days  1800 GB/s  3 days   1 GB\n"
        "123457 s       1 day                0 s    2 s");
}

TEST_CASE("output: a column of bytes is written in binary units, as a plan prints memory",
          "[output]") {
  // An H100's 85,520,000,000 allocatable bytes (dml's 79.65 GiB capacity) beside a plan's 69.21
  // GiB: in GB the capacity read as more than the GPU's "80 GB" (helper-92). The smallest
  // value's unit: 1,048,576 B is 1 MiB, so the column is in MiB.
  Table t;
  t.columns = {"memory", "small"};
  const auto bytes = [](double b) { return QuantityCell{b, dml::kBytes}; };
  t.rows.push_back({bytes(85.52e9), bytes(1048576)});
  t.rows.push_back({bytes(69.21 * 1073741824.0), bytes(3 * 1048576)});
  CHECK(format_text(t) ==
        "   memory  small\n"
        "---------  -----\n"
        "79.65 GiB  1 MiB\n"
        "69.21 GiB  3 MiB");
}

TEST_CASE("output: quantity cells show their text and save their value", "[output]") {
  lua_State* L = luaL_newstate();
  luaL_openlibs(L);
  lua_pushcfunction(L, [](lua_State* S) {
    dml::lua::push_quantity(S, dml::Quantity{9e11, dml::kBandwidth});
    return 1;
  });
  lua_setglobal(L, "fake_q");
  lua_newtable(L);
  dml::lua::register_output(L);
  lua_setglobal(L, "core");
  TempDir dir("output");
  const std::string path = (dir.path / "q.csv").string();
  lua_pushstring(L, path.c_str());
  lua_setglobal(L, "path");
  const int status = luaL_dostring(L,
                                   "local rows = { { bw = fake_q() } }\n"
                                   "core.save(path, rows, { 'bw' }, false)\n"
                                   "return core.format_table(rows, { 'bw' })");
  INFO((lua_tostring(L, -1) != nullptr ? lua_tostring(L, -1) : ""));
  REQUIRE(status == LUA_OK);
  CHECK(std::string(lua_tostring(L, -1)) == "      bw\n--------\n900 GB/s");
  CHECK(read_file(path) == "bw\n900000000000\n");
  lua_close(L);
}
