import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startDocent, type DocentSession } from '../../helpers/docent.js';
import { fixtureCopy, ok } from './setup.js';

/** Python through debugpy (Debian python3-debugpy), driven as an agent would over MCP. */

let root: string;
let docent: DocentSession;

beforeAll(async () => {
  root = fixtureCopy('python');
  docent = await startDocent(['--root', root, '--no-index']);
});

afterAll(async () => {
  await docent?.close();
});

describe('debugging Python (debugpy)', () => {
  it('binds breakpoints by line, symbol and anchor text, reports the unbindable one, and walks a session', async () => {
    const start = ok(
      await docent.call('debug_start', {
        program: 'app.py',
        breakpoints: [{ file: 'app.py', line: 13 }, { symbol: 'order_total' }, { file: 'app.py', anchor_text: 'print("name' }, { file: 'app.py', line: 100 }],
      }),
    );
    const [byLine, bySymbol, byAnchor, beyond] = start.breakpoints;
    expect(byLine).toMatchObject({ verified: true, bound_line: 13 });
    expect(bySymbol).toMatchObject({ symbol: 'order_total', verified: true, bound_line: 17 });
    expect(byAnchor).toMatchObject({ verified: true, bound_line: 28 });
    expect(beyond.verified).toBe(false);
    expect(beyond.message).toMatch(/past the end/);
    const session = start.session;
    // First stop: the symbol breakpoint, with a stack that has source lines.
    expect(start.stop).toMatchObject({ state: 'stopped', reason: 'breakpoint' });
    expect(start.stop.frames[0]).toMatchObject({ function: 'order_total', file: 'app.py', line: 17 });
    expect(start.stop.frames.map((f: { function: string }) => f.function)).toEqual(['order_total', 'main', '<module>']);
    expect(start.stop.frames[1].source).toContain('order_total(items)');
    // The stop context stays small (target: under 2k tokens, ~8k characters of JSON).
    expect(JSON.stringify(start.stop).length).toBeLessThan(8000);

    const atLine = ok(await docent.call('debug_continue', { session }));
    expect(atLine.frames[0]).toMatchObject({ function: 'line_total', line: 13 });
    const item = atLine.locals.find((v: { name: string }) => v.name === 'item');
    expect(item).toMatchObject({ type: 'Item', expandable: true });
    expect(atLine.locals.find((v: { name: string }) => v.name === 'total')?.value).toBe('2');

    const fields = ok(await docent.call('debug_variables', { session, path: 'item' }));
    expect(fields.variables.map((v: { name: string }) => v.name).sort()).toEqual(['name', 'price', 'qty']);
    expect(fields.variables.find((v: { name: string }) => v.name === 'name')).toMatchObject({ value: "'item0'", path: 'item.name' });

    expect(ok(await docent.call('debug_evaluate', { session, expression: 'item.price * 10' })).value).toBe('10');
    expect(ok(await docent.call('debug_evaluate', { session, expression: 'len(items)', frame: 1 })).value).toBe('50');
    const bad = await docent.call('debug_evaluate', { session, expression: 'no_such_name + 1' });
    expect(errorOf(bad).code).toBe('E_BAD_INPUT');
    expect(errorOf(bad).message).toMatch(/NameError/);

    const out = ok(await docent.call('debug_step', { session, kind: 'out' }));
    expect(out.frames[0].function).toBe('order_total');
    // Drop the line and symbol breakpoints; run on to the anchor (after the loop).
    ok(await docent.call('debug_breakpoints', { session, clear: true, set: [{ file: 'app.py', anchor_text: 'print("name' }] }));
    const atAnchor = ok(await docent.call('debug_continue', { session }));
    expect(atAnchor.frames[0]).toMatchObject({ function: 'main', line: 28 });

    const items = ok(await docent.call('debug_variables', { session, path: 'items', max_items: 5 }));
    expect(items.truncated).toBe(true);
    expect(items.variables).toHaveLength(5);
    expect(items.variables[0].path).toBe('items[0]');
    const deep = ok(await docent.call('debug_variables', { session, path: "data['nested']['deep']", max_depth: 2 }));
    expect(deep.variables.map((v: { path: string }) => v.path)).toContain("data['nested']['deep']['deeper'][1]");
    expect(deep.variables.find((v: { path: string }) => v.path.endsWith('[1]'))?.value).toBe('2');

    const over = ok(await docent.call('debug_step', { session, kind: 'over' }));
    expect(over.frames[0]).toMatchObject({ function: 'main', line: 29 });
    const inStep = ok(await docent.call('debug_stack', { session }));
    expect(inStep.frames[0].line).toBe(29);

    const done = ok(await docent.call('debug_continue', { session, until: 'exit' }));
    expect(done).toMatchObject({ state: 'exited', exit_code: 0 });
    const all = ok(await docent.call('debug_output', { session }));
    expect(all.text).toContain('total=2550\nname=order-1');
    ok(await docent.call('debug_stop', { session }));
    expect(ok(await docent.call('debug_sessions', {})).sessions).toEqual([]);
  });

  it('steps into a call', async () => {
    const start = ok(await docent.call('debug_start', { program: 'app.py', breakpoints: [{ file: 'app.py', anchor_text: 'total = order_total(items)' }] }));
    expect(start.stop.frames[0].function).toBe('main');
    const into = ok(await docent.call('debug_step', { session: start.session, kind: 'in' }));
    expect(into.frames[0].function).toBe('order_total');
    expect(into.frames[1].function).toBe('main');
    ok(await docent.call('debug_stop', { session: start.session }));
  });

  it('re-resolves a symbol breakpoint when its file changes before it loads', async () => {
    const start = ok(await docent.call('debug_start', { program: 'lazy.py', breakpoints: [{ file: 'lazy.py', anchor_text: 'import helper' }, { file: 'helper.py', symbol: 'compute' }] }));
    expect(start.breakpoints[1]).toMatchObject({ verified: true, bound_line: 2 });
    expect(start.stop.frames[0]).toMatchObject({ function: 'main', line: 6 });
    // The function moves down two lines while the program is stopped before importing it.
    const helper = path.join(root, 'helper.py');
    writeFileSync(helper, `# moved\n# down\n${readFileSync(helper, 'utf8')}`);
    const hit = ok(await docent.call('debug_continue', { session: start.session }));
    expect(hit.frames[0]).toMatchObject({ function: 'compute', file: 'helper.py', line: 4 });
    const bps = ok(await docent.call('debug_breakpoints', { session: start.session }));
    expect(bps.breakpoints[1]).toMatchObject({ symbol: 'compute', line: 4, verified: true, bound_line: 4 });
    ok(await docent.call('debug_stop', { session: start.session }));
  });

  it('shows a stop that came while no call was waiting, before resuming', async () => {
    const start = ok(await docent.call('debug_start', { program: 'late.py', timeout_s: 1, breakpoints: [{ file: 'late.py', anchor_text: 'value = 42' }] }));
    expect(start.stop.state).toBe('running');
    for (let i = 0; i < 100; i++) {
      const [s] = ok(await docent.call('debug_sessions', {})).sessions.filter((x: { session: string }) => x.session === start.session);
      if (s.state === 'stopped') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const shown = ok(await docent.call('debug_continue', { session: start.session }));
    expect(shown).toMatchObject({ state: 'stopped', reason: 'breakpoint' });
    expect(shown.frames[0].line).toBe(5);
    const next = ok(await docent.call('debug_continue', { session: start.session }));
    expect(next.state).toBe('exited');
  });

  it('reports a program that exits before any stop, with its output', async () => {
    const r = ok(await docent.call('debug_start', { program: 'app.py' }));
    expect(r.stop).toMatchObject({ state: 'exited', exit_code: 0, frames: [] });
    expect(r.stop.output.text).toContain('total=2550');
  });

  it('stops on an uncaught exception with the stack where it was raised', async () => {
    const r = ok(await docent.call('debug_start', { program: 'crash.py' }));
    expect(r.stop).toMatchObject({ state: 'stopped', reason: 'exception' });
    expect(r.stop.description).toMatch(/ValueError.*three/);
    expect(r.stop.frames[0]).toMatchObject({ function: 'parse', file: 'crash.py', line: 2 });
    expect(r.stop.locals).toEqual([expect.objectContaining({ name: 'text', value: "'three'" })]);
    ok(await docent.call('debug_stop', { session: r.session }));
  });
});
