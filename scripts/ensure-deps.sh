#!/usr/bin/env bash
# Install the Debian packages docent's tests drive for real, when they are missing:
# clangd (C/C++ language server), emacs-nox (daemon + emacsclient), info + texinfo (Info
# manuals and makeinfo for fixtures; xz-utils and bzip2 for compressed manuals), universal-ctags and ripgrep (benchmark references),
# cmake and g++ (the C++ fixture's compilation database). Idempotent and quiet when all is there.
set -euo pipefail

need=()
check() { command -v "$1" >/dev/null 2>&1 || need+=("$2"); }
check clangd clangd
check emacs emacs-nox
check emacsclient emacs-nox
check info info
check install-info install-info
check makeinfo texinfo
check ctags universal-ctags
check rg ripgrep
check cmake cmake
check g++ g++
check gzip gzip
check xz xz-utils
check bzip2 bzip2
check python3 python3
# black formats Python for format_document (pyright does not format).
check black black
# The run tools' tests: pytest and coverage.py, GoogleTest with gcovr, Go (cargo comes from rustup).
check gcovr gcovr
check go golang-go
/usr/bin/python3 -c 'import pytest' >/dev/null 2>&1 || need+=(python3-pytest)
/usr/bin/python3 -c 'import coverage' >/dev/null 2>&1 || need+=(python3-coverage)
[ -e /usr/include/gtest/gtest.h ] || need+=(libgtest-dev)
command -v prlimit >/dev/null 2>&1 || need+=(util-linux)
# Debugging and profiling (issue 15): lldb-dap for C/C++, debugpy under Debian's Python, callgrind.
check lldb-dap-19 lldb-19
check valgrind valgrind
[ -e /usr/lib/python3/dist-packages/debugpy/__init__.py ] || need+=(python3-debugpy)
# The docs browser tests drive Debian's chromium through playwright-core.
check chromium chromium
# The docent launcher (bin/docent) asks a running daemon through curl; its tests drive it.
check curl curl
# The coreutils manual is what the Info tests read from the system.
[ -e /usr/share/info/coreutils.info.gz ] || [ -e /usr/share/info/coreutils.info ] || need+=(coreutils)
# scripts/fetch-emacs-manuals.sh verifies the non-free archive it downloads the manuals from.
[ -r /usr/share/keyrings/debian-archive-keyring.gpg ] || need+=(debian-archive-keyring)
# The docs dependency tests make a real virtualenv (python3 -m venv, pip through ensurepip).
python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || need+=(python3-venv)
# Poetry and Pipenv, whose virtualenvs outside the project the docs dependency tests find.
check poetry python3-poetry
check pipenv pipenv
# A crate as Debian packages it (/usr/share/cargo/registry), for the vendored-dependencies test.
compgen -G '/usr/share/cargo/registry/itoa-*/Cargo.toml' >/dev/null || need+=(librust-itoa-dev)

if [ ${#need[@]} -eq 0 ]; then exit 0; fi
mapfile -t need < <(printf '%s\n' "${need[@]}" | sort -u)
echo "ensure-deps: installing missing Debian packages: ${need[*]}" >&2
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
    echo "ensure-deps: not root and no sudo; install these yourself: apt-get install ${need[*]}" >&2
    exit 3
  fi
else SUDO=; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2
# coreutils is essential and installed; its Info manual is excluded by some images' dpkg
# filters, so reinstall it with docs when the manual is missing.
if printf '%s\n' "${need[@]}" | grep -qx coreutils; then
  $SUDO apt-get install -y -qq --reinstall -o Dpkg::Options::=--force-confnew coreutils >&2 || true
  need=("${need[@]/coreutils}")
fi
pkgs=$(printf '%s ' "${need[@]}" | xargs)
[ -z "$pkgs" ] || $SUDO apt-get install -y -qq --no-install-recommends $pkgs >&2
