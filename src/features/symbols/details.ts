import { DocentError } from '../../core/errors.js';
import type { FeatureContext } from '../context.js';
import { docsIndexNow } from '../docs/service.js';
import type { Candidate } from './collect.js';
import { enrich, type Details } from './enrich.js';
import { describeFromIndex } from './index-details.js';

/**
 * Details for the top results of search_symbols, at language-server speed: signature and
 * documentation from docent's docs index first (see index-details.ts); the language server's
 * hover only for the results the index cannot describe, inside a short budget; reference
 * counts only when asked, since each is a whole-workspace query. Warnings say which results
 * were left without details and why (the index not built yet, hover too slow).
 */

/** How many of the top results get details. */
export const DETAIL_TOP = 20;
/** The budget for hover on results the index does not describe. */
export const HOVER_BUDGET_MS = 150;
/** The budget for reference counts (include_references). */
const REFERENCES_BUDGET_MS = 3000;
const CONCURRENCY = 4;
const NAMES_SHOWN = 8;

export async function symbolDetails(
  page: readonly Candidate[],
  ctx: FeatureContext,
  opts: { describe: boolean; references: boolean },
): Promise<{ details: Map<Candidate, Details>; warnings: string[] }> {
  const top = page.slice(0, DETAIL_TOP);
  const warnings: string[] = [];
  const details = new Map<Candidate, Details>();
  let indexNote = '';
  if (opts.describe) {
    try {
      const index = docsIndexNow(ctx);
      if (!index) indexNote = 'no docs index has been built for this workspace yet';
      else {
        const described = describeFromIndex(top, index);
        for (const [c, d] of described.details) details.set(c, { ...d });
        if (described.state !== 'ready') indexNote = `the docs index is ${described.state}${described.note ? ` (${described.note})` : ''}`;
      }
    } catch (err) {
      if (err instanceof DocentError && err.code === 'E_CANCELLED') throw err;
      indexNote = `the docs index could not be read (${(err as Error).message})`;
    }
  }
  const rest = opts.describe ? top.filter((c) => !details.has(c)) : [];
  if (rest.length) {
    const r = await enrich(rest, { concurrency: CONCURRENCY, budgetMs: Math.min(HOVER_BUDGET_MS, ctx.config.lsp.requestTimeoutMs), signal: ctx.signal, hover: true, references: false, services: ctx.services, requestTimeoutMs: ctx.config.lsp.requestTimeoutMs });
    for (const [c, d] of r.details) if (d.signature || d.documentation) details.set(c, d);
    const left = rest.filter((c) => !r.answered.has(c) && !r.skipped.has(c));
    const skipped = rest.filter((c) => r.skipped.has(c));
    const listed = (cs: readonly Candidate[]) => {
      const names = [...new Set(cs.map((c) => c.qualifiedName))];
      return `${names.slice(0, NAMES_SHOWN).join(', ')}${names.length > NAMES_SHOWN ? ', …' : ''}`;
    };
    const why = indexNote || 'the docs index does not describe them';
    const ask = `Ask get_symbol_documentation or hover for one of them${indexNote ? ', or ask again once the index is built (docent index, or docent serve)' : ''}.`;
    if (left.length) {
      warnings.push(
        `No signature or documentation for ${left.length} of the top ${top.length} symbols (${listed(left)}): ` +
          `${why}, and the language server's hover did not answer within ${HOVER_BUDGET_MS} ms. ${ask}`,
      );
    }
    if (skipped.length) {
      warnings.push(
        `No signature or documentation for ${skipped.length} of the top ${top.length} symbols (${listed(skipped)}): ` +
          `${why}, and the language server has not parsed their files (its hover would parse each whole file first, far beyond a short budget). ${ask}`,
      );
    }
    if (!left.length && !skipped.length && indexNote) {
      warnings.push(`Details for ${rest.length} of the top ${top.length} symbols came from the language server's hover: ${indexNote}.`);
    }
  }
  if (opts.references) {
    const r = await enrich(top, { concurrency: CONCURRENCY, budgetMs: Math.min(REFERENCES_BUDGET_MS, ctx.config.lsp.requestTimeoutMs), signal: ctx.signal, hover: false, references: true, services: ctx.services, requestTimeoutMs: ctx.config.lsp.requestTimeoutMs });
    for (const [c, d] of r.details) {
      if (d.references_count === undefined) continue;
      details.set(c, { ...details.get(c), references_count: d.references_count });
    }
    if (r.timedOut) warnings.push(`references_count was counted for ${r.answered.size} of the top ${top.length} symbols before the time budget ran out.`);
  }
  return { details, warnings };
}
