// dml::output::plot with PLplot's C API and its cairo drivers (pngcairo, svgcairo, pdfcairo).
//
// Layout: PLplot draws the frame, ticks, grid and data; every text (title, axis titles, tick
// labels, legend) is placed here, in millimetres on the page, after measuring it with the
// output device. So the layout knows the box of each text and can make it fit: a long title is
// shrunk, then wrapped; tick labels that would collide are thinned out (log axes: every other
// decade or fewer); the legend goes in the corner of the plot that hides no data, or else under
// the plot. layout_problems() checks the result.
//
// PLplot reports a fatal error by calling its exit handler and then exit(). Ours copies the
// message and longjmps back into pl(), the one function that calls PLplot; pl() then throws
// Fatal, which plot() turns into a dml::Error after shutting PLplot down. What pl() runs holds
// no C++ object with a destructor while it calls PLplot. Non-fatal errors (plabort) are
// captured with plsError instead of printed, and also fail the plot. PLplot keeps global
// state: one plot is drawn at a time, under a mutex.
#include <dlfcn.h>
#include <fmt/format.h>
#include <plplot.h>
#include <plstrm.h>  // PLStream: to measure text as plstrl does (the library does not export it)
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <string>
#include <type_traits>

#include "dml/error.hpp"
#include "output.hpp"

