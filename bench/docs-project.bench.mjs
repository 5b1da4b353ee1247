// Search quality through a project (the world an agent works in: its code, the packages it
// declares, its language's standard library) against the same library indexed as a root.
//
//   node bench/docs-project.bench.mjs [--only python,typescript,lodash,ramda,async,underscore] [--reuse DIR] [--verbose]
//
// Each world is a temporary project searched through docs_search's feature code, its
// dependencies indexed into databases of their own as for any user:
//   python      a Python project with no dependencies (pyproject.toml, one module importing os):
//               the interpreter's standard library is its one dependency (index/deps/python-stdlib.ts).
//               Reference: that standard library directory as a root (site-packages and
//               dist-packages excluded). Questions: bench/data's Python sets (tuning, held-out,
//               C-implemented) whose answer is in the standard library (sys.stdlib_module_names).
//   typescript  an npm project with no dependencies (package.json and a lock file): JavaScript's
//               standard library is its one dependency (index/deps/typescript-lib.ts, docent's
//               own TypeScript). Reference: the same lib.es*.d.ts files as a root. Questions:
//               TypeScript's sets of docs-questions.json and docs-questions-short.json.
//   lodash, ramda, async, underscore
//               an npm project that declares that one library, installed in its node_modules:
//               the library and JavaScript's standard library beside it. Reference: the
//               library's folder as a root (as bench/docs-quality.bench.mjs reads it). Questions:
//               the library's sets (docs-questions.json, docs-questions-lodash-heldout.json,
//               docs-questions-jsdoc.json).
// A hit answers when its id (or a folded copy's) is an accepted answer, or, through the project,
// when it is the named item of the same package (a package's entry files name its items as
// imported, `underscore.debounce`, where the root names them by file, `underscore-esm.debounce`).
// Figures: MRR@10 and hit@1 per set in both worlds and the ratio of the two MRRs.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answers } from './lib/answers.mjs';
import { benchOptions, contextFor, docsIndexFor, docsSearch } from './lib/docs-features.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { verbose, only, reuse, work } = benchOptions('project');
const data = (f) => JSON.parse(readFileSync(path.join(REPO, 'bench/data', f), 'utf8'));

