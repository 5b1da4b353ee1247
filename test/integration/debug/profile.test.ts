import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, runCli, startDocent, type DocentSession } from '../../helpers/docent.js';
import { compileCpp, compileTs, fixtureCopy, ok } from './setup.js';

/**
 * Profiling with the real profilers: the known slow function comes first in each language, and
 * a comparison after making it faster shows it.
 */

let root: string;
let docent: DocentSession;

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

beforeAll(async () => {
  root = fixtureCopy();
  compileCpp(path.join(root, 'cpp'), ['slow']);
  await compileTs(path.join(root, 'ts'));
  docent = await startDocent(['--root', root, '--no-index']);
});

afterAll(async () => {
  await docent?.close();
});

const cases = [
  { lang: 'Python (cProfile)', program: 'python/slow.py', slow: 'slow_sum', caller: 'main', from: 'range(60)', to: 'range(3)', rebuild: false },
  { lang: 'JavaScript (node --cpu-prof)', program: 'js/slow.js', slow: 'slowSum', caller: 'main', from: 'j < 200', to: 'j < 5', rebuild: false },
  { lang: 'C++ (callgrind)', program: 'cpp/slow', slow: 'slow_sum(long)', caller: 'main', from: 'j < 200', to: 'j < 5', rebuild: true },
];

describe.each(cases)('profiling $lang', ({ program, slow, caller, from, to, rebuild }) => {
  it('names the slow function first, drills into it, and shows it got faster', async () => {
    const before = ok(await docent.call('profile_run', { program }));
    expect(before.hotspots[0]).toMatchObject({ function: slow });
    expect(before.hotspots[0].self_pct).toBeGreaterThan(50);
    expect(before.hotspots[0].file).toMatch(/slow\.(py|js|cpp)$/);
    expect(before.hotspots[0].source).toMatch(/slow_?[sS]um/);
    expect(before.hotspots.length).toBeLessThanOrEqual(20);

    const callers = ok(await docent.call('profile_report', { profile_id: before.profile_id, function: slow.replace(/\(.*/, ''), view: 'callers' }));
    expect(callers.rows[0].function).toBe(caller);
    if (!program.endsWith('.py')) {
      const lines = ok(await docent.call('profile_report', { profile_id: before.profile_id, view: 'lines' }));
      expect(lines.target.function).toBe(slow);
      expect(lines.rows[0].source).toMatch(/total \+=/);
    }

    const source = path.join(root, program.replace(/^cpp\/slow$/, 'cpp/slow.cpp'));
    edit(source, from, to);
    if (rebuild) compileCpp(path.join(root, 'cpp'), ['slow']);
    const after = ok(await docent.call('profile_run', { program }));
    const cmp = ok(await docent.call('profile_compare', { before: before.profile_id, after: after.profile_id }));
    expect(cmp.speedup).toBeGreaterThan(1.5);
    const change = cmp.changes.find((c: { function: string }) => c.function === slow);
    expect(change.change_pct).toBeLessThan(-50);
    expect(cmp.changes[0].function).toBe(slow);
  });
});

describe('profiling TypeScript (node --cpu-prof through source maps)', () => {
  it('names the slow function at its TypeScript line', async () => {
    const r = ok(await docent.call('profile_run', { program: 'ts/slow.ts' }));
    expect(r.hotspots[0]).toMatchObject({ function: 'slowSum', file: 'ts/slow.ts', line: 3 });
    const lines = ok(await docent.call('profile_report', { profile_id: r.profile_id, view: 'lines' }));
    expect(lines.rows[0].file).toBe('ts/slow.ts');
    expect(lines.rows[0].source).toMatch(/total \+=/);
  });
});

describe('profile errors and CLI', () => {
  it('reports an unknown profile id', async () => {
    expect(errorOf(await docent.call('profile_report', { profile_id: 'prof-nope-000000' })).code).toBe('E_NOT_FOUND');
  });

  it('docent profile prints hotspots, and --compare the change', () => {
    const env = { DOCENT_INDEX_DIR: path.join(root, '.cache') };
    const first = runCli(['--root', root, 'profile', 'python/slow.py'], { cwd: root, env });
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/% self .*slow_sum +python\/slow\.py:4/);
    const id = /profile (prof-[\w-]+)/.exec(first.stdout)![1]!;
    const second = runCli(['--root', root, 'profile', 'python/slow.py', '--compare', id], { cwd: root, env });
    expect(second.status).toBe(0);
    expect(second.stdout).toContain(`${id} -> prof-`);
  });
});
