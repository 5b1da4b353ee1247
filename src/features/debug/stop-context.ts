import { existsSync, readFileSync } from 'node:fs';
import type { DebugSession, FrameInfo, VarInfo } from '../../core/dap/session.js';
import { DocentError } from '../../core/errors.js';
import type { FeatureContext } from '../context.js';
import type { DebugEntry } from './registry.js';
import type { Frame, StopContext, Variable } from './schemas.js';

/**
 * The stop context: what an agent needs at every stop, in one answer of bounded size (target
 * under 2k tokens): why it stopped, the stack with each frame's source line, the top frame's
 * locals, and the output since the last stop. A "stopped" context always has a stack: when
 * the debugger cannot give one, that is an error, not a pause.
 */

export const LIMITS = { frames: 10, locals: 25, value: 120, output: 1500, sourceAround: 2 };

export function clip(text: string, max: number): string {
  const one = text.replace(/\s*\n\s*/g, ' ');
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

export function toVariable(v: VarInfo, maxValue = LIMITS.value): Variable {
  return { name: v.name, value: clip(v.value, maxValue), ...(v.type ? { type: clip(v.type, 80) } : {}), expandable: v.ref !== undefined, ...(v.count !== undefined ? { count: v.count } : {}) };
}

export function sourceLine(file: string | null, line: number): string | null {
  if (!file) return null;
  try {
    const text = readFileSync(file, 'utf8').split('\n')[line - 1];
    return text === undefined ? null : clip(text.trim(), 160);
  } catch {
    return null;
  }
}

function around(file: string | null, line: number): string | null {
  if (!file) return null;
  try {
    const lines = readFileSync(file, 'utf8').split('\n');
    const from = Math.max(1, line - LIMITS.sourceAround);
    const to = Math.min(lines.length, line + LIMITS.sourceAround);
    const out: string[] = [];
    for (let l = from; l <= to; l++) out.push(`${l === line ? '>' : ' '}${String(l).padStart(5)}  ${clip(lines[l - 1] ?? '', 160)}`);
    return out.join('\n');
  } catch {
    return null;
  }
}

export async function frames(ctx: FeatureContext, session: DebugSession, thread: number, max: number): Promise<{ frames: Frame[]; infos: FrameInfo[]; total: number | null }> {
  const { frames: infos, total } = await session.stack(thread, max);
  return {
    infos,
    total,
    frames: infos.map((f, index) => ({ index, function: clip(f.function, 100), file: f.file ? ctx.workspace.display(f.file) : null, line: f.line, source: sourceLine(f.file, f.line) })),
  };
}

/** Build the stop context for the session's current state. */
export async function stopContext(ctx: FeatureContext, entry: DebugEntry, opts: { timedOut?: boolean } = {}): Promise<StopContext> {
  const s = entry.session;
  const out = s.output.since(entry.started, LIMITS.output);
  entry.started = out.end;
  const output = { text: out.text, end: out.end, truncated: out.truncated };
  const stop = s.lastStop();
  entry.reported = stop;
  const base = { frames: [], frames_total: null, source: null, source_frame: null, locals: [], locals_truncated: false, output, thread: null, reason: null, description: null, exit_code: null };
  if (s.state() === 'exited' || stop?.kind === 'exited') {
    const code = stop?.kind === 'exited' ? stop.exitCode : null;
    return { ...base, state: 'exited', exit_code: code, hint: 'The program has ended; debug_start it again with breakpoints where it should stop.' };
  }
  if (s.state() !== 'stopped' || stop?.kind !== 'stopped') {
    return { ...base, state: 'running', hint: opts.timedOut ? 'Still running when the wait ended: debug_continue waits again (timeout_s), or debug_stop ends it.' : 'Running: debug_continue waits for the next stop.' };
  }
  const { frames: shown, infos, total } = await frames(ctx, s, stop.threadId, LIMITS.frames);
  if (!shown.length) throw new DocentError('E_UNAVAILABLE', `The debugger reported a stop (${stop.reason}) but gave no stack.`, 'Call debug_stack, or debug_continue; this adapter may stop in threads it cannot show.');
  // Locals and source of the innermost frame whose source is here (a crash inside libc shows the program's frame).
  const top = infos.findIndex((f) => f.file !== null && existsSync(f.file));
  let locals: VarInfo[] = [];
  try {
    locals = await s.locals(infos[Math.max(0, top)]!);
  } catch (err) {
    ctx.log.debug('locals failed', err);
  }
  const topFrame = infos[Math.max(0, top)]!;
  return {
    ...base,
    state: 'stopped',
    reason: stop.reason,
    description: [stop.text, stop.description].filter((t, i, all) => t && all.indexOf(t) === i).join(': ') || null,
    thread: stop.threadId,
    frames: shown,
    frames_total: total,
    source: around(topFrame.file, topFrame.line),
    source_frame: Math.max(0, top),
    locals: locals.slice(0, LIMITS.locals).map((v) => toVariable(v)),
    locals_truncated: locals.length > LIMITS.locals,
    hint: locals.some((v) => v.ref !== undefined) ? 'Expand a value with debug_variables {path: "name.field[0]"}; step with debug_step, go on with debug_continue.' : null,
  };
}

export function renderStopContext(c: StopContext): string {
  const lines: string[] = [];
  if (c.state === 'exited') lines.push(`exited with code ${c.exit_code ?? '?'}`);
  else if (c.state === 'running') lines.push('running');
  else {
    const top = c.frames[0]!;
    lines.push(`stopped (${c.reason}${c.description ? `: ${c.description}` : ''}) in ${top.function} at ${top.file ?? '?'}:${top.line}`);
    if (c.source_frame) {
      const f = c.frames[c.source_frame];
      if (f) lines.push(`frame #${c.source_frame} ${f.function} at ${f.file ?? '?'}:${f.line}:`);
    }
    if (c.source) lines.push(c.source);
    lines.push('stack:');
    for (const f of c.frames) lines.push(`  #${f.index} ${f.function} ${f.file ?? '?'}:${f.line}${f.source ? `  ${f.source}` : ''}`);
    if (c.frames_total && c.frames_total > c.frames.length) lines.push(`  … ${c.frames_total - c.frames.length} more (debug_stack)`);
    if (c.locals.length) {
      lines.push('locals:');
      for (const v of c.locals) lines.push(`  ${v.name}${v.type ? ` (${v.type})` : ''} = ${v.value}${v.expandable ? ' …' : ''}`);
      if (c.locals_truncated) lines.push('  … more (debug_variables)');
    }
  }
  if (c.output.text) lines.push(`output${c.output.truncated ? ' (tail)' : ''}:`, c.output.text.replace(/\n$/, ''));
  if (c.hint) lines.push(`hint: ${c.hint}`);
  return lines.join('\n');
}
