import { clip, firstSentence, type ParsedDoc } from './doc/model.js';
import type { DocItem, DocParam, FileExtract, ItemKind, LanguageId, Visibility } from './types.js';

/**
 * Assembling a DocItem from what the syntax says (kind, name, signature, parameter types) and
 * what the doc comment says (prose, tags). The merge rules live here, once for all languages:
 * signature types win over tag types, tag text documents the parameters, tag-only parameters
 * such as JSDoc's `options.leading` are kept next to their parent.
 */

export interface SignatureParam {
  name: string;
  type: string | null;
  default?: string | null;
}

export interface Declaration {
  kind: ItemKind;
  name: string;
  id: string;
  module: string;
  visibility: Visibility;
  language: LanguageId;
  signature: string;
  params?: SignatureParam[];
  returnType?: string | null;
  line: number;
  endLine: number;
  parent?: string | null;
  implements?: string[];
  deprecated?: string | null;
  since?: string | null;
}

const ONE_LINE_WORK = /\s\s|[^\S ]/;

/** A declaration header on one line: whitespace collapsed, no space inside brackets. */
export function oneLine(text: string, max = 400): string {
  // Most headers are already one line with single spaces: no rewriting needed.
  if (!ONE_LINE_WORK.test(text)) {
    const t = text.trim();
    return t.length > max ? t.slice(0, max - 1) + '…' : t;
  }
  // Only whitespace that came from line breaks is removed next to brackets, so operators keep their spaces.
  const s = text
    .replace(/([([{])[ \t]*\r?\n\s*/g, '$1')
    .replace(/,?\s*\r?\n\s*([)\]}])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

/** Normalise a parameter name for matching doc tags to signature parameters. */
function paramKey(name: string): string {
  return name.replace(/^[*&.]+|^\.\.\.|\?$/g, '').replace(/^mut\s+/, '');
}

export function mergeParams(sig: SignatureParam[], docParams: DocParam[]): DocParam[] {
  const byKey = new Map<string, DocParam>();
  for (const p of docParams) if (!byKey.has(paramKey(p.name))) byKey.set(paramKey(p.name), p);
  const used = new Set<DocParam>();
  const out: DocParam[] = [];
  for (const s of sig) {
    const d = byKey.get(paramKey(s.name));
    if (d) used.add(d);
    const param: DocParam = { name: s.name, type: s.type ?? d?.type ?? null, doc: d?.doc ?? null };
    const def = s.default ?? d?.default;
    if (def != null) param.default = def;
    if (d?.optional || s.default != null) param.optional = true;
    out.push(param);
    // Documented sub-fields (`options.leading`) follow their parameter.
    const prefix = `${paramKey(s.name)}.`;
    for (const sub of docParams) {
      if (!used.has(sub) && paramKey(sub.name).startsWith(prefix)) {
        used.add(sub);
        out.push(cleanParam(sub));
      }
    }
  }
  for (const d of docParams) if (!used.has(d)) out.push(cleanParam(d));
  return out;
}

function cleanParam(p: DocParam): DocParam {
  const out: DocParam = { name: p.name, type: p.type ?? null, doc: p.doc ?? null };
  if (p.optional) out.optional = true;
  if (p.default != null) out.default = p.default;
  return out;
}

/** The Markdown doc: description plus the prose sections a parser set aside (notes, warnings). */
export function docMarkdown(doc: ParsedDoc): string {
  const parts = [doc.description];
  for (const s of doc.sections) if (s.body.trim() || s.title) parts.push(`**${s.title}:** ${s.body}`.trim());
  return parts.filter(Boolean).join('\n\n').trim();
}

/** A file's module record: its doc, and a summary by the same rule as items (brief, else first sentence). */
export function moduleInfo(name: string, doc: ParsedDoc | null): FileExtract['module'] {
  const info: FileExtract['module'] = { name, doc: doc ? docMarkdown(doc) : '', summary: doc ? (doc.brief ?? firstSentence(doc.description)) : '' };
  // A module's doctests (Python's `json`, `//!` examples) are examples of the module item.
  if (doc?.examples.length) info.examples = doc.examples;
  if (doc?.deprecated) info.deprecated = doc.deprecated;
  return info;
}

/**
 * A docstring that opens with the item's own call written out, as older Python code and C
 * extensions do (`openpty() -> (master_fd, slave_fd)` on the first line, then "Open a pty
 * master/slave pair…"; `new(name, data=b'') - Return a new hashing object…`): the summary is
 * what follows, the signature being shown anyway. A call line with nothing after it stays.
 */
function withoutCallLine(name: string, description: string): string {
  if (!name || !description.startsWith(`${name}(`)) return description;
  const nl = description.indexOf('\n');
  const first = nl < 0 ? description : description.slice(0, nl);
  const dash = /^[\w.]+\(.*\)(?:\s*(?:->|-->|=>)\s*[^-]*?)?\s+-\s+(\S.*)$/.exec(first);
  if (dash) return `${dash[1]}${nl < 0 ? '' : description.slice(nl)}`;
  const rest = nl < 0 ? '' : description.slice(nl + 1).replace(/^\s*\n/, '');
  return /^[\w.]+\(.*\)(?:\s*(?:->|-->|=>).*)?$/.test(first) && rest.trim() && !/^[\w.]+\(/.test(rest) ? rest : description;
}

/**
 * A first sentence that is only a link says nothing of the item: TypeScript's lib.dom.d.ts gives
 * thousands of members no doc but `[MDN Reference](https://developer.mozilla.org/…)`. No summary
 * then (the snippet shows the signature); the full doc keeps the link.
 */
function describes(summary: string): string {
  return /^\[[^\]]*\]\([^)\s]+\)\.?$/.test(summary.trim()) ? '' : summary;
}

const IDENTITY_TAGS = new Set(['static', 'memberof', 'name', 'alias', 'module', 'private', 'public', 'protected', 'internal', 'instance', 'function', 'func', 'method', 'kind', 'ignore', 'hidden']);

export function buildItem(decl: Declaration, doc: ParsedDoc | null, file: string): DocItem {
  const d = doc;
  let description = d ? docMarkdown(d) : '';
  // An explicit brief (Doxygen `@brief`) is part of the full doc too.
  if (d?.brief && !description.startsWith(d.brief)) description = description ? `${d.brief}\n\n${description}` : d.brief;
  const summary = describes(clip(d?.brief ?? firstSentence(withoutCallLine(decl.name, d?.description ?? ''))));
  const tags: Record<string, string> = {};
  if (d) for (const [k, v] of Object.entries(d.tags)) if (!IDENTITY_TAGS.has(k)) tags[k] = v;
  const returnsType = decl.returnType ?? d?.returns?.type ?? null;
  const returns = d?.returns || decl.returnType ? { type: returnsType, doc: d?.returns?.doc ?? null } : null;
  return {
    id: decl.id,
    kind: decl.kind,
    name: decl.name,
    module: decl.module,
    visibility: decl.visibility,
    language: decl.language,
    signature: decl.signature,
    summary,
    doc: description,
    params: mergeParams(decl.params ?? [], d?.params ?? []),
    returns,
    throws: d?.throws ?? [],
    examples: d?.examples ?? [],
    see_also: d ? [...new Set(d.see)] : [],
    deprecated: d?.deprecated ?? decl.deprecated ?? null,
    since: d?.since ?? decl.since ?? null,
    location: { file, line: decl.line, end_line: decl.endLine },
    parent: decl.parent ?? null,
    implements: decl.implements ?? [],
    tags,
  };
}
