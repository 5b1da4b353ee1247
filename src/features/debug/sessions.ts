import { z } from 'zod';
import type { FeatureContext } from '../context.js';
import { DebugRegistry } from './registry.js';
import { SessionArg } from './schemas.js';

/** debug_stop and debug_sessions. */

export const DebugStopInput = z.object({ session: SessionArg });
export const DebugStopOutput = z.object({ session: z.string(), stopped: z.boolean(), exit_code: z.number().int().nullable(), output_tail: z.string() });
export type DebugStopResult = z.output<typeof DebugStopOutput>;

export async function debugStop(input: z.output<typeof DebugStopInput>, ctx: FeatureContext): Promise<DebugStopResult> {
  const registry = DebugRegistry.of(ctx);
  const entry = registry.get(ctx, input.session);
  await registry.remove(entry.id);
  const last = entry.session.lastStop();
  return { session: entry.id, stopped: true, exit_code: last?.kind === 'exited' ? last.exitCode : null, output_tail: entry.session.output.since(entry.started, 1000).text };
}

export function renderDebugStop(r: DebugStopResult): string {
  return `session ${r.session} stopped${r.exit_code !== null ? ` (exit code ${r.exit_code})` : ''}${r.output_tail ? `\n${r.output_tail}` : ''}`;
}

export const DebugSessionsInput = z.object({});
export const DebugSessionsOutput = z.object({
  sessions: z.array(z.object({ session: z.string(), program: z.string(), language: z.string(), adapter: z.string(), state: z.string(), reason: z.string().nullable() })),
});
export type DebugSessionsResult = z.output<typeof DebugSessionsOutput>;

export async function debugSessions(_input: unknown, ctx: FeatureContext): Promise<DebugSessionsResult> {
  return {
    sessions: DebugRegistry.of(ctx)
      .list(ctx)
      .map((e) => {
        const last = e.session.lastStop();
        return { session: e.id, program: ctx.workspace.display(e.program), language: e.session.language, adapter: e.session.adapter, state: e.session.state(), reason: last?.kind === 'stopped' ? last.reason : null };
      }),
  };
}

export function renderDebugSessions(r: DebugSessionsResult): string {
  if (!r.sessions.length) return 'no debug sessions';
  return r.sessions.map((s) => `${s.session} ${s.state}${s.reason ? ` (${s.reason})` : ''} ${s.program} [${s.language}, ${s.adapter}]`).join('\n');
}
