import { z } from 'zod';
import type { FrameInfo, VarInfo } from '../../core/dap/session.js';
import { DocentError } from '../../core/errors.js';
import type { FeatureContext } from '../context.js';
import { DebugRegistry, type DebugEntry } from './registry.js';
import { FrameSchema, SessionArg, VariableSchema } from './schemas.js';
import { clip, frames, toVariable } from './stop-context.js';

/** debug_evaluate, debug_variables, debug_stack, debug_output: reading a stopped program, always bounded. */

const FrameArg = z.number().int().min(0).default(0).describe('Frame index from the stack (0 is the innermost).');

function stoppedFrame(entry: DebugEntry): number {
  const stop = entry.session.lastStop();
  if (entry.session.state() !== 'stopped' || stop?.kind !== 'stopped') {
    throw new DocentError('E_BAD_INPUT', `Session ${entry.id} is ${entry.session.state()}, not stopped: there are no frames to read.`, 'Wait for a stop with debug_continue (set a breakpoint first).');
  }
  return stop.threadId;
}

async function frameAt(entry: DebugEntry, index: number): Promise<FrameInfo> {
  const thread = stoppedFrame(entry);
  const { frames: infos } = await entry.session.stack(thread, index + 1);
  const f = infos[index];
  if (!f) throw new DocentError('E_BAD_INPUT', `No frame ${index}: the stack has ${infos.length} frame(s).`, 'See debug_stack.');
  return f;
}

// ---- debug_evaluate

export const DebugEvaluateInput = z.object({ session: SessionArg, expression: z.string().min(1), frame: FrameArg });
export const DebugEvaluateOutput = z.object({ session: z.string(), expression: z.string(), frame: z.number().int(), value: z.string(), type: z.string().optional(), expandable: z.boolean(), hint: z.string().nullable() });
export type DebugEvaluateResult = z.output<typeof DebugEvaluateOutput>;

export async function debugEvaluate(input: z.output<typeof DebugEvaluateInput>, ctx: FeatureContext): Promise<DebugEvaluateResult> {
  const entry = DebugRegistry.of(ctx).get(ctx, input.session);
  const frame = await frameAt(entry, input.frame);
  let v: VarInfo;
  try {
    v = await entry.session.evaluate(input.expression, frame);
  } catch (err) {
    if (err instanceof DocentError && err.code === 'E_UNAVAILABLE' && entry.session.state() === 'stopped') {
      throw new DocentError('E_BAD_INPUT', `Evaluating "${input.expression}" failed: ${clip(err.message.replace(/^.*?evaluate failed: /, ''), 400)}`, 'Check the expression against the locals (debug_variables).');
    }
    throw err;
  }
  const shown = toVariable(v, 2000);
  return {
    session: entry.id,
    expression: input.expression,
    frame: input.frame,
    value: shown.value,
    ...(shown.type ? { type: shown.type } : {}),
    expandable: shown.expandable,
    hint: shown.expandable ? `Expand with debug_variables {path: ${JSON.stringify(input.expression)}}.` : null,
  };
}

export function renderDebugEvaluate(r: DebugEvaluateResult): string {
  return `${r.expression} = ${r.value}${r.type ? ` (${r.type})` : ''}${r.hint ? `\nhint: ${r.hint}` : ''}`;
}

// ---- debug_variables

export const DebugVariablesInput = z.object({
  session: SessionArg,
  frame: FrameArg,
  path: z.string().min(1).optional().describe('What to expand: a local and its members, e.g. "order.items[3].name" or "data[\'key\']"; omit for the frame\'s locals.'),
  max_items: z.number().int().min(1).max(500).default(50).describe('Children shown per value.'),
  max_depth: z.number().int().min(1).max(5).default(1).describe('Levels expanded below the path.'),
});

const VarRow = VariableSchema.extend({ path: z.string().describe('Pass as path to expand it.'), depth: z.number().int() });
export const DebugVariablesOutput = z.object({
  session: z.string(),
  frame: z.number().int(),
  path: z.string().nullable(),
  value: z.string().nullable().describe('The value at path itself.'),
  variables: z.array(VarRow).describe('Children, depth-first; depth 1 are the direct children.'),
  truncated: z.boolean().describe('Some values had more children than max_items, or the total was capped.'),
  hint: z.string().nullable(),
});
export type DebugVariablesResult = z.output<typeof DebugVariablesOutput>;

