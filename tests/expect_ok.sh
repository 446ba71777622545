#!/bin/sh
# Runs a test's command and says so on standard error when it exits non-zero. A test that checks
# its output with PASS_REGULAR_EXPRESSION has CTest ignore the exit status; its
# FAIL_REGULAR_EXPRESSION (DML_FAIL_REGEX in tests/CMakeLists.txt) matches this line, so a
# sanitizer's report at exit or a failure after the expected output still fails the test.
"$@"
rc=$?
if [ "$rc" -ne 0 ]; then
  echo "dml-test: exit status $rc" >&2
fi
exit "$rc"
