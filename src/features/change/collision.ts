import type { Position } from 'vscode-languageserver-protocol';
import type { LanguageServer } from '../../core/lsp/language-server.js';
import { buildOutline, comparePos, toFileRanges, type FileRange, type OutlineNode } from '../../core/lsp/navigation.js';
import { Vfs } from '../../core/vfs/vfs.js';
import type { FeatureContext } from '../context.js';

/**
 * Whether a new name is already taken where a rename would put it. Servers differ (clangd
 * refuses some conflicts itself; the TypeScript server and pyright rename into a clash
 * silently), so docent looks at the outlines: a member (method, field, property) clashes with a
 * sibling in its class; anything else clashes with a name declared in a scope that encloses
 * one of its occurrences (the enclosing functions and classes, and the file's top level).
 */

export interface Collision {
  file: string;
  line: number;
  kind: string;
  qualifiedName: string;
  /** The occurrence whose scope holds the clashing name. */
  at?: { file: string; line: number };
}

const MEMBER_KINDS = new Set(['method', 'field', 'property', 'constructor', 'enumMember']);
const MAX_FILES = 40;

const contains = (n: OutlineNode, p: Position) => comparePos(n.range.start, p) <= 0 && comparePos(p, n.range.end) <= 0;

export async function findCollision(server: LanguageServer, file: string, position: Position, newName: string, refs: FileRange[], ctx: FeatureContext): Promise<Collision | undefined> {
  const outlines = new Map<string, OutlineNode[]>();
  const word = new RegExp(`(^|[^\\p{L}\\p{N}_$])${newName.replace(/[$]/g, '\\$')}(?![\\p{L}\\p{N}_$])`, 'u');
  const vfs = Vfs.from(ctx.services);
  const outline = async (f: string) => {
    let o = outlines.get(f);
    // A file that does not contain the new name cannot declare it: no need to ask the server.
    if (!o && !word.test(vfs.read(f, ctx.session.id).text)) outlines.set(f, (o = []));
    if (!o) {
      o = buildOutline((await server.documentSymbols(f, { signal: ctx.signal, session: ctx.session.id }).catch(() => null)) ?? [], server.spec.separator);
      outlines.set(f, o);
    }
    return o;
  };
  const def = toFileRanges(await server.definition(file, position, { signal: ctx.signal, session: ctx.session.id }).catch(() => null)).find((r) => r.file);
  const declFile: string = def?.file ?? file;
  const declPos = def?.range.start ?? position;
  const declChain = chainAt(await outline(declFile), declPos);
  const declNode = declChain.at(-1);
  const isDecl = declNode && comparePos(declNode.selectionRange.start, declPos) <= 0 && comparePos(declPos, declNode.selectionRange.end) <= 0;
  const hit = (nodes: OutlineNode[], f: string, at?: { file: string; line: number }): Collision | undefined => {
    const n = nodes.find((c) => c.name === newName);
    return n ? { file: f, line: n.selectionRange.start.line + 1, kind: n.kind, qualifiedName: n.qualifiedName, ...(at ? { at } : {}) } : undefined;
  };
  if (isDecl && MEMBER_KINDS.has(declNode.kind)) {
    const parent = declChain.at(-2);
    return hit(parent ? parent.children : await outline(declFile), declFile);
  }
  const sites = [{ file: declFile, position: declPos }, ...refs.flatMap((r) => (r.file ? [{ file: r.file, position: r.range.start }] : []))];
  const files = [...new Set(sites.map((s) => s.file))].slice(0, MAX_FILES);
  for (const f of files) {
    const top = await outline(f);
    for (const s of sites.filter((x) => x.file === f)) {
      const at = { file: f, line: s.position.line + 1 };
      const scopes = [top, ...chainAt(top, s.position).filter((n) => !MEMBER_KINDS.has(n.kind) && n !== declNode).map((n) => n.children)];
      for (const scope of scopes) {
        const c = hit(scope, f, at);
        if (c) return c;
      }
    }
  }
  return undefined;
}

/** The outline nodes containing `p`, outermost first. */
function chainAt(nodes: OutlineNode[], p: Position): OutlineNode[] {
  const out: OutlineNode[] = [];
  let level = nodes;
  for (;;) {
    const n = level.find((c) => contains(c, p));
    if (!n) return out;
    out.push(n);
    level = n.children;
  }
}
