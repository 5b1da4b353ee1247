import { describe, expect, it } from 'vitest';
import { readInTurns } from '../../../src/core/index/read-in-turns.js';
import type { Logger } from '../../../src/core/log.js';

/** A served index reading in its search structures one piece a turn (index/read-in-turns.ts). */

function logger(warnings: string[]): Logger {
  const none = () => {};
  return { error: none, warn: (m: string) => warnings.push(m), info: none, debug: none } as unknown as Logger;
}

const turns = (n: number) => new Promise((r) => setTimeout(r, n));

describe('readInTurns', () => {
  it('runs each piece in its own turn, in order, past one that fails and without one whose root closed', async () => {
    const ran: string[] = [];
    const warnings: string[] = [];
    const closed = new AbortController();
    closed.abort();
    readInTurns(
      [
        { label: 'a', run: () => ran.push('a') },
        {
          label: 'b',
          run: () => {
            throw new Error('no such table');
          },
        },
        { label: 'c', run: () => ran.push('c'), signal: closed.signal },
        { label: 'd', run: () => ran.push('d') },
      ],
      new AbortController().signal,
      logger(warnings),
    );
    // Nothing before the caller's turn ends.
    expect(ran).toEqual([]);
    await turns(0);
    expect(ran).toEqual(['a']);
    await turns(50);
    expect(ran).toEqual(['a', 'd']);
    expect(warnings).toEqual(['could not prepare the search of b: no such table']);
  });

  it('stops when the index closes', async () => {
    const ran: string[] = [];
    const lifetime = new AbortController();
    readInTurns(['a', 'b', 'c'].map((label) => ({ label, run: () => (ran.push(label), label === 'a' && lifetime.abort()) })), lifetime.signal, logger([]));
    await turns(50);
    expect(ran).toEqual(['a']);
  });
});
