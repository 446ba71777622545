#!/bin/sh
# Configures build-asan/: clang++ with AddressSanitizer and UndefinedBehaviorSanitizer, and the
# libFuzzer targets in the same build (coverage in the code they reach), so that one build serves
# the sanitized tests (cmake/test-all.sh) and the fuzzing (cmake/fuzz.sh). clang++ compiles this
# build in half the time g++ takes with the same sanitizers; the optimized build stays g++.
set -eu
cd "$(dirname "$0")/.."
cxx=$(command -v clang++ || command -v clang++-14 || true)
if [ -z "$cxx" ]; then
  echo "dml: clang++ is missing: run cmake/setup-debian.sh (Debian packages clang, libclang-rt-14-dev)" >&2
  exit 1
fi
# A build folder configured with another compiler (g++ before) starts afresh: CMake cannot switch.
if [ -f build-asan/CMakeCache.txt ] && ! grep -q "^CMAKE_CXX_COMPILER:[A-Z]*=$cxx\$" build-asan/CMakeCache.txt; then
  rm -rf build-asan/CMakeCache.txt build-asan/CMakeFiles
fi
cmake -S . -B build-asan -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Debug -DDML_SANITIZE=ON -DDML_FUZZ=ON \
  -DDML_BUILD_BENCH=OFF -DDML_WERROR=ON >/dev/null
