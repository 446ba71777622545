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

// Atomic writes: `write(temp_path)` fills a new file in the same directory as `path`, which is
// then flushed to disk and renamed over `path`. If `write` throws or any step fails, the
// temporary file is removed and `path` is untouched. Throws dml::Error
// `<who>: cannot write "<path>": <reason>` (or rethrows what `write` threw).
void write_atomically(const std::string& path, const std::function<void(const std::string&)>& write,
                      std::string_view who);
void write_file_atomically(const std::string& path, std::string_view contents,
                           std::string_view who);

// --- plots ---------------------------------------------------------------

struct Series {
  std::string name;       // in the legend
  std::vector<double> x;  // same length as y
  std::vector<double> y;
};

struct PlotSpec {
  std::string path;     // .png (1000x700 pixels), .svg or .pdf
  std::string title;    // default none
  std::string x_label;  // default none
  std::string y_label;  // default none
  bool x_log = false;   // logarithmic x axis, ticks at decades
  bool y_log = false;   // logarithmic y axis
  bool legend = true;   // draw a legend of series names
  std::vector<Series> series;
};

// Draws the plot with PLplot's cairo drivers and writes it atomically. Points with a NaN or
// infinite coordinate, or one not positive on a log axis, are skipped. Throws dml::Error
// (`dml.plot: ...`) for bad input, a missing driver, or a failure inside PLplot. One plot is
// drawn at a time (PLplot is not thread-safe).
void plot(const PlotSpec& spec);

}  // namespace dml::output
