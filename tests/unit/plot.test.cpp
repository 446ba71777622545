// dml::output::plot's layout: every text is on the page and overlaps nothing, a long title is
// shrunk or wrapped, log-axis labels are thinned out before they collide, the legend goes in a
// corner free of data (or under the plot); and each of the paper's figures (the
// scenarios/erdil2024/*.lua that take --plot) lays out that way. layout_problems() is the
// check; the first test shows it finds what is wrong with a bad layout.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <filesystem>

#include "dml/interpreter.hpp"
#include "output.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;
using dml::testing::read_file;
using dml::testing::TempDir;
using namespace dml::output;

namespace {

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

// The texts with a role.
std::vector<PlotText> texts(const PlotLayout& layout, const std::string& role) {
  std::vector<PlotText> out;
  for (const auto& t : layout.texts) {
    if (t.role == role) out.push_back(t);
  }
  return out;
}

bool within(const PlotBox& inner, const PlotBox& outer) {
  return inner.x0 >= outer.x0 && inner.x1 <= outer.x1 && inner.y0 >= outer.y0 &&
         inner.y1 <= outer.y1;
}

// The PNG's size from its IHDR chunk.
std::pair<uint32_t, uint32_t> png_size(const std::string& png) {
  REQUIRE(png.size() > 24);
  REQUIRE(png.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
  const auto be32 = [&](size_t at) {
    uint32_t v = 0;
    for (size_t i = 0; i < 4; ++i) v = v << 8 | static_cast<unsigned char>(png[at + i]);
    return v;
  };
  return {be32(16), be32(20)};
}

// Series falling from the upper left to the lower right, like the paper's utilization curves,
// over `decades` decades of x from 1e20.
std::vector<Series> falling_series(int count, int decades, const std::string& name_prefix) {
  std::vector<Series> out;
  for (int s = 0; s < count; ++s) {
    Series series;
    series.name = name_prefix + std::to_string(s + 1);
    for (int k = 0; k <= 40; ++k) {
      const double f = k / 40.0;
      series.x.push_back(std::pow(10.0, 20 + f * decades));
      series.y.push_back(0.7 * (1 - std::pow(f, 1.0 + s)) + 0.01);
    }
    out.push_back(std::move(series));
  }
  return out;
}

}  // namespace

TEST_CASE("plot layout: the check finds texts off the page, overlaps and a misplaced legend",
          "[plot]") {
  PlotLayout bad;
  bad.page = {0, 400, 0, 280};
  bad.plot = {40, 200, 30, 260};  // 40% of the width: squeezed by a legend beside it
  bad.legend = {210, 390, 200, 260};
  bad.legend_inside = true;  // but it is beside the plot
  bad.texts = {{"title", "A title centred over a narrow plot", {-20, 260, 265, 275}},
               {"x tick", "10#u25#d", {30, 50, 15, 25}},
               {"x tick", "10#u26#d", {45, 65, 15, 25}},
               {"y title", "utilization", {5, 15, 100, 200}}};
  const auto problems = layout_problems(bad);
  INFO(joined(problems));
  CHECK(problems == std::vector<std::string>{
                        "title \"A title centred over a narrow plot\" runs past the page's left "
                        "edge",
                        "x tick \"10#u25#d\" overlaps x tick \"10#u26#d\"",
                        "the legend is not inside the plot",
                        "the plot is only 40% of the page's width"});
}

TEST_CASE("plot layout: a long title is shrunk, then wrapped, never clipped", "[plot]") {
  TempDir dir("plot");
  PlotSpec spec;
  spec.path = dir.file("long.png");
  spec.x_label = "training compute (FLOP)";
  spec.y_label = "utilization";
  spec.x_log = true;
  spec.series = falling_series(3, 12, "H100 SXM variant ");

  SECTION("a title a little too long for the page is shrunk") {
    spec.title =
        "Sparse mixture-of-experts models on the H100 SXM and its faster-network variants, 3 "
        "months";
    const PlotLayout layout = plot(spec);
    INFO(joined(layout_problems(layout)));
    CHECK(layout_problems(layout).empty());
    CHECK(layout.title_lines == 1);
    CHECK(layout.title_scale < 1);
  }
  SECTION("a much longer one is wrapped") {
    spec.title =
        "Utilization of sparse mixture-of-experts models trained for three months on clusters of "
        "H100 SXM GPUs and of its variants with lower latency, global NVLink domains or an "
        "infinitely fast network, against the training compute";
    const PlotLayout layout = plot(spec);
    INFO(joined(layout_problems(layout)));
    CHECK(layout_problems(layout).empty());
    CHECK(layout.title_lines >= 2);
    CHECK(texts(layout, "title").size() == static_cast<size_t>(layout.title_lines));
  }
  SECTION("a single word wider than the page is broken into lines, not shrunk to a dotted line") {
    // (helper-369: 400 W's were drawn at a scale no one could read.)
    spec.title = std::string(400, 'W');
    const PlotLayout layout = plot(spec);
    INFO(joined(layout_problems(layout)));
    CHECK(layout_problems(layout).empty());
    CHECK(layout.title_lines >= 2);
    CHECK(layout.title_scale >= 0.5);
    std::string joined_title;
    for (const auto& t : texts(layout, "title")) joined_title += t.text;
    CHECK(joined_title == spec.title);  // every character drawn, once
  }
  SECTION("a long word is broken between characters, never inside one") {
    std::string word;
    for (int i = 0; i < 120; ++i) word += "\xc3\xa9#";  // é and a '#' (escaped for PLplot as "##")
    spec.title = "Short " + word;
    const PlotLayout layout = plot(spec);
    INFO(joined(layout_problems(layout)));
    CHECK(layout_problems(layout).empty());
    std::string joined_title;
    for (const auto& t : texts(layout, "title")) {
      const std::string& line = t.text;
      CHECK((static_cast<unsigned char>(line.front()) & 0xC0) != 0x80);  // no torn UTF-8 sequence
      size_t hashes = 0;                                                 // each '#' still doubled
      for (size_t i = line.size(); i > 0 && line[i - 1] == '#'; --i) ++hashes;
      CHECK(hashes % 2 == 0);
      joined_title += line;
    }
    std::string escaped;
    for (const char c : word) escaped += c == '#' ? std::string("##") : std::string(1, c);
    CHECK(joined_title == "Short" + escaped);
  }
  for (const auto& t : texts(last_plot_layout(), "title")) {
    CHECK(within(t.box, last_plot_layout().page));
  }
}

TEST_CASE("plot layout: log tick labels read 10^n, every decade or fewer so they do not collide",
          "[plot]") {
  TempDir dir("plot");
  PlotSpec spec;
  spec.path = dir.file("log.png");
  spec.x_log = true;
  spec.y_log = true;
  spec.x_label = "training compute (FLOP)";
  spec.y_label = "tokens";

  SECTION("ten decades: each labelled") {
    spec.series = falling_series(2, 10, "s");
    for (auto& s : spec.series) {
      for (auto& y : s.y) y *= 1e6;
    }
    const PlotLayout layout = plot(spec);
    INFO(joined(layout_problems(layout)));
    CHECK(layout_problems(layout).empty());
    CHECK(layout.x_label_step == 1);
    const auto labels = texts(layout, "x tick");
    REQUIRE(labels.size() == 11);
    CHECK(labels.front().text == "10#u20#d");
    CHECK(labels.back().text == "10#u30#d");
  }
  SECTION("sixty decades: every few") {
    spec.series = falling_series(2, 60, "s");
    for (auto& s : spec.series) {
      for (auto& y : s.y) y = std::pow(10.0, -30 + 60 * y);  // 60 decades of y, negative too
    }
    const PlotLayout layout = plot(spec);
    INFO(joined(layout_problems(layout)));
    CHECK(layout_problems(layout).empty());
    CHECK(layout.x_label_step > 1);
    CHECK(texts(layout, "x tick").size() >= 4);
    CHECK(texts(layout, "y tick").size() >= 4);
    CHECK(texts(layout, "y tick").front().text.rfind("10#u−", 0) == 0);
  }
}

TEST_CASE("plot layout: the legend goes in a corner free of data, or under the plot", "[plot]") {
  TempDir dir("plot");
  PlotSpec spec;
  spec.path = dir.file("legend.svg");
  spec.title = "Legend placement";
  spec.x_log = true;

  SECTION("curves falling to the lower right leave a corner free") {
    spec.series = falling_series(5, 10, "H100 SXM Global NVLink and LL ");
    const PlotLayout layout = plot(spec);
    INFO(joined(layout_problems(layout)));
    CHECK(layout_problems(layout).empty());
    CHECK(layout.legend_inside);
    CHECK(layout.points_under_legend == 0);
    CHECK(within(layout.legend, layout.plot));
    CHECK(layout.legend.x1 - layout.legend.x0 < 0.5 * (layout.plot.x1 - layout.plot.x0));
    CHECK(texts(layout, "legend").size() == 5);
  }
  SECTION("data in every corner: under the plot") {
    Series a{"up", {}, {}}, b{"down", {}, {}}, c{"flat", {}, {}};
    for (int k = 0; k <= 20; ++k) {
      const double x = std::pow(10.0, k);
      a.x.push_back(x);
      a.y.push_back(k);
      b.x.push_back(x);
      b.y.push_back(20 - k);
      c.x.push_back(x);
      c.y.push_back(k % 2 == 0 ? 0 : 20);
    }
    spec.series = {a, b, c};
    const PlotLayout layout = plot(spec);
    INFO(joined(layout_problems(layout)));
    CHECK(layout_problems(layout).empty());
    CHECK_FALSE(layout.legend_inside);
    CHECK(layout.legend.y1 <= layout.plot.y0);
  }
  SECTION("many series: under the plot, in columns") {
    spec.series = falling_series(30, 10, "series number ");
    const PlotLayout layout = plot(spec);
    INFO(joined(layout_problems(layout)));
    CHECK(layout_problems(layout).empty());
    CHECK_FALSE(layout.legend_inside);
    CHECK(texts(layout, "legend").size() == 30);
  }
  SECTION("no legend for one unnamed series") {
    spec.legend = false;
    spec.series = {{"", {1, 10, 100}, {3, 2, 1}}};
    const PlotLayout layout = plot(spec);
    CHECK(layout_problems(layout).empty());
    CHECK(layout.legend.empty());
    CHECK(texts(layout, "legend").empty());
  }
}

TEST_CASE("plot layout: linear axes with long labels space their ticks", "[plot]") {
  TempDir dir("plot");
  PlotSpec spec;
  spec.path = dir.file("linear.pdf");
  spec.x_label = "tokens/s";
  spec.y_label = "step time (s)";
  Series s{"a", {}, {}};
  for (int k = 0; k <= 10; ++k) {
    s.x.push_back(1234567.0 + 0.0123 * k);  // labels like "1234567.05"
    s.y.push_back(k * k);
  }
  spec.series = {s};
  const PlotLayout layout = plot(spec);
  INFO(joined(layout_problems(layout)));
  CHECK(layout_problems(layout).empty());
  CHECK(texts(layout, "x tick").size() >= 3);
}

TEST_CASE("plot layout: values past 1e±100 are drawn over a power of ten, with their ticks",
          "[plot]") {
  // PLplot drew no frame nor tick labels for x values of 1e-200 or 1e-320 (subnormal).
  // The largest value's power of ten, in the axis title: 2e-320 (subnormal), 2e-200, 2e200.
  const std::vector<std::pair<double, int>> cases{{1e-320, -320}, {1e-200, -200}, {1e200, 200}};
  for (const auto& [size, exponent] : cases) {
    TempDir dir("plot");
    PlotSpec spec;
    spec.path = dir.file("tiny.svg");
    spec.x_label = "size";
    spec.series = {Series{"a", {size, 2 * size}, {1, 2}}};
    const PlotLayout layout = plot(spec);
    INFO(size);
    INFO(joined(layout_problems(layout)));
    CHECK(layout_problems(layout).empty());
    CHECK(texts(layout, "x tick").size() >= 3);
    const auto title = texts(layout, "x title");
    REQUIRE(title.size() == 1);
    CHECK(title[0].text.find("#u" + std::to_string(exponent) + "#d") != std::string::npos);
  }
}

TEST_CASE("plot layout: each of the paper's figures fits its page", "[plot][paper]") {
  TempDir dir("plot");
  const fs::path scenarios = fs::path(DML_SOURCE_DIR) / "scenarios" / "erdil2024";
  int figures = 0;
  for (const auto& entry : fs::directory_iterator(scenarios)) {
    const fs::path script = entry.path();
    // The five comparisons (all_comparisons.lua, which plots none, takes --tsv alone).
    if (script.extension() != ".lua" || read_file(script).find(".main(\"") == std::string::npos) {
      continue;
    }
    ++figures;
    const std::string png = dir.file(script.stem().string() + ".png");
    dml::Interpreter dml;
    REQUIRE(dml.run_string("print = function() end io.stderr = io.tmpfile()"));
    INFO(script.filename().string());
    REQUIRE(dml.run_file(script.string(), {"--plot", png}));
    const PlotLayout layout = last_plot_layout();
    INFO(joined(layout_problems(layout)));
    CHECK(layout_problems(layout).empty());
    CHECK(texts(layout, "title").size() == 1);
    CHECK(layout.title_scale == 1);
    CHECK(texts(layout, "x title").size() == 1);
    CHECK(texts(layout, "y title").size() == 1);
    CHECK(texts(layout, "x tick").size() >= 8);
    CHECK(layout.legend_inside);
    CHECK(layout.points_under_legend == 0);
    CHECK(png_size(read_file(png)) == std::pair<uint32_t, uint32_t>{1200, 800});
  }
  CHECK(figures == 5);
}
