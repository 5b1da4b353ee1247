#!/usr/bin/env node
// Runs every bench/*.bench.mjs in turn (or those whose names contain an argument), each in its
// own Node process so one benchmark's memory and caches cannot skew the next. Benchmarks print
// their own figures: medians, p95 and a ratio against a reference measured in the same run.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error(`no benchmarks match ${filters.join(', ')}`);
  process.exit(2);
}
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const r = spawnSync(process.execPath, [path.join(dir, f)], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.log(`!!! ${f} exited with ${r.status}`);
  }
}
process.exit(failed ? 1 : 0);
