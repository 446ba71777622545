#include "dml/describe.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace dml {

std::string item_path(const std::string& list, std::size_t index_from_1) {
  return fmt::format("{}[{}]", list, index_from_1);
}

namespace {

bool has(double bound) { return !std::isnan(bound); }

}  // namespace

bool blank(std::string_view s) {
  return s.find_first_not_of(" \t\n\r\f\v") == std::string_view::npos;
}

std::string text_problem(std::string_view s, const Field& f) {
  if (!f.required || !blank(s)) return {};
  return fmt::format("must not be blank ({})", f.doc);
}

std::string whole_problem(std::int64_t v, const Field& f) {
  if (!f.one_of.empty()) {
    if (std::find(f.one_of.begin(), f.one_of.end(), v) == f.one_of.end()) {
      return fmt::format("expected one of {}, got {}", fmt::join(f.one_of, ", "), v);
    }
    return {};
  }
  const auto x = static_cast<double>(v);
  if (has(f.min)) {
    if (f.above && !(x > f.min)) return fmt::format("must be greater than {}, got {}", f.min, v);
    if (!f.above && x < f.min) {
      if (f.min == 1) return fmt::format("must be a positive whole number, got {}", v);
      return fmt::format("must be at least {}, got {}", f.min, v);
    }
  }
  if (has(f.max) && x > f.max) return fmt::format("must be at most {}, got {}", f.max, v);
  return {};
}

std::string number_problem(double v, const Field& f) {
  if (!std::isfinite(v)) return "expected a finite number, got " + non_finite_text(v);
  if (has(f.min)) {
    if (f.above && !(v > f.min)) return fmt::format("must be greater than {}, got {}", f.min, v);
    if (!f.above && v < f.min) return fmt::format("must be at least {}, got {}", f.min, v);
  }
  if (has(f.max) && v > f.max) return fmt::format("must be at most {}, got {}", f.max, v);
  return {};
}

std::string quantity_problem(Quantity q, const Field& f) {
  const double x = q.value;
  if (std::isnan(x)) return "must be a number, got NaN";
  if (std::isinf(x) && !f.infinite)
    return fmt::format("must be finite, got {}", format_quantity(q));
  if (f.nonnegative) {
    if (x < 0) return fmt::format("must not be negative, got {}", format_quantity(q));
  } else if (!(x > 0)) {
    return fmt::format("must be positive, got {}", format_quantity(q));
  }
  if (has(f.min) && x < f.min) {
    return fmt::format("must be at least {}, got {}", format_quantity(Quantity{f.min, q.dim}),
                       format_quantity(q));
  }
  if (has(f.max) && x > f.max) {
    return fmt::format("must be at most {}, got {}", format_quantity(Quantity{f.max, q.dim}),
                       format_quantity(q));
  }
  return {};
}

std::string sources_problem(const Sources& s, std::span<const std::string_view> field_names,
                            std::string_view owner_title) {
  for (const auto& [key, cite] : s) {
    if (std::find(field_names.begin(), field_names.end(), key) == field_names.end()) {
      return fmt::format("\"{}\" is not a field of {}", key, owner_title);
    }
  }
  return {};
}

void check_whole(std::int64_t v, const Field& f, const std::string& path) {
  if (auto p = whole_problem(v, f); !p.empty()) throw ConfigError(path, p);
}
void check_number(double v, const Field& f, const std::string& path) {
  if (auto p = number_problem(v, f); !p.empty()) throw ConfigError(path, p);
}
void check_quantity_value(Quantity q, const Field& f, const std::string& path) {
  if (auto p = quantity_problem(q, f); !p.empty()) throw ConfigError(path, p);
}
void check_text(std::string_view s, const Field& f, const std::string& path) {
  if (auto p = text_problem(s, f); !p.empty()) throw ConfigError(path, p);
}

std::string FieldPath::str() const {
  std::string head = parent != nullptr ? parent->str() : std::string();
  if (name.empty()) return item_path(head, index);
  return head.empty() ? std::string(name) : head + "." + std::string(name);
}

}  // namespace dml
