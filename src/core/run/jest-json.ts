import { head, projectFrames, relativeTo, stripAnsi } from './text.js';
import type { CollectionError, FileCoverage, TestResult, TestStatus } from './types.js';

/**
 * Readers for the JSON that vitest's json reporter and jest's --json write (the same shape:
 * testResults per file, assertionResults per test, with locations when asked), and for the
 * istanbul coverage-final.json both write.
 */

interface Assertion {
  ancestorTitles?: string[];
  title: string;
  fullName?: string;
  status: string;
  duration?: number | null;
  failureMessages?: string[];
  location?: { line: number; column: number } | null;
}

interface FileResult {
  name: string;
  status?: string;
  message?: string;
  assertionResults?: Assertion[];
}

export interface JestLikeReport {
  testResults?: FileResult[];
}

/** A test's id: its file (project-relative) and its titles, "test/a.test.ts > suite > name". */
export function jestLikeId(file: string, ancestors: readonly string[], title: string): string {
  return [file, ...ancestors, title].join(' > ');
}

function statusOf(s: string): TestStatus {
  if (s === 'passed') return 'passed';
  if (s === 'failed') return 'failed';
  return 'skipped';
}

/** Split a failure text into its message (the lines before the first frame) and its project frames. */
export function splitFailure(text: string, dir: string): { message: string; stack: string | null } {
  const clean = stripAnsi(text);
  const lines = clean.split('\n');
  const firstFrame = lines.findIndex((l) => /^\s+at /.test(l));
  const message = (firstFrame >= 0 ? lines.slice(0, firstFrame) : lines).join('\n').trim();
  return { message: head(message, 600), stack: firstFrame >= 0 ? projectFrames(lines.slice(firstFrame).join('\n'), dir) : null };
}

export function readJestLike(report: JestLikeReport, dir: string): { tests: TestResult[]; collection_errors: CollectionError[] } {
  const tests: TestResult[] = [];
  const collection_errors: CollectionError[] = [];
  for (const f of report.testResults ?? []) {
    const file = relativeTo(dir, f.name);
    const assertions = f.assertionResults ?? [];
    if (f.status === 'failed' && f.message && assertions.every((a) => a.status !== 'failed')) {
      // A file that failed outside any test: it did not load (syntax, a missing import) or a hook threw.
      collection_errors.push({ file, message: head(stripAnsi(f.message).trim(), 800) });
    }
    for (const a of assertions) {
      const ancestors = a.ancestorTitles ?? [];
      const failure = a.failureMessages?.length ? splitFailure(a.failureMessages.join('\n'), dir) : null;
      tests.push({
        id: jestLikeId(file, ancestors, a.title),
        name: a.title,
        suite: ancestors.length ? ancestors.join(' > ') : null,
        file,
        line: a.location?.line ?? null,
        status: statusOf(a.status),
        duration_ms: typeof a.duration === 'number' ? Math.round(a.duration) : null,
        message: failure?.message ?? null,
        stack: failure?.stack ?? null,
        stdout_tail: null,
      });
    }
  }
  return { tests, collection_errors };
}

interface IstanbulFile {
  path: string;
  statementMap: Record<string, { start: { line: number }; end: { line: number } }>;
  s: Record<string, number>;
  branchMap?: Record<string, unknown>;
  b?: Record<string, number[]>;
}

/** Turn a set of covered/uncovered line numbers into inclusive ranges. */
export function uncoveredRanges(lines: Map<number, number>): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let current: [number, number] | null = null;
  // Lines with no statement between two missed lines do not break a range.
  for (const [line, count] of [...lines].sort((x, y) => x[0] - y[0])) {
    if (count > 0) current = null;
    else if (current) current[1] = line;
    else ranges.push((current = [line, line]));
  }
  return ranges;
}

export function readIstanbul(json: Record<string, IstanbulFile>, dir: string): FileCoverage[] {
  const out: FileCoverage[] = [];
  for (const f of Object.values(json)) {
    const lines = new Map<number, number>();
    for (const [id, loc] of Object.entries(f.statementMap)) {
      const n = f.s[id] ?? 0;
      const prev = lines.get(loc.start.line);
      if (prev === undefined || prev < n) lines.set(loc.start.line, n);
    }
    const counts = Object.values(f.b ?? {}).flat();
    out.push({
      file: relativeTo(dir, f.path),
      lines: { covered: [...lines.values()].filter((c) => c > 0).length, total: lines.size },
      branches: counts.length ? { covered: counts.filter((c) => c > 0).length, total: counts.length } : null,
      uncovered: uncoveredRanges(lines),
    });
  }
  return out.sort((a, b) => a.file.localeCompare(b.file));
}
