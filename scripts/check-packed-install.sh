#!/usr/bin/env bash
# Check docent installed the way users install it: `npm pack` this checkout, `npm install -g`
# the tarball into an empty temporary prefix (allowing better-sqlite3's install script the way
# npm documents for global installs: --allow-scripts; it compiles from source when no prebuilt
# binary can be downloaded, which takes minutes on a small machine), then run the installed `docent doctor
# --json` (TypeScript and pyright must be found: they ship as dependencies) and, through an
# MCP client, one call of each tool group on a small TypeScript + Python project
# (scripts/lib/packed-install-calls.mjs). Exits 0 when all of it passes; the temporary
# directory is removed unless KEEP=1 (or on failure).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/docent-packed.XXXXXX")
say() { echo "check-packed-install: $*" >&2; }
finish() {
  local rc=$?
  [ -n "${emacs_socket:-}" ] && emacsclient -s "$emacs_socket" --eval '(kill-emacs)' >/dev/null 2>&1 || true
  if [ $rc -eq 0 ] && [ "${KEEP:-0}" != 1 ]; then rm -rf "$work"; else say "left $work for inspection"; fi
  exit $rc
}
trap finish EXIT
# better-sqlite3 falls back to compiling from source when no prebuilt binary can be fetched;
# on Debian that needs Node's headers from /usr (as this repository's .npmrc says).
if [ -z "${npm_config_nodedir:-}" ] && [ -e /usr/include/node/node.h ]; then export npm_config_nodedir=/usr; fi

say "npm pack"
tarball=$(cd "$repo" && npm pack --silent --pack-destination "$work" 2>/dev/null | tail -n 1)
[ -s "$work/$tarball" ] || { say "npm pack produced no tarball"; exit 1; }

say "npm install -g $tarball into an empty prefix"
prefix="$work/prefix"
mkdir -p "$prefix"
# npm matches a registry package by name, a tarball by its file: spec (docent's own `prepare`,
# which builds a development checkout, counts as an install script for a tarball source).
npm install -g --prefix "$prefix" --no-audit --no-fund --allow-scripts="better-sqlite3,file:$work/$tarball" "$work/$tarball" >"$work/install.log" 2>&1 ||
  { tail -n 40 "$work/install.log" >&2; say "npm install -g failed"; exit 1; }
if grep -q 'not yet covered by allowScripts' "$work/install.log"; then
  grep 'allow-scripts\|install-scripts' "$work/install.log" >&2
  say "npm reports install scripts not covered by --allow-scripts"
  exit 1
fi
docent="$prefix/bin/docent"
[ -x "$docent" ] || { say "no $docent after install"; exit 1; }
"$docent" --version

say "docent doctor --json"
"$docent" doctor --json >"$work/doctor.json" || true
node -e '
  const d = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const prefix = process.argv[2];
  for (const name of ["typescript", "pyright"]) {
    const p = d.programs.find((x) => x.name === name);
    if (!p?.found) { console.error(`doctor: ${name} not found: ${JSON.stringify(p)}`); process.exit(1); }
    if (!p.path.startsWith(prefix)) { console.error(`doctor: ${name} found outside the installed package: ${p.path}`); process.exit(1); }
    console.error(`check-packed-install: doctor finds ${name}: ${p.version} (${p.path})`);
  }
' "$work/doctor.json" "$prefix"

# A running Emacs for the emacs tools, on its own socket, when Emacs is installed.
if command -v emacs >/dev/null 2>&1; then
  emacs_socket="docent-packed-$$"
  emacs -Q --daemon="$emacs_socket" >/dev/null 2>&1 || emacs_socket=
fi

say "one call of each tool group over MCP"
node "$repo/scripts/lib/packed-install-calls.mjs" "$docent" "$work/project" "${emacs_socket:-}"

# The installed command is the sh launcher: with a daemon running (on a private socket here)
# and curl, a command is answered by the daemon, printing what a standalone run prints.
if command -v curl >/dev/null 2>&1; then
  say "docent search through the daemon, by the launcher"
  mkdir -m 700 "$work/run"
  (
    export XDG_RUNTIME_DIR="$work/run" DOCENT_DAEMON_AUTOSTART=0 DOCENT_INDEX_DIR="$work/index"
    cd "$work/project"
    "$docent" daemon start >/dev/null
    trap '"$docent" daemon stop >/dev/null' EXIT
    fast=$("$docent" search greet --json)
    alone=$("$docent" search greet --json --no-daemon)
    [ "$fast" = "$alone" ] || { say "the launcher's answer differs from a standalone run"; exit 1; }
    grep -q 'daemon:fast\] info: docs_search answered' "$work/run/docent/daemon.log" || { say "the daemon did not answer the launcher"; exit 1; }
  )
fi
say "passed: the packed install has TypeScript and Python support and answers every tool group"
