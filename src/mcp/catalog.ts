import { readFileSync } from 'node:fs';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { distFile } from '../core/dist-root.js';
import { DocentError } from '../core/errors.js';
import { acceptedKeys, listing } from './listing.js';
import { TOOL_GROUPS, type AnyTool, type ToolGroup } from './tool.js';

/**
 * The tool catalog: what `tools/list` shows and `--tools` selects, without loading any tool's
 * code. An MCP client spawns docent at every session start and lists its tools at once, so the
 * JSON Schemas are computed at build time (scripts/post-build.mjs writes
 * dist/mcp/tools-manifest.json from the live zod schemas) and a tool group's module, with the
 * feature modules, language-server client, index and parsers behind it, is imported on the
 * first call of one of its tools. Without a manifest (a source checkout that ran tsc alone)
 * the catalog is computed from the live tools, as before.
 */

/** One tool as the server knows it before its group's module is loaded. */
export interface ToolEntry {
  name: string;
  group: ToolGroup;
  /** The tools/list entry: name, title, description, JSON Schemas, annotations. */
  listing: Tool;
  /** The argument names the tool takes (null: the schema does not list them). */
  accepted: readonly string[] | null;
  /** The tool's definition, importing its module on first use (the promise is shared). */
  load(): Promise<AnyTool>;
}

/** One tool in the build's manifest; `module` is its file under dist/mcp/tools/. */
export interface ManifestTool {
  name: string;
  group: ToolGroup;
  module: string;
  listing: Tool;
  accepted: string[] | null;
}

export interface ToolManifest {
  /** docent's version at build time; a manifest from another build is ignored. */
  version: string;
  tools: ManifestTool[];
}

export const MANIFEST_URL = distFile('mcp/tools-manifest.json');

/**
 * Each tool group module under mcp/tools/, imported on first use. The imports are written out
 * (not computed from the manifest's file names) so that the bundler sees them and makes each
 * group a chunk of its own; post-build checks that every module the manifest names is here.
 */
export const TOOL_MODULES: Readonly<Record<string, () => Promise<Record<string, unknown>>>> = {
  'change.js': () => import('./tools/change.js'),
  'check.js': () => import('./tools/check.js'),
  'debug.js': () => import('./tools/debug.js'),
  'docs.js': () => import('./tools/docs.js'),
  'emacs.js': () => import('./tools/emacs.js'),
  'info.js': () => import('./tools/info.js'),
  'profile.js': () => import('./tools/profile.js'),
  'run.js': () => import('./tools/run.js'),
  'symbols.js': () => import('./tools/symbols.js'),
  'workspace.js': () => import('./tools/workspace.js'),
};

/** The tools of a group module: every exported array of tool definitions. */
export function toolsOfModule(mod: Record<string, unknown>): AnyTool[] {
  const isTool = (t: unknown): t is AnyTool => typeof t === 'object' && t !== null && 'name' in t && 'handler' in t && 'inputSchema' in t;
  return Object.values(mod).flatMap((v) => (Array.isArray(v) ? v.filter(isTool) : []));
}

/**
 * Entries from the manifest, or null when there is none (or it is from another version). A
 * module is imported through TOOL_MODULES for the build's own manifest, and by its path beside
 * the manifest for any other (tests hand in their own).
 */
export function manifestEntries(version: string, url: URL = MANIFEST_URL): ToolEntry[] | null {
  let manifest: ToolManifest;
  try {
    manifest = JSON.parse(readFileSync(url, 'utf8')) as ToolManifest;
  } catch {
    return null;
  }
  if (manifest.version !== version || !Array.isArray(manifest.tools)) return null;
  const modules = new Map<string, Promise<AnyTool[]>>();
  const loadModule = (file: string) => {
    let p = modules.get(file);
    if (!p) {
      const own = url.href === MANIFEST_URL.href ? TOOL_MODULES[file] : undefined;
      const imported: Promise<Record<string, unknown>> = own ? own() : import(new URL(`./tools/${file}`, url).href);
      p = imported.then((m) => toolsOfModule(m));
      modules.set(file, p);
    }
    return p;
  };
  return manifest.tools.map((t) => {
    let loaded: Promise<AnyTool> | undefined;
    return {
      name: t.name,
      group: t.group,
      listing: t.listing,
      accepted: t.accepted,
      load: () =>
        (loaded ??= loadModule(t.module).then((tools) => {
          const tool = tools.find((x) => x.name === t.name);
          if (!tool) throw new DocentError('E_INTERNAL', `${t.name} is listed in the tool manifest but not defined in ${t.module}.`, 'Rebuild docent (npm run build).');
          return tool;
        })),
    };
  });
}

/** An entry for a tool already loaded, its listing computed from its zod schemas now. */
export function liveEntry(tool: AnyTool): ToolEntry {
  return { name: tool.name, group: tool.group, listing: listing(tool), accepted: acceptedKeys(tool), load: async () => tool };
}

/** The whole catalog: the build's manifest when there is one, else every tool loaded live. */
export async function toolCatalog(version: string): Promise<ToolEntry[]> {
  const fromManifest = manifestEntries(version);
  if (fromManifest) return fromManifest;
  const { ALL_TOOLS } = await import('./tools/index.js');
  return ALL_TOOLS.map(liveEntry);
}

/**
 * The tools selected by `--tools` (names or group names); all when the selection is empty.
 * An unknown name is a usage error rather than a silently smaller server.
 */
export function selectEntries<T extends { name: string; group: ToolGroup }>(selection: readonly string[], all: readonly T[]): T[] {
  if (selection.length === 0) return [...all];
  const wanted = new Set<string>();
  for (const item of selection) {
    if ((TOOL_GROUPS as readonly string[]).includes(item)) {
      for (const t of all) if (t.group === (item as ToolGroup)) wanted.add(t.name);
    } else if (all.some((t) => t.name === item)) {
      wanted.add(item);
    } else {
      throw new DocentError('E_BAD_INPUT', `Unknown tool or group "${item}" in --tools.`, `Use tool names or groups: ${TOOL_GROUPS.join(', ')}.`);
    }
  }
  const chosen = all.filter((t) => wanted.has(t.name));
  if (chosen.length === 0) {
    // e.g. only a group that has no tools in this version: an empty server would look broken.
    throw new DocentError('E_BAD_INPUT', `--tools ${selection.join(',')} selects no tools.`, `Groups with tools: ${[...new Set(all.map((t) => t.group))].join(', ')}.`);
  }
  return chosen;
}

/**
 * The run and debug groups execute project code. They are listed over stdio unless allowRun is
 * false, and over HTTP (a daemon other clients reach) only when allowRun is true. The features
 * check allowRun too (E_RUN_DENIED), for paths that do not go through this list (the CLI, daemon
 * sessions with their own config).
 */
export function withRunPolicy<T extends { group: string }>(tools: readonly T[], allowRun: boolean | undefined, http: boolean): T[] {
  if (allowRun ?? !http) return [...tools];
  return tools.filter((t) => t.group !== 'run' && t.group !== 'debug');
}
