import type { ChildProcess } from 'node:child_process';
import { DocentError } from '../errors.js';
import { spawnGroup } from '../process/process-tree.js';

/**
 * Start `node --inspect-brk=127.0.0.1:0 program` in its own process group and read the
 * inspector's WebSocket URL from its stderr. The program waits for Runtime.runIfWaitingForDebugger.
 */
export async function startInspected(program: string, args: string[], cwd: string, env?: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawnGroup(process.execPath, ['--inspect-brk=127.0.0.1:0', '--enable-source-maps', program, ...args], {
    cwd,
    // Keep the user's NODE_OPTIONS (a --require hook, say) but not an inherited inspector flag.
    env: { ...process.env, ...env, NODE_OPTIONS: (env?.NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? '').split(/\s+/).filter((o) => o && !o.startsWith('--inspect')).join(' ') },
  });
  child.stdin?.end();
  const url = await new Promise<string>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new DocentError('E_TIMEOUT', `node did not open its inspector within 10 s. stderr: ${err.slice(-500)}`)), 10_000);
    const onData = (d: Buffer) => {
      err += d.toString('utf8');
      const m = /Debugger listening on (ws:\/\/\S+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        child.stderr!.off('data', onData);
        resolve(m[1]!);
      }
    };
    child.stderr!.on('data', onData);
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new DocentError('E_UNAVAILABLE', `node exited before its inspector opened: ${err.slice(-500)}`));
    });
  });
  return { child, url };
}

/** Lines Node's inspector adds to stderr, which are not the program's output. */
export const INSPECTOR_NOISE = /^(Debugger listening on .*|For help, see: .*|Debugger attached\.|Waiting for the debugger to disconnect\.\.\.)\n/gm;
