import path from 'node:path';
import { z } from 'zod';
import { DocentError } from '../../core/errors.js';
import type { FeatureContext } from '../context.js';
import { BreakpointRequestSchema } from './breakpoint-resolve.js';
import { attach, renderBreakpoints, resolveAll, specsByFile, toResult } from './breakpoints-apply.js';
import { requireRun } from '../run-policy.js';
import { testTarget } from '../run/test-target.js';
import { createSession } from './launch.js';
import { DebugRegistry, killOnCancel } from './registry.js';
import { BreakpointResultSchema, StopContextSchema } from './schemas.js';
import { renderStopContext, stopContext } from './stop-context.js';

/** debug_start: launch a program under its debugger with breakpoints, and answer with the first stop (or the exit). */

export const DebugStartInput = z.object({
  program: z.string().min(1).optional().describe('The program: a .py, .js or .ts file (TypeScript compiled with --sourceMap), or a native executable built with -g.'),
  test_id: z.string().min(1).optional().describe('A test id from test_list, run under the debugger.'),
  script: z.string().min(1).optional().describe('Same as program, for a script file.'),
  args: z.array(z.string()).default([]).describe('Command-line arguments.'),
  cwd: z.string().min(1).optional().describe('Working directory (default: the program\'s project root).'),
  breakpoints: z.array(BreakpointRequestSchema).default([]).describe('Each {file, line}, {symbol} or {file, anchor_text}, with optional condition / log_message.'),
  stop_on_entry: z.boolean().default(false).describe('Stop at the program\'s first line.'),
  timeout_s: z.number().min(1).max(600).default(30).describe('How long to wait for the first stop or the exit.'),
});

export const DebugStartOutput = z.object({
  session: z.string(),
  program: z.string(),
  language: z.string(),
  adapter: z.string(),
  breakpoints: z.array(BreakpointResultSchema),
  stop: StopContextSchema,
});
export type DebugStartResult = z.output<typeof DebugStartOutput>;

/** What to launch: the program given, or what runs the test a test_id names (as test_list gave it). */
export async function launchTarget(
  input: { program?: string; script?: string; test_id?: string; args: string[]; cwd?: string },
  ctx: FeatureContext,
): Promise<{ program: string; args: string[]; cwd: string; profilesTestCall?: boolean }> {
  if (input.test_id) {
    const t = await testTarget(ctx, input.test_id);
    return { program: t.program, args: [...t.args, ...input.args], cwd: t.cwd, profilesTestCall: t.profilesTestCall };
  }
  const given = input.program ?? input.script;
  if (!given) throw new DocentError('E_BAD_INPUT', 'Pass program (or script, or test_id).');
  const program = ctx.workspace.resolve(given, { mustExist: true, kind: 'file' }).absolute;
  const cwd = input.cwd ? ctx.workspace.resolve(input.cwd, { mustExist: true, kind: 'directory' }).absolute : (ctx.workspace.rootOf(program) ?? path.dirname(program));
  return { program, args: input.args, cwd };
}

export async function debugStart(input: z.output<typeof DebugStartInput>, ctx: FeatureContext): Promise<DebugStartResult> {
  requireRun(ctx, 'Running and debugging programs');
  const { program, args, cwd } = await launchTarget(input, ctx);
  const bps = await resolveAll(ctx, input.breakpoints, program, cwd);
  const session = createSession(program, args, cwd, ctx.log);
  const registry = DebugRegistry.of(ctx);
  const entry = registry.add(ctx, { program, cwd, session, breakpoints: bps });
  ctx.progress({ progress: 0, message: `starting ${session.adapter}` });
  try {
    await killOnCancel(ctx, entry, async () => {
      const first = session.until(null, input.timeout_s * 1000, ctx.signal);
      first.catch(() => {});
      const byFile = specsByFile(bps);
      const bound = await session.launch(new Map([...byFile].map(([f, s]) => [f, s.specs])), input.stop_on_entry);
      for (const [file, slot] of byFile) slot.owners.forEach((o, i) => attach(o, bound.get(file)?.[i]));
      await first;
    });
  } catch (err) {
    if (err instanceof DocentError && err.code === 'E_TIMEOUT' && session.state() === 'running') {
      return result(ctx, entry, true, input.test_id);
    }
    await registry.remove(entry.id);
    throw err;
  }
  return result(ctx, entry, false, input.test_id);
}

/** `label` names what was asked for when the program is a launcher (a test id). */
async function result(ctx: FeatureContext, entry: ReturnType<DebugRegistry['get']>, timedOut: boolean, label?: string): Promise<DebugStartResult> {
  const stop = await stopContext(ctx, entry, { timedOut });
  return {
    session: entry.id,
    program: label ?? ctx.workspace.display(entry.program),
    language: entry.session.language,
    adapter: entry.session.adapter,
    breakpoints: entry.breakpoints.map((b) => toResult(ctx, b)),
    stop,
  };
}

export function renderDebugStart(r: DebugStartResult): string {
  const head = `session ${r.session}: ${r.program} (${r.language}, ${r.adapter})`;
  const bps = r.breakpoints.length ? ['breakpoints:', ...renderBreakpoints(r.breakpoints)] : [];
  return [head, ...bps, renderStopContext(r.stop)].join('\n');
}
