#!/bin/sh
# A sweep's progress line on a terminal (util-linux's `script` gives it one) shows its label's
# control characters escaped: a raw escape sequence would reach the terminal and a newline break
# the line's redraw (helper-348). Usage: progress_label.sh DML SCRIPT
out=$(script -qec "\"$1\" \"$2\"" /dev/null) || { echo "dml failed: $out"; exit 1; }
esc=$(printf '\033]0;')
case "$out" in
  *"$esc"*) echo "the label's escape sequence reached the terminal"; exit 1 ;;
esac
case "$out" in
  *'evil\x1b]0;title\x07\nX: '*) echo "escaped label shown" ;;
  *) echo "no escaped label in the progress line:"; printf '%s\n' "$out" | cat -v; exit 1 ;;
esac
