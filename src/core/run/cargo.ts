import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildAdapter, ExecContext, TestAdapter } from './adapter.js';
import { parseCargoJson } from './diagnostics.js';
import { head, tail } from './text.js';
import type { CollectionError, TestCase, TestResult, TestSelection } from './types.js';

/**
 * Cargo on stable: libtest's JSON output needs nightly, so test results are read from its text
 * (`test name ... ok`, the `---- name stdout ----` blocks, `panicked at file:line:col`), while
 * compilation goes through `--message-format=json` on the same run, so compiler errors arrive
 * as rustc's structured diagnostics. Each test binary is announced on stderr ("Running
 * unittests src/lib.rs"), which tells which file a test lives in.
 */

const ENV = { RUST_BACKTRACE: '0', CARGO_TERM_COLOR: 'never' };

/** Test filters: ids as exact names, or a filter as libtest's substring match. */
export function cargoSelection(sel: TestSelection): { before: string[]; after: string[] } {
  const before: string[] = [];
  for (const f of sel.files ?? []) {
    const m = /^tests\/([\w-]+)\.rs$/.exec(f);
    if (m) before.push('--test', m[1]!);
    else if (/^src\//.test(f)) before.push('--lib');
  }
  if (sel.ids?.length) return { before, after: ['--exact', ...sel.ids] };
  return { before: sel.filter ? [...before, sel.filter] : before, after: [] };
}

/** The file a test binary comes from, from cargo's "Running" line. */
function binarySource(line: string): string | null | undefined {
  const m = /^\s*Running (?:unittests )?(\S+\.rs) \(/.exec(line);
  if (m) return m[1]!;
  if (/^\s*Doc-tests /.test(line)) return null;
  return undefined;
}

/** The line of `fn <last path segment>` in a file, or null. */
function fnLine(dir: string, file: string | null, name: string): number | null {
  if (!file) return null;
  const abs = path.join(dir, file);
  if (!existsSync(abs)) return null;
  const last = name.split('::').pop()!;
  const i = readFileSync(abs, 'utf8').split('\n').findIndex((l) => new RegExp(`\\bfn\\s+${last}\\s*\\(`).test(l));
  return i >= 0 ? i + 1 : null;
}

interface Parsed {
  tests: TestResult[];
  listed: TestCase[];
}

/**
 * Reads libtest's text as lines arrive. Cargo announces each test binary on stderr ("Running
 * unittests src/lib.rs") while the binary writes to stdout, and the two pipes are not ordered
 * against each other; so the k-th section of stdout ("running N tests" opens one, "N tests, M
 * benchmarks" closes a listing) is matched with the k-th announcement when the run is over.
 */
class LibtestReader {
  private readonly sources: Array<string | null> = [];
  private section = -1;
  private listSection = 0;
  private readonly results = new Map<string, { r: TestResult; section: number }>();
  private readonly listed: Array<{ name: string; section: number }> = [];
  private block: { name: string; lines: string[] } | null = null;
  private done = 0;
  private failed = 0;

  constructor(
    private readonly dir: string,
    private readonly progress?: (done: number, failed: number) => void,
  ) {}

  stderr(line: string): void {
    const src = binarySource(line);
    if (src !== undefined) this.sources.push(src);
  }

  stdout(line: string): void {
    if (line.startsWith('{')) return; // cargo's JSON messages
    if (/^running \d+ tests?$/.test(line)) {
      this.section++;
      return;
    }
    if (/^\d+ tests?, \d+ benchmarks?$/.test(line)) {
      this.listSection++;
      return;
    }
    const t = /^test (.+?) \.\.\. (ok|FAILED|ignored)(?:, .*)?$/.exec(line);
    if (t) {
      const name = t[1]!;
      const status = t[2] === 'ok' ? 'passed' : t[2] === 'FAILED' ? 'failed' : 'skipped';
      this.results.set(name, { r: { ...bareCase(name), status, duration_ms: null, message: null, stack: null, stdout_tail: null }, section: this.section });
      this.done++;
      if (status === 'failed') this.failed++;
      this.progress?.(this.done, this.failed);
      return;
    }
    const l = /^(.+): (test|bench)$/.exec(line);
    if (l && !line.startsWith(' ')) {
      this.listed.push({ name: l[1]!, section: this.listSection });
      return;
    }
    const start = /^---- (.+?) stdout ----$/.exec(line);
    if (start) {
      this.flush();
      this.block = { name: start[1]!, lines: [] };
      return;
    }
    if (this.block && (line === 'failures:' || /^test result:/.test(line))) {
      this.flush();
      return;
    }
    this.block?.lines.push(line);
  }

  private locate(name: string, section: number): { file: string | null; line: number | null } {
    const file = !name.includes(' - ') ? (this.sources[section] ?? null) : null;
    return { file, line: fnLine(this.dir, file, name) };
  }

  private flush(): void {
    if (!this.block) return;
    const r = this.results.get(this.block.name)?.r;
    const text = this.block.lines.join('\n');
    this.block = null;
    if (!r) return;
    // New format: "thread 'x' (123) panicked at src/lib.rs:22:9:\nmessage"; old: "panicked at 'message', src/lib.rs:22:9".
    const now = /^thread '.*?'(?: \(\d+\))? panicked at ([^\s:]+):(\d+):(\d+):\n([\s\S]*?)(?:\nnote:|\nstack backtrace:|$)/m.exec(text);
    const old = /^thread '.*?' panicked at '([\s\S]*?)', ([^\s:]+):(\d+):(\d+)/m.exec(text);
    const where = now ? `${now[1]}:${now[2]}:${now[3]}` : old ? `${old[2]}:${old[3]}:${old[4]}` : null;
    r.message = head((now?.[4] ?? old?.[1] ?? text).trim(), 600);
    r.stack = where;
    const before = text.split(/^thread '/m)[0]!.trim();
    r.stdout_tail = tail(before, 400);
  }

  finish(): Parsed {
    this.flush();
    return {
      tests: [...this.results.values()].map(({ r, section }) => ({ ...r, ...this.locate(r.id, section) })),
      listed: this.listed.map(({ name, section }) => ({ ...bareCase(name), ...this.locate(name, section) })),
    };
  }
}

function bareCase(name: string): TestCase {
  const parts = name.split('::');
  return { id: name, name: parts[parts.length - 1]!, suite: parts.length > 1 ? parts.slice(0, -1).join('::') : null, file: null, line: null };
}

/** A build that failed before any test ran: its first errors as one collection error. */
function compileFailure(stdout: string, dir: string): CollectionError[] {
  const errors = parseCargoJson(stdout, dir).filter((d) => d.severity === 'error');
  if (!errors.length) return [];
  return [{ file: errors[0]!.span?.file ?? null, message: head(`The crate does not compile:\n${errors.slice(0, 5).map((d) => `${d.span ? `${d.span.file}:${d.span.line}:${d.span.column}: ` : ''}${d.code ? `${d.code} ` : ''}${d.message}`).join('\n')}`, 800) }];
}

async function cargoTest(ctx: ExecContext, sel: TestSelection, list: boolean) {
  const reader = new LibtestReader(ctx.project.dir, (done, failed) => ctx.progress(done, undefined, `${done} tests done, ${failed} failed`));
  const { before, after } = cargoSelection(sel);
  const argv = ['cargo', 'test', '--no-fail-fast', '--message-format=json', ...before, '--', ...after, ...(list ? ['--list'] : [])];
  const raw = await ctx.exec(argv, { env: ENV, onStdoutLine: (l) => reader.stdout(l), onStderrLine: (l) => reader.stderr(l) });
  return { raw, parsed: reader.finish(), collection_errors: compileFailure(raw.stdout, ctx.project.dir) };
}

export const cargoTestAdapter: TestAdapter = {
  async list(ctx, sel) {
    const { raw, parsed, collection_errors } = await cargoTest(ctx, { files: sel.files }, true);
    return { tests: parsed.listed, collection_errors, raw };
  },
  async run(ctx, sel) {
    const { raw, parsed, collection_errors } = await cargoTest(ctx, sel, false);
    return { tests: parsed.tests, collection_errors, raw, steps: [raw] };
  },
};

interface ArtifactMessage {
  reason?: string;
  package_id?: string;
  executable?: string | null;
  filenames?: string[];
  target?: { kind?: string[] };
}

export const cargoBuild: BuildAdapter = {
  async build(ctx, target) {
    if (target === 'clean') {
      const raw = await ctx.exec(['cargo', 'clean'], { env: ENV });
      return { steps: [raw], diagnostics: [], artifactDirs: [] };
    }
    const raw = await ctx.exec(['cargo', target === 'check' ? 'check' : 'build', '--message-format=json'], { env: ENV });
    const artifacts: string[] = [];
    if (target === 'compile') {
      for (const line of raw.stdout.split('\n')) {
        if (!line.startsWith('{"reason":"compiler-artifact"')) continue;
        try {
          const m = JSON.parse(line) as ArtifactMessage;
          // The project's own outputs: binaries and libraries, not its dependencies'.
          if (!m.package_id?.includes(`file://${ctx.project.dir}`)) continue;
          if (m.executable) artifacts.push(m.executable);
          else artifacts.push(...(m.filenames ?? []).filter((f) => /\.(rlib|so|a|dylib)$/.test(f)));
        } catch {
          // not JSON after all
        }
      }
    }
    return { steps: [raw], diagnostics: parseCargoJson(raw.stdout, ctx.project.dir), artifactDirs: [], artifacts };
  },
};
