/**
 * Parsing the text of one Info node: its header line, its menus and its cross-references,
 * and the cleaned text an agent reads. Node names may be quoted with DEL (0x7f) when they
 * contain characters that are otherwise syntax (`:`, `.`, `,`).
 */

const DEL = '\x7f';

export interface NodeHeader {
  file: string | null;
  node: string;
  next: string | null;
  prev: string | null;
  up: string | null;
}

/** Parse `File: f,  Node: n,  Next: x,  Prev: p,  Up: u` (values may be DEL-quoted). */
export function parseHeader(line: string): NodeHeader | null {
  const fields: Record<string, string> = {};
  const re = /(?:^|[,\t]\s*)(File|Node|Next|Prev|Previous|Up):[ \t]*/g;
  let pos = 0;
  for (;;) {
    re.lastIndex = pos;
    const m = re.exec(line);
    if (!m) break;
    let start = re.lastIndex;
    let value: string;
    if (line[start] === DEL) {
      const close = line.indexOf(DEL, start + 1);
      const end = close < 0 ? line.length : close;
      value = line.slice(start + 1, end);
      pos = Math.min(line.length, end + 1);
    } else {
      let end = start;
      while (end < line.length && line[end] !== ',' && line[end] !== '\t') end++;
      value = line.slice(start, end).trim();
      pos = end;
    }
    const key = m[1] === 'Previous' ? 'Prev' : m[1]!;
    if (!(key in fields)) fields[key] = value;
    if (pos >= line.length) break;
    start = pos;
  }
  if (fields.Node === undefined) return null;
  return {
    file: fields.File ?? null,
    node: fields.Node,
    next: fields.Next || null,
    prev: fields.Prev || null,
    up: fields.Up || null,
  };
}

/** A reference to a node, possibly in another manual: `(manual)Node`. */
export interface NodeRef {
  manual: string | null;
  node: string;
}

/** Split `(manual)Node` into its parts; whitespace runs become single spaces as Info readers do. */
export function splitNodeRef(spec: string): NodeRef {
  const s = spec.replace(/\s+/g, ' ').trim();
  const m = /^\(([^)]+)\)\s*(.*)$/.exec(s);
  if (m) return { manual: m[1]!.trim(), node: m[2]!.trim() || 'Top' };
  return { manual: null, node: s };
}

/**
 * Where a menu-entry or cross-reference label ends: at a DEL-quoted label's closing quote, or
 * else at the first ':' followed by whitespace or Info punctuation (the rule of Emacs's
 * Info-menu-entry-name-re). Returns the index of that ':' or -1.
 */
export function labelEnd(text: string, start: number, limit = text.length): { label: string; colon: number } | null {
  if (text[start] === DEL) {
    const close = text.indexOf(DEL, start + 1);
    if (close < 0 || close >= limit || text[close + 1] !== ':') return null;
    return { label: text.slice(start + 1, close), colon: close + 1 };
  }
  for (let i = start; i < limit; i++) {
    if (text[i] !== ':') continue;
    const next = text[i + 1];
    if (next === undefined || /[:,.;()\s]/.test(next)) return { label: text.slice(start, i), colon: i };
  }
  return null;
}

/**
 * Read the node part after `label:` up to its terminator. `multiLine` allows the name to wrap
 * across lines (cross-references); a '.' ends it only when followed by whitespace, ')' or the
 * end, so node names like `Emacs 28.1 changes` survive.
 */
export function readTarget(text: string, start: number, multiLine: boolean): { spec: string; end: number } {
  let i = start;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t' || (text[i] === '\n' && multiLine))) i++;
  let spec = '';
  if (text[i] === '(') {
    const close = text.indexOf(')', i);
    if (close > 0 && !text.slice(i, close).includes('\n')) {
      spec = text.slice(i, close + 1);
      i = close + 1;
    }
  }
  if (text[i] === DEL) {
    const close = text.indexOf(DEL, i + 1);
    if (close > 0) {
      spec += text.slice(i + 1, close);
      return { spec, end: close + 1 };
    }
  }
  const begin = i;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === ',' || c === '\t') break;
    if (c === '\n' && !multiLine) break;
    if (c === '.') {
      const n = text[i + 1];
      if (n === undefined || /[\s)]/.test(n)) break;
    }
  }
  return { spec: spec + text.slice(begin, i), end: i };
}

