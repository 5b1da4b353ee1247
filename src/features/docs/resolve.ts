import { z } from 'zod';
import type { DocItem } from '../../core/extract/types.js';
import { DocentError } from '../../core/errors.js';
import { absoluteImport } from '../../core/extract/import-paths.js';
import { boundPath, importBindings, type ImportBindings } from '../../core/extract/import-bindings.js';
import { Vfs } from '../../core/vfs/vfs.js';
import { typedPackagePath } from '../../core/extract/lang/js-module-name.js';
import type { DocsIndex } from '../../core/index/service.js';
import type { IndexSource } from '../../core/index/source.js';
import type { FeatureContext } from '../context.js';
import { displayFile, inScope, isAliasMacro, namesItem, packageFields, ScopeSchema, shortState, undocumentedModuleError } from './common.js';
import { IndexStateSchema } from './schemas.js';
import { docsIndexFor } from './service.js';

/**
 * docs_resolve: which item does a name mean here? Candidates are the items whose name (or the
 * tail of whose id) is the symbol; the context (a module, or a file whose imports count) ranks
 * them: same module first, then modules the file imports, then modules near the context.
 */

export const DocsResolveInput = z.object({
  symbol: z.string().min(1).describe('A name as written in code: "Vec", "debounce", "Slice::get", "os.path.join".'),
  context: z.string().min(1).optional().describe('Where the name is used: a module ("std::collections") or a workspace file whose imports are taken into account.'),
  scope: ScopeSchema,
});

const Candidate = z.object({ id: z.string(), kind: z.string(), module: z.string(), signature: z.string(), summary: z.string(), file: z.string(), line: z.number().int(), score: z.number() });

export const DocsResolveOutput = z.object({
  symbol: z.string(),
  id: z.string().describe('The defining id (docs_get takes it).'),
  public_id: z.string().describe('The path users write for it, when a module re-exports it (`asyncio.sleep` for asyncio.tasks.sleep, a package\'s entry for its dist file); else the id.'),
  kind: z.string(),
  module: z.string(),
  signature: z.string(),
  summary: z.string(),
  file: z.string(),
  line: z.number().int(),
  package: z.string().nullable().describe('The installed package the item comes from (null: the project\'s own code).'),
  version: z.string().nullable().describe('That package\'s installed version.'),
  ambiguous: z.boolean().describe('True when another candidate scored as well as the chosen one.'),
  alternatives: z.array(Candidate).describe('Other items the symbol could mean, best first.'),
  index_status: IndexStateSchema,
});

export type DocsResolveResult = z.output<typeof DocsResolveOutput>;

/** How many of the context file's imported packages an unqualified name is looked for under. */
const MAX_IMPORTED_PATHS = 12;
/** Score for the item a name means through the context file's binding (as much as the exact id). */
const VIA_BINDING = 5;
/** Score for an unqualified name found under an imported package (below the +1 a module of its own gets over an imported one). */
const VIA_IMPORT = 0.5;

interface Ctx {
  modules: string[];
  imports: string[];
  /** The context file's local names for what it imports (`WS` for `const WS = require('ws')`). */
  bindings?: ImportBindings;
  /** Its own path and module, to resolve a relative binding. */
  file?: { rel: string; module: string | null };
}

/** Which import syntax a file's bindings are read in. */
function bindingLanguage(file: string): string | null {
  return /\.pyi?$/.test(file) ? 'python' : /\.[cm]?[jt]sx?$/.test(file) ? 'javascript' : /\.go$/.test(file) ? 'go' : /\.rs$/.test(file) ? 'rust' : null;
}

function contextOf(index: DocsIndex, ctx: FeatureContext, context: string | undefined): Ctx {
  if (!context) return { modules: [], imports: [] };
  const looksLikeFile = /[\\/]/.test(context) || /\.\w{1,5}$/.test(context);
  if (looksLikeFile) {
    try {
      const c = ctx.workspace.resolve(context, { mustExist: true, kind: 'file' });
      const root = index.roots.find((r) => r.root === c.root);
      if (root) {
        const rel = c.relative;
        const mod = root.queries.moduleOfFile(rel);
        // Each module once: a file that imports it twice (`import m`, `from m import x`) does not use it more.
        const imports = [...new Set(root.queries.importsOf(rel).map((imp) => absoluteImport(imp, rel, mod)))];
        const language = bindingLanguage(rel);
        const bindings = language ? importBindings(Vfs.from(ctx.services).read(c.absolute, ctx.session.id).text, language) : undefined;
        return { modules: mod ? [mod] : [], imports, bindings, file: { rel, module: mod } };
      }
    } catch (err) {
      // A path that leads out of the roots is refused, as everywhere; anything else that is not
      // a workspace file is taken as a module path ("src/util", "os.path").
      if (err instanceof DocentError && err.code === 'E_OUTSIDE_WORKSPACE') throw err;
    }
  }
  return { modules: [context], imports: [] };
}

