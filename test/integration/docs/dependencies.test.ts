import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocsIndex } from '../../../src/core/index/service.js';
import { errorOf, startDocent, type DocentSession } from '../../helpers/docent.js';

/**
 * Installed dependencies in the docs index, end to end over MCP stdio: the npm packages
 * package.json declares are indexed from node_modules (an undeclared one is not), every item
 * of an installed package carries its package and version (npm package.json, Python
 * dist-info), and `scope` keeps the project's own items apart from the packages'.
 */

const FIXTURE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/docs-deps');
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let root: string;
let indexDir: string;
let session: DocentSession;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-deps-'));
  cpSync(FIXTURE, root, { recursive: true });
  // Committed as _node_modules: a real node_modules folder would be gitignored.
  renameSync(path.join(root, '_node_modules'), path.join(root, 'node_modules'));
  indexDir = mkdtempSync(path.join(tmpdir(), 'docent-deps-idx-'));
  session = await startDocent(['--root', root], { DOCENT_INDEX_DIR: indexDir });
  const s = await session.call('index_status', { wait: true });
  expect((s.structuredContent as { state: string }).state).toBe('ready');
}, 60_000);

afterAll(async () => {
  await session?.close();
  if (root) rmSync(root, { recursive: true, force: true });
  if (indexDir) rmSync(indexDir, { recursive: true, force: true });
});

const sc = (r: { structuredContent?: unknown }) => r.structuredContent as Record<string, any>;
const ids = (r: { structuredContent?: unknown }) => (sc(r).results as { id: string }[]).map((x) => x.id);

