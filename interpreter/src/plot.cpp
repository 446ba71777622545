// dml::output::plot with PLplot's C API and its cairo drivers (pngcairo, svgcairo, pdfcairo).
//
// PLplot reports a fatal error by calling its exit handler and then exit(). Ours copies the
// message and longjmps back into draw(), which holds no C++ object with a destructor (all data
// is prepared before), then PLplot is shut down and the error thrown as a dml::Error.
// Non-fatal errors (plabort) are captured with plsError instead of printed, and also fail the
// plot. PLplot keeps global state: one plot is drawn at a time, under a mutex.
#include <fmt/format.h>
#include <plplot.h>

#include <algorithm>
#include <cmath>
#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <mutex>

#include "dml/error.hpp"
#include "output.hpp"

namespace dml::output {
namespace {

std::mutex g_plot_mutex;     // PLplot is not thread-safe
std::jmp_buf g_exit_jump;    // where the exit handler returns to
char g_exit_message[1024];   // what PLplot's last fatal error said
char g_abort_message[1024];  // its first non-fatal error in this plot
char g_error_buffer[2048];   // plsError's message buffer (keeps plabort off stderr)
PLINT g_error_code = 0;

int on_plexit(PLCHAR_VECTOR message) {
  std::snprintf(g_exit_message, sizeof g_exit_message, "%s", message != nullptr ? message : "");
  std::longjmp(g_exit_jump, 1);
}

void on_plabort(PLCHAR_VECTOR message) {
  if (g_abort_message[0] == '\0') {
    std::snprintf(g_abort_message, sizeof g_abort_message, "%s", message != nullptr ? message : "");
  }
}

void install_handlers() {
  g_exit_message[0] = '\0';
  g_abort_message[0] = '\0';
  plsexit(on_plexit);
  plsabort(on_plabort);
}

// Series colours (Tableau 10) and markers; the 11th series reuses the first colour with a
// dashed line, and markers cycle with a different period, so every pair stays distinct.
constexpr int kPalette[][3] = {{31, 119, 180},  {255, 127, 14}, {44, 160, 44},   {214, 39, 40},
                               {148, 103, 189}, {140, 86, 75},  {227, 119, 194}, {127, 127, 127},
                               {188, 189, 34},  {23, 190, 207}};
constexpr int kColours = static_cast<int>(std::size(kPalette));
constexpr const char* kMarkers[] = {"●", "■", "▲", "◆", "▼", "⬟"};
constexpr int kMarkerCount = static_cast<int>(std::size(kMarkers));
constexpr PLINT kWhite = 0, kBlack = 1, kGrid = 2, kFirstSeries = 3;
constexpr PLFLT kViewportTop = 0.90;  // of the page; the title is above

// One axis: its window (log10 of the values on a log axis), major tick spacing and minor
// ticks per major, plbox options, and how tick labels are written (linear axes): `decimals`
// digits after the point, times 10^`exponent` when that is not 0.
struct Axis {
  PLFLT min = 0, max = 1;
  PLFLT tick = 0;
  PLINT sub = 0;
  std::string options;
  int decimals = 0;
  int exponent = 0;
  size_t label_chars = 4;  // the widest tick label, in characters
};

// Everything draw() needs, owned here so draw() itself owns nothing.
struct Prepared {
  std::string device;
  std::string file;
  std::string title, x_label, y_label;  // escaped for PLplot text
  Axis x, y;
  std::vector<std::vector<PLFLT>> xs, ys;  // drawable points per series
  std::vector<std::vector<size_t>> runs;   // per series: where each run of consecutive
                                           // drawable points starts, and xs.size() last
  bool legend = true;
  std::vector<std::string> names;
  std::vector<const char*> name_ptrs, symbol_ptrs;
  std::vector<PLINT> opts, colours, text_colours, styles, symbol_numbers;
  std::vector<PLFLT> widths, symbol_scales;
};

// A series name as the legend shows it: at most 40 characters (UTF-8 aware), then "…".
std::string legend_name(std::string_view name) {
  size_t chars = 0;
  for (size_t i = 0; i < name.size(); ++i) {
    if ((static_cast<unsigned char>(name[i]) & 0xC0) == 0x80) continue;
    if (++chars > 40) return std::string(name.substr(0, i)) + "…";
  }
  return std::string(name);
}

// PLplot text treats '#' as an escape: "##" is a literal '#'.
std::string escape_text(std::string_view s) {
  std::string out;
  for (const char c : s) {
    out += c;
    if (c == '#') out += '#';
  }
  return out;
}

// A linear axis's tick label: the value over 10^exponent (the exponent is in the axis title),
// with a fixed number of decimals.
void format_tick(const Axis& a, double value, char* label, size_t length) {
  double m = value / std::pow(10.0, a.exponent);
  if (std::fabs(m) < 0.5 * std::pow(10.0, -a.decimals)) m = 0;  // no "-0.0"
  std::snprintf(label, length, "%.*f", a.decimals, m);
}

// PLplot's label callback, for axes with "o" in their options.
void label_tick(PLINT axis, PLFLT value, PLCHAR_NC_VECTOR label, PLINT length, PLPointer data) {
  const auto* p = static_cast<const Prepared*>(data);
  format_tick(axis == PL_Y_AXIS ? p->y : p->x, value, label, static_cast<size_t>(length));
}

// Draws the whole plot into p.file. Returns false if PLplot hit a fatal error (then
// g_exit_message says what and PLplot still needs plend()). Ends with plend1(), which closes
// the stream but keeps the library and its loaded driver for the next plot (plend() would
// unload and reload the driver each time, leaking libltdl's handle every plot).
bool draw(const Prepared& p) {
  if (setjmp(g_exit_jump) != 0) return false;
  plsdev(p.device.c_str());
  plsfnam(p.file.c_str());
  plspage(0, 0, 1000, 700, 0, 0);
  plscolbg(255, 255, 255);
  plsError(&g_error_code, g_error_buffer);
  plinit();
  plscmap0n(kFirstSeries + kColours);
  plscol0(kWhite, 255, 255, 255);
  plscol0(kBlack, 0, 0, 0);
  plscol0(kGrid, 225, 225, 225);
  for (int i = 0; i < kColours; ++i) {
    plscol0(kFirstSeries + i, kPalette[i][0], kPalette[i][1], kPalette[i][2]);
  }
  pladv(0);
  // The legend goes first, at the top right of the page (its position does not depend on the
  // plot's viewport), so the plot can take the width it leaves.
  PLFLT right = 0.96;
  if (p.legend) {
    plvpor(0.1, 0.9, 0.1, 0.9);  // pllegend saves and restores a viewport: give it one
    plwind(0, 1, 0, 1);
    PLFLT legend_width = 0, legend_height = 0;
    // Its top level with the plot's; at most 20 rows, so it stays on the page.
    const auto n = static_cast<PLINT>(p.names.size());
    const PLINT columns = (n + 19) / 20;
    const PLINT rows = (n + columns - 1) / columns;
    const PLFLT spacing = n > 12 ? 1.6 : 2.0;
    pllegend(&legend_width, &legend_height, PL_LEGEND_BACKGROUND | PL_LEGEND_BOUNDING_BOX,
             PL_POSITION_SUBPAGE | PL_POSITION_INSIDE | PL_POSITION_TOP | PL_POSITION_RIGHT, 0.015,
             1 - kViewportTop, 0.07, kWhite, kBlack, 1, rows, columns, n, p.opts.data(), 1.0, 1.0,
             spacing, 0.0, p.text_colours.data(), p.name_ptrs.data(), nullptr, nullptr, nullptr,
             nullptr, p.colours.data(), p.styles.data(), p.widths.data(), p.colours.data(),
             p.symbol_scales.data(), p.symbol_numbers.data(), p.symbol_ptrs.data());
    right = std::max(0.45, 1 - 0.015 - legend_width - 0.03);
  }
  // Room on the left for the widest y tick label and the y title beside it.
  PLFLT char_default = 0, char_height = 0;
  plgchr(&char_default, &char_height);  // mm
  PLFLT page_x0 = 0, page_x1 = 0, page_y0 = 0, page_y1 = 0;
  plgspa(&page_x0, &page_x1, &page_y0, &page_y1);                                 // mm
  const PLFLT y_title_offset = 0.75 * static_cast<PLFLT>(p.y.label_chars) + 1.6;  // char heights
  const PLFLT left =
      std::clamp((y_title_offset + 1.2) * char_height / (page_x1 - page_x0), 0.06, 0.3);
  plvpor(left, right, 0.11, kViewportTop);
  plwind(p.x.min, p.x.max, p.y.min, p.y.max);
  plslabelfunc(label_tick, const_cast<Prepared*>(&p));
  plwidth(1.0);
  plcol0(kGrid);
  plbox("g", p.x.tick, p.x.sub, "g", p.y.tick, p.y.sub);
  for (size_t i = 0; i < p.xs.size(); ++i) {
    const auto n = static_cast<PLINT>(p.xs[i].size());
    if (n == 0) continue;
    plcol0(p.colours[i]);
    pllsty(p.styles[i]);
    plwidth(p.widths[i]);
    const auto& runs = p.runs[i];
    for (size_t r = 0; r + 1 < runs.size(); ++r) {  // a skipped point breaks the line
      const auto len = static_cast<PLINT>(runs[r + 1] - runs[r]);
      if (len > 1) plline(len, p.xs[i].data() + runs[r], p.ys[i].data() + runs[r]);
    }
    plstring(n, p.xs[i].data(), p.ys[i].data(), p.symbol_ptrs[i]);
  }
  pllsty(1);
  plwidth(1.0);
  plcol0(kBlack);
  plbox(p.x.options.c_str(), p.x.tick, p.x.sub, p.y.options.c_str(), p.y.tick, p.y.sub);
  plmtex("b", 3.2, 0.5, 0.5, p.x_label.c_str());
  plmtex("l", y_title_offset, 0.5, 0.5, p.y_label.c_str());
  plmtex("t", 2.5, 0.5, 0.5, p.title.c_str());  // above an exponent label like "(x10⁹)"
  plend1();
  return true;
}

// After a fatal error: shut all of PLplot down (the next plot starts afresh), ignoring any
// further fatal error while doing so.
void end_after_error() {
  if (setjmp(g_exit_jump) == 0) plend();
}

bool device_available(const char* device) {
  if (setjmp(g_exit_jump) != 0) return false;
  const char* menus[128];
  const char* names[128];
  const char** menu_ptr = menus;
  const char** name_ptr = names;
  int n = 128;
  plgDevs(&menu_ptr, &name_ptr, &n);
  for (int i = 0; i < n; ++i) {
    if (std::strcmp(names[i], device) == 0) return true;
  }
  return false;
}

const char* device_for(const std::string& path) {
  const std::string ext = std::filesystem::path(path).extension().string();
  if (ext == ".png") return "pngcairo";
  if (ext == ".svg") return "svgcairo";
  if (ext == ".pdf") return "pdfcairo";
  throw Error(fmt::format(
      "dml.plot: cannot tell the format of \"{}\" from its extension; supported: .pdf, .png, .svg",
      path));
}

// The axis for the drawable values (log10 of them on a log axis). A log axis spans whole
// decades with a major tick at each (or every few, on a wide range) labelled 10ⁿ; a linear one
// has 5% margins and 1-2-5 ticks labelled with a fixed number of decimals.
Axis choose_axis(const std::vector<std::vector<PLFLT>>& values, bool log, bool vertical) {
  Axis a;
  PLFLT lo = INFINITY, hi = -INFINITY;
  for (const auto& v : values) {
    for (const PLFLT x : v) {
      lo = std::min(lo, x);
      hi = std::max(hi, x);
    }
  }
  a.options = "bcnst";
  if (log) {
    a.min = std::floor(lo + 1e-9);
    a.max = std::ceil(hi - 1e-9);
    if (a.max <= a.min) a.max = a.min + 1;
    a.tick = std::max(1.0, std::ceil((a.max - a.min) / 8));
    a.options += "l";
  } else {
    if (!std::isfinite(hi - lo)) {
      throw Error("dml.plot: the values span more than a double can hold; use a log axis");
    }
    // One value, in effect (or values too close to 0 for ticks): a window around it.
    if (hi - lo <= std::max({std::fabs(lo), std::fabs(hi), 1e-290}) * 1e-12) {
      const PLFLT d = lo == 0 ? 1 : std::max(std::fabs(lo) * 0.1, 1e-290);
      lo -= d;
      hi += d;
    } else {
      const PLFLT m = (hi - lo) * 0.05;
      lo -= m;
      hi += m;
    }
    a.min = lo;
    a.max = hi;
    // About six major ticks, 1, 2 or 5 times a power of ten apart.
    const double raw = (hi - lo) / 6;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double norm = raw / magnitude;
    const double nice = norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10;
    a.tick = nice * magnitude;
    a.sub = nice == 2 ? 4 : 5;
    const int tick_exp = static_cast<int>(std::floor(std::log10(a.tick) + 1e-9));
    const double biggest = std::max(std::fabs(lo), std::fabs(hi));
    const int big_exp = static_cast<int>(std::floor(std::log10(biggest)));
    // Plain labels ("0.35", "250", "123456.5") unless they would be longer than 7 characters
    // and labels over a power of ten ("1.5" with ×10⁹ in the axis title) are shorter.
    const int plain_decimals = std::max(0, -tick_exp);
    const int plain_width =
        std::max(big_exp, 0) + 1 + (plain_decimals > 0 ? plain_decimals + 1 : 0);
    const int scaled_decimals = std::max(0, big_exp - tick_exp);
    const int scaled_width = 1 + (scaled_decimals > 0 ? scaled_decimals + 1 : 0);
    const bool scaled = plain_width > 7 && scaled_width < plain_width;
    a.exponent = scaled ? big_exp : 0;
    a.decimals = scaled ? scaled_decimals : plain_decimals;
    a.options += "o";
    a.label_chars = 1;
    char label[64];
    for (double t = std::ceil(a.min / a.tick) * a.tick; t <= a.max; t += a.tick) {
      format_tick(a, t, label, sizeof label);
      a.label_chars = std::max(a.label_chars, std::strlen(label));
    }
  }
  if (vertical) a.options += "v";
  return a;
}

// An axis title with the tick labels' power of ten: "tokens/s (×10⁹)".
std::string axis_title(std::string_view title, const Axis& a) {
  std::string out = escape_text(title);
  if (a.exponent != 0) {
    out += fmt::format("{}(×10#u{}#d)", out.empty() ? "" : " ", a.exponent);
  }
  return out;
}

Prepared prepare(const PlotSpec& spec) {
  Prepared p;
  p.device = device_for(spec.path);
  p.title = escape_text(spec.title);
  p.legend = spec.legend;
  if (spec.series.empty()) throw Error("dml.plot: nothing to draw: no series");
  size_t points = 0;
  for (size_t i = 0; i < spec.series.size(); ++i) {
    const Series& s = spec.series[i];
    if (s.x.size() != s.y.size()) {
      throw Error(fmt::format("dml.plot: series[{}] (\"{}\"): x has {} values, y has {}", i + 1,
                              s.name, s.x.size(), s.y.size()));
    }
    std::vector<PLFLT> xs, ys;
    std::vector<size_t> runs;
    bool skipped = true;
    for (size_t k = 0; k < s.x.size(); ++k) {
      double x = s.x[k], y = s.y[k];
      if (!std::isfinite(x) || !std::isfinite(y) || (spec.x_log && x <= 0) ||
          (spec.y_log && y <= 0)) {
        skipped = true;
        continue;
      }
      if (skipped) runs.push_back(xs.size());
      skipped = false;
      xs.push_back(spec.x_log ? std::log10(x) : x);
      ys.push_back(spec.y_log ? std::log10(y) : y);
    }
    runs.push_back(xs.size());
    p.runs.push_back(std::move(runs));
    points += xs.size();
    p.xs.push_back(std::move(xs));
    p.ys.push_back(std::move(ys));
    const int k = static_cast<int>(i);
    p.names.push_back(escape_text(legend_name(s.name)));
    p.opts.push_back(PL_LEGEND_LINE | PL_LEGEND_SYMBOL);
    p.colours.push_back(kFirstSeries + k % kColours);
    p.text_colours.push_back(kBlack);
    p.styles.push_back(k / kColours % 2 == 0 ? 1 : 3);  // solid, then dashed
    p.widths.push_back(2.0);
    p.symbol_scales.push_back(1.0);
    p.symbol_numbers.push_back(2);
    p.symbol_ptrs.push_back(kMarkers[k % kMarkerCount]);
  }
  if (points == 0) {
    throw Error(
        fmt::format("dml.plot: nothing to draw: every point has a NaN or infinite coordinate{}",
                    spec.x_log || spec.y_log ? ", or one not positive on a log axis" : ""));
  }
  for (const auto& n : p.names) p.name_ptrs.push_back(n.c_str());
  p.x = choose_axis(p.xs, spec.x_log, false);
  p.y = choose_axis(p.ys, spec.y_log, true);
  p.x_label = axis_title(spec.x_label, p.x);
  p.y_label = axis_title(spec.y_label, p.y);
  return p;
}

}  // namespace

void plot(const PlotSpec& spec) {
  Prepared p = prepare(spec);
  const std::lock_guard lock(g_plot_mutex);
  install_handlers();
  if (!device_available(p.device.c_str())) {
    throw Error(fmt::format(
        "dml.plot: cannot write \"{}\": PLplot has no \"{}\" output device here; install the "
        "Debian package plplot-driver-cairo",
        spec.path, p.device));
  }
  write_atomically(
      spec.path,
      [&](const std::string& temp) {
        p.file = temp;
        g_error_code = 0;
        g_error_buffer[0] = '\0';
        if (!draw(p)) {
          end_after_error();
          throw Error(
              fmt::format("dml.plot: cannot write \"{}\": PLplot: {}", spec.path, g_exit_message));
        }
        if (g_abort_message[0] != '\0') {
          throw Error(
              fmt::format("dml.plot: cannot write \"{}\": PLplot: {}", spec.path, g_abort_message));
        }
      },
      "dml.plot");
}

}  // namespace dml::output
