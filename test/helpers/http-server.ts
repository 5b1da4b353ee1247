import { spawn, type ChildProcess } from 'node:child_process';
import { DOCENT_BIN } from './docent.js';

/** Start `docent serve --http 127.0.0.1:0 ...` and resolve with its URL once it listens. */
export async function startHttpDocent(args: string[], env: Record<string, string> = {}): Promise<{ url: string; proc: ChildProcess; stop: () => Promise<void> }> {
  const proc = spawn(process.execPath, [DOCENT_BIN, 'serve', '--http', '127.0.0.1:0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`docent --http did not start: ${err}`)), 20_000);
    proc.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /(http:\/\/\S+\/mcp)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    proc.once('exit', (code) => reject(new Error(`docent exited with ${code}: ${err}`)));
  });
  return {
    url,
    proc,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}
