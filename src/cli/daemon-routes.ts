import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Which command lines the daemon can answer, and as which tool call. A deliberately small
 * parser over the same options the commander definitions declare (src/cli/commands/), so the
 * daemon path never loads commander, zod or a feature module. Anything it does not fully
 * understand (an unknown option, --help, a bad number, a form it does not route) returns
 * undefined and the command runs standalone, where commander reports it as usual.
 */

type Kind = 'bool' | 'negate' | 'string' | 'list' | 'int0' | 'int1';
interface OptSpec {
  long: string;
  short?: string;
  key: string;
  kind: Kind;
}
type Values = Record<string, unknown>;

export interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface Route {
  /** The progress bar's label, as the standalone command shows it. */
  label: string;
  call: ToolCall;
  /** A second call when the first fails with E_NOT_FOUND (`doc` falls back to the language servers). */
  fallback?: ToolCall;
  /** Keep the fallback's answer only when this holds (otherwise the first error stands). */
  fallbackAccept?: (out: Record<string, unknown>) => boolean;
  /** A successful answer that means "nothing found" (exit 1). */
  notFound?: (out: Record<string, unknown>) => boolean;
}

export interface ParsedCommandLine {
  globals: Values;
  route: Route;
}

const GLOBAL: OptSpec[] = [
  { long: 'root', short: 'r', key: 'root', kind: 'list' },
  { long: 'json', key: 'json', kind: 'bool' },
  { long: 'index-dir', key: 'indexDir', kind: 'string' },
  { long: 'info-dir', key: 'infoDir', kind: 'list' },
  { long: 'emacs-socket', key: 'emacsSocket', kind: 'string' },
  { long: 'emacs-server-file', key: 'emacsServerFile', kind: 'string' },
  { long: 'emacsclient', key: 'emacsclient', kind: 'string' },
  { long: 'emacs-timeout', key: 'emacsTimeout', kind: 'int1' },
  { long: 'lsp-timeout', key: 'lspTimeout', kind: 'int1' },
  { long: 'compile-commands-dir', key: 'compileCommandsDir', kind: 'string' },
  { long: 'allow-writes', key: 'allowWrites', kind: 'bool' },
  { long: 'allow-run', key: 'allowRun', kind: 'bool' },
  { long: 'log-level', key: 'logLevel', kind: 'string' },
  { long: 'no-daemon', key: 'daemon', kind: 'negate' },
];

/** Where the command line was typed: its working directory and environment (the daemon's fast path parses for a client). */
export interface CommandSite {
  cwd: string;
  env: Record<string, string | undefined>;
}

interface CommandSpec {
  /** Positional arguments: how many at least and at most (Infinity for variadic). */
  args: [number, number];
  opts: OptSpec[];
  route(args: string[], o: Values, globals: Values, site: CommandSite): Route | undefined;
}

const ok = (v: unknown) => v !== undefined;
const total0 = (o: Record<string, unknown>) => o.total === 0;

/** NAME or FILE:LINE:COL into the navigation tools' target fields, as `targetOf` in navigation.ts. */
function targetOf(spec: string, file: string | undefined, globals: Values, site: CommandSite): Record<string, unknown> {
  const m = /^(.+):(\d+):(\d+)$/.exec(spec);
  if (m && !file) {
    const env = site.env.DOCENT_ROOTS?.split(path.delimiter).filter(Boolean);
    const roots = ((globals.root as string[] | undefined) ?? env ?? [site.cwd]).map((r) => path.resolve(site.cwd, r));
    if (roots.some((r) => existsSync(path.resolve(r, m[1]!)))) return { file: m[1], line: Number(m[2]), character: Number(m[3]) };
  }
  return { symbol_name: spec, file_path: file };
}

