import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureContext } from '../../../src/features/context.js';
import { docsGet } from '../../../src/features/docs/get.js';
import { docsList } from '../../../src/features/docs/list.js';
import { docsResolve } from '../../../src/features/docs/resolve.js';
import { docsSearch } from '../../../src/features/docs/search.js';
import { jsModuleName } from '../../../src/core/extract/lang/js-module-name.js';
import { extractSource } from '../../../src/core/extract/extract.js';
import { docsContext, extractFixture, fileDocsContext, FIXTURES, item } from './fixtures.js';

/**
 * Names public under another path than their definition (Python): `__all__` grown by
 * append/extend/+=, module-level aliases of functions and bound methods, a package's
 * re-exports (star, renamed, lazy `__getattr__`); vendored copies folded into the original;
 * a class answered together with its constructor's parameters.
 */

const ROOT = path.join(FIXTURES, 'python-public');
// The project alone: the interpreter's own os.path would answer what the fixture's osish.path is there to test.
const ctx = fileDocsContext(ROOT, { dependencies: false });

describe('Python public names (extraction, both engines)', () => {
  for (const engine of ['fast', 'tree-sitter'] as const) {
    it(`${engine}: __all__.append/extend/+= make names public; others stay internal`, async () => {
      const x = await extractFixture('python-public', 'pkg/__init__.py', false, engine);
      const ids = x.items.map((i) => i.id);
      expect(ids).toEqual(expect.arrayContaining(['pkg.helper', 'pkg.walk_tree', 'pkg.getenv_or', 'pkg.later']));
      expect(ids).not.toContain('pkg.hidden');
    });

    it(`${engine}: aliases of a bound method and of a function are items carrying the target's docs`, async () => {
      const x = await extractFixture('python-public', 'pkg/__init__.py', true, engine);
      const r = item(x, 'pkg.randint');
      expect(r.kind).toBe('function');
      expect(r.summary).toBe('Return a random integer N such that a <= N <= b.');
      expect(r.signature).toBe('def randint(a, b)');
      expect(r.tags.alias_of).toBe('pkg.Rng.randint');
      expect(item(x, 'pkg.insort').summary).toBe('Insert an item into a list that is kept in order.');
    });

    it(`${engine}: a package's re-exports are recorded (star, renamed, lazy __getattr__)`, async () => {
      const x = await extractFixture('python-public', 'pkg/__init__.py', false, engine);
      expect(x.reexports).toEqual(
        expect.arrayContaining([
          { public: 'pkg.*', target: 'pkg.tasks.*' },
          { public: 'pkg.start_job', target: 'pkg.jobs.run_job' },
          { public: 'pkg.Job', target: 'pkg.jobs.Job' },
          { public: 'pkg.Pool', target: 'pkg.pool.Pool' },
        ]),
      );
    });

    it(`${engine}: an absolute import of the package's own submodule is a re-export; another package's is not`, async () => {
      const x = await extractFixture('python-public', 'pkg/__init__.py', false, engine);
      expect(x.reexports).toEqual(expect.arrayContaining([{ public: 'pkg.tick', target: 'pkg.jobs.tick' }]));
      expect(x.reexports?.some((r) => r.public === 'pkg.join')).toBe(false);
    });
  }
});

describe('Python names __all__ lists and a plain assignment binds', () => {
  for (const engine of ['fast', 'tree-sitter'] as const) {
    it(`${engine}: are constants and variables, though undocumented; an unlisted one is not`, async () => {
      const x = await extractFixture('python-public', 'consts.py', false, engine);
      expect(item(x, 'consts.PIPE')).toMatchObject({ kind: 'constant', signature: 'PIPE = -1', summary: '' });
      expect(item(x, 'consts.STDOUT').kind).toBe('constant');
      // `__all__` read past the parenthesis of a comment inside it.
      expect(item(x, 'consts.Series')).toMatchObject({ kind: 'variable', signature: 'Series = _series_of(list)' });
      expect(item(x, 'consts.MODE').signature).toBe('MODE = "r#w"');
      // A value that goes on below is not shown cut.
      expect(item(x, 'consts.DEFAULTS').signature).toBe('DEFAULTS');
      expect(item(x, 'consts.spawn').summary).toBe('Start a command.');
      // Another name bound to this one is an alias (followed elsewhere), not an undocumented item standing in front of it.
      expect(x.items.some((i) => ['visible_but_unlisted', '_hidden', 'Handle'].includes(i.name))).toBe(false);
    });
  }

  it("a stub's module-level instance, declared with its type, makes its bound methods aliases (numpy.random's `seed = _rand.seed`)", async () => {
    const src = ['class RandomState:', '    def seed(self, seed: int | None = None) -> None:', '        """Reseed the generator."""', '', '_rand: RandomState', 'seed = _rand.seed', ''].join('\n');
    const x = await extractSource('python', src, { file: 'randlib/mtrand.pyi', includePrivate: false });
    expect(item(x, 'randlib.mtrand.seed')).toMatchObject({ kind: 'function', signature: 'def seed(seed: int | None = None) -> None', summary: 'Reseed the generator.' });
  });

  it('a stub declares them with a type alone', async () => {
    const x = await extractSource('python', '__all__ = ["sqrt", "pi"]\nsqrt: _UFunc[float]\npi: Final[float]\nhelper: int\n', { file: 'numlib/__init__.pyi', includePrivate: false });
    expect(item(x, 'numlib.sqrt')).toMatchObject({ kind: 'variable', signature: 'sqrt: _UFunc[float]' });
    expect(item(x, 'numlib.pi').returns?.type).toBe('Final[float]');
    expect(x.items.some((i) => i.name === 'helper')).toBe(false);
  });

  it('docs_get answers one', async () => {
    const d = await docsGet({ id: 'consts.PIPE' }, ctx());
    expect(d).toMatchObject({ kind: 'constant', signature: 'PIPE = -1' });
  });
});

