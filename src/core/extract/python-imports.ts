import { statementLines } from './statement-lines.js';

/**
 * The local names a Python file's imports bind, to the dotted paths they stand for: `import
 * numpy as np` binds `np` to `numpy`, `import os.path` binds `os`, `from shutil import rmtree as
 * rm` binds `rm` to `shutil.rmtree` (also parenthesized over several lines, comments and all).
 * `named` lists what from-imports name (`shutil.rmtree`). A relative import (`from .base import
 * x`) binds only when `relative` resolves its module: uses.ts leaves a file's own package out,
 * doc assignments follow it.
 */
export function pythonImportBindings(text: string, relative?: (spec: string) => string | null): { bound: Map<string, string>; named: string[] } {
  const bound = new Map<string, string>();
  const named: string[] = [];
  for (const { text: line } of statementLines(text, 'import', /^[ \t]*(?:import|from)[ \t]/)) {
    const imp = /^[ \t]*import[ \t]+([^\n#;]+)/.exec(line);
    if (imp) {
      for (const part of imp[1]!.split(',')) {
        const [mod, alias] = part.trim().split(/\s+as\s+/);
        if (!mod || !/^[A-Za-z_][\w.]*$/.test(mod)) continue;
        // `import os.path` binds `os`; chains then say `os.path.join` in full.
        if (alias) bound.set(alias.trim(), mod);
        else bound.set(mod.split('.')[0]!, mod.split('.')[0]!);
      }
      continue;
    }
    const from = /^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]*)/.exec(line);
    if (!from) continue;
    const mod = from[1]!.startsWith('.') ? (relative?.(from[1]!) ?? null) : /^[A-Za-z_]/.test(from[1]!) ? from[1]! : null;
    if (!mod) continue;
    for (const part of from[2]!.replace(/#[^\n]*/g, '').replace(/[()\\]/g, ' ').split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (!name || name === '*' || !/^[A-Za-z_]\w*$/.test(name)) continue;
      named.push(`${mod}.${name}`);
      bound.set((alias ?? name).trim(), `${mod}.${name}`);
    }
  }
  return { bound, named };
}
