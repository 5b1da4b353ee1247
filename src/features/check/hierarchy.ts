import type { CallHierarchyIncomingCall, CallHierarchyItem, CallHierarchyOutgoingCall, Position, Range, TypeHierarchyItem } from 'vscode-languageserver-protocol';
import { onSessionView } from '../../core/lsp/session-view.js';
import { z } from 'zod';
import { DocentError } from '../../core/errors.js';
import type { LspClient } from '../../core/lsp/client.js';
import type { LanguageServer } from '../../core/lsp/language-server.js';
import { buildOutline, containsPos, flattenOutline, type OutlineNode } from '../../core/lsp/navigation.js';
import { lineAt, uriToPath } from '../../core/lsp/positions.js';
import { kindName } from '../../core/lsp/symbol-kinds.js';
import { Vfs } from '../../core/vfs/index.js';
import type { FeatureContext } from '../context.js';
import { CandidateSchema, ResolvedTargetSchema, TargetShape } from '../navigation/schema.js';
import { resolveTarget, targetOut, type Target } from '../navigation/target.js';

/**
 * call_hierarchy and type_hierarchy: trees through LSP's prepareCallHierarchy /
 * prepareTypeHierarchy (and clangd's own textDocument/typeHierarchy before clangd 16), walked
 * breadth-first to `depth`, bounded by `max_results` nodes, each with its qualified name,
 * location and line preview. The whole walk happens while the server holds the session's view
 * of the target's file (overlays included).
 */

const LocationOut = z.object({ file: z.string(), line: z.number().int(), column: z.number().int(), line_preview: z.string() });

export interface HierarchyNode {
  name: string;
  qualified_name: string;
  kind: string;
  detail: string | null;
  location: z.output<typeof LocationOut>;
  call_sites?: Array<{ line: number; column: number }>;
  children: HierarchyNode[];
}

const NodeSchema: z.ZodType<HierarchyNode> = z.lazy(() =>
  z.object({
    name: z.string(),
    qualified_name: z.string(),
    kind: z.string(),
    detail: z.string().nullable(),
    location: LocationOut,
    call_sites: z.array(z.object({ line: z.number().int(), column: z.number().int() })).optional().describe('Where the calls are: in the caller (incoming) or in the root item (outgoing).'),
    children: z.array(NodeSchema),
  }),
);

const Common = {
  ...TargetShape,
  depth: z.number().int().min(1).max(6).default(2).describe('Levels below the root.'),
  max_results: z.number().int().min(1).max(1000).default(100).describe('At most this many nodes in the tree.'),
  offset: z.number().int().min(0).default(0).describe('Skip this many first-level entries (to page a long list).'),
};

export const CallHierarchyInput = z.object({ ...Common, direction: z.enum(['incoming', 'outgoing']).default('incoming').describe('incoming: who calls it; outgoing: what it calls.') });
export const TypeHierarchyInput = z.object({ ...Common, direction: z.enum(['supertypes', 'subtypes']).default('supertypes') });

export const HierarchyOutput = z.object({
  target: ResolvedTargetSchema,
  direction: z.string(),
  root: NodeSchema.nullable().describe('The item itself with its tree below; null when the server knows no item at the target.'),
  nodes: z.number().int(),
  truncated: z.boolean().describe('True when depth, max_results or offset left entries out.'),
  next_offset: z.number().int().nullable(),
  candidates: z.array(CandidateSchema),
  warnings: z.array(z.string()),
});
export type HierarchyResult = z.output<typeof HierarchyOutput>;

type Item = CallHierarchyItem | TypeHierarchyItem;

/** Where each node's item is (absolute file, 0-based position), for qualifying names afterwards. */
const origins = new WeakMap<HierarchyNode, { file: string; pos: Position }>();

interface Walk {
  expand(item: Item): Promise<Array<{ item: Item; sites?: Range[] }>>;
}

async function callHierarchyOnView(input: z.output<typeof CallHierarchyInput>, ctx: FeatureContext): Promise<HierarchyResult> {
  const t = await resolveTarget(input, ctx);
  const r = await t.server.withView(t.site.file, { signal: ctx.signal, session: ctx.session.id }, async ({ client, doc }) => {
    const roots = await client.request<CallHierarchyItem[] | null>('textDocument/prepareCallHierarchy', { textDocument: { uri: doc.uri }, position: t.site.position }, { signal: ctx.signal }).catch(unsupported(t, 'call hierarchy'));
    const walk: Walk = {
      async expand(item) {
        if (input.direction === 'incoming') {
          const calls = (await client.request<CallHierarchyIncomingCall[] | null>('callHierarchy/incomingCalls', { item }, { signal: ctx.signal })) ?? [];
          return calls.map((c) => ({ item: c.from, sites: c.fromRanges }));
        }
        const calls = (await client.request<CallHierarchyOutgoingCall[] | null>('callHierarchy/outgoingCalls', { item }, { signal: ctx.signal }).catch(unsupported(t, 'outgoing calls'))) ?? [];
        return calls.map((c) => ({ item: c.to, sites: c.fromRanges }));
      },
    };
    return build(t, roots?.[0], walk, input, ctx);
  });
  await qualifyTree(r.root, t.server, ctx);
  return r;
}

