import path from 'node:path';
import { docMarkdown, mergeParams } from '../build.js';
import { parseDocstring } from '../doc/python.js';
import { clip, firstSentence } from '../doc/model.js';
import { relativePythonModule } from '../import-paths.js';
import type { ExtractOptions } from '../context.js';
import type { DocItem, FileExtract } from '../types.js';
import { pythonModuleName } from './python.js';
import { extractPythonFast } from '../fast/python.js';
import { stringAt } from './python-strings.js';

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

/** `target.__doc__ = value`, the value up to the end of the line (continued below when a string or bracket is open). */
const ASSIGN_RE = /^([A-Za-z_][\w.]*)\.__doc__[ \t]*=[ \t]*(.*)$/gm;
const REF_RE = /^([A-Za-z_][\w.]*)\.__doc__\s*$/;
const CONST_RE = /^([A-Za-z_]\w*)\s*(?:\.\s*format\s*\(([^)]*)\))?\s*$/;

export function applyDocAssignments(result: FileExtract, source: string, opts: ExtractOptions, privateItems: () => readonly DocItem[]): void {
  if (!source.includes('.__doc__')) return;
  const module = result.module.name;
  const byId = new Map(result.items.map((i) => [i.id, i] as const));
  let imports: Map<string, string> | null = null;
  for (const m of source.matchAll(ASSIGN_RE)) {
    const item = byId.get(`${module}.${m[1]!}`);
    if (!item) continue; // a private or dynamic target: nothing a reader sees
    const value = m[2]!.trim();
    const ref = REF_RE.exec(value)?.[1];
    let doc: Pick<DocItem, 'doc' | 'summary' | 'params' | 'returns' | 'throws' | 'examples' | 'see_also'> | null = null;
    if (ref) {
      const local = byId.get(`${module}.${ref}`) ?? privateItems().find((i) => i.id === `${module}.${ref}`);
      if (local) doc = local.doc || local.summary ? local : null;
      else doc = importedDoc(ref, (imports ??= importNames(source, module, opts.file)), module, opts);
    } else {
      const at = m.index! + m[0].length - m[2]!.length;
      // `.format(` arguments may go on over the next lines.
      const call = value.includes('(') && !value.includes(')') ? source.slice(at, source.indexOf(')', at) + 1).replace(/\s+/g, ' ') : value;
      const text = stringAt(source, at) ?? constantText(source, call);
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

/** A module-level string constant by name, `.format`ted with keyword strings: `DOC.format(encoding='base32')`. */
function constantText(source: string, value: string): string | null {
  const m = CONST_RE.exec(value);
  if (!m) return null;
  const def = new RegExp(`^${m[1]!}[ \\t]*=[ \\t]*`, 'm').exec(source);
  if (!def) return null;
  let text = stringAt(source, def.index + def[0].length);
  if (text === null) return null;
  for (const [, key, , val] of (m[2] ?? '').matchAll(/(\w+)\s*=\s*[rRuU]?(['"])(.*?)\2/g)) text = text.split(`{${key!}}`).join(val!);
  return text;
}

/** Local names bound by the file's imports, as absolute dotted paths: `import profile as _pyprofile` → `_pyprofile` = `profile`. */
function importNames(source: string, module: string, file: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of source.matchAll(/^[ \t]*import[ \t]+([\w. \t,]+?)[ \t]*(?:#.*)?$/gm)) {
    for (const part of m[1]!.split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (!name) continue;
      if (alias) out.set(alias, name);
      else out.set(name.split('.')[0]!, name.split('.')[0]!);
    }
  }
  for (const m of source.matchAll(/^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+\(?([\w \t,\n]+?)\)?[ \t]*(?:#.*)?$/gm)) {
    const from = relativePythonModule(module, file, m[1]!);
    if (!from) continue;
    for (const part of m[2]!.split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      if (name) out.set(alias ?? name, `${from}.${name}`);
    }
  }
  return out;
}

/**
 * The docs of `ref` (`genericpath._splitext`) defined in another module of the same tree: the
 * longest prefix of its absolute path that is a module file names the file, extracted once.
 */
function importedDoc(ref: string, imports: Map<string, string>, module: string, opts: ExtractOptions): DocItem | null {
  if (!opts.readSource) return null;
  const [head, ...rest] = ref.split('.');
  const bound = imports.get(head!);
  if (!bound) return null;
  const target = [bound, ...rest].join('.');
  // The folder module names start from: this file's folder, up one per package level.
  const isPackage = /(^|\/)__init__\.pyi?$/.test(opts.file);
  let base = path.posix.dirname(opts.file);
  for (let up = module.split('.').length - (isPackage ? 0 : 1); up > 0; up--) base = path.posix.dirname(base);
  const parts = target.split('.');
  for (let n = parts.length - 1; n >= 1; n--) {
    const mod = parts.slice(0, n).join('/');
    for (const file of [`${mod}.py`, `${mod}/__init__.py`, `${mod}.pyi`]) {
      const rel = base === '.' ? file : `${base}/${file}`;
      const text = opts.readSource(rel);
      if (text === null) continue;
      const id = `${pythonModuleName(rel)}.${parts.slice(n).join('.')}`;
      const found = extractPythonFast(text, { file: rel, includePrivate: true })?.items.find((i) => i.id === id);
      return found && (found.doc || found.summary) ? found : null;
    }
  }
  return null;
}
