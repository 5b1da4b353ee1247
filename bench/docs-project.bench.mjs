// Search quality through a project: the Python standard library as a dependency of a project
// (the world an agent works in) against the same library indexed as a root.
//
//   node bench/docs-project.bench.mjs [--questions a.json,b.json] [--reuse DIR] [--verbose]
//
// A temporary Python project (pyproject.toml with no dependencies, one module that imports os)
// is searched through docs_search's feature code: its own index plus the interpreter's standard
// library, indexed as a dependency into its own shared database (index/deps/python-stdlib.ts).
// The reference is the same interpreter's standard library directory as a root (its
// site-packages and dist-packages excluded), in the same run. Both answer the natural-language
// Python questions of bench/data (tuning, held-out, C-implemented) whose answer is in the
// standard library (sys.stdlib_module_names); the figures are MRR@10 and hit@1 per set and
// the ratio of the two MRRs. A dependency's database is read with fewer signals than a root's
// (its own usage counts and word vectors only), which is what this measures.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(REPO, 'dist');
const { docsSearch } = await import(`${dist}/features/docs/search.js`);
const { docsIndexFor } = await import(`${dist}/features/docs/service.js`);
const { ServiceRegistry } = await import(`${dist}/core/services.js`);
const { Workspace } = await import(`${dist}/core/workspace/workspace.js`);
const { createLogger } = await import(`${dist}/core/log.js`);
const { OwnedSession } = await import(`${dist}/features/context.js`);
const { loadConfig } = await import(`${dist}/core/config/load.js`);

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const verbose = args.includes('--verbose');
const questionFiles = (opt('questions') ?? 'docs-questions.json,docs-questions-heldout.json,docs-questions-builtin.json').split(',').map((f) => (path.isAbsolute(f) ? f : path.join(REPO, 'bench/data', f)));

function python(code) {
  try {
    return execFileSync('python3', ['-c', code], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}
const stdlibDir = python("import sysconfig; print(sysconfig.get_paths()['stdlib'])");
const stdlibNames = new Set((python("import sys; print('\\n'.join(sorted(sys.stdlib_module_names)))") ?? '').split('\n').filter(Boolean));
if (!stdlibDir || !stdlibNames.size) {
  console.log('skipped: no python3 (3.10 or later) on the PATH');
  process.exit(0);
}

const reuse = opt('reuse');
const work = reuse ? path.resolve(reuse) : mkdtempSync(path.join(tmpdir(), 'docent-bench-project-'));
const project = path.join(work, 'project');
mkdirSync(project, { recursive: true });
writeFileSync(path.join(project, 'pyproject.toml'), '[project]\nname = "tiny"\nversion = "0.1.0"\ndependencies = []\n');
writeFileSync(path.join(project, 'main.py'), 'import os\n\n\ndef main():\n    """Print the working directory."""\n    print(os.getcwd())\n');

/** A feature context over one root, as the MCP server builds one (its own services and index directory). */
function contextFor(root, indexDir, exclude = []) {
  const { config } = loadConfig({ cwd: root, flags: { roots: [root], indexDir, index: { exclude, watch: false } }, env: {} });
  return { workspace: new Workspace([root]), config, services: new ServiceRegistry(), signal: new AbortController().signal, progress: () => {}, log: createLogger('bench'), session: new OwnedSession('bench') };
}

function matches(hit, answers) {
  const ids = [hit.id, ...(hit.also_in ?? []).map((a) => a.id ?? a)];
  return answers.some((a) => ids.some((id) => (a.startsWith('*') ? id.endsWith(a.slice(1)) || id === a.slice(2) : id === a)));
}

/** Each question's rank (1-based, 0: not in the first ten) in one world, after its index and its dependencies are built. */
async function ranks(ctx, sets) {
  const t0 = performance.now();
  await docsSearch({ query: 'warm up', limit: 1 }, ctx);
  const idx = await docsIndexFor(ctx);
  await idx.catchUp();
  await idx.deps?.indexQueued?.(new AbortController().signal, () => () => {});
  const built = performance.now() - t0;
  const out = [];
  for (const qs of sets) {
    const r = [];
    for (const q of qs) {
      const res = await docsSearch({ query: q.q, limit: 10 }, ctx);
      const i = res.results.findIndex((h) => matches(h, q.answers));
      r.push({ rank: i + 1, top: res.results[0]?.id ?? '' });
    }
    out.push(r);
  }
  await ctx.services.disposeAll();
  return { built, out };
}

const sets = questionFiles.map((f) => {
  const all = JSON.parse(readFileSync(f, 'utf8')).corpora.python ?? [];
  return { name: path.basename(f, '.json'), questions: all.filter((q) => stdlibNames.has(q.answers[0].split('.')[0])) };
});
const notStdlib = ['site-packages/', 'dist-packages/'];
const viaProject = await ranks(contextFor(project, path.join(work, 'index-project')), sets.map((s) => s.questions));
const asRoot = await ranks(contextFor(stdlibDir, path.join(work, 'index-root'), notStdlib), sets.map((s) => s.questions));

const mrr = (r) => r.reduce((s, x) => s + (x.rank ? 1 / x.rank : 0), 0) / Math.max(1, r.length);
const hit1 = (r) => r.filter((x) => x.rank === 1).length;
console.log(`standard library ${stdlibDir}; project indexed with its dependencies in ${(viaProject.built / 1000).toFixed(1)} s, the library as a root in ${(asRoot.built / 1000).toFixed(1)} s`);
sets.forEach((s, k) => {
  const p = viaProject.out[k];
  const r = asRoot.out[k];
  console.log(`${s.name} (${s.questions.length} questions answered in the standard library): through a project MRR@10 ${mrr(p).toFixed(3)}, hit@1 ${hit1(p)}; as a root ${mrr(r).toFixed(3)}, hit@1 ${hit1(r)}; ratio ${(mrr(p) / Math.max(1e-9, mrr(r))).toFixed(2)}`);
  if (verbose)
    s.questions.forEach((q, i) => {
      if (p[i].rank !== r[i].rank) console.log(`  ${String(r[i].rank || 'miss').padStart(4)} -> ${String(p[i].rank || 'miss').padEnd(4)} ${q.q}  [${q.answers[0]}; first through the project: ${p[i].top}]`);
    });
});
if (!reuse) rmSync(work, { recursive: true, force: true });
