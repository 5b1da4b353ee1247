import { stat } from 'node:fs/promises';
import path from 'node:path';
import { DocentError, throwIfAborted } from '../errors.js';
import { COMPRESSED_SUFFIXES, compressionOf, readInfoBytes } from './decompress.js';
import { parseDirEntries, titlesFromDirEntries, type ManualLocation } from './discover.js';
import { INDEX_COOKIE, parseIndexEntries, type IndexEntry } from './index-entries.js';
import { cleanNodeText, parseHeader, type NodeHeader } from './node-text.js';

/** One file of a manual's text: the whole manual, or one part of a split manual. */
interface Chunk {
  file: string;
  buf: Buffer;
  /** Offset of this part in the manual's virtual concatenation (Indirect table). */
  virtualStart: number;
  /** Byte position of the part's first node separator (its preamble precedes it). */
  firstSeparator: number;
}

/** Where a node's text lies: its header line starts at `start`, the next separator is at `end`. */
export interface NodeRecord {
  name: string;
  chunk: number;
  start: number;
  end: number;
}

export interface Anchor {
  node: number;
  /** Line within the node (the line after the header is line 1). */
  line: number;
}

/** A node's cleaned content (what info_lookup_symbol and info_read_node return) and its line count. */
export interface NodeContent {
  text: string;
  lines: number;
}

const SEP = 0x1f;
/** Cleaned node texts kept per manual: an agent reads around a few nodes, not the whole manual. */
const CONTENT_CACHE_NODES = 256;
const COOKIE = Buffer.from(INDEX_COOKIE, 'latin1');

/** Canonical form of a node name for tolerant lookups: whitespace runs collapsed. */
export function canonicalNodeName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

/**
 * A loaded Info manual. Split manuals are read through the Indirect table; nodes are located
 * by scanning for separators (so slightly-off Tag Table offsets do not matter), anchors through
 * the Tag Table, mapped to the node that contains them. Index nodes are the nodes carrying the
 * index cookie, and their entries are parsed once on load.
 */
export class InfoManual {
  readonly nodes: NodeRecord[] = [];
  readonly indexNodes: number[] = [];
  entries: IndexEntry[] = [];
  readonly anchors = new Map<string, Anchor>();
  private readonly byName = new Map<string, number>();
  private readonly byFolded = new Map<string, number>();
  private readonly headerCache = new Map<number, NodeHeader>();
  private readonly contentCache = new Map<number, NodeContent>();

  private constructor(
    readonly name: string,
    readonly file: string,
    public title: string | null,
    private readonly chunks: Chunk[],
    private readonly decoder: 'utf8' | 'latin1',
    /** The files read, with the (mtime, size) seen, to notice when the manual changes. */
    readonly stamps: ReadonlyArray<{ file: string; mtimeMs: number; size: number }>,
  ) {}

  static async load(loc: ManualLocation, signal?: AbortSignal): Promise<InfoManual> {
    const stamps: Array<{ file: string; mtimeMs: number; size: number }> = [];
    const readStamped = async (file: string) => {
      const s = await stat(file);
      const buf = await readInfoBytes(file, signal);
      stamps.push({ file, mtimeMs: s.mtimeMs, size: s.size });
      return buf;
    };
    const main = await readStamped(loc.file);
    throwIfAborted(signal);
    const firstSep = main.indexOf(SEP);
    if (firstSep < 0) {
      throw new DocentError('E_UNAVAILABLE', `${loc.file} is not an Info file (no node separator).`, 'Check the file, or remove it from the Info directories.');
    }
    const preamble = main.subarray(0, firstSep).toString('utf8');
    const title = loc.title ?? titlesFromDirEntries(parseDirEntries(preamble)).get(loc.name.toLowerCase()) ?? null;
    const tail = main.subarray(Math.max(0, main.length - 2000)).toString('latin1');
    const coding = /\ncoding:\s*([\w-]+)/i.exec(tail)?.[1]?.toLowerCase() ?? 'utf-8';
    const decoder = /^(iso-8859-1|latin-?1|iso-latin-1)/.test(coding) ? 'latin1' : 'utf8';

    const chunks: Chunk[] = [];
    const indirect = findSection(main, 'Indirect:');
    if (indirect) {
      const parts = parseIndirect(indirect);
      const dir = path.dirname(loc.file);
      const loaded = await Promise.all(
        parts.map(async (p) => {
          const file = await resolvePart(dir, p.name, compressionOf(loc.file));
          const buf = await readStamped(file);
          return { file, buf, virtualStart: p.offset, firstSeparator: Math.max(0, buf.indexOf(SEP)) };
        }),
      );
      chunks.push(...loaded);
    } else {
      chunks.push({ file: loc.file, buf: main, virtualStart: 0, firstSeparator: 0 });
    }
    throwIfAborted(signal);
    const manual = new InfoManual(loc.name, loc.file, title, chunks, decoder, stamps);
    manual.scanNodes();
    const tags = findSection(main, 'Tag Table:');
    if (tags) manual.readAnchors(tags, Boolean(indirect));
    manual.findIndexNodes();
    manual.title ??= manual.topHeading();
    const isNode = (n: string) => manual.resolve(n) !== null;
    for (const i of manual.indexNodes) {
      manual.entries.push(...parseIndexEntries(manual.body(i), manual.nodes[i]!.name, isNode));
    }
    return manual;
  }