describe('Python public paths in the index', () => {
  it('docs_search finds re-exported items under the path users write, the definition in also_in', async () => {
    const r = await docsSearch({ query: 'pkg.sleep', limit: 3 }, ctx());
    expect(r.results[0]?.id).toBe('pkg.sleep');
    expect(r.results[0]?.also_in?.map((a) => a.id)).toContain('pkg.tasks.sleep');
    const lazy = await docsSearch({ query: 'pkg.Pool', limit: 3 }, ctx());
    expect(lazy.results[0]?.id).toBe('pkg.Pool');
    const renamed = await docsSearch({ query: 'pkg.start_job', limit: 3 }, ctx());
    expect(renamed.results[0]?.id).toBe('pkg.start_job');
    const absolute = await docsSearch({ query: 'pkg.tick', limit: 3 }, ctx());
    expect(absolute.results[0]?.id).toBe('pkg.tick');
    expect(absolute.results[0]?.also_in?.map((a) => a.id)).toContain('pkg.jobs.tick');
  });

  it('of several public paths, the one other code writes wins, though longer (os.path.exists over ntpath.exists)', async () => {
    // genpath.exists is public as posixish.exists and ntish.exists (star imports), and both are
    // osish.path (a module alias osish's __all__ lists); client/ writes osish.path.exists.
    const r = await docsSearch({ query: 'osish.path.exists', limit: 3 }, ctx());
    expect(r.results[0]?.id).toBe('osish.path.exists');
    expect(r.results[0]?.also_in?.map((a) => a.id)).toContain('genpath.exists');
    const byWords = await docsSearch({ query: 'test whether a path exists', limit: 3 }, ctx());
    expect(byWords.results[0]?.id).toBe('osish.path.exists');
    // The alias names the module itself too: `os.path` is posixpath's docs.
    const mod = await docsGet({ id: 'osish.path' }, ctx());
    expect(mod).toMatchObject({ kind: 'module', summary: 'Path operations for POSIX systems (as posixpath).' });
  });

  it('a renamed re-export leads on from its own module (a stub\'s `from _lowlock import LockType as Lock` is `locking.Lock`)', async () => {
    const r = await docsSearch({ query: 'locking.Lock', limit: 3 }, ctx());
    expect(r.results[0]?.id).toBe('locking.Lock');
    expect(r.results[0]?.also_in?.map((a) => a.id)).toContain('_lowlock.LockType');
    // A bundled stub of it, undocumented, is the same public path: folded, not a second answer.
    expect(r.results.filter((h) => h.id === 'locking.Lock')).toHaveLength(1);
    expect(r.results[0]?.also_in?.map((a) => a.id)).toContain('vendorlib.third_party.typeshed.stdlib._lowlock.LockType');
    // Its members follow it.
    const m = await docsSearch({ query: 'locking.Lock.acquire', limit: 3 }, ctx());
    expect(m.results[0]?.id).toBe('locking.Lock.acquire');
  });

  it('docs_list lists what a package re-exports, under the path users write', async () => {
    const r = await docsList({ module: 'pkg', limit: 200, offset: 0 }, ctx());
    const ids = r.items.map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining(['pkg.helper', 'pkg.sleep', 'pkg.start_job', 'pkg.tick', 'pkg.Pool']));
    expect(ids).not.toContain('pkg.tasks.sleep');
    expect(r.items.find((i) => i.id === 'pkg.sleep')?.summary).toBe('Pause the calling coroutine for delay seconds without blocking the event loop.');
    expect(r.total).toBe(new Set(ids).size);
  });

  it('docs_get and docs_resolve accept the public path', async () => {
    const d = await docsGet({ id: 'pkg.sleep', max_chars: 24_000 }, ctx());
    expect(d.summary).toBe('Pause the calling coroutine for delay seconds without blocking the event loop.');
    expect(d.location.file).toBe('pkg/tasks.py');
    expect(d).toMatchObject({ id: 'pkg.tasks.sleep', public_id: 'pkg.sleep' });
    const res = await docsResolve({ symbol: 'pkg.Pool' }, ctx());
    expect(res.id).toBe('pkg.pool.Pool');
  });

  it('docs_resolve follows a Python file\'s relative import to the module it names', async () => {
    // runner.py does `from ._vendor.aio.tasks import sleep`: that copy, not the package's own.
    const viaImport = await docsResolve({ symbol: 'sleep', context: 'pkg/runner.py' }, ctx());
    expect(viaImport.id).toBe('pkg._vendor.aio.tasks.sleep');
    const plain = await docsResolve({ symbol: 'sleep' }, ctx());
    expect(plain.id).not.toBe('pkg._vendor.aio.tasks.sleep');
  });

  it("docs_resolve reads a name through a Python file's own names for its imports (`tk.sleep` after `import pkg.tasks as tk`)", async () => {
    expect(await docsResolve({ symbol: 'tk.sleep', context: 'pkg/aliased.py' }, ctx())).toMatchObject({ id: 'pkg.tasks.sleep', public_id: 'pkg.sleep' });
    expect((await docsResolve({ symbol: 'nap', context: 'pkg/aliased.py' }, ctx())).id).toBe('pkg.tasks.sleep');
    // A name the file's own module defines is its own, though a module it imports has it too.
    expect((await docsResolve({ symbol: 'sleep', context: 'pkg/aliased.py' }, ctx())).id).toBe('pkg.aliased.sleep');
  });

  it('a vendored copy folds into the original (also_in) instead of ranking beside it', async () => {
    const r = await docsSearch({ query: 'pause a coroutine without blocking the event loop', limit: 5 }, ctx());
    expect(r.results[0]?.id).toBe('pkg.sleep');
    expect(r.results.map((h) => h.id).filter((id) => id.includes('_vendor'))).toEqual([]);
    expect(r.results[0]?.also_in?.map((a) => a.id)).toContain('pkg._vendor.aio.tasks.sleep');
  });

  it('docs_get of a name a bundled stub copies is the definition it copies, a few star imports further (sqlite3.Cursor is _sqlite3.Cursor, not jedi\'s typeshed stub)', async () => {
    const d = await docsGet({ id: 'dbkit.Cursor.executemany', max_chars: 24_000 }, ctx());
    expect(d).toMatchObject({ id: '_dbkit.Cursor.executemany', summary: 'Repeatedly executes a statement, once for each row of parameters.' });
    expect((await docsGet({ id: 'dbkit.Cursor', max_chars: 24_000 }, ctx())).id).toBe('_dbkit.Cursor');
  });

  it('a typeshed stub bundled by another tool folds into the module it describes', async () => {
    const x = await extractFixture('python-public', 'vendorlib/third_party/typeshed/stdlib/pkg/jobs.pyi');
    expect(x.reexports).toEqual(expect.arrayContaining([{ public: 'pkg.jobs.*', target: 'vendorlib.third_party.typeshed.stdlib.pkg.jobs.*' }]));
    const r = await docsSearch({ query: 'run_job', limit: 5 }, ctx());
    // One answer for the definition and its stub, under the path users write (pkg re-exports it as start_job).
    expect(r.results.filter((h) => h.name === 'run_job').map((h) => h.id)).toEqual(['pkg.start_job']);
    const hit = r.results.find((h) => h.name === 'run_job');
    expect(hit?.snippet).toBe('Start fn as a background job.');
    expect(hit?.also_in?.map((a) => a.id)).toContain('vendorlib.third_party.typeshed.stdlib.pkg.jobs.run_job');
    // Found by the stub's typed signature alone (`Callable`): the answer still shows the definition.
    const typed = (await docsSearch({ query: 'callable job', limit: 5 }, ctx())).results.find((h) => h.name === 'run_job');
    expect(typed).toMatchObject({ id: 'pkg.start_job', file: 'pkg/jobs.py', snippet: 'Start fn as a background job.' });
  });

  it('a class and its constructor are one answer carrying the parameters', async () => {
    const r = await docsSearch({ query: 'unit of work a scheduler can retry', limit: 5 }, ctx());
    expect(r.results[0]?.id).toBe('pkg.Job');
    expect(r.results[0]?.signature).toContain('(name, retries=3)');
    expect(r.results.some((h) => h.kind === 'constructor')).toBe(false);
    const byCtorWords = await docsSearch({ query: 'how many times a failure is retried', limit: 5 }, ctx());
    expect(byCtorWords.results[0]?.id).toBe('pkg.Job');
    expect(byCtorWords.results[0]?.kind).toBe('class');
    const d = await docsGet({ id: 'pkg.Job', max_chars: 24_000 }, ctx());
    expect(d.params.map((p) => p.name)).toEqual(['name', 'retries']);
    expect(d.params[1]?.doc).toBe('How many times a failure is retried.');
  });
});

