import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { indexBaseDir } from '../index/paths.js';
import picomatch from 'picomatch';
import type { DocentConfig, LspServerConfig } from '../config/schema.js';
import { isWithin } from '../workspace/confine.js';
import { builtinServers } from './builtin-servers.js';
import { asCommand, npmBin, which, userToolDirs } from './resolve-command.js';
import { LANGUAGE_BY_EXTENSION, type ServerSpec } from './server-spec.js';

/**
 * The servers docent can use (built-in plus `lsp.servers` from config) and the routing of a
 * file to one of them: by extension (or file-name glob), then to a project root by the nearest
 * root marker, which is what gives monorepos one server per sub-project.
 */

export interface Route {
  spec: ServerSpec;
  /** The project root the server runs in. */
  root: string;
  languageId: string;
}

const GLOB_CHARS = /[*?[\]{}]/;

export class ServerRegistry {
  readonly specs: ServerSpec[];
  private readonly matchers = new Map<string, (file: string) => boolean>();
  private readonly rootCache = new Map<string, string>();

  constructor(config?: DocentConfig) {
    this.specs = buildSpecs(config);
    for (const spec of this.specs) this.matchers.set(spec.id, extensionMatcher(spec.extensions));
  }

  get(id: string): ServerSpec | undefined {
    return this.specs.find((s) => s.id === id);
  }

  /** The spec serving `file`, by extension; config servers take precedence over built-ins. */
  specFor(file: string): ServerSpec | undefined {
    return this.specs.find((s) => this.matchers.get(s.id)!(file));
  }

  /** Specs for a language name or server id ("cpp", "python", "pyright", "ts"…). */
  specsForLanguage(language: string): ServerSpec[] {
    const l = language.toLowerCase();
    const alias: Record<string, string> = { 'c++': 'cpp', ts: 'typescript', js: 'javascript', py: 'python', rs: 'rust', golang: 'go' };
    const want = alias[l] ?? l;
    return this.specs.filter((s) => s.id.toLowerCase() === want || s.languages.includes(want));
  }

  /**
   * Route an absolute file to (server, project root). `workspaceRoot` bounds the marker search;
   * undefined when no server handles the file's type.
   */
  route(file: string, workspaceRoot: string): Route | undefined {
    const spec = this.specFor(file);
    if (!spec) return undefined;
    return { spec, root: this.projectRoot(spec, path.dirname(file), workspaceRoot), languageId: languageIdFor(file, spec) };
  }

  /** The project root for files in `dir` (cached per directory). */
  projectRoot(spec: ServerSpec, dir: string, workspaceRoot: string): string {
    const key = `${spec.id}\0${dir}\0${workspaceRoot}`;
    const hit = this.rootCache.get(key);
    if (hit) return hit;
    const root = findProjectRoot(spec.rootMarkers, dir, workspaceRoot);
    this.rootCache.set(key, root);
    return root;
  }
}

/** The first marker (in priority order) found in `dir` or an ancestor up to `boundary`. */
export function findProjectRoot(markers: readonly string[], dir: string, boundary: string): string {
  const start = isWithin(boundary, dir) ? dir : boundary;
  for (const marker of markers) {
    let cur = start;
    for (;;) {
      if (hasMarker(cur, marker)) return cur;
      if (cur === boundary) break;
      const up = path.dirname(cur);
      if (up === cur || !isWithin(boundary, up)) break;
      cur = up;
    }
  }
  return boundary;
}

function hasMarker(dir: string, marker: string): boolean {
  const [first, ...rest] = marker.split('/');
  if (!first || !GLOB_CHARS.test(first)) return existsSync(path.join(dir, marker));
  const isMatch = picomatch(first);
  try {
    return readdirSync(dir).some((name) => isMatch(name) && existsSync(path.join(dir, name, ...rest)));
  } catch {
    return false;
  }
}

function extensionMatcher(extensions: readonly string[]): (file: string) => boolean {
  const exts = new Set(extensions.filter((e) => !GLOB_CHARS.test(e)).map((e) => (e.startsWith('.') ? e : `.${e}`).toLowerCase()));
  const globs = extensions.filter((e) => GLOB_CHARS.test(e));
  const glob = globs.length ? picomatch(globs, { dot: true }) : undefined;
  return (file) => exts.has(path.extname(file).toLowerCase()) || (glob ? glob(path.basename(file)) : false);
}

export function languageIdFor(file: string, spec: ServerSpec): string {
  const byExt = LANGUAGE_BY_EXTENSION[path.extname(file).toLowerCase()];
  if (byExt && (spec.languages.length === 0 || spec.languages.includes(byExt))) return byExt;
  return spec.languages[0] ?? byExt ?? 'plaintext';
}

/** Built-in specs with config overrides applied, then config-only servers (first, so they win routing). */
function buildSpecs(config?: DocentConfig): ServerSpec[] {
  const builtins = builtinServers({ compileCommandsDir: config?.lsp.compileCommandsDir, cacheDir: indexBaseDir(config?.indexDir) });
  const configured = config?.lsp.servers ?? {};
  const out: ServerSpec[] = [];
  for (const [id, c] of Object.entries(configured)) {
    if (builtins.some((b) => b.id === id) || c.disabled) continue;
    out.push(configSpec(id, c));
  }
  for (const b of builtins) {
    const c = configured[b.id];
    if (!c) out.push(b);
    else if (!c.disabled) out.push(overrideSpec(b, c));
  }
  return out;
}

function resolveConfigured(command: string) {
  if (command.includes('/')) return which(path.resolve(command)) ? asCommand(path.resolve(command)) : undefined;
  const own = npmBin(command, command);
  if (own) return asCommand(own);
  const found = which(command, userToolDirs());
  return found ? { command: found, prefixArgs: [], display: found } : undefined;
}

function configSpec(id: string, c: LspServerConfig): ServerSpec {
  return {
    id,
    languages: c.languages,
    extensions: c.extensions,
    rootMarkers: c.rootMarkers,
    separator: c.languages.some((l) => ['c', 'cpp', 'rust'].includes(l)) ? '::' : '.',
    install: `Install \`${c.command}\`, or fix lsp.servers.${id}.command in docent.config.json.`,
    builtin: false,
    settleMs: 500,
    resolve: () => resolveConfigured(c.command),
    launch: (cmd) => ({
      command: cmd.command,
      args: [...cmd.prefixArgs, ...c.args],
      display: cmd.display,
      initializationOptions: c.initializationOptions,
      settings: c.settings,
    }),
  };
}

/** A config entry named like a built-in replaces the fields it sets. */
function overrideSpec(b: ServerSpec, c: LspServerConfig): ServerSpec {
  return {
    ...b,
    languages: c.languages.length ? c.languages : b.languages,
    extensions: c.extensions.length ? c.extensions : b.extensions,
    rootMarkers: c.rootMarkers.length ? c.rootMarkers : b.rootMarkers,
    install: `Install \`${c.command}\`, or fix lsp.servers.${b.id}.command in docent.config.json (built-in: ${b.install}).`,
    resolve: () => resolveConfigured(c.command),
    launch: (cmd, root) => {
      const base = c.args.length ? { command: cmd.command, args: [...cmd.prefixArgs, ...c.args], display: cmd.display } : b.launch(cmd, root);
      return {
        ...base,
        initializationOptions: c.initializationOptions ?? ('initializationOptions' in base ? base.initializationOptions : undefined),
        settings: c.settings ?? ('settings' in base ? base.settings : undefined),
      };
    },
  };
}
