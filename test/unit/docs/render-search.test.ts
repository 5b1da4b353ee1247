import { describe, expect, it } from 'vitest';
import { renderDocsSearch } from '../../../src/features/docs/search.js';

/** docs_search's text: each hit's copies in one line, an id listed for several files once. */
describe('docs_search text', () => {
  const hit = (also_in: { id: string; file: string; line: number }[]) => ({
    id: 'zod.email', score: 1.25, name: 'email', kind: 'function', snippet: 'function email(params?: string): ZodEmail', module: 'zod',
    signature: 'function email(params?: string): ZodEmail', file: 'node_modules/zod/v4/classic/schemas.d.cts', line: 198, package: 'zod', version: '4.6.7', also_in,
  });
  const render = (also_in: { id: string; file: string; line: number }[]) =>
    renderDocsSearch({ query: 'email', results: [hit(also_in)], index_status: { state: 'ready', files: 1, items: 1, pending: 0, note: null } }).split('\n');

  it('names an id listed for several files once, with their number', () => {
    const lines = render([
      { id: 'zod/v4/classic/schemas.email', file: 'node_modules/zod/v4/classic/schemas.cjs', line: 491 },
      { id: 'zod/v4/classic/schemas.email', file: 'node_modules/zod/v4/classic/schemas.js', line: 380 },
      { id: 'zod/v4/classic/schemas.email', file: 'node_modules/zod/v4/classic/schemas.d.ts', line: 198 },
      { id: 'zod.email', file: 'node_modules/zod/v4/classic/schemas.js', line: 380 },
    ]);
    expect(lines).toContain('   also in: zod/v4/classic/schemas.email (3 files), node_modules/zod/v4/classic/schemas.js:380');
  });

  it('counts what it leaves out by what it would have shown', () => {
    const lines = render(['a', 'b', 'c', 'd', 'e'].map((m, i) => ({ id: `${m}.email`, file: `${m}.js`, line: i + 1 })));
    expect(lines).toContain('   also in: a.email, b.email, c.email (+2)');
  });
});
