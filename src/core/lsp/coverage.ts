import path from 'node:path';
import type { LanguageServer } from './language-server.js';
import type { Project } from './project-scan.js';

/**
 * Which of a project's source files its server's workspace/symbol does not search. The
 * TypeScript server searches only the project of an open file: a file outside tsconfig.json's
 * `include` (a `scripts/` or `tools/` folder) belongs to no loaded project until it is opened,
 * so a name defined there is silently not found. Callers search these "loose" files another way
 * (their document symbols) and say so when there are too many.
 *
 * Only servers whose coverage can be asked for are handled; for the others every file counts as
 * covered, as before.
 */

export interface Coverage {
  /** Files the server's search does not reach, best candidates first. */
  loose: string[];
  /** Set when the server could not tell; the search then says its answer may be partial. */
  unknown?: string;
}

/** Answers per scan (a Project lives as long as its cached scan) and server process. */
const cache = new WeakMap<Project, { pid: number | undefined; coverage: Promise<Coverage> }>();

export function coverageOf(server: LanguageServer, project: Project, signal?: AbortSignal): Promise<Coverage> {
  const hit = cache.get(project);
  if (hit && hit.pid === server.pid) return hit.coverage;
  const coverage = compute(server, project, signal);
  cache.set(project, { pid: server.pid, coverage });
  // An answer the server could not give (cancelled, timed out) is not kept for later searches.
  coverage.then(
    (c) => {
      if (c.unknown && cache.get(project)?.coverage === coverage) cache.delete(project);
    },
    () => cache.delete(project),
  );
  return coverage;
}

async function compute(server: LanguageServer, project: Project, signal?: AbortSignal): Promise<Coverage> {
  if (!server.spec.symbolSearchFollowsLastFile) return { loose: [] };
  let covered: Set<string>;
  try {
    covered = await tsProjectFiles(server, project.anchor, signal);
  } catch (err) {
    return { loose: [], unknown: (err as Error).message };
  }
  const loose = project.paths.filter((f) => !covered.has(f));
  // TypeScript before JavaScript, shallow paths (scripts/, tools/) before deep ones.
  const rank = (f: string) => (/\.[cm]?tsx?$/.test(f) ? 0 : 1) * 1000 + f.split(path.sep).length;
  return { loose: loose.map((f, i) => ({ f, i, r: rank(f) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.f) };
}

/** The files of the anchor's project, from tsserver's projectInfo (the anchor is open: ready() opened it). */
async function tsProjectFiles(server: LanguageServer, anchor: string, signal?: AbortSignal): Promise<Set<string>> {
  const r = await server.request<{ success?: boolean; body?: { fileNames?: string[] } } | null>(
    'workspace/executeCommand',
    { command: 'typescript.tsserverRequest', arguments: ['projectInfo', { file: anchor, needFileNameList: true }] },
    { signal },
  );
  const names = r?.body?.fileNames;
  if (!r?.success || !names) throw new Error('the server did not list the files of its project');
  return new Set(names.map((f) => path.resolve(f)));
}
