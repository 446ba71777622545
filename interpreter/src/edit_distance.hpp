// Did-you-mean: the one edit distance of dml (optimal string alignment: insertions, deletions,
// substitutions and adjacent transpositions), for unknown fields, globals, functions and
// columns.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace dml::lua {

[[nodiscard]] std::size_t edit_distance(std::string_view a, std::string_view b);

// The shortest name a cut-short name may stand for ("h100" for "h100_sxm").
inline constexpr std::size_t kFirstWordsMinLength = 3;

// The candidate closest to `name` if it is close enough to be a likely typo (fewer than
// max(1, |name| / 4) + 1 edits), else "". Ties go to the first candidate. Unless one is a
// single edit away, a candidate whose first words are `name` comes first (`name` of at least
// kFirstWordsMinLength characters, ignoring case, followed by '_', ' ', '-' or '.': "h100" of
// "h100_sxm"), the shortest, first on a tie.
[[nodiscard]] std::string closest(std::string_view name, std::span<const std::string> candidates);

// What a mistyped `name` likely meant, quoted for "did you mean ...?": the candidates it is the
// stem of ("tp" of 'tp_ff' and 'tp_model', "megatron" of 'megatron_2021', ...: naming one would
// steer the user to one of several equals), the closest of them first and the rest in sorted
// order; else the closest candidate ('dp' for "db"); "" when none is close.
[[nodiscard]] std::string suggestion(std::string_view name,
                                     std::span<const std::string> candidates);

}  // namespace dml::lua
