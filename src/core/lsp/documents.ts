import type { FileSnapshot } from '../vfs/index.js';
import { pathToUri } from './positions.js';

/**
 * The documents one client has open in its server, and which content each one holds. Servers
 * answer many requests only for open documents (clangd parses on didOpen; the TypeScript
 * server loads a project around an open file), so every query on a file goes through
 * `ensureOpen` with the asking session's view of the file (a Vfs snapshot: the disk, or that
 * session's overlay). A view whose content differs from what the server holds is sent with
 * didChange; the LSP version of a document only ever grows for the life of the server process
 * (also across close and reopen), so a version names exactly one content. Documents unused for
 * a while are closed with didClose.
 */
export interface OpenDocument {
  uri: string;
  path: string;
  languageId: string;
  /** The LSP version the server holds (monotonic per server process and document). */
  version: number;
  /** Hash of the text the server holds. */
  hash: string;
  /** The view that text came from (disk, or a session's overlay). */
  origin: 'disk' | 'overlay';
  lastUsed: number;
  /** Date.now() when the current version was sent (pushes older than this are for other content). */
  syncedAt: number;
}

export interface DocumentSink {
  didOpen(doc: OpenDocument, text: string): void;
  didChange(doc: OpenDocument, text: string): void;
  didClose(doc: OpenDocument): void;
}

/** Larger files are not sent to servers (generated amalgamations, minified bundles). */
const MAX_CHARS = 8 * 1024 * 1024;

export class OpenDocuments {
  private readonly docs = new Map<string, OpenDocument>();
  /** Last LSP version used per URI, kept after close so a reopened document never reuses one. */
  private readonly versions = new Map<string, number>();
  private readonly listeners = new Set<(doc: OpenDocument) => void>();

  constructor(
    private readonly sink: DocumentSink,
    private readonly maxOpen = 64,
    /** Documents in use right now (a request holds them): never closed to make room. */
    private readonly inUse: (uri: string) => boolean = () => false,
  ) {}

  /**
   * Make the server hold `view` for its file: open it, or send didChange when it holds other
   * content. Returns undefined when there is no such file (nor an overlay) or it is too large.
   */
  ensureOpen(view: FileSnapshot, languageId: string): OpenDocument | undefined {
    if (!view.exists || view.text.length > MAX_CHARS) return undefined;
    const uri = pathToUri(view.path);
    const now = Date.now();
    const cur = this.docs.get(uri);
    if (cur) {
      cur.lastUsed = now;
      if (cur.hash !== view.hash) {
        cur.version = this.nextVersion(uri);
        cur.hash = view.hash;
        cur.origin = view.origin;
        cur.syncedAt = now;
        this.sink.didChange(cur, view.text);
        this.emit(cur);
      }
      return cur;
    }
    const doc: OpenDocument = { uri, path: view.path, languageId, version: this.nextVersion(uri), hash: view.hash, origin: view.origin, lastUsed: now, syncedAt: now };
    this.docs.set(uri, doc);
    this.sink.didOpen(doc, view.text);
    this.emit(doc);
    if (this.docs.size > this.maxOpen) this.closeLeastRecentlyUsed(this.docs.size - this.maxOpen, uri);
    return doc;
  }

  get(path: string): OpenDocument | undefined {
    return this.docs.get(pathToUri(path));
  }

  /** Paths of the open documents, or of those holding content from `origin` only. */
  paths(origin?: 'disk' | 'overlay'): string[] {
    return [...this.docs.values()].filter((d) => origin === undefined || d.origin === origin).map((d) => d.path);
  }

  isOpen(path: string): boolean {
    return this.docs.has(pathToUri(path));
  }

  get size(): number {
    return this.docs.size;
  }

  /** Hear about every didOpen/didChange sent (diagnostics waiters key on the new version). */
  onDidSync(listener: (doc: OpenDocument) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Close documents not used for `idleMs`; returns how many were closed. */
  closeIdle(idleMs: number, now = Date.now(), keep?: (doc: OpenDocument) => boolean): number {
    let n = 0;
    for (const doc of [...this.docs.values()]) {
      if (now - doc.lastUsed >= idleMs && !keep?.(doc) && !this.inUse(doc.uri)) {
        this.docs.delete(doc.uri);
        this.sink.didClose(doc);
        n++;
      }
    }
    return n;
  }

  /** Close one document now (it was opened for one question only). */
  close(path: string): void {
    const doc = this.docs.get(pathToUri(path));
    if (!doc) return;
    this.docs.delete(doc.uri);
    this.sink.didClose(doc);
  }

  /** Mark a document as in use, so the least-recently-used policy keeps it open. */
  touch(path: string): void {
    const d = this.docs.get(pathToUri(path));
    if (d) d.lastUsed = Date.now();
  }

  private nextVersion(uri: string): number {
    const v = (this.versions.get(uri) ?? 0) + 1;
    this.versions.set(uri, v);
    return v;
  }

  private emit(doc: OpenDocument): void {
    for (const l of [...this.listeners]) l(doc);
  }

  private closeLeastRecentlyUsed(count: number, except: string): void {
    const oldest = [...this.docs.values()]
      .filter((d) => d.uri !== except && !this.inUse(d.uri))
      .sort((a, b) => a.lastUsed - b.lastUsed)
      .slice(0, count);
    for (const doc of oldest) {
      this.docs.delete(doc.uri);
      this.sink.didClose(doc);
    }
  }

  /** Forget everything without notifying (the server is gone). */
  clear(): void {
    this.docs.clear();
  }
}