namespace dml::output {
namespace {

// PLplot is loaded when the first plot is drawn (dlopen), not linked: its library and the dozen
// it needs cost every `dml` start-up a few milliseconds of loading and relocation. Each function
// of PLplot that dml calls is a pointer of the same name here, which hides the library's own
// declaration (plplot.h maps plcol0 to c_plcol0): the calls below read as PLplot's API.
decltype(&::c_pladv) c_pladv = nullptr;
decltype(&::c_plbox) c_plbox = nullptr;
decltype(&::c_plcol0) c_plcol0 = nullptr;
decltype(&::c_plend) c_plend = nullptr;
decltype(&::c_plend1) c_plend1 = nullptr;
decltype(&::c_plfill) c_plfill = nullptr;
decltype(&::c_plgchr) c_plgchr = nullptr;
decltype(&::c_plgspa) c_plgspa = nullptr;
decltype(&::c_plinit) c_plinit = nullptr;
decltype(&::c_plline) c_plline = nullptr;
decltype(&::c_pllsty) c_pllsty = nullptr;
decltype(&::c_plmtex) c_plmtex = nullptr;
decltype(&::c_plptex) c_plptex = nullptr;
decltype(&::c_plschr) c_plschr = nullptr;
decltype(&::c_plscmap0n) c_plscmap0n = nullptr;
decltype(&::c_plscol0) c_plscol0 = nullptr;
decltype(&::c_plscolbg) c_plscolbg = nullptr;
decltype(&::c_plsdev) c_plsdev = nullptr;
decltype(&::c_plspage) c_plspage = nullptr;
decltype(&::c_plstring) c_plstring = nullptr;
decltype(&::c_plvpor) c_plvpor = nullptr;
decltype(&::c_plwidth) c_plwidth = nullptr;
decltype(&::c_plwind) c_plwind = nullptr;
decltype(&::plgDevs) plgDevs = nullptr;
decltype(&::plgpls) plgpls = nullptr;
decltype(&::plsError) plsError = nullptr;
decltype(&::plsabort) plsabort = nullptr;
decltype(&::plsexit) plsexit = nullptr;
decltype(&::plsfile) plsfile = nullptr;

// Loads PLplot and resolves the functions above, once; throws dml::Error if it cannot.
void load_plplot() {
  static std::once_flag once;
  static std::string failure;
  std::call_once(once, [] {
    void* lib = dlopen(DML_PLPLOT_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (lib == nullptr) {
      const char* why = dlerror();
      failure = fmt::format(
          "dml.plot: cannot load PLplot ({}); on Debian: apt install libplplot17 "
          "plplot-driver-cairo",
          why != nullptr ? why : DML_PLPLOT_SONAME);
      return;
    }
    auto resolve = [&](auto& fn, const char* name) {
      using Fn = std::remove_reference_t<decltype(fn)>;
      fn = reinterpret_cast<Fn>(dlsym(lib, name));
      if (fn == nullptr && failure.empty()) {
        failure = fmt::format("dml.plot: {} has no function {}", DML_PLPLOT_SONAME, name);
      }
    };
    resolve(c_pladv, "c_pladv");
    resolve(c_plbox, "c_plbox");
    resolve(c_plcol0, "c_plcol0");
    resolve(c_plend, "c_plend");
    resolve(c_plend1, "c_plend1");
    resolve(c_plfill, "c_plfill");
    resolve(c_plgchr, "c_plgchr");
    resolve(c_plgspa, "c_plgspa");
    resolve(c_plinit, "c_plinit");
    resolve(c_plline, "c_plline");
    resolve(c_pllsty, "c_pllsty");
    resolve(c_plmtex, "c_plmtex");
    resolve(c_plptex, "c_plptex");
    resolve(c_plschr, "c_plschr");
    resolve(c_plscmap0n, "c_plscmap0n");
    resolve(c_plscol0, "c_plscol0");
    resolve(c_plscolbg, "c_plscolbg");
    resolve(c_plsdev, "c_plsdev");
    resolve(c_plspage, "c_plspage");
    resolve(c_plstring, "c_plstring");
    resolve(c_plvpor, "c_plvpor");
    resolve(c_plwidth, "c_plwidth");
    resolve(c_plwind, "c_plwind");
    resolve(plgDevs, "plgDevs");
    resolve(plgpls, "plgpls");
    resolve(plsError, "plsError");
    resolve(plsabort, "plsabort");
    resolve(plsexit, "plsexit");
    resolve(plsfile, "plsfile");
  });
  if (!failure.empty()) throw Error(failure);
}

std::mutex g_plot_mutex;     // PLplot is not thread-safe
std::jmp_buf g_exit_jump;    // where the exit handler returns to
char g_exit_message[1024];   // what PLplot's last fatal error said
char g_abort_message[1024];  // its first non-fatal error in this plot
char g_error_buffer[2048];   // plsError's message buffer (keeps plabort off stderr)
PLINT g_error_code = 0;
PlotLayout g_last_layout;  // for last_plot_layout()

// The FILE PLplot writes an image through: writes to fd that keep their first error, which
// PLplot's fclose would drop.
struct WriteCookie {
  int fd;
  int error;
};

ssize_t cookie_write(void* c, const char* buf, size_t size) {
  auto& w = *static_cast<WriteCookie*>(c);
  size_t done = 0;
  while (done < size) {
    const ssize_t n = ::write(w.fd, buf + done, size - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (w.error == 0) w.error = n < 0 ? errno : EIO;
      return 0;  // fopencookie: 0 is a failed write
    }
    done += static_cast<size_t>(n);
  }
  return static_cast<ssize_t>(done);
}

int cookie_seek(void* c, off64_t* offset, int whence) {
  const off64_t at = ::lseek64(static_cast<WriteCookie*>(c)->fd, *offset, whence);
  if (at < 0) return -1;
  *offset = at;
  return 0;
}

int cookie_close(void* c) {
  auto& w = *static_cast<WriteCookie*>(c);
  if (::close(w.fd) != 0 && w.error == 0) w.error = errno;
  w.fd = -1;
  return 0;
}

constexpr cookie_io_functions_t kWriteFunctions{nullptr, cookie_write, cookie_seek, cookie_close};

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

// PLplot called its exit handler (g_exit_message says why).
struct Fatal {};

// Runs f, which calls PLplot; throws Fatal if PLplot hits a fatal error. f must not hold an
// object with a destructor while it calls PLplot (the longjmp would skip it).
template <class F>
void pl(const F& f) {
  if (setjmp(g_exit_jump) != 0) throw Fatal{};
  f();
}

// The page: 1200 x 800 pixels in PNG, points in SVG and PDF.
constexpr PLINT kPageWidth = 1200, kPageHeight = 800;

// Character heights, relative to PLplot's default one (7 mm, 20 pixels on the PNG).
constexpr double kTitleScale = 1.1;     // the title at its full size
constexpr double kMinTitleScale = 0.9;  // below this, a long title is wrapped instead
constexpr double kAxisTitleScale = 0.95;
constexpr double kTickScale = 0.8;
constexpr double kLegendScale = 0.8;
constexpr double kMarkerScale = 0.6;
constexpr size_t kMaxTitleLines = 3;
constexpr double kFloorTitleScale = 0.6;  // a title drawn smaller is not read: it takes more lines

// Series colours (Tableau 10) and markers; the 11th series reuses the first colour with a
// dashed line, and markers cycle with a different period, so every pair stays distinct.
constexpr int kPalette[][3] = {{31, 119, 180},  {255, 127, 14}, {44, 160, 44},   {214, 39, 40},
                               {148, 103, 189}, {140, 86, 75},  {227, 119, 194}, {127, 127, 127},
                               {188, 189, 34},  {23, 190, 207}};
constexpr int kColours = static_cast<int>(std::size(kPalette));
constexpr const char* kMarkers[] = {"●", "■", "▲", "◆", "▼", "⬟"};
constexpr int kMarkerCount = static_cast<int>(std::size(kMarkers));
constexpr PLINT kWhite = 0, kBlack = 1, kGrid = 2, kLegendEdge = 3, kFirstSeries = 4;

// One axis: its window (log10 of the values on a log axis) and its ticks. A log axis has a
// tick at each decade and a label every `step` decades; a linear one has major ticks `tick`
// apart, `sub` minor ticks per major, and labels with `decimals` digits after the point, times
// 10^`exponent` when that is not 0 (the exponent is then in the axis title).
struct Axis {
  PLFLT min = 0, max = 1;
  bool log = false;
  int step = 1;
  PLFLT tick = 1;
  PLINT sub = 0;
  int decimals = 0;
  int exponent = 0;
  int shift = 0;  // powers of ten divided out of the drawable values (beyond 1e±100)
};

// Everything draw() needs from the spec.
struct Prepared {
  std::string device;
  std::FILE* file = nullptr;  // the temporary file's copy for PLplot, which closes it (plend1)
  std::string title, x_label, y_label;  // escaped for PLplot text
  Axis x, y;
  std::vector<std::vector<PLFLT>> xs, ys;  // drawable points per series
  std::vector<std::vector<size_t>> runs;   // per series: where each run of consecutive
                                           // drawable points starts, and xs.size() last
  bool legend = true;
  std::vector<std::string> names;  // escaped for PLplot text
  std::vector<PLINT> colours, styles;
  std::vector<const char*> markers;
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
std::string format_tick(const Axis& a, double value) {
  double m = value / std::pow(10.0, a.exponent);
  if (std::fabs(m) < 0.5 * std::pow(10.0, -a.decimals)) m = 0;  // no "-0.0"
  return fmt::format("{:.{}f}", m, a.decimals);
}

// A linear axis's ticks `tick` apart: minor ticks, and how labels are written. Plain labels
// ("0.35", "250", "123456.5") unless they would be longer than 7 characters and labels over a
// power of ten ("1.5" with ×10⁹ in the axis title) are shorter.
void set_tick(Axis& a, double tick) {
  a.tick = tick;
  const double mantissa = tick / std::pow(10.0, std::floor(std::log10(tick) + 1e-9));
  a.sub = std::lround(mantissa) == 2 ? 4 : 5;
  const int tick_exp = static_cast<int>(std::floor(std::log10(tick) + 1e-9));
  const double biggest = std::max(std::fabs(a.min), std::fabs(a.max));
  const int big_exp = static_cast<int>(std::floor(std::log10(biggest)));
  const int plain_decimals = std::max(0, -tick_exp);
  const int plain_width = std::max(big_exp, 0) + 1 + (plain_decimals > 0 ? plain_decimals + 1 : 0);
  const int scaled_decimals = std::max(0, big_exp - tick_exp);
  const int scaled_width = 1 + (scaled_decimals > 0 ? scaled_decimals + 1 : 0);
  const bool scaled = plain_width > 7 && scaled_width < plain_width;
  a.exponent = scaled ? big_exp : 0;
  a.decimals = scaled ? scaled_decimals : plain_decimals;
}

// The next tick spacing of the 1-2-5 series: 0.1 -> 0.2 -> 0.5 -> 1.
double next_tick(double tick) {
  const double magnitude = std::pow(10.0, std::floor(std::log10(tick) + 1e-9));
  const double m = tick / magnitude;
  return (m < 1.5 ? 2 : m < 3 ? 5 : 10) * magnitude;
}

// The axis for the drawable values (log10 of them on a log axis). A log axis spans whole
// decades; a linear one has 5% margins and about six ticks, 1, 2 or 5 times a power of ten
// apart (the layout may space them further).
Axis choose_axis(std::vector<std::vector<PLFLT>>& values, bool log) {
  Axis a;
  a.log = log;
  PLFLT lo = INFINITY, hi = -INFINITY;
  if (!log) {
    // PLplot loses its frame and labels past about 1e±150: values of such sizes are drawn
    // over a power of ten, which the axis title shows.
    PLFLT biggest = 0;
    for (const auto& v : values) {
      for (const PLFLT x : v) biggest = std::max(biggest, std::fabs(x));
    }
    if (biggest > 0 && (biggest < 1e-100 || biggest > 1e100)) {
      a.shift = static_cast<int>(std::floor(std::log10(biggest)));
      const PLFLT half = std::pow(10.0, -(a.shift / 2));  // two steps: 10^-shift may overflow
      const PLFLT rest = std::pow(10.0, -(a.shift - a.shift / 2));
      for (auto& v : values) {
        for (PLFLT& x : v) x = x * half * rest;
      }
    }
  }
  for (const auto& v : values) {
    for (const PLFLT x : v) {
      lo = std::min(lo, x);
      hi = std::max(hi, x);
    }
  }
  if (log) {
    a.min = std::floor(lo + 1e-9);
    a.max = std::ceil(hi - 1e-9);
    if (a.max <= a.min) a.max = a.min + 1;
    return a;
  }
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
  const double raw = (hi - lo) / 6;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  const double norm = raw / magnitude;
  set_tick(a, (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * magnitude);
  return a;
}

// An axis title with the tick labels' power of ten: "tokens/s (×10⁹)".
std::string axis_title(const std::string& title, const Axis& a) {
  if (a.exponent + a.shift == 0) return title;
  return fmt::format("{}{}(×10#u{}#d)", title, title.empty() ? "" : " ", a.exponent + a.shift);
}

// An axis's labelled ticks: where (in its window) and what.
struct Tick {
  double at;
  std::string text;
};

std::vector<Tick> ticks(const Axis& a) {
  std::vector<Tick> out;
  if (a.log) {
    const auto first = static_cast<long>(std::ceil(a.min - 1e-9));
    const auto last = static_cast<long>(std::floor(a.max + 1e-9));
    for (long d = first; d <= last; ++d) {
      if (((d % a.step) + a.step) % a.step != 0) continue;
      out.push_back(
          {static_cast<double>(d), fmt::format("10#u{}{}#d", d < 0 ? "−" : "", std::labs(d))});
    }
    return out;
  }
  const double first = std::ceil(a.min / a.tick - 1e-9);
  const double last = std::floor(a.max / a.tick + 1e-9);
  for (double k = first; k <= last; ++k) out.push_back({k * a.tick, format_tick(a, k * a.tick)});
  return out;
}

// --- measuring text ------------------------------------------------------

// How far a text reaches above and below its reference point, in character heights. PLplot
// puts the reference half a character height above the baseline; capitals reach about as far
// above it, a superscript ("#u") further; descenders go below the baseline.
struct Reach {
  double above, below;
};

Reach reach(std::string_view text) {
  bool superscript = false;
  for (size_t i = 0; i + 1 < text.size(); ++i) {
    if (text[i] != '#') continue;
    if (text[i + 1] == 'u') superscript = true;
    ++i;  // "##" is a literal '#'
  }
  const bool descender = text.find_first_of("gjpqyQ,;()[]{}|/_@$") != std::string_view::npos;
  return {superscript ? 1.25 : 0.65, descender ? 0.85 : 0.6};
}

// PLplot's default character height, in mm.
double default_char_height() {
  PLFLT def = 0, current = 0;
  pl([&] { plgchr(&def, &current); });
  return def;
}

// The width in mm of `text` at `scale` times the default character height, as the output
// device draws it. This is PLplot's plstrl (which libplplot does not export): the cairo
// drivers set string_length instead of drawing while get_string_length is set.
double text_width(const std::string& text, double scale) {
  PLStream* s = nullptr;
  pl([&] {
    plschr(0, scale);
    plgpls(&s);
  });
  if (s == nullptr || s->has_string_length == 0) {  // not a cairo device: an estimate
    size_t chars = 0;
    for (const char c : text) chars += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return 0.65 * default_char_height() * scale * static_cast<double>(chars);
  }
  const PLINT buffered = s->plbuf_write;
  s->plbuf_write = 0;
  s->get_string_length = 1;
  const char* c_text = text.c_str();
  try {
    pl([&] { plmtex("t", 0.0, 0.0, 0.0, c_text); });
  } catch (const Fatal&) {
    s->get_string_length = 0;
    s->plbuf_write = buffered;
    throw;
  }
  s->get_string_length = 0;
  s->plbuf_write = buffered;
  return s->string_length;
}

// --- layout --------------------------------------------------------------

// How a text is drawn: its reference point (mm), direction and justification along it.
struct Placement {
  double x = 0, y = 0;
  bool vertical = false;  // reads bottom to top (the y title)
  double just = 0.5;      // 0 left, 0.5 centre, 1 right (along the text)
  double scale = 1;       // character height, relative to the default
};

// A legend entry: a stretch of line with the series' marker in its middle.
struct LegendEntry {
  size_t series;
  double x0, x1, y;  // mm
};

struct Layout {
  PlotLayout report;
  std::vector<Placement> placements;  // one per report.texts
  std::vector<LegendEntry> entries;
  std::string x_frame, y_frame, x_grid, y_grid;  // plbox options
  PLFLT x_tick = 0, y_tick = 0;
  PLINT x_sub = 0, y_sub = 0;
};

class Composer {
 public:
  Composer(const Prepared& p, Layout& out) : p_(p), out_(out) {
    PLFLT x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    pl([&] { plgspa(&x0, &x1, &y0, &y1); });
    width_ = x1 - x0;
    height_ = y1 - y0;
    h_ = default_char_height();
    margin_ = 0.6 * h_;
  }

  // Lays the plot out with the legend inside, or under the plot when no corner is free. The
  // room under the plot for the x title is a guess at first: spacing a linear axis's ticks can
  // add or drop its power of ten ("(×10⁹)"); if so, once more with the room it needs. (The
  // room only grows, to one of a few sizes, and the legend moves under the plot at most once:
  // a few attempts always end in one that is done.)
  void compose() {
    bool legend_under = false;
    x_title_room_ = reach(axis_title(p_.x_label, p_.x));
    x_title_shown_ = !axis_title(p_.x_label, p_.x).empty();
    for (int attempt = 0; attempt < 8; ++attempt) {
      out_ = Layout{};
      const Outcome outcome = compose_with(legend_under);
      if (outcome == Outcome::done) return;
      if (outcome == Outcome::no_corner) legend_under = true;
    }
  }

 private:
  enum class Outcome {
    done,
    no_corner,      // the legend was to go inside, but hides data in every corner
    x_title_grown,  // the x title needs more room than it had (x_title_room_ now says how much)
  };

  Outcome compose_with(bool legend_under) {
    PlotLayout& r = out_.report;
    r.page = {0, width_, 0, height_};
    x_ = p_.x;
    y_ = p_.y;

    // From the top: the title, then the plot.
    double top = height_ - margin_;
    if (!p_.title.empty()) top = place_title(top) - 0.5 * h_;
    const double tick_h = kTickScale * h_;
    const Reach y_reach = reach(y_.log ? "10#u1#d" : "0");
    PlotBox& box = r.plot;
    box.y1 = top - (y_reach.above + 0.2) * tick_h;  // room for the top tick label's upper half

    // From the bottom: the legend if under the plot, the x title, the tick labels.
    double bottom = margin_;
    size_t legend_rows = 0, legend_columns = 0;
    double legend_width = 0;
    if (p_.legend && legend_under) {
      // In as many columns as fit the page's width; if the rows would take more than 30% of
      // its height, the last entry shown says how many more series there are.
      size_t shown = p_.names.size();
      double entry_width = 0;
      while (true) {
        entry_width = legend_entry_width(shown);
        legend_columns = std::clamp<size_t>(
            static_cast<size_t>((width_ - 2 * margin_ - 2 * legend_pad()) / entry_width), 1, shown);
        legend_rows = (shown + legend_columns - 1) / legend_columns;
        const double rows_room = 0.3 * height_ / legend_pitch();
        if (static_cast<double>(legend_rows) <= rows_room || shown == 1) break;
        const size_t fit = std::max<size_t>(1, static_cast<size_t>(rows_room)) * legend_columns;
        if (fit >= shown) break;
        shown = fit;
      }
      shown_ = shown;
      legend_width = static_cast<double>(legend_columns) * entry_width + 2 * legend_pad();
      const double legend_height =
          static_cast<double>(legend_rows) * legend_pitch() + 2 * legend_pad();
      r.legend = {0, legend_width, bottom, bottom + legend_height};
      bottom += legend_height + 0.4 * h_;
    }
    const double axis_h = kAxisTitleScale * h_;
    if (x_title_shown_) bottom += (x_title_room_.above + x_title_room_.below) * axis_h + 0.3 * h_;
    const Reach x_reach = reach(x_.log ? "10#u1#d" : "0");
    const double x_tick_gap = 0.75 * tick_h;  // clears the lowest y label (0.6 below its centre)
    box.y0 = bottom + (x_reach.above + x_reach.below) * tick_h + x_tick_gap;
    // A title that would take the page leaves no plot (helper-348: 8,000 words, and PLplot's
    // "plvpor: Invalid limits"): under a tenth of the page's height left is the user's to fix.
    if (box.y1 - box.y0 < 0.1 * height_) {
      if (p_.title.empty()) {
        throw Error(fmt::format(
            "dml.plot: the legend and the axis titles leave no room for the plot on a page {:.0f} "
            "mm high",
            height_));
      }
      throw Error(fmt::format(
          "dml.plot: the title ({} lines at {:.0f}% of its size) leaves no room for the plot on a "
          "page {:.0f} mm high: shorten it",
          out_.report.title_lines, 100 * out_.report.title_scale, height_));
    }

    // The y ticks, now that the plot's height is known; then the left side.
    space_ticks(y_, box.y1 - box.y0, /*vertical=*/true);
    const std::vector<Tick> y_ticks = ticks(y_);
    double y_label_width = 0;
    for (const Tick& t : y_ticks)
      y_label_width = std::max(y_label_width, text_width(t.text, kTickScale));
    const std::string y_title = axis_title(p_.y_label, y_);
    double left = margin_;
    if (!y_title.empty()) {
      const Reach a = reach(y_title);
      left += (a.above + a.below) * axis_h + 0.4 * h_;
    }
    box.x0 = left + y_label_width + 0.5 * tick_h;

    // The x ticks and the right side: the last label's right half must stay on the page.
    box.x1 = width_ - margin_;
    std::vector<Tick> x_ticks;
    for (int pass = 0; pass < 3; ++pass) {
      x_ = p_.x;
      space_ticks(x_, box.x1 - box.x0, /*vertical=*/false);
      x_ticks = ticks(x_);
      double past = 0;
      for (const Tick& t : x_ticks) {
        const double right = x_mm(t.at) + text_width(t.text, kTickScale) / 2;
        past = std::max(past, right - (width_ - margin_));
      }
      if (past <= 0) break;
      box.x1 -= past;
    }

    // Texts, now that the frame is known. Axis titles are centred on the plot, shrunk if
    // they are longer than the page is wide or the plot is high.
    const std::string x_title = axis_title(p_.x_label, x_);
    if (!x_title.empty()) {
      const Reach a = reach(x_title);
      if (!x_title_shown_ || a.above > x_title_room_.above || a.below > x_title_room_.below) {
        x_title_shown_ = true;
        x_title_room_ = {std::max(a.above, x_title_room_.above),
                         std::max(a.below, x_title_room_.below)};
        return Outcome::x_title_grown;
      }
      const double base = legend_under && p_.legend ? r.legend.y1 + 0.4 * h_ : margin_;
      const double room = width_ - 2 * margin_;
      const double scale = fitting_scale(x_title, kAxisTitleScale, room);
      const double w = text_width(x_title, scale);
      add("x title", x_title,
          {std::clamp((box.x0 + box.x1) / 2, margin_ + w / 2, width_ - margin_ - w / 2),
           base + a.below * axis_h, false, 0.5, scale});
    }
    for (const Tick& t : x_ticks) {
      add("x tick", t.text,
          {x_mm(t.at), box.y0 - x_tick_gap - x_reach.above * tick_h, false, 0.5, kTickScale});
    }
    for (const Tick& t : y_ticks) {
      add("y tick", t.text, {box.x0 - 0.5 * tick_h, y_mm(t.at), false, 1.0, kTickScale});
    }
    if (!y_title.empty()) {
      const Reach a = reach(y_title);
      const double scale = fitting_scale(y_title, kAxisTitleScale, box.y1 - box.y0);
      add("y title", y_title,
          {margin_ + a.above * axis_h, (box.y0 + box.y1) / 2, true, 0.5, scale});
    }
    r.x_label_step = x_.log ? x_.step : 1;
    r.y_label_step = y_.log ? y_.step : 1;
    frame_options();

    // The title, centred over the plot if it fits there, else as near as it can be.
    for (size_t i = 0; i < r.texts.size(); ++i) {
      if (r.texts[i].role != "title") continue;
      const double w = r.texts[i].box.x1 - r.texts[i].box.x0;
      const double centre =
          std::clamp((box.x0 + box.x1) / 2, margin_ + w / 2, width_ - margin_ - w / 2);
      out_.placements[i].x = centre;
      r.texts[i].box.x0 = centre - w / 2;
      r.texts[i].box.x1 = centre + w / 2;
    }

    if (!p_.legend) return Outcome::done;
    if (legend_under) {
      const double x0 = std::clamp((box.x0 + box.x1) / 2 - legend_width / 2, margin_,
                                   width_ - margin_ - legend_width);
      r.legend.x0 = x0;
      r.legend.x1 = x0 + legend_width;
      place_legend_entries(legend_columns);
      r.legend_inside = false;
      r.points_under_legend = 0;
      return Outcome::done;
    }
    return place_legend_inside() ? Outcome::done : Outcome::no_corner;
  }

  // The title's lines from `top` down: at full size if it fits the page's width, else shrunk
  // down to kMinTitleScale, else wrapped at spaces into lines that fit, a word wider than the
  // page broken between its characters (and shrunk further if it would take more than
  // kMaxTitleLines lines, down to kFloorTitleScale, below which it takes more lines instead).
  // Returns the bottom of the last line.
  double place_title(double top) {
    const double room = width_ - 2 * margin_;
    double scale = kTitleScale;
    std::vector<std::string> lines{p_.title};
    const double full = text_width(p_.title, kTitleScale);
    if (full > room) {
      scale = std::max(kMinTitleScale, kTitleScale * room / full * 0.99);
      while (true) {
        lines = wrap(p_.title, scale, room);
        double widest = 0;
        for (const auto& l : lines) widest = std::max(widest, text_width(l, scale));
        if (widest <= room && (lines.size() <= kMaxTitleLines || scale <= kFloorTitleScale)) break;
        scale = widest > room ? scale * std::max(0.5, room / widest * 0.99)
                              : std::max(kFloorTitleScale, scale * 0.9);
      }
    }
    const double th = scale * h_;
    double y = top;
    for (const auto& line : lines) {
      const Reach a = reach(line);
      y -= a.above * th;
      add("title", line, {width_ / 2, y, false, 0.5, scale});
      y -= a.below * th + 0.25 * th;
    }
    out_.report.title_scale = scale / kTitleScale;
    out_.report.title_lines = static_cast<int>(lines.size());
    return y + 0.25 * th;
  }

  // `scale`, or less so that `text` is at most `room` long.
  double fitting_scale(const std::string& text, double scale, double room) {
    for (int i = 0; i < 20; ++i) {
      const double w = text_width(text, scale);
      if (w <= room) break;
      scale *= room / w * 0.99;
    }
    return scale;
  }

  // Words into lines no wider than `room` at `scale`; a word wider than that alone is broken into
  // pieces that fit (helper-369: a 400-character word shrank the title to a dotted line).
  std::vector<std::string> wrap(const std::string& text, double scale, double room) {
    std::vector<std::string> lines;
    std::string line;
    size_t i = 0;
    while (i < text.size()) {
      const size_t space = text.find(' ', i);
      const std::string word =
          text.substr(i, space == std::string::npos ? std::string::npos : space - i);
      i = space == std::string::npos ? text.size() : space + 1;
      if (word.empty()) continue;
      const std::string longer = line.empty() ? word : line + " " + word;
      if (text_width(longer, scale) <= room) {
        line = longer;
        continue;
      }
      if (!line.empty()) lines.push_back(line);
      line.clear();
      for (std::string& piece : break_word(word, scale, room)) {
        if (!line.empty()) lines.push_back(line);
        line = std::move(piece);
      }
    }
    if (!line.empty()) lines.push_back(line);
    return lines;
  }

  // `word` in pieces each at most `room` wide at `scale` (one character at least), broken between
  // characters: never inside a UTF-8 sequence or PLplot's "##" (a literal '#'). A piece's width
  // is the sum of its characters' (each measured once), so a long word costs one pass.
  std::vector<std::string> break_word(const std::string& word, double scale, double room) {
    std::vector<std::string> pieces;
    std::map<std::string, double> widths;
    std::string piece;
    double piece_width = 0;
    size_t i = 0;
    while (i < word.size()) {
      size_t n = 1;  // the character at i: its UTF-8 continuation bytes, or the '#' escaped
      if (word[i] == '#' && i + 1 < word.size() && word[i + 1] == '#') {
        n = 2;
      } else {
        while (i + n < word.size() && (static_cast<unsigned char>(word[i + n]) & 0xC0) == 0x80) ++n;
      }
      const std::string ch = word.substr(i, n);
      i += n;
      auto [it, fresh] = widths.try_emplace(ch, 0.0);
      if (fresh) it->second = text_width(ch, scale);
      if (!piece.empty() && piece_width + it->second > room) {
        pieces.push_back(std::move(piece));
        piece.clear();
        piece_width = 0;
      }
      piece += ch;
      piece_width += it->second;
    }
    if (!piece.empty()) pieces.push_back(std::move(piece));
    return pieces;
  }

  // Spaces an axis's labels so they do not collide along `length` mm: on a log axis, a label
  // every 1, 2, 3, 5, 10, 20... decades; on a linear one, ticks further apart (1-2-5).
  void space_ticks(Axis& a, double length, bool vertical) {
    const double tick_h = kTickScale * h_;
    const double span = a.max - a.min;
    for (int guard = 0; guard < 40; ++guard) {
      const std::vector<Tick> ts = ticks(a);
      double need = 0;  // mm between neighbouring labels' centres
      for (const Tick& t : ts) {
        const Reach r = reach(t.text);
        need = std::max(need, vertical ? (r.above + r.below) * tick_h + 0.3 * tick_h
                                       : text_width(t.text, kTickScale) + 0.8 * tick_h);
      }
      const double apart = (a.log ? a.step : a.tick) / span * length;
      if (ts.size() < 2 || apart >= need) return;
      if (a.log) {
        static constexpr std::array<int, 6> kSteps = {1, 2, 3, 5, 10, 20};
        const auto* next = std::upper_bound(kSteps.begin(), kSteps.end(), a.step);
        a.step = next != kSteps.end() ? *next : a.step * 2;
      } else {
        set_tick(a, next_tick(a.tick));
      }
    }
  }

  // plbox options: a frame with ticks inside it; a log axis has a tick at each decade (minor
  // ones between if decades are far enough apart), or only at its labels when decades are too
  // close to tell apart.
  void frame_options() {
    const PlotBox& box = out_.report.plot;
    const auto options = [](const Axis& a, double length, std::string& frame, std::string& grid,
                            PLFLT& tick, PLINT& sub) {
      frame = "bct";
      grid = "g";
      if (!a.log) {
        frame += "s";
        tick = a.tick;
        sub = a.sub;
        return;
      }
      const double decade = length / (a.max - a.min);
      tick = a.step;
      sub = 0;
      if (decade >= 2.5) {  // a tick per decade, with the grid at the labelled ones
        frame += "l";
        if (decade >= 8) frame += "s";
        if (a.step == 1) grid += "l";
      }
    };
    options(x_, box.x1 - box.x0, out_.x_frame, out_.x_grid, out_.x_tick, out_.x_sub);
    options(y_, box.y1 - box.y0, out_.y_frame, out_.y_grid, out_.y_tick, out_.y_sub);
  }

  double legend_pad() const { return 0.5 * kLegendScale * h_; }
  double legend_pitch() const { return 1.6 * kLegendScale * h_; }
  double legend_line() const { return 2.2 * kLegendScale * h_; }
  double legend_gap() const { return 0.5 * kLegendScale * h_; }

  // The name shown for legend entry i of `shown` (the last one says how many more there are).
  std::string legend_text(size_t i, size_t shown) const {
    if (shown < p_.names.size() && i + 1 == shown) {
      return fmt::format("… and {} more", p_.names.size() - shown + 1);
    }
    return p_.names[i];
  }

  // The width of one entry: gap, line, gap, the widest name, gap.
  double legend_entry_width(size_t shown) {
    double widest = 0;
    for (size_t i = 0; i < shown; ++i) {
      widest = std::max(widest, text_width(legend_text(i, shown), kLegendScale));
    }
    return legend_line() + widest + 3 * legend_gap();
  }

  // The entries in `columns` columns, filling r.legend from its top, column by column.
  void place_legend_entries(size_t columns) {
    PlotLayout& r = out_.report;
    const size_t shown = shown_;
    const size_t rows = (shown + columns - 1) / columns;
    const double column_width =
        (r.legend.x1 - r.legend.x0 - 2 * legend_pad()) / static_cast<double>(columns);
    for (size_t i = 0; i < shown; ++i) {
      const double x = r.legend.x0 + legend_pad() + column_width * static_cast<double>(i / rows);
      const double y =
          r.legend.y1 - legend_pad() - legend_pitch() * (static_cast<double>(i % rows) + 0.5);
      const std::string text = legend_text(i, shown);
      if (shown < p_.names.size() && i + 1 == shown) {  // not a series: no line
        add("legend", text, {x + legend_gap(), y, false, 0.0, kLegendScale});
        continue;
      }
      out_.entries.push_back({i, x + legend_gap(), x + legend_gap() + legend_line(), y});
      add("legend", text, {x + 2 * legend_gap() + legend_line(), y, false, 0.0, kLegendScale});
    }
  }

  // The legend in one column inside the plot, in the candidate place that hides the least
  // data: the corners, then the middles of the top and bottom edges. Returns false if it is
  // too big for the plot or every place hides some data.
  bool place_legend_inside() {
    PlotLayout& r = out_.report;
    const PlotBox box = r.plot;
    shown_ = p_.names.size();
    const double w = legend_entry_width(shown_) + 2 * legend_pad();
    const double h = static_cast<double>(shown_) * legend_pitch() + 2 * legend_pad();
    if (w > 0.5 * (box.x1 - box.x0) || h > 0.6 * (box.y1 - box.y0)) return false;
    const double inset = 0.6 * h_;
    const double left = box.x0 + inset, right = box.x1 - inset - w;
    const double lower = box.y0 + inset, upper = box.y1 - inset - h;
    const double centre = (box.x0 + box.x1 - w) / 2;
    const std::array<std::array<double, 2>, 6> corners = {{{right, upper},
                                                           {left, upper},
                                                           {left, lower},
                                                           {right, lower},
                                                           {centre, upper},
                                                           {centre, lower}}};
    double best_cost = INFINITY;
    PlotBox best;
    int best_points = 0;
    for (const auto& [x, y] : corners) {
      const PlotBox candidate{x, x + w, y, y + h};
      int points = 0;
      const double cost = data_under(candidate, points);
      if (cost < best_cost) {
        best_cost = cost;
        best = candidate;
        best_points = points;
      }
    }
    if (best_cost > 0) return false;
    r.legend = best;
    r.legend_inside = true;
    r.points_under_legend = best_points;
    place_legend_entries(1);
    return true;
  }

  // How much data a box would hide: mm of line and markers (as 2 mm each) within it or within
  // half a marker of it; `points` counts the markers.
  double data_under(const PlotBox& b, int& points) const {
    const double reach_out = 0.5 * kMarkerScale * h_ + 0.5;
    const PlotBox grown{b.x0 - reach_out, b.x1 + reach_out, b.y0 - reach_out, b.y1 + reach_out};
    const auto inside = [&](double x, double y) {
      return x >= grown.x0 && x <= grown.x1 && y >= grown.y0 && y <= grown.y1;
    };
    double cost = 0;
    points = 0;
    for (size_t s = 0; s < p_.xs.size(); ++s) {
      const auto& xs = p_.xs[s];
      const auto& ys = p_.ys[s];
      for (size_t k = 0; k < xs.size(); ++k) {
        if (inside(x_mm(xs[k]), y_mm(ys[k]))) {
          ++points;
          cost += 2;
        }
      }
      const auto& runs = p_.runs[s];
      for (size_t run = 0; run + 1 < runs.size(); ++run) {
        for (size_t k = runs[run]; k + 1 < runs[run + 1]; ++k) {
          const double ax = x_mm(xs[k]), ay = y_mm(ys[k]);
          const double bx = x_mm(xs[k + 1]), by = y_mm(ys[k + 1]);
          const double length = std::hypot(bx - ax, by - ay);
          const int samples = std::max(1, static_cast<int>(length / 0.5));
          for (int i = 0; i <= samples; ++i) {
            const double f = static_cast<double>(i) / samples;
            if (inside(ax + f * (bx - ax), ay + f * (by - ay))) cost += length / samples;
          }
        }
      }
    }
    return cost;
  }

  double x_mm(double v) const {
    const PlotBox& b = out_.report.plot;
    return b.x0 + (v - x_.min) / (x_.max - x_.min) * (b.x1 - b.x0);
  }
  double y_mm(double v) const {
    const PlotBox& b = out_.report.plot;
    return b.y0 + (v - y_.min) / (y_.max - y_.min) * (b.y1 - b.y0);
  }

  // Records a text and its box.
  void add(std::string role, const std::string& text, const Placement& at) {
    const double w = text_width(text, at.scale);
    const double ch = at.scale * h_;
    const Reach a = reach(text);
    PlotBox b;
    if (at.vertical) {  // read bottom to top: its top is to the left
      b = {at.x - a.above * ch, at.x + a.below * ch, at.y - at.just * w, at.y + (1 - at.just) * w};
    } else {
      b = {at.x - at.just * w, at.x + (1 - at.just) * w, at.y - a.below * ch, at.y + a.above * ch};
    }
    out_.report.texts.push_back({std::move(role), text, b});
    out_.placements.push_back(at);
  }

 public:
  const Axis& x_axis() const { return x_; }
  const Axis& y_axis() const { return y_; }

 private:
  const Prepared& p_;
  Layout& out_;
  double width_ = 0, height_ = 0;  // the page, mm
  double h_ = 0;                   // the default character height, mm
  double margin_ = 0;              // around the page's edge, mm
  Axis x_, y_;                     // as spaced for this page
  Reach x_title_room_{};           // how far the x title may reach above and below its centre
  bool x_title_shown_ = false;     // whether there is room for an x title
  size_t shown_ = 0;               // legend entries shown
};

// Draws the whole plot into p.file (a FILE PLplot closes) and lays it out in `layout`. Throws Fatal
// if PLplot hit a fatal error (then g_exit_message says what and PLplot still needs plend()). Ends
// with plend1(), which closes the stream but keeps the library and its loaded driver for the next
// plot (plend() would unload and reload the driver each time, leaking libltdl's handle every
// plot).
void draw(const Prepared& p, Layout& layout) {
  const char* device = p.device.c_str();
  std::FILE* file = p.file;
  pl([&] {
    plsdev(device);
    plsfile(file);  // PLplot writes through it and closes it (plend1)
    plspage(0, 0, kPageWidth, kPageHeight, 0, 0);
    plscolbg(255, 255, 255);
    plsError(&g_error_code, g_error_buffer);
    plinit();
    plscmap0n(kFirstSeries + kColours);
    plscol0(kWhite, 255, 255, 255);
    plscol0(kBlack, 0, 0, 0);
    plscol0(kGrid, 225, 225, 225);
    plscol0(kLegendEdge, 170, 170, 170);
    for (int i = 0; i < kColours; ++i) {
      plscol0(kFirstSeries + i, kPalette[i][0], kPalette[i][1], kPalette[i][2]);
    }
    pladv(0);
    plvpor(0, 1, 0, 1);  // text is measured (and drawn) in a viewport
    plwind(0, 1, 0, 1);
  });
  Composer composer(p, layout);
  composer.compose();
  const Axis& x = composer.x_axis();
  const Axis& y = composer.y_axis();
  const PlotBox page = layout.report.page;
  const PlotBox box = layout.report.plot;

  // The grid, the data and the frame, in the plot's window.
  pl([&] {
    plvpor(box.x0 / page.x1, box.x1 / page.x1, box.y0 / page.y1, box.y1 / page.y1);
    plwind(x.min, x.max, y.min, y.max);
    plwidth(1.0);
    plcol0(kGrid);
    plbox(layout.x_grid.c_str(), layout.x_tick, layout.x_sub, layout.y_grid.c_str(), layout.y_tick,
          layout.y_sub);
    plschr(0, kMarkerScale);
  });
  for (size_t i = 0; i < p.xs.size(); ++i) {
    const auto n = static_cast<PLINT>(p.xs[i].size());
    if (n == 0) continue;
    const PLFLT* xs = p.xs[i].data();
    const PLFLT* ys = p.ys[i].data();
    const auto& runs = p.runs[i];
    pl([&] {
      plcol0(p.colours[i]);
      pllsty(p.styles[i]);
      plwidth(2.0);
      for (size_t r = 0; r + 1 < runs.size(); ++r) {  // a skipped point breaks the line
        const auto len = static_cast<PLINT>(runs[r + 1] - runs[r]);
        if (len > 1) plline(len, xs + runs[r], ys + runs[r]);
      }
      pllsty(1);
      plstring(n, xs, ys, p.markers[i]);
    });
  }
  pl([&] {
    pllsty(1);
    plwidth(1.0);
    plcol0(kBlack);
    plbox(layout.x_frame.c_str(), layout.x_tick, layout.x_sub, layout.y_frame.c_str(),
          layout.y_tick, layout.y_sub);
    // From here on, the world is the page in mm.
    plvpor(0, 1, 0, 1);
    plwind(page.x0, page.x1, page.y0, page.y1);
  });

  // The legend: a white box with a grey edge, and its entries.
  if (!layout.report.legend.empty()) {
    const PlotBox& l = layout.report.legend;
    const std::array<PLFLT, 5> lx = {l.x0, l.x1, l.x1, l.x0, l.x0};
    const std::array<PLFLT, 5> ly = {l.y0, l.y0, l.y1, l.y1, l.y0};
    pl([&] {
      plcol0(kWhite);
      plfill(4, lx.data(), ly.data());
      plcol0(kLegendEdge);
      plwidth(1.0);
      plline(5, lx.data(), ly.data());
    });
    for (const LegendEntry& e : layout.entries) {
      const std::array<PLFLT, 2> ex = {e.x0, e.x1};
      const std::array<PLFLT, 2> ey = {e.y, e.y};
      const PLFLT mx = (e.x0 + e.x1) / 2;
      const PLFLT my = e.y;
      pl([&] {
        plcol0(p.colours[e.series]);
        pllsty(p.styles[e.series]);
        plwidth(2.0);
        plline(2, ex.data(), ey.data());
        pllsty(1);
        plschr(0, kMarkerScale);
        plstring(1, &mx, &my, p.markers[e.series]);
      });
    }
  }

  // Every text.
  for (size_t i = 0; i < layout.placements.size(); ++i) {
    const Placement& at = layout.placements[i];
    const char* text = layout.report.texts[i].text.c_str();
    pl([&] {
      plcol0(kBlack);
      plschr(0, at.scale);
      plptex(at.x, at.y, at.vertical ? 0 : 1, at.vertical ? 1 : 0, at.just, text);
    });
  }
  pl([] { plend1(); });
}

// After a fatal error: shut all of PLplot down (the next plot starts afresh), ignoring any
// further fatal error while doing so.
void end_after_error() {
  try {
    pl([] { plend(); });
  } catch (const Fatal&) {
  }
}

bool device_available(const char* device) {
  const char* menus[128];
  const char* names[128];
  const char** menu_ptr = menus;
  const char** name_ptr = names;
  int n = 128;
  try {
    pl([&] { plgDevs(&menu_ptr, &name_ptr, &n); });
  } catch (const Fatal&) {
    return false;
  }
  for (int i = 0; i < n; ++i) {
    if (std::strcmp(names[i], device) == 0) return true;
  }
  return false;
}

const char* device_for(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == ".png") return "pngcairo";
  if (ext == ".svg") return "svgcairo";
  if (ext == ".pdf") return "pdfcairo";
  throw Error(
      fmt::format("dml.plot: cannot tell the format of \"{}\" from its extension; supported: "
                  ".pdf, .png, .svg",
                  path));
}

// A text of the plot is drawn as UTF-8: one that is not is named here, by its field, rather
// than by PLplot's message about a string (helper-126).
void check_text(std::string_view text, std::string_view field) {
  if (valid_utf8(text)) return;
  throw Error(fmt::format("dml.plot: {} is not valid UTF-8, which a plot's text must be: {}", field,
                          quoted_excerpt(text)));
}

Prepared prepare(const PlotSpec& spec) {
  Prepared p;
  p.device = device_for(spec.path);
  check_text(spec.title, "title");
  check_text(spec.x_label, "x_label");
  check_text(spec.y_label, "y_label");
  for (size_t i = 0; i < spec.series.size(); ++i) {
    check_text(spec.series[i].name, fmt::format("series[{}].name", i + 1));
  }
  p.title = escape_text(spec.title);
  p.x_label = escape_text(spec.x_label);
  p.y_label = escape_text(spec.y_label);
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
    p.colours.push_back(kFirstSeries + k % kColours);
    p.styles.push_back(k / kColours % 2 == 0 ? 1 : 3);  // solid, then dashed
    p.markers.push_back(kMarkers[k % kMarkerCount]);
  }
  if (points == 0) {
    throw Error(fmt::format(
        "dml.plot: nothing to draw: every point has a missing, NaN or infinite coordinate{}",
        spec.x_log || spec.y_log ? ", or one not positive on a log axis" : ""));
  }
  p.x = choose_axis(p.xs, spec.x_log);
  p.y = choose_axis(p.ys, spec.y_log);
  return p;
}

bool overlaps(const PlotBox& a, const PlotBox& b) {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

// Within `outer`, allowing for rounding.
bool within(const PlotBox& inner, const PlotBox& outer) {
  constexpr double e = 1e-6;
  return inner.x0 >= outer.x0 - e && inner.x1 <= outer.x1 + e && inner.y0 >= outer.y0 - e &&
         inner.y1 <= outer.y1 + e;
}

std::string describe(const PlotText& t) { return fmt::format("{} \"{}\"", t.role, t.text); }

}  // namespace

std::vector<std::string> layout_problems(const PlotLayout& layout) {
  std::vector<std::string> problems;
  const PlotBox& page = layout.page;
  const bool has_legend = !layout.legend.empty();
  for (size_t i = 0; i < layout.texts.size(); ++i) {
    const PlotText& t = layout.texts[i];
    const PlotBox& b = t.box;
    constexpr double e = 1e-6;
    if (b.x0 < page.x0 - e) problems.push_back(describe(t) + " runs past the page's left edge");
    if (b.x1 > page.x1 + e) problems.push_back(describe(t) + " runs past the page's right edge");
    if (b.y0 < page.y0 - e) problems.push_back(describe(t) + " runs past the page's bottom edge");
    if (b.y1 > page.y1 + e) problems.push_back(describe(t) + " runs past the page's top edge");
    if (t.role == "legend") {
      if (!has_legend || !within(b, layout.legend)) {
        problems.push_back(describe(t) + " is outside the legend's box");
      }
    } else {
      if (overlaps(b, layout.plot)) problems.push_back(describe(t) + " overlaps the plot");
      if (has_legend && overlaps(b, layout.legend)) {
        problems.push_back(describe(t) + " overlaps the legend");
      }
    }
    for (size_t j = i + 1; j < layout.texts.size(); ++j) {
      if (overlaps(b, layout.texts[j].box)) {
        problems.push_back(describe(t) + " overlaps " + describe(layout.texts[j]));
      }
    }
  }
  if (has_legend) {
    if (!within(layout.legend, page)) problems.emplace_back("the legend runs off the page");
    if (layout.legend_inside && !within(layout.legend, layout.plot)) {
      problems.emplace_back("the legend is not inside the plot");
    }
    if (!layout.legend_inside && overlaps(layout.legend, layout.plot)) {
      problems.emplace_back("the legend overlaps the plot");
    }
  }
  const double width = layout.plot.x1 - layout.plot.x0, height = layout.plot.y1 - layout.plot.y0;
  if (width < 0.5 * (page.x1 - page.x0)) {
    problems.push_back(fmt::format("the plot is only {:.0f}% of the page's width",
                                   100 * width / (page.x1 - page.x0)));
  }
  if (height < 0.4 * (page.y1 - page.y0)) {
    problems.push_back(fmt::format("the plot is only {:.0f}% of the page's height",
                                   100 * height / (page.y1 - page.y0)));
  }
  return problems;
}

PlotLayout plot(const PlotSpec& spec) {
  Prepared p = prepare(spec);
  load_plplot();
  const std::lock_guard lock(g_plot_mutex);
  install_handlers();
  if (!device_available(p.device.c_str())) {
    throw Error(fmt::format(
        "dml.plot: cannot write \"{}\": PLplot has no \"{}\" output device here; install the "
        "Debian package plplot-driver-cairo",
        spec.path, p.device));
  }
  Layout layout;
  write_atomically(
      spec.path,
      [&](int fd) {
        // PLplot writes to a FILE of its own, over a copy of the temporary file's descriptor,
        // and closes it without looking at what failed: the FILE's writes keep the first error
        // (a full disk), which fails the plot here rather than leave a cut image.
        WriteCookie cookie{::dup(fd), 0};
        p.file = cookie.fd >= 0 ? ::fopencookie(&cookie, "wb", kWriteFunctions) : nullptr;
        if (p.file == nullptr) {
          const int err = errno;
          if (cookie.fd >= 0) ::close(cookie.fd);
          fail("dml.plot", spec.path, err);
        }
        g_error_code = 0;
        g_error_buffer[0] = '\0';
        layout = Layout{};
        try {
          draw(p, layout);
        } catch (const Fatal&) {
          end_after_error();
          throw Error(
              fmt::format("dml.plot: cannot write \"{}\": PLplot: {}", spec.path, g_exit_message));
        } catch (...) {
          // PLplot closes its FILE, whose cookie lives on this frame, before the frame goes: with
          // plend1, as a plot that ends well, keeping the driver loaded (plend would unload it,
          // leaking libltdl's handle: a title with no room left, helper-348's, is such an error).
          try {
            pl([] { plend1(); });
          } catch (const Fatal&) {
            end_after_error();
          }
          throw;
        }
        if (g_abort_message[0] != '\0') {
          throw Error(
              fmt::format("dml.plot: cannot write \"{}\": PLplot: {}", spec.path, g_abort_message));
        }
        if (cookie.error != 0) fail("dml.plot", spec.path, cookie.error);
      },
      "dml.plot");
  g_last_layout = layout.report;
  return layout.report;
}

PlotLayout last_plot_layout() {
  const std::lock_guard lock(g_plot_mutex);
  return g_last_layout;
}

}  // namespace dml::output