/** "a.b[3]['k']" -> ["a", "b", "3", "k"] */
export function splitPath(p: string): string[] {
  const out: string[] = [];
  const re = /([^.[\]]+)|\[\s*(?:'([^']*)'|"([^"]*)"|([^\]]*))\s*\]/g;
  for (const m of p.matchAll(re)) out.push((m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').trim());
  return out.filter((s) => s !== '');
}

function childPath(parent: string, name: string): string {
  const bare = name.replace(/^\[(.*)\]$/, '$1');
  // debugpy pads list indices ("07") so they sort; a path uses the plain number.
  if (/^\d+$/.test(bare)) return `${parent}[${Number(bare)}]`;
  if (/^'.*'$|^".*"$/.test(name)) return `${parent}[${name}]`;
  return parent ? `${parent}.${name}` : name;
}

function findChild(list: VarInfo[], seg: string): VarInfo | undefined {
  const index = /^\d+$/.test(seg) ? Number(seg) : null;
  return list.find(
    (v) => v.name === seg || v.name === `[${seg}]` || v.name === `'${seg}'` || v.name === `"${seg}"` || (index !== null && /^\[?\d+\]?$/.test(v.name) && Number(v.name.replace(/[[\]]/g, '')) === index),
  );
}

const TOTAL_CAP = 300;

export async function debugVariables(input: z.output<typeof DebugVariablesInput>, ctx: FeatureContext): Promise<DebugVariablesResult> {
  const entry = DebugRegistry.of(ctx).get(ctx, input.session);
  const s = entry.session;
  const frame = await frameAt(entry, input.frame);
  let truncated = false;
  let target: VarInfo | null = null;
  let children: VarInfo[];
  if (!input.path) {
    children = await s.locals(frame);
  } else {
    const segs = splitPath(input.path);
    let current = findChild(await s.locals(frame), segs[0]!);
    for (const seg of segs.slice(1)) {
      if (!current?.ref) {
        current = undefined;
        break;
      }
      current = findChild(await s.children(current.ref, 10_000), seg);
    }
    // Not reachable through locals (a global, self.x in some adapters): let the debugger evaluate it.
    if (!current) current = await s.evaluate(input.path, frame).catch(() => undefined);
    if (!current) throw new DocentError('E_NOT_FOUND', `No variable at "${input.path}" in frame ${input.frame}.`, 'List the locals with debug_variables (no path), then follow the names shown.');
    target = current;
    children = current.ref !== undefined ? await s.children(current.ref, input.max_items + 1) : [];
  }
  const rows: DebugVariablesResult['variables'] = [];
  const walk = async (list: VarInfo[], parent: string, depth: number) => {
    if (list.length > input.max_items) truncated = true;
    for (const v of list.slice(0, input.max_items)) {
      if (rows.length >= TOTAL_CAP) {
        truncated = true;
        return;
      }
      const p = childPath(parent, v.name);
      rows.push({ ...toVariable(v, 200), path: p, depth });
      if (depth < input.max_depth && v.ref !== undefined) await walk(await s.children(v.ref, input.max_items + 1), p, depth + 1);
    }
  };
  await walk(children, input.path ?? '', 1);
  return {
    session: entry.id,
    frame: input.frame,
    path: input.path ?? null,
    value: target ? clip(target.value, 500) : null,
    variables: rows,
    truncated,
    hint: truncated ? 'Some values were cut: expand one by its path, or raise max_items.' : rows.some((r) => r.expandable && r.depth === input.max_depth) ? 'Values marked … expand with their path (or raise max_depth).' : null,
  };
}

export function renderDebugVariables(r: DebugVariablesResult): string {
  const head = r.path ? `${r.path} = ${r.value ?? '?'}` : `locals of frame ${r.frame}`;
  const rows = r.variables.map((v) => `${'  '.repeat(v.depth)}${v.name}${v.type ? ` (${v.type})` : ''} = ${v.value}${v.expandable ? ' …' : ''}`);
  return [head, ...rows, ...(r.truncated ? ['  … truncated'] : []), ...(r.hint ? [`hint: ${r.hint}`] : [])].join('\n');
}

// ---- debug_stack

export const DebugStackInput = z.object({ session: SessionArg, max_frames: z.number().int().min(1).max(200).default(30) });
export const DebugStackOutput = z.object({ session: z.string(), frames: z.array(FrameSchema), total: z.number().int().nullable(), truncated: z.boolean() });
export type DebugStackResult = z.output<typeof DebugStackOutput>;

export async function debugStack(input: z.output<typeof DebugStackInput>, ctx: FeatureContext): Promise<DebugStackResult> {
  const entry = DebugRegistry.of(ctx).get(ctx, input.session);
  const thread = stoppedFrame(entry);
  const r = await frames(ctx, entry.session, thread, input.max_frames);
  return { session: entry.id, frames: r.frames, total: r.total, truncated: r.total !== null && r.total > r.frames.length };
}

export function renderDebugStack(r: DebugStackResult): string {
  return [...r.frames.map((f) => `#${f.index} ${f.function} ${f.file ?? '?'}:${f.line}${f.source ? `  ${f.source}` : ''}`), ...(r.truncated ? [`… ${r.total! - r.frames.length} more`] : [])].join('\n');
}

// ---- debug_output

export const DebugOutputInput = z.object({
  session: SessionArg,
  since: z.number().int().min(0).default(0).describe('Offset from a previous answer\'s end, to read only what is new.'),
  max_chars: z.number().int().min(100).max(200_000).default(8000),
});
export const DebugOutputOutput = z.object({ session: z.string(), text: z.string(), from: z.number().int(), end: z.number().int(), truncated: z.boolean().describe('Older output was left out (only the most recent max_chars are shown).') });
export type DebugOutputResult = z.output<typeof DebugOutputOutput>;

export async function debugOutput(input: z.output<typeof DebugOutputInput>, ctx: FeatureContext): Promise<DebugOutputResult> {
  const entry = DebugRegistry.of(ctx).get(ctx, input.session);
  return { session: entry.id, ...entry.session.output.since(input.since, input.max_chars) };
}

export function renderDebugOutput(r: DebugOutputResult): string {
  return `${r.truncated ? '… (older output left out)\n' : ''}${r.text}${r.text.endsWith('\n') || !r.text ? '' : '\n'}(end=${r.end})`;
}
