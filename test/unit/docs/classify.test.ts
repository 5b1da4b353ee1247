import { describe, expect, it } from 'vitest';
import { classify } from '../../../src/core/index/classify.js';

/** A file of `bytes` bytes of plain declarations (nothing binary, generated or minified about it). */
function declarations(bytes: number): Buffer {
  const line = 'export declare function f(x: number): string;\n';
  return Buffer.from(line.repeat(Math.ceil(bytes / line.length)).slice(0, bytes));
}

describe('classify: the size limit', () => {
  it('a source file past the limit is oversize', () => {
    expect(classify(declarations(1_500_000), 1_000_000, 'src/big.ts')).toBe('oversize');
    expect(classify(declarations(900_000), 1_000_000, 'src/big.ts')).toBeNull();
  });

  it('a declaration file may be twice as large (a package keeps its typed API in one)', () => {
    expect(classify(declarations(1_500_000), 1_000_000, 'types/types.d.ts')).toBeNull();
    expect(classify(declarations(1_500_000), 1_000_000, 'index.d.mts')).toBeNull();
    expect(classify(declarations(2_100_000), 1_000_000, 'lib/lib.dom.d.ts')).toBe('oversize');
  });
});
