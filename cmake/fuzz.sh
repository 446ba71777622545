#!/bin/sh
# Builds the libFuzzer targets with clang++ in build-fuzz/ and fuzzes each for a bounded time
# (DML_FUZZ_SECONDS each, default 20: about a minute for the three), starting from its corpus in
# tests/fuzz/<target>/. New inputs go to a scratch corpus in build-fuzz/, never into the tree.
# A finding stops it with a non-zero status and the input saved as build-fuzz/findings/<target>-*:
# fix it, then keep the input as tests/fuzz/<target>/regression-<what> (every build replays the
# corpus: ctest -R fuzz).
set -eu
cd "$(dirname "$0")/.."
seconds=${DML_FUZZ_SECONDS:-20}
jobs=${DML_JOBS:-2}
cxx=$(command -v clang++ || command -v clang++-14 || true)
if [ -z "$cxx" ]; then
  echo "dml fuzz: clang++ is missing: run cmake/setup-debian.sh (Debian packages clang, libclang-rt-14-dev)" >&2
  exit 1
fi

cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DDML_FUZZ=ON -DDML_BUILD_TESTS=OFF -DDML_BUILD_BENCH=OFF >/dev/null
cmake --build build-fuzz -j "$jobs" --target fuzz_quantity fuzz_declaration fuzz_scenario

mkdir -p build-fuzz/findings
for target in quantity declaration scenario; do
  work="build-fuzz/corpus/$target"
  mkdir -p "$work"
  echo "dml fuzz: $target for ${seconds}s"
  # -timeout: an input that runs 10 s is a finding (a hang); -rss_limit_mb: so is 2 GB of memory.
  if ! ASAN_OPTIONS=detect_leaks=1 "build-fuzz/tests/fuzz/fuzz_$target" -max_total_time="$seconds" \
      -timeout=10 -rss_limit_mb=2048 -max_len=4096 -print_final_stats=1 \
      -artifact_prefix="build-fuzz/findings/$target-" "$work" "tests/fuzz/$target" \
      >"build-fuzz/fuzz-$target.log" 2>&1; then
    tail -n 60 "build-fuzz/fuzz-$target.log" >&2
    echo "dml fuzz: $target found a failing input: build-fuzz/findings/$target-*" >&2
    exit 1
  fi
  grep -E "stat::number_of_executed_units|cov: " "build-fuzz/fuzz-$target.log" | tail -n 2
done
echo "dml fuzz: no findings"
