import { z } from 'zod';
import { DocentError } from '../../core/errors.js';
import { suggestNames } from '../../core/info/suggest.js';
import { cleanNodeText, parseMenu, parseXrefs, splitNodeRef } from '../../core/info/node-text.js';
import type { FeatureContext } from '../context.js';
import { infoLibrary, infoRef, page } from './library.js';

/** info_read_node: one node's text and its navigation, so an agent can follow "See also". */

/**
 * Menu entries returned by default. Each entry is a structured object several times the size of
 * its menu line, so the hundreds of entries in the Top node of a large manual (autoconf: 272)
 * would otherwise push the answer far past the token budget; the menu text stays in content.
 */
const MENU_DEFAULT = 60;

export const InfoReadNodeInput = z.object({
  manual: z.string().min(1).optional().describe('Info manual, e.g. "elisp". May be omitted when node is written "(manual)Node".'),
  node: z.string().min(1).default('Top').describe('Node name, e.g. "Mapping Functions", or a full reference "(elisp)Mapping Functions". Anchors work too.'),
  offset: z.number().int().min(0).default(0).describe('Character offset into the content, to continue a truncated node.'),
  max_chars: z.number().int().min(1).default(24_000).describe('Return at most this many characters of content.'),
  max_menu: z.number().int().min(1).max(5000).default(MENU_DEFAULT).describe('Return at most this many menu entries (the Top node of a large manual has hundreds).'),
  menu_offset: z.number().int().min(0).default(0).describe('Skip this many menu entries, to continue a truncated menu (use menu_next_offset).'),
});

const LinkSchema = z.object({
  label: z.string(),
  node: z.string(),
  manual: z.string().nullable().describe('Set when the link leads into another manual.'),
  'info-ref': z.string(),
});

export const InfoReadNodeOutput = z.object({
  manual: z.string(),
  node: z.string(),
  'info-ref': z.string(),
  line: z.number().int().nullable().describe('For an anchor, the line of the node content it points at.'),
  next: z.string().nullable(),
  prev: z.string().nullable(),
  up: z.string().nullable(),
  content: z.string().describe('Node text after the header line; *note X:: rewritten to [See: X].'),
  menu: z.array(LinkSchema.extend({ description: z.string() })).describe('Menu entries from menu_offset, at most max_menu of them; the full menu text is also in content.'),
  menu_total: z.number().int().describe('Entries in the whole menu.'),
  menu_next_offset: z.number().int().nullable().describe('When the menu was cut: the menu_offset that continues it.'),
  xrefs: z.array(LinkSchema),
  is_index: z.boolean(),
  total_chars: z.number().int(),
  truncated: z.boolean(),
  next_offset: z.number().int().nullable(),
});

export type InfoReadNodeResult = z.output<typeof InfoReadNodeOutput>;

export async function infoReadNode(input: z.output<typeof InfoReadNodeInput>, ctx: FeatureContext): Promise<InfoReadNodeResult> {
  const ref = splitNodeRef(input.node);
  const manualName = ref.manual ?? input.manual;
  if (!manualName) throw new DocentError('E_BAD_INPUT', 'No manual given.', 'Pass manual (e.g. "elisp") or write the node as "(elisp)Node Name".');
  const { manual } = await infoLibrary(ctx).get(manualName, ctx.signal);
  const target = manual.resolve(ref.node);
  if (!target) {
    const close = suggestNames(ref.node, manual.nodes.map((n) => n.name), 8);
    throw new DocentError(
      'E_NOT_FOUND',
      `No node "${ref.node}" in the ${manual.name} manual.`,
      close.length ? `Close node names: ${close.join(', ')}.` : 'Use info_search to find the node, or read "Top" for the table of contents.',
    );
  }
  const name = manual.nodes[target.node]!.name;
  const header = manual.header(target.node);
  const body = manual.body(target.node);
  const content = cleanNodeText(body);
  const link = (label: string, node: string, other: string | null) => ({
    label,
    node,
    manual: other && other !== manual.name ? other : null,
    'info-ref': infoRef(other ?? manual.name, node),
  });
  const seen = new Set<string>();
  const xrefs = parseXrefs(body)
    .map((x) => link(x.label, x.node, x.manual))
    .filter((x) => (seen.has(x['info-ref'] + x.label) ? false : (seen.add(x['info-ref'] + x.label), true)));
  const isIndex = manual.indexNodes.includes(target.node);
  const menu = isIndex ? [] : parseMenu(body).map((m) => ({ ...link(m.label, m.node, m.manual), description: m.description }));
  const paged = page(content, input.offset, input.max_chars);
  const menuStart = Math.min(input.menu_offset, menu.length);
  const menuEnd = Math.min(menu.length, menuStart + input.max_menu);
  const nav = (s: string | null) => (s ? s.replace(/\x7f/g, '') : null);
  return {
    manual: manual.name,
    node: name,
    'info-ref': infoRef(manual.name, name),
    line: target.line,
    next: nav(header.next),
    prev: nav(header.prev),
    up: nav(header.up),
    content: paged.text,
    menu: menu.slice(menuStart, menuEnd),
    menu_total: menu.length,
    menu_next_offset: menuEnd < menu.length ? menuEnd : null,
    xrefs,
    is_index: isIndex,
    total_chars: content.length,
    truncated: paged.truncated,
    next_offset: paged.next_offset,
  };
}

export function renderInfoReadNode(r: InfoReadNodeResult): string {
  const nav = [r.next && `Next: ${r.next}`, r.prev && `Prev: ${r.prev}`, r.up && `Up: ${r.up}`].filter(Boolean).join('  ');
  const out = [`${r['info-ref']}${nav ? `  [${nav}]` : ''}`, r.content];
  if (r.truncated) out.push(`… truncated at ${r.next_offset} of ${r.total_chars} chars; continue with offset=${r.next_offset}`);
  if (r.xrefs.length) out.push(`See also: ${r.xrefs.map((x) => x['info-ref']).join('; ')}`);
  return out.join('\n');
}
