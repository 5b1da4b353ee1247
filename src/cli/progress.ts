import { createRequire } from 'node:module';
import type cliProgressModule from 'cli-progress';
import type { ProgressReport } from '../features/context.js';

// cli-progress loads only when a bar is drawn (a TTY and a long task), not on every command.
const requireCjs = createRequire(import.meta.url);

/**
 * A progress reporter for the terminal: a bar with rate and ETA on a TTY stderr, nothing
 * otherwise (logs and pipes stay clean). Returns the callback features call, and `stop`.
 */
export function terminalProgress(label: string): { report: (p: ProgressReport) => void; stop: () => void } {
  if (!process.stderr.isTTY) return { report: () => {}, stop: () => {} };
  let bar: cliProgressModule.SingleBar | undefined;
  return {
    report(p) {
      const total = p.total ?? 0;
      if (!bar) {
        const cliProgress = requireCjs('cli-progress') as typeof cliProgressModule;
        bar = new cliProgress.SingleBar(
          {
            stream: process.stderr,
            format: `${label} [{bar}] {value}/{total} {percentage}% | {rate}/s | ETA {remaining} | {message}`,
            hideCursor: true,
            clearOnComplete: true,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total, 0, { message: '', rate: '0', remaining: '…' });
      }
      if (total && total !== bar.getTotal()) bar.setTotal(total);
      const elapsed = (Date.now() - (bar as unknown as { startTime: number }).startTime) / 1000;
      // Rate and ETA from the whole run so far: updates arrive in bursts (a worker's batch
      // resolves at once), and cli-progress's own ETA, taken over the last updates, reads
      // those bursts as speed.
      const rate = elapsed > 0 ? p.progress / elapsed : 0;
      const left = Math.max(0, (total || bar.getTotal()) - p.progress);
      bar.update(p.progress, { message: p.message ?? '', rate: rate.toFixed(0), remaining: rate > 0 && elapsed >= 1 ? formatSeconds(left / rate) : '…' });
    },
    stop() {
      bar?.stop();
    },
  };
}

/** 9s, 1m05s, 1h02m. */
export function formatSeconds(sec: number): string {
  const s = Math.round(sec);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
