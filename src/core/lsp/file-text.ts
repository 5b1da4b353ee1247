import { statSync, readFileSync } from 'node:fs';
import { lineAt, lineStarts } from './positions.js';
import { sessionOverlay, sessionRead } from './session-view.js';

/**
 * A small cache of file contents keyed by path and validated by mtime and size, so that line
 * previews, name positions and didOpen for many symbols in the same few files read each file
 * once, while an edited file is always read afresh.
 */
export interface FileText {
  path: string;
  text: string;
  mtimeMs: number;
  size: number;
  starts: number[];
}

const MAX_ENTRIES = 256;
/** Files larger than this are not read for previews (generated amalgamations, minified bundles). */
const MAX_BYTES = 8 * 1024 * 1024;
const cache = new Map<string, FileText>();

export function readFileText(path: string): FileText | undefined {
  // Work for a session reads what the session's language servers read: its overlay, else the
  // disk through the Vfs, so "changed on disk" means one thing everywhere (session-view.ts).
  const overlay = sessionOverlay(path);
  if (overlay) return overlayText(overlay.path, overlay.text, overlay.hash);
  let st;
  try {
    st = statSync(path);
  } catch {
    return undefined;
  }
  if (!st.isFile() || st.size > MAX_BYTES) return undefined;
  const viewed = sessionRead(path);
  if (viewed) return viewed.exists ? overlayText(viewed.path, viewed.text, viewed.hash) : undefined;
  // Outside any session (core helpers called directly): a small cache of its own.
  const hit = cache.get(path);
  if (hit && hit.mtimeMs === st.mtimeMs && hit.size === st.size) {
    cache.delete(path);
    cache.set(path, hit); // most recently used goes last
    return hit;
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  const entry: FileText = { path, text, mtimeMs: st.mtimeMs, size: st.size, starts: lineStarts(text) };
  cache.set(path, entry);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return entry;
}

/** Texts by content hash: overlays, and disk contents read through the Vfs. */
const byHash = new Map<string, FileText>();
function overlayText(path: string, text: string, hash: string): FileText {
  const key = `${path}\0${hash}`;
  let hit = byHash.get(key);
  if (hit) byHash.delete(key); // most recently used goes last
  else hit = { path, text, mtimeMs: -1, size: text.length, starts: lineStarts(text) };
  byHash.set(key, hit);
  if (byHash.size > MAX_ENTRIES) byHash.delete(byHash.keys().next().value!);
  return hit;
}

/** The trimmed text of 0-based `line` in `path`, capped for token budgets; '' when unreadable. */
export function linePreview(path: string, line: number, maxChars = 200): string {
  const ft = readFileText(path);
  if (!ft) return '';
  const l = lineAt(ft.text, line, ft.starts).trim();
  return l.length > maxChars ? l.slice(0, maxChars - 1) + '…' : l;
}

/**
 * A file's version as the caches see it: "mtime:size", or "missing". Answers cached under one
 * stamp are stale once the stamp changes.
 */
export function fileStamp(file: string): string {
  const overlay = sessionOverlay(file);
  if (overlay) return `overlay:${overlay.hash}`;
  try {
    const st = statSync(file);
    return `${st.mtimeMs}:${st.size}`;
  } catch {
    return 'missing';
  }
}