function score(item: DocItem, symbol: string, c: Ctx, publicId: () => string): number {
  let s = 0;
  if (item.id === symbol) s += 5;
  for (const m of c.modules) {
    if (item.module === m) s += 3;
    else if (item.id.startsWith(m) || m.startsWith(item.module)) s += 2;
  }
  for (const imp of c.imports) {
    const i = imp.replace(/^[<"]|[>"]$/g, '');
    // Or what the import names re-exports it: `import { paginate } from 'entrylib'`, defined in entrylib/lib/types.
    if (item.module === i || item.module.endsWith(`/${i}`) || item.location.file.endsWith(i) || item.module.startsWith(`${i}.`) || item.id.startsWith(`${i}.`) || publicId().startsWith(`${i}.`)) s += 2;
  }
  if (item.visibility === 'public') s += 0.5;
  if (item.doc || item.summary) s += 0.3;
  if (item.kind === 'module' || item.kind === 'example') s -= 0.5;
  if (isAliasMacro(item)) s -= 0.5;
  if (/^[A-Z]/.test(symbol.split(/::|\./).pop()!) && /class|struct|interface|trait|type|enum/.test(item.kind)) s += 0.2;
  s -= item.id.length / 1000; // prefer the shorter, more canonical path
  return s;
}

export async function docsResolve(input: z.output<typeof DocsResolveInput>, ctx: FeatureContext): Promise<DocsResolveResult> {
  const index = await docsIndexFor(ctx);
  const symbol = input.symbol.trim();
  const last = symbol.split(/::|\.|#|\//).filter(Boolean).pop() ?? symbol;
  const qualified = last !== symbol;
  const c = contextOf(index, ctx, input.context);
  const found: { root: IndexSource; item: DocItem; score: number; deps: boolean; publicId: () => string }[] = [];
  const seen = new Set<string>();
  // The paths the name stands for in the context file: through a local binding of its first
  // part (`WS.Server` after `const WS = require('ws')`: `ws.Server`), or under a package the
  // file imports (`Server` in a file that imports 'ws', which publishes it as `ws.Server`).
  const bound = c.bindings ? boundPath(symbol, c.bindings) : null;
  const meant: string[] = [];
  // The module a binding names, when the name is the module itself (`fns` after `import * as fns from 'date-fns'`).
  let boundModule: string | null = null;
  if (bound) {
    const module = bound.spec.startsWith('.') && c.file ? absoluteImport(bound.spec, c.file.rel, c.file.module) : bound.spec;
    if (!bound.path || bound.orModule) boundModule = module;
    meant.push(bound.path ? `${module}${bound.sep}${bound.path}` : module);
    if (bound.orModule) meant.push(module);
  }
  // (A bounded number, each looked up through re-exports: in an npm package's database only
  // under that package's own name, in any other only under a module it has.)
  const underImports = !qualified && c.bindings ? c.imports.filter((i) => /^[@\w][\w@/.-]*$/.test(i)).slice(0, MAX_IMPORTED_PATHS) : [];
  let foundViaBinding = false;
  for (const r of index.sources(input.scope)) {
    // byId also follows re-exports (`asyncio.sleep` → asyncio.tasks.sleep): what it returns is meant.
    const npm = r.dependency?.ecosystem === 'npm' ? typedPackagePath(r.dependency.name) : null;
    const guesses = underImports.filter((i) => (npm === null ? r.queries.hasModule(i) : i === npm || i.startsWith(`${npm}/`))).map((i) => `${i}.${symbol}`);
    // A Rust `use` brings a macro in by its bare name (`use log::info;` for `info!(…)`).
    const viaBinding = meant.flatMap((id) => {
      const got = r.queries.byId(id);
      return got.length || bound?.sep !== '::' ? got : r.queries.byId(`${id}!`);
    });
    if (viaBinding.length) foundViaBinding = true;
    const viaImport = guesses.flatMap((id) => r.queries.byId(id));
    const viaFile = [...viaBinding, ...viaImport];
    const direct = [...r.queries.byId(symbol), ...viaFile];
    const items = [...direct, ...r.queries.byName(last, 200)];
    for (const item of items) {
      const key = `${item.id}@${item.location.file}:${item.location.line}`;
      if (seen.has(key)) continue;
      if (qualified && !direct.includes(item) && item.id !== symbol && !item.id.endsWith(symbol) && !namesItem(item.id, symbol)) continue;
      seen.add(key);
      const pkg = packageFields(r, item.location.file).package;
      if (!inScope(pkg, input.scope)) continue;
      const publicId = () => r.queries.publicIdOf(item.id, item.module);
      // What the file's own name for it means counts as the name itself; a name found under a
      // package the file imports only a little more than the import alone (a name the file's
      // module defines, `run` beside `import subprocess`, is still its own).
      const via = viaBinding.includes(item) ? VIA_BINDING : viaImport.includes(item) ? VIA_IMPORT : 0;
      found.push({ root: r, item, score: score(item, symbol, c, publicId) + via, deps: pkg !== null, publicId });
    }
  }
  if (bound && !foundViaBinding && c.file && bindingLanguage(c.file.rel) === 'python' && (!input.scope || input.scope === 'all')) {
    const missing = unindexedImport(index, symbol, bound.spec, c.file.rel);
    if (missing) throw missing;
  }
  if (!found.length) {
    // The name may stand for a module: bound to one, or re-exported as a namespace (zod's
    // `import * as z from "./v3/external.js"; export { z }`, so `z` after `import { z } from 'zod'`).
    for (const name of new Set([boundModule, ...meant, symbol].filter((n): n is string => !!n))) {
      const module = undocumentedModuleError(index, name, index.sources(input.scope));
      if (module) throw module;
    }
    const suggestions = index.sources(input.scope).flatMap((r) => r.queries.search(symbol, { limit: 5 }).map((h) => h.id)).slice(0, 8);
    throw new DocentError('E_NOT_FOUND', `Nothing named "${symbol}" is in the docs index${!input.scope || input.scope === 'all' ? '' : ` (scope ${input.scope})`}.${index.indexing ? ' The index is still being built.' : ''}`, suggestions.length ? `Similar ids: ${suggestions.join(', ')}.` : 'Check the spelling, or use docs_search.', { suggestions });
  }
  // Project items first on ties.
  found.sort((a, b) => b.score - a.score || Number(a.deps) - Number(b.deps));
  // One entry per id (overloads and copies collapse onto the best-scoring declaration).
  const byId = new Map<string, (typeof found)[number]>();
  for (const f of found) if (!byId.has(f.item.id)) byId.set(f.item.id, f);
  const ranked = [...byId.values()];
  const best = ranked[0]!;
  const view = (f: (typeof found)[number]) => ({
    id: f.item.id, kind: f.item.kind, module: f.item.module, signature: f.item.signature, summary: f.item.summary,
    file: displayFile(index, f.root, f.item.location.file), line: f.item.location.line, score: Math.round(f.score * 100) / 100,
  });
  const alternatives = ranked.slice(1, 20).map(view);
  const { score: _s, ...bestView } = view(best);
  return {
    symbol,
    ...bestView,
    public_id: best.publicId(),
    ...packageFields(best.root, best.item.location.file),
    ambiguous: ranked.length > 1 && Math.abs(ranked[1]!.score - best.score) < 0.05,
    alternatives,
    index_status: shortState(index),
  };
}

/**
 * A name a Python file imports from a module no database of the index holds (its distribution
 * is not installed where the project loads packages from): the error says so, rather than
 * answering a name spelled alike elsewhere (`from django.http import HttpResponse` without
 * Django installed had answered http.client's HTTPResponse). Null when some database has it.
 */
function unindexedImport(index: DocsIndex, symbol: string, module: string, file: string): DocentError | null {
  const top = module.split('.')[0]!;
  if (index.sources('all').some((r) => r.queries.hasModule(module) || r.queries.hasModule(top) || r.queries.submodules(top).length > 0)) return null;
  const norm = (n: string) => n.toLowerCase().replace(/[-_.]+/g, '-');
  const declared = index.status().packages.find((p) => p.state === 'not_installed' && norm(p.name) === norm(top));
  const hint = declared
    ? `${declared.name} is declared but not installed: ${declared.error ?? 'index_status says where it was looked for'}.`
    : `Install the distribution that provides ${top} where the project's Python loads packages from (a .venv in the project, VIRTUAL_ENV, or python3's); a standard library module is indexed for a Python project (a pyproject.toml, requirements.txt or setup.py in the root). index_status lists the packages found.`;
  return new DocentError('E_NOT_FOUND', `"${symbol}" is imported from ${module} in ${file}, and no package in the docs index provides ${top}.`, hint, { module });
}

export function renderDocsResolve(r: DocsResolveResult): string {
  const out = [`${r.symbol} → ${r.id}${r.public_id !== r.id ? ` (public as ${r.public_id})` : ''} (${r.kind}) ${r.file}:${r.line}${r.package ? ` [${r.package}@${r.version}]` : ''}`, `    ${r.signature}`];
  if (r.summary) out.push(`    ${r.summary}`);
  if (r.ambiguous) out.push('(ambiguous: the next candidate is as likely)');
  if (r.alternatives.length) out.push('Alternatives:', ...r.alternatives.map((a) => `  ${a.id} (${a.kind}) ${a.file}:${a.line}`));
  return out.join('\n');
}
