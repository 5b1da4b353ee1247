import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DocentError } from '../errors.js';
import { which } from '../process/which.js';
import { ProfileBuilder, type ProfileData } from './model.js';
import { runLimited } from './run-limited.js';

/**
 * Native programs through valgrind's callgrind: exact instruction counts (Ir), the same on
 * every run, per function and per source line, with inclusive costs of calls. The format is
 * callgrind's own (name compression "(id) name", relative line numbers "+3"/"-2"/"*").
 */

export async function profileNative(opts: { program: string; args: string[]; cwd: string; durationS: number; signal?: AbortSignal }): Promise<Omit<ProfileData, 'id' | 'created' | 'program' | 'args'>> {
  const valgrind = which('valgrind');
  if (!valgrind) throw new DocentError('E_NO_SERVER', 'valgrind is not installed (callgrind profiles native programs).', 'Install it: apt-get install valgrind');
  const dir = mkdtempSync(path.join(tmpdir(), 'docent-prof-'));
  try {
    const out = path.join(dir, 'callgrind.out');
    const run = await runLimited(valgrind, ['--tool=callgrind', `--callgrind-out-file=${out}`, '--dump-line=yes', '--compress-pos=no', opts.program, ...opts.args], opts);
    let text: string;
    try {
      text = readFileSync(out, 'utf8');
    } catch {
      throw new DocentError('E_UNAVAILABLE', `callgrind wrote no profile (exit ${run.code}). ${run.stderr.slice(-500)}`);
    }
    return { ...parseCallgrind(text), total_ms: run.wallMs, exit_code: run.code, warnings: [...run.warnings, 'Costs are instructions executed (callgrind Ir), exact and repeatable; wall time under valgrind is much longer than a normal run.'] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function parseCallgrind(text: string): Omit<ProfileData, 'id' | 'created' | 'program' | 'args' | 'total_ms' | 'exit_code' | 'warnings'> {
  const b = new ProfileBuilder();
  const names = { fl: new Map<string, string>(), fn: new Map<string, string>() };
  // "(12) name" defines id 12; "(12)" refers to it.
  const named = (kind: 'fl' | 'fn', value: string): string => {
    const m = /^\((\d+)\)(?:\s+(.*))?$/.exec(value.trim());
    if (!m) return value.trim();
    if (m[2] !== undefined) names[kind].set(m[1]!, m[2]);
    return names[kind].get(m[1]!) ?? value;
  };
  let fl = '';
  let fi = '';
  let fnKey = '';
  let cfl = '';
  let cfn = '';
  let pendingCall: number | null = null;
  let lastLine = 0;
  let total = 0;
  const position = (tok: string): number => {
    if (tok === '*') return lastLine;
    if (tok.startsWith('+') || tok.startsWith('-')) return lastLine + Number(tok);
    return Number(tok);
  };
  const fileOrNull = (f: string) => (f && f !== '???' ? f : null);
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (!line) continue;
    const c = line.charCodeAt(0);
    const isCost = (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 42;
    if (isCost) {
      const [posTok, costTok] = line.split(/\s+/);
      const pos = position(posTok!);
      lastLine = pos;
      const cost = Number(costTok ?? 0);
      if (!fnKey) continue;
      if (pendingCall !== null) {
        const callee = b.fn(cfn, null, null);
        callee.file ??= fileOrNull(cfl);
        b.edge(fnKey, callee.key, cost, pendingCall);
        b.functions.get(fnKey)!.total += cost;
        callee.calls = (callee.calls ?? 0) + pendingCall;
        pendingCall = null;
        cfl = '';
      } else {
        const f = b.functions.get(fnKey)!;
        f.self += cost;
        f.total += cost;
        // Lines of inlined code (fi=) belong to another file: keep only the function's own.
        if (pos > 0 && (!fi || fi === fl)) {
          b.line(fnKey, pos, cost);
          if (f.line === null || pos < f.line) f.line = pos;
        }
      }
      continue;
    }
    const eq = line.indexOf('=');
    const key = eq > 0 ? line.slice(0, eq) : '';
    const value = eq > 0 ? line.slice(eq + 1) : '';
    switch (key) {
      case 'fl':
        fl = named('fl', value);
        fi = '';
        break;
      case 'fi':
      case 'fe':
        fi = named('fl', value);
        break;
      case 'fn': {
        // Keyed by name alone: a callee is met (cfn=) before its own block, often without its file.
        const f = b.fn(named('fn', value), null, null);
        f.file = fileOrNull(fl) ?? f.file;
        fnKey = f.key;
        fi = '';
        cfl = '';
        break;
      }
      case 'cfl':
      case 'cfi':
        cfl = named('fl', value);
        break;
      case 'cfn':
        cfn = named('fn', value);
        break;
      case 'calls':
        pendingCall = Number(value.split(/\s+/)[0]);
        break;
      default:
        if (line.startsWith('summary:') || line.startsWith('totals:')) total = Math.max(total, Number(line.split(/\s+/)[1]));
    }
  }
  if (!total) total = [...b.functions.values()].reduce((s, f) => s + f.self, 0);
  return { language: 'cpp', profiler: 'callgrind', unit: 'instructions', total: Math.max(total, 1), samples: total, functions: [...b.functions.values()], edges: [...b.edges.values()], lines: [...b.lines.values()] };
}