async function typeHierarchyOnView(input: z.output<typeof TypeHierarchyInput>, ctx: FeatureContext): Promise<HierarchyResult> {
  const t = await resolveTarget(input, ctx);
  const r = await t.server.withView(t.site.file, { signal: ctx.signal, session: ctx.session.id }, async ({ client, doc }) => {
    const params = { textDocument: { uri: doc.uri }, position: t.site.position };
    let roots: TypeHierarchyItem[] | null = null;
    let legacy = false;
    try {
      roots = await client.request<TypeHierarchyItem[] | null>('textDocument/prepareTypeHierarchy', params, { signal: ctx.signal });
    } catch (err) {
      if (!(err instanceof DocentError) || err.code !== 'E_UNAVAILABLE' || !client.capabilities.typeHierarchyProvider) return unsupported(t, 'type hierarchy')(err);
      legacy = true;
    }
    if (legacy) return legacyTypeHierarchy(t, client, params, input, ctx);
    const walk: Walk = {
      async expand(item) {
        const method = input.direction === 'supertypes' ? 'typeHierarchy/supertypes' : 'typeHierarchy/subtypes';
        return ((await client.request<TypeHierarchyItem[] | null>(method, { item }, { signal: ctx.signal })) ?? []).map((i) => ({ item: i }));
      },
    };
    return build(t, roots?.[0], walk, input, ctx);
  });
  await qualifyTree(r.root, t.server, ctx);
  return r;
}

/** clangd before 16: textDocument/typeHierarchy answers the tree at once (resolve = levels). */
interface LegacyItem extends TypeHierarchyItem {
  parents?: LegacyItem[];
  children?: LegacyItem[];
}

async function legacyTypeHierarchy(t: Target, client: LspClient, params: object, input: z.output<typeof TypeHierarchyInput>, ctx: FeatureContext): Promise<HierarchyResult> {
  const root = await client.request<LegacyItem | null>('textDocument/typeHierarchy', { ...params, resolve: input.depth, direction: input.direction === 'supertypes' ? 1 : 0 }, { signal: ctx.signal });
  const walk: Walk = {
    async expand(item) {
      const l = item as LegacyItem;
      return ((input.direction === 'supertypes' ? l.parents : l.children) ?? []).map((i) => ({ item: i }));
    },
  };
  const r = await build(t, root ?? undefined, walk, input, ctx);
  r.warnings.push(`${t.server.spec.id} answered with its own textDocument/typeHierarchy (before LSP 3.17's prepareTypeHierarchy).`);
  return r;
}

function unsupported(t: Target, what: string) {
  return (err: unknown): never => {
    if (err instanceof DocentError && err.code === 'E_UNAVAILABLE' && !err.details?.crashed) {
      const hint = what === 'type hierarchy' ? 'Use find_implementations for subtypes, or find_definition on the base types.' : what === 'outgoing calls' ? 'direction: incoming works; for what it calls, read the body (find_definition with source_lines).' : 'Use find_references instead.';
      throw new DocentError('E_UNAVAILABLE', `${t.server.spec.id} does not support ${what}.`, hint, { server: t.server.spec.id });
    }
    throw err;
  };
}

async function build(t: Target, rootItem: Item | undefined, walk: Walk, input: { depth: number; max_results: number; offset: number; direction: string }, ctx: FeatureContext): Promise<HierarchyResult> {
  const warnings = [...t.warnings];
  const base = { target: targetOut(t, ctx), direction: input.direction, candidates: t.candidates };
  if (!rootItem) {
    warnings.push(`${t.server.spec.id} knows no ${input.direction} hierarchy item at ${t.symbol ?? 'this position'}.`);
    return { ...base, root: null, nodes: 0, truncated: false, next_offset: null, warnings };
  }
  const vfs = Vfs.from(ctx.services);
  const sep = t.server.spec.separator;
  let nodes = 1;
  let truncated = false;
  let nextOffset: number | null = null;
  const root = toNode(rootItem, undefined, sep, vfs, ctx);
  const seen = new Set([key(rootItem)]);
  let level: Array<{ item: Item; node: HierarchyNode; path: string }> = [{ item: rootItem, node: root, path: root.qualified_name }];
  for (let d = 1; d <= input.depth && level.length; d++) {
    const next: typeof level = [];
    for (const { item, node } of level) {
      let children = await walk.expand(item);
      if (d === 1) {
        if (input.offset + input.max_results - 1 < children.length) nextOffset = input.offset + input.max_results - 1;
        if (input.offset) truncated = true;
        children = children.slice(input.offset);
      }
      for (const c of children) {
        if (nodes >= input.max_results) {
          truncated = true;
          if (d === 1 && nextOffset === null) nextOffset = input.offset + node.children.length;
          break;
        }
        const child = toNode(c.item, c.sites, sep, vfs, ctx);
        node.children.push(child);
        nodes++;
        // Recursion (a calls b calls a) shows once; it is not expanded again.
        if (!seen.has(key(c.item))) {
          seen.add(key(c.item));
          next.push({ item: c.item, node: child, path: child.qualified_name });
        }
      }
    }
    if (d === input.depth && next.length) {
      // Anything below the last level was not asked for; say so only when there is something.
      for (const n of next) if ((await walk.expand(n.item)).length) truncated = true;
    }
    level = next;
  }
  return { ...base, root, nodes, truncated, next_offset: truncated ? nextOffset : null, warnings };
}

