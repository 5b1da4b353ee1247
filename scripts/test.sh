#!/usr/bin/env bash
# The whole test suite, runnable on a fresh Debian machine with Node: installs the Debian
# packages the integration tests drive (scripts/ensure-deps.sh), the npm dependencies if they
# are missing, builds docent (tests run the built CLI as a real process), then runs vitest.
set -euo pipefail
cd "$(dirname "$0")/.."
# better-sqlite3 compiles from source against Node's own headers.
export npm_config_nodedir="${npm_config_nodedir:-/usr}"
bash scripts/ensure-deps.sh
if [ ! -e node_modules/better-sqlite3/build/Release/better_sqlite3.node ] || [ ! -e node_modules/onnxruntime-node/package.json ]; then
  npm install --no-audit --no-fund
fi
npm run --silent build
exec npx vitest run "$@"
