import type { BoundBreakpoint, BreakpointSpec } from '../../core/dap/session.js';
import type { FeatureContext } from '../context.js';
import { resolveBreakpoint, type BreakpointRequest } from './breakpoint-resolve.js';
import { mtimeOf, type BreakpointEntry, type DebugEntry } from './registry.js';
import type { BreakpointResult } from './schemas.js';

/** Resolving breakpoint requests, sending them per file (DAP replaces a file's whole set), and reporting them. */

export async function resolveAll(ctx: FeatureContext, requests: BreakpointRequest[], program: string | null, cwd: string, extra: { condition?: string; logMessage?: string } = {}): Promise<BreakpointEntry[]> {
  const out: BreakpointEntry[] = [];
  for (const request of requests) {
    const r = await resolveBreakpoint(ctx, request, program, cwd);
    const condition = request.condition ?? extra.condition;
    const logMessage = request.log_message ?? extra.logMessage;
    out.push({
      request,
      file: r.file,
      line: r.line,
      mtimeMs: r.file ? mtimeOf(r.file) : 0,
      bound: { line: r.line ?? request.line ?? 0, verified: false, bound_line: null, ...(r.problem ? { message: r.problem } : r.note ? { message: r.note } : {}) },
      ...(condition ? { condition } : {}),
      ...(logMessage ? { logMessage } : {}),
      ...(r.problem ? { problem: r.problem } : {}),
    });
  }
  return out;
}

/** The specs to send for each file, from every breakpoint of a session that resolved to a line. */
export function specsByFile(entries: BreakpointEntry[]): Map<string, { specs: BreakpointSpec[]; owners: BreakpointEntry[] }> {
  const map = new Map<string, { specs: BreakpointSpec[]; owners: BreakpointEntry[] }>();
  for (const e of entries) {
    if (!e.file || e.line === null) continue;
    const slot = map.get(e.file) ?? { specs: [], owners: [] };
    slot.specs.push({ line: e.line, ...(e.condition ? { condition: e.condition } : {}), ...(e.logMessage ? { logMessage: e.logMessage } : {}) });
    slot.owners.push(e);
    map.set(e.file, slot);
  }
  return map;
}

/** Keep the adapter's answer (the same object it updates on late binding), with docent's own note when it moved the line. */
export function attach(owner: BreakpointEntry, bound: BoundBreakpoint | undefined): void {
  if (!bound) return;
  const note = owner.bound.message;
  if (note && !bound.message) bound.message = note;
  owner.bound = bound;
}

/** Send one file's breakpoints (all of the session's for that file). */
export async function sendFile(entry: DebugEntry, file: string): Promise<void> {
  const slot = specsByFile(entry.breakpoints).get(file) ?? { specs: [], owners: [] };
  const bound = await entry.session.setBreakpoints(file, slot.specs);
  slot.owners.forEach((o, i) => attach(o, bound[i]));
}

/** Symbol and anchor breakpoints follow their text: re-resolve those whose file changed, and resend. */
export async function refreshChanged(ctx: FeatureContext, entry: DebugEntry): Promise<void> {
  if (entry.session.state() === 'exited') return;
  const touched = new Set<string>();
  for (let i = 0; i < entry.breakpoints.length; i++) {
    const b = entry.breakpoints[i]!;
    if (!b.file || (b.request.symbol === undefined && b.request.anchor_text === undefined)) continue;
    if (mtimeOf(b.file) === b.mtimeMs) continue;
    const [fresh] = await resolveAll(ctx, [b.request], entry.program, entry.cwd, { condition: b.condition, logMessage: b.logMessage });
    entry.breakpoints[i] = fresh!;
    touched.add(b.file);
    if (fresh!.file) touched.add(fresh!.file);
  }
  for (const file of touched) await sendFile(entry, file);
}

export function toResult(ctx: FeatureContext, b: BreakpointEntry): BreakpointResult {
  return {
    file: b.file ? ctx.workspace.display(b.file) : (b.request.file ?? null),
    line: b.line ?? b.request.line ?? null,
    ...(b.request.symbol ? { symbol: b.request.symbol } : {}),
    ...(b.request.anchor_text ? { anchor_text: b.request.anchor_text } : {}),
    verified: b.problem ? false : b.bound.verified,
    bound_line: b.problem ? null : b.bound.bound_line,
    ...(b.problem ? { message: b.problem } : b.bound.message ? { message: b.bound.message } : {}),
  };
}

export function renderBreakpoints(list: BreakpointResult[]): string[] {
  return list.map((b) => {
    const what = b.symbol ? `${b.symbol} ` : b.anchor_text ? `"${b.anchor_text}" ` : '';
    const where = `${b.file ?? '?'}:${b.line ?? '?'}`;
    const state = b.verified ? `bound at line ${b.bound_line}` : 'NOT bound';
    return `  ${what}${where} ${state}${b.message ? ` (${b.message})` : ''}`;
  });
}
