#!/bin/sh
# The tests of interpreters in threads (tests/unit/host*.test.cpp: cancelling a running script
# from another thread, four interpreters at once) under ThreadSanitizer, built with clang++.
# build-tsan/ builds the two libraries and that one test program only. cmake/test-all.sh runs it.
# Any data race fails it (TSAN_OPTIONS=halt_on_error=1).
set -eu
cd "$(dirname "$0")/.."
jobs=${DML_JOBS:-$(nproc 2>/dev/null || echo 2)}
cxx=$(command -v clang++ || command -v clang++-14 || true)
if [ -z "$cxx" ]; then
  echo "dml: clang++ is missing: run cmake/setup-debian.sh (Debian packages clang, libclang-rt-14-dev)" >&2
  exit 1
fi

# A build folder configured with another compiler (g++ before) starts afresh: CMake cannot switch.
if [ -f build-tsan/CMakeCache.txt ] && ! grep -q "^CMAKE_CXX_COMPILER:[A-Z]*=$cxx\$" build-tsan/CMakeCache.txt; then
  rm -rf build-tsan/CMakeCache.txt build-tsan/CMakeFiles
fi
cmake -S . -B build-tsan -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Debug -DDML_SANITIZE_THREAD=ON \
  -DDML_LUA_MODULE=OFF -DDML_BUILD_BENCH=OFF -DDML_WERROR=ON >/dev/null
cmake --build build-tsan -j "$jobs" --target dml_thread_tests
ctest --test-dir build-tsan --output-on-failure
