import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsGet, renderDocItem } from '../../../src/features/docs/get.js';
import { docsSearch } from '../../../src/features/docs/search.js';
import { fileDocsContext, FIXTURES } from './fixtures.js';

/**
 * Members a class inherits, found under the path users write (index/inherited.ts):
 * `webkit.Application.route` is defined two bases up, on `webkit.core.scaffold.Scaffold`, with
 * each base imported by a relative import; a TypeScript class `extends` a class of another file.
 */

const ctx = fileDocsContext(path.join(FIXTURES, 'inherited'), { dependencies: false });

describe('inherited members', () => {
  it('docs_get finds a method two bases up under the subclass public path, and says through which classes', async () => {
    const r = await docsGet({ id: 'webkit.Application.route', max_chars: 24_000 }, ctx());
    expect(r.id).toBe('webkit.core.scaffold.Scaffold.route');
    expect(r.summary).toBe('Decorate a view function to register it for the given URL rule.');
    expect(r.inherited_via).toEqual(['webkit.app.Application', 'webkit.core.base.BaseApp', 'webkit.core.scaffold.Scaffold']);
    expect(renderDocItem(r)).toContain('inherited: webkit.app.Application → webkit.core.base.BaseApp → webkit.core.scaffold.Scaffold');
  });

  it("a class's own member is not reported as inherited", async () => {
    const r = await docsGet({ id: 'webkit.Application.run', max_chars: 24_000 }, ctx());
    expect(r.id).toBe('webkit.app.Application.run');
    expect(r.inherited_via).toBeUndefined();
  });

  it('docs_search for the inherited path answers it first, under that path, its definition in also_in', async () => {
    const r = await docsSearch({ query: 'webkit.Application.route', limit: 5 }, ctx());
    expect(r.results[0]!.id).toBe('webkit.Application.route');
    expect(r.results[0]!.also_in?.map((a) => a.id)).toContain('webkit.core.scaffold.Scaffold.route');
  });

  it('follows a TypeScript extends to the class of another file', async () => {
    const r = await docsGet({ id: 'ts/circle.Circle.translate', max_chars: 24_000 }, ctx());
    expect(r.id).toBe('ts/shapes.Shape.translate');
    expect(r.inherited_via).toEqual(['ts/circle.Circle', 'ts/shapes.Shape']);
  });

  it('a member no base defines is still not found, with E_NOT_FOUND', async () => {
    await expect(docsGet({ id: 'webkit.Application.no_such_method', max_chars: 24_000 }, ctx())).rejects.toMatchObject({ code: 'E_NOT_FOUND' });
    // Private members stay private when reached through a subclass.
    await expect(docsGet({ id: 'webkit.Application._private_helper', max_chars: 24_000 }, ctx())).rejects.toMatchObject({ code: 'E_NOT_FOUND' });
  });
});
