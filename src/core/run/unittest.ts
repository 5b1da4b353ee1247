import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ExecContext, TestAdapter } from './adapter.js';
import { pytestAdapter, pythonWith } from './python.js';
import { head, projectFrames, tail } from './text.js';
import type { CollectionError, TestCase, TestResult, TestSelection } from './types.js';

/**
 * unittest projects. When the project's interpreter has pytest, pytest runs the suite (it runs
 * unittest tests too, with its structured report). Otherwise `python -m unittest -v -b`, whose
 * verbose lines ("test_x (pkg.mod.Class.test_x) ... ok") and failure sections are read as text;
 * modules that fail to import appear as unittest's `_FailedTest` and become collection errors.
 */

/** Where a dotted test id lives: the module file and the line of its `def`. */
function locate(dir: string, id: string): { file: string | null; line: number | null } {
  const parts = id.split('.');
  for (let i = parts.length - 1; i > 0; i--) {
    const file = `${parts.slice(0, i).join('/')}.py`;
    if (!existsSync(path.join(dir, file))) continue;
    const name = parts[parts.length - 1]!;
    const idx = readFileSync(path.join(dir, file), 'utf8').split('\n').findIndex((l) => new RegExp(`^\\s*(?:async\\s+)?def\\s+${name}\\s*\\(`).test(l));
    return { file, line: idx >= 0 ? idx + 1 : null };
  }
  return { file: null, line: null };
}

function caseOf(dir: string, id: string): TestCase {
  const parts = id.split('.');
  return { id, name: parts[parts.length - 1]!, suite: parts.length > 1 ? parts.slice(0, -1).join('.') : null, ...locate(dir, id) };
}

/** unittest arguments: dotted ids, files as module names, a filter as -k. */
export function unittestSelection(sel: TestSelection): string[] {
  const names = [...(sel.ids ?? []), ...(sel.files ?? []).filter((f) => f.endsWith('.py')).map((f) => f.replace(/\.py$/, '').split('/').join('.'))];
  if (names.length) return names;
  return ['discover', ...(sel.filter ? ['-k', sel.filter] : [])];
}

const LIST_SCRIPT = `
import json, unittest
def walk(s):
    for t in s:
        if isinstance(t, unittest.TestSuite):
            yield from walk(t)
        else:
            yield t
tests, errors = [], []
for t in walk(unittest.defaultTestLoader.discover('.')):
    if type(t).__name__ == '_FailedTest':
        errors.append({"id": t.id(), "message": str(getattr(t, '_exception', 'failed to load'))})
    else:
        tests.append(t.id())
print(json.dumps({"tests": tests, "errors": errors}))
`;

/** The module a _FailedTest names ("unittest.loader._FailedTest.pkg.mod" or "pkg.mod"), as a file. */
function failedModuleFile(dir: string, id: string): string | null {
  const mod = id.replace(/^unittest\.loader\._FailedTest\./, '');
  const file = `${mod.split('.').join('/')}.py`;
  return existsSync(path.join(dir, file)) ? file : null;
}

