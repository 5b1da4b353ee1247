import type { DocParam } from '../types.js';
import { emptyDoc, type ParsedDoc } from './model.js';
import { examplesFromMarkdown, parseTaggedDoc } from './tags.js';

/**
 * Markdown-first doc conventions: rustdoc (`# Examples`, `# Panics`, `# Errors`, intra-doc
 * links) and Go doc comments (indented code blocks, `Deprecated:` paragraphs, `[Name]` links).
 * A doc that also uses `@param`-style tags (the seed's generic `///` style) is handed to the
 * tag parser, so both conventions work in one comment.
 */

function splitHeadings(md: string): { intro: string; sections: { title: string; body: string }[] } {
  const lines = md.split('\n');
  const sections: { title: string; body: string[] }[] = [];
  const intro: string[] = [];
  let fenceOpen = false;
  for (const line of lines) {
    if (/^\s*(```|~~~)/.test(line)) fenceOpen = !fenceOpen;
    const h = !fenceOpen ? /^#{1,3}\s+(.+?)\s*#*$/.exec(line) : null;
    if (h) sections.push({ title: h[1]!, body: [] });
    else if (sections.length) sections[sections.length - 1]!.body.push(line);
    else intro.push(line);
  }
  return { intro: intro.join('\n').trim(), sections: sections.map((s) => ({ title: s.title, body: s.body.join('\n').trim() })) };
}

/** `[`Vec::push`]`, `[Vec]`, `[text](path::to)` and `[text][path]` targets that look like Rust paths. */
function intraDocLinks(md: string): string[] {
  const out = new Set<string>();
  const withoutCode = md.replace(/```[\s\S]*?```/g, '');
  for (const m of withoutCode.matchAll(/\[`?([A-Za-z_][\w:]*(?:!|\(\))?)`?\](?!\(|:)/g)) if (/[A-Z:]|!|\(\)/.test(m[1]!)) out.add(m[1]!);
  for (const m of withoutCode.matchAll(/\]\(`?((?:crate|self|super|std|core|alloc|[A-Z]\w*)(?:::[\w]+)*(?:\(\)|!)?)`?\)/g)) out.add(m[1]!);
  for (const m of withoutCode.matchAll(/^\s*\[[^\]]+\]:\s*`?((?:crate|self|super|std|core|alloc)?(?:::)?[\w]+(?:::[\w]+)+)`?\s*$/gm)) out.add(m[1]!);
  return [...out];
}

/**
 * A summary without Markdown link syntax, as rustdoc renders it: `[hash map]` and `[text][ref]`
 * and `[text](path)` keep their text, `[`Vec`]` its code. A bracket right after a word or a code
 * span (`buf[0..len]`) is an index, not a link, and stays.
 */
export function plainLinks(summary: string): string {
  if (!summary.includes('[')) return summary;
  return summary.replace(/(^|[\s(])\[([^\]\[]+)\](?:\([^)\s]*\)|\[[^\]]*\])?/g, '$1$2');
}

/** Argument lists in prose: `* `name` - text` / `- name: text`. */
function argumentList(body: string): DocParam[] {
  const out: DocParam[] = [];
  for (const m of body.matchAll(/^\s*[*-]\s+`?(\w+)`?\s*(?:[-–:]\s*)(.*)$/gm)) out.push({ name: m[1]!, type: null, doc: m[2]!.trim() || null });
  return out;
}

const HAS_TAGS = /^\s*@(param|returns?|throws|example|see|since|deprecated)\b/m;

/** rustdoc Markdown (also the seed's `///` style, which may carry @tags). */
export function parseRustDoc(md: string, lang = 'rust'): ParsedDoc {
  const doc = HAS_TAGS.test(md) ? parseTaggedDoc(md, 'generic', lang) : emptyDoc();
  const source = HAS_TAGS.test(md) ? doc.description : md;
  const { intro, sections } = splitHeadings(source);
  const kept: string[] = [intro];
  for (const s of sections) {
    const t = s.title.toLowerCase();
    if (t === 'examples' || t === 'example') {
      doc.examples.push(...examplesFromMarkdown(s.body, lang, false));
    } else if (t === 'panics') {
      doc.throws.push({ type: 'panic', doc: s.body || null });
      kept.push(`# ${s.title}\n\n${s.body}`);
    } else if (t === 'errors') {
      doc.throws.push({ type: 'Err', doc: s.body || null });
      kept.push(`# ${s.title}\n\n${s.body}`);
    } else if (t === 'arguments' || t === 'parameters' || t === 'params') {
      const params = argumentList(s.body);
      if (params.length) doc.params.push(...params);
      else kept.push(`# ${s.title}\n\n${s.body}`);
    } else if (t === 'returns' || t === 'return value') {
      doc.returns = { type: doc.returns?.type ?? null, doc: s.body || null };
    } else {
      kept.push(`# ${s.title}\n\n${s.body}`);
    }
  }
  doc.description = kept.filter(Boolean).join('\n\n').trim();
  for (const l of intraDocLinks(md)) if (!doc.see.includes(l)) doc.see.push(l);
  return doc;
}

/** Go doc comment text (already without `//`) to the doc model. */
export function parseGoDoc(text: string): ParsedDoc {
  const doc = emptyDoc();
  const lines = text.split('\n');
  const out: string[] = [];
  let inCode = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const isCode = /^(\t|  )/.test(line) && !/^\s*[-*+]\s|^\s*\d+\.\s/.test(line);
    if (isCode && !inCode && (i === 0 || !lines[i - 1]!.trim() || out.length === 0)) {
      out.push('```go');
      inCode = true;
    } else if (inCode && line.trim() && !isCode) {
      while (out.length && !out[out.length - 1]!.trim()) out.pop();
      out.push('```', '');
      inCode = false;
    }
    out.push(inCode ? line.replace(/^(\t|  )/, '') : line);
  }
  if (inCode) {
    while (out.length && !out[out.length - 1]!.trim()) out.pop();
    out.push('```');
  }
  const paragraphs = out.join('\n').split(/\n\s*\n/);
  const kept: string[] = [];
  for (const p of paragraphs) {
    const dep = /^Deprecated:\s*([\s\S]*)$/.exec(p.trim());
    if (dep) doc.deprecated = dep[1]!.replace(/\s+/g, ' ').trim() || 'Deprecated.';
    else kept.push(p);
  }
  doc.description = kept
    .join('\n\n')
    .replace(/^#\s+(.+)$/gm, '## $1')
    .trim();
  // Doc links (`[Name]`, `[pkg.Name]`) anywhere, the Deprecated paragraph included, are cross-references.
  for (const m of text.replace(/^(\t| {2}).*$/gm, '').matchAll(/\[([A-Za-z_][\w.]*)\](?!\()/g)) if (!doc.see.includes(m[1]!)) doc.see.push(m[1]!);
  return doc;
}
