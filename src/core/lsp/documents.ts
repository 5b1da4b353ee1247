import { readFileText } from './file-text.js';
import { pathToUri } from './positions.js';

/**
 * The documents one client has open in its server. Servers answer many requests only for
 * open documents (clangd parses on didOpen; the TypeScript server loads a project around an
 * open file), so every query on a file goes through `ensureOpen`. A document whose file changed
 * on disk is re-sent with didChange; documents unused for a while are closed with didClose.
 */
export interface OpenDocument {
  uri: string;
  path: string;
  languageId: string;
  version: number;
  mtimeMs: number;
  size: number;
  lastUsed: number;
}

export interface DocumentSink {
  didOpen(doc: OpenDocument, text: string): void;
  didChange(doc: OpenDocument, text: string): void;
  didClose(doc: OpenDocument): void;
}

export class OpenDocuments {
  private readonly docs = new Map<string, OpenDocument>();

  constructor(
    private readonly sink: DocumentSink,
    private readonly maxOpen = 64,
  ) {}

  /** Open `path` (or refresh it if it changed); returns undefined when the file is unreadable. */
  ensureOpen(path: string, languageId: string): OpenDocument | undefined {
    const ft = readFileText(path);
    if (!ft) return undefined;
    const uri = pathToUri(path);
    const now = Date.now();
    const cur = this.docs.get(uri);
    if (cur) {
      cur.lastUsed = now;
      if (cur.mtimeMs !== ft.mtimeMs || cur.size !== ft.size) {
        cur.version++;
        cur.mtimeMs = ft.mtimeMs;
        cur.size = ft.size;
        this.sink.didChange(cur, ft.text);
      }
      return cur;
    }
    const doc: OpenDocument = { uri, path, languageId, version: 1, mtimeMs: ft.mtimeMs, size: ft.size, lastUsed: now };
    this.docs.set(uri, doc);
    this.sink.didOpen(doc, ft.text);
    if (this.docs.size > this.maxOpen) this.closeLeastRecentlyUsed(this.docs.size - this.maxOpen);
    return doc;
  }

  isOpen(path: string): boolean {
    return this.docs.has(pathToUri(path));
  }

  get size(): number {
    return this.docs.size;
  }

  /** Close documents not used for `idleMs`; returns how many were closed. */
  closeIdle(idleMs: number, now = Date.now()): number {
    let n = 0;
    for (const doc of [...this.docs.values()]) {
      if (now - doc.lastUsed >= idleMs) {
        this.docs.delete(doc.uri);
        this.sink.didClose(doc);
        n++;
      }
    }
    return n;
  }

  private closeLeastRecentlyUsed(count: number): void {
    const oldest = [...this.docs.values()].sort((a, b) => a.lastUsed - b.lastUsed).slice(0, count);
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