describe('installed dependencies in the docs index', () => {
  it('indexes the declared npm package (its .d.ts and JSDoc’d .js) but not an undeclared one', async () => {
    const s = sc(await session.call('index_status', {}));
    expect(s.packages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'tinyfmt', version: '1.2.3', ecosystem: 'npm', files: 2, state: 'indexed' }),
        expect.objectContaining({ name: 'widgetlib', version: '2.0.1', ecosystem: 'in-tree', files: 1, state: 'indexed' }),
        expect.objectContaining({ name: 'not-installed-pkg', version: '', ecosystem: 'npm', files: 0, state: 'not_installed' }),
      ]),
    );
    expect(s.packages.map((p: { name: string }) => p.name)).not.toContain('undeclared');
    expect(ids(await session.call('docs_search', { query: 'pad a receipt column' }))).toContain('tinyfmt.padColumn');
    expect(ids(await session.call('docs_search', { query: 'round an amount to whole cents' }))).toContain('tinyfmt.roundCents'); // lib/index.js is tinyfmt's `main`
    expect(ids(await session.call('docs_search', { query: 'sneaky shuffle widgets' })).filter((id) => /sneaky/i.test(id))).toEqual([]);
    expect(errorOf(await session.call('docs_resolve', { symbol: 'sneakyShuffle' })).code).toBe('E_NOT_FOUND');
    expect(errorOf(await session.call('docs_resolve', { symbol: 'undocumentedHelper' })).code).toBe('E_NOT_FOUND');
  });

  it("indexes JavaScript's standard library (TypeScript's lib.*.d.ts, docent's own TypeScript here) as the package typescript-lib", async () => {
    const version = JSON.parse(readFileSync(path.join(REPO_ROOT, 'node_modules/typescript/package.json'), 'utf8')).version as string;
    const s = sc(await session.call('index_status', {}));
    const lib = (s.packages as { name: string; version: string; ecosystem: string; files: number; state: string }[]).find((p) => p.name === 'typescript-lib');
    expect(lib).toMatchObject({ version, ecosystem: 'npm', state: 'indexed' });
    expect(lib!.files).toBeGreaterThan(50);
    const hits = sc(await session.call('docs_search', { query: 'remove whitespace from both ends of a string' })).results as { id: string; package: string | null; version: string | null }[];
    expect(hits.find((h) => h.id === 'lib.es5.String.trim')).toMatchObject({ package: 'typescript-lib', version });
    // The project's own code stays apart.
    const own = sc(await session.call('docs_search', { query: 'remove whitespace from both ends of a string', scope: 'project' })).results as { package: string | null }[];
    expect(own.every((h) => h.package === null)).toBe(true);
    // A package the project declares, saying what the standard library says, comes first.
    const both = (sc(await session.call('docs_search', { query: 'remove the leading and trailing white space from a string' })).results as { id: string }[]).map((h) => h.id);
    expect(both.indexOf('tinyfmt.trimText')).toBeGreaterThanOrEqual(0);
    expect(both.indexOf('tinyfmt.trimText')).toBeLessThan(both.indexOf('lib.es5.String.trim'));
  });

  it("finds a package's exported namespace as code writes it (`v.record` for nsdemo's `v`, as `z.object` for zod's `z`)", async () => {
    const hits = sc(await session.call('docs_search', { query: 'v.record' })).results as { id: string; package: string | null; snippet: string; score: number }[];
    expect(hits[0]).toMatchObject({ id: 'nsdemo.record', package: 'nsdemo' });
    expect(hits[0]!.snippet).toBe('Build a validator for an object with the given fields.');
    // Named by its path, not a near-tie with the journal's namesake (as it was: 0.62 against 0.61).
    expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score + 0.5);
    // Written out in full, it is shown as written (also public as `nsdemo.text`).
    expect(ids(await session.call('docs_search', { query: 'nsdemo.v.text' }))[0]).toBe('nsdemo.v.text');
    // A local exported under a second name (`export type { output as infer }`, zod's `z.infer`)
    // is found by it; shown by its own name, public in the same place (zod's own `output` is
    // another item, so there it shows as `zod.infer`).
    expect(ids(await session.call('docs_search', { query: 'v.infer' }))[0]).toBe('nsdemo.output');
    expect(sc(await session.call('docs_get', { id: 'nsdemo.v.infer' })).summary).toBe("The type a validator's checked values have.");
  });

  it("finds classes a CommonJS entry point without docs attaches to its export (ws's `WebSocket.Server`) under the package's path", async () => {
    const s = sc(await session.call('index_status', {}));
    // index.js has no doc comment; as the package's entry it is read for what it re-exports.
    expect(s.packages).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'sockdemo', version: '1.4.0', files: 3, state: 'indexed' })]));
    const asked = sc(await session.call('docs_search', { query: 'sockdemo.Server' })).results as { id: string; package: string | null; also_in?: { id: string }[] }[];
    expect(asked[0]).toMatchObject({ id: 'sockdemo.Server', package: 'sockdemo' });
    expect(asked[0]!.also_in?.map((a) => a.id)).toContain('sockdemo/lib/socket-server.SocketServer');
    // Of its two public names, the one asked.
    expect(ids(await session.call('docs_search', { query: 'sockdemo.SocketServer' }))[0]).toBe('sockdemo.SocketServer');
    // Found by what it does, it is named as it names itself (`Server` is the second name).
    const words = sc(await session.call('docs_search', { query: 'accept incoming connections on a port', scope: 'deps' })).results as { id: string }[];
    expect(words[0]!.id).toBe('sockdemo.SocketServer');
    // The other name and the exported class's own members, under the package too.
    expect(sc(await session.call('docs_get', { id: 'sockdemo.SocketServer' })).summary).toBe('Accept incoming connections on a port and hand each one to a listener.');
    expect(sc(await session.call('docs_get', { id: 'sockdemo.Socket.send' })).summary).toBe('Queue a message for the peer.');
    // Its members are named as it is.
    expect(ids(await session.call('docs_search', { query: 'stop accepting connections', scope: 'deps' }))[0]).toBe('sockdemo.SocketServer.close');
  });

  it("reads the index.js of a package that names neither main nor exports, and keeps what it passes on from other packages (express's `express.static`)", async () => {
    const s = sc(await session.call('index_status', {}));
    expect(s.packages).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'mwdemo', version: '4.2.0', ecosystem: 'npm', files: 4, state: 'indexed' })]));
    // `exports.static = require('serve-static')`: serve-static is not indexed (not declared here),
    // so the name stays an item of mwdemo, under the package's path, its line saying where it comes from.
    const stat = sc(await session.call('docs_search', { query: 'mwdemo.static', scope: 'deps' })).results as { id: string; package: string | null; signature?: string; snippet?: string }[];
    expect(stat[0]).toMatchObject({ id: 'mwdemo.static', package: 'mwdemo' });
    expect(sc(await session.call('docs_get', { id: 'mwdemo.static' })).signature).toBe("exports.static = require('serve-static')");
    // A member of a local bound to another package (`bodyParser.json`).
    expect(sc(await session.call('docs_get', { id: 'mwdemo.urlencoded' })).signature).toBe('exports.urlencoded = bodyParser.urlencoded');
    // The package's own names under its path too: the relative re-export and the documented function.
    expect(ids(await session.call('docs_search', { query: 'mwdemo.Router', scope: 'deps' }))[0]).toBe('mwdemo.Router');
    // `module.exports = function Router(options)` is an item named Router (it was `module.exports`).
    expect(sc(await session.call('docs_get', { id: 'mwdemo.Router' })).summary).toBe("A router: match a request's path against its routes, in the order they were added.");
    // `var proto = module.exports = function(path)`, required whole as `Route`: its default.
    expect(sc(await session.call('docs_get', { id: 'mwdemo.Route' })).summary).toBe('Initialize a route for the given path, holding the handlers of each method.');
    expect(ids(await session.call('docs_search', { query: 'create an application that routes requests through middleware', scope: 'deps' }))).toContain('mwdemo.createApplication');
  });

  it("answers a package laid out as date-fns is: its name, hyphen and all, in a path asked; an @alias; a chain of exports", async () => {
    // `date-kit.format`: the package's name has a hyphen, and the path asked is still a path.
    const hits = sc(await session.call('docs_search', { query: 'date-kit.format', scope: 'deps' })).results as { id: string; kind: string; summary?: string; snippet?: string }[];
    expect(hits[0]).toMatchObject({ id: 'date-kit.format', kind: 'function' });
    // Its other name (format.js's `exports.formatDate = format`) is the function with its docs, not an undocumented variable.
    const other = sc(await session.call('docs_search', { query: 'date-kit.formatDate', scope: 'deps' })).results as { id: string; kind: string; snippet?: string }[];
    expect(other[0]).toMatchObject({ id: 'date-kit.formatDate', kind: 'function', snippet: 'Return the formatted date string in the given format.' });
    // `@alias formatDate` is another name: the function stays `format` in its module, documented.
    const got = sc(await session.call('docs_get', { id: 'date-kit.format' }));
    expect(got).toMatchObject({ id: 'date-kit/format.format', kind: 'function', summary: 'Return the formatted date string in the given format.' });
    // format.js's `exports.format = exports.formatDate = format` adds no undocumented `format` beside it.
    const list = sc(await session.call('docs_list', { module: 'date-kit/format', scope: 'deps' }));
    expect((list.items as { id: string; kind: string }[]).filter((i) => i.id === 'date-kit/format.format').map((i) => i.kind)).not.toContain('variable');
    // `export * from './format.js'` passes on every name but format.js's default: the package has none.
    expect((sc(await session.call('docs_list', { module: 'date-kit', scope: 'deps' })).items as { id: string }[]).map((i) => i.id)).not.toContain('date-kit.default');
    writeFileSync(path.join(root, 'src', 'dates.ts'), "import dk from 'date-kit';\nimport fmt from 'date-kit/format';\nexport const s = fmt(new Date(), 'y') + String(dk);\n");
    try {
      expect(sc(await session.call('docs_resolve', { symbol: 'fmt', context: 'src/dates.ts' }))).toMatchObject({ id: 'date-kit/format.format', package: 'date-kit' });
      const none = errorOf(await session.call('docs_resolve', { symbol: 'dk', context: 'src/dates.ts' }));
      expect(none.code).toBe('E_NOT_FOUND');
      expect(none.hint).toMatch(/^docs_list with module "date-kit" lists its \d+ items\.$/);
    } finally {
      rmSync(path.join(root, 'src', 'dates.ts'));
    }
    // Asked in words, the function whose name the question uses comes among the first, once:
    // its other name (format.d.ts's `export { format as formatDate }`) is in its also_in.
    const worded = sc(await session.call('docs_search', { query: 'format a date with a string of tokens', scope: 'deps' })).results as { id: string; also_in: { id: string }[] }[];
    expect(worded.slice(0, 3).map((h) => h.id)).toContain('date-kit.format');
    expect(worded.map((h) => h.id)).not.toContain('date-kit.formatDate');
    expect(worded.find((h) => h.id === 'date-kit.format')!.also_in.map((a) => a.id)).toContain('date-kit/format.formatDate');
  });

  it("docs_resolve of a namespace a package re-exports (`v` after `import { v } from 'nsdemo'`, as zod's `z`) says it is a module and where its items are listed", async () => {
    writeFileSync(path.join(root, 'src', 'ns.ts'), "import { v } from 'nsdemo';\nexport const t = v.text();\n");
    try {
      const err = errorOf(await session.call('docs_resolve', { symbol: 'v', context: 'src/ns.ts' }));
      expect(err.code).toBe('E_NOT_FOUND');
      expect(err.message).toContain('"nsdemo.v" is a module with no documentation of its own');
      const listed = Number(/lists its (\d+) items/.exec(err.hint)?.[1]);
      expect(listed).toBeGreaterThanOrEqual(3);
      expect(sc(await session.call('docs_list', { module: 'nsdemo.v', scope: 'deps' })).total).toBe(listed);
      // A member through it is the member.
      expect(sc(await session.call('docs_resolve', { symbol: 'v.text', context: 'src/ns.ts' }))).toMatchObject({ package: 'nsdemo', summary: 'Build a validator for a piece of text.' });
    } finally {
      rmSync(path.join(root, 'src', 'ns.ts'));
    }
  });

  it('indexes a package whose JavaScript is documented with plain // lines, as underscore\'s is', async () => {
    const s = sc(await session.call('index_status', {}));
    expect(s.packages).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'linedoc', version: '0.3.0', ecosystem: 'npm', files: 1, state: 'indexed' })]));
    const hits = sc(await session.call('docs_search', { query: 'wait until calls stop before running a function', scope: 'deps' })).results as { id: string; package: string | null }[];
    expect(hits[0]).toMatchObject({ id: 'linedoc.debounce', package: 'linedoc' });
  });

  it('names a package\'s entry files as the package is imported (package.json types, main, exports)', async () => {
    // entrylib's declarations live in lib/types/: by path they are `entrylib/lib/types.paginate`.
    const hits = sc(await session.call('docs_search', { query: 'split a list into pages', scope: 'deps' })).results as { id: string; also_in?: { id: string }[] }[];
    expect(hits[0]!.id).toBe('entrylib.paginate');
    expect(hits[0]!.also_in?.map((a) => a.id)).toContain('entrylib/lib/types.paginate');
    expect(sc(await session.call('docs_get', { id: 'entrylib.paginate' }))).toMatchObject({ location: { file: 'node_modules/entrylib/lib/types/index.d.ts' }, package: 'entrylib', version: '0.4.0' });
    // A subpath pattern: "./units/*" → "./lib/types/units/*.d.ts".
    expect(ids(await session.call('docs_search', { query: 'convert inches to centimetres', scope: 'deps' }))[0]).toBe('entrylib/units/length.inchesToCm');
    // chunk.d.ts has no docs (tsc leaves out an overloaded function's implementation, where they
    // were); its declaration map names src/chunk.ts, which has them.
    const chunk = sc(await session.call('docs_get', { id: 'entrylib/lib/types/chunk.chunkBy' }));
    expect(chunk.summary).toBe('Group consecutive items that share a key into runs.');
    expect(chunk.params.map((p: { name: string; doc: string | null }) => [p.name, p.doc])).toEqual([['items', 'The items, in order.'], ['key', 'What makes two neighbours belong to one run.']]);
    expect(ids(await session.call('docs_search', { query: 'group neighbouring items with the same key into runs', scope: 'deps' }))[0]).toBe('entrylib/lib/types/chunk.chunkBy');
    // src/pages.ts has `import { paginate } from 'entrylib'`; the project's own paginate (src/legacy.ts) wins without it.
    expect(sc(await session.call('docs_resolve', { symbol: 'paginate', context: 'src/pages.ts' }))).toMatchObject({ id: 'entrylib/lib/types.paginate', public_id: 'entrylib.paginate', package: 'entrylib', version: '0.4.0' });
    expect(sc(await session.call('docs_resolve', { symbol: 'paginate' }))).toMatchObject({ id: 'src/legacy.paginate', public_id: 'src/legacy.paginate', package: null });
  });

  it('records package and version on items: docs_get and docs_search', async () => {
    const hits = sc(await session.call('docs_search', { query: 'format an amount of money', limit: 10 })).results as { id: string; package: string | null; version: string | null }[];
    const byId = new Map(hits.map((h) => [h.id, h]));
    expect(byId.get('tinyfmt.formatAmount')).toMatchObject({ package: 'tinyfmt', version: '1.2.3' });
    expect(byId.get('widgetlib.format_amount')).toMatchObject({ package: 'widgetlib', version: '2.0.1' });
    expect(byId.get('src/app.formatAmount2')).toMatchObject({ package: null, version: null });
    const d = sc(await session.call('docs_get', { id: 'widgetlib.format_amount' }));
    expect(d).toMatchObject({ package: 'widgetlib', version: '2.0.1' });
    const own = sc(await session.call('docs_get', { id: 'src/app.receiptTotal' }));
    expect(own).toMatchObject({ package: null, version: null });
  });

  it('docs_search filters by scope', async () => {
    const project = sc(await session.call('docs_search', { query: 'format an amount of money', scope: 'project' })).results as { package: string | null; id: string }[];
    expect(project.map((h) => h.id)).toContain('src/app.formatAmount2');
    expect(project.every((h) => h.package === null)).toBe(true);
    const deps = sc(await session.call('docs_search', { query: 'format an amount of money', scope: 'deps' })).results as { package: string | null; id: string }[];
    expect(deps.map((h) => h.id)).toEqual(expect.arrayContaining(['tinyfmt.formatAmount', 'widgetlib.format_amount']));
    expect(deps.every((h) => h.package !== null)).toBe(true);
  });

  it('docs_list filters by scope', async () => {
    const all = sc(await session.call('docs_list', { module: 'widgetlib' }));
    expect(all.items.map((i: { id: string }) => i.id)).toContain('widgetlib.format_amount');
    const deps = sc(await session.call('docs_list', { module: 'widgetlib', scope: 'deps' }));
    expect(deps.total).toBe(all.total);
    const project = sc(await session.call('docs_list', { module: 'widgetlib', scope: 'project' }));
    expect(project.items).toEqual([]);
    expect(project.total).toBe(0);
    const app = sc(await session.call('docs_list', { module: 'src/app', scope: 'project' }));
    expect(app.items.map((i: { id: string }) => i.id).sort()).toEqual(['src/app.formatAmount2', 'src/app.receiptTotal']);
  });

  it('docs_resolve filters by scope and reports the package', async () => {
    const dep = sc(await session.call('docs_resolve', { symbol: 'formatAmount' }));
    expect(dep).toMatchObject({ id: 'tinyfmt.formatAmount', package: 'tinyfmt', version: '1.2.3' });
    const none = await session.call('docs_resolve', { symbol: 'formatAmount', scope: 'project' });
    expect(errorOf(none).code).toBe('E_NOT_FOUND');
    const own = sc(await session.call('docs_resolve', { symbol: 'receiptTotal', scope: 'project' }));
    expect(own).toMatchObject({ id: 'src/app.receiptTotal', package: null });
    expect(errorOf(await session.call('docs_resolve', { symbol: 'receiptTotal', scope: 'deps' })).code).toBe('E_NOT_FOUND');
  });

  it('docs_resolve follows a file\'s import to the installed package', async () => {
    // src/app.ts has `import { formatAmount } from 'tinyfmt'`: the package's module is named as imported.
    const r = sc(await session.call('docs_resolve', { symbol: 'formatAmount', context: 'src/app.ts' }));
    expect(r).toMatchObject({ id: 'tinyfmt.formatAmount', module: 'tinyfmt', file: 'node_modules/tinyfmt/index.d.ts', package: 'tinyfmt', version: '1.2.3' });
  });

  it("docs_resolve reads a name through the file's own names for what it imports (`Sock.Server` after `const Sock = require('sockdemo')`)", async () => {
    const want = { id: 'sockdemo/lib/socket-server.SocketServer', public_id: 'sockdemo.SocketServer', package: 'sockdemo', version: '1.4.0' };
    expect(sc(await session.call('docs_resolve', { symbol: 'Sock.Server', context: 'src/sockets.js' }))).toMatchObject(want);
    // A destructured name under another name, and a member through the binding.
    expect(sc(await session.call('docs_resolve', { symbol: 'Listener', context: 'src/sockets.js' }))).toMatchObject(want);
    expect(sc(await session.call('docs_resolve', { symbol: 'Sock.Socket.send', context: 'src/sockets.js' }))).toMatchObject({ id: 'sockdemo/lib/socket.Socket.send', package: 'sockdemo' });
    // A name the file's package publishes, asked alone.
    expect(sc(await session.call('docs_resolve', { symbol: 'Server', context: 'src/sockets.js' }))).toMatchObject(want);
    // Without the file, `Sock` means nothing.
    expect(errorOf(await session.call('docs_resolve', { symbol: 'Sock.Server' })).code).toBe('E_NOT_FOUND');
  });

  it("docs_resolve reads a module's default binding as its default export (`import mwdemo from 'mwdemo'`, `const makeApp = require('mwdemo')`)", async () => {
    // mwdemo's `exports = module.exports = createApplication`, passed on by its index.js.
    const want = { id: 'mwdemo/lib/mwdemo.createApplication', package: 'mwdemo', version: '4.2.0', summary: 'Create an application that routes requests through its middleware.' };
    expect(sc(await session.call('docs_resolve', { symbol: 'mwdemo', context: 'src/app.ts' }))).toMatchObject(want);
    expect(sc(await session.call('docs_resolve', { symbol: 'makeApp', context: 'src/sockets.js' }))).toMatchObject(want);
    // A member through the binding is the module's, as a CommonJS module's properties are.
    expect(sc(await session.call('docs_resolve', { symbol: 'mwdemo.Router', context: 'src/app.ts' }))).toMatchObject({ id: 'mwdemo/lib/router.Router', package: 'mwdemo' });
  });
});

describe('index.dependencies: false', () => {
  it('leaves node_modules out entirely', async () => {
    const dbDir = mkdtempSync(path.join(tmpdir(), 'docent-deps-off-'));
    const idx = new DocsIndex({ roots: [root], indexDir: dbDir, includePrivate: false, maxFileBytes: 1_000_000, exclude: [], workers: 0, dependencies: false });
    try {
      await idx.catchUp();
      const names = idx.status().packages.map((p) => p.name);
      expect(names).toEqual(['widgetlib']); // a site-packages folder under the root is the root's own tree
      expect(idx.roots[0]!.queries.byName('formatAmount')).toEqual([]);
    } finally {
      await idx.dispose();
      rmSync(dbDir, { recursive: true, force: true });
    }
  }, 60_000);
});
