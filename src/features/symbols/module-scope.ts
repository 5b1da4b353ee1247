import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The module a source file defines, as scope segments, the way the language's imports name it:
 * Python's package chain (each parent directory holding an `__init__.py`) and the module
 * (`shop/models.py` → `shop.models`, `shop/__init__.py` → `shop`), or, for namespace packages
 * (PEP 420, no `__init__.py`), its path from the project root or its `src/` folder; a
 * TypeScript/JavaScript file by its name (`util/strings.ts` → `strings`, `util/index.ts` →
 * `util`), as a namespace import would call it, or by its path from the project root as the
 * docs index's ids do (`src/util/strings`, one segment). Other languages qualify by declared scopes
 * only: none. The longest candidate comes first; a query's scope matches any of them.
 */
export function moduleScopes(file: string, root?: string): string[][] {
  const ext = path.extname(file);
  const stem = path.basename(file, ext);
  if (ext === '.py' || ext === '.pyi') {
    const own = stem === '__init__' ? [] : [stem];
    const segs = [...own];
    let dir = path.dirname(file);
    while (existsSync(path.join(dir, '__init__.py')) || existsSync(path.join(dir, '__init__.pyi'))) {
      segs.unshift(path.basename(dir));
      const up = path.dirname(dir);
      if (up === dir) break;
      dir = up;
    }
    const out = [segs];
    for (const base of root ? [path.join(root, 'src'), root] : []) {
      const rel = path.relative(base, path.dirname(file));
      if (rel.startsWith('..') || path.isAbsolute(rel)) continue;
      const fromBase = [...rel.split(path.sep).filter(Boolean), ...own];
      if (fromBase.length > segs.length && fromBase.every((s) => /^[A-Za-z_]\w*$/.test(s))) out.unshift(fromBase);
    }
    return out.filter((x) => x.length);
  }
  if (/^\.[cm]?[jt]sx?$/.test(ext)) {
    const name = stem.replace(/\.d$/, '');
    const out = [[name === 'index' ? path.basename(path.dirname(file)) : name]];
    // The docs index names a module by its path from the root (`src/util/format`): one segment.
    const rel = root ? path.relative(root, file).split(path.sep).join('/').replace(/\.[cm]?[jt]sx?$/, '').replace(/\.d$/, '') : '';
    if (rel && !rel.startsWith('..') && rel.includes('/')) out.push([rel], ...(rel.endsWith('/index') ? [[rel.slice(0, -'/index'.length)]] : []));
    return out;
  }
  return [];
}
