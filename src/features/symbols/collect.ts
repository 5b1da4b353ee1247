import { statSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import type { DocumentSymbol, Position, Range, SymbolInformation, SymbolKind, WorkspaceSymbol } from 'vscode-languageserver-protocol';
import { DocentError, throwIfAborted } from '../../core/errors.js';
import type { LanguageServer } from '../../core/lsp/language-server.js';
import { isTransparentScope } from '../../core/lsp/navigation.js';
import { uriToPath } from '../../core/lsp/positions.js';
import { isBuildOrDependencyDir } from '../../core/lsp/project-scan.js';
import { walkFiles } from '../../core/workspace/files.js';
import type { Workspace } from '../../core/workspace/workspace.js';
import { matchesQuery, scopeSegments, type ParsedQuery } from './query.js';

/**
 * Turning server answers into one flat list of candidates: workspace/symbol results as they
 * come, or a file's document-symbol tree flattened with qualified names and filtered by the
 * query. Also expands the `files` input (paths, directories, globs) into files.
 */

export interface Candidate {
  name: string;
  qualifiedName: string;
  kind: SymbolKind;
  file: string;
  range: Range;
  /** The name's position: from the server (document symbols' selectionRange), or as nameAt found it. */
  namePosition?: Position;
  server: LanguageServer;
}

/**
 * File paths of the URIs in workspace/symbol answers: an answer names a few hundred files a
 * thousand times over, and the same files again at the next query, so each URI is parsed once.
 */
const uriPaths = new Map<string, string | undefined>();
const MAX_URI_PATHS = 8192;

function pathOfUri(uri: string): string | undefined {
  if (uriPaths.has(uri)) return uriPaths.get(uri);
  const file = uriToPath(uri);
  if (uriPaths.size >= MAX_URI_PATHS) uriPaths.clear();
  uriPaths.set(uri, file);
  return file;
}

export function fromWorkspaceSymbols(items: ReadonlyArray<SymbolInformation | WorkspaceSymbol>, server: LanguageServer): Candidate[] {
  const out: Candidate[] = [];
  const sep = server.spec.separator;
  for (const s of items) {
    const loc = s.location as { uri: string; range?: Range };
    const file = pathOfUri(loc.uri);
    if (!file || !loc.range) continue;
    const segments = scopeSegments(s.containerName, sep);
    const name = s.name;
    out.push({
      name,
      qualifiedName: [...segments, name].join(sep),
      kind: s.kind,
      file,
      range: loc.range,
      server,
    });
  }
  return out;
}

/** Flatten a document-symbol answer (tree or flat list) and keep what matches the query. */
export function fromDocumentSymbols(
  items: ReadonlyArray<DocumentSymbol | SymbolInformation>,
  file: string,
  server: LanguageServer,
  query: ParsedQuery,
): Candidate[] {
  const out: Candidate[] = [];
  const sep = server.spec.separator;
  const visit = (sym: DocumentSymbol, parents: string[]) => {
    // clangd names out-of-line definitions "Circle::area": the qualifier belongs to the scope.
    const own = scopeSegments(sym.name, sep);
    const name = own.pop() ?? sym.name;
    const container = [...parents, ...own];
    if (matchesQuery(query, name, container)) {
      out.push({ name, qualifiedName: [...container, name].join(sep), kind: sym.kind, file, range: sym.range, namePosition: sym.selectionRange.start, server });
    }
    // A macro expansion wrapping declarations names no scope of its own.
    for (const child of sym.children ?? []) visit(child, isTransparentScope(sym.kind) ? parents : [...container, name]);
  };
  for (const item of items) {
    if ('location' in item) {
      const container = scopeSegments(item.containerName, sep);
      if (matchesQuery(query, item.name, container)) {
        out.push({ name: item.name, qualifiedName: [...container, item.name].join(sep), kind: item.kind, file, range: item.location.range, server });
      }
    } else visit(item, []);
  }
  return out;
}

const GLOB = /[*?[\]{}]/;
export const MAX_FILES = 100;

/**
 * Expand `files` entries into absolute files: plain paths (must exist), directories (their
 * files, recursively) and globs over root-relative paths. Capped at MAX_FILES.
 */
export async function expandFiles(entries: readonly string[], workspace: Workspace, signal: AbortSignal): Promise<{ files: string[]; capped: boolean }> {
  const files = new Set<string>();
  let capped = false;
  const add = (f: string) => {
    if (files.size >= MAX_FILES) capped = true;
    else files.add(f);
  };
  for (const entry of entries) {
    throwIfAborted(signal);
    if (GLOB.test(entry)) {
      const pattern = entry.replace(/\\/g, '/').replace(/^\.\//, '');
      const match = picomatch(pattern, { dot: true, basename: !pattern.includes('/') });
      let n = 0;
      for (const root of workspace.roots) {
        for await (const rel of walkFiles(root, { signal, enterDir: (d) => !isBuildOrDependencyDir(path.join(root, d)) })) {
          if (match(rel)) {
            add(path.join(root, rel));
            n++;
          }
        }
      }
      if (n === 0) throw new DocentError('E_NOT_FOUND', `No file matches ${entry}.`, 'Check the pattern; it is matched against paths relative to the workspace root.');
      continue;
    }
    const resolved = workspace.resolve(entry, { mustExist: true });
    if (statSync(resolved.absolute).isDirectory()) {
      for await (const rel of walkFiles(resolved.absolute, { signal, enterDir: (d) => !isBuildOrDependencyDir(path.join(resolved.absolute, d)) })) add(path.join(resolved.absolute, rel));
    } else add(resolved.absolute);
  }
  return { files: [...files], capped };
}
