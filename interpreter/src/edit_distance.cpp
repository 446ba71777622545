#include "edit_distance.hpp"

#include <algorithm>
#include <cctype>
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

namespace {

// Whether `name` is the first words of `candidate`, ignoring case: "h100" of "h100_sxm",
// "H100" of "H100 SXM", "megatron" of "megatron_core" (not "nvlink" of "nvlink4_h100").
bool first_words_of(std::string_view name, std::string_view candidate) {
  if (name.size() < kFirstWordsMinLength || candidate.size() <= name.size()) return false;
  const auto lower = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
  if (!std::equal(name.begin(), name.end(), candidate.begin(),
                  [&](char a, char b) { return lower(a) == lower(b); })) {
    return false;
  }
  const char next = candidate[name.size()];
  return next == '_' || next == ' ' || next == '-' || next == '.';
}

}  // namespace

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
  if (!best.empty() && best_d <= 1) return best;
  // A name cut short ("h100" for "h100_sxm", the shortest such) is likelier than one two or
  // more edits away ("grand_comparison" is not "base_comparison").
  std::string shortened;
  for (const auto& c : candidates) {
    if (first_words_of(name, c) && (shortened.empty() || c.size() < shortened.size())) {
      shortened = c;
    }
  }
  return shortened.empty() ? best : shortened;
}

}  // namespace dml::lua
