import { describe, expect, it } from 'vitest';
import { EditFilesInput, editFiles } from '../../../src/features/change/edits.js';
import { DocsSearchInput, DocsSearchOutput, docsSearch } from '../../../src/features/docs/search.js';
import { startDocsIndexing } from '../../../src/features/docs/service.js';
import { useChangeFixture, type changeContext, type materialize } from './helpers.js';

// A file the edit applier writes is re-indexed at once: with the docs index's file watcher off,
// a docstring changed by edit_files is what the very next docs_search answers.
let fx: ReturnType<typeof materialize>;
let env: ReturnType<typeof changeContext>;

useChangeFixture('py', (f, e) => {
  fx = f;
  env = e;
}, { index: { enabled: true, watch: false, workers: 0 } });

const snippetOf = async (query: string, name: string) => DocsSearchOutput.parse(await docsSearch(DocsSearchInput.parse({ query }), env.ctx)).results.find((r) => r.name === name)?.snippet;

describe('the docs index after an applied edit', () => {
  it('a changed docstring is what the next docs_search answers, without a watcher', async () => {
    const svc = startDocsIndexing({ workspace: env.ctx.workspace, config: env.ctx.config, services: env.ctx.services });
    await svc.index.catchUp();
    expect(await snippetOf('price', 'price_of')).toBe('The price of one item.');

    await editFiles(EditFilesInput.parse({ edits: [{ file: 'shop/models.py', range: { start: { line: 2, column: 8 }, end: { line: 2, column: 30 } }, new_text: 'The price of one tangerine.' }], apply: true }), env.ctx);
    expect(fx.read('shop/models.py')).toContain('"""The price of one tangerine."""');
    expect(await snippetOf('price', 'price_of')).toBe('The price of one tangerine.');
  });
});
