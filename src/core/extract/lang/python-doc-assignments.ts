import path from 'node:path';
import { docMarkdown, mergeParams } from '../build.js';
import { parseDocstring } from '../doc/python.js';
import { clip, firstSentence } from '../doc/model.js';
import { relativePythonModule } from '../import-paths.js';
import type { ExtractOptions } from '../context.js';
import type { DocItem, FileExtract } from '../types.js';
import { pythonModuleName } from './python.js';
import { extractPythonFast } from '../fast/python.js';
import { stringAt, stringExpressionAt } from './python-strings.js';
import { splitTop } from '../fast/python-lines.js';
import { pythonImportBindings } from '../python-imports.js';

/**
 * Docs a module assigns rather than writes, at module level:
 * - another definition's docs: `splitext.__doc__ = genericpath._splitext.__doc__` (posixpath,
 *   where `os.path.splitext` has no docstring of its own), `run.__doc__ = _pyprofile.run.__doc__`
 *   (cProfile); the other definition is in this file or in a module it imports, read through
 *   `opts.readSource` (a few files of an installation do this, so it costs one extra extraction
 *   each);
 * - a string: `Point.x.__doc__ = "The x coordinate"` (namedtuple fields), or a module-level
 *   string constant, also formatted with keyword strings
 *   (`b32encode.__doc__ = _B32_ENCODE_DOCSTRING.format(encoding='base32')`).
 * The assignment replaces the docstring at run time, so it replaces the written one here too.
 */

