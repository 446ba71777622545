#include "output.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
#include <optional>
#include <random>

#include "dml/error.hpp"

namespace dml::output {
namespace {

namespace fs = std::filesystem;

template <class... Fs>
struct Overloaded : Fs... {
  using Fs::operator()...;
};
template <class... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

bool is_identifier(std::string_view s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])) != 0) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
  });
}

// A column name in a message: control characters escaped, a long one cut to an excerpt.
std::string shown_name(std::string_view name) {
  const std::string_view head = excerpt_head(name);
  if (head.size() == name.size()) return printable(name);
  return printable(head) + "...";
}

// Where a cell is, for messages: rows[3].time, rows[3]["step time"], or field "time".
std::string cell_label(const Table& t, size_t row, size_t col) {
  const std::string& name = t.columns[col];
  if (t.single_record) return fmt::format("the field \"{}\"", shown_name(name));
  if (is_identifier(name)) return fmt::format("rows[{}].{}", row + 1, name);
  return fmt::format("rows[{}][\"{}\"]", row + 1, shown_name(name));
}

// The columns a code point takes in a terminal: 0 for a combining mark, a zero-width space or
// joiner and a variation selector; 2 for the East Asian wide and fullwidth ranges (CJK, kana,
// Hangul syllables, fullwidth forms) and the pictographic emoji blocks, as terminals draw
// them; 1 otherwise. Ranges of Unicode's EastAsianWidth.txt (W and F), grouped by block.
int code_point_width(std::uint32_t cp) {
  struct Range {
    std::uint32_t first, last;
  };
  static constexpr Range kZero[] = {{0x0300, 0x036F}, {0x0483, 0x0489}, {0x0591, 0x05BD},
                                    {0x0610, 0x061A}, {0x064B, 0x065F}, {0x1AB0, 0x1AFF},
                                    {0x1DC0, 0x1DFF}, {0x200B, 0x200F}, {0x20D0, 0x20FF},
                                    {0xFE00, 0xFE0F}, {0xFE20, 0xFE2F}, {0xE0100, 0xE01EF}};
  static constexpr Range kWide[] = {
      {0x1100, 0x115F},   {0x231A, 0x231B},   {0x2329, 0x232A},   {0x23E9, 0x23EC},
      {0x23F0, 0x23F0},   {0x23F3, 0x23F3},   {0x25FD, 0x25FE},   {0x2614, 0x2615},
      {0x2648, 0x2653},   {0x267F, 0x267F},   {0x2693, 0x2693},   {0x26A1, 0x26A1},
      {0x26AA, 0x26AB},   {0x26BD, 0x26BE},   {0x26C4, 0x26C5},   {0x26CE, 0x26CE},
      {0x26D4, 0x26D4},   {0x26EA, 0x26EA},   {0x26F2, 0x26F3},   {0x26F5, 0x26F5},
      {0x26FA, 0x26FA},   {0x26FD, 0x26FD},   {0x2705, 0x2705},   {0x270A, 0x270B},
      {0x2728, 0x2728},   {0x274C, 0x274C},   {0x274E, 0x274E},   {0x2753, 0x2755},
      {0x2757, 0x2757},   {0x2795, 0x2797},   {0x27B0, 0x27B0},   {0x27BF, 0x27BF},
      {0x2B1B, 0x2B1C},   {0x2B50, 0x2B50},   {0x2B55, 0x2B55},   {0x2E80, 0x303E},
      {0x3041, 0x33FF},   {0x3400, 0x4DBF},   {0x4E00, 0x9FFF},   {0xA000, 0xA4CF},
      {0xA960, 0xA97F},   {0xAC00, 0xD7A3},   {0xF900, 0xFAFF},   {0xFE10, 0xFE19},
      {0xFE30, 0xFE6F},   {0xFF00, 0xFF60},   {0xFFE0, 0xFFE6},   {0x16FE0, 0x16FE4},
      {0x17000, 0x18CFF}, {0x1B000, 0x1B2FF}, {0x1F004, 0x1F004}, {0x1F0CF, 0x1F0CF},
      {0x1F18E, 0x1F18E}, {0x1F191, 0x1F19A}, {0x1F200, 0x1F251}, {0x1F300, 0x1F64F},
      {0x1F680, 0x1F6FF}, {0x1F7E0, 0x1F7EB}, {0x1F900, 0x1F9FF}, {0x1FA70, 0x1FAFF},
      {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD}};
  if (cp < 0x300) return 1;
  const auto in = [cp](const auto& ranges) {
    return std::any_of(std::begin(ranges), std::end(ranges),
                       [cp](const Range& r) { return cp >= r.first && cp <= r.last; });
  };
  if (in(kZero)) return 0;
  return in(kWide) ? 2 : 1;
}

// Display width of UTF-8 text in a terminal's columns (printable() text: valid UTF-8, though a
// byte that is not part of a character counts 1).
size_t display_width(std::string_view s) {
  size_t n = 0;
  for (size_t i = 0; i < s.size();) {
    const size_t len = utf8_char_length(s, i);
    if (len <= 1) {
      ++n;
      ++i;
      continue;
    }
    auto cp = static_cast<std::uint32_t>(static_cast<unsigned char>(s[i]) & (0xFFu >> (len + 1)));
    for (size_t k = 1; k < len; ++k) {
      cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3Fu);
    }
    n += static_cast<size_t>(code_point_width(cp));
    i += len;
  }
  return n;
}

