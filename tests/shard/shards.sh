#!/bin/sh
# `dml --shard K/N` under GNU parallel, joined by `dml --merge`, equals the unsharded run, for
# every dml.sweep of a script (docs/scaling-out.md). Usage: shards.sh DML WORKDIR
set -eu
dml=$1
work=$2
script="$(cd "$(dirname "$0")" && pwd)/sweep.lua"
if ! command -v parallel >/dev/null 2>&1; then
  echo "GNU parallel is not installed: run cmake/setup-debian.sh (Debian package parallel)" >&2
  exit 1
fi
rm -rf "$work"
mkdir -p "$work"
cd "$work"

"$dml" "$script" whole
# Four shards at once on this machine; the script takes --shard after its name.
parallel --will-cite --halt now,fail=1 "$dml" "$script" --shard {}/4 part{} ::: 1 2 3 4
for sweep in grid runs failed; do
  "$dml" --merge "merged.$sweep.tsv" part1.$sweep.tsv part2.$sweep.tsv part3.$sweep.tsv part4.$sweep.tsv
  cmp "whole.$sweep.tsv" "merged.$sweep.tsv"
done
# CSV with quoted fields (a comma and "" inside) joins the same way.
grep -q '"paper, ""MLP""' whole.grid.csv || { echo "whole.grid.csv has no quoted field" >&2; exit 1; }
"$dml" --merge merged.grid.csv part1.grid.csv part2.grid.csv part3.grid.csv part4.grid.csv
cmp whole.grid.csv merged.grid.csv
# The shards are slices, not copies: 15 points as 4 + 4 + 4 + 3 rows, 3 runs as 1 + 1 + 1 + 0.
for k in 1 2 3 4; do
  rows=$(($(wc -l <part$k.grid.tsv) - 1))
  want=$([ "$k" -le 3 ] && echo 4 || echo 3)
  [ "$rows" -eq "$want" ] || { echo "shard $k/4 of the grid has $rows rows, not $want" >&2; exit 1; }
done
[ "$(wc -l <part4.runs.tsv)" -eq 1 ] || { echo "shard 4/4 of 3 runs is not its header alone" >&2; exit 1; }
# A sweep with shard = false runs whole in every shard.
for k in 1 2 3 4; do
  cmp whole.input.tsv part$k.input.tsv || { echo "shard $k/4 sliced a sweep with shard = false" >&2; exit 1; }
done
# A sweep too large for one process, with shard = false under --shard, is not told to shard.
"$dml" --shard 1/2 -e 'local a = {} for i = 1, 1001 do a[i] = i end dml.sweep { grid = { x = a, y = a }, shard = false, run = function() end }' 2>too_large.txt && exit 1
grep -q "shard = false runs it whole in every shard: split it in the script" too_large.txt ||
  { echo "shard = false over the limit: $(cat too_large.txt)" >&2; exit 1; }
# Each shard calls the run function at its own points only, once each (helper-104: every shard
# also made the first point, to learn the runs' kind).
cat part1.calls part2.calls part3.calls part4.calls | sort >calls.sharded
sort whole.calls >calls.whole
cmp calls.whole calls.sharded || { echo "the shards called the run function at other points" >&2; exit 1; }

# The same with seven shards (more than the 3 runs), the option before the script (--shard K/N
# and --shard=K/N) and after it as --shard=K/N.
for k in 1 2 3 4 5 6 7; do
  case $k in
    1 | 2 | 3) "$dml" --shard $k/7 "$script" seven$k ;;
    4 | 5) "$dml" --shard=$k/7 "$script" seven$k ;;
    *) "$dml" "$script" --shard=$k/7 seven$k ;;
  esac
done
for sweep in grid runs; do
  "$dml" --merge "seven.$sweep.tsv" seven1.$sweep.tsv seven2.$sweep.tsv seven3.$sweep.tsv \
    seven4.$sweep.tsv seven5.$sweep.tsv seven6.$sweep.tsv seven7.$sweep.tsv
  cmp "whole.$sweep.tsv" "seven.$sweep.tsv"
done
# A shard whose slice is empty plots nothing, says so, and goes on (helper-115: dml.plot failed it).
"$dml" --shard 4/4 -e 'local c = dml.cluster { gpu = dml.presets.gpus.h100_sxm, levels = {
  { size = 8, bandwidth = "900 GB/s", latency = "1 us" }, { bandwidth = "50 GB/s", latency = "2 us" } } }
local t = dml.sweep { grid = { d_model = { 4096, 8192, 12288 } },
  run = function(p) return { model = dml.mlp_stack { d_model = p.d_model }, cluster = c } end }
dml.plot { table = t, x = "d_model", y = "utilization", path = "empty.svg" }
print("went on")' >empty.out 2>empty.err
grep -q "^went on$" empty.out || { echo "an empty shard stopped at dml.plot: $(cat empty.err)" >&2; exit 1; }
grep -q "^dml.plot: shard 4 of 4 has no rows: empty.svg not drawn (plot the merged table)$" empty.err ||
  { echo "an empty shard's plot: $(cat empty.err)" >&2; exit 1; }
[ ! -e empty.svg ] || { echo "an empty shard wrote empty.svg" >&2; exit 1; }
# It still checks the plot's fields (helper-116: a missing path passed in an empty shard).
"$dml" --shard 4/4 -e 'local t = dml.sweep { grid = { x = { 1, 2, 3 } }, run = function(p)
  return { model = dml.mlp_stack { d_model = 4096 }, cluster = dml.cluster { gpu = dml.presets.gpus.h100_sxm,
    levels = { { size = 8, bandwidth = "900 GB/s", latency = "1 us" }, { bandwidth = "50 GB/s", latency = "2 us" } } } } end }
dml.plot { table = t, x = "x", y = "utilization" }' 2>nopath.err && { echo "an empty shard plotted without a path" >&2; exit 1; }
grep -q "path is required" nopath.err || { echo "an empty shard without a path: $(cat nopath.err)" >&2; exit 1; }
echo "sharded runs equal the whole run"
