import { parentPort } from 'node:worker_threads';
import { runFileJob, type FileJob } from './job.js';

/** Worker-thread entry: runs file jobs sent by ExtractionPool, one message in, one out. */
if (parentPort) {
  const port = parentPort;
  port.on('message', (msg: { seq: number; job: FileJob }) => {
    runFileJob(msg.job).then(
      (result) => port.postMessage({ seq: msg.seq, result }),
      (err: unknown) => port.postMessage({ seq: msg.seq, error: String((err as Error)?.message ?? err) }),
    );
  });
}