  private scanNodes(): void {
    this.chunks.forEach((chunk, c) => {
      const { buf } = chunk;
      let p = buf.indexOf(SEP);
      while (p >= 0) {
        const next = buf.indexOf(SEP, p + 1);
        let start = p + 1;
        if (buf[start] === 0x0c) start++; // optional form feed
        if (buf[start] === 0x0d) start++;
        if (buf[start] === 0x0a) start++;
        const eol = buf.indexOf(0x0a, start);
        const headerEnd = eol < 0 || (next >= 0 && eol > next) ? (next < 0 ? buf.length : next) : eol;
        const header = buf.subarray(start, headerEnd).toString(this.decoder);
        if (/(^|[,\t ])Node:/.test(header)) {
          const h = parseHeader(header);
          if (h) {
            const index = this.nodes.length;
            this.nodes.push({ name: h.node, chunk: c, start, end: next < 0 ? buf.length : next });
            this.headerCache.set(index, h);
            if (!this.byName.has(h.node)) this.byName.set(h.node, index);
            const folded = canonicalNodeName(h.node).toLowerCase();
            if (!this.byFolded.has(folded)) this.byFolded.set(folded, index);
          }
        }
        p = next;
      }
    });
  }

  private readAnchors(table: string, indirect: boolean): void {
    for (const row of table.split('\n')) {
      const m = /^Ref:\s*(.*)\x7f(\d+)\s*$/.exec(row);
      if (!m) continue;
      const offset = Number(m[2]);
      let c = 0;
      if (indirect) {
        for (let i = 0; i < this.chunks.length; i++) if (this.chunks[i]!.virtualStart <= offset) c = i;
      }
      const chunk = this.chunks[c]!;
      const local = indirect ? offset - chunk.virtualStart + chunk.firstSeparator : offset;
      const node = this.nodeAt(c, local);
      if (node < 0) continue;
      const rec = this.nodes[node]!;
      const headerEnd = chunk.buf.indexOf(0x0a, rec.start);
      let line = 0;
      for (let p = headerEnd; p >= 0 && p < Math.min(local, rec.end); p = chunk.buf.indexOf(0x0a, p + 1)) line++;
      this.anchors.set(m[1]!, { node, line: Math.max(1, line) });
    }
  }

  /** The node containing byte `pos` of chunk `c`, or -1. */
  private nodeAt(c: number, pos: number): number {
    let best = -1;
    for (let i = 0; i < this.nodes.length; i++) {
      const n = this.nodes[i]!;
      if (n.chunk !== c) continue;
      if (n.start <= pos + 2) best = i;
      else if (best >= 0) break;
    }
    return best;
  }

  private findIndexNodes(): void {
    const seen = new Set<number>();
    this.chunks.forEach((chunk, c) => {
      for (let p = chunk.buf.indexOf(COOKIE); p >= 0; p = chunk.buf.indexOf(COOKIE, p + COOKIE.length)) {
        const node = this.nodeAt(c, p);
        if (node >= 0 && !seen.has(node)) {
          seen.add(node);
          this.indexNodes.push(node);
        }
      }
    });
  }

