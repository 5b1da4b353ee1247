import { readFileSync } from 'node:fs';
import path from 'node:path';
import { debugpyAdapter, nativeAdapter } from '../../core/dap/adapters.js';
import { DapSession } from '../../core/dap/dap-session.js';
import { NodeSession } from '../../core/dap/node-session.js';
import type { DebugSession } from '../../core/dap/session.js';
import { compiledScriptFor } from '../../core/dap/source-maps.js';
import { DocentError } from '../../core/errors.js';
import type { Logger } from '../../core/log.js';

/** Which debugger a program gets: by extension for scripts, by the ELF magic for native binaries. */

export type ProgramKind = 'python' | 'node' | 'native';

export function programKind(program: string): ProgramKind {
  const ext = path.extname(program).toLowerCase();
  if (ext === '.py') return 'python';
  if (['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts'].includes(ext)) return 'node';
  let head: Buffer;
  try {
    head = readFileSync(program).subarray(0, 4);
  } catch (err) {
    throw new DocentError('E_NOT_FOUND', `Cannot read ${program}: ${(err as Error).message}`);
  }
  if (head[0] === 0x7f && head.subarray(1, 4).toString('latin1') === 'ELF') return 'native';
  throw new DocentError('E_BAD_INPUT', `Do not know how to debug ${path.basename(program)}.`, 'Pass a Python (.py), JavaScript (.js), TypeScript (.ts, compiled with --sourceMap) file or a native executable built with -g.');
}

/** The script Node runs for a program: TypeScript runs as the JavaScript tsc wrote for it. */
export function nodeScript(program: string): string {
  if (!/\.[mc]?ts$/.test(program)) return program;
  const compiled = compiledScriptFor(program);
  if (!compiled) throw new DocentError('E_BAD_INPUT', `No compiled JavaScript with a source map found for ${path.basename(program)}.`, 'Build it with tsc and "sourceMap": true (docent follows tsconfig outDir), or pass the compiled .js.');
  return compiled.path;
}

export function createSession(program: string, args: string[], cwd: string, log: Logger): DebugSession {
  switch (programKind(program)) {
    case 'python':
      return new DapSession(debugpyAdapter(cwd), { program, args, cwd }, log);
    case 'native':
      return new DapSession(nativeAdapter(), { program, args, cwd }, log);
    case 'node':
      return new NodeSession({ program: nodeScript(program), args, cwd }, log);
  }
}
