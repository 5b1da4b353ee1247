import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { compressionOf, readInfoBytes, stripCompression } from './decompress.js';

/** Where Info manuals live when nothing else is said; GNU Info's own defaults on Debian. */
export const DEFAULT_INFO_DIRS = ['/usr/share/info', '/usr/local/share/info'];

/**
 * The directories to search, in priority order: docent's own configuration (`info.dirs`,
 * `--info-dir`, DOCENT_INFO_DIRS) first because it is the most deliberate choice, then
 * INFOPATH, then the defaults. As in GNU Info, an empty INFOPATH element (a leading, trailing
 * or doubled ':') stands for the defaults, and a non-empty INFOPATH without one replaces them.
 */
export function infoSearchDirs(configDirs: readonly string[], infopath: string | undefined, defaults = DEFAULT_INFO_DIRS): string[] {
  const out: string[] = [...configDirs];
  if (infopath === undefined || infopath.trim() === '') {
    out.push(...defaults);
  } else {
    for (const part of infopath.split(path.delimiter)) {
      if (part === '') out.push(...defaults);
      else out.push(part);
    }
  }
  const seen = new Set<string>();
  return out.map((d) => path.resolve(d)).filter((d) => (seen.has(d) ? false : (seen.add(d), true)));
}

/** One installed manual: its name (as in `(name)Node`), the main file and the `dir` title. */
export interface ManualLocation {
  name: string;
  file: string;
  dir: string;
  title: string | null;
}

export interface DirEntry {
  label: string;
  manual: string;
  node: string;
  description: string;
}

/**
 * Parse a `dir` file (or a manual's START-INFO-DIR-ENTRY block): `* Label: (file)Node.  Text`,
 * with descriptions that may continue on indented lines.
 */
export function parseDirEntries(text: string): DirEntry[] {
  const entries: DirEntry[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^\* ([^:]+):\s*\(([^)]+)\)([^.]*)\.\s*(.*)$/.exec(lines[i]!);
    if (!m) continue;
    let description = m[4]!.trim();
    while (i + 1 < lines.length && /^\s+\S/.test(lines[i + 1]!) && !lines[i + 1]!.startsWith('* ')) {
      description += ' ' + lines[++i]!.trim();
    }
    const manual = stripCompression(m[2]!.trim()).replace(/\.info$/, '');
    entries.push({ label: m[1]!.trim(), manual, node: m[3]!.trim(), description: description.replace(/\s+/g, ' ').trim() });
  }
  return entries;
}

/**
 * The best title for each manual among dir entries: its Top entry, preferably under its own
 * name. A manual listed only under other labels several times (gnupg: dirmngr, gpg-agent,
 * gpgsm, …) has no title among them: each description is one program's, not the manual's.
 */
export function titlesFromDirEntries(entries: readonly DirEntry[]): Map<string, string> {
  const best = new Map<string, { score: number; title: string; ties: number }>();
  for (const e of entries) {
    const key = e.manual.toLowerCase();
    const score = (e.node === '' || e.node === 'Top' ? 2 : 0) + (e.label.toLowerCase() === key ? 1 : 0);
    const title = e.description || e.label;
    const prev = best.get(key);
    if (!prev || score > prev.score) best.set(key, { score, title, ties: 1 });
    else if (score === prev.score) prev.ties++;
  }
  const titles = new Map<string, string>();
  for (const [k, v] of best) if (v.ties === 1 || v.score % 2 === 1) titles.set(k, v.title);
  return titles;
}

/** `name` for `name.info`, `name.info.gz`, …; null for split parts (`name.info-2`) and other files. */
export function manualNameOf(file: string): string | null {
  const base = stripCompression(file);
  if (!base.endsWith('.info')) return null;
  const name = base.slice(0, -'.info'.length);
  return name && name !== 'dir' ? name : null;
}

async function listDir(dir: string): Promise<{ files: string[]; subdirs: string[] }> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    const files: string[] = [];
    const subdirs: string[] = [];
    for (const e of entries) {
      if (e.isDirectory()) subdirs.push(path.join(dir, e.name));
      else if (e.isFile() || e.isSymbolicLink()) files.push(e.name);
    }
    return { files: files.sort(), subdirs: subdirs.sort() };
  } catch {
    return { files: [], subdirs: [] };
  }
}

async function readDirFile(dir: string, files: readonly string[]): Promise<DirEntry[]> {
  const name = files.find((f) => f === 'dir') ?? files.find((f) => stripCompression(f) === 'dir' && compressionOf(f) !== '');
  if (!name) return [];
  try {
    const file = path.join(dir, name);
    const bytes = compressionOf(name) ? await readInfoBytes(file) : await readFile(file);
    return parseDirEntries(bytes.toString('utf8'));
  } catch {
    return [];
  }
}

export interface Discovery {
  dirs: string[];
  manuals: ManualLocation[];
}

/**
 * Find the manuals in `dirs` and one level of their subdirectories (Debian puts the Emacs
 * manuals in /usr/share/info/emacs). A manual found earlier wins over one of the same name
 * found later; within a directory an uncompressed file wins over a compressed one.
 */
export async function discoverManuals(dirs: readonly string[]): Promise<Discovery> {
  const searched: string[] = [];
  const found = new Map<string, ManualLocation>();
  const titles = new Map<string, string>();
  const visit = async (dir: string, depth: number) => {
    const { files, subdirs } = await listDir(dir);
    if (files.length === 0 && subdirs.length === 0) return;
    searched.push(dir);
    for (const [k, v] of titlesFromDirEntries(await readDirFile(dir, files))) if (!titles.has(k)) titles.set(k, v);
    const here = new Map<string, string>();
    for (const f of files) {
      const name = manualNameOf(f);
      if (!name) continue;
      const prev = here.get(name);
      if (!prev || (compressionOf(prev) !== '' && compressionOf(f) === '')) here.set(name, f);
    }
    for (const [name, f] of here) {
      if (!found.has(name)) found.set(name, { name, file: path.join(dir, f), dir, title: null });
    }
    if (depth === 0) for (const sub of subdirs) await visit(sub, 1);
  };
  for (const dir of dirs) {
    const s = await stat(dir).catch(() => null);
    if (s?.isDirectory()) await visit(dir, 0);
  }
  const manuals = [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
  for (const m of manuals) m.title = titles.get(m.name.toLowerCase()) ?? null;
  return { dirs: searched, manuals };
}
