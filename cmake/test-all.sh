#!/bin/sh
# Builds dml and runs every test: the optimized build (g++, build/), then the tests again under
# AddressSanitizer and UndefinedBehaviorSanitizer (clang++, build-asan/, cmake/configure-asan.sh),
# then about a minute of libFuzzer fuzzing with that build's targets (cmake/fuzz.sh), then the
# tests of interpreters in threads under ThreadSanitizer (cmake/test-threads.sh, build-tsan/).
# Compiler warnings are errors in all of them (DML_WERROR).
set -eu
cd "$(dirname "$0")/.."
# DML_UPDATE_GOLDEN=1 makes the golden tests rewrite their files and pass (tests/cli/run_golden.cmake):
# a developer's tool, never a test run's.
unset DML_UPDATE_GOLDEN
# A build folder made here is built by Ninja when there is one (cmake/setup-debian.sh installs
# it): it starts compiling a target before the libraries it links are built, where Make waits, and
# each of the three builds took 7-10 s less with it on 2 cores. A folder configured already (the
# README's first command makes build/ with Make) keeps its generator: CMake ignores
# CMAKE_GENERATOR there. A CMAKE_GENERATOR of the caller's own is kept.
if [ -z "${CMAKE_GENERATOR:-}" ] && command -v ninja >/dev/null 2>&1; then
  export CMAKE_GENERATOR=Ninja
fi
# One compile job more than the cores: a core is not left idle while the other links.
jobs=$(( $(nproc 2>/dev/null || echo 2) + 1 ))
started=$(date +%s)
took() { echo "dml test-all: $1 done, $(( $(date +%s) - started )) s in all"; }

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DDML_WERROR=ON >/dev/null
cmake --build build -j "$jobs"
ctest --test-dir build --output-on-failure -j "$(nproc 2>/dev/null || echo 2)"
took "optimized build and tests"

cmake/configure-asan.sh
cmake --build build-asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j "$(nproc 2>/dev/null || echo 2)"
took "AddressSanitizer and UndefinedBehaviorSanitizer build and tests"

# libFuzzer: the three targets side by side for 20 s each (cmake/fuzz.sh).
DML_JOBS=$jobs cmake/fuzz.sh
took "fuzzing"

# Interpreters in threads, cancelled from other threads, under ThreadSanitizer.
DML_JOBS=$jobs cmake/test-threads.sh
took "ThreadSanitizer build and tests"
