import type { Hover, MarkedString, MarkupContent } from 'vscode-languageserver-protocol';

/**
 * Hover answers come as Markdown (or legacy MarkedString arrays) in each server's own layout.
 * `splitHover` separates the declaration code block (the signature) from the prose (the
 * documentation), dropping clangd's title line and rules, so both read well on their own.
 */
export interface HoverParts {
  signature: string | null;
  documentation: string | null;
  /** The full Markdown, for callers that want it as is. */
  markdown: string;
}

export function hoverMarkdown(hover: Hover | null | undefined): string {
  if (!hover) return '';
  const c = hover.contents as MarkupContent | MarkedString | MarkedString[];
  const one = (m: MarkedString | MarkupContent): string => {
    if (typeof m === 'string') return m;
    if ('kind' in m) return m.value;
    return '```' + m.language + '\n' + m.value + '\n```';
  };
  return (Array.isArray(c) ? c.map(one).join('\n\n') : one(c)).trim();
}

const FENCE = /^(```|~~~)([\w+#-]*)\s*\n([\s\S]*?)\n\1\s*$/gm;

export function splitHover(hover: Hover | null | undefined): HoverParts {
  const markdown = hoverMarkdown(hover);
  let signature: string | null = null;
  const prose = markdown.replace(FENCE, (_all, _fence, _lang, body: string) => {
    if (signature === null) {
      // clangd prefixes the declaration with context comments ("// In namespace geo").
      const code = body
        .split('\n')
        .filter((l) => !/^\s*\/\/ (In|Inherited from) /.test(l))
        .join('\n')
        .trim();
      if (code) signature = code;
      return '';
    }
    return _all;
  });
  const documentation = dropServerMetadata(prose.split('\n'))
    .filter((l) => !/^#{1,6} /.test(l) && !/^\s*(---|\*\*\*|___)\s*$/.test(l))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { signature, documentation: documentation || null, markdown };
}

/** clangd's hover facts (return type, parameters, size…) duplicate the signature; keep the prose. */
const CLANGD_FACT = /^(→ |Size: |Offset: |Type: |Value = |Passed (by|as) |Alignment: |Padding: |Parameters:|Template parameters:)/;

function dropServerMetadata(lines: string[]): string[] {
  const out: string[] = [];
  let inList = false;
  for (const l of lines) {
    if (CLANGD_FACT.test(l.trim())) {
      inList = /^(Parameters|Template parameters):/.test(l.trim());
      continue;
    }
    if (inList && /^\s*- /.test(l)) continue;
    inList = false;
    out.push(l.replace(/ {2}$/, ''));
  }
  return out;
}
