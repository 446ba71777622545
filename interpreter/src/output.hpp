// Tables of results as text, CSV, TSV and JSON, written atomically; and plots.
// No Lua here: bind_output.cpp reads Lua values into these types.
//
//   dml::output::Table t{.columns = {"gpu", "tp", "time"}};
//   t.rows.push_back({std::string("H100"), int64_t{8}, 1.25});
//   std::cout << dml::output::format_text(t);
//   dml::output::save(t, "out/results.csv");   // throws dml::Error naming the path
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "dml/quantity.hpp"

namespace dml::output {

// A quantity cell: shown formatted ("1.25 TB/s", format_quantity), saved as `value` in base SI
// units.
struct QuantityCell {
  double value = 0;                // in base SI units (B, s, FLOP, B/s, FLOP/s)
  Dimension dim = kDimensionless;  // its dimension
};

// One cell. std::monostate is a missing cell (blank in text, empty in CSV/TSV, null in JSON).
using Cell = std::variant<std::monostate, bool, int64_t, double, std::string, QuantityCell>;

struct Table {
  std::vector<std::string> columns;  // in display order
  std::vector<std::vector<Cell>>
      rows;                    // a cell per column (missing ones at the end may be left out)
  std::string title;           // printed above the text table; default none
  bool single_record = false;  // one record, not a list: errors name `field "x"`
};

// --- text ----------------------------------------------------------------

// A number as a text-table cell: integral values below 1e15 in full ("70000000000"), values
// from 1000 to 1e15 rounded to an integer, others with 4 significant digits ("0.4512",
// "3e+25"); NaN and infinities as "-".
[[nodiscard]] std::string format_number(double x);

// An aligned text table: the title, a header, a rule, one line per row. Numbers and quantities
// are right-aligned, strings left-aligned, booleans "yes"/"no", missing cells blank; a note
// under the table counts the NaN or infinite numbers shown as "-". No trailing newline.
[[nodiscard]] std::string format_text(const Table& table);

// --- files ---------------------------------------------------------------

enum class Format { csv, tsv, json };

// The format for a path's extension (.csv, .tsv, .json; lower case); throws dml::Error
// naming the path and the supported extensions otherwise.
[[nodiscard]] Format format_for_path(std::string_view path, std::string_view who = "dml.save");

// A number as CSV/TSV/JSON text: the shortest text that reads back as the same double.
// NaN and infinities as "nan", "inf", "-inf" (callers writing JSON reject them first).
[[nodiscard]] std::string format_exact(double x);

// One CSV field, quoted as RFC 4180 says when it holds a comma, a quote, CR or LF.
[[nodiscard]] std::string csv_field(std::string_view s);

// The file contents in each format. CSV and TSV: a header line, then one line per row, "\n"
// line ends. JSON: an array of objects, one per line, keys in column order. Throw dml::Error
// (message without a "dml.save:" prefix) for what the format cannot hold: NaN or infinity
// and invalid UTF-8 in JSON, a tab, CR or LF in a TSV cell.
[[nodiscard]] std::string to_csv(const Table& table);
[[nodiscard]] std::string to_tsv(const Table& table);
[[nodiscard]] std::string to_json(const Table& table);

// Writes `table` to `path` in the format of its extension, atomically (below). Throws
// dml::Error: `dml.save: cannot write "out/x.csv": No such file or directory`.
void save(const Table& table, const std::string& path);

// Atomic writes: `write(fd)` fills a new file in the same directory as `path` through the
// descriptor fd (the file is created with O_EXCL | O_NOFOLLOW and never opened again by name;
// `write` must not close fd), which is then flushed to disk and renamed over `path`, and the
// directory is flushed so that the rename lasts. If `write` throws or any step fails, the
// temporary file is removed and `path` is untouched. Throws dml::Error
// `<who>: cannot write "<path>": <reason>` (or rethrows what `write` threw). With `if_exists`
// set, `path` is never replaced: the new file takes the name only if nothing holds it at that
// moment (renameat2's RENAME_NOREPLACE, else a hard link), and otherwise `if_exists` is called,
// which throws, and the temporary file is removed.
void write_atomically(const std::string& path, const std::function<void(int fd)>& write,
                      std::string_view who, const std::function<void()>& if_exists = {});
// What would stop write_atomically from writing `path`, found before any long work: the error
// it would throw (a directory, a device or a pipe in its place, a missing or read-only folder),
// or "" when nothing known would.
std::string write_problem(const std::string& path, std::string_view who);
// Whether two paths name one file (links, "./", another spelling); false when either is missing.
bool same_file(const std::string& a, const std::string& b);
void write_file_atomically(const std::string& path, std::string_view contents,
                           std::string_view who);
// Writes all of `contents` to fd, or throws `<who>: cannot write "<path>": <reason>`.
void write_all(int fd, std::string_view contents, std::string_view who, const std::string& path);
[[noreturn]] void fail(std::string_view who, const std::string& path, int err);

// Joins the saved slices of a sharded sweep (`dml --merge OUT PART...`): every PART is a .csv or
// .tsv table with OUT's extension and the same header line; OUT gets the header once and then
// each part's rows, in the order given, written atomically. Throws dml::Error naming the file,
// the line and the column that differs (`dml --merge: part2.tsv:1: column 3 is "tp", where
// part1.tsv has "pp"`), or a part that is empty or cut short.
void merge_tables(const std::string& out, const std::vector<std::string>& parts);

// --- plots ---------------------------------------------------------------

struct Series {
  std::string name;       // in the legend
  std::vector<double> x;  // same length as y
  std::vector<double> y;
};

struct PlotSpec {
  std::string path;     // .png (1200x800 pixels), .svg or .pdf
  std::string title;    // default none
  std::string x_label;  // default none
  std::string y_label;  // default none
  bool x_log = false;   // logarithmic x axis, ticks at decades
  bool y_log = false;   // logarithmic y axis
  bool legend = true;   // draw a legend of series names
  std::vector<Series> series;
};

// Where a plot put things: a box in millimetres from the page's bottom-left corner.
struct PlotBox {
  double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  [[nodiscard]] bool empty() const { return x1 <= x0 || y1 <= y0; }
};

// A text on the plot and the box its ink can cover: its width as the output device measures
// it, and the font's reach above and below its baseline (more with a superscript).
struct PlotText {
  std::string role;  // "title", "x title", "y title", "x tick", "y tick", "legend"
  std::string text;  // as drawn, in PLplot's text escapes: "10#u25#d" is 10²⁵, "##" is '#'
  PlotBox box;
};

struct PlotLayout {
  PlotBox page;                // 0, 0 to the page's size
  PlotBox plot;                // the frame of the axes, where the data is drawn
  PlotBox legend;              // the legend's frame; empty without a legend
  bool legend_inside = false;  // in a corner of the plot, or else under it
  int points_under_legend =
      0;                   // data points the legend hides (inside: 0 unless every corner had some)
  double title_scale = 0;  // the title's size: 1 in full, less when shrunk to fit; 0 without
  int title_lines = 0;     // 0 without a title; more than 1 when wrapped to fit
  int x_label_step = 1, y_label_step = 1;  // log axes: decades from one labelled tick to the next
  std::vector<PlotText> texts;             // every text drawn, in drawing order
};

// What does not fit in a layout, one line each (`title "..." runs past the page's left edge`,
// `x tick "10#u26#d" overlaps x tick "10#u27#d"`); empty when it all fits. Checks that every text
// is on the page, that no two texts overlap, that only legend entries are on the plot's frame
// or inside it (in the legend's box), that the legend is on the page, inside the plot or under
// it, and that the plot keeps half the page's width and 40% of its height.
[[nodiscard]] std::vector<std::string> layout_problems(const PlotLayout& layout);

// Draws the plot with PLplot's cairo drivers, writes it atomically and returns where it put
// things. Points with a NaN or infinite coordinate, or one not positive on a log axis, are
// skipped. Throws dml::Error (`dml.plot: ...`) for bad input, a missing driver, or a failure
// inside PLplot. One plot is drawn at a time (PLplot is not thread-safe).
PlotLayout plot(const PlotSpec& spec);

// The layout of the last plot this process wrote (an empty one before the first): lets a test
// check what a scenario drew through dml.plot.
[[nodiscard]] PlotLayout last_plot_layout();

}  // namespace dml::output
