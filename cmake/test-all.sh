#!/bin/sh
# Builds dml and runs every test twice: an optimized build, then a build under
# AddressSanitizer and UndefinedBehaviorSanitizer. Uses build/ and build-asan/.
# Both treat compiler warnings as errors (DML_WERROR). Then the tests of interpreters in
# threads under ThreadSanitizer (cmake/test-threads.sh, build-tsan/), and fuzzing
# (cmake/fuzz.sh, build-fuzz/).
set -eu
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DDML_WERROR=ON >/dev/null
cmake --build build -j "$jobs"
ctest --test-dir build --output-on-failure -j "$jobs"

cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DDML_SANITIZE=ON -DDML_BUILD_BENCH=OFF -DDML_WERROR=ON >/dev/null
cmake --build build-asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs"

# Interpreters in threads, cancelled from other threads, under ThreadSanitizer.
cmake/test-threads.sh

# libFuzzer (clang++): about a minute of fuzzing in all (cmake/fuzz.sh).
cmake/fuzz.sh
