import type { DocumentSymbol, SymbolInformation } from 'vscode-languageserver-protocol';
import type { FileRequestOptions } from './language-server.js';
import type { LanguageServer } from './language-server.js';
import { fileStamp } from './file-text.js';
import { hasOverlays } from './hover-cache.js';

/**
 * Document-symbol answers cached per (server process, file version). A file's outline depends
 * on that file alone, so its mtime and size are a complete key: an edit invalidates at once.
 * Symbol lookups ask for the same few outlines again and again (the file asked about, the
 * file a definition is in).
 */

export const OUTLINE_CACHE_KEY = 'lsp-outline-cache';
const MAX_ENTRIES = 500;

type Outline = Array<DocumentSymbol | SymbolInformation>;


export class OutlineCache {
  private readonly entries = new Map<string, { stamp: string; items: Outline }>();

  async documentSymbols(server: LanguageServer, file: string, opts: FileRequestOptions = {}): Promise<Outline> {
    if (hasOverlays(server, opts.session)) return (await server.documentSymbols(file, opts)) ?? [];
    const key = `${server.key}\0${server.pid ?? 0}\0${file}`;
    const now = fileStamp(file);
    const hit = this.entries.get(key);
    if (hit && hit.stamp === now) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.items;
    }
    const items = (await server.documentSymbols(file, opts)) ?? [];
    if (fileStamp(file) === now) {
      this.entries.set(`${server.key}\0${server.pid ?? 0}\0${file}`, { stamp: now, items });
      if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    }
    return items;
  }

  dispose(): void {
    this.entries.clear();
  }
}
