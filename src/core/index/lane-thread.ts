import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { distFile } from '../dist-root.js';
import type { CountTable } from './pooled-counts.js';
import type { SearchHit } from './search.js';
import type { LaneDatabase, LaneForget, LaneMessage, LaneReply, LaneRequest, LaneWarm, LaneWorkerData } from './search-lane-worker.js';

/** How long a search waits for the thread's answer before the lane is given up. */
const ANSWER_TIMEOUT_MS = 10_000;
/** Pooled count tables the thread keeps (each sent once; a recount makes a new one). */
const TABLES_KEPT = 16;

/** One search the thread answered, and how long it took there. */
export interface LaneFound {
  hits: SearchHit[];
  ms: number;
}

/**
 * The search lane's thread as the calling thread talks to it (search-lane-worker.ts is the
 * other end): started at once, usable once it has said it is ready. Answers are waited for
 * synchronously: a counter in shared memory the thread bumps after putting each answer on the
 * port, Atomics.wait on it, then the port read directly (receiveMessageOnPort). A reply event
 * would wait for the event loop's next turn, which a caller that searches in a loop never
 * gives it. The thread's other messages (ready, a database read in) are read on the way.
 */
export class LaneThread {
  private readonly thread: Worker | null;
  private readonly port: MessagePort | null;
  private readonly answered = new Int32Array(new SharedArrayBuffer(4));
  private isReady = false;
  private down: string | null = null;
  /** Down for good: said (or closed on purpose), the thread ended. */
  private over = false;
  private seq = 0;
  /** Count tables the thread holds, by the id they were sent under, oldest first. */
  private readonly sent = new Map<CountTable, number>();
  private nextTable = 0;

  constructor(
    /** A database the thread has read in, and how long that took there. */
    private readonly onWarmed: (file: string, ms: number) => void,
    /** The thread is gone or stuck: said once, after which nothing is sent to it. */
    private readonly onDown: (why: string) => void,
  ) {
    const script = fileURLToPath(distFile('core/index/search-lane-worker.js'));
    if (!existsSync(script)) {
      // Tests running the sources: no compiled thread, every search stays on the calling one.
      this.thread = this.port = null;
      this.down = 'no compiled worker';
      return;
    }
    const { port1, port2 } = new MessageChannel();
    this.thread = new Worker(script, { workerData: { lane: { port: port2, answered: this.answered } } satisfies LaneWorkerData, transferList: [port2] });
    // Nothing here waits on it asynchronously: it must not keep a command that has answered alive.
    this.thread.unref();
    this.port = port1;
    this.thread.on('error', (err) => this.fail(err.message));
    this.thread.on('exit', (code) => this.fail(`its thread exited with ${code}`));
  }

  /** Ready for searches (and not down). */
  ready(): boolean {
    if (!this.isReady && !this.down) this.drain();
    return this.isReady && !this.down;
  }

  /** Gone for good (or never started: no compiled worker). */
  isDown(): boolean {
    return this.down !== null;
  }

  /** Have the thread read these databases in while it is idle. */
  warm(dbs: LaneDatabase[]): void {
    if (dbs.length && !this.down) this.port!.postMessage({ warm: dbs } satisfies LaneWarm);
  }

  /** Have the thread close a database (it was closed here). */
  forget(file: string): void {
    if (!this.down) this.port!.postMessage({ forget: file } satisfies LaneForget);
  }

  /** Send searches (with the pooled count tables they use); the message's number, to wait for with answer(). */
  send(requests: (Omit<LaneRequest, 'usage' | 'popularity'> & { usage?: CountTable; popularity?: CountTable })[]): number {
    const tables: [number, CountTable][] = [];
    const fresh = new Map<CountTable, number>();
    const idOf = (t: CountTable | undefined): number | undefined => {
      if (!t) return undefined;
      let id = this.sent.get(t) ?? fresh.get(t);
      if (id === undefined) {
        fresh.set(t, (id = this.nextTable++));
        tables.push([id, t]);
      }
      return id;
    };
    const sent: LaneRequest[] = requests.map((r) => ({ ...r, usage: idOf(r.usage), popularity: idOf(r.popularity) }));
    // Forget the oldest tables beyond the few kept, but none this message uses.
    const inUse = new Set(sent.flatMap((r) => [r.usage, r.popularity]));
    const drop: number[] = [];
    let kept = this.sent.size + fresh.size;
    for (const id of this.sent.values()) {
      if (kept <= TABLES_KEPT) break;
      if (inUse.has(id)) continue;
      drop.push(id);
      kept--;
    }
    const seq = ++this.seq;
    // Throws for what cannot cross (then nothing here records it as sent).
    this.port!.postMessage({ seq, tables, drop, requests: sent } satisfies LaneMessage);
    for (const [t, id] of this.sent) if (drop.includes(id)) this.sent.delete(t);
    for (const [t, id] of fresh) this.sent.set(t, id);
    return seq;
  }

  /** The answers to message `seq`, in its requests' order; null when it failed or did not come in time. */
  answer(seq: number): LaneFound[] | null {
    const deadline = performance.now() + ANSWER_TIMEOUT_MS;
    for (;;) {
      const seen = Atomics.load(this.answered, 0);
      const reply = this.drain(seq);
      if (reply) return 'found' in reply ? reply.found : null;
      const left = deadline - performance.now();
      if (this.down || left <= 0 || Atomics.wait(this.answered, 0, seen, left) === 'timed-out') break;
    }
    this.fail(this.down ?? `no answer in ${ANSWER_TIMEOUT_MS / 1000} s`);
    return null;
  }

  dispose(): void {
    this.over = true;
    this.down ??= 'closed';
    this.port?.close();
    void this.thread?.terminate();
  }

  /** Read what the thread has said; the answer to `seq` when among it (a late answer to another is dropped). */
  private drain(seq?: number): Extract<LaneReply, { seq: number }> | null {
    for (let m = this.port && receiveMessageOnPort(this.port); m; m = this.port && receiveMessageOnPort(this.port)) {
      const reply = m.message as LaneReply;
      if ('ready' in reply) this.isReady = true;
      else if ('warmed' in reply) this.onWarmed(reply.warmed, reply.ms);
      else if (reply.seq === seq) return reply;
    }
    return null;
  }

  private fail(why: string): void {
    if (this.over) return;
    this.down = why;
    this.onDown(why);
    this.dispose();
  }
}
