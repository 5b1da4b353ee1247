import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { extractSource } from '../../core/extract/extract.js';
import { languageOf } from '../../core/extract/languages.js';
import type { DocItem } from '../../core/extract/types.js';
import { walkFiles } from '../../core/workspace/files.js';
import type { FeatureContext } from '../context.js';

/**
 * Turning what a caller means into a line: `{file, line}`, `{symbol}` (a function or method
 * name, found with tree-sitter in the file given or in the program's project), or
 * `{file, anchor_text}` (the line containing that text, so an agent need not count lines).
 * Lines that hold no code (blank, comment, past the end) are caught here, because some
 * adapters (debugpy) "verify" any line and then never stop there.
 */

export const BreakpointRequestSchema = z
  .object({
    file: z.string().min(1).optional().describe('Source file (relative to the workspace root, or absolute inside it).'),
    line: z.number().int().min(1).optional().describe('1-based line in file.'),
    symbol: z.string().min(1).optional().describe('Function or method name (Class.method, ns::f); the breakpoint goes on its first statement.'),
    anchor_text: z.string().min(1).optional().describe('Text of the line to stop at (with file): the first line containing it.'),
    condition: z.string().min(1).optional().describe('Stop only when this expression is true.'),
    log_message: z.string().min(1).optional().describe('Print this instead of stopping; {expr} is interpolated.'),
  })
  .refine((b) => b.symbol !== undefined || (b.file !== undefined && (b.line !== undefined || b.anchor_text !== undefined)), {
    message: 'A breakpoint needs {file, line}, {symbol} or {file, anchor_text}.',
  });
export type BreakpointRequest = z.output<typeof BreakpointRequestSchema>;

export interface ResolvedLine {
  file: string | null;
  line: number | null;
  problem?: string;
  note?: string;
}

const COMMENT = /^\s*(#|\/\/|\/\*|\*|\*\/)/;

function readLines(file: string): string[] | undefined {
  try {
    return readFileSync(file, 'utf8').split('\n');
  } catch {
    return undefined;
  }
}

/** The first line at or after `line` that holds code, or a problem when there is none. */
export function codeLineFrom(lines: string[], line: number): { line: number | null; problem?: string; note?: string } {
  const count = lines.length - (lines[lines.length - 1] === '' ? 1 : 0);
  if (line > count) return { line: null, problem: `line ${line} is past the end of the file (${count} lines)` };
  for (let l = line; l <= count; l++) {
    const text = lines[l - 1]!;
    if (text.trim() === '' || COMMENT.test(text) || /^\s*[{}]\s*$/.test(text)) continue;
    return l === line ? { line: l } : { line: l, note: `line ${line} holds no code; moved to line ${l}` };
  }
  return { line: null, problem: `no code at or after line ${line}` };
}

/** The first statement of a function body whose header starts at `declLine`. */
function firstBodyLine(lines: string[], declLine: number, language: string): number {
  let l = declLine;
  if (language === 'python') {
    // The header ends at the first line ending in ':' (outside brackets, roughly).
    while (l <= lines.length && !/:\s*(#.*)?$/.test(lines[l - 1]!)) l++;
    l++;
    // Skip a docstring.
    const first = lines[l - 1]?.trim() ?? '';
    const quote = /^[rubfRUBF]*("""|''')/.exec(first)?.[1];
    if (quote) {
      const rest = first.slice(first.indexOf(quote) + 3);
      if (!rest.includes(quote)) while (l < lines.length && !lines[l]!.includes(quote)) l++;
      l += 2;
    }
  } else {
    while (l <= lines.length && !lines[l - 1]!.includes('{')) l++;
    const after = lines[l - 1]?.slice(lines[l - 1]!.indexOf('{') + 1).trim() ?? '';
    if (!after || after === '}' || after.startsWith('//')) l++;
    else return l;
  }
  return codeLineFrom(lines, Math.min(l, lines.length)).line ?? declLine;
}

function matches(item: DocItem, symbol: string): boolean {
  if (item.kind !== 'function' && item.kind !== 'method' && item.kind !== 'constructor') return false;
  if (item.name === symbol || item.id === symbol) return true;
  const norm = (s: string) => s.replace(/::|#/g, '.');
  return norm(item.id).endsWith(`.${norm(symbol)}`);
}

async function findSymbol(ctx: FeatureContext, symbol: string, files: string[]): Promise<{ file: string; item: DocItem }[]> {
  const found: { file: string; item: DocItem }[] = [];
  for (const file of files) {
    const lang = languageOf(file);
    if (!lang) continue;
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const ex = await extractSource(lang, source, { file: path.basename(file), includePrivate: true, engine: 'tree-sitter' });
    for (const item of ex.items) if (matches(item, symbol)) found.push({ file, item });
    if (found.length) break;
  }
  return found;
}

/** Source files to look for a symbol in: the given file, else the program, then its project (bounded). */
async function candidateFiles(ctx: FeatureContext, program: string | null, cwd: string): Promise<string[]> {
  const out: string[] = [];
  if (program && languageOf(program)) out.push(program);
  const lang = program ? languageOf(program) : undefined;
  let n = 0;
  for await (const rel of walkFiles(cwd, { signal: ctx.signal })) {
    if (++n > 2000) break;
    const abs = path.join(cwd, rel);
    const l = languageOf(abs);
    if (!l || abs === program) continue;
    // Same language as the program (a native binary's sources can be any C-family file).
    if (lang && l !== lang && !(lang === 'javascript' && l === 'typescript')) continue;
    out.push(abs);
    if (out.length >= 300) break;
  }
  return out;
}

export async function resolveBreakpoint(ctx: FeatureContext, req: BreakpointRequest, program: string | null, cwd: string): Promise<ResolvedLine> {
  const file = req.file ? ctx.workspace.resolve(req.file, { mustExist: true, kind: 'file' }).absolute : null;
  if (req.symbol) {
    const files = file ? [file] : await candidateFiles(ctx, program, cwd);
    const hits = await findSymbol(ctx, req.symbol, files);
    if (!hits.length) return { file, line: null, problem: `no function or method named "${req.symbol}" in ${file ? ctx.workspace.display(file) : `the ${files.length} source file(s) searched`}` };
    const { file: f, item } = hits[0]!;
    const lines = readLines(f)!;
    const line = firstBodyLine(lines, item.location.line, item.language);
    return { file: f, line, ...(hits.length > 1 ? { note: `${hits.length} matches for "${req.symbol}"; used ${item.id}` } : {}) };
  }
  const lines = file ? readLines(file) : undefined;
  if (!file || !lines) return { file, line: null, problem: 'cannot read the file' };
  if (req.anchor_text !== undefined) {
    const hits: number[] = [];
    lines.forEach((t, i) => t.includes(req.anchor_text!) && hits.push(i + 1));
    if (!hits.length) return { file, line: null, problem: `no line contains "${req.anchor_text}"` };
    const at = codeLineFrom(lines, hits[0]!);
    return { file, line: at.line, problem: at.problem, note: [hits.length > 1 ? `${hits.length} lines contain it (${hits.slice(0, 5).join(', ')}); used the first` : '', at.note ?? ''].filter(Boolean).join('; ') || undefined };
  }
  const at = codeLineFrom(lines, req.line!);
  return { file, line: at.line, problem: at.problem, note: at.note };
}
