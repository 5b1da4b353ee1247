import { describe, expect, it } from 'vitest';
import { formatSeconds } from '../../../src/cli/progress.js';

describe('terminal progress ETA', () => {
  it('formats seconds, minutes and hours', () => {
    expect(formatSeconds(9.4)).toBe('9s');
    expect(formatSeconds(65)).toBe('1m05s');
    expect(formatSeconds(3725)).toBe('1h02m');
  });
});
