import cliProgress from 'cli-progress';
import type { ProgressReport } from '../features/context.js';

/**
 * A progress reporter for the terminal: a bar with rate and ETA on a TTY stderr, nothing
 * otherwise (logs and pipes stay clean). Returns the callback features call, and `stop`.
 */
export function terminalProgress(label: string): { report: (p: ProgressReport) => void; stop: () => void } {
  if (!process.stderr.isTTY) return { report: () => {}, stop: () => {} };
  let bar: cliProgress.SingleBar | undefined;
  return {
    report(p) {
      const total = p.total ?? 0;
      if (!bar) {
        bar = new cliProgress.SingleBar(
          {
            stream: process.stderr,
            format: `${label} [{bar}] {value}/{total} {percentage}% | {rate}/s | ETA {eta_formatted} | {message}`,
            hideCursor: true,
            clearOnComplete: true,
            etaBuffer: 50,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(total, 0, { message: '', rate: '0' });
      }
      if (total && total !== bar.getTotal()) bar.setTotal(total);
      const elapsed = (Date.now() - (bar as unknown as { startTime: number }).startTime) / 1000;
      bar.update(p.progress, { message: p.message ?? '', rate: elapsed > 0 ? (p.progress / elapsed).toFixed(0) : '0' });
    },
    stop() {
      bar?.stop();
    },
  };
}
