import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { REPO } from '../../helpers/docent.js';

/**
 * The debug tests' workspace: test/fixtures/debug copied to a temp dir (the tests build C++ and
 * TypeScript there, and the repository's package.json would make the .js files ES modules),
 * and what they need to check processes.
 */

export function fixtureCopy(...parts: string[]): string {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'docent-debug-')));
  cpSync(path.join(REPO, 'test/fixtures/debug', ...parts), dir, { recursive: true });
  return dir;
}

export function compileCpp(dir: string, names: string[]): void {
  for (const n of names) execFileSync('g++', ['-g', '-O0', '-o', path.join(dir, n), path.join(dir, `${n}.cpp`)], { stdio: 'pipe' });
}

/**
 * Compile the fixture's TypeScript as tsc -p would (tsconfig: outDir "dist", sourceMap), one file
 * at a time with TypeScript's own transpiler: the same JavaScript and maps, without the type
 * check that makes a full tsc run take many seconds on a busy machine.
 */
export async function compileTs(dir: string): Promise<void> {
  const ts = (await import('typescript')).default;
  mkdirSync(path.join(dir, 'dist'), { recursive: true });
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const js = name.replace(/\.ts$/, '.js');
    const out = ts.transpileModule(readFileSync(path.join(dir, name), 'utf8'), {
      fileName: name,
      compilerOptions: { target: ts.ScriptTarget.ES2020, module: ts.ModuleKind.CommonJS, sourceMap: true, strict: true },
    });
    const map = JSON.parse(out.sourceMapText!) as { sources: string[]; file: string };
    map.sources = [`../${name}`];
    writeFileSync(path.join(dir, 'dist', js), out.outputText);
    writeFileSync(path.join(dir, 'dist', `${js}.map`), JSON.stringify(map));
  }
}

/** structuredContent of a successful call; fails the test with the error text otherwise. */
export function ok<T = Record<string, any>>(r: CallToolResult): T {
  if (r.isError) throw new Error(`tool error: ${JSON.stringify(r.structuredContent ?? r.content)}`);
  return r.structuredContent as T;
}

/** Every live descendant of a process (from /proc). */
export function descendants(pid: number): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const out: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const p = queue.shift()!;
    for (const [c, pp] of parent) if (pp === p && !out.includes(c)) (out.push(c), queue.push(c));
  }
  return out;
}

export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Wait (bounded) until none of the pids is alive; returns those still alive. */
export async function waitGone(pids: number[], ms = 8000): Promise<number[]> {
  const until = Date.now() + ms;
  let left = pids.filter(alive);
  while (left.length && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    left = left.filter(alive);
  }
  return left;
}