describe('JS/TS re-exports', () => {
  let tctx: FeatureContext;
  beforeAll(async () => {
    tctx = docsContext(path.join(FIXTURES, 'ts-public'));
    await docsSearch({ query: 'warm up', limit: 1 }, tctx);
  }, 60_000);
  afterAll(async () => {
    await tctx.services.disposeAll();
  });

  it('records `export { x as y } from` and `export * from` of relative modules', async () => {
    const x = await extractFixture('ts-public', 'src/index.ts');
    expect(x.reexports).toEqual([
      { public: 'src.delay', target: 'src/impl.sleepMs' },
      { public: 'src.*', target: 'src/impl.*' },
    ]);
  });

  it('a name imported from a relative module and exported without a source is re-exported (`import { parse } from …; export { parse }`)', async () => {
    const x = await extractFixture('ts-public', 'entry/index.d.ts');
    expect(x.reexports).toEqual([
      { public: 'entry.parse', target: 'entry/parse.parse' },
      { public: 'entry.errors.*', target: 'entry/errors.*' },
    ]);
    const found = await docsSearch({ query: 'parse a toml document', limit: 3 }, tctx);
    expect(found.results[0]?.id).toBe('entry.parse');
    expect(found.results[0]?.also_in?.map((a) => a.id)).toContain('entry/parse.parse');
    const d = await docsGet({ id: 'entry.errors.SyntaxFault', max_chars: 24_000 }, tctx);
    expect(d.summary).toBe('Raised when a document does not follow the grammar.');
  });

  it('finds the renamed and the star-exported names under the re-exporting module', async () => {
    const renamed = await docsSearch({ query: 'src.delay', limit: 3 }, tctx);
    expect(renamed.results[0]?.id).toBe('src.delay');
    expect(renamed.results[0]?.also_in?.map((a) => a.id)).toContain('src/impl.sleepMs');
    const d = await docsGet({ id: 'src.words', max_chars: 24_000 }, tctx);
    expect(d.summary).toBe('Split text into words.');
  });

  it('a CommonJS entry point\'s `exports.x = require(…)` and Babel\'s `exports.x = _x.default` are re-exports, not items', async () => {
    const x = await extractFixture('ts-public', 'lib/index.js');
    expect(x.items.map((i) => i.id).sort()).toEqual(['lib.VERSION', 'lib.each', 'lib.forEach']);
    expect(x.reexports).toEqual([
      { public: 'lib.partition', target: 'lib/partition.partition' },
      { public: 'lib.waterfall', target: 'lib/waterfall.waterfall' },
    ]);
    // Found under the path users write (`require('lib').partition`), its definition in also_in.
    const found = await docsSearch({ query: 'partition', limit: 5 }, tctx);
    expect(found.results.map((r) => r.id)).toEqual(['lib.partition']);
    expect(found.results[0]?.also_in?.map((a) => a.id)).toContain('lib/partition.partition');
    const d = await docsGet({ id: 'lib.partition', max_chars: 24_000 }, tctx);
    expect(d.summary).toMatch(/^Splits a list in two/);
  });

  it('`module.exports = { name: require(…) }` and `module.exports = require(…)` are re-exports too', async () => {
    const x = extractSource('javascript', "var chunk = require('./chunk');\nmodule.exports = { chunk, zip: require('./zip.js').zipArrays, VERSION: '1' };\n", { file: 'pkg/index.js', includePrivate: false });
    expect((await x).reexports).toEqual([
      { public: 'pkg.chunk', target: 'pkg/chunk.chunk' },
      { public: 'pkg.zip', target: 'pkg/zip.zipArrays' },
    ]);
    const whole = await extractSource('javascript', "module.exports = require('./impl');\n", { file: 'pkg/index.js', includePrivate: false });
    // The whole module object, its default with it (a star alone, as `export *`, passes on no default).
    expect(whole.reexports).toEqual([{ public: 'pkg.*', target: 'pkg/impl.*' }, { public: 'pkg.default', target: 'pkg/impl.default' }]);
  });

  it('names attached to a required local that is then `module.exports` (ws\'s entry point) are re-exports, in either order', async () => {
    const src = [
      "const WebSocket = require('./lib/websocket');",
      "const WebSocketServer = require('./lib/websocket-server');",
      "const { helper } = require('other-package');",
      'WebSocket.Server = WebSocketServer;',
      'WebSocket.WebSocketServer = WebSocketServer;',
      "WebSocket.createStream = require('./lib/stream');",
      'WebSocket.helper = helper;',
      'module.exports = WebSocket;',
    ].join('\n');
    const x = await extractSource('javascript', src, { file: 'ws/index.js', includePrivate: false });
    expect(x.reexports).toEqual([
      { public: 'ws.*', target: 'ws/lib/websocket.*' },
      // A whole module under a name is its own name there, or what it exports as a whole
      // (`module.exports = WebSocketServer`: its `default`).
      { public: 'ws.Server', target: 'ws/lib/websocket-server.Server' },
      { public: 'ws.Server', target: 'ws/lib/websocket-server.default' },
      { public: 'ws.WebSocketServer', target: 'ws/lib/websocket-server.WebSocketServer' },
      { public: 'ws.WebSocketServer', target: 'ws/lib/websocket-server.default' },
      { public: 'ws.createStream', target: 'ws/lib/stream.createStream' },
      { public: 'ws.createStream', target: 'ws/lib/stream.default' },
    ]);
    expect(x.items).toEqual([]);
    // Export first, attachments after; a local that is not the export attaches nothing.
    const later = ["const W = require('./w');", "const other = require('./other');", 'module.exports = W;', "W.Thing = require('./thing');", "other.Nope = require('./nope');"].join('\n');
    expect((await extractSource('javascript', later, { file: 'p/index.js', includePrivate: false })).reexports).toEqual([
      { public: 'p.*', target: 'p/w.*' },
      { public: 'p.Thing', target: 'p/thing.Thing' },
      { public: 'p.Thing', target: 'p/thing.default' },
    ]);
    // A class defined in the file and exported as a whole is the module's default.
    const own = await extractSource('javascript', '/** A server. */\nclass Server {}\nmodule.exports = Server;\n', { file: 'p/lib/server.js', includePrivate: false });
    expect(own.reexports).toEqual([{ public: 'p/lib/server.default', target: 'p/lib/server.Server' }]);
    // Exported under its own name and a second one: found by both, shown by its own.
    const h = await docsSearch({ query: 'make a virtual node for an element', limit: 3 }, tctx);
    expect(h.results[0]?.id).toBe('vdom.createElement');
    expect((await docsSearch({ query: 'vdom.h', limit: 3 }, tctx)).results[0]?.id).toBe('vdom.h');
    const member = await extractSource('javascript', "const { Server } = require('./impl');\nmodule.exports = Server;\n", { file: 'p/index.js', includePrivate: false });
    expect(member.reexports).toEqual([{ public: 'p.default', target: 'p/impl.Server' }]);
  });

  it('a destructured require passed on (`const { Command } = require(…)`; `exports.Command = Command`) is a re-export', async () => {
    const src = [
      "const { Command, Help: HelpText } = require('./lib/command.js');",
      "const { helper } = require('other-package');",
      '/**\n * Expose classes\n */',
      'exports.Command = Command;',
      'exports.Help = HelpText;',
      'exports.helper = helper;',
      '/** Make a new command. */',
      'exports.createCommand = (name) => new Command(name);',
    ].join('\n');
    const x = await extractSource('javascript', src, { file: 'pkg/index.js', includePrivate: false });
    expect(x.reexports).toEqual([
      { public: 'pkg.Command', target: 'pkg/lib/command.Command' },
      { public: 'pkg.Help', target: 'pkg/lib/command.Help' },
    ]);
    // Another package's name is that package's item, not a re-export of this one; the comment above
    // `exports.Command` was about the line, not an item's docs.
    expect(x.items.map((i) => i.id).sort()).toEqual(['pkg.createCommand']);
  });

  it('ESM default exports: `export default debounce` is public, and an index\'s `export { default as debounce } from` finds it by name', async () => {
    const one = await extractSource('javascript', '/** Creates a debounced function. */\nfunction debounce(func, wait) { return func; }\n\nexport default debounce;\n', { file: 'm/debounce.js', includePrivate: false });
    expect(one.items.map((i) => [i.id, i.visibility])).toEqual([['m/debounce.debounce', 'public']]);
    expect(one.reexports).toEqual([{ public: 'm/debounce.default', target: 'm/debounce.debounce' }]);
    const decl = await extractSource('javascript', '/** Creates a throttled function. */\nexport default function throttle(func, wait) { return func; }\n', { file: 'm/throttle.js', includePrivate: false });
    expect(decl.reexports).toEqual([{ public: 'm/throttle.default', target: 'm/throttle.throttle' }]);
    const clause = await extractSource('javascript', '/** Creates a memoized function. */\nfunction memoize(f) { return f; }\nexport { memoize as default };\n', { file: 'm/memoize.js', includePrivate: false });
    expect(clause.reexports).toEqual([{ public: 'm/memoize.default', target: 'm/memoize.memoize' }]);
    expect(clause.items.map((i) => [i.id, i.visibility])).toEqual([['m/memoize.memoize', 'public']]);
    // TypeScript's `export import Alias = …`: through an import, a namespace import's member, or a local.
    const tsAlias = "import { Thing } from './thing';\nimport * as ns from './ns';\nexport import Alias = Thing;\nexport import Deep = ns.Inner.Leaf;\nexport declare namespace Local { const x: number; }\nexport import L = Local;\nexport import atob = globalThis.atob;\n";
    expect((await extractSource('typescript', tsAlias, { file: 'm/index.d.ts', includePrivate: false })).reexports).toEqual([
      { public: 'm.Alias', target: 'm/thing.Thing' },
      { public: 'm.Deep', target: 'm/ns.Inner.Leaf' },
      { public: 'm.L', target: 'm.Local' },
    ]);
    // Any local under another name is public under it too (zod's `export type { output as infer }`).
    const renamed = await extractSource('typescript', '/** Output type. */\nexport type output<T> = T;\nexport type { output as infer };\n', { file: 'm/core.d.ts', includePrivate: false });
    expect(renamed.reexports).toEqual([{ public: 'm/core.infer', target: 'm/core.output' }]);
    const index = "export { default as debounce } from './debounce.js';\nexport * as fp from './fp/index.js';\nexport { default } from './throttle.js';\n";
    expect((await extractSource('javascript', index, { file: 'm/index.js', includePrivate: false })).reexports).toEqual([
      { public: 'm.debounce', target: 'm/debounce.default' },
      { public: 'm.fp.*', target: 'm/fp.*' },
      { public: 'm.default', target: 'm/throttle.default' },
    ]);
    // In the index (fixture esm/): the name the index gives it, not `default`, nor its file's id.
    for (const [q, id] of [['debounced function', 'esm.debounce'], ['throttled function', 'esm.throttle']]) {
      const found = await docsSearch({ query: q, limit: 3 }, tctx);
      expect(found.results[0]?.id).toBe(id);
    }
  });

  it('declaration files: `export =` and `declare module "x"` name the module users import; DefinitelyTyped names the package it types', async () => {
    expect(jsModuleName('node_modules/@types/babel__core/index.d.ts')).toBe('@babel/core');
    expect(jsModuleName('node_modules/@types/node/fs.d.ts')).toBe('node/fs');
    const pico = "import picomatch = require('./lib/picomatch');\nexport = picomatch;\n";
    expect((await extractSource('typescript', pico, { file: 'node_modules/@types/picomatch/index.d.ts', includePrivate: false })).reexports).toEqual([
      { public: 'picomatch', target: 'picomatch/lib/picomatch' },
      { public: 'picomatch.*', target: 'picomatch/lib/picomatch.*' },
    ]);
    expect((await extractFixture('ts-public', 'styled/index.d.ts')).reexports).toEqual([{ public: 'styled', target: 'styled.styled' }]);
    expect((await extractFixture('ts-public', 'ambient/node-fsx.d.ts')).reexports).toEqual([
      { public: 'fsx', target: 'ambient/node-fsx.fsx' },
      { public: 'assertx', target: 'ambient/node-fsx.assertx' },
      { public: 'assertx', target: 'assertx.assertx' },
    ]);
    // docs_list of those modules: their members under the module's name.
    expect((await docsList({ module: 'styled', limit: 50, offset: 0 }, tctx)).items.map((i) => i.id)).toContain('styled.Style');
    expect((await docsList({ module: 'assertx', limit: 50, offset: 0 }, tctx)).items.map((i) => i.id)).toContain('assertx.deepEqualx');
    expect((await docsList({ module: 'esm', limit: 50, offset: 0 }, tctx)).items.map((i) => i.id)).toEqual(expect.arrayContaining(['esm.debounce', 'esm.throttle']));
    // In the index: under the names code imports.
    for (const [q, id] of [['readWhole', 'fsx.readWhole'], ['deepEqualx', 'assertx.deepEqualx'], ['Style', 'styled.Style'], ['draw text in the terminal with a style', 'styled']]) {
      expect((await docsSearch({ query: q, limit: 1 }, tctx)).results[0]?.id).toBe(id);
    }
  });

  it('a declaration file\'s `declare global { … }` and `global { … }` in a `declare module` declare globals, named as code writes them', async () => {
    const x = await extractFixture('ts-public', 'ambient/timersx.d.ts');
    expect(x.reexports).toEqual(expect.arrayContaining([
      { public: 'NodeJSx', target: 'ambient/timersx.NodeJSx' },
      { public: 'scheduleLaterx', target: 'ambient/timersx.scheduleLaterx' },
      { public: 'deepClonex', target: 'ambient/timersx.deepClonex' },
    ]));
    expect(item(x, 'ambient/timersx.scheduleLaterx').summary).toBe('Run a callback once after a delay in milliseconds.');
    for (const [q, id] of [['scheduleLaterx', 'scheduleLaterx'], ['deepClonex', 'deepClonex'], ['NodeJSx.Handlex', 'NodeJSx.Handlex'], ['run a callback once after a delay', 'scheduleLaterx']]) {
      expect((await docsSearch({ query: q, limit: 1 }, tctx)).results[0]?.id, q).toBe(id);
    }
  });

  it("Babel's default export is the local it names; its own bindings and a generated file's notice are no items", async () => {
    const own = [
      '"use strict";',
      'exports.default = void 0;',
      '/**\n * Add the specified number of days to the given date.\n */',
      'function addDays(date, amount) { return date + amount; }',
      'exports.default = addDays;',
      'module.exports = exports.default;',
    ].join('\n');
    const x = await extractSource('javascript', own, { file: 'addDays/index.js', includePrivate: false });
    expect(x.items.map((i) => i.id)).toEqual(['addDays.addDays']);
    expect(x.reexports).toEqual([{ public: 'addDays.default', target: 'addDays.addDays' }]);
    const fp = [
      '"use strict";',
      'var _index = _interopRequireDefault(require("../../addDays/index.js"));',
      '// This file is generated automatically by `scripts/build/fp.ts`. Please, don\'t change it.',
      'var _default = (0, _index2.default)(_index.default, 2);',
      'exports.default = _default;',
    ].join('\n');
    expect((await extractSource('javascript', fp, { file: 'fp/addDays/index.js', includePrivate: false })).items).toEqual([]);
    // An entry point that only defines properties on `exports` is a module: its private names are not API.
    const entry = ['"use strict";', 'Object.defineProperty(exports, "__esModule", { value: true });', 'var _exportNames = { add: true };', 'var helperTable = {};'].join('\n');
    expect((await extractSource('javascript', entry, { file: 'index.js', includePrivate: false })).items).toEqual([]);
  });

  it("tsc's CommonJS `export … from` (`Object.defineProperty(exports, …, { get })`, `__exportStar`) is a re-export", async () => {
    const src = [
      '"use strict";',
      'Object.defineProperty(exports, "__esModule", { value: true });',
      'exports.timer = exports.Observable = void 0;',
      'var Observable_1 = require("./internal/Observable");',
      'Object.defineProperty(exports, "Observable", { enumerable: true, get: function () { return Observable_1.Observable; } });',
      'var timer_1 = require("./internal/timer");',
      'Object.defineProperty(exports, "timer", { enumerable: true, get: () => timer_1.timerFn });',
      'tslib_1.__exportStar(require("./internal/types"), exports);',
      '__exportStar(require("./operators"), exports);',
    ].join('\n');
    const x = await extractSource('javascript', src, { file: 'dist/cjs/index.js', includePrivate: false });
    expect(x.items).toEqual([]);
    expect(x.reexports).toEqual([
      { public: 'dist/cjs.Observable', target: 'dist/cjs/internal/Observable.Observable' },
      { public: 'dist/cjs.timer', target: 'dist/cjs/internal/timer.timerFn' },
      { public: 'dist/cjs.*', target: 'dist/cjs/internal/types.*' },
      { public: 'dist/cjs.*', target: 'dist/cjs/operators.*' },
    ]);
  });

  it("a bundler's renamed wrapper is public under the exported name and folds into the documented function", async () => {
    const x = await extractFixture('ts-public', 'bundled/bundle.mjs');
    expect(x.reexports).toEqual([{ public: 'bundled/bundle.waterfall', target: 'bundled/bundle.waterfall$1' }]);
    const found = await docsSearch({ query: 'waterfall', limit: 5 }, tctx);
    expect(found.results.map((r) => r.id)).toEqual(['Flow.waterfall']);
    expect(found.results[0]?.also_in?.map((a) => a.id)).toContain('bundled/bundle.waterfall$1');
  });
});

