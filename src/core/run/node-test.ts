import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ExecContext, TestAdapter } from './adapter.js';
import { jestLikeId, splitFailure } from './jest-json.js';
import { escapeRegex, head, relativeTo } from './text.js';
import type { CollectionError, TestResult, TestSelection } from './types.js';

/**
 * node's own test runner (`node --test`). Its JUnit reporter does not say which file a test is
 * in, so a small reporter module (written to the run's temp directory, never the project)
 * records each test event with its file, line, nesting, duration and error as JSON lines; the
 * spec reporter on stdout gives live counts. A file that fails before any test runs is a
 * collection error. Listing runs with a name pattern that matches nothing, which reports every
 * test as skipped, with its location.
 */

const REPORTER = `
export default async function* docentReporter(source) {
  for await (const event of source) {
    if (event.type !== 'test:start' && event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const d = event.data;
    const err = d.details?.error;
    yield JSON.stringify({
      type: event.type, name: d.name, nesting: d.nesting, file: d.file ?? null, line: d.line ?? null,
      duration: d.details?.duration_ms ?? null, kind: d.details?.type ?? 'test', skip: d.skip ?? false, todo: d.todo ?? false,
      error: err ? String(err.cause?.stack ?? err.cause ?? err.stack ?? err.message ?? err) : null,
    }) + '\\n';
  }
}
`;

interface NodeEvent {
  type: 'test:start' | 'test:pass' | 'test:fail';
  name: string;
  nesting: number;
  file: string | null;
  line: number | null;
  duration: number | null;
  kind: string;
  skip: boolean | string;
  todo: boolean | string;
  error: string | null;
}

/** node flags that take a value as the next argument (`--import tsx`). */
const VALUE_FLAGS = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader', '--conditions', '-C', '--env-file', '--test-concurrency', '--test-timeout']);

/**
 * The project's own `node … --test …` invocation from its test script, split into the node
 * flags to keep (a loader such as `--import tsx`, `--experimental-strip-types`) and the files it
 * names. docent's reporter and selection replace the script's reporters and name patterns.
 */
