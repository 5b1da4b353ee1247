/**
 * One profile, whatever made it (cProfile, V8's CPU profiler, callgrind): functions with self and
 * total cost, caller -> callee edges, and per-line self cost where the profiler has it. Costs
 * are in the profiler's unit (ms of CPU for samplers and cProfile, instructions for callgrind);
 * callers compare percentages, or absolute costs between two profiles of the same unit.
 */

export interface ProfiledFunction {
  key: string;
  function: string;
  file: string | null;
  line: number | null;
  self: number;
  total: number;
  calls?: number;
}

export interface ProfileEdge {
  caller: string;
  callee: string;
  /** Cost of the callee's work on behalf of this caller (inclusive). */
  weight: number;
  calls?: number;
}

export interface ProfileLine {
  key: string;
  line: number;
  self: number;
}

export interface ProfileData {
  id: string;
  created: string;
  program: string;
  args: string[];
  language: string;
  profiler: 'cProfile' | 'cpuprofile' | 'callgrind';
  unit: 'ms' | 'instructions';
  /** Total cost in `unit` (what percentages are of). */
  total: number;
  /** Wall time of the profiled run. */
  total_ms: number;
  /** Samples taken (samplers), calls recorded (cProfile), or instructions (callgrind). */
  samples: number;
  exit_code: number | null;
  functions: ProfiledFunction[];
  edges: ProfileEdge[];
  lines: ProfileLine[];
  warnings: string[];
}

/** The key two profiles of one program share for a function even when lines moved. */
export function functionKey(name: string, file: string | null): string {
  return `${name}@${file ?? ''}`;
}

/** Accumulates functions, edges and lines by key while a profiler's output is read. */
export class ProfileBuilder {
  readonly functions = new Map<string, ProfiledFunction>();
  readonly edges = new Map<string, ProfileEdge>();
  readonly lines = new Map<string, ProfileLine>();

  fn(name: string, file: string | null, line: number | null): ProfiledFunction {
    const key = functionKey(name, file);
    let f = this.functions.get(key);
    if (!f) {
      f = { key, function: name, file, line, self: 0, total: 0 };
      this.functions.set(key, f);
    } else if (line !== null && (f.line === null || line < f.line)) f.line = line;
    return f;
  }

  edge(caller: string, callee: string, weight: number, calls?: number): void {
    const k = `${caller}\u0000${callee}`;
    const e = this.edges.get(k);
    if (e) {
      e.weight += weight;
      if (calls !== undefined) e.calls = (e.calls ?? 0) + calls;
    } else this.edges.set(k, { caller, callee, weight, ...(calls !== undefined ? { calls } : {}) });
  }

  line(key: string, line: number, self: number): void {
    const k = `${key}\u0000${line}`;
    const l = this.lines.get(k);
    if (l) l.self += self;
    else this.lines.set(k, { key, line, self });
  }
}
