#!/bin/sh
# Installs the Debian 12 packages dml needs to build and test. As root it runs
# apt-get; otherwise it prints the exact command to run and exits non-zero if
# anything is missing. Safe to run again: it installs only what is missing.
set -eu

PACKAGES="g++ cmake make ninja-build pkg-config clang-format clang libclang-rt-14-dev parallel liblua5.4-dev libboost-dev catch2 \
libfmt-dev libedit-dev nlohmann-json3-dev libbenchmark-dev libplplot-dev plplot-driver-cairo groff-base lua5.4"

missing=""
for p in $PACKAGES; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing="$missing $p"
  fi
done

if [ -z "$missing" ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  echo "dml setup: installing$missing" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # shellcheck disable=SC2086
  apt-get install -y -qq --no-install-recommends $missing >/dev/null
else
  echo "dml setup: these packages are missing:$missing" >&2
  echo "run as root:  apt-get install -y --no-install-recommends$missing" >&2
  exit 1
fi
