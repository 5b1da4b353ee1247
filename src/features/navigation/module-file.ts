import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Workspace } from '../../core/workspace/workspace.js';

/**
 * The file that defines a module named the way the language's imports (and the docs index)
 * name it: Python's `textkit.pad` (`textkit/pad.py`, or a package's `__init__.py`), a
 * TypeScript/JavaScript path (`src/util/format`, `strings/pad`), under a root or its `src/`.
 * A module-qualified name whose symbol lives elsewhere (`textkit.pad_left`, re-exported by the
 * package's `__init__.py`) is resolved as the name seen from that file, through its import.
 */

const PY = ['.py', '.pyi', '/__init__.py', '/__init__.pyi'];
const JS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '/index.ts', '/index.tsx', '/index.js'];

export function moduleFile(ws: Workspace, segments: readonly string[]): string | undefined {
  if (!segments.length || segments.some((s) => !s || s === '..' || s === '.')) return undefined;
  const pyPath = segments.every((s) => /^[A-Za-z_]\w*$/.test(s)) ? segments.join('/') : undefined;
  const jsPath = segments.join('/');
  for (const root of ws.roots) {
    for (const base of [root, path.join(root, 'src')]) {
      const tries = [...(pyPath ? PY.map((e) => pyPath + e) : []), ...JS.map((e) => jsPath + e)];
      for (const t of tries) {
        const f = path.join(base, t);
        if (!ws.contains(f)) continue;
        try {
          if (existsSync(f) && statSync(f).isFile()) return f;
        } catch {
          // unreadable: not this one
        }
      }
    }
  }
  return undefined;
}
