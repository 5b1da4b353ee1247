#!/usr/bin/env bash
# A real C++ project of ~85k lines for bench/search-symbols.bench.mjs: GoogleTest and GoogleMock
# (sources, headers and their own tests) from Debian's `googletest` package. Uses the installed
# copy in /usr/src/googletest when there is one; otherwise downloads the .deb with apt-get and
# unpacks it with dpkg-deb into the cache, which changes nothing on the machine (no install, no
# apt configuration). Then CMake writes compile_commands.json for every target, tests included.
# Prints the project's directory. Usage: scripts/fetch-googletest.sh [DEST] (default .cache/googletest).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
dest=${1:-$here/.cache/googletest}
if [ ! -f "$dest/src/CMakeLists.txt" ]; then
  mkdir -p "$dest"
  if [ -f /usr/src/googletest/CMakeLists.txt ]; then
    rm -rf "$dest/src"
    cp -r /usr/src/googletest "$dest/src"
  else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    (cd "$work" && apt-get download googletest >&2) || {
      echo "fetch-googletest: cannot download Debian's googletest package (no network?); install it with: apt-get install googletest" >&2
      exit 3
    }
    dpkg-deb -x "$work"/googletest_*.deb "$work/x"
    rm -rf "$dest/src"
    cp -r "$work/x/usr/src/googletest" "$dest/src"
  fi
fi
# A database written for another location (the folder was moved or copied) is written anew.
if [ -f "$dest/src/build/compile_commands.json" ] && ! grep -qF "\"$dest/src" "$dest/src/build/compile_commands.json"; then
  rm -rf "$dest/src/build"
fi
if [ ! -f "$dest/src/build/compile_commands.json" ]; then
  cmake -S "$dest/src" -B "$dest/src/build" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DBUILD_GMOCK=ON \
    -Dgtest_build_tests=ON -Dgmock_build_tests=ON -Dgtest_build_samples=ON >/dev/null
fi
echo "$dest/src"
