import type { Hover, Position } from 'vscode-languageserver-protocol';
import type { FileRequestOptions } from './language-server.js';
import type { LanguageServer } from './language-server.js';
import { fileStamp } from './file-text.js';
import { hoverMarkdown } from './hover.js';

/**
 * Hover answers cached per (server process, file version, position). A file's version is its
 * mtime and size, the same stamp OpenDocuments uses to re-send a changed file, so an entry
 * dies as soon as the file changes on disk. Hover text at a use site also comes from the file
 * that defines the symbol: callers that know it add it with `dependOn`, and a change to any
 * dependency invalidates the entry too. A restarted server (new pid) starts with no entries.
 */

export const HOVER_CACHE_KEY = 'lsp-hover-cache';
const MAX_ENTRIES = 2000;

interface Entry {
  /** file -> "mtime:size" when the answer was taken. */
  deps: Map<string, string>;
  hover: Hover | null;
}


export class HoverCache {
  private readonly entries = new Map<string, Entry>();
  hits = 0;
  misses = 0;

  private key(server: LanguageServer, file: string, pos: Position): string {
    return `${server.key}\0${server.pid ?? 0}\0${file}\0${pos.line}:${pos.character}`;
  }

  private valid(e: Entry): boolean {
    for (const [f, s] of e.deps) if (fileStamp(f) !== s) return false;
    return true;
  }

  /** The hover at `pos` in `file`, from the cache when nothing it depends on changed. */
  async hover(server: LanguageServer, file: string, pos: Position, opts: FileRequestOptions = {}): Promise<Hover | null> {
    // Entries are disk answers: a session with overlays asks the server on its own view.
    if (hasOverlays(server, opts.session)) return server.hover(file, pos, opts);
    const before = fileStamp(file);
    const k = this.key(server, file, pos);
    const hit = this.entries.get(k);
    if (hit && this.valid(hit)) {
      this.hits++;
      this.entries.delete(k);
      this.entries.set(k, hit); // most recently used last
      return hit.hover;
    }
    this.misses++;
    const hover = await server.hover(file, pos, opts);
    // The key must carry the pid the answer came from (the request may have started the server).
    const k2 = this.key(server, file, pos);
    // A file edited while the server answered may have been answered from either version.
    // An empty answer from a server still in its readiness window (a TS syntax-only server, a
    // project still loading) is provisional: caching it would keep the gap after the load.
    const provisional = hoverMarkdown(hover).trim() === '' && server.young;
    if (fileStamp(file) === before && !provisional) {
      this.entries.set(k2, { deps: new Map([[file, before]]), hover });
      if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    }
    return hover;
  }

  /** Whether an answer for (file, pos) is held and still valid (hover() would not ask the server). */
  holds(server: LanguageServer, file: string, pos: Position): boolean {
    const e = this.entries.get(this.key(server, file, pos));
    return !!e && this.valid(e);
  }

  /** Record that the hover at (file, pos) also depends on `others` (the definition's file). */
  dependOn(server: LanguageServer, file: string, pos: Position, others: readonly string[]): void {
    const e = this.entries.get(this.key(server, file, pos));
    if (!e) return;
    for (const f of others) if (!e.deps.has(f)) e.deps.set(f, fileStamp(f));
  }

  /** Drop one entry (its answer is known to be provisional). */
  forget(server: LanguageServer, file: string, pos: Position): void {
    this.entries.delete(this.key(server, file, pos));
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  dispose(): void {
    this.entries.clear();
  }
}

/** True when `session` has overlays on any file (answers on its view are never cached). */
export function hasOverlays(server: LanguageServer, session?: string): boolean {
  return session !== undefined && server.vfs.listOverlays(session).length > 0;
}
