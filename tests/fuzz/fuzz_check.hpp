// What every fuzz target checks beyond "no crash": a broken invariant aborts (libFuzzer keeps the
// input), and an error message is bounded, whatever the input's size (a long text is quoted as
// an excerpt).
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#define FUZZ_CHECK(cond)                                                                 \
  do {                                                                                   \
    if (!(cond)) {                                                                       \
      std::fprintf(stderr, "%s:%d: fuzz check failed: %s\n", __FILE__, __LINE__, #cond); \
      std::abort();                                                                      \
    }                                                                                    \
  } while (false)

namespace dml::fuzz {

// An error message: not empty, and at most a few KB (lists of names included) for any input.
inline void check_message(std::string_view message, std::size_t input_size) {
  if (message.empty() || message.size() > 8192) {
    std::fprintf(stderr,
                 "fuzz check failed: a message of %zu bytes for %zu bytes of input:\n%.*s\n",
                 message.size(), input_size,
                 static_cast<int>(message.size() > 600 ? 600 : message.size()), message.data());
    std::abort();
  }
}

}  // namespace dml::fuzz
