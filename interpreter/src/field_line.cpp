#include "field_line.hpp"

#include <cstddef>

namespace dml::lua {
namespace {

bool is_name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_name_char(char c) { return is_name_start(c) || (c >= '0' && c <= '9'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A cursor over Lua source that steps over whitespace, comments and strings, counting lines.
class LuaCursor {
 public:
  LuaCursor(std::string_view s, std::size_t pos, int line) : s_(s), pos_(pos), line_(line) {}

  [[nodiscard]] bool at_end() const { return pos_ >= s_.size(); }
  [[nodiscard]] char peek(std::size_t k = 0) const {
    return pos_ + k < s_.size() ? s_[pos_ + k] : '\0';
  }
  [[nodiscard]] int line() const { return line_; }
  [[nodiscard]] std::size_t pos() const { return pos_; }

  void advance() {
    if (at_end()) return;
    if (s_[pos_] == '\n') ++line_;
    ++pos_;
  }

  // At "[[" or "[=*[": its level (the count of '='), else -1.
  [[nodiscard]] int long_bracket() const {
    if (peek() != '[') return -1;
    std::size_t k = 1;
    while (peek(k) == '=') ++k;
    return peek(k) == '[' ? static_cast<int>(k - 1) : -1;
  }

  // Past a long string or comment body opened at this position with `level`.
  void skip_long(int level) {
    for (int i = 0; i < level + 2; ++i) advance();  // "[", the '='s, "["
    while (!at_end()) {
      if (peek() == ']') {
        std::size_t k = 1;
        while (peek(k) == '=') ++k;
        if (peek(k) == ']' && static_cast<int>(k - 1) == level) {
          for (std::size_t i = 0; i <= k; ++i) advance();
          return;
        }
      }
      advance();
    }
  }

  // Past a quoted string opened here.
  void skip_quoted() {
    const char quote = peek();
    advance();
    while (!at_end() && peek() != quote) {
      if (peek() == '\n') return;  // unfinished: Lua would not have loaded it
      if (peek() == '\\') advance();
      advance();
    }
    advance();
  }

  // Past whitespace and comments.
  void skip_space() {
    while (!at_end()) {
      const char c = peek();
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
        advance();
      } else if (c == '-' && peek(1) == '-') {
        advance();
        advance();
        if (const int level = long_bracket(); level >= 0) {
          skip_long(level);
        } else {
          while (!at_end() && peek() != '\n') advance();
        }
      } else {
        return;
      }
    }
  }

  // Past one token that is not a bracket: a string, a name or number, or one character.
  void skip_token() {
    const char c = peek();
    if (c == '"' || c == '\'') {
      skip_quoted();
    } else if (const int level = long_bracket(); level >= 0) {
      skip_long(level);
    } else if (is_name_char(c)) {
      while (is_name_char(peek())) advance();
    } else {
      advance();
    }
  }

  // Past an expression, up to the ',', ';' or closing bracket that ends it at its depth.
  void skip_expression() {
    int depth = 0;
    while (true) {
      skip_space();
      if (at_end()) return;
      const char c = peek();
      if ((c == '(' || c == '{' || c == '[') && long_bracket() < 0) {
        ++depth;
        advance();
      } else if (c == ')' || c == '}' || c == ']') {
        if (depth == 0) return;
        --depth;
        advance();
      } else if ((c == ',' || c == ';') && depth == 0) {
        return;
      } else {
        skip_token();
      }
    }
  }

  std::string name() {
    std::string out;
    while (is_name_char(peek())) {
      out += peek();
      advance();
    }
    return out;
  }

 private:
  std::string_view s_;
  std::size_t pos_;
  int line_;
};

// The line of path[k..] in the constructor at the cursor (on its '{').
std::optional<int> in_table(LuaCursor& at, const std::vector<FieldStep>& path, std::size_t k) {
  at.advance();  // '{'
  std::int64_t position = 0;
  while (true) {
    at.skip_space();
    if (at.at_end() || at.peek() == '}') return std::nullopt;
    const int field_start = at.line();
    FieldStep key;
    bool keyed = false;
    if (at.peek() == '[' && at.long_bracket() < 0) {  // [expr] = value
      at.advance();
      at.skip_space();
      const std::size_t expr = at.pos();
      std::int64_t literal = 0;
      bool integer = is_digit(at.peek());
      while (is_digit(at.peek())) {
        literal = literal * 10 + (at.peek() - '0');
        if (literal > (std::int64_t{1} << 40)) integer = false;
        at.advance();
      }
      at.skip_space();
      if (at.peek() != ']' || at.pos() == expr) integer = false;
      at.skip_expression();
      if (at.peek() != ']') return std::nullopt;
      at.advance();
      at.skip_space();
      if (at.peek() != '=') return std::nullopt;
      at.advance();
      keyed = true;
      key.index = integer ? literal : -1;
    } else if (is_name_start(at.peek())) {
      LuaCursor back = at;
      std::string name = at.name();
      at.skip_space();
      if (at.peek() == '=' && at.peek(1) != '=') {
        at.advance();
        keyed = true;
        key.name = std::move(name);
      } else {
        at = back;
      }
    }
    if (!keyed) key.index = ++position;
    at.skip_space();
    const int value_start = at.line();
    const FieldStep& want = path[k];
    const bool match =
        want.name.empty() ? key.name.empty() && key.index == want.index : key.name == want.name;
    if (match) {
      const int here = keyed ? field_start : value_start;
      if (k + 1 == path.size()) return here;
      if (at.peek() == '{') {
        if (const auto deeper = in_table(at, path, k + 1)) return deeper;
      }
      return here;
    }
    at.skip_expression();
    if (at.peek() == ',' || at.peek() == ';') at.advance();
  }
}

}  // namespace

std::optional<std::vector<FieldStep>> field_path(std::string_view text) {
  std::size_t i = 0;
  if (i >= text.size() || !is_name_start(text[i])) return std::nullopt;
  while (i < text.size() && is_name_char(text[i])) ++i;
  std::vector<FieldStep> steps;
  while (i < text.size()) {
    if (text[i] == '.') {
      ++i;
      if (i >= text.size() || !is_name_start(text[i])) return std::nullopt;
      const std::size_t from = i;
      while (i < text.size() && is_name_char(text[i])) ++i;
      steps.push_back(FieldStep{.name = std::string(text.substr(from, i - from))});
    } else if (text[i] == '[') {
      ++i;
      std::int64_t n = 0;
      const std::size_t from = i;
      while (i < text.size() && is_digit(text[i]) && i - from < 12) n = n * 10 + (text[i++] - '0');
      if (i == from || i >= text.size() || text[i] != ']') return std::nullopt;
      ++i;
      steps.push_back(FieldStep{.name = {}, .index = n});
    } else {
      break;
    }
  }
  if (steps.empty() || text.substr(i, 2) != ": ") return std::nullopt;
  return steps;
}

std::optional<int> field_line(std::string_view source, int call_line,
                              const std::vector<FieldStep>& path) {
  if (path.empty() || call_line < 1) return std::nullopt;
  std::size_t start = 0;
  for (int line = 1; line < call_line; ++line) {
    start = source.find('\n', start);
    if (start == std::string_view::npos) return std::nullopt;
    ++start;
  }
  // Each constructor that opens on the call line, outermost first (`dml.run { cluster =
  // dml.cluster { ... } }` tries the run's table, then the cluster's).
  LuaCursor at(source, start, call_line);
  while (!at.at_end() && at.line() == call_line) {
    const char c = at.peek();
    if (c == '{') {
      LuaCursor table = at;
      if (const auto line = in_table(table, path, 0)) return line;
      at.advance();
    } else if (c == '-' && at.peek(1) == '-') {
      at.skip_space();
    } else if (c == '"' || c == '\'' || at.long_bracket() >= 0) {
      at.skip_token();
    } else {
      at.advance();
    }
  }
  return std::nullopt;
}

}  // namespace dml::lua