  /** A node by name (exact, then whitespace- and case-insensitive), or an anchor's node. */
  resolve(name: string): { node: number; line: number | null } | null {
    const exact = this.byName.get(name);
    if (exact !== undefined) return { node: exact, line: null };
    const anchor = this.anchors.get(name) ?? this.anchors.get(canonicalNodeName(name));
    if (anchor) return { node: anchor.node, line: anchor.line };
    const folded = this.byFolded.get(canonicalNodeName(name).toLowerCase());
    if (folded !== undefined) return { node: folded, line: null };
    for (const [k, a] of this.anchors) if (k.toLowerCase() === name.toLowerCase()) return { node: a.node, line: a.line };
    return null;
  }

  header(i: number): NodeHeader {
    return this.headerCache.get(i)!;
  }

  /** The heading of the Top node (the line underlined with `*`, `=` or `-`), or null. */
  topHeading(): string | null {
    const top = this.resolve('Top');
    if (!top) return null;
    const lines = this.body(top.node).split('\n', 12);
    for (let i = 0; i + 1 < lines.length; i++) {
      const text = lines[i]!.trim();
      if (text && /^([*=-])\1{2,}$/.test(lines[i + 1]!.trim())) return text;
    }
    return null;
  }

  /** A node's text after its header line (starts with the blank line that follows the header). */
  body(i: number): string {
    const rec = this.nodes[i]!;
    const buf = this.chunks[rec.chunk]!.buf;
    const eol = buf.indexOf(0x0a, rec.start);
    const from = eol < 0 || eol > rec.end ? rec.end : eol + 1;
    return buf.subarray(from, rec.end).toString(this.decoder);
  }

  /**
   * A node's cleaned text (cross-references as `[See: X]`, see node-text.ts) and its line
   * count, kept for the most recently used nodes: lookups land on the same nodes again and
   * again (the index points many symbols at one node), and cleaning a node costs more than
   * finding it.
   */
  content(i: number): NodeContent {
    let c = this.contentCache.get(i);
    if (c) {
      // Most recently used last, so the first key is the one to drop.
      this.contentCache.delete(i);
    } else {
      const text = cleanNodeText(this.body(i));
      let lines = 1;
      for (let p = text.indexOf('\n'); p >= 0; p = text.indexOf('\n', p + 1)) lines++;
      c = { text, lines };
      if (this.contentCache.size >= CONTENT_CACHE_NODES) this.contentCache.delete(this.contentCache.keys().next().value!);
    }
    this.contentCache.set(i, c);
    return c;
  }

  get split(): boolean {
    return this.chunks.length > 1 || this.chunks[0]!.file !== this.file;
  }

  get files(): string[] {
    return this.chunks.map((c) => c.file);
  }
}

/** The text of a `\x1f\nName:\n…` section up to the next separator, or null. */
function findSection(buf: Buffer, name: string): string | null {
  const needle = Buffer.from(`\x1f\n${name}`, 'latin1');
  let at = buf.lastIndexOf(needle);
  if (at < 0) {
    const alt = Buffer.from(`\x1f\r\n${name}`, 'latin1');
    at = buf.lastIndexOf(alt);
    if (at < 0) return null;
  }
  const start = at + needle.length;
  const end = buf.indexOf(SEP, start);
  return buf.subarray(start, end < 0 ? buf.length : end).toString('utf8');
}

function parseIndirect(text: string): Array<{ name: string; offset: number }> {
  const parts: Array<{ name: string; offset: number }> = [];
  for (const line of text.split('\n')) {
    const m = /^(.+):\s*(\d+)\s*$/.exec(line);
    if (m) parts.push({ name: m[1]!.trim(), offset: Number(m[2]) });
  }
  return parts;
}

/** Find a split part on disk: with the main file's compression, then any other, then none. */
async function resolvePart(dir: string, name: string, mainExt: string): Promise<string> {
  const candidates = [mainExt, '', ...COMPRESSED_SUFFIXES].map((ext) => path.join(dir, name + ext));
  for (const c of candidates) {
    if (await stat(c).then((s) => s.isFile(), () => false)) return c;
  }
  throw new DocentError('E_UNAVAILABLE', `Part ${name} of a split Info manual is missing in ${dir}.`, 'Reinstall the manual: its parts must sit beside the main file.');
}
