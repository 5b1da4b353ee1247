#!/usr/bin/env bash
# Fetch the GNU Emacs Info manuals (elisp, emacs, cl, org, ...) into DIR and write DIR/dir.
#
# Debian ships them in the non-free package emacs-common-non-dfsg (the GFDL manuals are not
# DFSG-free), which most machines do not have enabled. This script downloads that one package
# through a private apt state directory under a temporary folder, reusing the mirror apt
# already uses (or $DOCENT_DEBIAN_MIRROR), so the machine's apt configuration is never changed
# and nothing is installed. The .deb is unpacked with dpkg -x.
#
# Usage: scripts/fetch-emacs-manuals.sh [DIR]   (default: .cache/emacs-manuals in the repository)
# Prints DIR on success. Idempotent: an already populated DIR is printed at once. Safe to run
# concurrently (a lock on DIR). On failure, exits 1 with one line on stderr saying why.
# Environment: DOCENT_DEBIAN_MIRROR (e.g. http://deb.debian.org/debian), DOCENT_DEBIAN_SUITE
# (e.g. trixie), DOCENT_EMACS_MANUALS_DIR (default DIR).
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
dest=${1:-${DOCENT_EMACS_MANUALS_DIR:-$repo/.cache/emacs-manuals}}
fail() { echo "fetch-emacs-manuals: $*" >&2; exit 1; }

mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
have() { [ -s "$dest/elisp.info.gz" ] && [ -s "$dest/dir" ]; }
if have; then echo "$dest"; exit 0; fi

# One fetch at a time per DIR: concurrent test workers wait for the first one's result.
exec 9>"$dest/.lock"
flock 9
if have; then echo "$dest"; exit 0; fi

for tool in apt-get dpkg; do
  command -v "$tool" >/dev/null 2>&1 || fail "needs $tool (a Debian-based system) to download emacs-common-non-dfsg"
done

# The mirror and suite: the first non-security archive apt is configured with (deb822
# .sources files or the one-line sources.list format), and the release's codename.
mirror=${DOCENT_DEBIAN_MIRROR:-}
if [ -z "$mirror" ]; then
  mirror=$( { cat /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null || true; } |
    awk '/^URIs:/ && !/security/ {print $2; exit} /^deb / && !/security/ {for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) {print $i; exit}}')
fi
mirror=${mirror:-http://deb.debian.org/debian}
suite=${DOCENT_DEBIAN_SUITE:-$( (. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}") || true)}
[ -n "$suite" ] || fail "cannot tell the Debian release (no VERSION_CODENAME in /etc/os-release); set DOCENT_DEBIAN_SUITE"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -r "$keyring" ] || fail "needs $keyring (Debian package debian-archive-keyring) to verify the download"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/sources"
cat >"$work/sources/non-free.sources" <<EOF
Types: deb
URIs: $mirror
Suites: $suite
Components: non-free
Signed-By: $keyring
EOF
# Private lists, cache and sources: apt reads and writes only under $work.
apt_opts=(-o "Dir::State::Lists=$work/lists" -o "Dir::Cache=$work/cache"
  -o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$work/sources"
  -o "APT::Get::List-Cleanup=0" -o "Acquire::Retries=1" -o "Acquire::http::Timeout=20")
last_line() { grep -v '^\s*$' "$1" | tail -n 1; }
apt-get "${apt_opts[@]}" update >"$work/update.log" 2>&1 ||
  fail "apt-get update of $mirror $suite non-free failed (no network?): $(last_line "$work/update.log")"
# apt-get update exits 0 even when a source could not be fetched: say so rather than "no candidate".
if grep -qE '^(W|E): (Failed to fetch|Some index files failed)' "$work/update.log"; then
  fail "cannot reach $mirror ($suite non-free; no network?): $(grep -m1 -E '^(W|E): Failed to fetch' "$work/update.log" || last_line "$work/update.log")"
fi
(cd "$work" && apt-get "${apt_opts[@]}" download emacs-common-non-dfsg >"$work/download.log" 2>&1) ||
  fail "could not download emacs-common-non-dfsg from $mirror $suite non-free: $(last_line "$work/download.log")"
dpkg -x "$work"/emacs-common-non-dfsg_*.deb "$work/unpacked"
shopt -s nullglob
manuals=("$work"/unpacked/usr/share/info/emacs*/*.info*)
[ ${#manuals[@]} -gt 0 ] || fail "emacs-common-non-dfsg holds no Info manuals under usr/share/info/emacs*"
cp "${manuals[@]}" "$dest/"
# A dir file lets Info readers (Emacs, info, docent's titles) find the manuals.
if command -v install-info >/dev/null 2>&1; then
  for f in "$dest"/*.info.gz "$dest"/*.info; do
    install-info --info-dir="$dest" "$f" >/dev/null 2>&1 || true
  done
fi
[ -s "$dest/dir" ] || printf '\x1f\nFile: dir,\tNode: Top\n\n* Menu:\n\n* Elisp: (elisp).\tThe Emacs Lisp Reference Manual.\n' >"$dest/dir"
have || fail "the package did not contain elisp.info.gz"
echo "$dest"