const COMMANDS: Record<string, CommandSpec> = {
  info: {
    args: [0, Infinity],
    opts: [
      { long: 'manual', short: 'm', key: 'manual', kind: 'list' },
      { long: 'search', short: 's', key: 'search', kind: 'string' },
      { long: 'node', short: 'n', key: 'node', kind: 'string' },
      { long: 'list', short: 'l', key: 'list', kind: 'bool' },
      { long: 'max-chars', key: 'maxChars', kind: 'int0' },
      { long: 'offset', key: 'offset', kind: 'int0' },
      { long: 'limit', key: 'limit', kind: 'int0' },
    ],
    route(words, o) {
      const manual = o.manual as string[] | undefined;
      const num = (v: unknown) => (v ? v : undefined);
      if (o.list) return { label: 'info', call: { name: 'info_list_manuals', arguments: {} } };
      if (ok(o.search)) return { label: 'info', call: { name: 'info_search', arguments: { query: o.search, manuals: manual, limit: num(o.limit) } }, notFound: total0 };
      if (ok(o.node)) return { label: 'info', call: { name: 'info_read_node', arguments: { manual: manual?.[0], node: o.node, offset: o.offset, max_chars: num(o.maxChars) } } };
      if (!words.length) return undefined;
      return {
        label: 'info',
        call: { name: 'info_lookup_symbol', arguments: { symbol: words.join(' '), manual: manual?.[0], max_chars: num(o.maxChars), offset: o.offset } },
        notFound: (r) => !r.found,
      };
    },
  },
  symbols: {
    args: [1, 1],
    opts: [
      { long: 'kind', short: 'k', key: 'kind', kind: 'list' },
      { long: 'file', short: 'f', key: 'file', kind: 'list' },
      { long: 'language', short: 'l', key: 'language', kind: 'string' },
      { long: 'external', key: 'external', kind: 'bool' },
      { long: 'no-details', key: 'details', kind: 'negate' },
      { long: 'max', short: 'n', key: 'max', kind: 'int1' },
      { long: 'offset', key: 'offset', kind: 'int0' },
    ],
    route([query], o) {
      return {
        label: 'symbols',
        call: {
          name: 'search_symbols',
          arguments: {
            query,
            kinds: o.kind,
            files: o.file,
            language: o.language,
            include_external: Boolean(o.external),
            include_details: o.details !== false,
            max_results: o.max ?? 100,
            offset: o.offset ?? 0,
          },
        },
        notFound: (r) => r.total_matches === 0,
      };
    },
  },
  refs: {
    args: [1, 1],
    opts: [
      { long: 'file', short: 'f', key: 'file', kind: 'string' },
      { long: 'no-declaration', key: 'declaration', kind: 'negate' },
      { long: 'max', short: 'n', key: 'max', kind: 'int1' },
      { long: 'offset', key: 'offset', kind: 'int0' },
      { long: 'context', short: 'C', key: 'context', kind: 'int0' },
    ],
    route([symbol], o, g, site) {
      const args = { ...targetOf(symbol!, o.file as string | undefined, g, site), include_declaration: o.declaration !== false, max_results: o.max ?? 100, offset: o.offset ?? 0, context_lines: o.context ?? 0 };
      return { label: 'references', call: { name: 'find_references', arguments: args }, notFound: total0 };
    },
  },
  def: {
    args: [1, 1],
    opts: [
      { long: 'file', short: 'f', key: 'file', kind: 'string' },
      { long: 'source-lines', short: 's', key: 'sourceLines', kind: 'int0' },
    ],
    route([symbol], o, g, site) {
      const args = { ...targetOf(symbol!, o.file as string | undefined, g, site), source_lines: o.sourceLines ?? 5 };
      return { label: 'definition', call: { name: 'find_definition', arguments: args }, notFound: (r) => Array.isArray(r.definitions) && r.definitions.length === 0 };
    },
  },
  outline: {
    args: [1, 1],
    opts: [
      { long: 'depth', short: 'd', key: 'depth', kind: 'int1' },
      { long: 'max', short: 'n', key: 'max', kind: 'int1' },
    ],
    route([file], o) {
      return { label: 'outline', call: { name: 'document_symbols', arguments: { file, depth: o.depth, max_results: o.max ?? 500 } }, notFound: total0 };
    },
  },
  search: {
    args: [1, Infinity],
    // -k/--kind is variadic in commander (it swallows the words after it): left to standalone.
    opts: [
      { long: 'module', short: 'm', key: 'module', kind: 'string' },
      { long: 'limit', short: 'n', key: 'limit', kind: 'int1' },
      { long: 'scope', key: 'scope', kind: 'string' },
      { long: 'language', short: 'l', key: 'language', kind: 'string' },
    ],
    route(words, o) {
      // A scope commander would refuse is left to it.
      if (o.scope !== undefined && !['project', 'deps', 'all'].includes(o.scope as string)) return undefined;
      return {
        label: 'indexing',
        call: { name: 'docs_search', arguments: { query: words.join(' '), module: o.module, limit: o.limit ?? 10, scope: o.scope, language: o.language } },
        notFound: (r) => Array.isArray(r.results) && r.results.length === 0,
      };
    },
  },
  doc: {
    args: [1, 1],
    opts: [
      { long: 'max-chars', key: 'maxChars', kind: 'int1' },
      { long: 'file', short: 'f', key: 'file', kind: 'string' },
      { long: 'lsp', key: 'lsp', kind: 'bool' },
    ],
    route([id], o) {
      const isSymbolDoc = (r: Record<string, unknown>) => 'lookup' in r && 'edge_cases' in r;
      const notFound = (r: Record<string, unknown>) => isSymbolDoc(r) && !r.found;
      if (o.file || o.lsp) return { label: 'indexing', call: { name: 'get_symbol_documentation', arguments: { symbol_name: id, file_path: o.file } }, notFound };
      return {
        label: 'indexing',
        call: { name: 'docs_get', arguments: { id, max_chars: o.maxChars ?? 24_000 } },
        fallback: { name: 'get_symbol_documentation', arguments: { symbol_name: id } },
        fallbackAccept: (r) => r.found === true,
        notFound,
      };
    },
  },
};

