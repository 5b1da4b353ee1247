import { spawn } from 'node:child_process';
import path from 'node:path';
import { DocentError } from '../errors.js';
import { which } from '../process/which.js';

/**
 * The standard formatter of a language, for files whose language server does not format
 * (pyright): black for Python, gofmt for Go, rustfmt for Rust. Each reads the text on stdin
 * and prints the formatted text, so the file itself is never touched here: the result goes
 * through the edit applier like any other change.
 */

interface FormatterSpec {
  program: string;
  args: (file: string) => string[];
  install: string;
}

const BY_EXTENSION: Record<string, FormatterSpec> = {
  '.py': { program: 'black', args: (f) => ['--quiet', '--stdin-filename', f, '-'], install: 'apt-get install black (or pip install black)' },
  '.pyi': { program: 'black', args: (f) => ['--quiet', '--pyi', '--stdin-filename', f, '-'], install: 'apt-get install black (or pip install black)' },
  '.go': { program: 'gofmt', args: () => [], install: 'install Go (gofmt comes with it)' },
  '.rs': { program: 'rustfmt', args: () => ['--emit', 'stdout', '--quiet'], install: 'rustup component add rustfmt' },
};

export interface ExternalFormatter {
  name: string;
  format(file: string, text: string, opts: { cwd: string; signal?: AbortSignal; timeoutMs?: number }): Promise<string>;
}

/** The formatter for `file`, or an E_UNAVAILABLE error saying what to install; undefined when the language has none. */
export function externalFormatterFor(file: string): ExternalFormatter | undefined {
  const spec = BY_EXTENSION[path.extname(file).toLowerCase()];
  if (!spec) return undefined;
  return {
    name: spec.program,
    format: (f, text, opts) => {
      const program = which(spec.program);
      if (!program) throw new DocentError('E_UNAVAILABLE', `${spec.program} is not installed, and the language server does not format ${path.basename(f)}.`, `Install it: ${spec.install}.`);
      return pipeThrough(program, spec.args(f), text, opts);
    },
  };
}

function pipeThrough(program: string, args: string[], input: string, opts: { cwd: string; signal?: AbortSignal; timeoutMs?: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'], signal: opts.signal });
    let out = '';
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 30_000);
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new DocentError('E_UNAVAILABLE', `${path.basename(program)} could not run: ${e.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(out);
      const why = signal ? `was killed (${signal})` : `failed (exit ${code})`;
      reject(new DocentError('E_BAD_INPUT', `${path.basename(program)} ${why}: ${err.trim().split('\n').slice(-3).join(' | ')}`, 'The file may not parse; fix its syntax first.'));
    });
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}