function python(code) {
  try {
    return execFileSync('python3', ['-c', code], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** A folder with these files (created once; reused with --reuse). */
function tree(name, files) {
  const dir = path.join(work, name);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    if (!existsSync(path.join(dir, rel))) writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

/** The worlds: each a project, the root it is compared with, and its question sets. */
function worlds() {
  const out = [];
  const stdlibDir = python("import sysconfig; print(sysconfig.get_paths()['stdlib'])");
  const stdlibNames = new Set((python("import sys; print('\\n'.join(sorted(sys.stdlib_module_names)))") ?? '').split('\n').filter(Boolean));
  if (stdlibDir && stdlibNames.size) {
    out.push({
      name: 'python',
      project: () => tree('python-project', { 'pyproject.toml': '[project]\nname = "tiny"\nversion = "0.1.0"\ndependencies = []\n', 'main.py': 'import os\n\n\ndef main():\n    """Print the working directory."""\n    print(os.getcwd())\n' }),
      root: () => stdlibDir,
      exclude: ['site-packages/', 'dist-packages/'],
      package: 'python',
      sets: ['docs-questions.json', 'docs-questions-heldout.json', 'docs-questions-builtin.json'].map((f) => ({ name: f, questions: (data(f).corpora.python ?? []).filter((q) => stdlibNames.has(q.answers[0].split('.')[0])) })),
    });
  }
  const tsLib = path.join(path.dirname(require.resolve('typescript/package.json')), 'lib');
  const lock = { 'package-lock.json': '{"lockfileVersion": 3, "packages": {}}\n' };
  out.push({
    name: 'typescript',
    project: () => tree('ts-project', { 'package.json': '{"name": "tiny", "version": "1.0.0"}\n', ...lock, 'src/index.ts': '/** Double every number. */\nexport function double(xs: number[]): number[] {\n  return xs.map((x) => x * 2);\n}\n' }),
    root: () => {
      const dir = path.join(work, 'ts-lib-root');
      mkdirSync(dir, { recursive: true });
      for (const f of readdirSync(tsLib)) if (/^lib\.(es|decorators)[\w.-]*\.d\.ts$/.test(f)) cpSync(path.join(tsLib, f), path.join(dir, f), { preserveTimestamps: true });
      return dir;
    },
    package: 'typescript-lib',
    sets: ['docs-questions.json', 'docs-questions-short.json'].map((f) => ({ name: f, questions: data(f).corpora.typescript ?? [] })),
  });
  const libraries = { lodash: ['docs-questions.json', 'docs-questions-lodash-heldout.json'], ramda: ['docs-questions-jsdoc.json'], async: ['docs-questions-jsdoc.json'], underscore: ['docs-questions-jsdoc.json'] };
  for (const [lib, files] of Object.entries(libraries)) {
    const installed = path.join(REPO, 'node_modules', lib);
    if (!existsSync(installed)) continue;
    out.push({
      name: lib,
      project: () => {
        const dir = tree(`${lib}-project`, { 'package.json': JSON.stringify({ name: 'tiny', version: '1.0.0', dependencies: { [lib]: '*' } }) + '\n', ...lock, 'index.js': `const lib = require('${lib}');\n\n/** Double every number. */\nexports.double = (xs) => xs.map((x) => x * 2);\n` });
        if (!existsSync(path.join(dir, 'node_modules', lib))) cpSync(installed, path.join(dir, 'node_modules', lib), { recursive: true, preserveTimestamps: true });
        return dir;
      },
      root: () => installed,
      package: lib,
      sets: files.map((f) => ({ name: f, questions: data(f).corpora[lib] ?? [] })),
    });
  }
  return out.filter((w) => !only.length || only.includes(w.name));
}

/** As bench/docs-quality.bench.mjs decides (lib/answers.mjs), or, through a project, the named item of the package asked about. */
function matches(hit, accepted, pkg) {
  if (answers(hit, accepted)) return true;
  return pkg !== undefined && hit.package === pkg && accepted.some((a) => a.split(/[./]/).pop() === hit.name);
}

/** Each question's rank (1-based, 0: not in the first ten) in one world, after its index and its dependencies are built. */
async function ranks(ctx, sets, pkg) {
  const t0 = performance.now();
  await docsSearch({ query: 'warm up', limit: 1 }, ctx);
  const idx = await docsIndexFor(ctx);
  await idx.catchUp();
  await idx.deps?.indexQueued?.(new AbortController().signal, () => () => {});
  const built = performance.now() - t0;
  const out = [];
  for (const s of sets) {
    const r = [];
    for (const q of s.questions) {
      const res = await docsSearch({ query: q.q, limit: 10 }, ctx);
      const i = res.results.findIndex((h) => matches(h, q.answers, pkg));
      r.push({ rank: i + 1, top: res.results[0]?.id ?? '' });
    }
    out.push(r);
  }
  await ctx.services.disposeAll();
  return { built, out };
}

const mrr = (r) => r.reduce((s, x) => s + (x.rank ? 1 / x.rank : 0), 0) / Math.max(1, r.length);
const hit1 = (r) => r.filter((x) => x.rank === 1).length;
for (const w of worlds()) {
  const sets = w.sets.filter((s) => s.questions.length);
  const viaProject = await ranks(contextFor(w.project(), path.join(work, `index-${w.name}-project`)), sets, w.package);
  const asRoot = await ranks(contextFor(w.root(), path.join(work, `index-${w.name}-root`), w.exclude ?? []), sets);
  console.log(`${w.name}: through a project (built in ${(viaProject.built / 1000).toFixed(1)} s) against ${w.root()} as a root (${(asRoot.built / 1000).toFixed(1)} s)`);
  sets.forEach((s, k) => {
    const p = viaProject.out[k];
    const r = asRoot.out[k];
    console.log(`  ${s.name} (${s.questions.length}): through a project MRR@10 ${mrr(p).toFixed(3)}, hit@1 ${hit1(p)}; as a root ${mrr(r).toFixed(3)}, hit@1 ${hit1(r)}; ratio ${(mrr(p) / Math.max(1e-9, mrr(r))).toFixed(2)}`);
    if (verbose)
      s.questions.forEach((q, i) => {
        if (p[i].rank !== r[i].rank) console.log(`    ${String(r[i].rank || 'miss').padStart(4)} -> ${String(p[i].rank || 'miss').padEnd(4)} ${q.q}  [${q.answers[0]}; first through the project: ${p[i].top}]`);
      });
  });
}
if (!reuse) rmSync(work, { recursive: true, force: true });
