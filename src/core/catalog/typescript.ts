import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Catalog, CatalogEntry } from './entry.js';

/**
 * TypeScript's own catalogue: every diagnostic is declared in typescript.js as
 * `diag(2322, 1 /* Error *\/, "Type_0_is_not_assignable_to_type_1_2322", "Type '{0}' is not …")`,
 * and each code fix lives in a `// src/services/codefixes/<name>.ts` section that lists the
 * diagnostics it fixes. The TypeScript read is the project's own (node_modules/typescript), else
 * the one docent runs with.
 */

interface TsDiag {
  code: number;
  category: string;
  key: string;
  message: string;
}

export class TypeScriptCatalog implements Catalog {
  private readonly byCode = new Map<number, TsDiag>();
  private readonly fixes = new Map<number, string[]>();

  private constructor(
    source: string,
    readonly version: string,
  ) {
    const byKey = new Map<string, TsDiag>();
    const re = /(\w+): diag\((\d+), \d+ \/\* (\w+) \*\/, "(\w+)", "((?:[^"\\]|\\.)*)"/g;
    for (const m of source.matchAll(re)) {
      const d: TsDiag = { code: Number(m[2]), category: m[3]!.toLowerCase(), key: m[1]!, message: JSON.parse(`"${m[5]}"`) as string };
      if (!this.byCode.has(d.code)) this.byCode.set(d.code, d);
      byKey.set(d.key, d);
    }
    const sections = source.split(/^\/\/ src\/services\/codefixes\/(\w+)\.ts$/m);
    for (let i = 1; i + 1 < sections.length; i += 2) {
      const name = sections[i]!;
      for (const m of sections[i + 1]!.matchAll(/Diagnostics\.(\w+)\.code/g)) {
        const d = byKey.get(m[1]!);
        if (!d) continue;
        const list = this.fixes.get(d.code) ?? [];
        if (!list.includes(name)) list.push(name);
        this.fixes.set(d.code, list);
      }
    }
  }

  /** Load from the first TypeScript found: the project's, then docent's own. */
  static load(projectRoots: readonly string[]): TypeScriptCatalog | undefined {
    const candidates = [...projectRoots.map((r) => path.join(r, 'package.json')), import.meta.url];
    for (const from of candidates) {
      try {
        const req = createRequire(from);
        const file = req.resolve('typescript/lib/typescript.js');
        const version = (JSON.parse(readFileSync(path.join(path.dirname(file), '..', 'package.json'), 'utf8')) as { version: string }).version;
        return new TypeScriptCatalog(readFileSync(file, 'utf8'), version);
      } catch {
        // not there: try the next
      }
    }
    return undefined;
  }

  codes(): string[] {
    return [...this.byCode.keys()].map((c) => `ts${c}`);
  }

  lookup(code: string): CatalogEntry | undefined {
    const m = /^(?:ts|TS)?(\d+)$/.exec(code.trim());
    const d = m ? this.byCode.get(Number(m[1])) : undefined;
    if (!d) return undefined;
    const fixes = this.fixes.get(d.code) ?? [];
    const placeholders = d.message.includes('{0}') ? ' The {0}, {1}, … stand for names and types from your code.' : '';
    return {
      code: `ts${d.code}`,
      source: 'typescript',
      title: d.message,
      explanation: `TypeScript ${d.category} TS${d.code} (TypeScript ${this.version}'s diagnostic "${d.key}"): ${d.message}${placeholders}`,
      fix_hint: fixes.length
        ? `tsserver has quick fixes for it (${fixes.join(', ')}): diagnostics returns them as fixes with edits.`
        : undefined,
    };
  }
}
