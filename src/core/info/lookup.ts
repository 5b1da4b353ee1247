import type { IndexEntry } from './index-entries.js';
import { canonicalNodeName, type InfoManual } from './manual.js';
import { suggestNames } from './suggest.js';

/**
 * How a query was resolved: `symbol` and `symbol-case` are Emacs's info-lookup (exact, then
 * case-insensitive, on the symbol part of index entries); `entry`/`entry-case` match a whole
 * index entry (multi-word concepts); `node` matches a node name.
 */
export type LookupMethod = 'symbol' | 'symbol-case' | 'entry' | 'entry-case' | 'node';

export interface LookupHit {
  method: LookupMethod;
  /** The index term that matched, as spelled in the manual (the node name for `node`). */
  term: string;
  /** The index entry followed (null for `node`). */
  entry: IndexEntry | null;
  node: number;
  /** The line the index entry (or anchor) points at, from the line after the header. */
  line: number | null;
  /** The line of the definition header (` -- Function: mapcar …`), when the node has one. */
  definitionLine: number | null;
  /** Every other index entry for the same term. */
  matches: IndexEntry[];
}

/** Symbol tables of one manual, built once from its index entries. */
export class ManualLookup {
  /** symbol -> first entry with that symbol part (Emacs keeps the first occurrence). */
  private readonly symbols = new Map<string, IndexEntry>();
  /** lower-cased symbol -> symbol; Emacs's case-insensitive assoc finds the *last* distinct one. */
  private readonly foldedSymbols = new Map<string, string>();
  private readonly terms = new Map<string, IndexEntry>();
  private readonly foldedTerms = new Map<string, IndexEntry>();
  /** Every prefix `* …:` of an entry's first line -> the first entry having it (Emacs's `^\* KEY:` search). */
  private readonly linePrefixes = new Map<string, IndexEntry>();
  /** symbol or lower-cased term -> all entries, for `matches`. */
  private readonly related = new Map<string, IndexEntry[]>();
  /** node -> its definition header lines, found on the node's first lookup. */
  private readonly headers = new Map<number, HeaderLine[] | null>();

