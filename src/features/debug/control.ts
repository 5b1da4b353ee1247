import { z } from 'zod';
import { DocentError } from '../../core/errors.js';
import type { FeatureContext } from '../context.js';
import { refreshChanged } from './breakpoints-apply.js';
import { DebugRegistry, killOnCancel, type DebugEntry } from './registry.js';
import { SessionArg, StopContextSchema } from './schemas.js';
import { renderStopContext, stopContext } from './stop-context.js';

/** debug_continue and debug_step: resume, wait for the next stop (or the exit), answer with its stop context. */

export const DebugContinueInput = z.object({
  session: SessionArg,
  until: z.enum(['stop', 'exit']).default('stop').describe('"stop": the next stop; "exit": run on through every stop to the end.'),
  timeout_s: z.number().min(1).max(600).default(30).describe('How long to wait.'),
});

export const DebugStepInput = z.object({
  session: SessionArg,
  kind: z.enum(['over', 'in', 'out']).describe('over: the next line here; in: into the call on this line; out: back to the caller.'),
  count: z.number().int().min(1).max(100).default(1).describe('Steps to take.'),
  timeout_s: z.number().min(1).max(600).default(30),
});

export const DebugControlOutput = StopContextSchema.extend({ session: z.string() });
export type DebugControlResult = z.output<typeof DebugControlOutput>;

function mustBeStopped(entry: DebugEntry): number {
  const s = entry.session;
  const stop = s.lastStop();
  if (s.state() === 'exited') throw new DocentError('E_BAD_INPUT', `Session ${entry.id} has ended (the program exited).`, 'Start it again with debug_start.');
  if (s.state() !== 'stopped' || stop?.kind !== 'stopped') throw new DocentError('E_BAD_INPUT', `Session ${entry.id} is running, not stopped.`, 'debug_continue waits for the next stop; debug_stop ends it.');
  return stop.threadId;
}

async function answer(ctx: FeatureContext, entry: DebugEntry, wait: () => Promise<void>): Promise<DebugControlResult> {
  let timedOut = false;
  try {
    await killOnCancel(ctx, entry, wait);
  } catch (err) {
    if (!(err instanceof DocentError && err.code === 'E_TIMEOUT' && entry.session.state() === 'running')) throw err;
    timedOut = true;
  }
  return { session: entry.id, ...(await stopContext(ctx, entry, { timedOut })) };
}

export async function debugContinue(input: z.output<typeof DebugContinueInput>, ctx: FeatureContext): Promise<DebugControlResult> {
  const entry = DebugRegistry.of(ctx).get(ctx, input.session);
  const s = entry.session;
  // Ended, or stopped while no call was waiting (after a timed-out wait): show that first.
  if (s.state() === 'exited' || (s.state() === 'stopped' && s.lastStop() !== entry.reported)) return { session: entry.id, ...(await stopContext(ctx, entry)) };
  await refreshChanged(ctx, entry);
  const deadline = Date.now() + input.timeout_s * 1000;
  return answer(ctx, entry, async () => {
    for (let i = 0; i < 10_000; i++) {
      const left = Math.max(1, deadline - Date.now());
      const stop = s.lastStop();
      const e = s.state() === 'stopped' && stop?.kind === 'stopped' ? await s.until(() => s.resume(stop.threadId), left, ctx.signal) : await s.until(null, left, ctx.signal);
      if (e.kind === 'exited' || input.until === 'stop') return;
    }
  });
}

export async function debugStep(input: z.output<typeof DebugStepInput>, ctx: FeatureContext): Promise<DebugControlResult> {
  const entry = DebugRegistry.of(ctx).get(ctx, input.session);
  let thread = mustBeStopped(entry);
  const s = entry.session;
  return answer(ctx, entry, async () => {
    for (let i = 0; i < input.count; i++) {
      const e = await s.until(() => s.step(thread, input.kind), input.timeout_s * 1000, ctx.signal);
      if (e.kind === 'exited') return;
      thread = e.threadId || thread;
    }
  });
}

export function renderDebugControl(r: DebugControlResult): string {
  return renderStopContext(r);
}
