import { z } from 'zod';
import { DocentError } from '../../core/errors.js';
import { contentLine, definitionBlock } from '../../core/info/lookup.js';
import type { FeatureContext } from '../context.js';
import { infoLibrary, infoRef, page } from './library.js';

/** info_lookup_symbol: the seed's elisp-info-lookup-symbol, for any installed manual. */

export const InfoLookupSymbolInput = z.object({
  symbol: z
    .string()
    .describe('The symbol or concept to look up, e.g. "mapcar", "defun", "load-path" or "lexical binding". Case-insensitive as a fallback.'),
  manual: z.string().min(1).default('elisp').describe('Info manual to search, e.g. "elisp" (default), "emacs", "cl", "coreutils". See info_list_manuals.'),
  max_chars: z.number().int().min(1).optional().describe('Return at most this many characters of `content` (default: the whole node).'),
  offset: z.number().int().min(0).default(0).describe('Character offset into `content`, to continue a truncated answer (use next_offset).'),
});

const MatchSchema = z.object({
  entry: z.string().describe('The index entry text, e.g. "mapcar <1>".'),
  node: z.string(),
  line: z.number().int().nullable().describe('Line in that node\'s content where the entry points.'),
  'info-ref': z.string(),
});

export const InfoLookupSymbolOutput = z.object({
  found: z.boolean(),
  symbol: z.string(),
  node: z.string().optional().describe('The Info node documenting the symbol.'),
  manual: z.string().optional(),
  content: z
    .string()
    .optional()
    .describe('The complete node text after its header line, with *note X:: references rewritten to [See: X] (paged by offset/max_chars).'),
  'info-ref': z.string().optional().describe('Reference like "(elisp)Defining Functions", usable with info_read_node or Emacs\'s Info-goto-node.'),
  line: z.number().int().nullable().optional().describe('Line in `content` (1 = first line after the header) where the index entry points.'),
  definition_line: z.number().int().nullable().optional().describe('Line in `content` of the definition header Emacs\'s info-lookup moves to, or null.'),
  definition: z.string().nullable().optional().describe('The definition block (" -- Function: …" plus its description), or null when the node has none.'),
  entry: z.string().optional().describe('The index entry that was followed.'),
  match_type: z
    .enum(['symbol', 'symbol-case', 'entry', 'entry-case', 'node'])
    .optional()
    .describe('How it matched: the symbol part of an index entry (exactly or ignoring case, as Emacs), a whole entry, or a node name.'),
  matches: z.array(MatchSchema).optional().describe('Every other index entry for the same symbol.'),
  total_chars: z.number().int().optional().describe('Length of the whole content.'),
  truncated: z.boolean().optional(),
  next_offset: z.number().int().nullable().optional(),
  message: z.string().optional(),
  suggestions: z.array(z.string()).optional().describe('Close index names when nothing matched.'),
});

export type InfoLookupSymbolResult = z.output<typeof InfoLookupSymbolOutput>;

/** E_BAD_INPUT for symbols no index can hold: empty, blank, or with NUL or line breaks. */
export function checkSymbol(symbol: string, what = 'symbol'): void {
  if (symbol.trim() === '') throw new DocentError('E_BAD_INPUT', `The ${what} is empty.`, 'Pass a symbol name such as "mapcar" or a concept such as "lexical binding".');
  if (/[\0\n\r]/.test(symbol)) {
    throw new DocentError('E_BAD_INPUT', `The ${what} contains a NUL or a line break.`, 'Pass a single line such as "mapcar".');
  }
}

function manualLabel(manual: string): string {
  return manual === 'elisp' ? 'Elisp' : manual;
}

export async function infoLookupSymbol(input: z.output<typeof InfoLookupSymbolInput>, ctx: FeatureContext): Promise<InfoLookupSymbolResult> {
  checkSymbol(input.symbol);
  const symbol = input.symbol.trim() === input.symbol ? input.symbol : input.symbol.trim();
  const { manual, lookup } = await infoLibrary(ctx).get(input.manual, ctx.signal);
  const hit = lookup.lookup(symbol);
  if (!hit) {
    return {
      found: false,
      symbol,
      message: `Symbol '${symbol}' not found in ${manualLabel(manual.name)} Info documentation`,
      suggestions: lookup.suggestions(symbol),
    };
  }
  const nodeName = manual.nodes[hit.node]!.name;
  const { text: content, lines: lineTotal } = manual.content(hit.node);
  const paged = page(content, input.offset, input.max_chars);
  const definitionLine = hit.definitionLine;
  return {
    found: true,
    symbol,
    node: nodeName,
    manual: manual.name,
    content: paged.text,
    'info-ref': infoRef(manual.name, nodeName),
    // makeinfo's `(line N)` can overshoot a node (gettext's po_message_set_range: 186 of 181);
    // Emacs's forward-line stops at the last line, and so does docent.
    line: hit.line === null ? null : Math.min(hit.line, lineTotal),
    definition_line: definitionLine,
    definition: definitionLine ? definitionBlock(content.split('\n'), definitionLine) : null,
    entry: hit.entry?.label ?? nodeName,
    match_type: hit.method,
    matches: hit.matches.map((e) => {
      const target = manual.resolve(e.node);
      const node = target ? manual.nodes[target.node]!.name : e.node;
      const line = contentLine(e.line) ?? target?.line ?? null;
      // Clamped to the target node's last line, as `line` is (an index entry may overshoot).
      const clamped = line !== null && target ? Math.min(line, manual.content(target.node).lines) : line;
      return { entry: e.label, node, line: clamped, 'info-ref': infoRef(e.manual ?? manual.name, node) };
    }),
    total_chars: content.length,
    truncated: paged.truncated,
    next_offset: paged.next_offset,
  };
}

export function renderInfoLookupSymbol(r: InfoLookupSymbolResult): string {
  if (!r.found) {
    const sugg = r.suggestions?.length ? `\nDid you mean: ${r.suggestions.join(', ')}` : '';
    return `${r.message}${sugg}`;
  }
  const where = r.line ? ` (line ${r.line})` : '';
  const out = [`${r['info-ref']}${where} — ${r.symbol}`];
  if (r.matches?.length) out.push(`Also: ${r.matches.map((m) => `${m.entry} → ${m['info-ref']}`).join('; ')}`);
  out.push('', (r.content ?? '').replace(/^\n/, ''));
  if (r.truncated) out.push(`… truncated at ${r.next_offset} of ${r.total_chars} chars; continue with offset=${r.next_offset}`);
  return out.join('\n');
}
