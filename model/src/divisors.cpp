#include "divisors.hpp"

#include <algorithm>
#include <vector>

#include "engine.hpp"

namespace dml::detail {

std::string divisors_text(std::uint64_t n, std::uint64_t near) {
  const std::vector<std::int64_t> all = divisors(n);
  const std::size_t count = all.size();
  std::vector<bool> shown(count, count <= 12);
  if (count > 12) {
    for (std::size_t i = 0; i < 6; ++i) shown[i] = true;
    shown[count - 1] = true;
    const auto above = std::upper_bound(all.begin(), all.end(), static_cast<std::int64_t>(near));
    if (above != all.end()) shown[static_cast<std::size_t>(above - all.begin())] = true;
    const auto below = std::lower_bound(all.begin(), all.end(), static_cast<std::int64_t>(near));
    if (below != all.begin()) shown[static_cast<std::size_t>(below - all.begin()) - 1] = true;
  }
  std::string out;
  bool gap = false;
  for (std::size_t i = 0; i < count; ++i) {
    if (!shown[i]) {
      gap = true;
      continue;
    }
    if (!out.empty()) out += gap ? ", ..., " : ", ";
    out += std::to_string(all[i]);
    gap = false;
  }
  return out;
}

}  // namespace dml::detail
