#!/bin/sh
# Fuzzes each libFuzzer target for a bounded time (DML_FUZZ_SECONDS each, default 20; the three
# run side by side), starting from its corpus in tests/fuzz/<target>/. The targets are built in
# build-asan/ (cmake/configure-asan.sh: clang++, AddressSanitizer and UndefinedBehaviorSanitizer).
# New inputs go to a scratch corpus in build-asan/fuzz/, never into the tree. A finding fails it
# with a non-zero status and the input saved as build-asan/fuzz/findings/<target>-*: fix it, then
# keep the input as tests/fuzz/<target>/regression-<what> (every build replays the corpus:
# ctest -R fuzz).
set -eu
cd "$(dirname "$0")/.."
seconds=${DML_FUZZ_SECONDS:-20}
jobs=${DML_JOBS:-$(nproc 2>/dev/null || echo 2)}
targets="quantity declaration scenario"

cmake/configure-asan.sh
cmake --build build-asan -j "$jobs" --target fuzz_quantity fuzz_declaration fuzz_scenario

out=build-asan/fuzz
mkdir -p "$out/findings"
for target in $targets; do
  mkdir -p "$out/corpus/$target"
  echo "dml fuzz: $target for ${seconds}s"
  # -timeout: an input that runs 10 s is a finding (a hang); -rss_limit_mb: so is 2 GB of memory.
  # -detect_leaks=0: no leak scan after each input (it took 85% of the time in this unoptimized
  # build); LeakSanitizer still checks the whole run at exit, and ctest's fuzz.*.corpus replays
  # the corpus under it.
  (
    status=0
    ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "build-asan/tests/fuzz/fuzz_$target" \
      -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 -detect_leaks=0 \
      -print_final_stats=1 \
      -artifact_prefix="$out/findings/$target-" "$out/corpus/$target" "tests/fuzz/$target" \
      >"$out/$target.log" 2>&1 || status=$?
    echo "$status" >"$out/$target.status"
  ) &
done
wait

failed=""
for target in $targets; do
  if [ "$(cat "$out/$target.status")" != 0 ]; then
    tail -n 60 "$out/$target.log" >&2
    echo "dml fuzz: $target found a failing input: $out/findings/$target-*" >&2
    failed="$failed $target"
  else
    echo "dml fuzz: $target: $(grep -E "stat::number_of_executed_units" "$out/$target.log" | tail -n 1)"
  fi
done
if [ -n "$failed" ]; then
  exit 1
fi
echo "dml fuzz: no findings"