void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      default:
        if (u < 0x20 || u == 0x7F) {
          out += fmt::format("\\u{:04x}", u);
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

// A row's cell; a row shorter than the columns has missing cells at its end.
const Cell& cell_at(const std::vector<Cell>& row, size_t c) {
  static const Cell kMissing;
  return c < row.size() ? row[c] : kMissing;
}

std::string non_finite_name(double x) {
  if (std::isnan(x)) return "NaN";
  return x > 0 ? "infinite (inf)" : "infinite (-inf)";
}

// A separated-values file (CSV or TSV); `field` turns one cell's text into its field.
template <typename Field>
std::string to_separated(const Table& t, char sep, Field field) {
  // Rows without columns have no header line and nothing to write in each line: the file would
  // not read back as those rows.
  if (t.columns.empty() && !t.rows.empty()) {
    throw Error(
        fmt::format("the table has {} row{} but no columns, which a {} file cannot hold "
                    "(give the rows fields, or use .json)",
                    t.rows.size(), t.rows.size() == 1 ? "" : "s", sep == ',' ? "CSV" : "TSV"));
  }
  std::string out;
  for (size_t c = 0; c < t.columns.size(); ++c) {
    if (c > 0) out += sep;
    out += field(t.columns[c], SIZE_MAX, c);
  }
  if (!t.columns.empty()) out += '\n';
  for (size_t r = 0; r < t.rows.size(); ++r) {
    const auto& row = t.rows[r];
    const size_t line_start = out.size();
    for (size_t c = 0; c < t.columns.size(); ++c) {
      if (c > 0) out += sep;
      out += std::visit(Overloaded{
                            [](std::monostate) { return std::string(); },
                            [](bool b) { return std::string(b ? "true" : "false"); },
                            [](int64_t i) { return fmt::format("{}", i); },
                            [](double d) { return format_exact(d); },
                            [&](const std::string& s) { return field(s, r, c); },
                            [](const QuantityCell& q) { return format_exact(q.value); },
                        },
                        cell_at(row, c));
    }
    // A row of one empty cell: CSV writes it quoted, as readers skip an empty line.
    if (sep == ',' && out.size() == line_start) out += "\"\"";
    out += '\n';
  }
  return out;
}

}  // namespace

// --- text ------------------------------------------------------------------

std::string format_number(double x) {
  if (!std::isfinite(x)) return "-";
  if (x == 0) return "0";
  const double a = std::fabs(x);
  if (a < 1e15 && x == std::floor(x)) return fmt::format("{:.0f}", x);
  if (a >= 1e15 || a < 1e-4) return fmt::format("{:.4g}", x);
  if (a >= 1000) return fmt::format("{:.0f}", x);
  return fmt::format("{:.4g}", x);
}

namespace {

// A column whose cells are all quantities of one dimension (and blanks) is written in one unit,
// so that its rows compare at a glance ("7.474 s" above "660 s", not "11 min"): the unit
// format_quantity gives its smallest nonzero value, the numbers with 4 significant digits or
// as many as their whole part has. Where the largest would then pass a million of that unit (a
// column from microseconds to days), each cell keeps its own unit. nullopt: no common unit.
std::optional<DisplayUnit> column_unit(const Table& t, size_t c) {
  std::optional<Dimension> dim;
  double smallest = std::numeric_limits<double>::infinity();
  double largest = 0;
  for (const auto& row : t.rows) {
    const Cell& cell = cell_at(row, c);
    if (std::holds_alternative<std::monostate>(cell)) continue;
    const auto* q = std::get_if<QuantityCell>(&cell);
    if (q == nullptr || !std::isfinite(q->value)) return std::nullopt;
    if (dim && *dim != q->dim) return std::nullopt;
    dim = q->dim;
    const double magnitude = std::fabs(q->value);
    if (magnitude > 0) smallest = std::min(smallest, magnitude);
    largest = std::max(largest, magnitude);
  }
  if (!dim || !std::isfinite(smallest)) return std::nullopt;
  // Bytes in a column in binary units, as a plan prints its memory ("76.27 GiB of 79.6 GiB":
  // an 80 GB GPU's 85.5e9 bytes read as more than 80 GB; helper-92).
  if (*dim == dml::kBytes) {
    static constexpr std::array<std::pair<double, std::string_view>, 6> kBinary = {
        {{1.0, "B"},
         {1024.0, "KiB"},
         {1048576.0, "MiB"},
         {1073741824.0, "GiB"},
         {1099511627776.0, "TiB"},
         {1125899906842624.0, "PiB"}}};
    std::size_t i = 0;
    while (i + 1 < kBinary.size() && smallest >= kBinary[i + 1].first) ++i;
    if (largest / kBinary[i].first >= 1e6) return std::nullopt;
    return DisplayUnit{kBinary[i].first, std::string(kBinary[i].second)};
  }
  std::optional<DisplayUnit> unit = display_unit(Quantity{smallest, *dim});
  if (!unit || largest / unit->factor >= 1e6) return std::nullopt;
  return unit;
}

std::string in_column_unit(double value, const DisplayUnit& unit) {
  const double v = value / unit.factor;
  const double whole = std::fabs(v) >= 1 ? std::floor(std::log10(std::fabs(v))) + 1 : 1;
  const std::string number = dml::format_number(v, std::max(4, static_cast<int>(whole)));
  const bool plural = unit.symbol == "day" && number != "1" && number != "-1";
  return fmt::format("{} {}{}", number, unit.symbol, plural ? "s" : "");
}

}  // namespace

