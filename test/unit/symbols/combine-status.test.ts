import { describe, expect, it } from 'vitest';
import { combineStatus } from '../../../src/features/symbols/search.js';

const r = (index_status: 'ready' | 'indexing' | 'unavailable') => ({ server: 's', root: '/r', index_status });

describe('search_symbols index_status across several servers', () => {
  it('is unavailable only when no server could answer', () => {
    expect(combineStatus([])).toBe('unavailable');
    expect(combineStatus([r('unavailable'), r('unavailable')])).toBe('unavailable');
  });
  it('ignores a missing server when others answered (it is reported in warnings)', () => {
    expect(combineStatus([r('ready'), r('unavailable')])).toBe('ready');
  });
  it('is indexing when any answering server is still indexing', () => {
    expect(combineStatus([r('ready'), r('indexing'), r('unavailable')])).toBe('indexing');
  });
});
