import { labelEnd, splitNodeRef } from './node-text.js';

/** The marker makeinfo puts before every `@printindex` menu. */
export const INDEX_COOKIE = '\0\x08[index\0\x08]';

/** One line of an index menu: `* mapcar:   Mapping Functions.   (line 19)`. */
export interface IndexEntry {
  /** The entry text, DEL quotes removed, including a `<1>` duplicate suffix. */
  label: string;
  /** The entry text without its `<N>` suffix: what a reader thinks of as the term. */
  term: string;
  /**
   * The symbol part Emacs's info-lookup extracts for emacs-lisp-mode: the leading run of
   * `[^][()`'‘’," \t\n]` when followed by whitespace or the end of the entry; null otherwise.
   */
  symbol: string | null;
  /** The entry text as Emacs's `\n\* \(.*\): ` sees it (greedy, on the first line). */
  emacsKey: string | null;
  node: string;
  /** Set when the entry points into another manual: `(manual)Node`. */
  manual: string | null;
  /** `(line N)`: the line of the target node, counted from the line after its header. */
  line: number | null;
  /** The index node this entry is in. */
  indexNode: string;
  /** The entry's first physical line, for Emacs's `^\* KEY:` search. */
  firstLine: string;
}

const SYMBOL_RE = /^([^\][()`'‘’," \t\n]+)(?:[ \t].*)?$/;
const DUP_RE = /\s*<\d+>$/;

/** Emacs's symbol part of an index entry (see IndexEntry.symbol). */
export function symbolPart(entry: string): string | null {
  const m = SYMBOL_RE.exec(entry);
  return m ? m[1]! : null;
}

/**
 * Parse the index menus of one index node. Entries may wrap (`(line N)` on the next line) and
 * may contain colons; `isNode` resolves the ambiguity of an unquoted label containing ': ' by
 * preferring the split whose remainder names a real node, as makeinfo 6 does not quote them.
 */
export function parseIndexEntries(body: string, indexNode: string, isNode: (name: string) => boolean): IndexEntry[] {
  const entries: IndexEntry[] = [];
  const lines = body.split('\n');
  let inMenu = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('* Menu:')) {
      inMenu = true;
      continue;
    }
    if (!inMenu || !line.startsWith('* ')) continue;
    let text = line;
    while (i + 1 < lines.length && /^[ \t]+\S/.test(lines[i + 1]!)) text += '\n' + lines[++i]!;
    const entry = parseIndexLine(text, indexNode, isNode);
    if (entry) entries.push(entry);
  }
  return entries;
}

export function parseIndexLine(text: string, indexNode: string, isNode: (name: string) => boolean): IndexEntry | null {
  const firstLine = text.split('\n', 1)[0]!;
  // Emacs matches `\n\* \(.*\): ` on the raw line: greedy, so it ends at the last ': '.
  const emacsKey = /^\* (.*): /.exec(firstLine)?.[1] ?? null;
  let body = text.slice(2);
  let line: number | null = null;
  const lm = /\(line\s+(\d+)\)\s*$/.exec(body);
  if (lm) {
    line = Number(lm[1]);
    body = body.slice(0, lm.index);
  }
  body = body.trimEnd(); // as /\s+$/ would, without its quadratic retries on padded lines
  let label: string | null = null;
  let nodeSpec: string | null = null;
  if (body.endsWith('\x7f.') || body.endsWith('\x7f')) {
    // Quoted node name (texinfo 7): `* label: \x7fNode: with colon\x7f.`
    const close = body.lastIndexOf('\x7f');
    const open = body.lastIndexOf('\x7f', close - 1);
    if (open >= 0) {
      const before = body.slice(0, open).trimEnd();
      let prefix = '';
      let head = before;
      const pm = /\(([^)]+)\)$/.exec(before);
      if (pm) {
        prefix = pm[0];
        head = before.slice(0, pm.index).trimEnd();
      }
      if (head.endsWith(':')) {
        label = head.slice(0, -1);
        nodeSpec = prefix + body.slice(open + 1, close);
      }
    }
  }
  if (label === null) {
    const trimmed = body.endsWith('.') ? body.slice(0, -1) : body;
    if (trimmed.startsWith('\x7f')) {
      const lab = labelEnd(trimmed, 0);
      if (lab) {
        label = lab.label;
        nodeSpec = trimmed.slice(lab.colon + 1);
      }
    }
    if (label === null) {
      // Candidate splits: every ':' followed by whitespace. Prefer one naming a real node.
      const splits: number[] = [];
      for (let j = trimmed.indexOf(':'); j >= 0; j = trimmed.indexOf(':', j + 1)) {
        if (/\s/.test(trimmed[j + 1] ?? '')) splits.push(j);
      }
      const chosen =
        splits.find((j) => isNode(splitNodeRef(trimmed.slice(j + 1)).node)) ??
        labelEnd(trimmed, 0)?.colon ??
        splits[splits.length - 1];
      if (chosen === undefined) return null;
      label = trimmed.slice(0, chosen);
      nodeSpec = trimmed.slice(chosen + 1);
    }
  }
  const ref = splitNodeRef(nodeSpec!);
  const cleanLabel = label.replace(/\x7f/g, '').replace(/\s+/g, ' ').trim();
  return {
    label: cleanLabel,
    term: cleanLabel.replace(DUP_RE, ''),
    symbol: emacsKey === null ? null : symbolPart(emacsKey),
    emacsKey,
    node: ref.node,
    manual: ref.manual,
    line,
    indexNode,
    firstLine,
  };
}