describe('Rust pub use', () => {
  let rctx: FeatureContext;
  beforeAll(async () => {
    rctx = docsContext(path.join(FIXTURES, 'rust-public'));
    await docsSearch({ query: 'warm up', limit: 1 }, rctx);
  }, 60_000);
  afterAll(async () => {
    await rctx.services.disposeAll();
  });

  it('records `pub use` lists, renames and globs', async () => {
    const x = await extractFixture('rust-public', 'src/lib.rs');
    expect(x.reexports).toEqual([
      { public: 'crate::Parser', target: 'crate::parser::Parser' },
      { public: 'crate::parse_str', target: 'crate::parser::parse' },
      { public: 'crate::*', target: 'crate::util::*' },
    ]);
  });

  it('a `pub(crate) use` or a `#[doc(hidden)] pub use` publishes nothing', async () => {
    const src = 'pub mod a;\npub(crate) use a::Inner;\npub(super) use a::Up;\n#[doc(hidden)]\npub use a::Plumbing;\n/// Shown.\npub use a::Shown;\n';
    const x = await extractSource('rust', src, { file: 'src/lib.rs', includePrivate: false, project: { crateName: 'demo' } });
    expect(x.reexports?.map((r) => r.public)).toEqual(['crate::Shown']);
  });

  it('finds re-exported items at the crate root', async () => {
    const renamed = await docsSearch({ query: 'pubuse::parse_str', limit: 3 }, rctx);
    expect(renamed.results[0]?.id).toBe('pubuse::parse_str');
    expect(renamed.results[0]?.also_in?.map((a) => a.id)).toContain('pubuse::parser::parse');
    const d = await docsGet({ id: 'pubuse::normalize', max_chars: 24_000 }, rctx);
    expect(d.summary).toBe('Trims a line and lowercases it.');
  });
});

