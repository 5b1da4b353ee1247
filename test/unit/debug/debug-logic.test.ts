import { describe, expect, it } from 'vitest';
import { encodeMessage, MessageReader } from '../../../src/core/dap/framing.js';
import { OutputBuffer } from '../../../src/core/dap/session.js';
import { parseCallgrind } from '../../../src/core/profile/callgrind.js';
import { fromCpuProfile } from '../../../src/core/profile/node.js';
import { codeLineFrom } from '../../../src/features/debug/breakpoint-resolve.js';
import { splitPath } from '../../../src/features/debug/inspect.js';

describe('DAP framing', () => {
  it('reads messages split anywhere and several per chunk', () => {
    const got: unknown[] = [];
    const reader = new MessageReader((m) => got.push(m));
    const bytes = Buffer.concat([encodeMessage({ seq: 1, type: 'event', event: 'ünïcode' }), encodeMessage({ seq: 2, type: 'response' })]);
    for (let i = 0; i < bytes.length; i += 7) reader.push(bytes.subarray(i, i + 7));
    expect(got).toEqual([{ seq: 1, type: 'event', event: 'ünïcode' }, { seq: 2, type: 'response' }]);
  });
});

describe('output buffer', () => {
  it('continues from an offset and keeps the most recent text when cut', () => {
    const b = new OutputBuffer();
    b.append('hello\n');
    const first = b.since(0, 100);
    b.append('world\n');
    expect(b.since(first.end, 100).text).toBe('world\n');
    expect(b.since(0, 6)).toMatchObject({ text: 'world\n', truncated: true });
  });
});

describe('breakpoint lines', () => {
  const lines = ['def f():', '    # comment', '', '    return 1', ''];
  it('moves a line without code to the next one with code, and refuses past the end', () => {
    expect(codeLineFrom(lines, 1)).toEqual({ line: 1 });
    expect(codeLineFrom(lines, 2)).toMatchObject({ line: 4, note: expect.stringMatching(/moved to line 4/) });
    expect(codeLineFrom(lines, 9)).toMatchObject({ line: null, problem: expect.stringMatching(/past the end of the file \(4 lines\)/) });
  });
});

describe('variable paths', () => {
  it('splits members, indices and quoted keys', () => {
    expect(splitPath('order.items[3].name')).toEqual(['order', 'items', '3', 'name']);
    expect(splitPath("data['a.b'][\"c\"]")).toEqual(['data', 'a.b', 'c']);
  });
});

describe('callgrind parsing', () => {
  it('reads self, inclusive call costs, lines and compressed names', () => {
    const text = [
      'events: Ir',
      'summary: 1000',
      'fl=(1) /src/a.cpp',
      'fn=(1) main',
      '10 5',
      'cfn=(2) hot(int)',
      'calls=3 20',
      '11 900',
      'fn=(2)',
      '20 100',
      '+1 800',
      '* 50',
    ].join('\n');
    const p = parseCallgrind(text);
    const hot = p.functions.find((f) => f.function === 'hot(int)')!;
    expect(hot).toMatchObject({ file: '/src/a.cpp', line: 20, self: 950, calls: 3 });
    const main = p.functions.find((f) => f.function === 'main')!;
    expect(main).toMatchObject({ self: 5, total: 905 });
    expect(p.edges).toEqual([{ caller: main.key, callee: hot.key, weight: 900, calls: 3 }]);
    expect(p.lines.filter((l) => l.key === hot.key).map((l) => [l.line, l.self])).toEqual([
      [20, 100],
      [21, 850],
    ]);
    expect(p.total).toBe(1000);
  });
});

describe('cpuprofile parsing', () => {
  it('counts self per function and total once per sample, even through recursion', () => {
    const frame = (functionName: string, lineNumber = 0) => ({ functionName, url: 'file:///p/a.js', lineNumber, columnNumber: 0 });
    const p = fromCpuProfile({
      nodes: [
        { id: 1, callFrame: frame('(root)'), children: [2] },
        { id: 2, callFrame: frame('main', 9), children: [3] },
        { id: 3, callFrame: frame('rec', 19), children: [4] },
        { id: 4, callFrame: frame('rec', 19), positionTicks: [{ line: 21, ticks: 2 }] },
      ],
      startTime: 0,
      endTime: 4000,
      samples: [4, 4, 2, 3],
      timeDeltas: [0, 1000, 1000, 1000],
    });
    const rec = p.functions.find((f) => f.function === 'rec')!;
    const main = p.functions.find((f) => f.function === 'main')!;
    expect(rec).toMatchObject({ file: '/p/a.js', line: 20, self: 3, total: 3 });
    expect(main).toMatchObject({ self: 1, total: 4 });
    expect(p.total).toBe(4);
    expect(p.edges.find((e) => e.callee === rec.key && e.caller === main.key)?.weight).toBe(3);
    expect(p.lines).toEqual([{ key: rec.key, line: 21, self: 2 }]);
  });
});

describe('native debugger detection', () => {
  it("reads gdb's major version (gdb speaks DAP from 14)", async () => {
    const { gdbMajor } = await import('../../../src/core/dap/adapters.js');
    expect(gdbMajor('GNU gdb (Debian 13.1-3) 13.1\nCopyright (C) 2023')).toBe(13);
    expect(gdbMajor('GNU gdb (GDB) 14.2\n')).toBe(14);
    expect(gdbMajor('lldb version 19')).toBeNull();
  });
});
