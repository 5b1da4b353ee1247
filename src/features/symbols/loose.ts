import { coverageOf } from '../../core/lsp/coverage.js';
import type { LanguageServer } from '../../core/lsp/language-server.js';
import { OUTLINE_CACHE_KEY, OutlineCache } from '../../core/lsp/outline-cache.js';
import type { Project } from '../../core/lsp/project-scan.js';
import { DocentError, throwIfAborted } from '../../core/errors.js';
import type { FeatureContext } from '../context.js';
import { fromDocumentSymbols, type Candidate } from './collect.js';
import type { ParsedQuery } from './query.js';

/**
 * The part of a workspace-wide search that workspace/symbol cannot do: files of the project
 * that no project loaded by the server covers (coverage.ts). Their outlines are searched with
 * the same query rules as `files` mode; outlines are cached per file version, so only the first
 * query pays. Bounded: beyond LOOSE_FILE_CAP files the rest are named in a warning.
 */

export const LOOSE_FILE_CAP = 32;
const CONCURRENCY = 4;

export async function searchLooseFiles(server: LanguageServer, project: Project, q: ParsedQuery, ctx: FeatureContext): Promise<{ candidates: Candidate[]; warnings: string[] }> {
  const warnings: string[] = [];
  const coverage = await coverageOf(server, project, ctx.signal);
  const where = ctx.workspace.display(project.root);
  if (coverage.unknown) {
    warnings.push(`${server.spec.id} could not tell which files of ${where} its project covers (${coverage.unknown}); files outside its configuration (tsconfig.json include) may be missing from these results.`);
  }
  if (!coverage.loose.length) return { candidates: [], warnings };
  const files = coverage.loose.slice(0, LOOSE_FILE_CAP);
  const left = coverage.loose.length - files.length;
  if (left > 0) {
    const sample = coverage.loose.slice(LOOSE_FILE_CAP, LOOSE_FILE_CAP + 3).map((f) => ctx.workspace.display(f));
    warnings.push(
      `${coverage.loose.length} ${server.spec.id} files in ${where} are outside the server's project (e.g. not in tsconfig.json's include); the first ${files.length} were searched file by file, ${left} were not (${sample.join(', ')}${left > sample.length ? ', …' : ''}). Use files to search them, or add them to the project configuration.`,
    );
  }
  const outlines = ctx.services.get(OUTLINE_CACHE_KEY, () => new OutlineCache());
  const perFile: Candidate[][] = new Array(files.length);
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      throwIfAborted(ctx.signal);
      try {
        perFile[i] = fromDocumentSymbols(await outlines.documentSymbols(server, files[i]!, { signal: ctx.signal, session: ctx.session.id }), files[i]!, server, q);
      } catch (err) {
        if (err instanceof DocentError && err.code === 'E_CANCELLED') throw err;
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, files.length) }, worker));
  if (failed) warnings.push(`${failed} of ${files.length} files outside ${server.spec.id}'s project in ${where} could not be searched (the server did not list their symbols).`);
  return { candidates: perFile.flatMap((c) => c ?? []), warnings };
}
