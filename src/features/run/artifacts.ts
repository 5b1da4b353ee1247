import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The files a build produced: under the adapter's output directories, files modified since the
 * build started that are programs, libraries or compiled output (objects and CMake's own
 * bookkeeping are left out). Capped, biggest directories first read breadth-first.
 */
const SKIP = new Set(['CMakeFiles', 'Testing', '.fingerprint', 'incremental', 'deps', 'build', '.git', 'node_modules']);
const OUTPUT_EXT = /\.(a|so|dylib|dll|exe|js|mjs|cjs|d\.ts|map|rlib|whl|pyc|wasm|jar|class)$/;

export function findArtifacts(dirs: readonly string[], since: number, projectDir: string, max = 50): { artifacts: Array<{ path: string; bytes: number }>; more: number } {
  const found: Array<{ path: string; bytes: number }> = [];
  let more = 0;
  for (const dir of dirs) {
    const queue: Array<{ d: string; depth: number }> = [{ d: dir, depth: 0 }];
    while (queue.length) {
      const { d, depth } = queue.shift()!;
      let entries: import('node:fs').Dirent[];
      try {
        entries = readdirSync(d, { withFileTypes: true });
      } catch {
        continue;
      }
      for (const e of entries) {
        const full = path.join(d, e.name);
        if (e.isDirectory()) {
          if (!SKIP.has(e.name) && depth < 4) queue.push({ d: full, depth: depth + 1 });
          continue;
        }
        if (!e.isFile()) continue;
        const st = statSync(full);
        if (st.mtimeMs < since) continue;
        const executable = (st.mode & 0o111) !== 0;
        if (!executable && !OUTPUT_EXT.test(e.name)) continue;
        if (found.length >= max) {
          more++;
          continue;
        }
        found.push({ path: path.relative(projectDir, full), bytes: st.size });
      }
    }
  }
  return { artifacts: found.sort((a, b) => a.path.localeCompare(b.path)), more };
}
