// Ctrl-C and progress for long computations run from Lua: a Control (dml/parallel.hpp) whose
// cancelled() turns true on SIGINT and whose progress() shows "label: done/total" on a
// terminal after a second.
//
//   Interruptible work("sweep");
//   auto plans = optimize_all(runs, work.control());
//   if (work.interrupted()) ...
#pragma once

#include <chrono>
#include <string>

#include "dml/parallel.hpp"

namespace dml::lua {

class Interruptible {
 public:
  explicit Interruptible(std::string label);
  ~Interruptible();
  Interruptible(const Interruptible&) = delete;
  Interruptible& operator=(const Interruptible&) = delete;

  [[nodiscard]] const Control& control() const { return control_; }
  // Ctrl-C was pressed since this began.
  [[nodiscard]] bool interrupted() const;

 private:
  void show(std::size_t done, std::size_t total);

  std::string label_;
  unsigned start_ = 0;  // the SIGINT count when this began
  bool tty_ = false;
  bool shown_ = false;
  std::chrono::steady_clock::time_point begin_;
  std::chrono::steady_clock::time_point last_{};
  Control control_;
};

}  // namespace dml::lua
