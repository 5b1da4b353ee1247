import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmacsBridge } from '../../../src/core/emacs/bridge.js';
import { lisp } from '../../../src/core/emacs/lisp.js';
import { DocentError } from '../../../src/core/errors.js';
import { EmacsContextInput, emacsGetContext } from '../../../src/features/emacs/context.js';
import { alive, emacsContext, startDaemon, type TestDaemon } from './daemon.js';

/** Every way reaching Emacs can fail, each with its stable code, against real emacsclient runs. */

let emacs: TestDaemon;
let scratch: string;

const failure = async (p: Promise<unknown>): Promise<DocentError> => {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DocentError);
  return err as DocentError;
};
const getContext = (emacsConfig: Parameters<typeof emacsContext>[0], signal?: AbortSignal) =>
  emacsGetContext(EmacsContextInput.parse({}), emacsContext(emacsConfig, signal));

beforeAll(() => {
  emacs = startDaemon('err');
  scratch = mkdtempSync(path.join(tmpdir(), 'docent-emacs-none-'));
  mkdirSync(path.join(scratch, 'run'), { mode: 0o700 });
});

afterAll(() => {
  emacs?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('when Emacs cannot be reached', () => {
  it('no daemon at the socket path: E_UNAVAILABLE with a hint to start the server', async () => {
    const err = await failure(getContext({ socket: path.join(scratch, 'run', 'server') }));
    expect(err.code).toBe('E_UNAVAILABLE');
    expect(err.message).toContain(path.join(scratch, 'run', 'server'));
    expect(err.hint).toContain('M-x server-start');
    expect(err.hint).toContain('emacs --daemon');
  });

  it('never starts an editor or a daemon itself, even with ALTERNATE_EDITOR="" in the environment', async () => {
    const socket = path.join(scratch, 'run', 'alt');
    const saved = process.env.ALTERNATE_EDITOR;
    process.env.ALTERNATE_EDITOR = '';
    try {
      const err = await failure(getContext({ socket }));
      expect(err.code).toBe('E_UNAVAILABLE');
      expect(existsSync(socket)).toBe(false);
    } finally {
      if (saved === undefined) delete process.env.ALTERNATE_EDITOR;
      else process.env.ALTERNATE_EDITOR = saved;
      // Had a daemon been started by mistake, stop it.
      if (existsSync(socket)) spawnSync('emacsclient', [`--socket-name=${socket}`, '--eval', '(kill-emacs)'], { timeout: 5_000 });
    }
  });

  it('a wrong socket name, and a path that is not a socket: E_UNAVAILABLE', async () => {
    expect((await failure(getContext({ socket: 'docent-no-such-server-name' }))).code).toBe('E_UNAVAILABLE');
    const notASocket = path.join(scratch, 'plain-file');
    writeFileSync(notASocket, 'not a socket');
    const err = await failure(getContext({ socket: notASocket }));
    expect(err.code).toBe('E_UNAVAILABLE');
    expect(err.message).toMatch(/refused|socket/i);
  });

  it('a missing TCP server file: E_UNAVAILABLE', async () => {
    const err = await failure(getContext({ serverFile: path.join(scratch, 'no-server-file') }));
    expect(err.code).toBe('E_UNAVAILABLE');
    expect(err.message).toContain('no-server-file');
  });

  it('emacsclient missing: E_NO_SERVER with an install hint', async () => {
    const err = await failure(getContext({ socket: emacs.socket, emacsclient: path.join(scratch, 'no-such-emacsclient') }));
    expect(err.code).toBe('E_NO_SERVER');
    expect(err.hint).toContain('apt-get install emacs-nox');
  });

  it('uses EMACS_SOCKET_NAME when no socket is configured', async () => {
    const saved = process.env.EMACS_SOCKET_NAME;
    process.env.EMACS_SOCKET_NAME = emacs.socket;
    try {
      const c = await getContext({});
      expect(c.buffer_name).toBe(emacs.str('(buffer-name)'));
    } finally {
      if (saved === undefined) delete process.env.EMACS_SOCKET_NAME;
      else process.env.EMACS_SOCKET_NAME = saved;
    }
  });
});

describe('when Emacs answers badly', () => {
  it('a Lisp error: E_INTERNAL carrying Emacs\'s message and signal', async () => {
    const bridge = new EmacsBridge({ emacsclient: 'emacsclient', socket: emacs.socket, timeoutMs: 5_000 });
    const err = await failure(bridge.query(lisp`(progn (error "Nope: %s \\"quoted\\" ą" "detail") 1)`, (await import('zod')).z.number()));
    expect(err.code).toBe('E_INTERNAL');
    expect(err.message).toContain('Nope: detail "quoted" ą');
    expect(err.details).toMatchObject({ signal: 'error' });
    const arith = await failure(bridge.query(lisp`(/ 1 0)`, (await import('zod')).z.number()));
    expect(arith.message).toContain('arith-error');
  });

  it('refuses to splice caller strings into Lisp', () => {
    // @ts-expect-error: strings are not LispValues; they must go through lispString().
    expect(() => lisp`(message ${'") (kill-emacs) ("'})`).toThrow(/lispString/);
  });
});

describe('when Emacs hangs', () => {
  let busy: TestDaemon;
  beforeAll(() => {
    busy = startDaemon('busy');
  });
  afterAll(() => busy?.stop());

  it('times out with E_TIMEOUT and really kills the emacsclient process; cancellation does the same', async () => {
    // A synchronous subprocess blocks Emacs completely: it reads no client input until it ends.
    busy.eval(`(progn (run-at-time 0 nil (lambda () (call-process "sleep" nil nil nil "20"))) t)`);
    await new Promise((r) => setTimeout(r, 300));

    const bridge = new EmacsBridge({ emacsclient: 'emacsclient', socket: busy.socket, timeoutMs: 800 });
    let child: ChildProcess | undefined;
    const started = Date.now();
    const err = await failure(bridge.query(lisp`(+ 1 2)`, (await import('zod')).z.number(), { onSpawn: (c) => (child = c) }));
    const elapsed = Date.now() - started;
    expect(err.code).toBe('E_TIMEOUT');
    expect(err.message).toContain('800 ms');
    expect(elapsed).toBeGreaterThanOrEqual(750);
    expect(elapsed).toBeLessThan(5_000);
    expect(child?.pid).toBeGreaterThan(0);
    expect(alive(child!.pid!)).toBe(false);
    expect(child!.exitCode !== null || child!.signalCode !== null).toBe(true);

    // Through the feature, with the configured timeout.
    const viaFeature = await failure(getContext({ socket: busy.socket, timeoutMs: 500 }));
    expect(viaFeature.code).toBe('E_TIMEOUT');

    // Cancellation: the caller's signal kills the client too.
    const controller = new AbortController();
    let cancelledChild: ChildProcess | undefined;
    const pending = bridge.query(lisp`(+ 1 2)`, (await import('zod')).z.number(), {
      signal: controller.signal,
      onSpawn: (c) => (cancelledChild = c),
    });
    setTimeout(() => controller.abort(), 100);
    const cancelled = await failure(pending);
    expect(cancelled.code).toBe('E_CANCELLED');
    expect(alive(cancelledChild!.pid!)).toBe(false);
  });
});
