import { describe, expect, it } from 'vitest';
import { ViewLeases } from '../../../src/core/lsp/view-lease.js';
import { decodeBaseline, encodeBaseline } from '../../../src/features/check/baseline.js';
import { codeOf, confidenceOf, diagnosticId } from '../../../src/features/check/codes.js';
import { applyRangeEdits, diffStat, unifiedDiff } from '../../../src/features/check/text-edits.js';

describe('ViewLeases', () => {
  it('holders of one content share; another content waits until they are done, in arrival order', async () => {
    const l = new ViewLeases();
    const order: string[] = [];
    const a1 = await l.acquire('u', 'A');
    const a2 = await l.acquire('u', 'A');
    const b = l.acquire('u', 'B').then((r) => (order.push('B'), r));
    const a3 = l.acquire('u', 'A').then((r) => (order.push('A3'), r)); // behind B: no overtaking
    await Promise.resolve();
    expect(order).toEqual([]);
    a1();
    await Promise.resolve();
    expect(order).toEqual([]);
    a2();
    (await b)();
    (await a3)();
    expect(order).toEqual(['B', 'A3']);
    expect(l.idle('u')).toBe(true);
  });

  it('a cancelled waiter leaves the queue', async () => {
    const l = new ViewLeases();
    const a = await l.acquire('u', 'A');
    const ac = new AbortController();
    const b = l.acquire('u', 'B', ac.signal);
    ac.abort();
    await expect(b).rejects.toMatchObject({ code: 'E_CANCELLED' });
    a();
    expect(l.idle('u')).toBe(true);
  });
});

describe('diagnostic codes and ids', () => {
  it('namespaces codes by source', () => {
    expect(codeOf({ range: {} as never, message: '', code: 2322 }, 'typescript')).toBe('ts2322');
    expect(codeOf({ range: {} as never, message: '', code: 'reportAttributeAccessIssue' }, 'pyright')).toBe('pyright:reportAttributeAccessIssue');
    expect(codeOf({ range: {} as never, message: '', code: '-Wunused-variable' }, 'clang')).toBe('clang:-Wunused-variable');
    expect(codeOf({ range: {} as never, message: '', severity: 2 }, 'pyright')).toBe('pyright:warning');
  });

  it('ids ignore where the text is, not what it is', () => {
    expect(diagnosticId('a.ts', 'ts2304', "Cannot find name 'x'.", '  x ')).toBe(diagnosticId('a.ts', 'ts2304', "Cannot find name 'x'.", 'x'));
    expect(diagnosticId('a.ts', 'ts2304', "Cannot find name 'x'.", 'x')).not.toBe(diagnosticId('b.ts', 'ts2304', "Cannot find name 'x'.", 'x'));
  });

  it('confidence in rustc Applicability terms', () => {
    expect(confidenceOf({ title: '', kind: 'quickfix', isPreferred: true }, 1, 1, [';'])).toBe('machine_applicable');
    expect(confidenceOf({ title: '', kind: 'quickfix', isPreferred: true }, 2, 1, ['a', 'b'])).toBe('maybe_incorrect');
    expect(confidenceOf({ title: '', kind: 'quickfix' }, 1, 1, ['x'])).toBe('maybe_incorrect');
    expect(confidenceOf({ title: '', kind: 'quickfix', isPreferred: true }, 1, 1, ['throw new Error("Function not implemented.");'])).toBe('has_placeholders');
    expect(confidenceOf({ title: '' }, 1, 1, ['x'])).toBe('unspecified');
  });
});

describe('baselines and edits', () => {
  it('a baseline round-trips and a foreign string is E_BAD_INPUT', () => {
    const b = new Map([['src/a.ts', [['abc', 'ts2322', 'error', 4, 'msg'] as [string, string, string, number, string]]]]);
    expect(decodeBaseline(encodeBaseline(b))).toEqual(b);
    expect(() => decodeBaseline('nonsense')).toThrowError(expect.objectContaining({ code: 'E_BAD_INPUT' }));
  });

  it('1-based range edits, diff and stat', () => {
    const before = 'one\r\ntwo\nthree\n';
    const after = applyRangeEdits(before, [{ range: { start: { line: 2, column: 1 }, end: { line: 2, column: 4 } }, new_text: 'TWO' }, { range: { start: { line: 1, column: 4 }, end: { line: 1, column: 4 } }, new_text: '!' }]);
    expect(after).toBe('one!\r\nTWO\nthree\n');
    expect(diffStat(before, after)).toEqual({ lines_added: 2, lines_removed: 2 });
    expect(unifiedDiff('f.txt', before, after)).toContain('+++ b/f.txt');
    expect(() => applyRangeEdits(before, [{ range: { start: { line: 9, column: 1 }, end: { line: 9, column: 1 } }, new_text: 'x' }])).toThrowError(expect.objectContaining({ code: 'E_BAD_INPUT' }));
  });
});