export interface MenuItem {
  label: string;
  node: string;
  manual: string | null;
  description: string;
}

/** The `* Menu:` entries of a node (not index entries: see index-entries.ts for those). */
export function parseMenu(body: string): MenuItem[] {
  const items: MenuItem[] = [];
  const menuAt = body.search(/^\* Menu:/m);
  if (menuAt < 0) return items;
  const lines = body.slice(menuAt).split('\n');
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('* ') || line.startsWith('* Menu:')) continue;
    const lab = labelEnd(line, 2);
    if (!lab) continue;
    let ref: NodeRef;
    let rest: string;
    if (line[lab.colon + 1] === ':') {
      ref = splitNodeRef(lab.label);
      rest = line.slice(lab.colon + 2);
    } else {
      const t = readTarget(line, lab.colon + 1, false);
      ref = splitNodeRef(t.spec);
      rest = line.slice(t.end + 1);
    }
    let description = rest.trim();
    while (i + 1 < lines.length && /^\s+\S/.test(lines[i + 1]!)) description += ' ' + lines[++i]!.trim();
    items.push({ label: lab.label.replace(/\s+/g, ' ').trim(), node: ref.node, manual: ref.manual, description });
  }
  return items;
}

export interface XRef {
  label: string;
  node: string;
  manual: string | null;
  /** Offsets of the whole `*note …` text in the body, for rewriting. */
  start: number;
  end: number;
  /** True for the `*note X::` form. */
  short: boolean;
}

/** Every `*note …` cross-reference in a node body, including ones wrapped over lines. */
export function parseXrefs(body: string): XRef[] {
  const out: XRef[] = [];
  const re = /\*[Nn]ote[ \t\n]+/g;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    const start = m.index;
    const labelStart = re.lastIndex;
    // A label never spans more than a few lines; bound the search so a stray "*note" cannot eat the node.
    const limit = Math.min(body.length, labelStart + 400);
    const lab = labelEnd(body, labelStart, limit);
    if (!lab) continue;
    if (body[lab.colon + 1] === ':') {
      const ref = splitNodeRef(lab.label);
      out.push({ label: ref.node, node: ref.node, manual: ref.manual, start, end: lab.colon + 2, short: true });
      re.lastIndex = lab.colon + 2;
    } else {
      const t = readTarget(body, lab.colon + 1, true);
      if (!t.spec.trim()) continue;
      const ref = splitNodeRef(t.spec);
      out.push({ label: lab.label.replace(/\s+/g, ' ').trim(), node: ref.node, manual: ref.manual, start, end: t.end, short: false });
      re.lastIndex = t.end;
    }
  }
  return out;
}

/**
 * The text an agent reads: `*note X::` becomes `[See: X]` and `*note Label: Node.` becomes
 * `[See: Label (Node)].`; DEL quotes and `\0\b[…\0\b]` cookies disappear. Line breaks are kept
 * exactly, so the `(line N)` numbers of index entries still point at the right lines.
 */
export function cleanNodeText(body: string, xrefs: readonly XRef[] = parseXrefs(body)): string {
  let out = '';
  let pos = 0;
  for (const x of xrefs) {
    out += body.slice(pos, x.start);
    const raw = body.slice(x.start, x.end);
    const keepBreaks = (s: string) => s.replace(/[ \t]*\n[ \t]*/g, (b) => (b.includes('\n') ? '\n' : ' '));
    let text: string;
    if (x.short) {
      text = `[See: ${keepBreaks(raw.replace(/^\*[Nn]ote[ \t\n]+/, '').replace(/::$/, ''))}]`;
    } else {
      const target = (x.manual ? `(${x.manual})` : '') + x.node;
      text = x.label === target || x.label === x.node ? `[See: ${x.label}]` : `[See: ${x.label} (${target})]`;
    }
    // Line numbers (index entries' `(line N)`, definition headers) count the raw node's lines,
    // so the rewrite keeps exactly as many line breaks as the reference it replaces.
    // In the short form the only break the rewrite can drop is the one right after `*note`.
    const missing = '\n'.repeat(Math.max(0, raw.split('\n').length - text.split('\n').length));
    out += x.short ? missing + text : text + missing;
    pos = x.end;
  }
  out += body.slice(pos);
  return out.replace(/\0\x08\[[^\0]*\0\x08\]/g, '').replace(/\x7f/g, '');
}
