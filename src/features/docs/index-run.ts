import { z } from 'zod';
import type { FeatureContext } from '../context.js';
import { IndexStatusSchema } from './schemas.js';
import { docsIndexFor } from './service.js';

/** `docent index`: bring the index of every root up to date now, optionally keep watching. */

export const IndexRunOutput = z.object({
  status: IndexStatusSchema,
  runs: z.array(
    z.object({
      seen: z.number().int(),
      parsed: z.number().int(),
      unchanged: z.number().int(),
      deleted: z.number().int(),
      failed: z.number().int(),
      skipped: z.record(z.string(), z.number().int()),
      ms: z.number(),
    }),
  ),
});

export type IndexRunResult = z.output<typeof IndexRunOutput>;

export async function indexRun(opts: { watch: boolean; onUpdate?: (msg: string) => void }, ctx: FeatureContext): Promise<IndexRunResult> {
  const index = await docsIndexFor(ctx); // catches up (with progress) in CLI mode
  if (index.embeddings) {
    // The configured model's vectors too (a server builds them in the background).
    const off = index.onProgress((p) => ctx.progress({ progress: p.done, total: p.total, message: p.message }));
    try {
      await index.embed();
    } finally {
      off();
    }
  }
  const runs = index.lastRun.map((r) => ({ seen: r.seen, parsed: r.parsed, unchanged: r.unchanged + r.rehashed, deleted: r.deleted, failed: r.failed, skipped: r.skipped, ms: r.ms }));
  if (opts.watch) {
    opts.onUpdate?.(renderIndexRun({ status: index.status(), runs }));
    await index.watch();
    opts.onUpdate?.('watching for changes; Ctrl-C stops');
    const orig = index.updatePaths.bind(index);
    index.updatePaths = async (r, paths) => {
      const s = await orig(r, paths);
      if (s && (s.parsed || s.deleted)) opts.onUpdate?.(`${new Date().toISOString()} ${s.parsed} parsed, ${s.deleted} removed (${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ', …' : ''})`);
      return s;
    };
    await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
  }
  return { status: index.status(), runs };
}

export function renderIndexRun(r: IndexRunResult): string {
  const s = r.status;
  const lines = r.runs.map((x) => `${x.parsed} parsed, ${x.unchanged} unchanged, ${x.deleted} removed${x.failed ? `, ${x.failed} failed` : ''}${Object.keys(x.skipped).length ? `, skipped ${Object.entries(x.skipped).map(([k, v]) => `${v} ${k}`).join(', ')}` : ''} in ${(x.ms / 1000).toFixed(1)} s`);
  const langs = Object.entries(s.languages).map(([k, v]) => `${k} ${v}`).join(', ');
  const states = new Map<string, number>();
  for (const p of s.packages) states.set(p.state, (states.get(p.state) ?? 0) + 1);
  const pkgs = states.size ? `dependencies: ${[...states].map(([k, v]) => `${v} ${k.replace('_', ' ')}`).join(', ')} (index_status lists them)` : '';
  return [...lines, `index ${s.state}: ${s.files} file(s), ${s.items} item(s)${langs ? ` (${langs})` : ''}`, ...s.roots.map((x) => `  ${x.root} → ${x.db}`), pkgs, s.error ? `error: ${s.error}` : ''].filter(Boolean).join('\n');
}