  constructor(readonly manual: InfoManual) {
    const relate = (k: string, e: IndexEntry) => {
      const list = this.related.get(k);
      if (!list) this.related.set(k, [e]);
      else if (!list.includes(e)) list.push(e);
    };
    // Emacs searches index node by index node; entries are stored in that order already.
    for (const e of manual.entries) {
      for (let j = e.firstLine.indexOf(':'); j >= 0; j = e.firstLine.indexOf(':', j + 1)) {
        const k = e.firstLine.slice(0, j + 1);
        if (!this.linePrefixes.has(k)) this.linePrefixes.set(k, e);
      }
      if (e.symbol !== null) relate('s:' + e.symbol, e);
      // "frob-list, second mention" is about frob-list too, though Emacs's regexp skips it.
      const lead = /^[^\][()`'‘’," \t\n]+/.exec(e.term)?.[0];
      if (lead && lead !== e.symbol) relate('s:' + lead, e);
      relate('t:' + canonicalNodeName(e.term).toLowerCase(), e);
      if (e.symbol !== null && !this.symbols.has(e.symbol)) {
        this.symbols.set(e.symbol, e);
        this.foldedSymbols.set(e.symbol.toLowerCase(), e.symbol);
      }
      const t = canonicalNodeName(e.term);
      if (!this.terms.has(t)) this.terms.set(t, e);
      const f = t.toLowerCase();
      if (!this.foldedTerms.has(f)) this.foldedTerms.set(f, e);
    }
  }

  /** The distinct symbols of the index, in index order (what the benchmark and agreement test iterate). */
  symbolNames(): string[] {
    return [...this.symbols.keys()];
  }

  lookup(query: string): LookupHit | null {
    const q = canonicalNodeName(query);
    const exact = this.symbols.has(query) ? query : undefined;
    const folded = exact ?? this.foldedSymbols.get(query.toLowerCase());
    if (folded !== undefined) {
      const hit = this.followSymbol(folded, exact !== undefined ? 'symbol' : 'symbol-case');
      if (hit) return hit;
    }
    const entry = this.terms.get(q) ?? this.foldedTerms.get(q.toLowerCase());
    if (entry) {
      const target = this.manual.resolve(entry.node);
      if (target) {
        const method: LookupMethod = this.terms.get(q) ? 'entry' : 'entry-case';
        const matches = (this.related.get('t:' + canonicalNodeName(entry.term).toLowerCase()) ?? []).filter((e) => e !== entry);
        return { method, term: entry.term, entry, node: target.node, line: contentLine(entry.line) ?? target.line, definitionLine: null, matches };
      }
    }
    const node = this.manual.resolve(q);
    if (node) {
      const name = this.manual.nodes[node.node]!.name;
      const matches = this.related.get('t:' + q.toLowerCase()) ?? [];
      return { method: 'node', term: name, entry: null, node: node.node, line: node.line, definitionLine: null, matches };
    }
    return null;
  }

  /**
   * Emacs's info-lookup after the completion table: search each index node, in order, for the
   * first line starting with `* KEY:` (KEY is the whole entry when it differs from the symbol),
   * follow it, then find the first ` -+ .*: SYMBOL( |$)` line of the target node.
   */
  private followSymbol(symbol: string, method: LookupMethod): LookupHit | null {
    const first = this.symbols.get(symbol)!;
    const key = first.emacsKey !== null && first.emacsKey !== symbol ? first.emacsKey : symbol;
    const prefix = `* ${key}:`;
    const followed = this.linePrefixes.get(prefix) ?? first;
    const target = followed.manual && followed.manual !== this.manual.name ? null : this.manual.resolve(followed.node);
    if (!target) return null;
    // The Emacs Lisp manual keeps exactly Emacs's emacs-lisp-mode answer; other manuals also
    // get the typed headers Emacs's C rule finds.
    const typed = this.manual.name !== 'elisp';
    let headers = this.headers.get(target.node);
    if (headers === undefined) this.headers.set(target.node, (headers = definitionHeaders(this.manual.body(target.node))));
    const definitionLine = findDefinitionLine(() => this.manual.body(target.node), symbol, { near: contentLine(followed.line), typed, headers });
    const matches = [...(this.related.get('s:' + symbol) ?? []), ...(this.related.get('t:' + symbol.toLowerCase()) ?? [])].filter(
      (e, i, all) => e !== followed && all.indexOf(e) === i,
    );
    return { method, term: symbol, entry: followed, node: target.node, line: contentLine(followed.line) ?? target.line, definitionLine, matches };
  }

  suggestions(query: string, limit = 10): string[] {
    return suggestNames(query.trim(), [...this.symbols.keys(), ...this.terms.keys()], limit);
  }

  /** Index terms and node names, for search. */
  allTerms(): IterableIterator<[string, IndexEntry]> {
    return this.terms.entries();
  }
}

/**
 * An index entry's `(line N)` in the coordinates of a node's content. makeinfo counts the
 * header line as line 1 (Emacs goes there with forward-line 1, then N - 2 more); docent's
 * `content` starts after the header, so its line 1 is Info's line 2.
 */
export function contentLine(infoLine: number | null): number | null {
  return infoLine === null ? null : Math.max(1, infoLine - 1);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The 1-based line (line 1 follows the header) of the definition header for `symbol`, or null.
 * Emacs's emacs-lisp-mode rule comes first: the first ` -- Kind: SYMBOL` line. Emacs picks
 * the header regexp per mode, and its C rule also finds typed headers (`@deftypefun`:
 * ` -- Function: void sha256_digest (…)`, as in C library manuals); with `typed`, those count
 * too when the Lisp rule finds nothing. A typed header's defined name is the word right before
 * its parameter list, or, for variables, constants and types, the last word of the line (so
 * neither a parameter nor an argument of an untyped Lisp header is taken for it). The header
 * at or after `near` (the index entry's line) is preferred.
 */
export function findDefinitionLine(
  body: string | (() => string),
  symbol: string,
  opts: { near?: number | null; typed?: boolean; headers?: readonly HeaderLine[] | null } = {},
): number | null {
  const text = () => (typeof body === 'string' ? body : body());
  const headers = opts.headers === undefined ? definitionHeaders(text()) : opts.headers;
  if (headers) {
    for (const h of headers) if (namesSymbol(h.text, symbol)) return h.line;
  } else {
    const emacs = new RegExp(`^ -+ .*: ${escapeRegExp(symbol)}(?: |$)`, 'm').exec(text());
    if (emacs) return lineOfOffset(text(), emacs.index);
  }
  if (!opts.typed) return null;
  const all = text();
  const name = escapeRegExp(symbol);
  const typed = new RegExp(`^ -+ ([^:\n]+): [^(\n]*?(?<![^\\s*&])${name}( *\\(| *$)`, 'gm');
  const lines: number[] = [];
  for (let m = typed.exec(all); m; m = typed.exec(all)) {
    const takesNoArguments = !m[2]!.includes('(');
    if (takesNoArguments && !/variable|constant|option|type|struct|class|union|enum/i.test(m[1]!)) continue;
    lines.push(lineOfOffset(all, m.index));
  }
  if (!lines.length) return null;
  const near = opts.near ?? null;
  return (near !== null ? lines.find((l) => l >= near) : undefined) ?? lines[0]!;
}

/** A definition header line (` -- Function: mapcar function sequence`) and its 1-based line. */
export interface HeaderLine {
  line: number;
  text: string;
}

/**
 * The lines of a node body that start like a definition header (` -+ `), found once per node
 * so that each lookup tests a few lines instead of running a new regexp over the whole body.
 * Null when the body has line terminators other than \n (\r, U+2028/9), which the regexp's
 * `^`, `.` and `$` treat differently: such a body takes the regexp path.
 */
export function definitionHeaders(body: string): HeaderLine[] | null {
  if (/[\r\u2028\u2029]/.test(body)) return null;
  const out: HeaderLine[] = [];
  let line = 1;
  for (let start = 0; ; line++) {
    const nl = body.indexOf('\n', start);
    const end = nl < 0 ? body.length : nl;
    if (body.startsWith(' -', start)) {
      const text = body.slice(start, end);
      if (/^ -+ /.test(text)) out.push({ line, text });
    }
    if (nl < 0) return out;
    start = nl + 1;
  }
}

/** `^ -+ .*: SYMBOL(?: |$)` on one header line, without building a regexp per symbol. */
function namesSymbol(header: string, symbol: string): boolean {
  // After ` -+ ` (the dashes run up to the first space), any `: SYMBOL` ending at a space or
  // at the end of the line matches, since `.*` may be empty.
  const from = header.indexOf(' ', 1);
  const needle = ': ' + symbol;
  for (let at = header.indexOf(needle, from); at >= 0; at = header.indexOf(needle, at + 1)) {
    const after = at + needle.length;
    if (after === header.length || header[after] === ' ') return true;
  }
  return false;
}

function lineOfOffset(body: string, offset: number): number {
  let line = 1;
  for (let i = body.indexOf('\n'); i >= 0 && i < offset; i = body.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * The definition block starting at `line`: the header, any `@deffnx` headers right after it,
 * and the indented body, up to the next definition header or unindented text.
 */
export function definitionBlock(lines: readonly string[], line: number): string {
  const out: string[] = [];
  let i = line - 1;
  while (i < lines.length && /^ -+ /.test(lines[i]!)) {
    out.push(lines[i]!);
    i++;
    while (i < lines.length && /^ {6,}\S/.test(lines[i]!) && !/^ -+ /.test(lines[i]!)) out.push(lines[i++]!);
  }
  for (; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.trim() !== '' && !/^ {4,}/.test(l)) break;
    out.push(l);
  }
  while (out.length && out[out.length - 1]!.trim() === '') out.pop();
  return out.join('\n');
}
