import { describe, expect, it } from 'vitest';
import { sharedTree } from './fixtures.js';

/** A question in words finds a name that abbreviates them (rank/abbreviations.ts), in C and Python. */

const header = [
  '/* Bytes before the terminating NUL of S. */',
  'size_t my_strlen(const char *s);',
  '',
  '/* Bytes of S that are printable. */',
  'size_t printable_bytes(const char *s);',
  '',
  '/* The value of column N of the current row, as a 64-bit number. */',
  'long long row_column_int(int n);',
  '',
  '/* The value of column N of the current row, as raw bytes. */',
  'const void *row_column_blob(int n);',
  '',
].join('\n');

const paths = [
  'def splitext(p):',
  '    """Return the root of a path and what follows its last dot."""',
  '',
  'def suffixes(p):',
  '    """Return every suffix of a path\'s last part."""',
  '',
].join('\n');

const index = sharedTree({ 'strings.h': header, 'paths.py': paths }, 'docent-abbreviations-');
const ids = (q: string) => index().roots[0]!.queries.search(q, { limit: 5 }).map((h) => h.id);

describe('words a name abbreviates', () => {
  it('finds `my_strlen` for "length of a string", which its doc never says', () => {
    expect(ids('length of a string')[0]).toBe('my_strlen');
  });

  it('finds the integer column reader over its siblings for "integer value of a column"', () => {
    expect(ids('integer value of a column')[0]).toBe('row_column_int');
  });

  it('finds `splitext` for "split off the extension of a path"', () => {
    expect(ids('split off the extension of a path')[0]).toBe('paths.splitext');
  });
});
