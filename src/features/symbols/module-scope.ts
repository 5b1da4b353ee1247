import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The module a source file defines, as scope segments, the way the language's imports name it:
 * Python's package chain (each parent directory holding an `__init__.py`) and the module
 * (`shop/models.py` → `shop.models`, `shop/__init__.py` → `shop`); a TypeScript/JavaScript file
 * by its name (`util/strings.ts` → `strings`, `util/index.ts` → `util`), as a namespace import
 * would call it. Other languages qualify by declared scopes only: none.
 */
export function moduleScope(file: string): string[] {
  const ext = path.extname(file);
  const stem = path.basename(file, ext);
  if (ext === '.py' || ext === '.pyi') {
    const segs = stem === '__init__' ? [] : [stem];
    let dir = path.dirname(file);
    while (existsSync(path.join(dir, '__init__.py')) || existsSync(path.join(dir, '__init__.pyi'))) {
      segs.unshift(path.basename(dir));
      const up = path.dirname(dir);
      if (up === dir) break;
      dir = up;
    }
    return segs;
  }
  if (/^\.[cm]?[jt]sx?$/.test(ext)) {
    const name = stem.replace(/\.d$/, '');
    return [name === 'index' ? path.basename(path.dirname(file)) : name];
  }
  return [];
}
