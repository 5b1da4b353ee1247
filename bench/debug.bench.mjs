// debug_start -> first stop context, against the debugger's own launch -> stopped time measured
// in the same run by a bare driver (raw DAP for debugpy and lldb-dap, raw CDP for Node), and the
// size of the stop context. Target: docent adds < 10% + 50 ms; a stop context under 2k tokens.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import WebSocket from 'ws';
import { median, summary } from './lib/stats.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'bench-debug-')));
cpSync(path.join(repo, 'test/fixtures/debug'), root, { recursive: true });
execFileSync('g++', ['-g', '-O0', '-o', path.join(root, 'cpp/app'), path.join(root, 'cpp/app.cpp')]);

/** A bare DAP client: spawn, initialize, launch, breakpoint, configurationDone, until `stopped`. */
function dapToStop(command, args, launch, file, line) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'], detached: true });
    let seq = 1;
    let buf = Buffer.alloc(0);
    const send = (command, args) => {
      const body = Buffer.from(JSON.stringify({ seq: seq++, type: 'request', command, arguments: args }));
      child.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
    };
    const done = (v) => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
      resolve(v);
    };
    child.stdout.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      for (;;) {
        const h = buf.indexOf('\r\n\r\n');
        if (h < 0) return;
        const n = Number(/Content-Length: (\d+)/i.exec(buf.subarray(0, h).toString())[1]);
        if (buf.length < h + 4 + n) return;
        const m = JSON.parse(buf.subarray(h + 4, h + 4 + n).toString());
        buf = buf.subarray(h + 4 + n);
        if (m.type === 'response' && m.command === 'initialize') send('launch', launch);
        if (m.type === 'event' && m.event === 'initialized') {
          send('setBreakpoints', { source: { path: file }, breakpoints: [{ line }] });
          send('setExceptionBreakpoints', { filters: [] });
          send('configurationDone', {});
        }
        if (m.type === 'event' && m.event === 'stopped') done(performance.now() - t0);
        if (m.type === 'event' && m.event === 'terminated') reject(new Error('exited without stopping'));
      }
    });
    send('initialize', { adapterID: 'bench', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
  });
}

/** A bare CDP client: node --inspect-brk, breakpoint by URL, run, until the breakpoint pauses. */
function cdpToStop(file, line) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--inspect-brk=127.0.0.1:0', file], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
      const m = /(ws:\/\/\S+)/.exec(err);
      if (!m || child.ws) return;
      const ws = (child.ws = new WebSocket(m[1]));
      let id = 0;
      const send = (method, params = {}) => ws.send(JSON.stringify({ id: ++id, method, params }));
      let first = true;
      ws.on('message', (raw) => {
        const msg = JSON.parse(String(raw));
        if (msg.method !== 'Debugger.paused') return;
        if (first) {
          first = false;
          return send('Debugger.resume');
        }
        ws.terminate();
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
        resolve(performance.now() - t0);
      });
      ws.on('open', () => {
        send('Runtime.enable');
        send('Debugger.enable');
        send('Debugger.setBreakpointByUrl', { urlRegex: `^(file://)?${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, lineNumber: line - 1 });
        send('Runtime.runIfWaitingForDebugger');
      });
    });
  });
}

const client = new Client({ name: 'bench', version: '0' });
await client.connect(
  new StdioClientTransport({ command: process.execPath, args: [path.join(repo, 'dist/cli/main.js'), 'serve', '--root', root, '--no-index'], stderr: 'ignore', env: { ...process.env, DOCENT_INDEX_DIR: path.join(root, '.idx') } }),
);

async function docentToStop(program, file, line) {
  const t0 = performance.now();
  const r = await client.callTool({ name: 'debug_start', arguments: { program, breakpoints: [{ file, line }] } });
  const t = performance.now() - t0;
  if (r.isError || r.structuredContent.stop.state !== 'stopped') throw new Error(`no stop: ${JSON.stringify(r.structuredContent)}`);
  await client.callTool({ name: 'debug_stop', arguments: { session: r.structuredContent.session } });
  return { t, text: r.content[0].text, json: JSON.stringify(r.structuredContent) };
}

const cases = [
  {
    name: 'Python (debugpy)',
    bare: () => dapToStop('/usr/bin/python3', ['-m', 'debugpy.adapter'], { program: path.join(root, 'python/app.py'), cwd: path.join(root, 'python'), console: 'internalConsole', justMyCode: true }, path.join(root, 'python/app.py'), 13),
    docent: () => docentToStop('python/app.py', 'python/app.py', 13),
  },
  {
    name: 'C++ (lldb-dap-19)',
    bare: () => dapToStop('lldb-dap-19', [], { program: path.join(root, 'cpp/app'), cwd: path.join(root, 'cpp') }, path.join(root, 'cpp/app.cpp'), 13),
    docent: () => docentToStop('cpp/app', 'cpp/app.cpp', 13),
  },
  {
    name: 'JavaScript (node inspector)',
    bare: () => cdpToStop(path.join(root, 'js/app.js'), 13),
    docent: () => docentToStop('js/app.js', 'js/app.js', 13),
  },
];

for (const c of cases) {
  // One warm-up each (adapter files into the page cache), then alternate so noise hits both alike.
  await c.bare();
  await c.docent();
  const bare = [];
  const docent = [];
  let last;
  for (let i = 0; i < ROUNDS; i++) {
    bare.push(await c.bare());
    last = await c.docent();
    docent.push(last.t);
  }
  const b = median(bare);
  const d = median(docent);
  const budget = b * 1.1 + 50;
  console.log(`\n${c.name}`);
  console.log(summary('  bare launch -> stopped       ', bare));
  console.log(summary('  docent debug_start -> context', docent));
  console.log(`  overhead: +${(d - b).toFixed(0)} ms (${((100 * (d - b)) / b).toFixed(0)}%); target <= ${budget.toFixed(0)} ms: ${d <= budget ? 'met' : 'NOT met'}`);
  console.log(`  stop context: ${last.text.length} chars of text (~${Math.round(last.text.length / 4)} tokens), ${last.json.length} chars of JSON (~${Math.round(last.json.length / 4)} tokens)`);
}
await client.close();
