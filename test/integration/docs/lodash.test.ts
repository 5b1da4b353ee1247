import { createRequire } from 'node:module';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/core/config/load.js';
import { createLogger } from '../../../src/core/log.js';
import { ServiceRegistry } from '../../../src/core/services.js';
import { Workspace } from '../../../src/core/workspace/workspace.js';
import { OwnedSession, type FeatureContext } from '../../../src/features/context.js';
import { docsExamples } from '../../../src/features/docs/examples.js';
import { docsGet } from '../../../src/features/docs/get.js';
import { docsRelated } from '../../../src/features/docs/related.js';
import { docsResolve } from '../../../src/features/docs/resolve.js';
import { docsSearch } from '../../../src/features/docs/search.js';

/** A real third-party library: lodash's JSDoc, indexed from node_modules (a devDependency). */

const require = createRequire(import.meta.url);
const lodashRoot = path.dirname(require.resolve('lodash/package.json'));
let ctx: FeatureContext;

beforeAll(async () => {
  const { config } = loadConfig({ flags: { indexDir: mkdtempSync(path.join(tmpdir(), 'docent-lodash-')), index: { workers: 0 } } as never, env: {} });
  ctx = { workspace: new Workspace([lodashRoot]), config, services: new ServiceRegistry(), signal: new AbortController().signal, progress: () => {}, log: createLogger('test'), session: new OwnedSession('test') };
  await docsSearch({ query: 'warm up', limit: 1 }, ctx); // builds the index
}, 120_000);

afterAll(async () => {
  await ctx.services.disposeAll();
});

describe('lodash (JSDoc in an IIFE and in per-method modules)', () => {
  it('docs_get _.debounce: params func, wait, options and its fields, returns, examples', async () => {
    const d = await docsGet({ id: '_.debounce', max_chars: 24_000 }, ctx);
    expect(d.kind).toBe('function');
    expect(d.signature).toBe('function debounce(func, wait, options)');
    expect(d.summary).toBe('Creates a debounced function that delays invoking `func` until after `wait` milliseconds have elapsed since the last time the debounced function was invoked.');
    expect(d.params.map((p) => p.name)).toEqual(['func', 'wait', 'options', 'options.leading', 'options.maxWait', 'options.trailing']);
    expect(d.params[0]).toEqual({ name: 'func', type: 'Function', doc: 'The function to debounce.' });
    expect(d.params[1]).toEqual({ name: 'wait', type: 'number', doc: 'The number of milliseconds to delay.', default: '0', optional: true });
    expect(d.params[3]).toEqual({ name: 'options.leading', type: 'boolean', doc: 'Specify invoking on the leading edge of the timeout.', optional: true, default: 'false' });
    expect(d.returns).toEqual({ type: 'Function', doc: 'Returns the new debounced function.' });
    expect(d.examples.length).toBeGreaterThanOrEqual(1);
    expect(d.examples[0]!.code).toContain("_.debounce(calculateLayout, 150)");
    expect(d.since).toBe('0.1.0');
    expect(d.tags.category).toBe('Function');
    expect(d.doc).toContain('**Note:**');
  });

  it('docs_search finds debounce from a natural-language description', async () => {
    const r = await docsSearch({ query: 'delay a function until input stops', limit: 5 }, ctx);
    expect(r.results[0]?.id).toBe('_.debounce');
    for (let i = 1; i < r.results.length; i++) expect(r.results[i - 1]!.score).toBeGreaterThanOrEqual(r.results[i]!.score);
    expect((await docsSearch({ query: 'debounce', limit: 3 }, ctx)).results[0]?.id).toBe('_.debounce');
    expect((await docsSearch({ query: 'deep clone an object', limit: 5 }, ctx)).results.map((x) => x.id)).toContain('_.cloneDeep');
    expect((await docsSearch({ query: 'throttle', kinds: ['function'], limit: 3 }, ctx)).results[0]?.id).toBe('_.throttle');
  });

  it('docs_examples marks lodash examples as runnable JavaScript', async () => {
    const r = await docsExamples({ id: '_.debounce' }, ctx);
    expect(r.examples.length).toBeGreaterThan(0);
    expect(r.examples.every((e) => e.language === 'javascript' && e.runnable)).toBe(true);
  });

  it('docs_related and docs_resolve work on real data', async () => {
    const rel = await docsRelated({ id: '_.debounce', limit: 20 }, ctx);
    expect(rel.related.length).toBeGreaterThan(0);
    expect(rel.related.some((x) => x.id === '_.throttle')).toBe(true);
    const res = await docsResolve({ symbol: 'debounce' }, ctx);
    expect(res.id).toBe('_.debounce');
    expect(res.kind).toBe('function');
  });
});