/** `target.__doc__ = value`: the value's first line (a string or call may go on below). */
const ASSIGN_RE = /^([A-Za-z_][\w.]*)\.__doc__[ \t]*=[ \t]*(.*)$/gm;
const REF_RE = /^([A-Za-z_][\w.]*)\.__doc__\s*(?:#.*)?$/;

export function applyDocAssignments(result: FileExtract, source: string, opts: ExtractOptions, privateItems: () => readonly DocItem[]): void {
  if (!source.includes('.__doc__')) return;
  const module = result.module.name;
  const byId = new Map(result.items.map((i) => [i.id, i] as const));
  let imports: Map<string, string> | null = null;
  // Another module's items, by file: several assignments may take docs from the same module.
  const extracted = new Map<string, readonly DocItem[]>();
  for (const m of source.matchAll(ASSIGN_RE)) {
    const item = byId.get(`${module}.${m[1]!}`);
    if (!item) continue; // a private or dynamic target: nothing a reader sees
    const value = m[2]!.trim();
    const ref = REF_RE.exec(value)?.[1];
    let doc: Pick<DocItem, 'doc' | 'summary' | 'params' | 'returns' | 'throws' | 'examples' | 'see_also'> | null = null;
    if (ref) {
      const local = byId.get(`${module}.${ref}`) ?? privateItems().find((i) => i.id === `${module}.${ref}`);
      if (local) doc = local.doc || local.summary ? local : null;
      else doc = importedDoc(ref, (imports ??= pythonImportBindings(source, (spec) => relativePythonModule(module, opts.file, spec)).bound), module, opts, extracted);
    } else {
      const text = assignedText(source, m.index! + m[0].length - m[2]!.length);
      if (text) doc = fromDocstring(text, item);
    }
    if (!doc || (!doc.doc && !doc.summary)) continue;
    Object.assign(item, {
      summary: doc.summary,
      doc: doc.doc,
      // Only documented parameters: a copied definition's own signature (`_splitext(p, sep, altsep, extsep)`) is not this one's.
      params: mergeParams(item.params.map((p) => ({ name: p.name, type: p.type, default: p.default })), doc.params.filter((p) => p.doc)),
      returns: item.returns || doc.returns ? { type: item.returns?.type ?? doc.returns?.type ?? null, doc: doc.returns?.doc ?? null } : null,
      throws: doc.throws,
      examples: doc.examples,
      see_also: doc.see_also,
    });
    // Where the text came from, as an id (`genericpath._splitext`), for a reader who wants the original.
    if (ref) item.tags = { ...item.tags, doc_from: (doc as DocItem).id };
  }
}

function fromDocstring(text: string, item: DocItem): Pick<DocItem, 'doc' | 'summary' | 'params' | 'returns' | 'throws' | 'examples' | 'see_also'> {
  const d = parseDocstring(text);
  let doc = docMarkdown(d);
  if (d.brief && !doc.startsWith(d.brief)) doc = doc ? `${d.brief}\n\n${doc}` : d.brief;
  return { doc, summary: clip(d.brief ?? firstSentence(d.description)), params: d.params, returns: d.returns ? { type: d.returns.type ?? item.returns?.type ?? null, doc: d.returns.doc } : null, throws: d.throws, examples: d.examples, see_also: [...new Set(d.see)] };
}

/**
 * The text of a string expression at `at`: literals, or a module-level string constant by name,
 * either optionally `.format`ted with keyword arguments that are strings or string constants
 * (`_B32_DECODE_DOCSTRING.format(encoding='base32', extra_args=_B32_DECODE_MAP01_DOCSTRING)`).
 * Null for anything else (`"a" + DOC`, positional arguments, a placeholder left unfilled):
 * half a docstring is worse than none.
 */
function assignedText(source: string, at: number): string | null {
  const lit = stringExpressionAt(source, at);
  let text: string | null;
  let end: number;
  if (lit) {
    text = lit.text;
    end = lit.end;
  } else {
    const name = /^[A-Za-z_]\w*/.exec(source.slice(at, at + 200))?.[0];
    text = name ? constantValue(source, name) : null;
    end = at + (name?.length ?? 0);
  }
  if (text === null) return null;
  const rest = /^[ \t]*\.[ \t]*format[ \t]*\(/.exec(source.slice(end, end + 40));
  if (rest) {
    const close = closingParen(source, end + rest[0].length - 1);
    if (close < 0) return null;
    text = formatted(source, text, source.slice(end + rest[0].length, close));
    if (text === null) return null;
    end = close + 1;
  }
  // Nothing else may follow on the line: `DOC + more` or `DOC % args` is not the text alone.
  return /^[ \t]*(?:#[^\n]*)?(?:\n|$)/.test(source.slice(end, end + 200)) ? text : null;
}

/** `NAME = <string expression>` at module level, the string. */
function constantValue(source: string, name: string): string | null {
  const def = new RegExp(`^${name}[ \\t]*=[ \\t]*`, 'm').exec(source);
  return def ? stringAt(source, def.index + def[0].length) : null;
}

/** `text.format(<args>)` for keyword arguments that are strings or string constants; null otherwise. */
function formatted(source: string, text: string, args: string): string | null {
  const values = new Map<string, string>();
  for (const raw of splitTop(args.replace(/#[^\n]*/g, ''), ',')) {
    const arg = raw.trim();
    if (!arg) continue;
    const kw = /^([A-Za-z_]\w*)\s*=\s*([\s\S]*)$/.exec(arg);
    if (!kw) return null;
    const v = /^[rRuU]?["']/.test(kw[2]!) ? stringAt(kw[2]!, 0) : /^[A-Za-z_]\w*$/.test(kw[2]!) ? constantValue(source, kw[2]!) : null;
    if (v === null) return null;
    values.set(kw[1]!, v);
  }
  let unfilled = false;
  const out = text.replace(/\{\{|\}\}|\{([A-Za-z_]\w*)\}/g, (all, key: string | undefined) => {
    if (!key) return all[0]!;
    const v = values.get(key);
    if (v === undefined) unfilled = true;
    return v ?? all;
  });
  return unfilled ? null : out;
}

/** The index of the `)` closing the `(` at `open`, past strings; -1 if none. */
function closingParen(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i]!;
    if (c === '"' || c === "'") {
      const str = stringExpressionAt(source, i);
      if (!str) return -1;
      i = str.end - 1;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (--depth === 0) return i;
    } else if (c === '#') {
      const nl = source.indexOf('\n', i);
      i = nl < 0 ? source.length : nl;
    }
  }
  return -1;
}

/**
 * The docs of `ref` (`genericpath._splitext`) defined in another module of the same tree: the
 * longest prefix of its absolute path that is a module file names the file, extracted once.
 */
function importedDoc(ref: string, imports: Map<string, string>, module: string, opts: ExtractOptions, extracted: Map<string, readonly DocItem[]>): DocItem | null {
  if (!opts.readSource) return null;
  const [head, ...rest] = ref.split('.');
  const bound = imports.get(head!);
  if (!bound) return null;
  const parts = [bound, ...rest].join('.').split('.');
  for (let n = parts.length - 1; n >= 1; n--) {
    const src = moduleSource(parts.slice(0, n).join('.'), module, opts);
    if (!src) continue;
    let items = extracted.get(src.rel);
    if (!items) {
      items = extractPythonFast(src.text, { file: src.rel, includePrivate: true, project: opts.project })?.items ?? [];
      extracted.set(src.rel, items);
    }
    const id = `${pythonModuleName(src.rel, opts.project?.pythonSrcRoots)}.${parts.slice(n).join('.')}`;
    const found = items.find((i) => i.id === id);
    return found && (found.doc || found.summary) ? found : null;
  }
  return null;
}

/** A module's source by its dotted name, from the folder module names start from (this file's, up one per package level). */
function moduleSource(target: string, module: string, opts: ExtractOptions): { rel: string; text: string } | null {
  if (!opts.readSource) return null;
  const isPackage = /(^|\/)__init__\.pyi?$/.test(opts.file);
  let base = path.posix.dirname(opts.file);
  for (let up = module.split('.').length - (isPackage ? 0 : 1); up > 0; up--) base = path.posix.dirname(base);
  const mod = target.split('.').join('/');
  for (const file of [`${mod}.py`, `${mod}/__init__.py`, `${mod}.pyi`]) {
    const rel = base === '.' ? file : `${base}/${file}`;
    const text = opts.readSource(rel);
    if (text !== null) return { rel, text };
  }
  return null;
}

/**
 * A module that takes its docstring from another: `from ._parser import __doc__` (dateutil.parser),
 * `from numpy._core.records import __all__, __doc__` (numpy.rec), `__doc__ = orjson.__doc__`.
 * The import replaces the written docstring at run time (csv.py's "csv.py - read/write/investigate
 * CSV files" is `_csv`'s doc when imported), so here too, when the other module's source is in the
 * tree (a built-in C module's is not).
 */
export function applyModuleDocImport(result: FileExtract, source: string, opts: ExtractOptions): void {
  if (!source.includes('__doc__')) return;
  const module = result.module.name;
  const bound = pythonImportBindings(source, (spec) => relativePythonModule(module, opts.file, spec)).bound;
  let target = bound.get('__doc__')?.replace(/\.__doc__$/, '');
  const assigned = /^__doc__[ \t]*=[ \t]*([A-Za-z_][\w.]*)\.__doc__[ \t]*(?:#.*)?$/m.exec(source)?.[1];
  if (!target && assigned) {
    const [head, ...rest] = assigned.split('.');
    const mod = bound.get(head!);
    if (mod) target = [mod, ...rest].join('.');
  }
  if (!target || target === module) return;
  const src = moduleSource(target, module, opts);
  const other = src ? extractPythonFast(src.text, { file: src.rel, includePrivate: false })?.module : null;
  const item = result.items.find((i) => i.kind === 'module' && i.id === module);
  if (!other?.doc && !other?.summary) {
    // Not in the tree (a built-in C module, `from _csv import __doc__`): the index follows the
    // name to that module's doc when it has one (index/module-docs.ts).
    if (item) item.tags.doc_from = target;
    return;
  }
  result.module = { ...result.module, doc: other.doc, summary: other.summary };
  if (item) Object.assign(item, { doc: other.doc, summary: other.summary });
}
