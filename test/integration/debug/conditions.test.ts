import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocent, type DocentSession } from '../../helpers/docent.js';
import { compileCpp, fixtureCopy, ok } from './setup.js';

/** Conditional breakpoints and log points, the same contract over debugpy and Node's inspector. */

let docent: DocentSession;

beforeAll(async () => {
  const root = fixtureCopy();
  compileCpp(path.join(root, 'cpp'), ['app']);
  docent = await startDocent(['--root', root, '--no-index']);
});

afterAll(async () => {
  await docent?.close();
});

const cases = [
  { name: 'Python', program: 'python/app.py', file: 'python/app.py', line: 13, logLine: 12, condition: 'item.price == 7', message: 'price={item.price}' },
  { name: 'C++', program: 'cpp/app', file: 'cpp/app.cpp', line: 14, logLine: 13, condition: 'item.price == 7', message: 'price={item.price}' },
  { name: 'JavaScript', program: 'js/app.js', file: 'js/app.js', line: 14, logLine: 13, condition: 'item.price === 7', message: 'price={item.price}' },
];

describe.each(cases)('$name conditions and log points', ({ program, file, line, logLine, condition, message }) => {
  it('stops only where the condition holds, and logs without stopping', async () => {
    const r = ok(await docent.call('debug_start', { program, breakpoints: [{ file, line, condition }, { file, line: logLine, log_message: message }] }));
    expect(r.breakpoints.every((b: { verified: boolean }) => b.verified)).toBe(true);
    expect(r.stop).toMatchObject({ state: 'stopped', reason: 'breakpoint' });
    expect(r.stop.frames[0].line).toBe(line);
    const price = ok(await docent.call('debug_evaluate', { session: r.session, expression: 'item.price' }));
    expect(price.value).toBe('7');
    const out = ok(await docent.call('debug_output', { session: r.session }));
    expect(out.text).toContain('price=1');
    expect(out.text).toContain('price=7');
    ok(await docent.call('debug_stop', { session: r.session }));
  });
});
