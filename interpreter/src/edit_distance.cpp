#include "edit_distance.hpp"

#include <algorithm>
#include <vector>

namespace dml::lua {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows: the one before the previous (for transpositions), the previous, the current.
  std::vector<std::size_t> before(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        cur[j] = std::min(cur[j], before[j - 2] + 1);
      }
    }
    std::swap(before, prev);
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

std::string closest(std::string_view name, std::span<const std::string> candidates) {
  std::string best;
  std::size_t best_d = std::max<std::size_t>(1, name.size() / 4) + 1;
  for (const auto& c : candidates) {
    // names whose lengths differ by the threshold or more cannot be close enough
    const std::size_t gap =
        c.size() > name.size() ? c.size() - name.size() : name.size() - c.size();
    if (gap >= best_d) continue;
    const std::size_t d = edit_distance(name, c);
    if (d < best_d) {
      best_d = d;
      best = c;
    }
  }
  return best;
}

}  // namespace dml::lua
