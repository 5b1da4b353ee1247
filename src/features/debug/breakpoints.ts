import { z } from 'zod';
import type { FeatureContext } from '../context.js';
import { BreakpointRequestSchema } from './breakpoint-resolve.js';
import { refreshChanged, renderBreakpoints, resolveAll, sendFile, toResult } from './breakpoints-apply.js';
import { DebugRegistry } from './registry.js';
import { BreakpointResultSchema, SessionArg } from './schemas.js';

/** debug_breakpoints: add or clear breakpoints in a running session; each says whether it bound, and where. */

export const DebugBreakpointsInput = z.object({
  session: SessionArg,
  set: z.array(BreakpointRequestSchema).default([]).describe('Breakpoints to add: {file, line}, {symbol} or {file, anchor_text}.'),
  condition: z.string().min(1).optional().describe('Condition for every breakpoint in set (unless one has its own).'),
  log_message: z.string().min(1).optional().describe('Log message for every breakpoint in set: print instead of stopping.'),
  clear: z.union([z.boolean(), z.array(z.string().min(1))]).optional().describe('true: remove all breakpoints first; or a list of files whose breakpoints to remove.'),
});

export const DebugBreakpointsOutput = z.object({
  session: z.string(),
  breakpoints: z.array(BreakpointResultSchema).describe('Every breakpoint of the session now.'),
});
export type DebugBreakpointsResult = z.output<typeof DebugBreakpointsOutput>;

export async function debugBreakpoints(input: z.output<typeof DebugBreakpointsInput>, ctx: FeatureContext): Promise<DebugBreakpointsResult> {
  const entry = DebugRegistry.of(ctx).get(ctx, input.session);
  const touched = new Set<string>();
  if (input.clear) {
    const files = input.clear === true ? null : new Set(input.clear.map((f) => ctx.workspace.resolve(f).absolute));
    entry.breakpoints = entry.breakpoints.filter((b) => {
      const drop = !files || (b.file !== null && files.has(b.file));
      if (drop && b.file) touched.add(b.file);
      return !drop;
    });
  }
  const added = await resolveAll(ctx, input.set, entry.program, entry.cwd, { condition: input.condition, logMessage: input.log_message });
  entry.breakpoints.push(...added);
  for (const b of added) if (b.file && b.line !== null) touched.add(b.file);
  if (entry.session.state() !== 'exited') {
    for (const file of touched) await sendFile(entry, file);
    await refreshChanged(ctx, entry);
  }
  return { session: entry.id, breakpoints: entry.breakpoints.map((b) => toResult(ctx, b)) };
}

export function renderDebugBreakpoints(r: DebugBreakpointsResult): string {
  return [`${r.breakpoints.length} breakpoint(s) in ${r.session}`, ...renderBreakpoints(r.breakpoints)].join('\n');
}
