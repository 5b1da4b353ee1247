import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedPositionFor, GREATEST_LOWER_BOUND, LEAST_UPPER_BOUND, originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

/**
 * Source maps for scripts Node loads (tsc --sourceMap, or an inline map): the original files a
 * script came from, and line translation both ways. Lines are 1-based here, columns 0-based.
 */
export class ScriptMap {
  private readonly map: TraceMap;
  /** Absolute original paths, in the map's own source order. */
  readonly sources: string[];

  private constructor(map: TraceMap, scriptPath: string) {
    this.map = map;
    const dir = path.dirname(scriptPath);
    this.sources = map.resolvedSources.map((s) => (s ? toPath(s, dir) : ''));
  }

  /** Load the map a script names (a data: URL, or a path relative to the script); undefined if unreadable. */
  static load(scriptPath: string, sourceMapURL: string): ScriptMap | undefined {
    try {
      let text: string;
      if (sourceMapURL.startsWith('data:')) {
        const comma = sourceMapURL.indexOf(',');
        const meta = sourceMapURL.slice(0, comma);
        const data = sourceMapURL.slice(comma + 1);
        text = meta.endsWith(';base64') ? Buffer.from(data, 'base64').toString('utf8') : decodeURIComponent(data);
      } else {
        text = readFileSync(sourceMapURL.startsWith('file:') ? fileURLToPath(sourceMapURL) : path.resolve(path.dirname(scriptPath), sourceMapURL), 'utf8');
      }
      const parsed = JSON.parse(text) as { sourceRoot?: string };
      return new ScriptMap(new TraceMap(parsed as never, pathToFileUrl(scriptPath)), scriptPath);
    } catch {
      return undefined;
    }
  }

  has(original: string): boolean {
    return this.sources.includes(original);
  }

  /** Where an original line runs in the script: the first mapped position on it or after it. */
  generated(original: string, line: number): { line: number; column: number } | undefined {
    const idx = this.sources.indexOf(original);
    if (idx < 0) return undefined;
    const source = this.map.sources[idx]!;
    // Try the line itself, then the next few (a blank or type-only line has no code).
    for (let l = line; l < line + 20; l++) {
      const g = generatedPositionFor(this.map, { source, line: l, column: 0, bias: LEAST_UPPER_BOUND });
      if (g.line !== null) return { line: g.line, column: g.column };
    }
    return undefined;
  }

  /** The original position of a script position. */
  original(line: number, column: number): { file: string; line: number } | undefined {
    const o = originalPositionFor(this.map, { line, column, bias: GREATEST_LOWER_BOUND });
    if (o.source === null || o.line === null) {
      const up = originalPositionFor(this.map, { line, column, bias: LEAST_UPPER_BOUND });
      if (up.source === null || up.line === null) return undefined;
      return { file: toPath(up.source, ''), line: up.line };
    }
    return { file: toPath(o.source, ''), line: o.line };
  }
}

function pathToFileUrl(p: string): string {
  return `file://${p.split('/').map(encodeURIComponent).join('/')}`;
}

function toPath(source: string, dir: string): string {
  if (source.startsWith('file:')) return fileURLToPath(source);
  return path.resolve(dir, source);
}

/**
 * The JavaScript tsc writes for a TypeScript file, with its map: the nearest tsconfig.json's
 * outDir (relative to rootDir, default the tsconfig's folder), or the .js beside the .ts.
 */
export function compiledScriptFor(tsFile: string): { path: string; map: ScriptMap } | undefined {
  const candidates: string[] = [];
  for (let dir = path.dirname(tsFile); ; dir = path.dirname(dir)) {
    const config = path.join(dir, 'tsconfig.json');
    try {
      // tsconfig allows comments and trailing commas; strip the common forms before parsing.
      const text = readFileSync(config, 'utf8').replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '').replace(/,(\s*[}\]])/g, '$1');
      const opts = (JSON.parse(text) as { compilerOptions?: { outDir?: string; rootDir?: string } }).compilerOptions ?? {};
      if (opts.outDir) {
        const rel = path.relative(path.resolve(dir, opts.rootDir ?? '.'), tsFile);
        candidates.push(path.join(path.resolve(dir, opts.outDir), rel));
      }
      break;
    } catch {
      // no tsconfig here (or unreadable): keep walking up
    }
    if (path.dirname(dir) === dir) break;
  }
  candidates.push(tsFile);
  for (const c of candidates) {
    const js = c.replace(/\.([mc]?)tsx?$/, '.$1js');
    try {
      const tail = readFileSync(js, 'utf8').slice(-4096);
      const url = /\/\/[#@] sourceMappingURL=(\S+)\s*$/.exec(tail)?.[1];
      const map = url ? ScriptMap.load(js, url) : undefined;
      if (map?.has(tsFile)) return { path: js, map };
    } catch {
      // not compiled there
    }
  }
  return undefined;
}
