import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOCENT_BIN, REPO } from '../../helpers/docent.js';

/**
 * A private world for one daemon test: its own XDG_RUNTIME_DIR (so its own daemon socket),
 * cache and index directories, and copies of the fixtures it needs. `cleanup` stops the
 * daemon and removes everything.
 */
export interface DaemonWorld {
  base: string;
  env: Record<string, string>;
  run(args: string[], opts?: { cwd?: string; env?: Record<string, string> }): Promise<CliResult>;
  /** The CLI as a child process, for tests that act while it runs. */
  start(args: string[], opts?: { cwd?: string; env?: Record<string, string> }): { done: Promise<CliResult>; pid: number };
  status(): Promise<DaemonStatusJson>;
  log(): string;
  cleanup(): Promise<void>;
}

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface DaemonStatusJson {
  running: boolean;
  pid?: number;
  sessions?: number;
  docs_indexes?: string[];
  rss_bytes?: number;
}

export function daemonWorld(extraEnv: Record<string, string> = {}): DaemonWorld {
  const base = mkdtempSync(path.join(tmpdir(), 'docent-daemon-'));
  mkdirSync(path.join(base, 'run'), { mode: 0o700 });
  const env: Record<string, string> = {
    XDG_RUNTIME_DIR: path.join(base, 'run'),
    XDG_CACHE_HOME: path.join(base, 'cache'),
    DOCENT_INDEX_DIR: path.join(base, 'index'),
    // Tests are not terminals; they say when they want a daemon started for them.
    DOCENT_DAEMON_AUTOSTART: '0',
    DOCENT_LOG: 'warn',
    ...extraEnv,
  };
  const start = (args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}) => {
    const child = spawn(process.execPath, [DOCENT_BIN, ...args], { cwd: opts.cwd ?? base, env: { ...process.env, ...env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const done = new Promise<CliResult>((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
    return { done, pid: child.pid! };
  };
  const world: DaemonWorld = {
    base,
    env,
    // Asynchronous: a test worker blocked in spawnSync for long misses vitest's heartbeats.
    run: (args, opts = {}) => start(args, opts).done,
    start,
    async status() {
      const r = await world.run(['daemon', 'status', '--json']);
      return JSON.parse(r.stdout) as DaemonStatusJson;
    },
    log() {
      const file = path.join(env.XDG_RUNTIME_DIR!, 'docent', 'daemon.log');
      return existsSync(file) ? readFileSync(file, 'utf8') : '';
    },
    async cleanup() {
      await world.run(['daemon', 'stop']);
      rmSync(base, { recursive: true, force: true });
    },
  };
  return world;
}

/** The sample Info manual built with makeinfo into `dir`; returns the directory. */
export function buildSampleInfo(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const fixtures = path.join(REPO, 'test/fixtures/info');
  execFileSync('makeinfo', ['--no-split', '-I', fixtures, '-o', path.join(dir, 'sample.info'), path.join(fixtures, 'sample.texi')], { stdio: 'pipe' });
  return dir;
}

/** A copy of the C++ symbols fixture with its compilation database. */
export function copyCppFixture(into: string): string {
  const dir = path.join(into, 'cpp');
  cpSync(path.join(REPO, 'test/fixtures/symbols/cpp'), dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}build`) });
  execFileSync('cmake', ['-S', dir, '-B', path.join(dir, 'build'), '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON'], { stdio: 'ignore' });
  return dir;
}

export function copyFixture(rel: string, into: string, name: string): string {
  const dir = path.join(into, name);
  cpSync(path.join(REPO, rel), dir, { recursive: true });
  return dir;
}

/**
 * A project served by the mock language server (test/fixtures/symbols/mock-lsp), which holds
 * every workspace/symbol query but "fast" until it is cancelled, and logs what it sees.
 */
export function mockProject(into: string): { dir: string; logText: () => string } {
  const dir = path.join(into, 'mock');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'a.mock'), 'function fastThing() {}\n');
  const log = path.join(into, 'mock-server.log');
  const server = path.join(REPO, 'test/fixtures/symbols/mock-lsp/server.mjs');
  writeFileSync(
    path.join(dir, 'docent.config.json'),
    JSON.stringify({ lsp: { requestTimeoutMs: 60_000, servers: { mock: { command: process.execPath, args: [server, `--log=${log}`], extensions: ['.mock'], languages: ['mock'] } } } }),
  );
  return { dir, logText: () => (existsSync(log) ? readFileSync(log, 'utf8') : '') };
}

export async function waitFor(cond: () => boolean, timeoutMs = 30_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return cond();
}

/** Child processes of `pid` whose command line names `name` (clangd's process is called clangd.main). */
export function childrenNamed(pid: number, name: string): number[] {
  const r = spawnSync('pgrep', ['-P', String(pid), '-f', name], { encoding: 'utf8' });
  return r.stdout.split('\n').filter(Boolean).map(Number);
}
