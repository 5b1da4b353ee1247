import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { restoreAll, writeAll } from '../../../src/core/edit/writer.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'docent-writer-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const p = (n: string) => path.join(dir, n);

describe('writeAll', () => {
  it('writes every file keeping modes, and restoreAll puts bytes and modes back', () => {
    writeFileSync(p('a.sh'), '#!/bin/sh\necho a\n', { mode: 0o755 });
    writeFileSync(p('b.txt'), 'b\r\n');
    chmodSync(p('b.txt'), 0o640);
    const { backups } = writeAll([
      { path: p('a.sh'), target: p('a.sh'), text: '#!/bin/sh\necho A\n' },
      { path: p('b.txt'), target: p('b.txt'), text: 'B\r\n' },
    ]);
    expect(readFileSync(p('a.sh'), 'utf8')).toBe('#!/bin/sh\necho A\n');
    expect(statSync(p('a.sh')).mode & 0o777).toBe(0o755);
    expect(statSync(p('b.txt')).mode & 0o777).toBe(0o640);
    restoreAll(backups);
    expect(readFileSync(p('a.sh'), 'utf8')).toBe('#!/bin/sh\necho a\n');
    expect(readFileSync(p('b.txt'), 'utf8')).toBe('b\r\n');
    expect(statSync(p('b.txt')).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir).sort()).toEqual(['a.sh', 'b.txt']);
  });

  it('a read-only second file: the first is restored, nothing is left behind', () => {
    for (const n of ['1', '2', '3']) writeFileSync(p(n), `old ${n}\n`);
    chmodSync(p('2'), 0o444);
    expect(() => writeAll(['1', '2', '3'].map((n) => ({ path: p(n), target: p(n), text: `new ${n}\n` })))).toThrow(/Could not write .*2 .*restored/);
    for (const n of ['1', '2', '3']) expect(readFileSync(p(n), 'utf8')).toBe(`old ${n}\n`);
    expect(readdirSync(dir).sort()).toEqual(['1', '2', '3']);
  });

  it('a renamed file moves, and undo moves it back', () => {
    writeFileSync(p('old.ts'), 'x\n');
    const { backups } = writeAll([{ path: p('old.ts'), target: p('new.ts'), text: 'y\n' }]);
    expect(readdirSync(dir)).toEqual(['new.ts']);
    restoreAll(backups);
    expect(readdirSync(dir)).toEqual(['old.ts']);
    expect(readFileSync(p('old.ts'), 'utf8')).toBe('x\n');
  });
});
