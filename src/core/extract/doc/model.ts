import type { DocExample, DocParam, DocReturns, DocThrows } from '../types.js';

/**
 * What a doc-comment parser returns, before it is merged with what the declaration itself
 * says (the signature's types, the language's visibility). Every parser (tags, Python
 * docstrings, rustdoc/godoc Markdown) fills this same shape.
 */
export interface ParsedDoc {
  /** The prose as Markdown, structured tags removed. */
  description: string;
  /** An explicit one-line summary (Doxygen `@brief`), else derived from the description. */
  brief: string | null;
  params: DocParam[];
  returns: DocReturns | null;
  throws: DocThrows[];
  examples: DocExample[];
  see: string[];
  deprecated: string | null;
  since: string | null;
  /** Flags and single-valued tags that shape identity and visibility (`static`, `memberof`, `name`, `private`, …). */
  tags: Record<string, string>;
  /** Extra Markdown sections to append to the doc (notes, warnings, raises in prose form). */
  sections: { title: string; body: string }[];
}

export function emptyDoc(): ParsedDoc {
  return { description: '', brief: null, params: [], returns: null, throws: [], examples: [], see: [], deprecated: null, since: null, tags: Object.create(null) as Record<string, string>, sections: [] };
}

const ABBREVIATIONS = /(?:^|\s|\()(?:e\.g|i\.e|eg|ie|a\.k\.a|viz|etc|vs|cf|approx|resp|incl|no|Dr|Mr|Mrs|Ms|St)\.$/i;

/**
 * The first sentence of a doc: the first paragraph up to the first `.`, `!` or `?` that is
 * followed by whitespace and is not an abbreviation, inside inline code or inside parentheses
 * that close later ("Create an archive file (eg. zip or tar)."), as Javadoc and rustdoc do.
 * Whitespace is collapsed to one line.
 */
export function firstSentence(markdown: string): string {
  const para = firstParagraph(markdown);
  if (!para) return '';
  let inCode = false;
  let depth = 0;
  const lastClose = para.lastIndexOf(')');
  for (let i = 0; i < para.length; i++) {
    const c = para[i];
    if (c === '`') inCode = !inCode;
    if (inCode) continue;
    if (c === '(') depth++;
    else if (c === ')' && depth > 0) depth--;
    // An unclosed parenthesis ("matching [, (, { or < bracket.") does not hold the sentence open.
    if (depth > 0 && i < lastClose) continue;
    if ((c === '.' || c === '!' || c === '?') && (i + 1 === para.length || /\s/.test(para[i + 1]!))) {
      const upto = para.slice(0, i + 1);
      if (c === '.' && ABBREVIATIONS.test(upto)) continue;
      if (c === '.' && /\.\.\.$/.test(upto)) continue;
      return upto.trim();
    }
  }
  return para.trim();
}

/** The first paragraph of prose, skipping headings and stopping at a code fence or blank line. */
export function firstParagraph(markdown: string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) {
      if (out.length) break;
      continue;
    }
    if (/^(```|~~~)/.test(line)) break;
    if (!out.length && /^#{1,6}\s/.test(line)) continue;
    out.push(line);
  }
  return out.join(' ').replace(/\s+/g, ' ');
}

/** Make a summary short enough for listings. */
export function clip(text: string, max = 300): string {
  return text.length <= max ? text : text.slice(0, max - 1).replace(/\s+\S*$/, '') + '…';
}
