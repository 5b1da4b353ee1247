import { describe, expect, it } from 'vitest';
import { HeadTailCapture, LineSplitter } from '../../../src/core/process/capture.js';
import { cleanEnv, isSecretName } from '../../../src/core/process/clean-env.js';
import { limitHit, withMemoryCap } from '../../../src/core/process/runner.js';

describe('HeadTailCapture', () => {
  it('keeps everything under the cap', () => {
    const c = new HeadTailCapture(10, 10);
    c.push(Buffer.from('hello '));
    c.push(Buffer.from('world'));
    expect(c.text()).toBe('hello world');
    expect(c.dropped).toBe(0);
  });
  it('keeps head and tail of a flood and says how much was dropped', () => {
    const c = new HeadTailCapture(5, 5);
    for (let i = 0; i < 100; i++) c.push(Buffer.from(`${String(i).padStart(3, '0')}\n`));
    expect(c.total).toBe(400);
    expect(c.dropped).toBe(390);
    const text = c.text();
    expect(text.startsWith('000\n0')).toBe(true);
    expect(text.endsWith('\n099\n')).toBe(true);
    expect(text).toContain('[… 390 bytes of output dropped …]');
  });
  it('trims the tail inside a chunk', () => {
    const c = new HeadTailCapture(2, 3);
    c.push(Buffer.from('abcdefgh'));
    expect(c.text()).toBe('ab\n[… 3 bytes of output dropped …]\nfgh');
  });
});

describe('LineSplitter', () => {
  it('joins lines across chunks and flushes the last', () => {
    const lines: string[] = [];
    const s = new LineSplitter((l) => lines.push(l));
    s.push('a\nb');
    s.push('c\r\nd');
    s.flush();
    expect(lines).toEqual(['a', 'bc', 'd']);
  });
});

describe('cleanEnv', () => {
  it('passes PATH, locale and toolchain homes, never docent secrets', () => {
    const env = cleanEnv(
      { PATH: '/bin', LANG: 'C.UTF-8', LC_ALL: 'C', HOME: '/h', DOCENT_TOKEN: 's3cret', DOCENT_LOG: 'debug', GITHUB_TOKEN: 'x', RANDOM_VAR: 'y', GOPATH: '/go' },
      { APP_MODE: 'test', DOCENT_TOKEN: 'no', MY_SECRET: 'no' },
    );
    expect(env).toEqual({ PATH: '/bin', LANG: 'C.UTF-8', LC_ALL: 'C', HOME: '/h', GOPATH: '/go', NO_COLOR: '1', APP_MODE: 'test' });
  });
  it('recognises secret names', () => {
    expect(isSecretName('DOCENT_ANYTHING')).toBe(true);
    expect(isSecretName('NPM_TOKEN')).toBe(true);
    expect(isSecretName('AWS_SECRET_ACCESS_KEY')).toBe(true);
    expect(isSecretName('PATH')).toBe(false);
  });
});

describe('limits', () => {
  const base = { timedOut: false, dropped: 0, memoryCapped: true, exitCode: 0, signal: null, stderr: '' };
  it('names the limit that was hit', () => {
    expect(limitHit(base)).toBeNull();
    expect(limitHit({ ...base, timedOut: true, dropped: 10 })).toBe('time');
    expect(limitHit({ ...base, dropped: 10 })).toBe('output');
    expect(limitHit({ ...base, exitCode: 1, stderr: 'MemoryError' })).toBe('memory');
    expect(limitHit({ ...base, memoryCapped: false, exitCode: 1, stderr: 'MemoryError' })).toBeNull();
  });
  it('caps memory through prlimit only when it is there', () => {
    expect(withMemoryCap(['a', 'b'], 1024, '/usr/bin/prlimit')).toEqual({ argv: ['/usr/bin/prlimit', '--data=1024', '--', 'a', 'b'], capped: true });
    expect(withMemoryCap(['a'], 1024, undefined)).toEqual({ argv: ['a'], capped: false });
    expect(withMemoryCap(['a'], 0, '/usr/bin/prlimit')).toEqual({ argv: ['a'], capped: false });
  });
});
