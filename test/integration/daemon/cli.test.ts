import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSampleInfo, copyCppFixture, copyFixture, daemonWorld, mockProject, waitFor, type DaemonWorld } from './helpers.js';

/**
 * The CLI through the daemon answers exactly as a standalone run: the same JSON, the same
 * text, the same exit codes, for commands over language servers, the docs index and Info.
 */

let w: DaemonWorld;
let cpp: string;
let ts: string;

beforeAll(() => {
  w = daemonWorld();
  w.env.DOCENT_INFO_DIRS = buildSampleInfo(path.join(w.base, 'info'));
  cpp = copyCppFixture(w.base);
  ts = copyFixture('test/fixtures/navigation/ts', w.base, 'ts');
});
afterAll(async () => w.cleanup());

describe('docent daemon', () => {
  it('starts once, on a socket only its user can use, and stops', async () => {
    expect((await w.run(['daemon', 'status'])).status).toBe(1);
    const first = await w.run(['daemon', 'start']);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/docent daemon started \(pid \d+\)/);
    const second = await w.run(['daemon', 'start']);
    expect(second.status).toBe(0);
    expect(second.stdout).toMatch(/already running/);
    const s = (await w.status());
    expect(s.running).toBe(true);
    const socket = path.join(w.env.XDG_RUNTIME_DIR!, 'docent', 'daemon.sock');
    expect(statSync(socket).isSocket()).toBe(true);
    expect(statSync(socket).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);
    expect((await w.run(['daemon', 'logs'])).stdout).toMatch(new RegExp(`daemon \\(pid ${s.pid}\\) listening on`));
  });

  const cases: Array<{ cwd: () => string; args: string[]; status: number }> = [
    { cwd: () => cpp, args: ['symbols', 'Circle', '--no-details'], status: 0 },
    { cwd: () => cpp, args: ['symbols', 'NoSuchSymbolAnywhere', '--no-details'], status: 1 },
    { cwd: () => cpp, args: ['outline', 'src/shapes.cpp'], status: 0 },
    { cwd: () => cpp, args: ['def', 'Circle'], status: 0 },
    { cwd: () => cpp, args: ['refs', 'Circle', '-n', '5'], status: 0 },
    { cwd: () => cpp, args: ['search', 'area', 'of', 'a', 'shape'], status: 0 },
    { cwd: () => cpp, args: ['doc', 'no_such_item_at_all'], status: 1 },
    { cwd: () => ts, args: ['outline', 'src/app.ts', '--depth', '1'], status: 0 },
    { cwd: () => ts, args: ['search', 'total'], status: 0 },
    { cwd: () => w.base, args: ['info', 'frob-list', '--manual', 'sample'], status: 0 },
    { cwd: () => w.base, args: ['info', '--search', 'frob', '-m', 'sample'], status: 0 },
    { cwd: () => w.base, args: ['info', '--node', 'Variables', '-m', 'sample'], status: 0 },
    { cwd: () => w.base, args: ['info', 'no-such-symbol', '-m', 'sample'], status: 1 },
    { cwd: () => w.base, args: ['info', 'frob-list', '-m', 'no-such-manual'], status: 3 },
  ];

  it('answers a dozen commands exactly as a standalone run does (--json, text, exit codes)', async () => {
    const before = (w.log().match(/session:cli#\d+\] info: session for/g) ?? []).length;
    for (const c of cases) {
      const t0 = Date.now();
      const viaDaemon = await w.run([...c.args, '--json'], { cwd: c.cwd(), env: { DOCENT_LOG: 'info' } });
      const alone = await w.run([...c.args, '--json', '--no-daemon'], { cwd: c.cwd() });
      expect(viaDaemon.status, `${c.args.join(' ')}: ${viaDaemon.stderr}`).toBe(c.status);
      expect(alone.status, c.args.join(' ')).toBe(c.status);
      expect(viaDaemon.stdout, c.args.join(' ')).toBe(alone.stdout);
      expect(() => JSON.parse(viaDaemon.stdout)).not.toThrow();
      if (process.env.DOCENT_TEST_TIMES) console.log(c.args.join(' '), Date.now() - t0, 'ms');
    }
    for (const args of [['info', 'frob-list', '--manual', 'sample'], ['outline', 'src/shapes.cpp']]) {
      const cwd = args[0] === 'info' ? w.base : cpp;
      expect((await w.run(args, { cwd })).stdout).toBe((await w.run([...args, '--no-daemon'], { cwd })).stdout);
    }
    // Every one of them was answered by the daemon (a session each), not by a silent fallback.
    const after = (w.log().match(/session:cli#\d+\] info: session for/g) ?? []).length;
    expect(after - before).toBeGreaterThanOrEqual(cases.length + 2);
    // One docs index per set of roots, shared by the commands on them.
    expect((await w.status()).docs_indexes).toEqual(expect.arrayContaining([cpp, ts]));
    // Each standalone run starts its own language server: a few seconds a command on a busy machine.
  }, 300_000);

  it('a daemon killed mid-request gives a clear error, and the next command works', async () => {
    const mock = mockProject(w.base);
    const pid = (await w.status()).pid!;
    const cmd = w.start(['symbols', 'slow', '--no-details'], { cwd: mock.dir });
    expect(await waitFor(() => mock.logText().includes('workspace/symbol slow'))).toBe(true);
    process.kill(pid, 'SIGKILL');
    const r = await cmd.done;
    expect(r.status).toBe(3);
    expect(r.stderr).toMatch(/daemon stopped before it answered/);
    expect(r.stderr).toMatch(/E_UNAVAILABLE/);
    // No daemon now: with autostart the next command starts a new one and is answered by it.
    const next = await w.run(['info', 'frob-list', '--manual', 'sample'], { env: { DOCENT_DAEMON_AUTOSTART: '1' } });
    expect(next.status, next.stderr).toBe(0);
    expect(next.stdout).toMatch(/frob-list/);
    expect(next.stderr).toBe('');
    const s = (await w.status());
    expect(s.running).toBe(true);
    expect(s.pid).not.toBe(pid);
  });

  it('autostart starts a daemon that answers; when none can start, the command runs standalone and says so once', async () => {
    await w.run(['daemon', 'stop']);
    expect((await w.status()).running).toBe(false);
    const off = await w.run(['info', 'frob-list', '-m', 'sample']);
    expect(off.status).toBe(0);
    expect(off.stderr).toBe('');
    expect((await w.status()).running).toBe(false);
    const on = await w.run(['info', 'frob-list', '-m', 'sample'], { env: { DOCENT_DAEMON_AUTOSTART: '1' } });
    expect(on.status).toBe(0);
    expect(on.stdout).toBe(off.stdout);
    expect((await w.status()).running).toBe(true);
    // A runtime directory that cannot hold the daemon's socket: the command still answers.
    const broken = await w.run(['info', 'frob-list', '-m', 'sample'], { env: { DOCENT_DAEMON_AUTOSTART: '1', XDG_RUNTIME_DIR: path.join(cpp, 'CMakeLists.txt') } });
    expect(broken.status).toBe(0);
    expect(broken.stdout).toBe(off.stdout);
    expect(broken.stderr.trim().split('\n').filter((l) => /answering without it/.test(l))).toHaveLength(1);
  });
});
