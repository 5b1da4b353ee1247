import type { Statement } from 'better-sqlite3';

/**
 * Whether an item lives under a deprecated package. Extraction marks every item of a module that
 * deprecates itself (extract/module-deprecation.ts), but it sees one file at a time: `distutils`
 * warns in its `__init__.py`, and `distutils.dir_util.mkpath` is in another file. So the search
 * asks here, for each enclosing module of a candidate, whether its module item is deprecated:
 * one indexed lookup per module name, remembered until the index is written.
 */
export class DeprecatedModules {
  private readonly known = new Map<string, boolean>();

  constructor(private readonly prep: (sql: string) => Statement) {}

  /** True when `module` or a package above it (by `.`, `::` or `/`) is a deprecated module item. */
  covers(module: string): boolean {
    const cached = this.known.get(module);
    if (cached !== undefined) return cached;
    const cut = Math.max(module.lastIndexOf('.'), module.lastIndexOf('/'), module.lastIndexOf('::'));
    const own = this.prep(`SELECT 1 FROM items WHERE id = ? AND kind = 'module' AND deprecated = 1 LIMIT 1`).get(module) !== undefined;
    const answer = own || (cut > 0 && this.covers(module.slice(0, cut)));
    this.known.set(module, answer);
    return answer;
  }

  clear(): void {
    this.known.clear();
  }
}
