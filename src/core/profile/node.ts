import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CdpClient } from '../dap/cdp-client.js';
import { INSPECTOR_NOISE, startInspected } from '../dap/node-launch.js';
import { killTree } from '../process/process-tree.js';
import { ScriptMap } from '../dap/source-maps.js';
import { DocentError } from '../errors.js';
import { createLogger } from '../log.js';
import { ProfileBuilder, functionKey, type ProfileData } from './model.js';

/**
 * Node through V8's sampling profiler (the .cpuprofile format `node --cpu-prof` writes), driven
 * over the inspector so a duration limit can stop it: `--cpu-prof` writes only on a clean exit,
 * which a busy loop never reaches after SIGINT, while Profiler.stop is answered even then.
 * Self time is each sample's share; total time counts a sample once for every distinct function
 * on its stack (so recursion is not counted twice); lines come from positionTicks.
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
  const started = performance.now();
  const log = createLogger('docent:profile');
  const { child, url } = await startInspected(opts.program, opts.args, opts.cwd);
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString('utf8').replace(INSPECTOR_NOISE, '')).slice(-4000)));
  child.stdout!.resume();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code, sig) => resolve(code ?? (sig ? 128 : null))));
  const warnings: string[] = [];
  const onAbort = () => killTree(child.pid);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  let cdp: CdpClient | undefined;
  try {
    cdp = await CdpClient.connect(url, log);
    const finished = new Promise<'done'>((resolve) => {
      cdp!.on('Runtime.executionContextDestroyed', () => resolve('done'));
      cdp!.on('close', () => resolve('done'));
    });
    await cdp.send('Runtime.enable');
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
    await cdp.send('Runtime.runIfWaitingForDebugger');
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<'limit'>((resolve) => (timer = setTimeout(() => resolve('limit'), opts.durationS * 1000)));
    const how = await Promise.race([finished, limit, exited.then(() => 'done' as const)]);
    clearTimeout(timer);
    if (opts.signal?.aborted) throw new DocentError('E_CANCELLED', 'The profile run was cancelled.');
    if (how === 'limit') warnings.push(`stopped after the ${opts.durationS} s limit (duration_s); the profile covers that much of the run`);
    const { profile: raw } = await cdp.send<{ profile: CpuProfile }>('Profiler.stop', {}, 30_000).catch((err: Error) => {
      throw new DocentError('E_UNAVAILABLE', `node's profiler gave no profile: ${err.message}. ${stderr.slice(-500)}`);
    });
    const wallMs = performance.now() - started;
    cdp.close();
    if (how === 'limit') killTree(child.pid);
    const code = await Promise.race([exited, new Promise<null>((r) => setTimeout(() => r(null), 2000))]);
    const profile = fromCpuProfile(raw);
    mapToSources(profile);
    if (/\.[mc]?ts$/.test(opts.program) || profile.functions.some((f) => f.file && /\.[mc]?tsx?$/.test(f.file))) profile.language = 'typescript';
    return { ...profile, total_ms: wallMs, exit_code: how === 'limit' ? null : code, warnings };
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    cdp?.close();
    killTree(child.pid);
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
