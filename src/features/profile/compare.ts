import { z } from 'zod';
import { DocentError } from '../../core/errors.js';
import { ProfileStore } from '../../core/profile/store.js';
import type { FeatureContext } from '../context.js';
import { ranked, round1 } from './hotspots.js';

/** profile_compare: how each hotspot changed between two profiles of the same program (same unit). */

export const ProfileCompareInput = z.object({
  before: z.string().min(1).describe('profile_id of the earlier run.'),
  after: z.string().min(1).describe('profile_id of the later run.'),
  max_results: z.number().int().min(1).max(100).default(20),
});

const Change = z.object({
  function: z.string(),
  file: z.string().nullable(),
  before_self_pct: z.number(),
  after_self_pct: z.number(),
  before_self: z.number().describe('Self cost in the unit (ms or instructions).'),
  after_self: z.number(),
  change_pct: z.number().nullable().describe('Change of the absolute self cost, in percent (-50: half as much); null when new.'),
});

export const ProfileCompareOutput = z.object({
  before: z.string(),
  after: z.string(),
  unit: z.enum(['ms', 'instructions']),
  before_total: z.number(),
  after_total: z.number(),
  total_change_pct: z.number(),
  speedup: z.number().describe('before_total / after_total.'),
  changes: z.array(Change).describe('The hotspots of either profile, largest absolute change first.'),
  warnings: z.array(z.string()),
});
export type ProfileCompareResult = z.output<typeof ProfileCompareOutput>;

const round = (n: number) => (Math.abs(n) >= 100 ? Math.round(n) : round1(n));

export async function profileCompare(input: z.output<typeof ProfileCompareInput>, ctx: FeatureContext): Promise<ProfileCompareResult> {
  const store = new ProfileStore(ctx.config.indexDir);
  const a = store.load(input.before);
  const b = store.load(input.after);
  if (a.unit !== b.unit) throw new DocentError('E_BAD_INPUT', `The profiles measure different things (${a.unit} vs ${b.unit}).`, 'Compare two profiles of the same program and language.');
  const warnings: string[] = [];
  if (a.program !== b.program) warnings.push(`Different programs: ${ctx.workspace.display(a.program)} and ${ctx.workspace.display(b.program)}.`);
  // Match functions by name and file (their lines move when code is edited).
  const name = (f: { function: string; file: string | null }) => `${f.function}@${f.file ?? ''}`;
  const aBy = new Map(a.functions.map((f) => [name(f), f]));
  const bBy = new Map(b.functions.map((f) => [name(f), f]));
  const keys = new Set([...ranked(a).slice(0, 40).map(name), ...ranked(b).slice(0, 40).map(name)]);
  const changes = [...keys].map((k) => {
    const x = aBy.get(k);
    const y = bBy.get(k);
    const f = (x ?? y)!;
    const before = x?.self ?? 0;
    const after = y?.self ?? 0;
    return {
      function: f.function,
      file: f.file ? ctx.workspace.display(f.file) : null,
      before_self_pct: round1((100 * before) / a.total),
      after_self_pct: round1((100 * after) / b.total),
      before_self: round(before),
      after_self: round(after),
      change_pct: before > 0 ? round1((100 * (after - before)) / before) : null,
    };
  });
  changes.sort((p, q) => Math.abs(q.after_self - q.before_self) - Math.abs(p.after_self - p.before_self));
  return {
    before: a.id,
    after: b.id,
    unit: a.unit,
    before_total: round(a.total),
    after_total: round(b.total),
    total_change_pct: round1((100 * (b.total - a.total)) / a.total),
    speedup: Math.round((a.total / b.total) * 100) / 100,
    changes: changes.slice(0, input.max_results),
    warnings,
  };
}

export function renderProfileCompare(r: ProfileCompareResult): string {
  const head = `${r.before} -> ${r.after}: total ${r.before_total} -> ${r.after_total} ${r.unit} (${r.total_change_pct > 0 ? '+' : ''}${r.total_change_pct}%, ${r.speedup}x)`;
  const rows = r.changes.map((c) => `  ${c.change_pct === null ? '   new' : `${c.change_pct > 0 ? '+' : ''}${c.change_pct}%`.padStart(7)}  ${c.before_self_pct}% -> ${c.after_self_pct}%  ${c.function}${c.file ? `  ${c.file}` : ''}`);
  return [head, ...rows, ...r.warnings.map((w) => `note: ${w}`)].join('\n');
}
