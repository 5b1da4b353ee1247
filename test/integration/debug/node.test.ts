import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocent, type DocentSession } from '../../helpers/docent.js';
import { compileTs, fixtureCopy, ok } from './setup.js';

/** JavaScript and TypeScript through Node's inspector (CDP), TypeScript lines through tsc's source maps. */

let jsRoot: string;
let tsRoot: string;
let js: DocentSession;
let ts: DocentSession;

beforeAll(async () => {
  jsRoot = fixtureCopy('js');
  tsRoot = fixtureCopy('ts');
  await compileTs(tsRoot);
  [js, ts] = await Promise.all([startDocent(['--root', jsRoot, '--no-index']), startDocent(['--root', tsRoot, '--no-index'])]);
});

afterAll(async () => {
  await Promise.all([js?.close(), ts?.close()]);
});

describe('debugging JavaScript (Node inspector)', () => {
  it('binds by line, symbol and anchor, reads and evaluates, steps over, in and out', async () => {
    const start = ok(
      await js.call('debug_start', {
        program: 'app.js',
        breakpoints: [{ symbol: 'orderTotal' }, { file: 'app.js', line: 14 }, { file: 'app.js', anchor_text: 'console.log(`name' }, { file: 'app.js', line: 400 }],
      }),
    );
    const [bySymbol, byLine, byAnchor, beyond] = start.breakpoints;
    expect(bySymbol).toMatchObject({ verified: true, bound_line: 18 });
    expect(byLine).toMatchObject({ verified: true, bound_line: 14 });
    expect(byAnchor).toMatchObject({ verified: true, bound_line: 30 });
    expect(beyond).toMatchObject({ verified: false });
    const session = start.session;
    expect(start.stop.frames[0]).toMatchObject({ function: 'orderTotal', file: 'app.js', line: 18 });
    expect(start.stop.frames[1]).toMatchObject({ function: 'main', line: 28 });
    expect(start.stop.locals.find((v: { name: string }) => v.name === 'items')).toMatchObject({ expandable: true, count: 50 });

    const into = ok(await js.call('debug_continue', { session }));
    expect(into.frames[0]).toMatchObject({ function: 'lineTotal', line: 14 });
    expect(into.locals.find((v: { name: string }) => v.name === 'total')?.value).toBe('2');
    expect(ok(await js.call('debug_variables', { session, path: 'item' })).variables.map((v: { name: string }) => v.name)).toEqual(['name', 'price', 'qty']);
    expect(ok(await js.call('debug_evaluate', { session, expression: 'item.price * 10' })).value).toBe('10');
    const out = ok(await js.call('debug_step', { session, kind: 'out' }));
    expect(out.frames[0].function).toBe('orderTotal');
    ok(await js.call('debug_breakpoints', { session, clear: true, set: [{ file: 'app.js', anchor_text: 'console.log(`name' }] }));
    const anchor = ok(await js.call('debug_continue', { session }));
    expect(anchor.frames[0]).toMatchObject({ function: 'main', line: 30 });
    const deep = ok(await js.call('debug_variables', { session, path: 'data.nested.deep.deeper' }));
    expect(deep.variables.find((v: { path: string }) => v.path === 'data.nested.deep.deeper[2]')?.value).toBe('3');
    const over = ok(await js.call('debug_step', { session, kind: 'over' }));
    expect(over.frames[0].line).toBe(31);
    const done = ok(await js.call('debug_continue', { session, until: 'exit' }));
    expect(done).toMatchObject({ state: 'exited', exit_code: 0 });
    expect(ok(await js.call('debug_output', { session })).text).toContain('total=2550\nname=order-1');
  });

  it('steps into a call', async () => {
    const start = ok(await js.call('debug_start', { program: 'app.js', breakpoints: [{ file: 'app.js', anchor_text: 'result += lineTotal' }] }));
    const into = ok(await js.call('debug_step', { session: start.session, kind: 'in' }));
    expect(into.frames[0]).toMatchObject({ function: 'lineTotal', line: 13 });
    ok(await js.call('debug_stop', { session: start.session }));
  });

  it('stops on an uncaught exception where it was thrown', async () => {
    const r = ok(await js.call('debug_start', { program: 'crash.js' }));
    expect(r.stop).toMatchObject({ state: 'stopped', reason: 'exception' });
    expect(r.stop.description).toMatch(/not a number: three/);
    expect(r.stop.frames[0]).toMatchObject({ function: 'parse', file: 'crash.js', line: 5 });
    const finished = ok(await js.call('debug_continue', { session: r.session }));
    expect(finished.state).toBe('exited');
    expect(finished.exit_code).not.toBe(0);
  });

  it('reports an exit before any stop', async () => {
    const r = ok(await js.call('debug_start', { program: 'app.js' }));
    expect(r.stop).toMatchObject({ state: 'exited', exit_code: 0 });
    expect(r.stop.output.text).toContain('total=2550');
  });
});

describe('debugging TypeScript (source maps)', () => {
  it('binds TypeScript lines, stops there and shows TypeScript frames', async () => {
    const start = ok(await ts.call('debug_start', { program: 'app.ts', breakpoints: [{ symbol: 'lineTotal' }, { file: 'app.ts', anchor_text: 'console.log' }, { file: 'app.ts', line: 3 }] }));
    const [bySymbol, byAnchor, typeOnly] = start.breakpoints;
    expect(bySymbol).toMatchObject({ verified: true, bound_line: 17 });
    expect(byAnchor).toMatchObject({ verified: true, bound_line: 32 });
    // An interface has no code: it binds to the next line that has some, never to line 3.
    expect(typeOnly.verified).toBe(true);
    expect(typeOnly.bound_line).toBeGreaterThan(3);
    // That moved breakpoint is in the constructor, which runs first.
    expect(start.stop.frames[0]).toMatchObject({ function: 'Item', file: 'app.ts', line: typeOnly.bound_line });
    ok(await ts.call('debug_breakpoints', { session: start.session, clear: true, set: [{ symbol: 'lineTotal' }] }));
    const inLine = ok(await ts.call('debug_continue', { session: start.session }));
    expect(inLine.frames[0]).toMatchObject({ function: 'lineTotal', file: 'app.ts', line: 17 });
    expect(inLine.frames[1]).toMatchObject({ function: 'orderTotal', file: 'app.ts', line: 24 });
    const over = ok(await ts.call('debug_step', { session: start.session, kind: 'over' }));
    expect(over.frames[0]).toMatchObject({ file: 'app.ts', line: 18 });
    expect(over.locals.find((v: { name: string }) => v.name === 'total')?.value).toBe('2');
    ok(await ts.call('debug_stop', { session: start.session }));
  });
});
