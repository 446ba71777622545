#!/bin/sh
# Builds dml and runs every test: the optimized build (g++, build/), then every test again under
# AddressSanitizer and UndefinedBehaviorSanitizer (clang++, build-asan/, cmake/configure-asan.sh),
# then about a minute of libFuzzer fuzzing with that build's targets (cmake/fuzz.sh), then the
# tests of interpreters in threads under ThreadSanitizer (cmake/test-threads.sh, build-tsan/).
# Compiler warnings are errors in all of them (DML_WERROR).
set -eu
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DDML_WERROR=ON >/dev/null
cmake --build build -j "$jobs"
ctest --test-dir build --output-on-failure -j "$jobs"

cmake/configure-asan.sh
cmake --build build-asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs"

# libFuzzer: the three targets side by side for 20 s each (cmake/fuzz.sh).
cmake/fuzz.sh

# Interpreters in threads, cancelled from other threads, under ThreadSanitizer.
cmake/test-threads.sh
