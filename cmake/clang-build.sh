# Sourced by cmake/configure-asan.sh and cmake/test-threads.sh. use_clang DIR sets cxx to clang++
# and starts the build folder DIR afresh when another compiler configured it (g++ before): CMake
# cannot switch compilers in place.
use_clang() {
  cxx=$(command -v clang++ || command -v clang++-14 || true)
  if [ -z "$cxx" ]; then
    echo "dml: clang++ is missing: run cmake/setup-debian.sh (Debian packages clang, libclang-rt-14-dev)" >&2
    exit 1
  fi
  if [ -f "$1/CMakeCache.txt" ] && ! grep -q "^CMAKE_CXX_COMPILER:[A-Z]*=$cxx\$" "$1/CMakeCache.txt"; then
    rm -rf "$1/CMakeCache.txt" "$1/CMakeFiles"
  fi
}
