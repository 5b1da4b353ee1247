import type { Position } from 'vscode-languageserver-protocol';
import type { HoverParts } from '../../core/lsp/hover.js';
import type { IndexStatus, LanguageServer } from '../../core/lsp/language-server.js';
import type { OutlineNode } from '../../core/lsp/navigation.js';
import type { FeatureContext } from '../context.js';
import type { EDGE_CASES } from './schema.js';
import { nameIn, type Site } from './sites.js';
import type { WorkspaceMatch } from './workspace-search.js';

/** What symbol resolution (`resolve.ts`) produces, and the small helpers that fill it in. */

export type EdgeCase = (typeof EDGE_CASES)[number];

export interface Resolution {
  found: boolean;
  symbol: string;
  /** The bare name (last segment). */
  name: string;
  qualifiedName: string | null;
  kind: string | null;
  container: string | null;
  status: 'defined' | 'imported' | 'workspace' | null;
  lookup: 'document_symbols' | 'occurrence' | 'workspace_symbols' | 'none';
  server?: LanguageServer;
  /** Where the symbol is declared (the name). */
  declaration?: Site;
  /** Go-to-definition from the declaration or use; may equal `declaration`. */
  definition?: Site;
  /** The use in file_path that resolved it (imported symbols). */
  usage?: Site;
  /** The position further requests should go to (the use for imported symbols, else the declaration). */
  anchor?: Site;
  hover: HoverParts | null;
  candidates: WorkspaceMatch[];
  nearMisses: string[];
  edgeCases: EdgeCase[];
  notes: string[];
  warnings: string[];
  indexStatus: IndexStatus;
  /** file_path, resolved. */
  file?: string;
}

export function worst(a: IndexStatus, b: IndexStatus): IndexStatus {
  const order: IndexStatus[] = ['ready', 'indexing', 'unavailable'];
  return order[Math.max(order.indexOf(a), order.indexOf(b))]!;
}

/** An outline node's enclosing scopes in the language's notation (`ns::Type`), or null at top level. */
function containerOf(node: OutlineNode, sep: string): string | null {
  return node.scope.length ? node.scope.join(sep) : null;
}

export function fill(res: Resolution, node: OutlineNode, sep: string): void {
  res.name = node.name;
  res.qualifiedName = node.qualifiedName;
  res.kind = node.kind;
  res.container = containerOf(node, sep);
}

export function outlineMatch(node: OutlineNode, file: string, server: LanguageServer, ctx: FeatureContext): WorkspaceMatch {
  const position: Position = nameIn(file, node.selectionRange, node.name) ?? node.selectionRange.start;
  return {
    name: node.name,
    qualifiedName: node.qualifiedName,
    kind: node.kind,
    container: containerOf(node, server.spec.separator),
    site: { file, position },
    external: false,
  };
}

export function noteUndocumented(res: Resolution): void {
  if (res.found && !res.hover?.documentation) {
    res.edgeCases.push('undocumented');
    res.notes.push(
      res.hover?.signature
        ? `${res.qualifiedName ?? res.name} has no documentation comment; only its signature is known.`
        : `The language server has no hover information for ${res.qualifiedName ?? res.name}.`,
    );
  }
}
