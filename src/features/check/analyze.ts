import path from 'node:path';
import type { Node } from 'web-tree-sitter';
import { z } from 'zod';
import { languageOf } from '../../core/extract/languages.js';
import { parse } from '../../core/extract/parser.js';
import { findCompileCommandsDir, loadCompileDb } from '../../core/lsp/compile-db.js';
import type { LanguageServer } from '../../core/lsp/language-server.js';
import { LspManager } from '../../core/lsp/manager.js';
import { buildOutline, flattenOutline } from '../../core/lsp/navigation.js';
import { Vfs, type FileSnapshot } from '../../core/vfs/index.js';
import type { FeatureContext } from '../context.js';
import { diagnostics } from './diagnostics.js';
import { DiagnosticSchema } from './schema.js';

/**
 * analyze: one file at a glance, on the session's view. Syntax errors come from tree-sitter at
 * once (before any server answers, and even with no server); then the server's diagnostics by
 * severity, the outline's size, and whether the server sees the file as part of a project (a
 * file outside tsconfig's include or compile_commands.json gets guessed settings and
 * misleading diagnostics).
 */

export const AnalyzeInput = z.object({ file: z.string().min(1).describe('The file (relative to the workspace root).') });

const SyntaxErrorSchema = z.object({ line: z.number().int(), column: z.number().int(), end_line: z.number().int(), end_column: z.number().int(), message: z.string() });

export const AnalyzeOutput = z.object({
  file: z.string(),
  version: z.number().int(),
  hash: z.string(),
  origin: z.enum(['disk', 'overlay']),
  lines: z.number().int(),
  syntax: z.object({
    parser: z.string().nullable().describe('The tree-sitter grammar used; null when docent has none for this file type.'),
    error_count: z.number().int(),
    errors: z.array(SyntaxErrorSchema).describe('The first 20 (ERROR and MISSING nodes, 1-based).'),
  }),
  diagnostics: z.object({
    counts: z.object({ error: z.number().int(), warning: z.number().int(), info: z.number().int(), hint: z.number().int() }),
    top: z.array(DiagnosticSchema).describe('The first few, errors first (no fixes: ask diagnostics for those).'),
    complete: z.boolean(),
    reason: z.string().nullable(),
  }),
  outline: z.object({ symbols: z.number().int(), top_level: z.number().int() }).nullable().describe('Document symbols the server reports; null when it could not say.'),
  project: z.object({
    server: z.string().nullable(),
    root: z.string().nullable(),
    in_project: z.boolean().nullable().describe('Whether the server compiles the file as part of a project (tsconfig, compile_commands.json); null when it cannot be told.'),
    detail: z.string(),
  }),
  warnings: z.array(z.string()),
});
export type AnalyzeResult = z.output<typeof AnalyzeOutput>;

export async function analyze(input: z.output<typeof AnalyzeInput>, ctx: FeatureContext): Promise<AnalyzeResult> {
  const vfs = Vfs.from(ctx.services);
  vfs.attachSession(ctx.session);
  const file = ctx.workspace.resolve(input.file).absolute;
  const view = vfs.read(file, ctx.session.id);
  if (!view.exists) ctx.workspace.resolve(input.file, { mustExist: true, kind: 'file' });
  const warnings: string[] = [];
  const syntax = await syntaxErrors(view);
  const result: AnalyzeResult = {
    file: ctx.workspace.display(file),
    version: view.version,
    hash: view.hash,
    origin: view.origin,
    lines: view.text.split(/\r\n|\r|\n/).length,
    syntax,
    diagnostics: { counts: { error: 0, warning: 0, info: 0, hint: 0 }, top: [], complete: false, reason: null },
    outline: null,
    project: { server: null, root: null, in_project: null, detail: 'no language server handles this file type' },
    warnings,
  };
  let server: LanguageServer;
  try {
    server = LspManager.from(ctx).forFile(file, ctx.workspace);
  } catch (err) {
    result.diagnostics.reason = (err as Error).message;
    return result;
  }
  result.project = { server: server.spec.id, root: ctx.workspace.display(server.root), ...(await inProject(server, file, ctx)) };
  const d = await diagnostics({ files: [input.file], min_severity: 'hint', max_results: 10, include_fixes: false }, ctx);
  result.diagnostics = { counts: d.counts, top: d.diagnostics.slice(0, 10), complete: d.complete, reason: d.incomplete[0]?.reason ?? null };
  try {
    const items = (await server.documentSymbols(file, { signal: ctx.signal, session: ctx.session.id })) ?? [];
    const outline = buildOutline(items, server.spec.separator);
    result.outline = { symbols: flattenOutline(outline).length, top_level: outline.length };
  } catch (err) {
    warnings.push(`outline: ${(err as Error).message}`);
  }
  return result;
}

