import { describe, expect, it } from 'vitest';
import { definitionBlock, findDefinitionLine } from '../../../src/core/info/lookup.js';

const elisp = [
  'Intro text mentioning mapcar.',
  '',
  ' -- Function: mapcar function sequence',
  '     Apply FUNCTION to each element of SEQUENCE.',
  '',
  ' -- Function: mapc function sequence',
  '     Like mapcar, for side effects.',
].join('\n');

const T = { typed: true };
const typed = [
  ' -- Function: void sha256_init (struct sha256_ctx *CTX)',
  '     Initialize the SHA256 state.',
  '',
  ' -- Function: void sha256_digest (struct sha256_ctx *CTX, size_t LENGTH,',
  '          uint8_t *DIGEST)',
  '     Performs final processing.',
  '',
  '   Unindented prose ends the block.',
  ' -- Variable: const struct nettle_hash nettle_sha256',
  ' -- Function: void * sha256_digest_alias (void)',
].join('\n');

describe('findDefinitionLine', () => {
  it("follows Emacs's rule: the first ` -- Kind: SYMBOL` header", () => {
    expect(findDefinitionLine(elisp, 'mapcar')).toBe(3);
    expect(findDefinitionLine(elisp, 'mapc')).toBe(6);
    expect(findDefinitionLine(elisp, 'apply')).toBeNull();
    // An argument of an untyped header is not what it defines, with or without typed headers.
    expect(findDefinitionLine(elisp, 'function')).toBeNull();
    expect(findDefinitionLine(elisp, 'sequence', T)).toBeNull();
  });

  it('finds typed headers (@deftypefun) only when asked, naming the symbol as a whole word', () => {
    expect(findDefinitionLine(typed, 'sha256_digest')).toBeNull();
    expect(findDefinitionLine(typed, 'sha256_digest', T)).toBe(4);
    expect(findDefinitionLine(typed, 'nettle_sha256', T)).toBe(9);
    // A longer name that starts with the symbol is not the symbol; a pointer return type is fine.
    expect(findDefinitionLine(typed, 'sha256_digest_alias', T)).toBe(10);
    expect(findDefinitionLine(typed, 'sha256', T)).toBeNull();
    // A parameter's type is not what a header defines.
    expect(findDefinitionLine(typed, 'sha256_ctx', T)).toBeNull();
    expect(findDefinitionLine(typed, 'uint8_t', T)).toBeNull();
  });

  it('prefers the typed header at or after the index line', () => {
    const twice = `${typed}\n -- Function: void sha256_digest (void)`;
    expect(findDefinitionLine(twice, 'sha256_digest', { near: 5, typed: true })).toBe(11);
    expect(findDefinitionLine(twice, 'sha256_digest', { near: 1, typed: true })).toBe(4);
  });

  it('definitionBlock takes the header, its continuation lines and the indented body', () => {
    const block = definitionBlock(typed.split('\n'), 4);
    expect(block.split('\n')).toEqual([
      ' -- Function: void sha256_digest (struct sha256_ctx *CTX, size_t LENGTH,',
      '          uint8_t *DIGEST)',
      '     Performs final processing.',
    ]);
  });
});
