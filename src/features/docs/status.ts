import { z } from 'zod';
import type { FeatureContext } from '../context.js';
import { IndexStatusSchema } from './schemas.js';
import { docsIndexFor } from './service.js';

/** index_status: where the docs index stands; optionally wait (with progress) until it is ready. */

export const IndexStatusInput = z.object({
  wait: z.boolean().default(false).describe('Wait until indexing finishes, sending progress notifications.'),
  timeout_ms: z.number().int().min(0).max(600_000).default(120_000).describe('Give up waiting after this long (the status is returned either way).'),
});

export const IndexStatusOutput = IndexStatusSchema;
export type IndexStatusResult = z.output<typeof IndexStatusOutput>;

export async function indexStatus(input: z.output<typeof IndexStatusInput>, ctx: FeatureContext): Promise<IndexStatusResult> {
  const index = await docsIndexFor(ctx);
  if (input.wait && (index.indexing || index.embeddings?.busy)) {
    const off = index.onProgress((p) => ctx.progress({ progress: p.done, total: p.total, message: `${p.root}: ${p.message}` }));
    let timer: NodeJS.Timeout | undefined;
    const aborted = new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
    try {
      const done = (index.indexing ? index.catchUp() : Promise.resolve()).then(() => index.embedded());
      await Promise.race([done, new Promise<void>((resolve) => (timer = setTimeout(resolve, input.timeout_ms))), aborted]);
    } finally {
      clearTimeout(timer);
      off();
    }
  }
  return index.status();
}

export function renderIndexStatus(s: IndexStatusResult): string {
  const langs = Object.entries(s.languages).map(([k, v]) => `${k} ${v}`).join(', ');
  const skipped = Object.entries(s.skipped).map(([k, v]) => `${k} ${v}`).join(', ');
  return [
    `index ${s.state}: ${s.files} file(s), ${s.items} item(s)${s.pending ? `, ${s.pending} pending` : ''}`,
    langs ? `languages: ${langs}` : '',
    skipped ? `skipped: ${skipped}` : '',
    `last update: ${s.last_update ?? 'never'}`,
    `phase: ${s.phase}${s.names_searchable_at ? `; every name found by a quick pass since ${s.names_searchable_at}` : s.names_searchable_at === null ? '; a quick pass is scanning every name' : ''}${s.searchable_by_name_at ? `; every item searchable by name since ${s.searchable_by_name_at}` : ''}`,
    s.packages.length ? `packages: ${s.packages.map((p) => `${p.name}@${p.version || '?'} (${p.ecosystem}, ${p.files} file(s), ${p.state}${p.state === 'failed' && p.error ? `: ${p.error}` : ''})`).join(', ')}` : '',
    ...s.roots.map((r) => `root ${r.root}: ${r.files} file(s), ${r.items} item(s)${r.synced ? '' : ' (catching up)'} — ${r.db}`),
    s.embeddings ? `embeddings: ${s.embeddings.model} — ${s.embeddings.state}${s.embeddings.state === 'failed' ? `: ${s.embeddings.error ?? ''}${s.embeddings.hint ? ` (${s.embeddings.hint})` : ''}` : `, ${s.embeddings.items}/${s.embeddings.total} item(s)${s.embeddings.dim ? `, ${s.embeddings.dim} dimensions` : ''}, weight ${s.embeddings.weight}`}` : '',
    s.note ? `note: ${s.note}` : '',
    s.error ? `error: ${s.error}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}
