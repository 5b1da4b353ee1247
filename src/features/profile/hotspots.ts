import { z } from 'zod';
import type { ProfileData, ProfiledFunction } from '../../core/profile/model.js';
import type { FeatureContext } from '../context.js';
import { sourceLine } from '../debug/stop-context.js';

/** Hotspots: the functions that cost the most themselves (self), with their share of the whole and their source line. */

export const HotspotSchema = z.object({
  function: z.string(),
  file: z.string().nullable(),
  line: z.number().int().nullable(),
  self_pct: z.number(),
  total_pct: z.number(),
  calls: z.number().int().optional(),
  source: z.string().nullable().describe('The text of the function\'s first line.'),
});
export type Hotspot = z.output<typeof HotspotSchema>;

export const round1 = (n: number) => Math.round(n * 10) / 10;

/** Functions worth listing: the program's own first; runtime internals only when they cost something. */
export function ranked(p: ProfileData): ProfiledFunction[] {
  return [...p.functions].filter((f) => f.self > 0 || f.total > 0).sort((a, b) => b.self - a.self || b.total - a.total);
}

export function toHotspot(ctx: FeatureContext, p: ProfileData, f: ProfiledFunction): Hotspot {
  return {
    function: f.function,
    file: f.file ? ctx.workspace.display(f.file) : null,
    line: f.line,
    self_pct: round1((100 * f.self) / p.total),
    total_pct: round1((100 * Math.min(f.total, p.total)) / p.total),
    ...(f.calls !== undefined ? { calls: f.calls } : {}),
    source: f.line ? sourceLine(f.file, f.line) : null,
  };
}

export function hotspots(ctx: FeatureContext, p: ProfileData, max = 20): Hotspot[] {
  return ranked(p)
    .slice(0, max)
    .map((f) => toHotspot(ctx, p, f));
}

export function renderHotspots(list: Hotspot[]): string[] {
  return list.map((h) => `  ${h.self_pct.toFixed(1).padStart(5)}% self ${h.total_pct.toFixed(1).padStart(5)}% total  ${h.function}${h.file ? `  ${h.file}:${h.line ?? '?'}` : ''}${h.calls !== undefined ? `  (${h.calls} calls)` : ''}`);
}
