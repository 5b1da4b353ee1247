import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stripAnsi } from './text.js';
import type { Diagnostic, Severity } from './types.js';

/**
 * Compiler output to diagnostics (the check tools' shape: code, severity, message, span with
 * 1-based lines and columns; files relative to the project). One reader per format: gcc/clang
 * and go text, tsc's `--pretty false` text, rustc's JSON (cargo --message-format=json), and
 * Python's compile step. Lines that are not diagnostics are ignored: noise on stderr never
 * becomes an error, and the exit code alone decides success.
 */

function rel(dir: string, file: string): string {
  const abs = path.resolve(dir, file);
  return abs.startsWith(`${dir}/`) ? abs.slice(dir.length + 1) : abs;
}

function span(file: string, line: number, column: number, endLine = line, endColumn = column) {
  return { file, line, column, end_line: endLine, end_column: endColumn };
}

function severityOf(s: string): Severity {
  const l = s.toLowerCase();
  if (l.includes('error')) return 'error';
  if (l.includes('warning')) return 'warning';
  if (l === 'note' || l === 'help') return 'information';
  return 'information';
}

/** gcc and clang: `file:line:col: error: message [-Wflag]`; notes are attached to nothing and skipped. */
export function parseGcc(output: string, dir: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const seen = new Set<string>();
  for (const line of stripAnsi(output).split('\n')) {
    const m = /^(.+?):(\d+):(?:(\d+):)?\s+(fatal error|error|warning):\s+(.*)$/.exec(line);
    if (!m) continue;
    const flag = /\s\[(-W[\w=+-]+|-fpermissive)\]$/.exec(m[5]!);
    const message = flag ? m[5]!.slice(0, flag.index) : m[5]!;
    const key = `${m[1]}:${m[2]}:${m[3]}:${message}`;
    if (seen.has(key)) continue; // the same header included twice
    seen.add(key);
    out.push({
      code: flag ? flag[1]! : null,
      severity: severityOf(m[4]!),
      message,
      source: 'gcc',
      span: span(rel(dir, m[1]!), Number(m[2]), Number(m[3] ?? 1)),
    });
  }
  return out;
}

/** tsc with --pretty false: `file(line,col): error TS2322: message`. */
export function parseTsc(output: string, dir: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const lines = stripAnsi(output).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^(.+?)\((\d+),(\d+)\): (error|warning|message) (TS\d+): (.*)$/.exec(lines[i]!);
    if (m) {
      let message = m[6]!;
      // Continuation lines (elaborations) are indented.
      while (i + 1 < lines.length && /^\s{2,}\S/.test(lines[i + 1]!)) message += `\n${lines[++i]!.trim()}`;
      out.push({ code: m[5]!, severity: severityOf(m[4]!), message, source: 'tsc', span: span(rel(dir, m[1]!), Number(m[2]), Number(m[3])) });
      continue;
    }
    const g = /^(error|warning) (TS\d+): (.*)$/.exec(lines[i]!);
    if (g) out.push({ code: g[2]!, severity: severityOf(g[1]!), message: g[3]!, source: 'tsc', span: null });
  }
  return out;
}

interface RustSpan {
  file_name: string;
  line_start: number;
  column_start: number;
  line_end: number;
  column_end: number;
  is_primary: boolean;
}
interface RustMessage {
  message: string;
  level: string;
  code: { code: string } | null;
  spans: RustSpan[];
}

/** cargo --message-format=json: one JSON object per line; compiler messages carry rustc's diagnostic. */
export function parseCargoJson(output: string, dir: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    let msg: { reason?: string; message?: RustMessage; manifest_path?: string };
    try {
      msg = JSON.parse(line) as typeof msg;
    } catch {
      continue;
    }
    if (msg.reason !== 'compiler-message' || !msg.message) continue;
    const m = msg.message;
    if (m.level !== 'error' && m.level !== 'warning') continue;
    if (/^aborting due to|^\d+ warnings? emitted|could not compile/.test(m.message)) continue;
    const s = m.spans.find((x) => x.is_primary) ?? m.spans[0];
    out.push({
      code: m.code?.code ?? null,
      severity: severityOf(m.level),
      message: m.message,
      source: 'rustc',
      span: s ? span(rel(dir, s.file_name), s.line_start, s.column_start, s.line_end, s.column_end) : null,
    });
  }
  return out;
}

/**
 * go build / go vet / go test build failures: `./file.go:line:col: message`. From go vet,
 * `vet: `-prefixed lines are type errors (the package does not compile) and the rest are its
 * analyzers' findings, reported as warnings (they still fail vet's exit code).
 */
export function parseGo(output: string, dir: string, mode: 'build' | 'vet' = 'build'): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const line of stripAnsi(output).split('\n')) {
    const m = /^(vet: )?(\.{0,2}\/?[\w./-]+\.go):(\d+):(?:(\d+):)?\s+(.*)$/.exec(line.trim());
    if (!m) continue;
    const severity: Severity = mode === 'vet' && !m[1] ? 'warning' : 'error';
    out.push({ code: mode === 'vet' && !m[1] ? 'vet' : null, severity, message: m[5]!, source: 'go', span: span(rel(dir, m[2]!), Number(m[3]), Number(m[4] ?? 1)) });
  }
  return out;
}

/** python -m compileall: `File "x.py", line N`, the source line, a caret, then `SyntaxError: message`. */
export function parsePythonCompile(output: string, dir: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const lines = stripAnsi(output).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^\s*File "(.+)", line (\d+)/.exec(lines[i]!);
    if (!m) continue;
    let j = i + 1;
    let caret: number | null = null;
    for (; j < lines.length && j < i + 6; j++) {
      const c = /^(\s*)\^/.exec(lines[j]!);
      if (c) caret = c[1]!.length - 4;
      const e = /^(\w*(?:Error|Warning)): (.*)$/.exec(lines[j]!);
      if (!e) continue;
      const file = rel(dir, m[1]!);
      let column = 1;
      if (caret !== null) {
        // Python prints the source line stripped of its indentation and indented by 4.
        const src = (() => {
          try {
            return readFileSync(path.resolve(dir, m[1]!), 'utf8').split('\n')[Number(m[2]) - 1] ?? '';
          } catch {
            return '';
          }
        })();
        column = caret + (src.length - src.trimStart().length) + 1;
      }
      out.push({ code: e[1]!, severity: e[1]!.endsWith('Warning') ? 'warning' : 'error', message: e[2]!, source: 'python', span: span(file, Number(m[2]), Math.max(1, column)) });
      i = j;
      break;
    }
  }
  return out;
}
