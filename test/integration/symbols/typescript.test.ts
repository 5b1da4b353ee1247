import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDetailsKeepTheAnswer, FIXTURES, isAlive, makeContext, waitFor } from './helpers.js';

// typescript-language-server from docent's own node_modules, over the TypeScript it depends on.
let env: ReturnType<typeof makeContext>;
const root = path.join(FIXTURES, 'ts');

beforeAll(async () => {
  env = makeContext([root]);
  await env.search({ query: 'User', include_details: false });
  await env.indexDocs();
});
afterAll(async () => {
  await env?.services.disposeAll();
});

const names = (r: { symbols: Array<{ qualified_name: string }> }) => r.symbols.map((s) => s.qualified_name);

describe('search_symbols on typescript-language-server', () => {
  it('finds a method with its class as qualifier, signature and JSDoc', async () => {
    const r = await env.search({ query: 'getUser' });
    expect(r.index_status).toBe('ready');
    expect(r.servers.map((s) => s.server)).toEqual(['typescript']);
    const m = r.symbols[0]!;
    expect(m.qualified_name).toBe('UserRepository.getUser');
    expect(m.kind).toBe('method');
    expect(m.location.file).toBe('src/models/user.ts');
    expect(m.location.line_preview).toBe('getUser(id: UserId): User | undefined {');
    expect(m.signature).toContain('getUser(id: UserId): User | undefined');
    expect(m.documentation).toBe('Look a user up by id.');
  });

  it('ranks the exact name first and recognises type aliases and interfaces', async () => {
    const r = await env.search({ query: 'User', include_details: false });
    expect(r.symbols[0]!.name).toBe('User');
    expect(r.symbols[0]!.kind).toBe('interface');
    expect(r.symbols.find((s) => s.name === 'UserId')?.kind).toBe('typedef');
  });

  it('kinds filter', async () => {
    const r = await env.search({ query: 'User', kinds: ['class'], include_details: false });
    expect(names(r)).toEqual(['UserRepository']);
  });

  it('files with a Class.member query', async () => {
    const r = await env.search({ query: 'Greeter.greet', files: ['src/util/format.ts'], include_details: false });
    expect(names(r)).toEqual(['Greeter.greet', 'Greeter.greeting']); // exact before prefix
  });

  it('workspace-wide Class.member: the TypeScript server matches bare names only, so the scope is applied to its answer', async () => {
    const r = await env.search({ query: 'Greeter.greet', include_details: false });
    expect(r.symbols.map((s) => s.qualified_name)).toContain('Greeter.greet');
    expect(r.symbols.every((s) => s.qualified_name.startsWith('Greeter.'))).toBe(true);
    // The file is the module: `format.formatUser`, as `import * as format from './util/format'` names it.
    const mod = await env.search({ query: 'format.formatUser', include_details: false });
    expect(mod.symbols.map((s) => s.qualified_name)).toEqual(['format.formatUser']);
  });

  it('max_results below total_matches', async () => {
    const r = await env.search({ query: 'User', max_results: 2, include_details: false });
    expect(r.total_matches).toBeGreaterThan(2);
    expect(r.symbols).toHaveLength(2);
    expect(r.truncated).toBe(true);
  });

  it('counts references', async () => {
    const r = await env.search({ query: 'formatUser', include_references: true });
    const f = r.symbols.find((s) => s.name === 'formatUser')!;
    expect(f.references_count).toBe(3); // the import and call in index.ts, the call in greet()
  });

  it('stops the server and its tsserver children on dispose', async () => {
    const mine = makeContext([root]);
    await mine.search({ query: 'Greeter', include_details: false });
    const pid = mine.manager().list()[0]!.pid!;
    expect(isAlive(pid)).toBe(true);
    await mine.services.disposeAll();
    expect(isAlive(pid)).toBe(false);
    // The whole process group (tsserver included) is gone.
    expect(await waitFor(() => { try { process.kill(-pid, 0); return false; } catch { return true; } }, 3000)).toBe(true);
  });
});

describe('details never change the answer', () => {
  it('the default call answers the same symbols in the same order as the call without details', () => expectDetailsKeepTheAnswer(env));
});
