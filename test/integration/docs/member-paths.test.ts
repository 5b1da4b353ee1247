import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureContext } from '../../../src/features/context.js';
import { docsSearch } from '../../../src/features/docs/search.js';
import { docsContext, FIXTURES } from './fixtures.js';

/**
 * Queries that spell a member's path as names (index/search.ts memberRows): with spaces
 * (`Circle area`, as people type), or with dots through a TypeScript global whose declared type
 * holds the members (`declare var Widget: WidgetConstructor` → `Widget.from` is
 * `WidgetConstructor.from`, as `Promise.all` is `PromiseConstructor.all` in TypeScript's lib).
 */

let ctx: FeatureContext;

beforeAll(async () => {
  ctx = docsContext(path.join(FIXTURES, 'member-paths'), { dependencies: false });
  await docsSearch({ query: 'warm up', limit: 1 }, ctx);
}, 60_000);

afterAll(async () => {
  await ctx.services.disposeAll();
});

describe('member paths', () => {
  it('a class and member separated by a space answer that member first', async () => {
    const r = await docsSearch({ query: 'Circle area', limit: 5 }, ctx);
    expect(r.results[0]?.id).toBe('shapes.Circle.area');
    const lower = await docsSearch({ query: 'circle scale', limit: 5 }, ctx);
    expect(lower.results[0]?.id).toBe('shapes.Circle.scale');
  });

  it("a TypeScript global's member is found on the type the global is declared with", async () => {
    const r = await docsSearch({ query: 'Widget.from', limit: 5 }, ctx);
    expect(r.results[0]?.id).toMatch(/WidgetConstructor\.from$/);
    const spaced = await docsSearch({ query: 'Widget isWidget', limit: 5 }, ctx);
    expect(spaced.results[0]?.id).toMatch(/WidgetConstructor\.isWidget$/);
  });
});
