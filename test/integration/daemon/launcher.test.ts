import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO } from '../../helpers/docent.js';
import { buildSampleInfo, copyFixture, daemonWorld, mockProject, waitFor, type CliResult, type DaemonWorld } from './helpers.js';

/**
 * The installed `docent` command is bin/docent, a sh launcher: with a daemon running it asks
 * the daemon over curl and prints its answer; otherwise it runs the Node CLI. Either way the
 * bytes on stdout and stderr and the exit code are a standalone run's.
 */

const LAUNCHER = path.join(REPO, 'bin/docent');

let w: DaemonWorld;
let ts: string;
let broken: string;
let empty: string;

/** Run the launcher itself (not node on dist/cli/main.js), with bytes as they come. */
function launch(args: string[], opts: { cwd?: string; env?: Record<string, string>; bin?: string } = {}): Promise<CliResult & { out: Buffer }> {
  const child = spawn(opts.bin ?? LAUNCHER, args, { cwd: opts.cwd ?? w.base, env: { ...process.env, ...w.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (d: Buffer) => out.push(d));
  child.stderr.on('data', (d: Buffer) => err.push(d));
  return new Promise((resolve) =>
    child.on('close', (status) => resolve({ status, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), out: Buffer.concat(out) })),
  );
}

/** How many commands the daemon answered by the fast path, and by a Node client's session. */
function answered(): { fast: number; node: number } {
  const log = w.log();
  return { fast: (log.match(/daemon:fast\] info: \w+ answered in/g) ?? []).length, node: (log.match(/session:cli#\d+\] info: session for|session\] warn: session \d+: /g) ?? []).length };
}

const same = (a: CliResult, b: CliResult, what: string) => {
  expect(a.stdout, what).toBe(b.stdout);
  expect(a.stderr, what).toBe(b.stderr);
  expect(a.status, what).toBe(b.status);
};

const HOSTILE = `it's "q" $(touch pwned) \`touch pwned\` \\ \\n %s %d \${HOME} é`;

beforeAll(async () => {
  w = daemonWorld();
  w.env.DOCENT_INFO_DIRS = buildSampleInfo(path.join(w.base, 'info'));
  ts = copyFixture('test/fixtures/navigation/ts', w.base, 'ts');
  broken = path.join(w.base, 'broken');
  mkdirSync(broken);
  writeFileSync(path.join(broken, 'docent.config.json'), '{ "lsp": ');
  empty = path.join(w.base, 'empty');
  mkdirSync(empty);
  const started = await w.run(['daemon', 'start']);
  expect(started.status, started.stderr).toBe(0);
});
afterAll(async () => w.cleanup());

describe('the docent launcher (bin/docent)', () => {
  const cases: Array<{ cwd: () => string; args: string[] }> = [
    { cwd: () => w.base, args: ['info', 'frob-list', '--manual', 'sample'] },
    { cwd: () => w.base, args: ['info', '--search', 'frob', '-m', 'sample'] },
    { cwd: () => w.base, args: ['info', '--node', 'Variables', '-m', 'sample'] },
    { cwd: () => w.base, args: ['info', 'no-such-symbol', '-m', 'sample'] },
    { cwd: () => w.base, args: ['info', 'frob-list', '-m', 'no-such-manual'] },
    { cwd: () => w.base, args: ['info', HOSTILE, '-m', 'sample'] },
    { cwd: () => broken, args: ['info', '--list'] },
    { cwd: () => empty, args: ['symbols', HOSTILE] },
    { cwd: () => ts, args: ['outline', 'src/app.ts', '--depth', '1'] },
    { cwd: () => ts, args: ['search', 'total'] },
    { cwd: () => ts, args: ['symbols', 'total', '--no-details'] },
  ];

  it('answers through the daemon exactly as the Node CLI does with it and without it (--json and text)', async () => {
    const before = answered();
    let launched = 0;
    for (const c of cases) {
      for (const json of [['--json'], []]) {
        const args = [...c.args, ...json];
        const what = args.join(' ');
        const fast = await launch(args, { cwd: c.cwd() });
        launched++;
        const viaNode = await w.run(args, { cwd: c.cwd() });
        const alone = await w.run([...args, '--no-daemon'], { cwd: c.cwd() });
        same(fast, alone, `${what}: launcher against standalone`);
        same(viaNode, alone, `${what}: Node client against standalone`);
        if (json.length) expect(() => JSON.parse(fast.stdout), what).not.toThrow();
      }
    }
    // Each launcher command was answered by the fast path, each Node one by a session.
    const after = answered();
    expect(after.fast - before.fast).toBe(launched);
    expect(after.node - before.node).toBe(launched);
    // Nothing in the hostile argument ran.
    for (const dir of [w.base, empty, ts]) expect(() => rmSync(path.join(dir, 'pwned'))).toThrow();
  }, 240_000);

  it('prints what the command prints, byte for byte, including text no shell may reinterpret', async () => {
    const r = await launch(['symbols', HOSTILE, '--json'], { cwd: empty });
    expect(r.status).toBe(1);
    expect((JSON.parse(r.stdout) as { query: string }).query).toBe(HOSTILE);
    const text = await launch(['symbols', `a'b\nc`], { cwd: empty });
    expect(text.stdout).toContain(`"a'b\nc"`);
    // An argument that is not UTF-8 reaches the command as Node would have decoded it.
    const odd = `exec "$0" info "$(printf 'odd-\\377\\376-name')" -m sample --json "$@"`;
    const viaSh = (extra: string[]) => launch(['-c', odd, LAUNCHER, ...extra], { bin: '/bin/sh' });
    const fast = await viaSh([]);
    const alone = await viaSh(['--no-daemon']);
    expect(fast.status).toBe(1);
    expect(fast.out.equals(alone.out)).toBe(true);
    expect(fast.stdout).toContain('odd-\ufffd\ufffd-name');
  });

  it('runs through the symlink npm installs, and leaves to Node what the daemon does not answer', async () => {
    const binDir = path.join(w.base, 'prefix-bin');
    mkdirSync(binDir, { recursive: true });
    symlinkSync(LAUNCHER, path.join(binDir, 'docent'));
    const before = answered();
    const linked = await launch(['info', 'frob-list', '-m', 'sample'], { bin: path.join(binDir, 'docent') });
    expect(linked.status, linked.stderr).toBe(0);
    expect(linked.stdout).toMatch(/frob-list/);
    expect(answered().fast - before.fast).toBe(1);

    const version = await launch(['--version']);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const status = await launch(['daemon', 'status', '--json']);
    expect(JSON.parse(status.stdout).running).toBe(true);
    const help = await launch(['info', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/Usage: docent info/);
    const usage = await launch(['symbols', 'x', '--max', '0']);
    expect(usage.status).toBe(2);
    // --no-daemon: the Node CLI, standalone.
    const mid = answered();
    const alone = await launch(['info', 'frob-list', '-m', 'sample', '--no-daemon']);
    expect(alone.stdout).toBe(linked.stdout);
    expect(answered()).toEqual(mid);
  });

  it('without curl on PATH, runs the Node CLI (which uses the daemon)', async () => {
    const nodeOnly = path.join(w.base, 'node-only');
    mkdirSync(nodeOnly, { recursive: true });
    symlinkSync(process.execPath, path.join(nodeOnly, 'node'));
    const before = answered();
    const r = await launch(['info', 'frob-list', '-m', 'sample'], { env: { PATH: nodeOnly } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe((await w.run(['info', 'frob-list', '-m', 'sample', '--no-daemon'])).stdout);
    const after = answered();
    expect(after.fast).toBe(before.fast);
    expect(after.node).toBe(before.node + 1);
  });
});

describe('a long command through the launcher', () => {
  it('keeps the fast path while the daemon works, and is cancelled in the daemon on Ctrl-C', async () => {
    const mock = mockProject(w.base);
    const before = mock.logText().split('workspace/symbol slow').length;
    const child = spawn(LAUNCHER, ['symbols', 'slow', '--no-details'], { cwd: mock.dir, env: { ...process.env, ...w.env }, stdio: 'ignore', detached: true });
    const closed = new Promise((resolve) => child.once('close', (code, signal) => resolve(signal ?? code)));
    expect(await waitFor(() => mock.logText().split('workspace/symbol slow').length > before)).toBe(true);
    // Longer than the launcher waits on a silent daemon: the daemon's no-op lines keep it
    // waiting, rather than running the command a second time through Node.
    await new Promise((r) => setTimeout(r, 7000));
    expect(mock.logText().split('workspace/symbol slow').length).toBe(before + 1);
    process.kill(-child.pid!, 'SIGINT');
    expect(await closed).toBe('SIGINT');
    expect(await waitFor(() => mock.logText().includes('cancelled slow'), 20_000)).toBe(true);
  }, 60_000);
});

describe('another installation (an upgrade)', () => {
  it('is declined by the daemon; its Node CLI replaces the daemon, which then answers its launcher', async () => {
    // A second installation of docent: its own copy of dist (so another build), the same packages.
    const other = path.join(w.base, 'other-install');
    mkdirSync(path.join(other, 'bin'), { recursive: true });
    cpSync(path.join(REPO, 'dist'), path.join(other, 'dist'), { recursive: true });
    cpSync(LAUNCHER, path.join(other, 'bin/docent'));
    cpSync(path.join(REPO, 'package.json'), path.join(other, 'package.json'));
    symlinkSync(path.join(REPO, 'node_modules'), path.join(other, 'node_modules'));
    const args = ['info', 'frob-list', '-m', 'sample'];
    const expected = await w.run([...args, '--no-daemon']);
    const before = (await w.status()).pid;
    const upgraded = await launch(args, { bin: path.join(other, 'bin/docent'), env: { DOCENT_DAEMON_AUTOSTART: '1' } });
    same(upgraded, expected, 'the other installation, through its Node CLI');
    const after = (await w.status()).pid;
    expect(after).not.toBe(before);
    const fast = answered().fast;
    same(await launch(args, { bin: path.join(other, 'bin/docent') }), expected, 'the other installation, through its launcher');
    expect(answered().fast).toBe(fast + 1);
    // And back: this checkout's launcher is declined by that daemon, and its Node CLI replaces it.
    same(await launch(args, { env: { DOCENT_DAEMON_AUTOSTART: '1' } }), expected, 'this installation again');
    expect((await w.status()).pid).not.toBe(after);
  }, 120_000);
});

describe('progress on a terminal', () => {
  it('a command that reports progress to a terminal is handed to the Node CLI, which shows the bar', async () => {
    const fresh = copyFixture('test/fixtures/navigation/ts', w.base, 'ts-fresh');
    const socket = path.join(w.env.XDG_RUNTIME_DIR!, 'docent', 'daemon.sock');
    const ask = (tty: string) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const form = ['v=1', `entry=${path.join(REPO, 'dist/cli/main.js')}`, `cwd=${fresh}`, `tty=${tty}`, 'arg=search', 'arg=total'];
        const curl = spawn('curl', ['-q', '-s', '-f', '--unix-socket', socket, ...form.flatMap((f) => ['--data-urlencode', f]), 'http://docent/daemon/cli']);
        let out = '';
        curl.stdout.on('data', (d: Buffer) => (out += d.toString()));
        curl.on('close', (code) => resolve({ code, out }));
      });
    // The first search indexes the project, reporting progress: with stderr a terminal, no script.
    const cold = await ask('001');
    expect(cold.code).not.toBe(0);
    expect(cold.out).not.toMatch(/# docent-cli end/);
    expect(w.log()).toMatch(/docs_search handed to the Node CLI/);
    // What the launcher then runs: the Node CLI, answered by the daemon once indexed.
    const viaNode = await w.run(['search', 'total'], { cwd: fresh });
    expect(viaNode.status, viaNode.stderr).toBe(0);
    // Warm: the answer itself, once the daemon's own catch-up is done (the project's dependencies
    // too: JavaScript's standard library is built beside the Node CLI's run, and while it is, a
    // search still reports progress and is handed over again).
    let warm = await ask('001');
    for (let i = 0; warm.code !== 0 && i < 60; i++) {
      await new Promise((r) => setTimeout(r, 500));
      warm = await ask('001');
    }
    expect(warm.code).toBe(0);
    expect(warm.out).toMatch(/computeTotal[\s\S]*\n# docent-cli end\n$/);
  });
});

describe('the daemon\'s idle time', () => {
  it('restarts with each launcher command, which opens no session', async () => {
    const idle = daemonWorld({ DOCENT_INFO_DIRS: w.env.DOCENT_INFO_DIRS!, DOCENT_DAEMON_IDLE_EXIT_MS: '5000' });
    try {
      expect((await idle.run(['daemon', 'start'])).status).toBe(0);
      // From the daemon's state file: no Node process between the commands below.
      const pid = (JSON.parse(readFileSync(path.join(idle.env.XDG_RUNTIME_DIR!, 'docent', 'daemon.json'), 'utf8')) as { pid: number }).pid;
      const alive = () => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      // Twice the idle time of commands, none of them a session: the daemon stays.
      const until = Date.now() + 10_000;
      while (Date.now() < until) {
        expect((await launch(['info', 'frob-list', '-m', 'sample'], { cwd: idle.base, env: idle.env })).status).toBe(0);
        expect(alive()).toBe(true);
        await new Promise((r) => setTimeout(r, 300));
      }
      expect(idle.log()).toMatch(/daemon:fast\] info: info_lookup_symbol answered/);
      // Then, without commands, it exits.
      expect(await waitFor(() => /stopping \(no sessions for 5000 ms\)/.test(idle.log()), 30_000)).toBe(true);
    } finally {
      await idle.cleanup();
    }
  }, 60_000);
});

describe('the launcher falls back to the Node CLI', () => {
  let other: DaemonWorld;
  let fake: Server | undefined;
  beforeAll(() => {
    other = daemonWorld({ DOCENT_INFO_DIRS: w.env.DOCENT_INFO_DIRS!, DOCENT_DAEMON_START_TIMEOUT_MS: '500' });
    mkdirSync(path.join(other.env.XDG_RUNTIME_DIR!, 'docent'), { mode: 0o700 });
  });
  afterAll(async () => {
    fake?.closeAllConnections();
    fake?.close();
    await other.cleanup();
  });
  const socket = () => path.join(other.env.XDG_RUNTIME_DIR!, 'docent', 'daemon.sock');
  const fakeDaemon = async (answer: (url: string, res: import('node:http').ServerResponse) => void) => {
    fake?.closeAllConnections();
    fake?.close();
    rmSync(socket(), { force: true });
    fake = createServer((req, res) => {
      req.resume();
      req.on('end', () => answer(req.url ?? '', res));
    });
    await new Promise<void>((resolve) => fake!.listen(socket(), resolve));
  };
  const run = (args: string[]) => {
    const child = spawn(LAUNCHER, args, { cwd: other.base, env: { ...process.env, ...other.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    return new Promise<CliResult>((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
  };
  const args = ['info', 'frob-list', '-m', 'sample'];

  it('when the socket is stale (nobody listens)', async () => {
    const expected = await other.run([...args, '--no-daemon']);
    expect(expected.status).toBe(0);
    // A socket file left behind with no listener, as after a crash: a process killed while listening.
    const listener = spawn(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(socket())}, () => console.log('up'))`], { stdio: ['ignore', 'pipe', 'ignore'] });
    await new Promise((resolve) => listener.stdout.once('data', resolve));
    listener.kill('SIGKILL');
    await new Promise((resolve) => listener.once('close', resolve));
    expect(statSync(socket()).isSocket()).toBe(true);
    same(await run(args), expected, 'stale socket');
  });

  it('when the answer is not well formed, or the daemon declines', async () => {
    const expected = await other.run([...args, '--no-daemon']);
    for (const body of ["# docent-cli 1\nprintf '%s' 'cut short'\n", "printf '%s' 'no head'\nexit 0\n# docent-cli end\n", '']) {
      await fakeDaemon((url, res) => {
        if (url === '/daemon/cli') res.writeHead(200).end(body);
        else res.writeHead(500).end('not a daemon');
      });
      same(await run(args), expected, JSON.stringify(body));
    }
    await fakeDaemon((url, res) => res.writeHead(409).end('declined\n'));
    same(await run(args), expected, 'declined');
  });

  it('but not while a slow answer keeps coming (the no-op lines of a working daemon)', async () => {
    await fakeDaemon((url, res) => {
      if (url !== '/daemon/cli') return void res.writeHead(500).end();
      res.writeHead(200).write('# docent-cli 1\n');
      let beats = 0;
      const timer = setInterval(() => {
        res.write(':\n');
        if (++beats < 3) return;
        clearInterval(timer);
        res.end(`printf '%s' 'slow '\\''answer'\\'' $(x)\n'\nprintf '%s' 'and a warning\n' >&2\nexit 1\n# docent-cli end\n`);
      }, 400);
    });
    const r = await run(args);
    expect(r).toEqual({ status: 1, stdout: "slow 'answer' $(x)\n", stderr: 'and a warning\n' });
  });

  it('when the daemon accepts the connection and never answers', async () => {
    const expected = await other.run([...args, '--no-daemon']);
    let asked = 0;
    await fakeDaemon((url) => {
      if (url === '/daemon/cli') asked++;
    });
    same(await run(args), expected, 'hung daemon');
    expect(asked).toBe(1);
  }, 60_000);
});