export function scriptInvocation(script: string | undefined): { flags: string[]; files: string[] } {
  const flags: string[] = [];
  const files: string[] = [];
  if (!script) return { flags, files };
  const m = /\bnode\b([^&|;]*)/.exec(script);
  const tokens = (m?.[1] ?? '').trim().split(/\s+/).filter(Boolean);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const name = t.split('=')[0]!;
    if (t === '--test' || name.startsWith('--test-reporter') || name === '--test-name-pattern' || name === '--test-only') {
      if (!t.includes('=') && (name === '--test-reporter' || name === '--test-reporter-destination' || name === '--test-name-pattern')) i++;
      continue;
    }
    if (t.startsWith('-')) {
      flags.push(t);
      if (VALUE_FLAGS.has(t) && i + 1 < tokens.length) flags.push(tokens[++i]!);
      continue;
    }
    files.push(t.replace(/^['"]|['"]$/g, ''));
  }
  return { flags, files };
}

/** The files the project's test script names (`node --test test/`), when the caller names none. */
export function scriptFiles(script: string | undefined): string[] {
  return scriptInvocation(script).files;
}

export function nodeTestSelection(sel: TestSelection, script: string | undefined): string[] {
  const files = new Set(sel.files ?? []);
  const names: string[] = [];
  for (const id of sel.ids ?? []) {
    const parts = id.split(' > ');
    if (parts[0]) files.add(parts[0]);
    if (parts.length > 1) names.push(escapeRegex(parts[parts.length - 1]!));
  }
  const args: string[] = [];
  if (names.length) args.push(`--test-name-pattern=^(?:${names.join('|')})$`);
  else if (sel.filter) args.push(`--test-name-pattern=${escapeRegex(sel.filter)}`);
  args.push(...(files.size ? [...files] : scriptFiles(script)));
  return args;
}

export function readNodeEvents(lines: string[], dir: string): { tests: TestResult[]; collection_errors: CollectionError[] } {
  const tests: TestResult[] = [];
  const collection_errors: CollectionError[] = [];
  const stacks = new Map<string, string[]>();
  const hadChildren = new Set<string>();
  for (const line of lines) {
    if (!line.trim()) continue;
    let e: NodeEvent;
    try {
      e = JSON.parse(line) as NodeEvent;
    } catch {
      continue;
    }
    const fileKey = e.file ?? '';
    const stack = stacks.get(fileKey) ?? [];
    stacks.set(fileKey, stack);
    if (e.type === 'test:start') {
      stack[e.nesting] = e.name;
      stack.length = e.nesting + 1;
      if (e.nesting > 0) hadChildren.add(`${fileKey}\0${stack.slice(0, e.nesting).join('\0')}`);
      continue;
    }
    const ancestors = stack.slice(0, e.nesting);
    const file = e.file ? relativeTo(dir, e.file) : null;
    // A file that failed outside any test: node names the "test" after the file itself.
    if (e.type === 'test:fail' && e.nesting === 0 && e.file && (e.name === e.file || path.resolve(dir, e.name) === e.file)) {
      collection_errors.push({ file, message: head((e.error ?? 'the file failed to load').trim(), 800) });
      continue;
    }
    if (e.kind === 'suite' || hadChildren.has(`${fileKey}\0${[...ancestors, e.name].join('\0')}`)) continue;
    const failure = e.type === 'test:fail' && e.error ? splitFailure(e.error, dir) : null;
    const skipped = Boolean(e.skip) || Boolean(e.todo);
    tests.push({
      id: jestLikeId(file ?? '', ancestors, e.name),
      name: e.name,
      suite: ancestors.length ? ancestors.join(' > ') : null,
      file,
      line: e.line,
      status: skipped ? 'skipped' : e.type === 'test:pass' ? 'passed' : 'failed',
      duration_ms: e.duration !== null ? Math.round(e.duration) : null,
      message: skipped ? (typeof e.skip === 'string' ? e.skip : typeof e.todo === 'string' ? e.todo : null) : (failure?.message ?? null),
      stack: failure?.stack ?? null,
      stdout_tail: null,
    });
  }
  return { tests, collection_errors };
}

async function nodeRun(ctx: ExecContext, sel: TestSelection, extra: string[]) {
  const reporter = path.join(ctx.tmp, 'docent-reporter.mjs');
  const events = path.join(ctx.tmp, 'events.jsonl');
  writeFileSync(reporter, REPORTER);
  let done = 0;
  let failed = 0;
  const raw = await ctx.exec(
    [
      'node',
      ...scriptInvocation(ctx.project.meta.test_script).flags,
      '--test',
      `--test-reporter=${reporter}`,
      `--test-reporter-destination=${events}`,
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      ...extra,
      ...nodeTestSelection(sel, ctx.project.meta.test_script),
    ],
    {
      onStdoutLine: (line) => {
        const m = /^\s*([✔✖﹣])/.exec(line);
        if (!m) return;
        done++;
        if (m[1] === '✖') failed++;
        ctx.progress(done, undefined, `${done} tests done, ${failed} failed`);
      },
    },
  );
  const parsed = existsSync(events) ? readNodeEvents(readFileSync(events, 'utf8').split('\n'), ctx.project.dir) : { tests: [], collection_errors: [] };
  // node reports a file that did not load as just "test failed"; the reason is in its output.
  const output = `${raw.stderr}\n${raw.stdout}`.split('\n');
  for (const c of parsed.collection_errors) {
    if (!c.file || !/^test failed$/.test(c.message)) continue;
    const abs = path.join(ctx.project.dir, c.file);
    const reason = output.find((l) => /Error\b/.test(l) && l.includes(abs)) ?? output.find((l) => /^\w*Error\b/.test(l.trim()));
    if (reason) c.message = head(reason.trim().replaceAll(`${ctx.project.dir}/`, ''), 800);
  }
  return { raw, ...parsed };
}

export const nodeTestAdapter: TestAdapter = {
  async list(ctx, sel) {
    const { raw, tests, collection_errors } = await nodeRun(ctx, { files: sel.files }, ['--test-name-pattern=^\\b$docent-list-only']);
    return { tests: tests.map(({ id, name, suite, file, line }) => ({ id, name, suite, file, line })), collection_errors, raw };
  },
  async run(ctx, sel) {
    const { raw, tests, collection_errors } = await nodeRun(ctx, sel, []);
    return { tests, collection_errors, raw, steps: [raw] };
  },
};
