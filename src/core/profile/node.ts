import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ScriptMap } from '../dap/source-maps.js';
import { DocentError } from '../errors.js';
import { ProfileBuilder, functionKey, type ProfileData } from './model.js';
import { runLimited } from './run-limited.js';

/**
 * Node through `--cpu-prof` (V8's sampling profiler, a .cpuprofile JSON): self time is each
 * node's samples times the sampling interval; total time counts a sample once for every distinct
 * function on its stack (so recursion is not counted twice); lines come from positionTicks.
 */

interface CpuNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
  positionTicks?: Array<{ line: number; ticks: number }>;
}
interface CpuProfile {
  nodes: CpuNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const META = new Set(['(root)', '(program)', '(idle)']);

export async function profileNode(opts: { program: string; args: string[]; cwd: string; durationS: number; signal?: AbortSignal }): Promise<Omit<ProfileData, 'id' | 'created' | 'program' | 'args'>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'docent-prof-'));
  try {
    // SIGINT (the duration limit) must end the program through process.exit so the profile is written.
    const onSigint = path.join(dir, 'on-sigint.cjs');
    writeFileSync(onSigint, 'process.on("SIGINT", () => process.exit(130));\n');
    const run = await runLimited(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=500', '-r', onSigint, opts.program, ...opts.args], {
      cwd: opts.cwd,
      durationS: opts.durationS,
      signal: opts.signal,
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new DocentError('E_UNAVAILABLE', `node wrote no CPU profile (exit ${run.code}). ${run.stderr.slice(-500)}`);
    const profile = fromCpuProfile(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile);
    mapToSources(profile);
    if (/\.[mc]?ts$/.test(opts.program)) profile.language = 'typescript';
    return { ...profile, total_ms: run.wallMs, exit_code: run.code, warnings: run.warnings };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function fileOf(url: string): string | null {
  if (!url) return null;
  if (url.startsWith('file:')) return fileURLToPath(url);
  return url.startsWith('/') ? url : null;
}

export function fromCpuProfile(p: CpuProfile): Omit<ProfileData, 'id' | 'created' | 'program' | 'args' | 'total_ms' | 'exit_code' | 'warnings'> {
  const b = new ProfileBuilder();
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = new Map<number, string | null>();
  for (const n of p.nodes) {
    const name = n.callFrame.functionName || '(anonymous)';
    if (META.has(name)) {
      keyOf.set(n.id, null);
      continue;
    }
    const file = fileOf(n.callFrame.url);
    keyOf.set(n.id, b.fn(name, file, file ? n.callFrame.lineNumber + 1 : null).key);
  }
  // Sample weights: each sample lasts until the next one.
  const weight = new Map<number, number>();
  let total = 0;
  let counted = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const ms = (p.timeDeltas[i + 1] ?? p.timeDeltas[i] ?? 0) / 1000;
    const id = p.samples[i]!;
    const own = keyOf.get(id);
    if (byId.get(id)?.callFrame.functionName === '(idle)') continue;
    total += ms;
    counted++;
    weight.set(id, (weight.get(id) ?? 0) + ms);
    if (own) b.functions.get(own)!.self += ms;
    // The sample's stack, innermost first, one entry per distinct function run.
    const stack: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const k = keyOf.get(at);
      if (k && stack[stack.length - 1] !== k) stack.push(k);
    }
    for (const k of new Set(stack)) b.functions.get(k)!.total += ms;
    const pairs = new Set<string>();
    for (let j = 0; j + 1 < stack.length; j++) {
      const pair = `${stack[j + 1]}\u0000${stack[j]}`;
      if (pairs.has(pair)) continue;
      pairs.add(pair);
      b.edge(stack[j + 1]!, stack[j]!, ms);
    }
  }
  // Lines: positionTicks split a node's self time by line.
  for (const n of p.nodes) {
    const k = keyOf.get(n.id);
    const w = weight.get(n.id);
    if (!k || !w || !n.positionTicks?.length) continue;
    const ticks = n.positionTicks.reduce((s, t) => s + t.ticks, 0);
    for (const t of n.positionTicks) b.line(k, t.line, (w * t.ticks) / ticks);
  }
  return { language: 'javascript', profiler: 'cpuprofile', unit: 'ms', total: Math.max(total, 1e-9), samples: counted, functions: [...b.functions.values()], edges: [...b.edges.values()], lines: [...b.lines.values()] };
}

export { functionKey };

/** Compiled scripts (TypeScript) name their original files and lines through their source maps. */
function mapToSources(p: Pick<ProfileData, 'functions' | 'lines'>): void {
  const maps = new Map<string, ScriptMap | undefined>();
  const mapFor = (file: string): ScriptMap | undefined => {
    if (!maps.has(file)) {
      let map: ScriptMap | undefined;
      try {
        const url = /\/\/[#@] sourceMappingURL=(\S+)\s*$/.exec(readFileSync(file, 'utf8').slice(-4096))?.[1];
        map = url ? ScriptMap.load(file, url) : undefined;
      } catch {
        map = undefined;
      }
      maps.set(file, map);
    }
    return maps.get(file);
  };
  const mapped = new Map<string, ScriptMap>();
  for (const f of p.functions) {
    const map = f.file && f.line ? mapFor(f.file) : undefined;
    const o = map?.original(f.line!, 0);
    if (!map || !o) continue;
    mapped.set(f.key, map);
    f.file = o.file;
    f.line = o.line;
  }
  for (const l of p.lines) {
    const o = mapped.get(l.key)?.original(l.line, 0);
    if (o) l.line = o.line;
  }
}