async function syntaxErrors(view: FileSnapshot): Promise<AnalyzeResult['syntax']> {
  const lang = languageOf(view.path);
  if (!lang) return { parser: null, error_count: 0, errors: [] };
  const tree = await parse(lang, view.text);
  try {
    const errors: AnalyzeResult['syntax']['errors'] = [];
    let count = 0;
    const visit = (n: Node) => {
      if (n.isError || n.isMissing) {
        count++;
        if (errors.length < 20) {
          const s = n.startPosition;
          const e = n.endPosition;
          errors.push({ line: s.row + 1, column: s.column + 1, end_line: e.row + 1, end_column: e.column + 1, message: n.isMissing ? `missing ${n.type}` : `unexpected ${JSON.stringify(n.text.slice(0, 40))}` });
        }
        if (n.isError) return; // the inside of an ERROR node is noise
      }
      if (!n.hasError && !n.isMissing) return;
      for (const c of n.children) if (c) visit(c);
    };
    visit(tree.rootNode);
    return { parser: lang, error_count: count, errors };
  } finally {
    tree.delete();
  }
}

/** Whether the server compiles `file` within a project, and how that was told. */
async function inProject(server: LanguageServer, file: string, ctx: FeatureContext): Promise<{ in_project: boolean | null; detail: string }> {
  if (server.spec.id === 'clangd') {
    const dir = findCompileCommandsDir(server.root, ctx.config.lsp.compileCommandsDir);
    const db = dir ? loadCompileDb(dir) : undefined;
    if (!db) return { in_project: false, detail: 'no compile_commands.json: clangd guesses the compile flags' };
    if (db.files.has(file)) return { in_project: true, detail: `listed in ${ctx.workspace.display(path.join(dir!, 'compile_commands.json'))}` };
    const header = /\.(h|hh|hpp|hxx|h\+\+|inl|ipp|tpp)$/i.test(file);
    return { in_project: header ? null : false, detail: header ? 'a header: clangd compiles it with the flags of a file that includes it' : 'not in compile_commands.json: clangd guesses the compile flags' };
  }
  if (server.spec.projectLoad) {
    try {
      await server.ready({ anchor: file, signal: ctx.signal });
      const r = await server.withView(file, { signal: ctx.signal, session: ctx.session.id }, ({ client }) =>
        client.request<{ body?: { configFileName?: string } } | null>('workspace/executeCommand', { command: 'typescript.tsserverRequest', arguments: ['projectInfo', { file, needFileNameList: false }] }, { signal: ctx.signal }),
      );
      const config = r?.body?.configFileName;
      if (!config) return { in_project: null, detail: 'tsserver did not say which project holds the file' };
      if (config.startsWith('/dev/null/inferred')) return { in_project: false, detail: 'in an inferred project: no tsconfig.json/jsconfig.json includes it, so default compiler options apply' };
      return { in_project: true, detail: `in the project of ${ctx.workspace.display(config)}` };
    } catch (err) {
      return { in_project: null, detail: `tsserver could not say: ${(err as Error).message}` };
    }
  }
  if (server.spec.id === 'pyright') return { in_project: true, detail: `pyright analyses every Python file under ${ctx.workspace.display(server.root)} (unless excluded in its configuration)` };
  return { in_project: null, detail: `${server.spec.id} does not say` };
}

export function renderAnalyze(r: AnalyzeResult): string {
  const c = r.diagnostics.counts;
  const lines = [
    `${r.file} (${r.lines} lines, ${r.origin} v${r.version})`,
    `syntax: ${r.syntax.parser ? `${r.syntax.error_count} error(s)` : 'no parser'}${r.syntax.errors.map((e) => `\n  ${e.line}:${e.column} ${e.message}`).join('')}`,
    `diagnostics: ${c.error} error, ${c.warning} warning, ${c.info} info, ${c.hint} hint${r.diagnostics.complete ? '' : ` (incomplete: ${r.diagnostics.reason})`}`,
    ...r.diagnostics.top.map((d) => `  ${d.span.line}:${d.span.column} ${d.severity} ${d.code}: ${d.message.split('\n')[0]}`),
    `outline: ${r.outline ? `${r.outline.symbols} symbols (${r.outline.top_level} top-level)` : 'unknown'}`,
    `project: ${r.project.server ?? 'no server'}: ${r.project.in_project === null ? 'unknown' : r.project.in_project ? 'yes' : 'NO'} (${r.project.detail})`,
  ];
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  return lines.join('\n');
}
