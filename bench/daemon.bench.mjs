// The daemon against standalone runs, in the same run. Figures: a warm `docent info mapcar`
// (or, without the Emacs manuals, a symbol of the sample manual) end to end through the
// daemon, target <= 40 ms; a warm `docent symbols X` on a C++ project, target <= 50 ms; three
// `serve --attach` clients on that project -> how many clangd, and the daemon's RSS with three
// sessions against one (target <= 1.3x); the same three clients on standalone `serve`.
// The installed `docent` is bin/docent, a sh launcher that asks a running daemon over curl
// (no Node start); the Node CLI through the daemon is measured beside it, as is the daemon's own
// time for the launcher's request (its server-timing header).
// The floor: `node -e 0` and `curl` alone, and the CLI's daemon path alone (what the Node
// command costs once main.ts loads only what a command needs).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { median, ms, percentile, summary } from './lib/stats.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(repo, 'dist/cli/main.js');
const LAUNCHER = path.join(repo, 'bin/docent');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const base = mkdtempSync(path.join(tmpdir(), 'docent-bench-daemon-'));
mkdirSync(path.join(base, 'run'), { mode: 0o700 });
const env = {
  ...process.env,
  XDG_RUNTIME_DIR: path.join(base, 'run'),
  XDG_CACHE_HOME: path.join(base, 'cache'),
  DOCENT_INDEX_DIR: path.join(base, 'index'),
  DOCENT_DAEMON_AUTOSTART: '0',
};

// The Info manual: the Emacs Lisp manual when installed (or in DOCENT_INFO_DIRS), else the
// sample manual built from the test fixture.
const hasElisp = spawnSync(process.execPath, [BIN, 'info', 'mapcar', '--no-daemon'], { env, encoding: 'utf8' }).status === 0;
let infoArgs = ['info', 'mapcar'];
if (!hasElisp) {
  const dir = path.join(base, 'info');
  mkdirSync(dir);
  const fx = path.join(repo, 'test/fixtures/info');
  execFileSync('makeinfo', ['--no-split', '-I', fx, '-o', path.join(dir, 'sample.info'), path.join(fx, 'sample.texi')]);
  env.DOCENT_INFO_DIRS = [dir, env.DOCENT_INFO_DIRS].filter(Boolean).join(path.delimiter);
  infoArgs = ['info', 'frob-list', '--manual', 'sample'];
  console.log('(the elisp manual is not installed: timing `docent info frob-list --manual sample` instead)');
}

// The C++ project: the symbols fixture with its compilation database.
const cpp = path.join(base, 'cpp');
cpSync(path.join(repo, 'test/fixtures/symbols/cpp'), cpp, { recursive: true, filter: (s) => !s.includes(`${path.sep}build`) });
execFileSync('cmake', ['-S', cpp, '-B', path.join(cpp, 'build'), '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON'], { stdio: 'ignore' });

