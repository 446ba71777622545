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

void check_whole(std::int64_t v, const Field& f, const std::string& path) {
  if (!f.one_of.empty()) {
    if (std::find(f.one_of.begin(), f.one_of.end(), v) == f.one_of.end()) {
      throw ConfigError(path, "expected one of {}, got {}", fmt::join(f.one_of, ", "), v);
    }
    return;
  }
  const auto x = static_cast<double>(v);
  if (has(f.min)) {
    if (f.above && !(x > f.min)) {
      throw ConfigError(path, "must be greater than {}, got {}", f.min, v);
    }
    if (!f.above && x < f.min) {
      if (f.min == 1) throw ConfigError(path, "must be a positive whole number, got {}", v);
      throw ConfigError(path, "must be at least {}, got {}", f.min, v);
    }
  }
  if (has(f.max) && x > f.max) throw ConfigError(path, "must be at most {}, got {}", f.max, v);
}

void check_number(double v, const Field& f, const std::string& path) {
  if (!std::isfinite(v)) throw ConfigError(path, "expected a finite number, got {}", v);
  if (has(f.min)) {
    if (f.above && !(v > f.min)) {
      throw ConfigError(path, "must be greater than {}, got {}", f.min, v);
    }
    if (!f.above && v < f.min) throw ConfigError(path, "must be at least {}, got {}", f.min, v);
  }
  if (has(f.max) && v > f.max) throw ConfigError(path, "must be at most {}, got {}", f.max, v);
}

void check_quantity_value(Quantity q, const Field& f, const std::string& path) {
  const double x = q.value;
  if (std::isnan(x)) throw ConfigError(path, "must be a number, got NaN");
  if (std::isinf(x) && !f.infinite) {
    throw ConfigError(path, "must be finite, got {}", format_quantity(q));
  }
  if (f.nonnegative) {
    if (x < 0) throw ConfigError(path, "must not be negative, got {}", format_quantity(q));
  } else if (!(x > 0)) {
    throw ConfigError(path, "must be positive, got {}", format_quantity(q));
  }
  if (has(f.min) && x < f.min) {
    throw ConfigError(path, "must be at least {}, got {}", format_quantity(Quantity{f.min, q.dim}),
                      format_quantity(q));
  }
  if (has(f.max) && x > f.max) {
    throw ConfigError(path, "must be at most {}, got {}", format_quantity(Quantity{f.max, q.dim}),
                      format_quantity(q));
  }
}

void check_sources(const Sources& s, std::span<const std::string_view> field_names,
                   std::string_view owner_title, const std::string& path) {
  for (const auto& [key, cite] : s) {
    if (std::find(field_names.begin(), field_names.end(), key) == field_names.end()) {
      throw ConfigError(path, "\"{}\" is not a field of {}", key, owner_title);
    }
  }
}

}  // namespace dml
