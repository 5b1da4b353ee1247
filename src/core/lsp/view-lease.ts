import { DocentError } from '../errors.js';

/**
 * Who may use a document in a shared server right now. One server process may be asked about
 * one file by several sessions, each with its own view (the disk, or its overlay). Requests
 * that want the same content (same hash) run together; a request that wants other content
 * waits until they are done, so a didChange for session B never lands between session A's
 * didChange and A's answer (or, for diagnostics, the publishDiagnostics A is waiting for).
 * Waiters are served in arrival order, so no view starves.
 */
interface Waiter {
  hash: string;
  admit: () => void;
}

interface Slot {
  hash: string;
  holders: number;
  queue: Waiter[];
}

export class ViewLeases {
  private readonly slots = new Map<string, Slot>();

  /** Wait until `uri` may hold content `hash`; returns the release function (call it once). */
  async acquire(uri: string, hash: string, signal?: AbortSignal): Promise<() => void> {
    let slot = this.slots.get(uri);
    if (!slot) this.slots.set(uri, (slot = { hash, holders: 0, queue: [] }));
    if (slot.holders === 0 && slot.queue.length === 0) slot.hash = hash;
    if (slot.hash === hash && slot.queue.length === 0) {
      slot.holders++;
      return this.releaser(uri, slot);
    }
    const s = slot;
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        hash,
        admit: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        const i = s.queue.indexOf(waiter);
        if (i >= 0) s.queue.splice(i, 1);
        reject(new DocentError('E_CANCELLED', 'The request was cancelled.'));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      s.queue.push(waiter);
    });
    return this.releaser(uri, s);
  }

  /** True when nobody holds or waits for `uri` (a change may go out without disturbing anyone). */
  idle(uri: string): boolean {
    return !this.slots.has(uri);
  }

  private releaser(uri: string, slot: Slot): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      slot.holders--;
      if (slot.holders > 0) return;
      const next = slot.queue[0];
      if (!next) {
        this.slots.delete(uri);
        return;
      }
      // Admit the head of the queue and every waiter behind it that wants the same content.
      slot.hash = next.hash;
      const admitted = slot.queue.filter((w) => w.hash === next.hash);
      slot.queue = slot.queue.filter((w) => w.hash !== next.hash);
      slot.holders += admitted.length;
      for (const w of admitted) w.admit();
    };
  }
}
