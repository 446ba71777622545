#!/bin/sh
# The tests of interpreters in threads (tests/unit/host*.test.cpp: cancelling a running script
# from another thread, four interpreters at once) under ThreadSanitizer. build-tsan/ builds the
# two libraries and that one test program only: about a minute and a half on two cores.
# cmake/test-all.sh runs it. Any data race fails it (TSAN_OPTIONS=halt_on_error=1).
set -eu
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)

cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Debug -DDML_SANITIZE_THREAD=ON -DDML_BUILD_BENCH=OFF -DDML_WERROR=ON >/dev/null
cmake --build build-tsan -j "$jobs" --target dml_thread_tests
ctest --test-dir build-tsan --output-on-failure
