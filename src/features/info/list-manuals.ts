import { z } from 'zod';
import { throwIfAborted } from '../../core/errors.js';
import type { FeatureContext } from '../context.js';
import { infoLibrary } from './library.js';

/** info_list_manuals: every Info manual docent can read, with its size. */

export const InfoListManualsInput = z.object({});

export const InfoListManualsOutput = z.object({
  manuals: z.array(
    z.object({
      name: z.string().describe('What to pass as `manual`, e.g. "elisp".'),
      title: z.string().nullable().describe('Description from the `dir` file (or the manual\'s own dir entry).'),
      file: z.string(),
      split: z.boolean().describe('True for a manual split into several files.'),
      nodes: z.number().int(),
      index_entries: z.number().int(),
      error: z.string().optional().describe('Why the manual could not be read, if it could not.'),
    }),
  ),
  dirs: z.array(z.string()).describe('Directories searched that exist, in priority order.'),
  warnings: z.array(z.string()),
});

export type InfoListManualsResult = z.output<typeof InfoListManualsOutput>;

export async function infoListManuals(_input: z.output<typeof InfoListManualsInput>, ctx: FeatureContext): Promise<InfoListManualsResult> {
  const lib = infoLibrary(ctx);
  const { manuals, dirs } = await lib.discover(true);
  const out: InfoListManualsResult['manuals'] = [];
  const warnings: string[] = [];
  let done = 0;
  for (const loc of manuals) {
    throwIfAborted(ctx.signal);
    ctx.progress({ progress: done++, total: manuals.length, message: `reading ${loc.name}` });
    try {
      const { manual } = await lib.get(loc.name, ctx.signal);
      out.push({ name: loc.name, title: manual.title, file: loc.file, split: manual.split, nodes: manual.nodes.length, index_entries: manual.entries.length });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      out.push({ name: loc.name, title: loc.title, file: loc.file, split: false, nodes: 0, index_entries: 0, error: message });
      warnings.push(`${loc.name}: ${message}`);
    }
  }
  if (manuals.length === 0) warnings.push(`No Info manuals found; searched ${lib.searchDirs.join(', ')}. Use --info-dir or INFOPATH.`);
  return { manuals: out, dirs, warnings };
}

export function renderInfoListManuals(r: InfoListManualsResult): string {
  const rows = r.manuals.map((m) => `${m.name.padEnd(18)} ${String(m.nodes).padStart(5)} nodes ${String(m.index_entries).padStart(6)} index  ${m.title ?? ''}${m.error ? `  [error: ${m.error}]` : ''}`);
  return [`${r.manuals.length} manual(s) in ${r.dirs.join(', ') || '(no directories)'}`, ...rows, ...r.warnings.map((w) => `warning: ${w}`)].join('\n');
}
