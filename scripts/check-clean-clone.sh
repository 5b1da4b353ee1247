#!/usr/bin/env bash
# Check the repository the way a new user meets it: git clone the committed HEAD into an
# empty temporary directory (no sibling folders, no build, no node_modules, no cached
# manuals), then run exactly the two commands of the README's first ```sh block, nothing else:
#   1. `npm install && npx docent serve --root .`: the server is given an MCP initialize and a
#      tools/list on stdin, then stdin closes (which stops it); it must answer both.
#   2. `npm test`.
# Exits 0 when both pass. The clone is removed afterwards unless KEEP=1 (or on failure).
#
# CHECK_CLONE_TEST_FILTER="test/x" runs `npm test -- test/x` instead (a quick check of the
# script itself; the real check runs the whole suite and takes a long time).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
sha=$(git -C "$repo" rev-parse HEAD)
work=$(mktemp -d "${TMPDIR:-/tmp}/docent-clean-clone.XXXXXX")
clone="$work/docent"
say() { echo "check-clean-clone: $*" >&2; }
finish() {
  local rc=$?
  if [ $rc -eq 0 ] && [ "${KEEP:-0}" != 1 ]; then rm -rf "$work"; else say "left $work for inspection"; fi
  exit $rc
}
trap finish EXIT

say "cloning $sha into $clone"
git clone --quiet --no-checkout "$repo" "$clone"
git -C "$clone" checkout --quiet --detach "$sha"
git -C "$clone" status --porcelain | grep -q . && { say "the clone is not clean"; exit 1; }

# The README's first sh block: its command lines (comments and blank lines skipped).
mapfile -t commands < <(awk '/^```sh$/ {inblock = 1; next} inblock && /^```/ {exit} inblock && !/^[[:space:]]*(#|$)/ {print}' "$clone/README.md")
[ ${#commands[@]} -eq 2 ] || { say "expected two commands in the README's first sh block, found ${#commands[@]}: ${commands[*]}"; exit 1; }
case "${commands[0]}" in *"docent serve"*) ;; *) say "the first README command does not start the server: ${commands[0]}"; exit 1 ;; esac
[ "${commands[1]}" = "npm test" ] || { say "the second README command is not npm test: ${commands[1]}"; exit 1; }

# docent's index cache goes into the temporary directory, so the check leaves nothing behind.
export XDG_CACHE_HOME="$work/cache"

say "1/2: ${commands[0]}"
init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"check-clean-clone","version":"0"}}}'
inited='{"jsonrpc":"2.0","method":"notifications/initialized"}'
list='{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
# stdin stays open until tools/list is answered (its end stops the server), at most 30 min.
(printf '%s\n%s\n%s\n' "$init" "$inited" "$list"
  for _ in $(seq 3600); do grep -q '"id":2' "$work/serve.out" 2>/dev/null && break; sleep 0.5; done) |
  (cd "$clone" && bash -c "${commands[0]}") >"$work/serve.out" 2>"$work/serve.err" ||
  { say "the first command failed:"; tail -n 30 "$work/serve.err" >&2; exit 1; }
node -e '
  const lines = require("fs").readFileSync(process.argv[1], "utf8").split("\n").filter((l) => l.startsWith("{"));
  const msgs = lines.map((l) => JSON.parse(l));
  const init = msgs.find((m) => m.id === 1), list = msgs.find((m) => m.id === 2);
  if (!init?.result?.serverInfo || !(list?.result?.tools?.length > 0)) { console.error("no initialize/tools/list answer on stdout:\n" + lines.join("\n")); process.exit(1); }
  console.error(`check-clean-clone: docent ${init.result.serverInfo.version} answered tools/list with ${list.result.tools.length} tools`);
' "$work/serve.out"

say "2/2: ${commands[1]}${CHECK_CLONE_TEST_FILTER:+ -- $CHECK_CLONE_TEST_FILTER}"
if [ -n "${CHECK_CLONE_TEST_FILTER:-}" ]; then
  # shellcheck disable=SC2086 # the filter may name several paths
  (cd "$clone" && npm test -- $CHECK_CLONE_TEST_FILTER)
else
  (cd "$clone" && bash -c "${commands[1]}")
fi
say "passed: a clean clone installs, serves and tests with the README's two commands"
