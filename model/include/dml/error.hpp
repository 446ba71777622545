// Errors of the core. Invalid *input* throws ConfigError (a field path and the
// offending value); unit problems throw UnitError; an infeasible layout or run
// is never an error but a result with its reasons.
#pragma once

#include <fmt/format.h>

#include <stdexcept>
#include <string>

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

}  // namespace dml
