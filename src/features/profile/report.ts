import { z } from 'zod';
import { DocentError } from '../../core/errors.js';
import type { ProfileData, ProfiledFunction } from '../../core/profile/model.js';
import { ProfileStore } from '../../core/profile/store.js';
import type { FeatureContext } from '../context.js';
import { sourceLine } from '../debug/stop-context.js';
import { HotspotSchema, ranked, round1, toHotspot } from './hotspots.js';

/** profile_report: drill into one function of a kept profile: who calls it, what it calls, which of its lines cost. */

export const ProfileReportInput = z.object({
  profile_id: z.string().min(1),
  function: z.string().min(1).optional().describe('Function name (as in the hotspots); default: the top hotspot.'),
  view: z.enum(['callers', 'callees', 'lines']).default('callees'),
  max_results: z.number().int().min(1).max(200).default(20),
});

const Row = z.object({
  function: z.string().nullable(),
  file: z.string().nullable(),
  line: z.number().int().nullable(),
  pct: z.number().describe('Share of the whole run: the cost along this edge (callers/callees) or of this line (lines).'),
  calls: z.number().int().optional(),
  source: z.string().nullable(),
});

export const ProfileReportOutput = z.object({
  profile_id: z.string(),
  view: z.enum(['callers', 'callees', 'lines']),
  target: HotspotSchema,
  rows: z.array(Row),
  truncated: z.boolean(),
  warnings: z.array(z.string()),
});
export type ProfileReportResult = z.output<typeof ProfileReportOutput>;

function pick(p: ProfileData, name: string | undefined): ProfiledFunction {
  const all = ranked(p);
  if (!name) {
    const top = all[0];
    if (!top) throw new DocentError('E_NOT_FOUND', 'The profile has no functions.');
    return top;
  }
  const exact = all.filter((f) => f.function === name);
  const loose = exact.length ? exact : all.filter((f) => f.function.startsWith(`${name}(`) || f.function.endsWith(`.${name}`) || f.function.endsWith(`::${name}`) || f.function.split('(')[0]!.endsWith(`::${name}`));
  if (!loose.length) {
    throw new DocentError('E_NOT_FOUND', `No function "${name}" in profile ${p.id}.`, `Top functions: ${all.slice(0, 8).map((f) => f.function).join(', ')}.`);
  }
  return loose[0]!;
}

export async function profileReport(input: z.output<typeof ProfileReportInput>, ctx: FeatureContext): Promise<ProfileReportResult> {
  const p = new ProfileStore(ctx.config.indexDir).load(input.profile_id);
  const f = pick(p, input.function);
  const byKey = new Map(p.functions.map((x) => [x.key, x]));
  const warnings: string[] = [];
  let rows: z.output<typeof Row>[];
  if (input.view === 'lines') {
    const lines = p.lines.filter((l) => l.key === f.key).sort((a, b) => b.self - a.self);
    if (!lines.length) warnings.push(p.profiler === 'cProfile' ? 'cProfile measures functions, not lines.' : 'The profiler recorded no line costs for this function.');
    rows = lines.map((l) => ({ function: f.function, file: f.file ? ctx.workspace.display(f.file) : null, line: l.line, pct: round1((100 * l.self) / p.total), source: sourceLine(f.file, l.line) }));
  } else {
    const edges = p.edges.filter((e) => (input.view === 'callers' ? e.callee === f.key : e.caller === f.key)).sort((a, b) => b.weight - a.weight);
    rows = edges.map((e) => {
      const other = byKey.get(input.view === 'callers' ? e.caller : e.callee);
      return {
        function: other?.function ?? null,
        file: other?.file ? ctx.workspace.display(other.file) : null,
        line: other?.line ?? null,
        pct: round1((100 * e.weight) / p.total),
        ...(e.calls !== undefined ? { calls: e.calls } : {}),
        source: other?.line ? sourceLine(other.file, other.line) : null,
      };
    });
  }
  return { profile_id: p.id, view: input.view, target: toHotspot(ctx, p, f), rows: rows.slice(0, input.max_results), truncated: rows.length > input.max_results, warnings };
}

export function renderProfileReport(r: ProfileReportResult): string {
  const t = r.target;
  const head = `${r.view} of ${t.function} (${t.self_pct}% self, ${t.total_pct}% total) in ${r.profile_id}`;
  const rows = r.rows.map((x) =>
    r.view === 'lines' ? `  ${x.pct.toFixed(1).padStart(5)}%  line ${x.line}${x.source ? `  ${x.source}` : ''}` : `  ${x.pct.toFixed(1).padStart(5)}%  ${x.function ?? '?'}${x.file ? `  ${x.file}:${x.line ?? '?'}` : ''}${x.calls !== undefined ? `  (${x.calls} calls)` : ''}`,
  );
  return [head, ...rows, ...(r.truncated ? ['  … more (max_results)'] : []), ...r.warnings.map((w) => `note: ${w}`)].join('\n');
}