std::string format_text(const Table& t) {
  const size_t ncol = t.columns.size();
  std::string out;
  if (!t.title.empty()) out += printable(t.title) + "\n";
  if (ncol == 0) {
    out += t.rows.empty() ? "(empty table)" : fmt::format("({} rows, no columns)", t.rows.size());
    return out;
  }
  // Every cell's text and alignment, then the column widths.
  struct Shown {
    std::string text;
    bool right = false;
  };
  std::vector<std::vector<Shown>> shown(t.rows.size(), std::vector<Shown>(ncol));
  std::vector<size_t> width(ncol);
  std::vector<bool> numeric(ncol, true);  // every non-blank cell right-aligned
  std::vector<bool> any_cell(ncol, false);
  std::vector<std::optional<DisplayUnit>> unit(ncol);
  for (size_t c = 0; c < ncol; ++c) unit[c] = column_unit(t, c);
  size_t non_finite = 0;
  for (size_t c = 0; c < ncol; ++c) width[c] = display_width(printable(t.columns[c]));
  for (size_t r = 0; r < t.rows.size(); ++r) {
    for (size_t c = 0; c < ncol; ++c) {
      Shown& s = shown[r][c];
      std::visit(Overloaded{
                     [&](std::monostate) {},
                     [&](bool b) {
                       s = {b ? "yes" : "no", false};
                     },
                     [&](int64_t i) {
                       s = {fmt::format("{}", i), true};
                     },
                     [&](double d) {
                       if (!std::isfinite(d)) ++non_finite;
                       s = {format_number(d), true};
                     },
                     [&](const std::string& str) {
                       s = {printable(str), false};
                     },
                     [&](const QuantityCell& q) {
                       // An infinite bandwidth is a value ("inf B/s": an infinite network);
                       // a NaN or any other infinity never is.
                       if (std::isnan(q.value) || (std::isinf(q.value) && q.dim != kBandwidth)) {
                         ++non_finite;
                         s = {"-", true};
                       } else {
                         s = {unit[c] ? in_column_unit(q.value, *unit[c])
                                      : format_quantity(Quantity{q.value, q.dim}),
                              true};
                       }
                     },
                 },
                 cell_at(t.rows[r], c));
      if (!std::holds_alternative<std::monostate>(cell_at(t.rows[r], c))) {
        any_cell[c] = true;
        if (!s.right) numeric[c] = false;
      }
      width[c] = std::max(width[c], display_width(s.text));
    }
  }
  auto append_line = [&](auto cell_of) {
    std::string line;
    for (size_t c = 0; c < ncol; ++c) {
      const auto [text, right] = cell_of(c);
      const size_t pad = width[c] - display_width(text);
      if (c > 0) line += "  ";
      if (right) line.append(pad, ' ');
      line += text;
      if (!right) line.append(pad, ' ');
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line;
    out += '\n';
  };
  append_line([&](size_t c) {
    return std::pair<std::string, bool>(printable(t.columns[c]), numeric[c] && any_cell[c]);
  });
  append_line(
      [&](size_t c) { return std::pair<std::string, bool>(std::string(width[c], '-'), false); });
  for (size_t r = 0; r < t.rows.size(); ++r) {
    append_line([&](size_t c) {
      return std::pair<std::string, bool>(shown[r][c].text, shown[r][c].right);
    });
  }
  if (t.rows.empty()) out += "(no rows)\n";
  if (non_finite > 0) {
    out += fmt::format("note: {} {} \"-\" for a NaN or infinite number\n", non_finite,
                       non_finite == 1 ? "cell shows" : "cells show");
  }
  out.pop_back();  // no trailing newline: print() adds one
  return out;
}

// --- files -----------------------------------------------------------------

// A path's extension in lower case ("x.CSV" is a CSV file).
std::string lower_extension(std::string_view path) {
  std::string ext = fs::path(path).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

Format format_for_path(std::string_view path, std::string_view who) {
  const std::string ext = lower_extension(path);
  if (ext == ".csv") return Format::csv;
  if (ext == ".tsv") return Format::tsv;
  if (ext == ".json") return Format::json;
  throw Error(
      fmt::format("{}: cannot tell the format of {} from its extension; "
                  "supported: .csv, .json, .tsv",
                  who, quoted_excerpt(path)));
}

std::string format_exact(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  return fmt::format("{}", x);
}

std::string csv_field(std::string_view s) {
  if (s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

// Where a text is, for messages: a column name or a cell.
std::string text_label(const Table& t, const std::string& s, size_t row, size_t col) {
  return row == SIZE_MAX ? fmt::format("the column name \"{}\"", shown_name(s))
                         : cell_label(t, row, col);
}

std::string to_csv(const Table& t) {
  return to_separated(t, ',', [&t](const std::string& s, size_t row, size_t col) {
    if (s.find('\0') != std::string::npos) {
      throw Error(fmt::format("{} contains a NUL byte, which CSV cannot hold (use .json)",
                              text_label(t, s, row, col)));
    }
    return csv_field(s);
  });
}

std::string to_tsv(const Table& t) {
  return to_separated(t, '\t', [&t](const std::string& s, size_t row, size_t col) {
    const size_t bad = s.find_first_of(std::string_view("\t\r\n\0", 4));
    if (bad != std::string::npos) {
      const char* what = s[bad] == '\t'   ? "a tab"
                         : s[bad] == '\n' ? "a newline"
                         : s[bad] == '\r' ? "a carriage return"
                                          : "a NUL byte";
      const std::string where = text_label(t, s, row, col);
      throw Error(fmt::format("{} contains {}, which TSV cannot hold (use .csv)", where, what));
    }
    return s;
  });
}

std::string to_json(const Table& t) {
  for (const auto& name : t.columns) {
    if (!valid_utf8(name)) {
      throw Error(fmt::format("the column name \"{}\" is not valid UTF-8, which JSON requires",
                              shown_name(name)));
    }
  }
  std::string out = "[";
  for (size_t r = 0; r < t.rows.size(); ++r) {
    out += r == 0 ? "\n  {" : ",\n  {";
    for (size_t c = 0; c < t.columns.size(); ++c) {
      if (c > 0) out += ", ";
      append_json_string(out, t.columns[c]);
      out += ": ";
      auto number = [&](double d) {
        if (!std::isfinite(d)) {
          throw Error(fmt::format("{} is {}, which JSON cannot hold (use .csv, or replace it)",
                                  cell_label(t, r, c), non_finite_name(d)));
        }
        out += format_exact(d);
      };
      std::visit(Overloaded{
                     [&](std::monostate) { out += "null"; },
                     [&](bool b) { out += b ? "true" : "false"; },
                     [&](int64_t i) { out += fmt::format("{}", i); },
                     [&](double d) { number(d); },
                     [&](const std::string& s) {
                       if (!valid_utf8(s)) {
                         throw Error(fmt::format("{} is not valid UTF-8, which JSON requires",
                                                 cell_label(t, r, c)));
                       }
                       append_json_string(out, s);
                     },
                     [&](const QuantityCell& q) { number(q.value); },
                 },
                 cell_at(t.rows[r], c));
    }
    out += "}";
  }
  out += t.rows.empty() ? "]\n" : "\n]\n";
  return out;
}

void save(const Table& table, const std::string& path) {
  const Format format = format_for_path(path);
  std::string contents;
  try {
    switch (format) {
      case Format::csv:
        contents = to_csv(table);
        break;
      case Format::tsv:
        contents = to_tsv(table);
        break;
      case Format::json:
        contents = to_json(table);
        break;
    }
  } catch (const Error& e) {
    throw Error(fmt::format("dml.save: cannot write {}: {}", quoted_excerpt(path), e.what()));
  }
  write_file_atomically(path, contents, "dml.save");
}

namespace {

std::string random_suffix() {
  static std::atomic<uint64_t> counter{0};
  static const uint64_t seed = std::random_device{}();
  uint64_t x = seed ^ (static_cast<uint64_t>(getpid()) << 32) ^
               (counter.fetch_add(1) * 0x9E3779B97F4A7C15ull);
  x ^= x >> 29;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 32;
  return fmt::format("{:08x}", static_cast<uint32_t>(x));
}

}  // namespace

[[noreturn]] void fail(std::string_view who, const std::string& path, int err) {
  throw Error(
      fmt::format("{}: cannot write {}: {}", who, quoted_excerpt(path), std::strerror(err)));
}

namespace {

// The file write_atomically replaces for `path` (the one a symbolic link names), or throws when
// `path` is a directory, a device or a pipe.
fs::path write_target(const std::string& path, std::string_view who) {
  fs::path target(path);
  if (target.filename().empty()) fail(who, path, EISDIR);
  std::error_code ec;
  const fs::file_status status = fs::status(target, ec);  // follows symbolic links
  if (fs::exists(status)) {
    if (fs::is_directory(status)) fail(who, path, EISDIR);
    // Renaming over a device or a pipe (/dev/null, as root) would replace it: refuse.
    if (!fs::is_regular_file(status)) {
      throw Error(
          fmt::format("{}: cannot write {}: not a regular file", who, quoted_excerpt(path)));
    }
    // Through a symbolic link, replace the file it names and keep the link.
    if (fs::is_symlink(fs::symlink_status(target, ec))) target = fs::canonical(target, ec);
    // A file its user may not write is kept, as writing it in place would keep it: the rename
    // could replace it all the same, since that needs only the directory.
    if (::access(target.c_str(), W_OK) != 0 && errno != ENOENT) fail(who, path, errno);
  }
  return target;
}

}  // namespace

std::string write_problem(const std::string& path, std::string_view who) {
  try {
    const fs::path target = write_target(path, who);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    std::error_code ec;
    if (!fs::is_directory(fs::status(dir, ec))) {
      fail(who, path, fs::exists(fs::status(dir, ec)) ? ENOTDIR : ENOENT);
    }
    if (::access(dir.c_str(), W_OK | X_OK) != 0) fail(who, path, errno);
  } catch (const Error& e) {
    return e.what();
  }
  return {};
}

bool same_file(const std::string& a, const std::string& b) {
  std::error_code ec;
  return fs::equivalent(a, b, ec);
}

void write_atomically(const std::string& path, const std::function<void(int fd)>& write,
                      std::string_view who, const std::function<void()>& if_exists) {
  const fs::path target = write_target(path, who);
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  // A hidden name beside the target, so the rename stays in one file system. Created new
  // (O_EXCL: never someone else's file) and never through a symbolic link (O_NOFOLLOW), with
  // mode 0666 so that the umask applies as for any new file; written through this descriptor
  // only, never opened again by name.
  struct Temporary {
    std::string name;
    int fd = -1;
    bool committed = false;
    ~Temporary() {
      if (fd >= 0) ::close(fd);
      if (!committed && !name.empty()) ::unlink(name.c_str());
    }
  } temp;
  // The target's name, cut to 100 bytes (at a character's start) so that a name the file
  // system takes, up to its 255, still leaves room for the dot and the suffix (helper-348).
  std::string stem = target.filename().string();
  if (stem.size() > 100) {
    std::size_t cut = 100;
    while (cut > 0 && (static_cast<unsigned char>(stem[cut]) & 0xC0) == 0x80) --cut;
    stem.resize(cut);
  }
  for (int attempt = 0; attempt < 100 && temp.fd < 0; ++attempt) {
    const std::string name = (dir / fmt::format(".{}.tmp-{}", stem, random_suffix())).string();
    temp.fd = ::open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (temp.fd < 0 && errno != EEXIST) fail(who, path, errno);
    if (temp.fd >= 0) temp.name = name;
  }
  if (temp.fd < 0) fail(who, path, EEXIST);
  // A file replaced keeps its permissions (a private file stays private), as an edit in place
  // would.
  if (struct stat old{}; ::stat(target.c_str(), &old) == 0 && S_ISREG(old.st_mode)) {
    if (::fchmod(temp.fd, old.st_mode & 0777) != 0) fail(who, path, errno);
  }
  write(temp.fd);
  if (::fsync(temp.fd) != 0) fail(who, path, errno);
  const int closed = ::close(temp.fd);
  temp.fd = -1;
  if (closed != 0) fail(who, path, errno);
  if (if_exists) {
    // Only a name nothing holds: checked and taken in one step, so that a file made since the
    // caller looked is kept. A file system without RENAME_NOREPLACE gets a hard link instead,
    // which fails the same way.
    if (::renameat2(AT_FDCWD, temp.name.c_str(), AT_FDCWD, target.c_str(), RENAME_NOREPLACE) == 0) {
      temp.committed = true;
    } else if (errno == EINVAL || errno == ENOSYS || errno == ENOTSUP) {
      if (::link(temp.name.c_str(), target.c_str()) != 0) {
        if (errno == EEXIST) if_exists();
        fail(who, path, errno);
      }
      // The temporary name goes; the file stays under the target's (Temporary's unlink).
    } else {
      if (errno == EEXIST) if_exists();
      fail(who, path, errno);
    }
  } else {
    if (std::rename(temp.name.c_str(), target.c_str()) != 0) fail(who, path, errno);
    temp.committed = true;
  }
  // The rename is durable once the directory that holds the name is on disk too.
  const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd < 0) fail(who, path, errno);
  const int synced = ::fsync(dir_fd);
  const int sync_errno = errno;
  ::close(dir_fd);
  // A file system that cannot sync a directory says EINVAL: its renames are as durable as it has.
  if (synced != 0 && sync_errno != EINVAL) fail(who, path, sync_errno);
}

void write_all(int fd, std::string_view contents, std::string_view who, const std::string& path) {
  while (!contents.empty()) {
    const ssize_t n = ::write(fd, contents.data(), contents.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      fail(who, path, errno);
    }
    contents.remove_prefix(static_cast<size_t>(n));
  }
}

void write_file_atomically(const std::string& path, std::string_view contents,
                           std::string_view who) {
  write_atomically(
      path, [&](int fd) { write_all(fd, contents, who, path); }, who);
}

namespace {

constexpr std::string_view kMerge = "--merge";

// A file opened for reading, closed when done.
struct Reader {
  int fd = -1;
  ~Reader() {
    if (fd >= 0) ::close(fd);
  }
};

// "--merge: part2.tsv:1: what" (line 0: no line).
[[noreturn]] void merge_error(const std::string& file, std::string_view what, int line = 0) {
  const std::string_view head = excerpt_head(file);
  const std::string name = printable(head) + (head.size() < file.size() ? "..." : "");
  if (line > 0) throw Error(fmt::format("{}: {}:{}: {}", kMerge, name, line, what));
  throw Error(fmt::format("{}: {}: {}", kMerge, name, what));
}

// Which of a name's numbers (its skeleton's runs of digits, '#') is a shard's K in "K of N"
// ("sweep-#-of-#.tsv", "part_#_of_#", "# of #"), if one is: the run before "of" with nothing but
// '-', '_', '.' or a space on either side of the word.
std::optional<size_t> shard_of_count(std::string_view skeleton) {
  size_t run = 0;
  for (size_t i = 0; i < skeleton.size(); ++i) {
    if (skeleton[i] != '#') continue;
    size_t j = i + 1;
    const auto separator = [&] {
      while (j < skeleton.size() &&
             (skeleton[j] == '-' || skeleton[j] == '_' || skeleton[j] == '.' || skeleton[j] == ' '))
        ++j;
    };
    separator();
    if (j + 1 < skeleton.size() && (skeleton[j] == 'o' || skeleton[j] == 'O') &&
        (skeleton[j + 1] == 'f' || skeleton[j + 1] == 'F')) {
      j += 2;
      separator();
      if (j < skeleton.size() && skeleton[j] == '#') return run;
    }
    ++run;
  }
  return std::nullopt;
}

// Parts numbered in their names (part1.tsv, part2.tsv; sweep-1-of-4.tsv, sweep-2-of-4.tsv: names
// alike but for one number) go in that number's order, each next to the one before: a number out
// of order (a shell glob lists part10.tsv before part2.tsv) or skipped (a shard that failed, its
// part never written) is named. Names numbered otherwise, or not at all, are taken as given.
void check_numbered_parts(const std::vector<std::string>& parts) {
  struct Numbered {
    std::string skeleton;                // the name with each run of digits as '#'
    std::vector<unsigned long long> at;  // the runs' values
  };
  std::vector<Numbered> names(parts.size());
  for (size_t i = 0; i < parts.size(); ++i) {
    const std::string name = fs::path(parts[i]).filename().string();
    for (size_t k = 0; k < name.size();) {
      if (std::isdigit(static_cast<unsigned char>(name[k])) == 0) {
        names[i].skeleton += name[k++];
        continue;
      }
      size_t end = k;
      while (end < name.size() && std::isdigit(static_cast<unsigned char>(name[end])) != 0) ++end;
      if (end - k > 18) return;  // no shard's number
      names[i].at.push_back(std::stoull(name.substr(k, end - k)));
      names[i].skeleton += '#';
      k = end;
    }
    if (names[i].at.empty() || names[i].skeleton != names[0].skeleton) return;
  }
  // Names K-of-N of different counts are parts of two shardings (helper-126: a glob that took an
  // unsharded run's sweep-1-of-1.tsv beside sweep-K-of-4.tsv joined every row twice).
  if (const std::optional<size_t> k = shard_of_count(names[0].skeleton);
      k && *k + 1 < names[0].at.size()) {
    for (size_t i = 1; i < names.size(); ++i) {
      if (names[i].at[*k + 1] != names[0].at[*k + 1]) {
        merge_error(parts[i],
                    fmt::format("is part {} of {}, where {} is part {} of {}: parts of "
                                "two shardings (an older run's file?)",
                                names[i].at[*k], names[i].at[*k + 1], quoted_excerpt(parts[0]),
                                names[0].at[*k], names[0].at[*k + 1]));
      }
    }
  }
  // The one number that differs between the names.
  std::optional<size_t> differs;
  for (size_t k = 0; k < names[0].at.size(); ++k) {
    for (size_t i = 1; i < names.size(); ++i) {
      if (names[i].at[k] == names[0].at[k]) continue;
      if (differs && *differs != k) return;  // two numbers differ: not a shard's alone
      differs = k;
    }
  }
  // Names that say how many parts there are ("sweep-2-of-4.tsv", as dml.shard() names them:
  // a number, "of", a number the same in each name): parts 1 to N, each once, so a missing first
  // or last part is named too (a lone part of several as well).
  std::optional<unsigned long long> count;
  if (const std::optional<size_t> k = shard_of_count(names[0].skeleton);
      k && *k + 1 < names[0].at.size() && (!differs || *differs == *k)) {
    const unsigned long long n = names[0].at[*k + 1];
    bool same = n >= 1;
    for (const Numbered& name : names) same = same && name.at[*k + 1] == n;
    if (same) {
      count = n;
      differs = *k;
    }
  }
  if (!differs) return;
  if (count) {
    for (size_t i = 0; i < names.size(); ++i) {
      const unsigned long long shard = names[i].at[*differs];
      if (shard < 1 || shard > *count) {
        merge_error(parts[i], fmt::format("is part {} of {}: the parts of a sweep in {} shards are "
                                          "numbered 1 to {}",
                                          shard, *count, *count, *count));
      }
    }
  } else {
    // Shards count from 1 (or 0): numbers that start higher (results_2022, results_2024; tp8,
    // tp4) are some other series, taken as given.
    unsigned long long least = names[0].at[*differs];
    for (const Numbered& n : names) least = std::min(least, n.at[*differs]);
    if (least > 1) return;
  }
  // Out of order first (a glob's part1, part10, part11, part2 would otherwise read as part 2
  // skipped), then a number skipped, then (where the names give the count) the first or last
  // part missing. (A part named twice is named as such before this.)
  for (size_t i = 1; i < names.size(); ++i) {
    const unsigned long long before = names[i - 1].at[*differs], now = names[i].at[*differs];
    if (now < before) {
      merge_error(parts[i], fmt::format("comes after {}, numbered {} (the parts go in order, "
                                        "shard 1 first: a shell glob lists part10 before part2; "
                                        "list them with seq)",
                                        quoted_excerpt(parts[i - 1]), before));
    }
  }
  for (size_t i = 1; i < names.size(); ++i) {
    const unsigned long long before = names[i - 1].at[*differs], now = names[i].at[*differs];
    if (now > before + 1) {
      merge_error(parts[i],
                  fmt::format("comes after {}: no part numbered {} between them (a shard that "
                              "failed? --merge joins every part of the sweep, in order)",
                              quoted_excerpt(parts[i - 1]), before + 1));
    }
  }
  if (!count) return;
  if (const unsigned long long first = names.front().at[*differs]; first != 1) {
    merge_error(parts.front(), fmt::format("is part {} of {}, and no part 1 comes before it (a "
                                           "shard that failed? --merge joins every part of the "
                                           "sweep, in order)",
                                           first, *count));
  }
  if (const unsigned long long last = names.back().at[*differs]; last != *count) {
    merge_error(parts.back(), fmt::format("is part {} of {}, and no part {} comes after it (a "
                                          "shard that failed? --merge joins every part of the "
                                          "sweep, in order)",
                                          last, *count, last + 1));
  }
}

// Reads up to buffer.size() bytes; 0 at the end.
size_t read_some(int fd, std::string& buffer, const std::string& file) {
  for (;;) {
    const ssize_t n = ::read(fd, buffer.data(), buffer.size());
    if (n >= 0) return static_cast<size_t>(n);
    if (errno != EINTR) merge_error(file, std::strerror(errno));
  }
}

// The end of the header line in `text` (the index after its '\n'), or npos when the text has
// no whole line yet. In CSV a newline inside a quoted field is part of the field.
size_t header_end(std::string_view text, Format format) {
  bool quoted = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (format == Format::csv && c == '"') quoted = !quoted;
    if (c == '\n' && !quoted) return i + 1;
  }
  return std::string_view::npos;
}

// The fields of a part's lines, a byte at a time: in CSV a field is bare (no quote in it) or
// quoted, with "" for a quote inside and nothing after its closing quote but a separator or the
// line's end; in TSV a field is any text but a tab or a newline.
struct FieldScanner {
  explicit FieldScanner(Format format) : csv(format == Format::csv) {}
  // Takes the next byte: the reason the line is malformed, or nullptr. line_ended is set when
  // the byte ended a line (fields then counts its fields).
  const char* feed(char c) {
    line_ended = false;
    const char sep = csv ? ',' : '\t';
    if (state == State::kQuoted) {
      if (c == '"') state = State::kQuoteSeen;
      return nullptr;
    }
    if (c == sep || c == '\n') {
      if (c == sep) ++fields;
      line_ended = c == '\n';
      state = State::kStart;
      return nullptr;
    }
    if (csv && c == '"') {
      if (state == State::kStart) {
        state = State::kQuoted;
      } else if (state == State::kQuoteSeen) {
        state = State::kQuoted;  // "" inside a quoted field
      } else {
        return "a quote inside a field that does not start with one (CSV quotes a whole field)";
      }
      return nullptr;
    }
    if (state == State::kQuoteSeen) {
      return "text after a quoted field's closing quote (CSV quotes a whole field)";
    }
    state = State::kBare;
    return nullptr;
  }
  void next_line() { fields = 1; }
  [[nodiscard]] bool in_quotes() const { return state == State::kQuoted; }

  enum class State { kStart, kBare, kQuoted, kQuoteSeen };
  bool csv;
  State state = State::kStart;
  std::size_t fields = 1;
  bool line_ended = false;
};

// The column names of a header line, for messages (CSV quotes are kept as written).
std::vector<std::string_view> header_columns(std::string_view line, Format format) {
  if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
  std::vector<std::string_view> out;
  const char sep = format == Format::csv ? ',' : '\t';
  bool quoted = false;
  size_t start = 0;
  for (size_t i = 0; i <= line.size(); ++i) {
    if (i < line.size() && format == Format::csv && line[i] == '"') quoted = !quoted;
    if (i == line.size() || (line[i] == sep && !quoted)) {
      out.push_back(line.substr(start, i - start));
      start = i + 1;
    }
  }
  return out;
}

// Why `header` is not `first` (the header of the first part).
std::string header_difference(std::string_view header, std::string_view first, Format format,
                              const std::string& first_file) {
  // A byte-order mark (a spreadsheet's save) is invisible in the names it precedes: said.
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  if (header.starts_with(kBom) != first.starts_with(kBom)) {
    return fmt::format(
        "it {} UTF-8 byte-order mark before its header, where {} {} (a "
        "spreadsheet's save? dml writes none)",
        header.starts_with(kBom) ? "has a" : "has no", quoted_excerpt(first_file),
        first.starts_with(kBom) ? "has one" : "has none");
  }
  const auto a = header_columns(header, format);
  const auto b = header_columns(first, format);
  for (size_t c = 0; c < std::min(a.size(), b.size()); ++c) {
    if (a[c] != b[c]) {
      return fmt::format(
          "column {} is {}, where {} has {} (the parts of one sweep have the same "
          "columns)",
          c + 1, quoted_excerpt(a[c]), quoted_excerpt(first_file), quoted_excerpt(b[c]));
    }
  }
  return fmt::format("{} columns, where {} has {} (the parts of one sweep have the same columns)",
                     a.size(), quoted_excerpt(first_file), b.size());
}

}  // namespace

void merge_tables(const std::string& out, const std::vector<std::string>& parts) {
  const Format format = format_for_path(out, kMerge);
  if (format == Format::json) {
    throw Error(
        fmt::format("{}: cannot write {}: merges .csv and .tsv tables (save the shards' "
                    "tables as .tsv or .csv)",
                    kMerge, quoted_excerpt(out)));
  }
  const std::string ext = lower_extension(out);
  for (const auto& part : parts) {
    if (lower_extension(part) != ext) {
      merge_error(
          part, fmt::format("expected a {} table, as the output {} is", ext, quoted_excerpt(out)));
    }
  }
  // The output is a new file: `dml --merge part1.tsv part2.tsv ...`, its OUT left out, would
  // otherwise replace the first part with the others. Checked now, before any part is read,
  // and again as the output takes its name (a file made meanwhile is kept too).
  const auto exists = [&] {
    merge_error(out,
                "exists already, and --merge replaces no file (a part where the output goes? "
                "dml --merge OUT PART...); remove it first, or name a new output");
  };
  std::error_code status_error;
  const fs::file_status status = fs::symlink_status(out, status_error);
  if (!status_error && fs::exists(status)) exists();
  // Every part is opened before anything is written: a missing one writes nothing.
  std::vector<Reader> readers(parts.size());
  for (size_t i = 0; i < parts.size(); ++i) {
    readers[i].fd = ::open(parts[i].c_str(), O_RDONLY | O_CLOEXEC);
    if (readers[i].fd < 0) merge_error(parts[i], std::strerror(errno));
  }
  // A part named twice (or by two paths to one file) would repeat its rows.
  std::vector<std::pair<dev_t, ino_t>> ids(parts.size());
  for (size_t i = 0; i < parts.size(); ++i) {
    struct stat st {};
    if (::fstat(readers[i].fd, &st) != 0) merge_error(parts[i], std::strerror(errno));
    ids[i] = {st.st_dev, st.st_ino};
    for (size_t j = 0; j < i; ++j) {
      if (ids[j] == ids[i]) {
        merge_error(parts[i], fmt::format("is part {} again (as {}): each part is joined once",
                                          j + 1, quoted_excerpt(parts[j])));
      }
    }
  }
  check_numbered_parts(parts);
  constexpr size_t kBlock = 1 << 16;
  constexpr size_t kMaxHeader = 1 << 24;  // 16 MB: no header of dml's is near it
  write_atomically(
      out,
      [&](int fd) {
        std::string first_header;
        std::string buffer(kBlock, '\0');
        for (size_t i = 0; i < parts.size(); ++i) {
          const std::string& file = parts[i];
          const int in = readers[i].fd;
          // The header line, then the rows as they are.
          std::string head;
          size_t end = std::string::npos;
          while (end == std::string::npos) {
            const size_t n = read_some(in, buffer, file);
            if (n == 0) break;
            head.append(buffer.data(), n);
            end = header_end(head, format);
            if (end == std::string::npos && head.size() > kMaxHeader) {
              merge_error(file, "the header line is longer than 16 MB: not a table of dml's", 1);
            }
          }
          if (head.empty()) merge_error(file, "is empty: a part has at least its header line");
          if (end == std::string::npos) {
            merge_error(file, "the header line has no end (the file is cut short)", 1);
          }
          const std::string_view header(head.data(), end);
          if (i == 0) {
            first_header = header;
            write_all(fd, header, kMerge, out);
          } else if (header != first_header) {
            merge_error(file, header_difference(header, first_header, format, parts[0]), 1);
          }
          std::string_view rest(head);
          rest.remove_prefix(end);
          char last = '\n';
          // Messages name physical lines: a quoted CSV field may hold newlines, so a row can
          // span several. `line` is the line of the byte read, `row_line` where its row began.
          std::size_t line = 1;
          const auto line_no = [](std::size_t n) {
            return static_cast<int>(std::min<std::size_t>(n, INT32_MAX));
          };
          // Each line, the header too, is well formed, and each row has the header's fields,
          // checked as the bytes pass.
          FieldScanner header_scan(format);
          for (const char c : header) {
            if (const char* bad = header_scan.feed(c)) merge_error(file, bad, line_no(line));
            if (c == '\n') ++line;
          }
          const std::size_t columns = header_scan.fields;
          std::size_t row_line = line;
          FieldScanner scan(format);
          auto copy = [&](std::string_view block) {
            for (const char c : block) {
              if (const char* bad = scan.feed(c)) merge_error(file, bad, line_no(line));
              if (c == '\n') ++line;
              if (scan.line_ended) {
                if (scan.fields != columns) {
                  merge_error(file,
                              fmt::format("{} field{}, but the header has {} columns", scan.fields,
                                          scan.fields == 1 ? "" : "s", columns),
                              line_no(row_line));
                }
                scan.next_line();
                row_line = line;
              }
            }
            write_all(fd, block, kMerge, out);
            last = block.back();
          };
          if (!rest.empty()) copy(rest);
          for (size_t n = 0; (n = read_some(in, buffer, file)) > 0;) {
            copy(std::string_view(buffer.data(), n));
          }
          if (last != '\n' || scan.in_quotes()) {
            merge_error(file,
                        scan.in_quotes() ? "a quoted field has no end (the file is cut short)"
                                         : "the last line has no end (the file is cut short)",
                        line_no(scan.in_quotes() ? row_line : line));
          }
        }
      },
      kMerge, exists);
}

}  // namespace dml::output