function key(i: Item): string {
  return `${i.uri}#${i.selectionRange.start.line}:${i.selectionRange.start.character}:${i.name}`;
}

function toNode(item: Item, sites: Range[] | undefined, sep: string, vfs: Vfs, ctx: FeatureContext): HierarchyNode {
  const file = uriToPath(item.uri);
  const shown = file ? ctx.workspace.display(file) : item.uri;
  const text = file ? vfs.read(file, ctx.session.id).text : '';
  const pos = item.selectionRange.start;
  const detail = item.detail?.trim() || null;
  const node: HierarchyNode = {
    name: item.name,
    qualified_name: qualify(item.name, detail, sep),
    kind: kindName(item.kind, item.name),
    detail,
    location: { file: shown, line: pos.line + 1, column: pos.character + 1, line_preview: file ? previewOf(text, pos.line) : '' },
    children: [],
  };
  if (file) origins.set(node, { file, pos });
  if (sites?.length) {
    node.call_sites = sites.map((r) => ({ line: r.start.line + 1, column: r.start.character + 1 }));
  }
  return node;
}

/** A qualified name from the item's detail when it holds the scope (clangd: "geo::Shape"; TS: the container). */
function qualify(name: string, detail: string | null, sep: string): string {
  if (!detail || /[/\\]/.test(detail) || /[()\s]/.test(detail)) return name;
  if (detail === name || detail.endsWith(`${sep}${name}`)) return detail;
  return `${detail.replace(new RegExp(`${sep.replace(/\./g, '\\.')}$`), '')}${sep}${name}`;
}

/**
 * Qualified names from each file's outline (the innermost symbol at the item's name), asked
 * after the walk: servers leave the scope out of hierarchy items (clangd: "Square", not
 * "geo::Square"). Files outside the workspace keep the bare name.
 */
async function qualifyTree(root: HierarchyNode | null, server: LanguageServer, ctx: FeatureContext): Promise<void> {
  if (!root) return;
  const outlines = new Map<string, Promise<OutlineNode[]>>();
  const outline = (file: string) => {
    let o = outlines.get(file);
    if (!o) {
      o = server
        .documentSymbols(file, { signal: ctx.signal, session: ctx.session.id })
        .then((items) => flattenOutline(buildOutline(items ?? [], server.spec.separator)))
        .catch(() => []);
      outlines.set(file, o);
    }
    return o;
  };
  const visit = async (n: HierarchyNode): Promise<void> => {
    const at = origins.get(n);
    if (at && ctx.workspace.contains(at.file)) {
      const hits = (await outline(at.file)).filter((o) => o.name.replace(/[(<].*$/, '') === n.name && containsPos(o.range, at.pos));
      // The innermost match: the one with the smallest range.
      const best = hits.sort((a, b) => a.range.end.line - a.range.start.line - (b.range.end.line - b.range.start.line))[0];
      if (best) n.qualified_name = best.qualifiedName;
    }
    for (const c of n.children) await visit(c);
  };
  await visit(root);
}

function previewOf(text: string, line: number): string {
  const l = lineAt(text, line).trim();
  return l.length > 200 ? l.slice(0, 199) + '…' : l;
}

export function renderHierarchy(r: HierarchyResult): string {
  if (!r.root) return [`no ${r.direction} hierarchy for ${r.target.symbol ?? `${r.target.file}:${r.target.line}`}`, ...r.warnings].join('\n');
  const lines: string[] = [];
  const walk = (n: HierarchyNode, depth: number) => {
    lines.push(`${'  '.repeat(depth)}${n.qualified_name} (${n.kind}) ${n.location.file}:${n.location.line}  ${n.location.line_preview}`);
    for (const c of n.children) walk(c, depth + 1);
  };
  walk(r.root, 0);
  if (r.truncated) lines.push(`(truncated${r.next_offset !== null ? `; next offset ${r.next_offset}` : ''})`);
  for (const w of r.warnings) lines.push(`warning: ${w}`);
  return lines.join('\n');
}

/** callHierarchy, on the caller's session view (its overlays). */
export const callHierarchy = onSessionView(callHierarchyOnView);

/** typeHierarchy, on the caller's session view (its overlays). */
export const typeHierarchy = onSessionView(typeHierarchyOnView);
