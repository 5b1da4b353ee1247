import type { GeneratedSource } from './generated.js';
import type { PackageStatus } from './deps/dependency-set.js';
import type { RootIndex } from './root-index.js';
import type { EmbeddingsStatus } from './embedding-runner.js';

/**
 * What index_status reports about a DocsIndex (service.ts): its state and counts, each root's
 * phase, the installed packages. Built from a view of the index's parts, so the service keeps
 * the machinery and this file the reporting.
 */

export type IndexState = 'ready' | 'indexing' | 'unavailable';

/**
 * Where a root's build stands. `files`: files are being extracted and written, in batches;
 * each file's items are searchable by name (and full text) as soon as its batch commits.
 * `vectors`: every item is written and searchable by name and full text; the related-word
 * vectors are being learned. `embeddings`: a configured sentence-embedding model is embedding
 * its items (search works, without that model's help for items not embedded yet). `ready`:
 * nothing left to do. `off`: no indexing in this process.
 */
export type IndexPhase = 'files' | 'vectors' | 'embeddings' | 'ready' | 'off';

export interface IndexStatus {
  state: IndexState;
  files: number;
  items: number;
  languages: Record<string, number>;
  last_update: string | null;
  pending: number;
  skipped: Record<string, number>;
  roots: { root: string; db: string; files: number; items: number; synced: boolean; phase: IndexPhase; searchable_by_name_at: string | null; searchable_by_name_after_ms: number | null; names_searchable_at?: string | null; names_searchable_after_ms?: number | null; note?: string }[];
  /** The least advanced root's phase (see IndexPhase). */
  phase: IndexPhase;
  /** ISO time by which every item of every root was searchable by name (null while a first build is still writing). */
  searchable_by_name_at: string | null;
  /** ISO time by which a first build's quick name pass (name-sketch.ts) had every name of the roots it built; absent without one. */
  names_searchable_at?: string | null;
  /**
   * Installed packages: the roots' dependencies, each in its own database (deps/), with their
   * states, and packages whose files lie inside a root (indexed with it).
   */
  packages: PackageStatus[];
  error: string | null;
  /** Why the state is what it is, when that is not obvious. */
  note: string | null;
  /** The sentence-embedding model (config docs.embeddings.model) and its progress; null when none is configured. */
  embeddings: EmbeddingsStatus | null;
}

export type BriefStatus = Pick<IndexStatus, 'state' | 'files' | 'items' | 'pending' | 'note'>;

/** The parts of a DocsIndex its status is read from. */
export interface StatusView {
  roots: readonly RootIndex[];
  deps: { status(roots: readonly string[]): PackageStatus[]; busy(): boolean } | null;
  /** A catch-up is running. */
  indexing: boolean;
  syncEnabled: boolean;
  error: string | null;
  embeddings?: { status(): EmbeddingsStatus } | null;
}

export function fullStatus(v: StatusView): IndexStatus {
  // The state and totals are the brief status's; this adds the lists.
  const { state, files, items, pending, note } = briefStatus(v);
  let last = 0;
  const languages: Record<string, number> = {};
  const skipped: Record<string, number> = {};
  const roots: IndexStatus['roots'] = [];
  const packages: IndexStatus['packages'] = [];
  for (const r of v.roots) {
    const c = r.store.counts();
    last = Math.max(last, c.lastUpdate ?? 0);
    for (const [k, n] of Object.entries(c.languages)) languages[k] = (languages[k] ?? 0) + n;
    for (const [k, n] of Object.entries(c.skipped)) skipped[k] = (skipped[k] ?? 0) + n;
    roots.push({
      root: r.root, db: r.dbPath, files: c.files, items: c.items, synced: r.synced, phase: r.phase,
      searchable_by_name_at: r.searchableAt ? new Date(r.searchableAt).toISOString() : null, searchable_by_name_after_ms: r.searchableAfterMs,
      ...namesOf(r),
      ...noteOf(r.generated),
    });
    // Packages whose files lie inside the root (a site-packages folder of its own tree).
    for (const p of c.packages) packages.push({ ...p, ecosystem: 'in-tree', state: r.synced ? 'indexed' : 'indexing' });
  }
  packages.push(...(v.deps?.status(v.roots.map((r) => r.root)) ?? []));
  const order: IndexPhase[] = ['files', 'vectors', 'embeddings', 'ready', 'off'];
  const phase = v.roots.length ? order[Math.min(...v.roots.map((r) => order.indexOf(r.phase)))]! : 'off';
  const at = v.roots.length && v.roots.every((r) => r.searchableAt) ? Math.max(...v.roots.map((r) => r.searchableAt!)) : null;
  // The quick name pass: over the roots that had one, once each had every name (null while one is still scanning).
  const sketched = v.roots.filter((r) => r.namesAt !== undefined || r.sketch?.active);
  const namesAt = sketched.length ? (sketched.every((r) => r.namesAt || r.sketch?.doneAt) ? Math.max(...sketched.map((r) => r.namesAt ?? r.sketch?.doneAt ?? 0)) : null) : undefined;
  return {
    state, files, items, languages, last_update: last ? new Date(last).toISOString() : null, pending, skipped, roots, packages, error: v.error, note,
    phase, searchable_by_name_at: at ? new Date(at).toISOString() : null,
    ...(namesAt !== undefined ? { names_searchable_at: namesAt ? new Date(namesAt).toISOString() : null } : {}),
    embeddings: v.embeddings?.status() ?? null,
  };
}

