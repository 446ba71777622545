// Runs the paper's five comparisons (docs/model.md 1.6) and prints each setting's summary and the
// wall time, process start-up included when timed from outside:
//
//   /usr/bin/time -f "%e s" build/bench/dml_paper_comparisons [threads] [reference]
//
// "reference" uses the paper's own search (Options::reference_search) for comparison.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "dml/search.hpp"
#include "paper_settings.hpp"

namespace {

std::string flop(const std::optional<dml::units::Flop>& v) {
  return v ? fmt::format("{:.3e}", v->value()) : std::string("-");
}

}  // namespace

int main(int argc, char** argv) {
  const auto start = std::chrono::steady_clock::now();
  dml::Options options;
  const dml::Control control{.threads = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 2};
  options.reference_search = argc > 2 && std::string(argv[2]) == "reference";
  const auto comparisons = dml::paper::comparisons();
  std::vector<dml::Setting> all;
  for (const auto& c : comparisons) {
    for (const auto& s : c.settings) all.push_back(s);
  }
  const auto sweeps = dml::sweep_all(all, options, control).sweeps;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::size_t k = 0;
  dml::SearchStats stats;
  for (const auto& c : comparisons) {
    std::printf("%s\n", c.run.c_str());
    for (std::size_t i = 0; i < c.settings.size(); ++i, ++k) {
      const dml::Sweep& s = sweeps[k];
      const dml::Summary& m = s.summary;
      stats += s.stats;
      std::printf("  %-34s util ends %s (%.3f)  last feasible %s (%.3f)  next %s  [%zu points]\n",
                  s.setting.c_str(), flop(m.linear_scaling_ends_at).c_str(),
                  m.utilization_there.value_or(0), flop(m.largest_feasible_flop).c_str(),
                  m.largest_feasible_utilization.value_or(0), flop(m.first_infeasible_flop).c_str(),
                  s.points.size());
    }
  }
  std::printf(
      "%zu sweeps, %llu cluster sizes searched, %llu layouts costed, %.4f s on %u "
      "threads\n",
      sweeps.size(), static_cast<unsigned long long>(stats.clusters_searched),
      static_cast<unsigned long long>(stats.layouts_evaluated), seconds, control.threads);
  return 0;
}
