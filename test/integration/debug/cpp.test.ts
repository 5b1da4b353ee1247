import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocent, type DocentSession } from '../../helpers/docent.js';
import { compileCpp, fixtureCopy, ok } from './setup.js';

/** C++ through lldb-dap (Debian lldb-19), on programs built with g++ -g -O0. */

let root: string;
let docent: DocentSession;

beforeAll(async () => {
  root = fixtureCopy('cpp');
  compileCpp(root, ['app', 'crash', 'throw']);
  docent = await startDocent(['--root', root, '--no-index']);
});

afterAll(async () => {
  await docent?.close();
});

describe('debugging C++ (lldb-dap)', () => {
  it('binds by line, symbol and anchor, reads STL values bounded, evaluates and steps', async () => {
    const start = ok(
      await docent.call('debug_start', {
        program: 'app',
        breakpoints: [{ symbol: 'line_total' }, { file: 'app.cpp', anchor_text: 'printf("name' }, { file: 'app.cpp', line: 500 }, { file: 'app.cpp', line: 19 }],
      }),
    );
    const [bySymbol, byAnchor, beyond, byLine] = start.breakpoints;
    expect(bySymbol).toMatchObject({ verified: true, bound_line: 13 });
    expect(byAnchor).toMatchObject({ verified: true, bound_line: 31 });
    expect(beyond).toMatchObject({ verified: false, bound_line: null });
    expect(byLine).toMatchObject({ verified: true, bound_line: 19 });
    const session = start.session;
    expect(start.adapter).toMatch(/lldb-dap/);
    expect(start.stop).toMatchObject({ state: 'stopped', reason: 'breakpoint' });
    expect(start.stop.frames[0]).toMatchObject({ file: 'app.cpp', line: 19 });
    expect(start.stop.frames[0].function).toMatch(/^order_total/);
    expect(start.stop.frames[1]).toMatchObject({ function: 'main', line: 29 });
    const items = start.stop.locals.find((v: { name: string }) => v.name === 'items');
    expect(items.value).toMatch(/size=50/);
    // The stop context stays small (target: under 2k tokens, ~8k characters of JSON).
    expect(JSON.stringify(start.stop).length).toBeLessThan(8000);

    const third = ok(await docent.call('debug_variables', { session, path: 'items[3]' }));
    expect(third.variables.find((v: { name: string }) => v.name === 'name')?.value).toMatch(/"item3"/);
    expect(third.variables.find((v: { name: string }) => v.name === 'price')?.value).toBe('4');
    const bounded = ok(await docent.call('debug_variables', { session, path: 'items', max_items: 4 }));
    expect(bounded).toMatchObject({ truncated: true });
    expect(bounded.variables.map((v: { path: string }) => v.path)).toEqual(['items[0]', 'items[1]', 'items[2]', 'items[3]']);
    expect(ok(await docent.call('debug_evaluate', { session, expression: 'items.size()' })).value).toBe('50');

    ok(await docent.call('debug_breakpoints', { session, clear: ['app.cpp'], set: [{ symbol: 'line_total' }] }));
    const inLine = ok(await docent.call('debug_continue', { session }));
    expect(inLine.frames[0]).toMatchObject({ line: 13 });
    expect(inLine.frames[0].function).toMatch(/^line_total/);
    const over = ok(await docent.call('debug_step', { session, kind: 'over' }));
    expect(over.frames[0].line).toBe(14);
    expect(ok(await docent.call('debug_evaluate', { session, expression: 'total' })).value).toBe('2');
    const out = ok(await docent.call('debug_step', { session, kind: 'out' }));
    expect(out.frames[0].function).toMatch(/^order_total/);
    ok(await docent.call('debug_breakpoints', { session, clear: true }));
    const done = ok(await docent.call('debug_continue', { session }));
    expect(done).toMatchObject({ state: 'exited', exit_code: 0 });
    expect(ok(await docent.call('debug_output', { session })).text).toContain('total=2550\nname=order-1');
  });

  it('stops on a segfault with the faulting frame and its locals', async () => {
    const r = ok(await docent.call('debug_start', { program: 'crash' }));
    expect(r.stop).toMatchObject({ state: 'stopped', reason: 'exception' });
    expect(r.stop.description).toMatch(/SIGSEGV/);
    expect(r.stop.frames[0]).toMatchObject({ file: 'crash.cpp', line: 10 });
    expect(r.stop.frames[1]).toMatchObject({ function: 'main', line: 19 });
    expect(r.stop.locals.find((v: { name: string }) => v.name === 'n')?.value).toMatch(/0x0+$/);
    ok(await docent.call('debug_stop', { session: r.session }));
  });

  it('stops on an uncaught C++ exception (not on the caught one) and points at the throwing frame', async () => {
    const r = ok(await docent.call('debug_start', { program: 'throw' }));
    expect(r.stop).toMatchObject({ state: 'stopped', reason: 'exception' });
    expect(r.stop.description).toMatch(/SIGABRT/);
    const own = r.stop.frames[r.stop.source_frame];
    expect(own).toMatchObject({ file: 'throw.cpp', line: 4 });
    expect(own.function).toMatch(/^risky/);
    expect(r.stop.locals).toEqual([expect.objectContaining({ name: 'x', value: '7' })]);
    const out = ok(await docent.call('debug_output', { session: r.session })).text;
    expect(out).toContain('caught too big');
    expect(out).toContain('what():  too big');
    ok(await docent.call('debug_stop', { session: r.session }));
  });

  it('reports an exit before any stop', async () => {
    const r = ok(await docent.call('debug_start', { program: 'app' }));
    expect(r.stop).toMatchObject({ state: 'exited', exit_code: 0 });
  });
});
