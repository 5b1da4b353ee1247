import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildAdapter, ExecContext, TestAdapter } from './adapter.js';
import { parseGo } from './diagnostics.js';
import { escapeRegex, head, tail } from './text.js';
import type { CollectionError, FileCoverage, TestCase, TestResult, TestSelection } from './types.js';

/**
 * Go modules: `go test -json` events per test (subtests included), packages that fail to build
 * (plain text on stderr and stdout, exit 2) as collection errors, `go test -list` for listing,
 * `-coverprofile` for coverage; `go vet` / `go build` / `go clean` for the build targets. Test
 * functions' files and lines come from the package's *_test.go sources.
 */

function modulePath(dir: string): string {
  const m = /^module\s+(\S+)/m.exec(readFileSync(path.join(dir, 'go.mod'), 'utf8'));
  return m?.[1] ?? '';
}

/** The package's directory, relative to the module ("" for the module root). */
function packageRel(module: string, pkg: string): string {
  return pkg === module ? '' : pkg.startsWith(`${module}/`) ? pkg.slice(module.length + 1) : pkg;
}

/** Where each top-level Test function of a package directory is defined. */
function testLocations(dir: string, rel: string): Map<string, { file: string; line: number }> {
  const out = new Map<string, { file: string; line: number }>();
  const abs = path.join(dir, rel);
  if (!existsSync(abs)) return out;
  for (const f of readdirSync(abs).filter((n) => n.endsWith('_test.go'))) {
    const lines = readFileSync(path.join(abs, f), 'utf8').split('\n');
    lines.forEach((l, i) => {
      const m = /^func\s+((?:Test|Benchmark|Example|Fuzz)\w*)\s*\(/.exec(l);
      if (m) out.set(m[1]!, { file: rel ? `${rel}/${f}` : f, line: i + 1 });
    });
  }
  return out;
}

/** `go test` arguments: packages, and a -run pattern for ids ("./pkg::TestName") or a filter. */
export function goSelection(sel: TestSelection): { packages: string[]; run: string | null } {
  const packages = new Set<string>();
  const names: string[] = [];
  for (const id of sel.ids ?? []) {
    const [pkg, name] = id.split('::');
    if (pkg) packages.add(pkg === '.' ? '.' : `./${pkg}`);
    // A subtest reruns with its parent: go splits -run at slashes into per-level patterns, so
    // alternatives across levels cannot be expressed in one pattern.
    if (name) names.push(escapeRegex(name.split('/')[0]!));
  }
  for (const f of sel.files ?? []) {
    const d = f.endsWith('.go') ? path.dirname(f) : f;
    packages.add(d === '.' || d === '' ? '.' : `./${d.replace(/^\.\//, '')}`);
  }
  let run: string | null = null;
  if (names.length) run = `^(${[...new Set(names)].join('|')})$`;
  else if (sel.filter) run = escapeRegex(sel.filter);
  return { packages: packages.size ? [...packages] : ['./...'], run };
}

interface GoEvent {
  Action: string;
  Package?: string;
  Test?: string;
  Elapsed?: number;
  Output?: string;
}

/** The test's own log lines ("    calc_test.go:17: Mul(2, 2) = 4, want 5") give the message and where. */
function failureOf(output: string, rel: string): { message: string | null; stack: string | null } {
  const lines = output.split('\n').filter((l) => !/^(=== |--- |\s*$)/.test(l));
  const located = lines.map((l) => /^\s*([\w./-]+\.go):(\d+): (.*)$/.exec(l)).filter((m): m is RegExpExecArray => !!m);
  if (located.length) {
    const frames = [...new Set(located.map((m) => `${rel ? `${rel}/` : ''}${m[1]}:${m[2]}`))];
    return { message: head(located.map((m) => m[3]).join('\n'), 600), stack: frames.slice(0, 6).join('\n') };
  }
  const panic = lines.find((l) => l.startsWith('panic:'));
  return { message: panic ? head(panic, 600) : lines.length ? head(lines.slice(-5).join('\n').trim(), 600) : null, stack: null };
}

export const goTestAdapter: TestAdapter = {
  async list(ctx, sel) {
    const module = modulePath(ctx.project.dir);
    const { packages } = goSelection({ files: sel.files });
    const raw = await ctx.exec(['go', 'test', '-json', '-list', '.', ...packages]);
    const tests: TestCase[] = [];
    const locs = new Map<string, Map<string, { file: string; line: number }>>();
    for (const line of raw.stdout.split('\n')) {
      if (!line.startsWith('{')) continue;
      const e = JSON.parse(line) as GoEvent;
      const name = e.Output?.trim();
      if (e.Action !== 'output' || !e.Package || !name || !/^(Test|Benchmark|Example|Fuzz)\w*$/.test(name)) continue;
      const rel = packageRel(module, e.Package);
      if (!locs.has(rel)) locs.set(rel, testLocations(ctx.project.dir, rel));
      const at = locs.get(rel)!.get(name);
      tests.push({ id: `${rel || '.'}::${name}`, name, suite: rel || '.', file: at?.file ?? null, line: at?.line ?? null });
    }
    return { tests, collection_errors: buildFailures(raw.stdout, raw.stderr, ctx.project.dir), raw };
  },
  async run(ctx, sel) {
    return goRun(ctx, sel, []);
  },
  async coverage(ctx, sel) {
    const profile = path.join(ctx.tmp, 'cover.out');
    const run = await goRun(ctx, sel, [`-coverprofile=${profile}`]);
    const files = existsSync(profile) ? readGoCoverProfile(readFileSync(profile, 'utf8'), modulePath(ctx.project.dir)) : [];
    return { files, tool: 'go test -coverprofile', raw: run.raw, tests: run.tests };
  },
};

async function goRun(ctx: ExecContext, sel: TestSelection, extra: string[]) {
  const module = modulePath(ctx.project.dir);
  const { packages, run } = goSelection(sel);
  const results = new Map<string, TestResult>();
  const outputs = new Map<string, string>();
  const locs = new Map<string, Map<string, { file: string; line: number }>>();
  let done = 0;
  let failed = 0;
  const onLine = (line: string) => {
    if (!line.startsWith('{')) return;
    let e: GoEvent;
    try {
      e = JSON.parse(line) as GoEvent;
    } catch {
      return;
    }
    if (!e.Test || !e.Package) return;
    const rel = packageRel(module, e.Package);
    const id = `${rel || '.'}::${e.Test}`;
    if (e.Action === 'output') {
      // Keep a bounded tail of each test's output.
      outputs.set(id, ((outputs.get(id) ?? '') + (e.Output ?? '')).slice(-8000));
      return;
    }
    if (e.Action !== 'pass' && e.Action !== 'fail' && e.Action !== 'skip') return;
    if (!locs.has(rel)) locs.set(rel, testLocations(ctx.project.dir, rel));
    const top = e.Test.split('/')[0]!;
    const at = locs.get(rel)!.get(top);
    const out = outputs.get(id) ?? '';
    const status = e.Action === 'pass' ? 'passed' : e.Action === 'fail' ? 'failed' : 'skipped';
    const f = status === 'passed' ? { message: null, stack: null } : failureOf(out, rel);
    results.set(id, {
      id,
      name: e.Test.split('/').pop()!,
      suite: e.Test.includes('/') ? `${rel || '.'}::${e.Test.slice(0, e.Test.lastIndexOf('/'))}` : rel || '.',
      file: at?.file ?? null,
      line: at?.line ?? null,
      status,
      duration_ms: e.Elapsed !== undefined ? Math.round(e.Elapsed * 1000) : null,
      message: f.message,
      stack: f.stack,
      stdout_tail: status === 'failed' ? tail(out, 400) : null,
    });
    done++;
    if (status === 'failed') failed++;
    ctx.progress(done, undefined, `${done} tests done, ${failed} failed`);
  };
  const raw = await ctx.exec(['go', 'test', '-json', ...(run ? ['-run', run] : []), ...extra, ...packages], { onStdoutLine: onLine });
  // A parent test whose only failures are its subtests' says nothing new: keep the subtests.
  const tests = [...results.values()].filter((t) => !(t.status === 'failed' && [...results.keys()].some((k) => k.startsWith(`${t.id}/`)) && !t.message));
  return { tests, collection_errors: buildFailures(raw.stdout, raw.stderr, ctx.project.dir), raw, steps: [raw] };
}

/** Packages that did not build: "FAIL pkg [build failed]" with the compiler's lines from stderr. */
export function buildFailures(stdout: string, stderr: string, dir: string): CollectionError[] {
  const out: CollectionError[] = [];
  const failedPkgs = [...stdout.matchAll(/^FAIL\s+(\S+)\s+\[(build failed|setup failed)\]/gm)].map((m) => m[1]!);
  const blocks = stderr.split(/^# /m).filter(Boolean);
  for (const pkg of failedPkgs) {
    const block = blocks.find((b) => b.startsWith(`${pkg} `) || b.startsWith(`${pkg}\n`) || b.startsWith(`${pkg} [`));
    const diags = block ? parseGo(block, dir) : [];
    out.push({
      file: diags[0]?.span?.file ?? null,
      message: head(diags.length ? `${pkg} does not build:\n${diags.map((d) => `${d.span!.file}:${d.span!.line}:${d.span!.column}: ${d.message}`).join('\n')}` : `${pkg} does not build:\n${block ?? ''}`, 800),
    });
  }
  return out;
}

/** A -coverprofile: "module/pkg/file.go:start.col,end.col statements count" blocks per line. */
export function readGoCoverProfile(text: string, module: string): FileCoverage[] {
  const files = new Map<string, Map<number, number>>();
  for (const line of text.split('\n')) {
    const m = /^(.+\.go):(\d+)\.\d+,(\d+)\.\d+ \d+ (\d+)$/.exec(line.trim());
    if (!m) continue;
    const file = m[1]!.startsWith(`${module}/`) ? m[1]!.slice(module.length + 1) : m[1]!;
    const lines = files.get(file) ?? new Map<number, number>();
    files.set(file, lines);
    for (let l = Number(m[2]); l <= Number(m[3]); l++) lines.set(l, Math.max(lines.get(l) ?? 0, Number(m[4])));
  }
  return [...files].map(([file, lines]) => {
    const ranges: Array<[number, number]> = [];
    let current: [number, number] | null = null;
    for (const [l, c] of [...lines].sort((a, b) => a[0] - b[0])) {
      if (c > 0) current = null;
      else if (current && current[1] === l - 1) current[1] = l;
      else ranges.push((current = [l, l]));
    }
    return { file, lines: { covered: [...lines.values()].filter((c) => c > 0).length, total: lines.size }, branches: null, uncovered: ranges };
  }).sort((a, b) => a.file.localeCompare(b.file));
}

export const goBuild: BuildAdapter = {
  async build(ctx, target) {
    const argv = target === 'check' ? ['go', 'vet', './...'] : target === 'clean' ? ['go', 'clean', './...'] : ['go', 'build', './...'];
    const raw = await ctx.exec(argv);
    return { steps: [raw], diagnostics: parseGo(raw.stderr, ctx.project.dir, target === 'check' ? 'vet' : 'build'), artifactDirs: [] };
  },
};
