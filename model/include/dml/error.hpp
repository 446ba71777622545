// Errors of the core. Invalid *input* throws ConfigError (a field path and the
// offending value); unit problems throw UnitError; an infeasible layout or run
// is never an error but a result with its reasons.
#pragma once

#include <fmt/format.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace dml {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "field.path: message", e.g. "cluster.levels[2].bandwidth: must be positive, got -1 B/s".
class ConfigError : public Error {
 public:
  ConfigError(std::string field, const std::string& message)
      : Error(field.empty() ? message : field + ": " + message), field_(std::move(field)) {}
  template <typename... Args>
  ConfigError(std::string field, fmt::format_string<Args...> f, Args&&... args)
      : ConfigError(std::move(field), fmt::format(f, std::forward<Args>(args)...)) {}
  [[nodiscard]] const std::string& field() const { return field_; }

 private:
  std::string field_;
};

// A quantity that is not what was expected: `expected a bandwidth like "900 GB/s", got "900 GB"`.
class UnitError : public Error {
 public:
  using Error::Error;
};

// A user's text quoted in a message is cut to a bounded excerpt, so that a 1 MB string gives a
// message of a line: its first kExcerptBytes bytes (at a UTF-8 character boundary), then "...",
// and its whole length after the closing quote.
inline constexpr std::size_t kExcerptBytes = 60;

// The part of `text` a message shows: all of it, or its first kExcerptBytes bytes.
[[nodiscard]] inline std::string_view excerpt_head(std::string_view text) {
  if (text.size() <= kExcerptBytes) return text;
  std::size_t n = kExcerptBytes;
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;  // a continuation
  return text.substr(0, n);
}

// A number that is not finite as messages write it, the same on every platform: "NaN", "inf",
// "-inf" (printf's "-nan" carries a sign bit that means nothing to a user).
[[nodiscard]] inline std::string non_finite_text(double x) {
  if (std::isnan(x)) return "NaN";
  return x > 0 ? "inf" : "-inf";
}

// The length of the UTF-8 character that starts at s[i] (1 for ASCII), or 0 where none valid
// does: a stray continuation byte, an overlong form, a surrogate, a code point past U+10FFFF,
// or a character cut short.
[[nodiscard]] inline std::size_t utf8_char_length(std::string_view s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) return 1;
  std::size_t more = 0;
  std::uint32_t cp = 0;
  if ((c & 0xE0) == 0xC0) {
    more = 1;
    cp = c & 0x1Fu;
  } else if ((c & 0xF0) == 0xE0) {
    more = 2;
    cp = c & 0x0Fu;
  } else if ((c & 0xF8) == 0xF0) {
    more = 3;
    cp = c & 0x07u;
  } else {
    return 0;
  }
  if (s.size() - i <= more) return 0;
  for (std::size_t k = 1; k <= more; ++k) {
    const auto d = static_cast<unsigned char>(s[i + k]);
    if ((d & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (d & 0x3Fu);
  }
  static constexpr std::uint32_t kMin[] = {0, 0x80, 0x800, 0x10000};
  if (cp < kMin[more] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return more + 1;
}

// Whether `s` is valid UTF-8 (as JSON requires).
[[nodiscard]] inline bool valid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = utf8_char_length(s, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

// A user's text as a message shows it: newline, tab and carriage return as \n \t \r, other
// control bytes (a NUL among them, which would end a C string) and a byte that is not part of
// valid UTF-8 as \xNN (a terminal would show it as another character set's, or swallow text
// after it). With keep_lines, as a whole message goes to a terminal: its newlines and tabs (a
// traceback's) stay as they are.
[[nodiscard]] inline std::string printable(std::string_view s, bool keep_lines = false) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x80) {
      const std::size_t n = utf8_char_length(s, i);
      if (n == 0) {
        out += fmt::format("\\x{:02x}", u);
      } else {
        out.append(s.substr(i, n));
        i += n - 1;
      }
    } else if (keep_lines && (c == '\n' || c == '\t')) {
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (u < 0x20 || u == 0x7F) {
      out += fmt::format("\\x{:02x}", u);
    } else {
      out += c;
    }
  }
  return out;
}

// `"text"`, or for a long text `"its first bytes..." (1000000 bytes)`; control bytes escaped.
[[nodiscard]] inline std::string quoted_excerpt(std::string_view text) {
  const std::string_view head = excerpt_head(text);
  if (head.size() == text.size()) return fmt::format("\"{}\"", printable(text));
  return fmt::format("\"{}...\" ({} bytes)", printable(head), text.size());
}

// The error of a cost that overflowed. Every input is checked to be finite and in its range, so
// a time of 1e100 s, a memory of 1e100 B (or no number) means an input so far from any real value
// that the arithmetic overflows (a clock of 1e-300 Hz, a latency of 1e307 s), or dml's bug. `what`:
// "the cost of TP 8 x PP 4, ...".
[[nodiscard]] inline std::string out_of_range_message(std::string_view what) {
  return fmt::format(
      "{} is out of range (a time of 1e100 s or a memory of 1e100 B or more, or no number): an "
      "input is far outside "
      "any real value (a clock, bandwidth or efficiency near 0, a latency or size near 1e308); "
      "if none is, please report the scenario",
      what);
}

}  // namespace dml