/** The commands the daemon answers (bin/docent asks the daemon only for these). */
export const ROUTED_COMMANDS: readonly string[] = Object.keys(COMMANDS);

function wholeNumber(raw: string, min: number): number | undefined {
  const n = Number(raw);
  return raw.trim() === '' || !Number.isInteger(n) || n < min ? undefined : n;
}

/** Parse `docent [globals] COMMAND [args and options]`; undefined when the daemon cannot take it. */
export function parseCommandLine(tokens: string[], site: CommandSite = { cwd: process.cwd(), env: process.env }): ParsedCommandLine | undefined {
  const globals: Values = {};
  let i = 0;
  const take = (specs: OptSpec[], into: Values, token: string): boolean | undefined => {
    let name = token;
    let inline: string | undefined;
    const eq = token.indexOf('=');
    if (token.startsWith('--') && eq > 0) {
      name = token.slice(0, eq);
      inline = token.slice(eq + 1);
    }
    const spec = token.startsWith('--') ? specs.find((s) => `--${s.long}` === name) : specs.find((s) => s.short && `-${s.short}` === name);
    if (!spec) return false;
    if (spec.kind === 'bool' || spec.kind === 'negate') {
      if (inline !== undefined) return undefined;
      into[spec.key] = spec.kind === 'bool';
      return true;
    }
    const value = inline ?? tokens[++i];
    if (value === undefined || (inline === undefined && value.startsWith('-') && value !== '-')) return undefined;
    if (spec.kind === 'list') into[spec.key] = [...((into[spec.key] as string[] | undefined) ?? []), value];
    else if (spec.kind === 'string') into[spec.key] = value;
    else {
      const n = wholeNumber(value, spec.kind === 'int1' ? 1 : 0);
      if (n === undefined) return undefined;
      into[spec.key] = n;
    }
    return true;
  };
  // Global options before the command.
  for (; i < tokens.length && tokens[i]!.startsWith('-'); i++) {
    if (take(GLOBAL, globals, tokens[i]!) !== true) return undefined;
  }
  const name = tokens[i++];
  const command = name ? COMMANDS[name] : undefined;
  if (!command) return undefined;
  const opts: Values = {};
  const args: string[] = [];
  for (; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t === '--') return undefined;
    if (t.startsWith('-') && t !== '-') {
      const r = take(command.opts, opts, t);
      if (r === undefined) return undefined;
      if (r === false && take(GLOBAL, globals, t) !== true) return undefined;
    } else args.push(t);
  }
  if (args.length < command.args[0] || args.length > command.args[1]) return undefined;
  const route = command.route(args, opts, globals, site);
  return route ? { globals, route } : undefined;
}

/** The global flags as a config layer, as `flagsToConfig` in flags.ts builds it. */
export function globalsToConfig(g: Values): Record<string, unknown> {
  const cfg: Record<string, unknown> = {};
  const set = (key: string, v: unknown) => {
    if (v !== undefined) cfg[key] = v;
  };
  set('roots', g.root);
  set('indexDir', g.indexDir);
  set('allowWrites', g.allowWrites);
  set('allowRun', g.allowRun);
  set('logLevel', g.logLevel);
  if (g.infoDir) cfg.info = { dirs: g.infoDir };
  const emacs = Object.fromEntries(Object.entries({ socket: g.emacsSocket, serverFile: g.emacsServerFile, emacsclient: g.emacsclient, timeoutMs: g.emacsTimeout }).filter(([, v]) => v !== undefined));
  if (Object.keys(emacs).length) cfg.emacs = emacs;
  const lsp = Object.fromEntries(Object.entries({ requestTimeoutMs: g.lspTimeout, compileCommandsDir: g.compileCommandsDir }).filter(([, v]) => v !== undefined));
  if (Object.keys(lsp).length) cfg.lsp = lsp;
  return cfg;
}
