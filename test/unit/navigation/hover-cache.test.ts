import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Hover, Position } from 'vscode-languageserver-protocol';
import { HoverCache } from '../../../src/core/lsp/hover-cache.js';
import type { LanguageServer } from '../../../src/core/lsp/language-server.js';

const dir = mkdtempSync(path.join(tmpdir(), 'docent-hover-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in server that counts hover requests and answers with the request number. */
function fakeServer() {
  const s = { key: 'fake\0/root', pid: 1, calls: 0, async hover(_f: string, _p: Position): Promise<Hover> {
    s.calls++;
    return { contents: { kind: 'markdown', value: `answer ${s.calls}` } };
  } };
  return s;
}
const text = (h: Hover | null) => (h?.contents as { value: string }).value;

describe('HoverCache', () => {
  it('answers repeated hovers from the cache until the file changes', async () => {
    const file = path.join(dir, 'a.ts');
    writeFileSync(file, 'export const a = 1;\n');
    const server = fakeServer();
    const cache = new HoverCache();
    const pos = { line: 0, character: 13 };
    expect(text(await cache.hover(server as unknown as LanguageServer, file, pos))).toBe('answer 1');
    expect(text(await cache.hover(server as unknown as LanguageServer, file, pos))).toBe('answer 1');
    expect(server.calls).toBe(1);
    // Another position is another entry.
    await cache.hover(server as unknown as LanguageServer, file, { line: 0, character: 7 });
    expect(server.calls).toBe(2);
    writeFileSync(file, 'export const a = 22;\n');
    expect(text(await cache.hover(server as unknown as LanguageServer, file, pos))).toBe('answer 3');
  });

  it('a change to a dependency (the definition file) invalidates too, and so does a server restart', async () => {
    const use = path.join(dir, 'use.ts');
    const def = path.join(dir, 'def.ts');
    writeFileSync(use, 'x\n');
    writeFileSync(def, '/** doc */ export const x = 1;\n');
    const server = fakeServer();
    const cache = new HoverCache();
    const pos = { line: 0, character: 0 };
    await cache.hover(server as unknown as LanguageServer, use, pos);
    cache.dependOn(server as unknown as LanguageServer, use, pos, [def]);
    await cache.hover(server as unknown as LanguageServer, use, pos);
    expect(server.calls).toBe(1);
    const later = new Date(Date.now() + 5000);
    writeFileSync(def, '/** new doc */ export const x = 1;\n');
    utimesSync(def, later, later);
    await cache.hover(server as unknown as LanguageServer, use, pos);
    expect(server.calls).toBe(2);
    server.pid = 2; // restarted
    await cache.hover(server as unknown as LanguageServer, use, pos);
    expect(server.calls).toBe(3);
  });

  it('does not keep an empty answer from a server still in its readiness window', async () => {
    const file = path.join(dir, 'young.ts');
    writeFileSync(file, 'export const y = 1;\n');
    let answer: Hover | null = null;
    const server = { key: 'young\0/root', pid: 7, young: true, calls: 0, async hover(): Promise<Hover | null> {
      server.calls++;
      return answer;
    } };
    const cache = new HoverCache();
    const pos = { line: 0, character: 13 };
    expect(await cache.hover(server as unknown as LanguageServer, file, pos)).toBeNull();
    answer = { contents: { kind: 'markdown', value: 'loaded' } };
    expect(text(await cache.hover(server as unknown as LanguageServer, file, pos))).toBe('loaded');
    expect(server.calls).toBe(2);
    // A real answer is kept; so is an empty one once the server is past its window.
    await cache.hover(server as unknown as LanguageServer, file, pos);
    expect(server.calls).toBe(2);
    server.young = false;
    answer = null;
    const other = { line: 0, character: 7 };
    await cache.hover(server as unknown as LanguageServer, file, other);
    await cache.hover(server as unknown as LanguageServer, file, other);
    expect(server.calls).toBe(3);
  });
});
