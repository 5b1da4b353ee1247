import { z } from 'zod';
import { ClangCatalog } from '../../core/catalog/clang.js';
import { distance, type Catalog, type CatalogEntry } from '../../core/catalog/entry.js';
import { PyrightCatalog } from '../../core/catalog/pyright.js';
import { SEEN_CODES_KEY, SeenCodes } from '../../core/catalog/seen.js';
import { TypeScriptCatalog } from '../../core/catalog/typescript.js';
import type { FeatureContext } from '../context.js';

/**
 * diagnostic_explain: what a diagnostic code means, from the compiler's own catalogue
 * (TypeScript's diagnostic table and code fixes, pyright's rules and messages, clang's warning
 * flags via diagtool or GCC's shared flag list, clang-tidy's checks), else from what a server
 * said when it reported the code in this process. An unknown code is found: false with near codes.
 */

export const ExplainInput = z.object({
  code: z.string().min(1).max(200).describe('A code as diagnostics gives it: ts2322 (or 2322), pyright:reportAttributeAccessIssue, clang:-Wunused-variable, clang-tidy:bugprone-use-after-move.'),
});

export const ExplainOutput = z.object({
  found: z.boolean(),
  code: z.string(),
  source: z.string().nullable(),
  title: z.string().nullable(),
  explanation: z.string().nullable(),
  example: z.string().optional(),
  fix_hint: z.string().optional(),
  docs_url: z.string().optional(),
  near: z.array(z.string()).describe('When not found: similar codes that exist.'),
  from: z.enum(['catalog', 'server', 'none']).describe('catalog: the compiler\'s own listing; server: only what a server said when it reported this code (no catalogue lists it).'),
});
export type ExplainResult = z.output<typeof ExplainOutput>;

const CATALOGS_KEY = 'check.catalogs';

class Catalogs {
  private ts?: Catalog | null;
  private py?: Catalog | null;
  private clang?: Catalog | null;
  constructor(private readonly roots: readonly string[]) {}
  for(code: string): Catalog[] {
    const c = code.toLowerCase();
    if (/^(ts)?\d+$/.test(c)) return this.typescript();
    if (c.startsWith('pyright:') || c.startsWith('report')) return this.pyright();
    if (c.startsWith('clang') || c.startsWith('-w')) return this.clangs();
    return [...this.typescript(), ...this.pyright(), ...this.clangs()];
  }
  private typescript(): Catalog[] {
    if (this.ts === undefined) this.ts = TypeScriptCatalog.load(this.roots) ?? null;
    return this.ts ? [this.ts] : [];
  }
  private pyright(): Catalog[] {
    if (this.py === undefined) this.py = PyrightCatalog.load(this.roots) ?? null;
    return this.py ? [this.py] : [];
  }
  private clangs(): Catalog[] {
    if (this.clang === undefined) this.clang = ClangCatalog.load();
    return this.clang ? [this.clang] : [];
  }
}

export async function diagnosticExplain(input: z.output<typeof ExplainInput>, ctx: FeatureContext): Promise<ExplainResult> {
  const code = input.code.trim();
  const catalogs = ctx.services.get(CATALOGS_KEY, () => new Catalogs(ctx.workspace.roots)).for(code);
  const wanted = code.startsWith('report') ? `pyright:${code}` : code.startsWith('-W') ? `clang:${code}` : code;
  let entry: CatalogEntry | undefined;
  for (const c of catalogs) if ((entry = c.lookup(wanted))) break;
  const seen = ctx.services.get(SEEN_CODES_KEY, () => new SeenCodes());
  if (entry) {
    const s = seen.get(entry.code);
    return { found: true, ...entry, docs_url: entry.docs_url ?? s?.docs_url, near: [], from: 'catalog' };
  }
  const s = seen.get(wanted);
  if (s) {
    return {
      found: true,
      code: s.code,
      source: s.source,
      title: s.message.split('\n')[0]!,
      explanation: `No installed catalogue lists ${s.code}; ${s.source} reported it in this session as: ${s.message}`,
      docs_url: s.docs_url,
      near: [],
      from: 'server',
    };
  }
  const all = [...catalogs.flatMap((c) => c.codes()), ...seen.all()];
  const lc = wanted.toLowerCase();
  const near = all
    .map((c) => ({ c, d: distance(lc, c.toLowerCase(), 4) }))
    .filter((x) => x.d <= 3 || (lc.length >= 4 && x.c.toLowerCase().includes(lc.replace(/^[a-z-]+:/, ''))))
    .sort((a, b) => a.d - b.d || a.c.localeCompare(b.c))
    .slice(0, 8)
    .map((x) => x.c);
  return { found: false, code, source: null, title: null, explanation: null, near, from: 'none' };
}

export function renderExplain(r: ExplainResult): string {
  if (!r.found) return `${r.code}: not found${r.near.length ? `; near: ${r.near.join(', ')}` : ''}`;
  return [`${r.code} (${r.source}) ${r.title}`, r.explanation, r.fix_hint ? `fix: ${r.fix_hint}` : '', r.docs_url ? `docs: ${r.docs_url}` : ''].filter(Boolean).join('\n');
}