describe('C/C++ aliases', () => {
  it('a #define that renames a documented function carries its docs', async () => {
    const x = await extractFixture('c-public', 'zlike.h');
    const m = item(x, 'compress2');
    expect(m.kind).toBe('macro');
    expect(m.summary).toBe('Compresses a buffer into another one.');
    expect(m.tags.alias_of).toBe('z_compress2');
    expect(m.params.map((p) => p.name)).toContain('level');
  });

  it('a prefix macro and the documented function of the same name are one answer, the function in front', async () => {
    // zlib's zconf.h: `#define compress2 z_compress2` under Z_PREFIX, beside zlib.h's documented compress2.
    const cctx = docsContext(path.join(FIXTURES, 'c-public'));
    try {
      const r = await docsSearch({ query: 'deflate_buf', limit: 3 }, cctx);
      expect(r.results[0]).toMatchObject({ id: 'deflate_buf', kind: 'function', snippet: 'Squeeze a buffer into a smaller one, returning the bytes written.', line: 15 });
      expect(r.results[0]?.also_in).toEqual([{ id: 'deflate_buf', file: 'zprefix.h', line: 6 }]);
      expect(r.results.filter((h) => h.id === 'deflate_buf')).toHaveLength(1);
    } finally {
      await cctx.services.disposeAll();
    }
  });

  it('C++ using-declarations publish what a detail namespace holds, and an inline namespace is no part of a name', async () => {
    const x = await extractFixture('c-public', 'published.hpp');
    const ids = x.items.map((i) => i.id).sort();
    expect(ids).toEqual(['confy::PagedBuffer', 'confy::PagedBuffer::append', 'confy::Parser', 'confy::Parser::read', 'confy::literals', 'confy::literals::operator""_KiB', 'confy::stable_hash']);
    expect(item(x, 'confy::stable_hash')).toMatchObject({ summary: 'Compute a stable hash of a byte range, the same on every platform.', visibility: 'public', module: 'confy' });
    expect(item(x, 'confy::stable_hash').tags.alias_of).toBe('confy::detail::stable_hash');
    expect(item(x, 'confy::PagedBuffer::append').parent).toBe('confy::PagedBuffer');
    // Declared elsewhere: a re-export at the name C++'s lookup reaches (the global one here).
    expect(x.reexports).toEqual([{ public: 'confy::strlen', target: 'strlen' }]);
    const cctx = docsContext(path.join(FIXTURES, 'c-public'));
    try {
      const found = await docsSearch({ query: 'stable hash of a byte range', limit: 3 }, cctx);
      expect(found.results[0]?.id).toBe('confy::stable_hash');
      expect((await docsSearch({ query: 'confy::Parser', limit: 3 }, cctx)).results[0]?.id).toBe('confy::Parser');
    } finally {
      await cctx.services.disposeAll();
    }
  });

  it('a C++ using alias of a documented class carries its docs', async () => {
    const x = await extractFixture('c-public', 'paths.hpp');
    const a = item(x, 'fsx::path');
    expect(a.summary).toBe('A path on disk, split into its components.');
    expect(a.tags.alias_of).toBe('fsx::basic_path');
  });
});

