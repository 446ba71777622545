#!/bin/sh
# The tests of interpreters in threads (tests/unit/host*.test.cpp: cancelling a running script
# from another thread, four interpreters at once) and of one prepared transformer run costed by
# four threads (tests/unit/evaluator_threads.test.cpp) under ThreadSanitizer, built with clang++.
# build-tsan/ builds the two libraries and that one test program only. cmake/test-all.sh runs it.
# Any data race fails it (TSAN_OPTIONS=halt_on_error=1). Debug information is line tables only,
# as in cmake/configure-asan.sh: a report names each frame's file and line.
set -eu
cd "$(dirname "$0")/.."
jobs=${DML_JOBS:-$(nproc 2>/dev/null || echo 2)}
. cmake/clang-build.sh
use_clang build-tsan
cmake -S . -B build-tsan -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-gline-tables-only -DDML_SANITIZE_THREAD=ON \
  -DDML_LUA_MODULE=OFF -DDML_BUILD_BENCH=OFF -DDML_WERROR=ON >/dev/null
cmake --build build-tsan -j "$jobs" --target dml_thread_tests
ctest --test-dir build-tsan --output-on-failure
