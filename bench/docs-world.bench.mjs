// Search quality and time in the world an agent works in: a project with many installed packages,
// where docs_search reads the project's database, the language's standard library and only the
// few package databases its fan-out chooses (src/core/index/deps/fanout.ts).
//
//   node bench/docs-world.bench.mjs [--only js,python] [--reuse DIR] [--verbose]
//
//   js      this repository as the project: its sources and the 40-odd npm packages its
//           package.json declares (lodash, ramda, async and underscore among its
//           devDependencies), with JavaScript's standard library. Questions: lodash's three sets,
//           the ramda, async and underscore sets (docs-questions-jsdoc.json) and TypeScript's two.
//   python  a temporary project declaring up to 30 distributions installed for `python3`: first
//           those the Python question sets answer from (requests, numpy, networkx, …), then the
//           others by name. Questions: the four Python sets.
//
// A hit answers when its id (or a folded copy's) is accepted (bench/lib/answers.mjs), or when it
// is the item of that name in the package the set asks about. The project has lodash, ramda,
// async and underscore side by side, where `R.uniq` answers a lodash question as well as
// `_.uniq`: the js world is also scored so ("any utility library").
// The references, measured in the same run on the same databases: every package database
// searched in full (no choice), and for time, the same choice searched on one thread
// (index.searchThread false: no search lane, src/core/index/search-lane.ts). Figures: MRR@10 and hit@1 per set both ways; docs_search time
// in process over all the questions, after a pass that warms every database.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { answers } from './lib/answers.mjs';
import { benchOptions, contextFor, docsIndexFor, docsSearch } from './lib/docs-features.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { verbose, only, reuse, work } = benchOptions('world');
const data = (f) => JSON.parse(readFileSync(path.join(REPO, 'bench/data', f), 'utf8')).corpora;
const UTILITIES = new Set(['lodash', 'ramda', 'async', 'underscore']);

