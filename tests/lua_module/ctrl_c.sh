#!/bin/bash
# CTest lua_module.ctrl_c: Ctrl-C stops a search of dml.so in the stock lua5.4 within a second,
# as it stops one in dml (helper-82: the first SIGINT waited for the whole search or sweep).
# lua5.4's handler sets a hook, which dml.so's searches watch for; uninterrupted, the search
# takes 6 s and the sweep 12 s (optimized build; more with the sanitizers).
#   ctrl_c.sh LUA long_search.lua
set -u
lua=$1
script=$2
err=$(mktemp)
trap 'rm -f "$err"' EXIT
for mode in search sweep co; do
  "$lua" "$script" "$mode" >"$err.out" 2>"$err" &
  pid=$!
  for _ in $(seq 100); do grep -q searching "$err" && break; sleep 0.05; done
  sleep 0.3
  sent=$(date +%s%N)
  kill -INT "$pid"
  wait "$pid"
  rc=$?
  ms=$((($(date +%s%N) - sent) / 1000000))
  out=$(cat "$err.out" "$err")
  rm -f "$err.out"
  if [ "$ms" -gt 1500 ]; then
    echo "$mode: lua5.4 ended $ms ms after SIGINT (expected within 1.5 s; rc $rc):"
    echo "$out"
    exit 1
  fi
  case "$out" in
  *interrupted*) echo "$mode: stopped $ms ms after SIGINT (rc $rc)" ;;
  *)
    echo "$mode: no 'interrupted' in the output:"
    echo "$out"
    exit 1
    ;;
  esac
done