export function readUnittestOutput(stderr: string, dir: string): { tests: TestResult[]; collection_errors: CollectionError[] } {
  const tests = new Map<string, TestResult>();
  const collection_errors: CollectionError[] = [];
  const lines = stderr.split('\n');
  for (const line of lines) {
    // 3.11+: "name (pkg.mod.Class.name) ... ok"; before: "name (pkg.mod.Class) ... ok".
    const m = /^(\S+) \(([\w.]+)\)(?:\n.*)? \.\.\. (ok|FAIL|ERROR|skipped(?: '.*')?|expected failure|unexpected success)$/.exec(line);
    if (!m) continue;
    const full = m[2]!.endsWith(`.${m[1]}`) ? m[2]! : `${m[2]}.${m[1]}`;
    if (full.includes('_FailedTest')) continue;
    const status = m[3] === 'ok' || m[3] === 'expected failure' ? 'passed' : m[3] === 'FAIL' || m[3] === 'unexpected success' ? 'failed' : m[3] === 'ERROR' ? 'error' : 'skipped';
    const skipReason = /^skipped '(.*)'$/.exec(m[3]!)?.[1] ?? null;
    tests.set(full, { ...caseOf(dir, full), status, duration_ms: null, message: skipReason, stack: null, stdout_tail: null });
  }
  // Failure sections: "FAIL: name (id)" / "ERROR: name (id)", a rule, then the traceback.
  const sections = stderr.split(/^={50,}\n/m).slice(1);
  for (const sec of sections) {
    const h = /^(FAIL|ERROR): (\S+) \(([\w.]+)\)\n-+\n([\s\S]*)$/.exec(sec);
    if (!h) continue;
    const full = h[3]!.endsWith(`.${h[2]}`) ? h[3]! : `${h[3]}.${h[2]}`;
    const body = h[4]!.split(/^-{50,}\n/m)[0]!;
    if (full.includes('_FailedTest')) {
      collection_errors.push({ file: failedModuleFile(dir, full), message: head(body.trim(), 800) });
      continue;
    }
    const t = tests.get(full);
    if (!t) continue;
    const [trace, out] = body.split(/^Stdout:\n/m);
    const last = trace!.trim().split('\n').reverse().find((l) => /^\w[\w.]*(Error|Exception|Exit|Interrupt)\b|^\w+: /.test(l));
    t.message = head(last ?? trace!.trim().split('\n').pop() ?? '', 600);
    t.stack = projectFrames(trace!, dir);
    t.stdout_tail = tail(out?.split(/^Stderr:\n/m)[0], 400);
  }
  return { tests: [...tests.values()], collection_errors };
}

async function plainPython(ctx: ExecContext): Promise<{ py: string; pytest: boolean }> {
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  try {
    return { py: await pythonWith(ctx.project.dir, env, ['pytest']), pytest: true };
  } catch {
    return { py: await pythonWith(ctx.project.dir, env, []), pytest: false };
  }
}

export const unittestAdapter: TestAdapter = {
  async list(ctx, sel) {
    const { py, pytest } = await plainPython(ctx);
    if (pytest) return pytestAdapter.list(ctx, sel);
    const raw = await ctx.exec([py, '-c', LIST_SCRIPT]);
    let data: { tests: string[]; errors: Array<{ id: string; message: string }> } = { tests: [], errors: [] };
    try {
      data = JSON.parse(raw.stdout.trim().split('\n').pop() ?? '{}') as typeof data;
    } catch {
      // the tail of the output says why
    }
    const files = sel.files ?? [];
    const tests = data.tests.map((id) => caseOf(ctx.project.dir, id)).filter((t) => !files.length || files.some((f) => f === '.' || t.file === f || t.file?.startsWith(`${f}/`)));
    return { tests, collection_errors: data.errors.map((e) => ({ file: failedModuleFile(ctx.project.dir, e.id), message: head(e.message.trim(), 800) })), raw };
  },
  async run(ctx, sel) {
    const { py, pytest } = await plainPython(ctx);
    if (pytest) return pytestAdapter.run(ctx, sel);
    // Status lines are kept as they stream, so a long suite's results survive the output cap.
    const status: string[] = [];
    const selection = unittestSelection(sel);
    // "discover" must come first, right after the module.
    const args = selection[0] === 'discover' ? ['discover', '-v', '-b', ...selection.slice(1)] : ['-v', '-b', ...selection];
    const raw = await ctx.exec([py, '-m', 'unittest', ...args], {
      onStderrLine: (line) => {
        if (!/ \.\.\. (ok|FAIL|ERROR|skipped|expected failure|unexpected success)/.test(line)) return;
        status.push(line);
        ctx.progress(status.length, undefined, `${status.length} tests done`);
      },
    });
    const parsed = readUnittestOutput(`${status.join('\n')}\n${raw.stderr}`, ctx.project.dir);
    return { ...parsed, raw, steps: [raw] };
  },
  async coverage(ctx, sel) {
    return pytestAdapter.coverage!(ctx, sel);
  },
};
