import { gunzipSync, gzipSync } from 'node:zlib';
import { DocentError } from '../../core/errors.js';

/**
 * A baseline: what `diagnostics` found, carried by the caller rather than kept by docent, so a
 * one-shot `docent check --since` works as well as a long MCP session. It is a compact, opaque
 * string (gzip + base64url of the ids per file, with enough to describe a fixed diagnostic).
 */

/** [id, code, severity, line, message] */
export type BaselineEntry = [string, string, string, number, string];
export type Baseline = Map<string, BaselineEntry[]>;

const PREFIX = 'b1.';

export function encodeBaseline(b: Baseline): string {
  const files: Record<string, BaselineEntry[]> = {};
  for (const [f, list] of [...b].sort(([a], [c]) => a.localeCompare(c))) files[f] = list;
  return PREFIX + gzipSync(Buffer.from(JSON.stringify({ files }), 'utf8')).toString('base64url');
}

export function decodeBaseline(s: string): Baseline {
  try {
    if (!s.startsWith(PREFIX)) throw new Error('prefix');
    const json = JSON.parse(gunzipSync(Buffer.from(s.slice(PREFIX.length), 'base64url')).toString('utf8')) as { files: Record<string, BaselineEntry[]> };
    return new Map(Object.entries(json.files));
  } catch {
    throw new DocentError('E_BAD_INPUT', 'since is not a baseline that diagnostics returned.', 'Pass the `baseline` string of an earlier diagnostics answer unchanged.');
  }
}
