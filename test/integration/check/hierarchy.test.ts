import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocentSession } from '../../helpers/docent.js';
import { materialize, ok, serve } from './helpers.js';

// Hierarchies through two levels on each server: leaf <- middle <- top call chains, and
// Shape <- Rect <- Square class hierarchies (C++, TypeScript) / Animal <- Dog <- Puppy (Python).
const fx: Record<string, ReturnType<typeof materialize>> = {};
const s: Record<string, DocentSession> = {};

beforeAll(async () => {
  for (const k of ['ts', 'py', 'cpp'] as const) fx[k] = materialize(k);
  const [ts, py, cpp] = await Promise.all([serve(fx.ts!.root), serve(fx.py!.root), serve(fx.cpp!.root)]);
  Object.assign(s, { ts, py, cpp });
}, 120_000);
afterAll(async () => {
  for (const x of Object.values(s)) await x.close();
  for (const f of Object.values(fx)) f.cleanup();
});

interface Node {
  name: string;
  qualified_name: string;
  location: { file: string; line: number; line_preview: string };
  children: Node[];
}
const chain = (n: Node | null): string[] => (n ? [n.qualified_name, ...(n.children[0] ? chain(n.children[0]) : [])] : []);

describe('call_hierarchy', () => {
  it('TypeScript: incoming calls of leaf through two levels', async () => {
    const r = ok(await s.ts!.call('call_hierarchy', { symbol_name: 'leaf', file_path: 'src/util.ts', direction: 'incoming', depth: 2 }));
    expect(chain(r.root).map((n) => n.split('.').pop())).toEqual(['leaf', 'middle', 'top']);
    expect(r.root.children[0].location).toMatchObject({ file: 'src/util.ts', line: 12 });
  });

  it('TypeScript: outgoing calls of top through two levels, bounded by max_results', async () => {
    const r = ok(await s.ts!.call('call_hierarchy', { symbol_name: 'top', file_path: 'src/util.ts', direction: 'outgoing', depth: 3 }));
    expect(chain(r.root)).toEqual(['top', 'middle', 'leaf', 'add']);
    const cut = ok(await s.ts!.call('call_hierarchy', { symbol_name: 'top', file_path: 'src/util.ts', direction: 'outgoing', depth: 3, max_results: 2 }));
    expect(cut).toMatchObject({ nodes: 2, truncated: true });
  });

  it('clangd: incoming calls of geo::leaf through two levels, with qualified names from the outline', async () => {
    const r = ok(await s.cpp!.call('call_hierarchy', { symbol_name: 'geo::leaf', direction: 'incoming', depth: 2 }));
    expect(chain(r.root)).toEqual(['geo::leaf', 'geo::middle', 'geo::top']);
    expect(r.root.children[0].location).toMatchObject({ file: 'src/shapes.cpp', line: 9, line_preview: 'int middle() { return leaf() + 1; }' });
    // clangd 14 has no outgoing calls: said plainly, with what works instead.
    const out = await s.cpp!.call('call_hierarchy', { symbol_name: 'geo::top', direction: 'outgoing' });
    if (out.isError) expect((out.structuredContent as { error: { code: string; hint: string } }).error).toMatchObject({ code: 'E_UNAVAILABLE', hint: expect.stringContaining('incoming') });
  });

  it('pyright: incoming calls of leaf through two levels', async () => {
    const r = ok(await s.py!.call('call_hierarchy', { symbol_name: 'leaf', file_path: 'app/models.py', direction: 'incoming' }));
    expect(chain(r.root).map((n) => n.split('.').pop())).toEqual(['leaf', 'middle', 'top']);
  });
});

describe('type_hierarchy and find_implementations', () => {
  it('clangd: supertypes of Square through two levels, subtypes of Shape', async () => {
    const up = ok(await s.cpp!.call('type_hierarchy', { symbol_name: 'geo::Square', direction: 'supertypes' }));
    expect(chain(up.root)).toEqual(['geo::Square', 'geo::Rect', 'geo::Shape']);
    const down = ok(await s.cpp!.call('type_hierarchy', { symbol_name: 'geo::Shape', direction: 'subtypes' }));
    expect(chain(down.root)).toEqual(['geo::Shape', 'geo::Rect', 'geo::Square']);
  });

  it('TypeScript: implementations of Shape', async () => {
    const r = ok(await s.ts!.call('find_implementations', { symbol_name: 'Shape', file_path: 'src/shapes.ts' }));
    expect(r.implementations.map((i: { name: string }) => i.name)).toContain('Rect');
  });
});