function timeCli(args, cwd, rounds, command = process.execPath) {
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    const r = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
    times.push(performance.now() - t0);
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  }
  return times;
}
const cli = (args) => [BIN, ...args];
const timeLauncher = (args, cwd, rounds) => timeCli(args, cwd, rounds, LAUNCHER);
const hasCurl = spawnSync('curl', ['--version']).status === 0;
/** The daemon's own time for the launcher's request, from its server-timing header. */
function daemonSide(args, cwd, rounds) {
  const form = ['v=1', `entry=${BIN}`, `cwd=${cwd}`, ...args.map((a) => `arg=${a}`), ...Object.entries(env).filter(([k]) => k.startsWith('DOCENT_')).map(([k, v]) => `env=${k}=${v}`)];
  const curlArgs = ['-q', '-s', '-o', '/dev/null', '-D', '-', '--unix-socket', path.join(env.XDG_RUNTIME_DIR, 'docent', 'daemon.sock'), '-H', 'Expect:', ...form.flatMap((f) => ['--data-urlencode', f]), 'http://docent/daemon/cli'];
  const times = [];
  for (let i = 0; i < rounds; i++) {
    const head = spawnSync('curl', curlArgs, { encoding: 'utf8' }).stdout;
    const m = /server-timing: docent;dur=([\d.]+)/i.exec(head);
    if (!m) throw new Error(`the daemon did not answer the launcher's request for ${args.join(' ')}: ${head}`);
    times.push(Number(m[1]));
  }
  return times;
}
const status = () => JSON.parse(spawnSync(process.execPath, [BIN, 'daemon', 'status', '--json'], { env, encoding: 'utf8' }).stdout);
// A child may exit between pgrep and the read (a short-lived helper of clangd): it counts 0.
const rssKb = (pid) => {
  try {
    return Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  } catch {
    return 0;
  }
};
const children = (pid) => spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);
const clangdUnder = (pid) => spawnSync('pgrep', ['-P', String(pid), '-f', 'clangd'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).length;
const treeRssMb = (pid) => (rssKb(pid) + children(pid).reduce((n, c) => n + rssKb(c), 0)) / 1024;

try {
  // The floor.
  const nodeFloor = timeCli(['-e', '0'], base, ROUNDS);
  console.log(summary('node -e 0 (the floor of any Node command)', nodeFloor));
  if (!hasCurl) console.log('(curl is not installed: the launcher runs the Node CLI, so its figures are the Node ones)');
  else console.log(summary('curl --version (the floor of the launcher)', timeCli(['--version'], base, ROUNDS, 'curl')));

  execFileSync(process.execPath, [BIN, 'daemon', 'start'], { env });
  const daemonPid = status().pid;

  // Info: warm through the daemon against standalone.
  timeCli(cli(infoArgs), base, 2);
  timeLauncher(infoArgs, base, 2);
  const infoLauncher = timeLauncher(infoArgs, base, ROUNDS);
  const infoDaemon = timeCli(cli(infoArgs), base, ROUNDS);
  const infoAlone = timeCli(cli([...infoArgs, '--no-daemon']), base, Math.ceil(ROUNDS / 2));
  console.log(summary(`docent ${infoArgs.join(' ')} through the daemon, warm, the launcher (target <= 40 ms)`, infoLauncher));
  if (hasCurl) console.log(summary(`  the daemon's own time for it`, daemonSide(infoArgs, base, ROUNDS)));
  console.log(summary(`  the Node CLI through the daemon`, infoDaemon));
  console.log(summary(`  standalone (--no-daemon)`, infoAlone));
  console.log(`  standalone / launcher: ${(median(infoAlone) / median(infoLauncher)).toFixed(1)}x; standalone / Node CLI through the daemon: ${(median(infoAlone) / median(infoDaemon)).toFixed(1)}x`);

  // Symbols on the C++ project.
  timeCli(cli(['symbols', 'Circle']), cpp, 2);
  timeLauncher(['symbols', 'Circle'], cpp, 2);
  const symLauncher = timeLauncher(['symbols', 'Circle'], cpp, ROUNDS);
  const symDaemon = timeCli(cli(['symbols', 'Circle']), cpp, ROUNDS);
  const symAlone = timeCli(cli(['symbols', 'Circle', '--no-daemon']), cpp, 3);
  console.log(summary('docent symbols Circle through the daemon, warm, the launcher (target <= 50 ms)', symLauncher));
  if (hasCurl) console.log(summary(`  the daemon's own time for it`, daemonSide(['symbols', 'Circle'], cpp, ROUNDS)));
  console.log(summary('  the Node CLI through the daemon', symDaemon));
  console.log(summary('  standalone (--no-daemon, starts clangd each time)', symAlone));
  console.log(`  standalone / launcher: ${(median(symAlone) / median(symLauncher)).toFixed(1)}x; standalone / Node CLI through the daemon: ${(median(symAlone) / median(symDaemon)).toFixed(1)}x`);

  // Three attached MCP clients against three standalone `serve` processes.
  const connect = async (args) => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', ...args], cwd: cpp, env, stderr: 'ignore' });
    const client = new Client({ name: 'bench', version: '0' });
    await client.connect(transport);
    // The same work in every session, repeated so the heap reaches its steady size.
    for (const query of ['Circle', 'Shape', 'area', 'Circle', 'Shape']) await client.callTool({ name: 'search_symbols', arguments: { query } });
    return { client, transport };
  };
  const attached = [await connect(['--attach'])];
  await new Promise((r) => setTimeout(r, 2000));
  const oneSession = { daemon: rssKb(daemonPid) / 1024, tree: treeRssMb(daemonPid) };
  attached.push(await connect(['--attach']), await connect(['--attach']));
  await new Promise((r) => setTimeout(r, 2000));
  const threeSessions = { daemon: rssKb(daemonPid) / 1024, tree: treeRssMb(daemonPid) };
  console.log(`three serve --attach clients: ${clangdUnder(daemonPid)} clangd under the daemon (${status().sessions} sessions)`);
  console.log(`  daemon RSS: one session ${oneSession.daemon.toFixed(0)} MB, three ${threeSessions.daemon.toFixed(0)} MB: ${(threeSessions.daemon / oneSession.daemon).toFixed(2)}x (target <= 1.3x)`);
  console.log(`  daemon + language servers: one session ${oneSession.tree.toFixed(0)} MB, three ${threeSessions.tree.toFixed(0)} MB: ${(threeSessions.tree / oneSession.tree).toFixed(2)}x`);
  for (const a of attached) await a.client.close();

  const alone = [];
  for (let i = 0; i < 3; i++) alone.push(await connect(['--no-index']));
  await new Promise((r) => setTimeout(r, 1000));
  const pids = alone.map((a) => a.transport.pid);
  const clangds = pids.reduce((n, p) => n + clangdUnder(p), 0);
  const aloneMb = pids.reduce((n, p) => n + treeRssMb(p), 0);
  console.log(`three standalone serve: ${clangds} clangd, ${aloneMb.toFixed(0)} MB with their language servers (the daemon: ${threeSessions.tree.toFixed(0)} MB)`);
  for (const a of alone) await a.client.close();
  console.log(`p95 through the launcher: info ${ms(percentile(infoLauncher, 95))}, symbols ${ms(percentile(symLauncher, 95))}`);
} finally {
  spawnSync(process.execPath, [BIN, 'daemon', 'stop'], { env });
  if (existsSync(base)) rmSync(base, { recursive: true, force: true });
}
