import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The package an item comes from, for the item page: the nearest package manifest above its
 * file (package.json, pyproject.toml, Cargo.toml, go.mod), inside the root it belongs to.
 */

export interface PackageInfo {
  name: string;
  version: string | null;
  manifest: string;
}

function fromManifest(file: string): PackageInfo | undefined {
  const text = readFileSync(file, 'utf8');
  const base = path.basename(file);
  if (base === 'package.json') {
    const j = JSON.parse(text) as { name?: string; version?: string };
    return j.name ? { name: j.name, version: j.version ?? null, manifest: file } : undefined;
  }
  if (base === 'go.mod') {
    const m = /^module\s+(\S+)/m.exec(text);
    return m ? { name: m[1]!, version: null, manifest: file } : undefined;
  }
  // pyproject.toml ([project]) and Cargo.toml ([package]): the first name and version keys.
  const name = /^name\s*=\s*["']([^"']+)["']/m.exec(text)?.[1];
  const version = /^version\s*=\s*["']([^"']+)["']/m.exec(text)?.[1] ?? null;
  return name ? { name, version, manifest: file } : undefined;
}

/** `relFile` is the item's location as the index reports it (relative to one of `roots`). */
export function packageOf(relFile: string, roots: readonly string[]): PackageInfo | undefined {
  for (const root of roots) {
    const candidates = [path.join(root, relFile), path.join(path.dirname(root), relFile)];
    const abs = candidates.find((c) => existsSync(c) && c.startsWith(root));
    if (!abs) continue;
    for (let dir = path.dirname(abs); dir.startsWith(root); dir = path.dirname(dir)) {
      for (const m of ['package.json', 'pyproject.toml', 'Cargo.toml', 'go.mod']) {
        const file = path.join(dir, m);
        if (!existsSync(file)) continue;
        try {
          const info = fromManifest(file);
          if (info) return info;
        } catch {
          // an unreadable manifest: look further up
        }
      }
      if (dir === root) break;
    }
  }
  return undefined;
}