/**
 * What every docs answer carries as its index_status: the full status without the per-root,
 * per-language and per-package lists, which cost more to build than a search's own lookups.
 */
export function briefStatus(v: StatusView): BriefStatus {
  let files = 0;
  let items = 0;
  let pending = 0;
  for (const r of v.roots) {
    const c = r.store.counts();
    files += c.files;
    items += c.items;
    pending += r.indexer.pending;
  }
  for (const p of v.deps?.status(v.roots.map((r) => r.root)) ?? []) {
    files += p.files;
    items += p.items;
  }
  return { files, items, pending, ...stateOf(v, files, items, pending) };
}

function stateOf(v: StatusView, files: number, items: number, pending: number): { state: IndexState; note: string | null } {
  let state: IndexState = !v.roots.length ? 'unavailable' : v.indexing || pending > 0 || v.roots.some((r) => !r.synced) || v.deps?.busy() ? 'indexing' : 'ready';
  let note: string | null = null;
  if (v.syncEnabled === false) {
    state = files > 0 ? 'ready' : 'unavailable';
    note = files > 0 ? 'indexing is off (--no-index): answers come from the index as it was last built' : 'indexing is off (--no-index) and there is no stored index; run `docent index`';
  } else if (state === 'indexing' && pending === 0 && v.roots.every((r) => r.synced) && v.roots.some((r) => r.phase === 'embeddings')) {
    // Every file is written: only the model's vectors are missing, which rank questions in words but find nothing new by name.
    note = 'every file is indexed; the embeddings model is still embedding items, so questions in words rank without it for those not done yet';
  } else if (state === 'indexing') {
    // A first build's quick name pass answers names (with file and line) for files not indexed yet.
    const named = v.roots.some((r) => r.sketch?.doneAt);
    note = named
      ? 'answering from the files indexed so far, and for names from a quick pass over every file (results marked pending have no docs yet); results may be incomplete'
      : files > 0 ? 'answering from the files indexed so far; results may be incomplete' : 'the first index is being built; results will be incomplete until it finishes';
  } else if (state === 'ready' && items === 0) {
    // An empty index must not read like a search that matched nothing.
    note =
      files > 0
        ? `${files} file(s) indexed, but none has a public item; index with --private (config index.private) to include the rest`
        : 'the index is empty: no TypeScript/JavaScript, Python, C/C++, Rust, Go or Java files were found under the roots';
  }
  return { state, note };
}

/** A root's quick name pass (name-sketch.ts), when this process ran one: done, or still scanning (null). */
function namesOf(r: RootIndex): { names_searchable_at?: string | null; names_searchable_after_ms?: number | null } {
  if (r.namesAt === undefined && !r.sketch?.active) return {};
  const at = r.namesAt ?? r.sketch?.doneAt;
  const after = r.namesAfterMs ?? r.sketch?.doneAfterMs;
  return { names_searchable_at: at ? new Date(at).toISOString() : null, names_searchable_after_ms: after ?? null };
}

/** A root's note for index_status: what its generated documentation lacks, if anything. */
function noteOf(generated: GeneratedSource | null | undefined): { note?: string } {
  const note = generated?.missing?.() ?? null;
  return note ? { note } : {};
}
