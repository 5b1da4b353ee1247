import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsGet } from '../../../src/features/docs/get.js';
import { docsSearch } from '../../../src/features/docs/search.js';
import { extractFixture, fileDocsContext, FIXTURES } from './fixtures.js';

/**
 * Queries that spell a member's path as names (index/search.ts memberRows): with spaces
 * (`Circle area`, as people type), or with dots through a TypeScript global whose declared type
 * holds the members (`declare var Widget: WidgetConstructor` → `Widget.from` is
 * `WidgetConstructor.from`, as `Promise.all` is `PromiseConstructor.all` in TypeScript's lib);
 * and members a public Python class inherits from private bases of its module, under the public
 * class (`argparse.ArgumentParser.add_argument` is defined on `argparse._ActionsContainer`).
 */

const ctx = fileDocsContext(path.join(FIXTURES, 'member-paths'), { dependencies: false });

describe('member paths', () => {
  it('a class and member separated by a space answer that member first', async () => {
    const r = await docsSearch({ query: 'Circle area', limit: 5 }, ctx());
    expect(r.results[0]?.id).toBe('shapes.Circle.area');
    const lower = await docsSearch({ query: 'circle scale', limit: 5 }, ctx());
    expect(lower.results[0]?.id).toBe('shapes.Circle.scale');
  });

  it('two words that spell a documented module\'s path answer the module, though a question in words would not', async () => {
    const r = await docsSearch({ query: 'shapes solid', limit: 3 }, ctx());
    expect(r.results[0]?.id).toBe('shapes.solid');
    expect(r.results[0]?.kind).toBe('module');
  });

  it('a module named by the last segment of its path holds the member (Go\'s json.Marshal is std/encoding/json.Marshal)', async () => {
    const r = await docsSearch({ query: 'format wrap', limit: 3 }, ctx());
    expect(r.results[0]?.id).toBe('lib/text/format.wrap');
  });

  it("a TypeScript global's member is found on the type the global is declared with", async () => {
    const r = await docsSearch({ query: 'Widget.from', limit: 5 }, ctx());
    expect(r.results[0]?.id).toMatch(/WidgetConstructor\.from$/);
    const spaced = await docsSearch({ query: 'Widget isWidget', limit: 5 }, ctx());
    expect(spaced.results[0]?.id).toMatch(/WidgetConstructor\.isWidget$/);
    // Declared with a qualified type (`var engine: Engine.Runtime`, as `var process: NodeJS.Process`).
    const qualified = await docsSearch({ query: 'engine.halt', limit: 5 }, ctx());
    expect(qualified.results[0]?.id).toMatch(/Runtime\.halt$/);
  });

  for (const engine of ['fast', 'tree-sitter'] as const) {
    it(`${engine}: a public class carries the members of its private bases, nearest definition first`, async () => {
      const x = await extractFixture('member-paths', 'shapes/__init__.py', false, engine);
      const byId = new Map(x.items.map((i) => [i.id, i] as const));
      expect(byId.get('shapes.Square.describe')?.summary).toBe('Return a description that lists the corners.');
      expect(byId.get('shapes.Square.describe')?.tags.inherited_from).toBe('shapes._Polygon.describe');
      // Its own definition wins over the base's; private members and the private bases stay out.
      expect(byId.get('shapes.Square.corners')?.summary).toBe('Return the four corners, starting at the origin.');
      expect(byId.get('shapes.Square.corners')?.tags.inherited_from).toBeUndefined();
      expect(byId.has('shapes.Square._cache_key')).toBe(false);
      expect([...byId.keys()].filter((id) => id.includes('._'))).toEqual([]);
    });
  }

  for (const engine of ['fast', 'tree-sitter'] as const) {
    it(`${engine}: the copies follow Python's resolution order`, async () => {
      const x = await extractFixture('member-paths', 'mro/__init__.py', false, engine);
      const byId = new Map(x.items.map((i) => [i.id, i] as const));
      // Depth first: _Left, then _Root, then _Right.
      expect(byId.get('mro.Diamondless.m')?.tags.inherited_from).toBe('mro._Root.m');
      expect(byId.get('mro.Diamondless.m')?.tags.inherited_via).toBe('mro._Left mro._Root');
      expect(byId.get('mro.Diamondless.only_right')?.tags.inherited_from).toBe('mro._Right.only_right');
      // A public base of the module claims its members; the private base still gives the rest.
      expect(byId.has('mro.PublicFirst.m')).toBe(false);
      expect(byId.get('mro.PublicFirst.only_right')?.tags.inherited_from).toBe('mro._Right.only_right');
      // After a base from elsewhere nothing is known to be unshadowed.
      expect([...byId.keys()].filter((id) => id.startsWith('mro.AfterImported.'))).toEqual([]);
      // The constructor and dunder methods come along; the class is answered with its parameters.
      expect(byId.get('mro.Made.__init__')?.kind).toBe('constructor');
      expect(byId.get('mro.Made.__len__')?.summary).toBe('The size.');
      // A nested class's base is looked up beside it first.
      expect(byId.get('mro.Outer.Inner.nested_only')?.tags.inherited_from).toBe('mro.Outer._Base.nested_only');
      expect(byId.has('mro.Outer.Inner.module_only')).toBe(false);
    });
  }

  it('docs_get and docs_search reach a member inherited from a private base under the public class', async () => {
    const d = await docsGet({ id: 'shapes.Square.describe', max_chars: 8_000 }, ctx());
    expect(d.id).toBe('shapes.Square.describe');
    expect(d.summary).toBe('Return a description that lists the corners.');
    expect(d.inherited_via).toEqual(['shapes.Square', 'shapes._Polygon']);
    const made = await docsGet({ id: 'mro.Made', max_chars: 8_000 }, ctx());
    expect(made.params.map((p) => p.name)).toEqual(['size', 'colour']);
    const r = await docsSearch({ query: 'Square describe', limit: 3 }, ctx());
    expect(r.results[0]?.id).toBe('shapes.Square.describe');
  });
});