function python(code) {
  try {
    return execFileSync('python3', ['-c', code], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** Up to 30 installed distributions: those the Python questions answer from first, then by name. */
function pythonDistributions(questions) {
  const tops = [...new Set(questions.flatMap((q) => q.answers.map((a) => a.replace(/^\*\.?/, '').split('.')[0])))];
  const out = python(`import json, importlib.metadata as m
tops = ${JSON.stringify(tops)}
pd = m.packages_distributions()
wanted = sorted({d for t in tops for d in pd.get(t, [])})
names = sorted({d.metadata['Name'] for d in m.distributions() if d.metadata['Name']}, key=str.lower)
print(json.dumps(wanted + [n for n in names if n not in wanted]))`);
  return out ? JSON.parse(out).slice(0, 30) : [];
}

function worlds() {
  const out = [];
  out.push({
    name: 'js',
    project: () => REPO,
    sets: [
      ['lodash', data('docs-questions.json').lodash, 'lodash'],
      ['lodash held-out', data('docs-questions-lodash-heldout.json').lodash, 'lodash'],
      ['lodash fresh', data('docs-questions-lodash-fresh.json').lodash, 'lodash'],
      ['ramda', data('docs-questions-jsdoc.json').ramda, 'ramda'],
      ['async', data('docs-questions-jsdoc.json').async, 'async'],
      ['underscore', data('docs-questions-jsdoc.json').underscore, 'underscore'],
      ['typescript', data('docs-questions.json').typescript, 'typescript-lib'],
      ['typescript short', data('docs-questions-short.json').typescript, 'typescript-lib'],
    ],
  });
  const pySets = [
    ['python tuning', data('docs-questions.json').python],
    ['python held-out', data('docs-questions-heldout.json').python],
    ['python C-implemented', data('docs-questions-builtin.json').python],
    ['python fresh', data('docs-questions-python-fresh.json').python],
  ];
  const dists = pythonDistributions(pySets.flatMap(([, qs]) => qs));
  if (dists.length) {
    out.push({
      name: 'python',
      project: () => {
        const dir = path.join(work, 'python-project');
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, 'pyproject.toml'), `[project]\nname = "world"\nversion = "0.1.0"\ndependencies = [\n${dists.map((d) => `  ${JSON.stringify(d)},`).join('\n')}\n]\n`);
        writeFileSync(path.join(dir, 'main.py'), 'import json\n\n\ndef load(path):\n    """Read a JSON document from a file."""\n    with open(path) as f:\n        return json.load(f)\n');
        return dir;
      },
      sets: pySets.map(([n, qs]) => [n, qs, undefined]),
      note: `${dists.length} distributions`,
    });
  }
  return out.filter((w) => !only.length || only.includes(w.name));
}

function matches(hit, accepted, pkg, anyUtility) {
  if (answers(hit, accepted)) return true;
  const samePackage = hit.package === pkg || (anyUtility && UTILITIES.has(pkg) && UTILITIES.has(hit.package));
  return samePackage && accepted.some((a) => a.split(/[./]/).pop() === hit.name);
}

async function ask(ctx, sets, label) {
  const rows = [];
  const times = [];
  const lists = [];
  for (const [name, qs, pkg] of sets) {
    const r = { name, n: qs.length, rr: 0, h1: 0, rrAny: 0, h1Any: 0 };
    for (const q of qs) {
      const t = performance.now();
      const res = await docsSearch({ query: q.q, limit: 10 }, ctx);
      times.push(performance.now() - t);
      lists.push(JSON.stringify(res.results.map((h) => [h.id, h.score])));
      const i = res.results.findIndex((h) => matches(h, q.answers, pkg, false));
      const j = res.results.findIndex((h) => matches(h, q.answers, pkg, true));
      if (i >= 0) r.rr += 1 / (i + 1);
      if (i === 0) r.h1++;
      if (j >= 0) r.rrAny += 1 / (j + 1);
      if (j === 0) r.h1Any++;
      if (verbose && i !== 0) console.log(`    [${label}] ${i < 0 ? 'miss' : `#${i + 1}`}  ${q.q} → ${res.results.slice(0, 3).map((h) => `${h.id}${h.package ? ` [${h.package}]` : ''}`).join(', ')}`);
    }
    rows.push(r);
  }
  return { rows, times, lists };
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (x) => x.toFixed(3);

for (const w of worlds()) {
  const root = w.project();
  const ctx = contextFor(root, path.join(work, `index-${w.name}`));
  const t0 = performance.now();
  const index = await docsIndexFor(ctx);
  const packages = index.sources('deps').length;
  console.log(`${w.name}: ${root}${w.note ? ` (${w.note})` : ''}; ${packages} package databases, ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const chosen = index.searchSources.bind(index);
  const every = (query, scope) => index.sources(scope);
  // Warm every database (both ways read them), then the timed passes, the fan-out first.
  index.searchSources = every;
  await ask(ctx, w.sets, 'warm');
  index.searchSources = chosen;
  const fan = await ask(ctx, w.sets, 'fan-out');
  index.searchSources = every;
  const all = await ask(ctx, w.sets, 'every package');
  index.searchSources = chosen;
  const any = w.name === 'js';
  for (const [k, r] of fan.rows.entries()) {
    const a = all.rows[k];
    const line = `  ${r.name.padEnd(22)} fan-out ${fmt(r.rr / r.n)} (${r.h1}/${r.n})  every package ${fmt(a.rr / a.n)} (${a.h1}/${a.n})`;
    console.log(any && UTILITIES.has(w.sets[k][2]) ? `${line}  | any utility library: ${fmt(r.rrAny / r.n)} (${r.h1Any}/${r.n}) vs ${fmt(a.rrAny / a.n)} (${a.h1Any}/${a.n})` : line);
  }
  const mean = (rows, key) => rows.reduce((s, r) => s + r[key] / r.n, 0) / rows.length;
  console.log(`  mean MRR@10: fan-out ${fmt(mean(fan.rows, any ? 'rrAny' : 'rr'))}, every package ${fmt(mean(all.rows, any ? 'rrAny' : 'rr'))}${any ? ' (any utility library)' : ''}`);
  await ctx.services.disposeAll();
  // The search lane's reference: the same fan-out with every database searched on one thread
  // (index.searchThread false), warmed and timed the same way, in the same run.
  const one = contextFor(root, path.join(work, `index-${w.name}`), [], { searchThread: false });
  const oneIndex = await docsIndexFor(one);
  oneIndex.searchSources = (query, scope) => oneIndex.sources(scope);
  await ask(one, w.sets, 'warm');
  delete oneIndex.searchSources; // the fan-out's own choice again
  const single = await ask(one, w.sets, 'one thread');
  await one.services.disposeAll();
  const same = single.lists.filter((l, i) => l === fan.lists[i]).length;
  const avg = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const timing = (label, t) => `${label} p50 ${pct(t, 50).toFixed(2)} ms, p95 ${pct(t, 95).toFixed(2)} ms, mean ${avg(t).toFixed(2)} ms`;
  console.log(`  docs_search time: ${timing('fan-out', fan.times)}; ${timing('on one thread', single.times)} (${(avg(single.times) / avg(fan.times)).toFixed(2)}×, the same answers for ${same} of ${fan.lists.length}); ${timing('every package', all.times)} (${(avg(all.times) / avg(fan.times)).toFixed(1)}×)`);
}
if (!reuse) rmSync(work, { recursive: true, force: true });
