// emacs_* latency against a real `emacs -Q --daemon` on a private socket, compared with the
// floor: one bare `emacsclient --eval '(buffer-name)'` round trip, and the seed's own
// json-encode expression, measured in the same run. Shows what docent's templates, base64
// envelope and zod validation add on top of the unavoidable process start.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ConfigSchema } from '../dist/core/config/schema.js';
import { createLogger } from '../dist/core/log.js';
import { ServiceRegistry } from '../dist/core/services.js';
import { Workspace } from '../dist/core/workspace/workspace.js';
import { EmacsBuffersInput, emacsListBuffers } from '../dist/features/emacs/buffers.js';
import { EmacsContextInput, emacsGetContext } from '../dist/features/emacs/context.js';
import { EmacsVisibleInput, emacsGetVisibleText } from '../dist/features/emacs/visible.js';
import { median, ratio, summary } from './lib/stats.mjs';

const run = promisify(execFile);
const N = Number(process.env.BENCH_N ?? 30);

// Not directly in /tmp: Emacs deletes the directory of a socket whose parent is /tmp/.
const dir = mkdtempSync(path.join(tmpdir(), 'docent-bench-emacs-'));
mkdirSync(path.join(dir, 'run'), { mode: 0o700 });
const socket = path.join(dir, 'run', 'server');
const started = spawnSync('emacs', ['-Q', `--daemon=${socket}`], { stdio: 'ignore', timeout: 60_000 });
if (started.status !== 0) {
  console.error('could not start emacs --daemon');
  process.exit(1);
}
const ec = (expr) => execFileSync('emacsclient', [`--socket-name=${socket}`, '--eval', expr], { encoding: 'utf8' }).trim();

try {
  const small = path.join(dir, 'small.txt');
  const big = path.join(dir, 'big.txt');
  writeFileSync(small, 'hello "world" ą 😀\n'.repeat(50));
  const line = 'The quick brown fox jumps over the lazy dog; 0123456789.\n';
  writeFileSync(big, line.repeat(Math.ceil((5 * 1024 * 1024) / line.length)));
  ec("(progn (require 'json) (setq large-file-warning-threshold nil))");

  const ctx = {
    workspace: new Workspace([dir]),
    config: ConfigSchema.parse({ emacs: { socket } }),
    services: new ServiceRegistry(),
    signal: new AbortController().signal,
    progress: () => {},
    log: createLogger('bench'),
  };
  const time = async (fn) => {
    const xs = [];
    await fn(); // warm-up
    for (let i = 0; i < N; i++) {
      const t = performance.now();
      await fn();
      xs.push(performance.now() - t);
    }
    return xs;
  };
  const seedExpr = `(json-encode (list (cons 'buffer_name (buffer-name)) (cons 'mode (symbol-name major-mode)) (cons 'point (point))
    (cons 'line_number (line-number-at-pos)) (cons 'column (current-column)) (cons 'file_path (or buffer-file-name nil))
    (cons 'modified (buffer-modified-p)) (cons 'total_lines (count-lines (point-min) (point-max))) (cons 'buffer_size (buffer-size))
    (cons 'narrowed (not (= (point-min) 1))) (cons 'read_only buffer-read-only)))`;
  const seedInBuffer = `(with-current-buffer (window-buffer (selected-window)) ${seedExpr})`;

  const results = {};
  for (const [label, f] of [
    ['small', small],
    ['5 MB', big],
  ]) {
    ec(`(progn (switch-to-buffer (find-file-noselect "${f}")) (goto-char (/ (point-max) 2)) t)`);
    results[label] = {
      bare: await time(() => run('emacsclient', [`--socket-name=${socket}`, '--eval', '(buffer-name)'])),
      seed: await time(() => run('emacsclient', [`--socket-name=${socket}`, '--eval', seedInBuffer])),
      context: await time(() => emacsGetContext(EmacsContextInput.parse({}), ctx)),
      visible: await time(() => emacsGetVisibleText(EmacsVisibleInput.parse({}), ctx)),
      buffers: await time(() => emacsListBuffers(EmacsBuffersInput.parse({}), ctx)),
    };
  }
  for (const [label, r] of Object.entries(results)) {
    console.log(`\n${label} buffer:`);
    console.log('  ' + summary('bare emacsclient (buffer-name)  [reference]', r.bare));
    console.log('  ' + summary("seed's json-encode expression   [reference]", r.seed));
    console.log('  ' + summary('docent emacs_get_context', r.context));
    console.log('  ' + summary('docent emacs_get_visible_text', r.visible));
    console.log('  ' + summary('docent emacs_list_buffers', r.buffers));
    console.log('  ' + ratio('emacs_get_context / bare emacsclient', median(r.context), median(r.bare)));
    console.log('  ' + ratio("emacs_get_context / seed's expression", median(r.context), median(r.seed)));
  }
} finally {
  try {
    ec('(kill-emacs)');
  } catch {
    // The daemon exits while answering; emacsclient may report that.
  }
  rmSync(dir, { recursive: true, force: true });
}
