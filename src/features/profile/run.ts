import path from 'node:path';
import { z } from 'zod';
import { pythonFor } from '../../core/dap/adapters.js';
import { profileNative } from '../../core/profile/callgrind.js';
import type { ProfileData } from '../../core/profile/model.js';
import { profileNode } from '../../core/profile/node.js';
import { profilePython } from '../../core/profile/python.js';
import { ProfileStore } from '../../core/profile/store.js';
import type { FeatureContext } from '../context.js';
import { nodeScript, programKind } from '../debug/launch.js';
import { launchTarget } from '../debug/start.js';
import { requireRun } from '../run-policy.js';
import { HotspotSchema, hotspots, renderHotspots } from './hotspots.js';

/** profile_run: run a program under the profiler for its language and answer with the hotspots, first by self time. */

export const ProfileRunInput = z.object({
  program: z.string().min(1).optional().describe('A .py, .js or .ts file (TypeScript compiled with --sourceMap), or a native executable.'),
  test_id: z.string().min(1).optional().describe('A test id from test_list.'),
  script: z.string().min(1).optional().describe('Same as program, for a script file.'),
  args: z.array(z.string()).default([]),
  cwd: z.string().min(1).optional(),
  duration_s: z.number().min(1).max(600).default(60).describe('Stop the program after this long (the profile covers what ran).'),
  max_results: z.number().int().min(1).max(100).default(20).describe('Hotspots to list.'),
});

export const ProfileRunOutput = z.object({
  profile_id: z.string(),
  program: z.string(),
  profiler: z.string(),
  unit: z.enum(['ms', 'instructions']).describe('What self and total are measured in (percentages are of the whole run).'),
  total_ms: z.number().describe('Wall time of the profiled run.'),
  samples: z.number().int().describe('Samples (Node), calls recorded (cProfile) or instructions (callgrind).'),
  exit_code: z.number().int().nullable(),
  hotspots: z.array(HotspotSchema).describe('By self cost, largest first.'),
  warnings: z.array(z.string()),
});
export type ProfileRunResult = z.output<typeof ProfileRunOutput>;

export async function profileRun(input: z.output<typeof ProfileRunInput>, ctx: FeatureContext): Promise<ProfileRunResult> {
  requireRun(ctx, 'Running programs under the profiler');
  const { program, args, cwd, profilesTestCall } = await launchTarget(input, ctx);
  const run = { args, cwd, durationS: input.duration_s, signal: ctx.signal };
  ctx.progress({ progress: 0, message: `profiling ${path.basename(program)}` });
  const kind = programKind(program);
  const measured =
    kind === 'python'
      ? await profilePython({ ...run, python: pythonFor(cwd), program, scope: profilesTestCall ? 'launcher' : 'whole' })
      : kind === 'node'
        ? await profileNode({ ...run, program: nodeScript(program) })
        : await profileNative({ ...run, program });
  const store = new ProfileStore(ctx.config.indexDir);
  const profile: ProfileData = { ...measured, id: store.newId(), created: new Date().toISOString(), program, args };
  store.save(profile);
  return {
    profile_id: profile.id,
    program: input.test_id ?? ctx.workspace.display(program),
    profiler: profile.profiler,
    unit: profile.unit,
    total_ms: Math.round(profile.total_ms),
    samples: Math.round(profile.samples),
    exit_code: profile.exit_code,
    hotspots: hotspots(ctx, profile, input.max_results),
    warnings: profile.warnings,
  };
}

export function renderProfileRun(r: ProfileRunResult): string {
  return [
    `profile ${r.profile_id}: ${r.program} (${r.profiler}, ${r.total_ms} ms, ${r.samples} ${r.profiler === 'callgrind' ? 'instructions' : r.profiler === 'cProfile' ? 'calls' : 'samples'}, exit ${r.exit_code ?? '?'})`,
    ...renderHotspots(r.hotspots),
    ...r.warnings.map((w) => `note: ${w}`),
  ].join('\n');
}
