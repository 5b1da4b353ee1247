import type { Position } from 'vscode-languageserver-protocol';
import { readFileText } from '../../core/lsp/file-text.js';
import { HOVER_CACHE_KEY, HoverCache } from '../../core/lsp/hover-cache.js';
import { splitHover } from '../../core/lsp/hover.js';
import { namePosition } from '../../core/lsp/positions.js';
import type { ServiceRegistry } from '../../core/services.js';
import type { LanguageServer } from '../../core/lsp/language-server.js';
import type { Hover } from 'vscode-languageserver-protocol';
import type { Candidate } from './collect.js';

/**
 * Language-server details for top results, a few at a time, inside one time budget: hover
 * (signature, documentation) for the results the docs index could not describe, and
 * references_count when asked. Whatever is not done when the budget runs out is reported, so
 * a slow server never holds the answer. Nothing still running then is cancelled: clangd
 * answers a cancelled hover only once it has built the file's AST, and ignores the cancel of a
 * whole-workspace references query, in both cases for longer than the grace after which a
 * server that ignores a cancel is killed, so a short budget that cancelled would kill it again
 * and again (and every search after waited for it to restart and reload its index). A late
 * hover finishes in the background and lands in the hover cache for the next call; a late
 * reference count is dropped. At most a few of each run per server; beyond that, none start.
 * A hover on a file that a server like clangd has not opened (ServerSpec.parsesOnOpen) is not
 * asked at all (`skipped`): it would first parse that whole translation unit, seconds of CPU,
 * far beyond any short budget; done in the background for every search it kept the server and
 * the machine busy and made the searches themselves several times slower.
 */

/** Hovers still running after their caller stopped waiting, per server. */
const pendingHovers = new WeakMap<LanguageServer, number>();
const MAX_PENDING_HOVERS = 4;
const BACKGROUND_HOVER_TIMEOUT_MS = 60_000;
/** Reference queries still running after their caller stopped waiting, per server. */
const pendingReferences = new WeakMap<LanguageServer, number>();
const MAX_PENDING_REFERENCES = 4;

export interface Details {
  signature?: string;
  documentation?: string;
  references_count?: number;
}

export interface EnrichOptions {
  concurrency: number;
  budgetMs: number;
  signal: AbortSignal;
  hover: boolean;
  references: boolean;
  /** Hover answers are cached per server process and file version. */
  services: ServiceRegistry;
  /** The configured request timeout (lsp.requestTimeoutMs). */
  requestTimeoutMs: number;
}

export interface EnrichResult {
  details: Map<Candidate, Details>;
  /** Candidates whose requests all answered (with or without anything to say). */
  answered: Set<Candidate>;
  attempted: number;
  timedOut: boolean;
  /** Candidates whose hover was not asked: the server would have to parse their file first. */
  skipped: Set<Candidate>;
}

/**
 * Where to point hover and references: the name inside the reported range. Found once per
 * candidate (ranking, kinds, details and rendering all ask, and each look reads the file).
 */
export function nameAt(c: Candidate): Position {
  if (c.namePosition) return c.namePosition;
  const ft = readFileText(c.file);
  c.namePosition = ft ? namePosition(ft.text, c.range, c.name, ft.starts) : c.range.start;
  return c.namePosition;
}

export async function enrich(candidates: readonly Candidate[], opts: EnrichOptions): Promise<EnrichResult> {
  const details = new Map<Candidate, Details>();
  const answered = new Set<Candidate>();
  let todo = candidates.filter((c) => readFileText(c.file) !== undefined);
  const cache = opts.services.get(HOVER_CACHE_KEY, () => new HoverCache());
  const budget = new AbortController();
  const onAbort = () => budget.abort();
  opts.signal.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    budget.abort();
  }, opts.budgetMs);
  const late = new Promise<'late'>((resolve) => budget.signal.addEventListener('abort', () => resolve('late'), { once: true }));
  const hoverOf = async (c: Candidate, pos: Position): Promise<Hover | null> => {
    const running = pendingHovers.get(c.server) ?? 0;
    if (running >= MAX_PENDING_HOVERS) throw new Error('too many hovers running');
    pendingHovers.set(c.server, running + 1);
    // Not tied to the caller's signal either: the hover outlives the call. Its own timeout is
    // long, since a timeout cancels too (a busy clangd building a large file's AST can take a while).
    const p = cache.hover(c.server, c.file, pos, { timeoutMs: Math.max(BACKGROUND_HOVER_TIMEOUT_MS, opts.requestTimeoutMs) });
    void p.catch(() => {}).finally(() => pendingHovers.set(c.server, Math.max(0, (pendingHovers.get(c.server) ?? 1) - 1)));
    const r = await Promise.race([p, late]);
    if (r === 'late') throw new Error('late');
    return r;
  };
  const referencesOf = async (c: Candidate, pos: Position): Promise<unknown> => {
    const running = pendingReferences.get(c.server) ?? 0;
    if (running >= MAX_PENDING_REFERENCES) throw new Error('too many reference queries running');
    pendingReferences.set(c.server, running + 1);
    // Cancelled only when the caller cancels, not when the budget runs out (see above).
    const p = c.server.references(c.file, pos, false, { signal: opts.signal, timeoutMs: Math.max(BACKGROUND_HOVER_TIMEOUT_MS, opts.requestTimeoutMs) });
    void p.catch(() => {}).finally(() => pendingReferences.set(c.server, Math.max(0, (pendingReferences.get(c.server) ?? 1) - 1)));
    const r = await Promise.race([p, late]);
    if (r === 'late') throw new Error('late');
    return r;
  };
  const skipped = new Set<Candidate>();
  if (opts.hover && !opts.references) {
    for (const c of todo) {
      if (c.server.spec.parsesOnOpen && !c.server.holds(c.file) && !cache.holds(c.server, c.file, nameAt(c))) skipped.add(c);
    }
  }
  if (skipped.size) todo = todo.filter((c) => !skipped.has(c));
  let next = 0;
  const worker = async () => {
    while (next < todo.length && !budget.signal.aborted) {
      const c = todo[next++]!;
      const pos = nameAt(c);
      const d: Details = {};
      const [hover, refs] = await Promise.allSettled([
        opts.hover ? hoverOf(c, pos) : Promise.resolve(null),
        opts.references && c.server.supports('referencesProvider') ? referencesOf(c, pos) : Promise.resolve(null),
      ]);
      if (hover.status === 'fulfilled') {
        const parts = splitHover(hover.value);
        if (parts.signature) d.signature = parts.signature;
        if (parts.documentation) d.documentation = parts.documentation;
      }
      if (refs.status === 'fulfilled' && Array.isArray(refs.value)) d.references_count = refs.value.length;
      if (hover.status === 'fulfilled' || refs.status === 'fulfilled') details.set(c, d);
      if (hover.status === 'fulfilled' && refs.status === 'fulfilled') answered.add(c);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(opts.concurrency, todo.length) }, worker));
  } finally {
    clearTimeout(timer);
    opts.signal.removeEventListener('abort', onAbort);
  }
  return { details, answered, attempted: todo.length, timedOut, skipped };
}
