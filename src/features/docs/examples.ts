import { z } from 'zod';
import { parsesCleanly } from '../../core/extract/check.js';
import type { FeatureContext } from '../context.js';
import { shortState } from './common.js';
import { lookupItem } from './get.js';
import { IndexStateSchema } from './schemas.js';
import { docsIndexFor } from './service.js';

/** docs_examples: an item's examples, each checked for syntax with its language's grammar. */

export const DocsExamplesInput = z.object({
  id: z.string().min(1).describe('Item id (from docs_search).'),
});

export const DocsExamplesOutput = z.object({
  id: z.string(),
  examples: z.array(
    z.object({
      code: z.string(),
      description: z.string().nullable(),
      language: z.string(),
      runnable: z.boolean().describe('True only when the code parses without errors with its language\'s tree-sitter grammar.'),
      source: z.string().describe('Where the example comes from: "doc" (the item\'s doc comment) or the id of an example function.'),
    }),
  ),
  index_status: IndexStateSchema,
});

export type DocsExamplesResult = z.output<typeof DocsExamplesOutput>;

export async function docsExamples(input: z.output<typeof DocsExamplesInput>, ctx: FeatureContext): Promise<DocsExamplesResult> {
  const index = await docsIndexFor(ctx);
  const { root, item } = lookupItem(index, input.id);
  const all = item.examples.map((e) => ({ ...e, source: 'doc' }));
  for (const ex of root.queries.examplesOf(item.id)) all.push(...ex.examples.map((e) => ({ ...e, source: ex.id })));
  const examples = [];
  for (const e of all) examples.push({ ...e, runnable: await parsesCleanly(e.language, e.code) });
  return { id: item.id, examples, index_status: shortState(index) };
}

export function renderDocsExamples(r: DocsExamplesResult): string {
  if (!r.examples.length) return `${r.id} has no examples.`;
  return r.examples
    .map((e, i) => `Example ${i + 1}${e.description ? ` — ${e.description}` : ''} (${e.language}, ${e.runnable ? 'parses' : 'does not parse'})\n\`\`\`${e.language}\n${e.code}\n\`\`\``)
    .join('\n\n');
}