describe('Python implementation modules (picker.py: what the standard library does in csv, heapq, os, getpass)', () => {
  for (const engine of ['fast', 'tree-sitter'] as const) {
    it(`${engine}: names imported at module level from a private module, and star imports, are re-exports`, async () => {
      const x = await extractFixture('python-public', 'pkg/picker.py', false, engine);
      expect(x.reexports).toEqual(
        expect.arrayContaining([
          { public: 'pkg.picker.*', target: '_pkg_accel.*' },
          { public: 'pkg.picker.fast_total', target: '_pkg_speedups.fast_total' },
          { public: 'pkg.picker.mean', target: '_pkg_speedups.fast_mean' },
          // `import posixpath as path` with "path" in __all__ (os.path)
          { public: 'pkg.picker.path.*', target: 'posixpath.*' },
          // `ident = _pkg_thread.get_ident` (threading's `get_ident = _thread.get_ident`)
          { public: 'pkg.picker.ident', target: '_pkg_thread.get_ident' },
        ]),
      );
      // `import json as _json` is not exported; a public module's names are not re-exported by a plain import.
      expect(x.reexports?.some((r) => r.target.startsWith('json'))).toBe(false);
    });

    it(`${engine}: a name bound inside a top-level try/except/else is an alias carrying the target's docs`, async () => {
      const x = await extractFixture('python-public', 'pkg/picker.py', false, engine);
      const alias = item(x, 'pkg.picker.secret_prompt');
      expect(alias.kind).toBe('function');
      // Bound in the `except` handler first and in the `else` after: the `else` (the module's
      // imports worked) is the implementation, the handler's the fallback.
      expect(alias.tags.alias_of).toBe('pkg.picker.unix_prompt');
      expect(alias.summary).toBe('Ask for a secret without echoing what is typed.');
      // Names bound in a function body or under `if __name__ == '__main__'` are not module API.
      expect(x.items.map((i) => i.id)).not.toContain('pkg.picker.local_name');
      expect(x.items.map((i) => i.id)).not.toContain('pkg.picker.main_alias');
    });
  }
});
