import { describe, expect, it } from 'vitest';
import { sharedTree } from './fixtures.js';

/**
 * A name that negates the question's verb ranks below the one that does what is asked, even
 * when its doc shares more of the question's words (rank/opposites.ts).
 */

// Each pair's docs share the question's words about equally; only the name tells them apart.
const codec = [
  'def unescape(text):',
  '    """Turn the percent escapes of a URL string back into characters."""',
  '',
  '',
  'def escape(text):',
  '    """Make a string safe to put in a URL."""',
  '',
  '',
  'def decode_hex(text):',
  '    """Bytes from a string of hexadecimal digits: the hex encoding undone."""',
  '',
  '',
  'def encode_hex(data):',
  '    """Hexadecimal string form of some bytes."""',
  '',
].join('\n');

const index = sharedTree({ 'codec.py': codec }, 'docent-opposites-');

const ranked = (q: string) => index().roots[0]!.queries.search(q, { limit: 4 });
const scoreOf = (q: string, id: string) => ranked(q).find((h) => h.id === id)?.score ?? 0;

describe('names that say the opposite of the question', () => {
  it('rank clearly below the name that does what is asked', () => {
    for (const [q, right, opposite] of [
      ['escape a string for use in a url', 'codec.escape', 'codec.unescape'],
      ['hexadecimal encoding of bytes as a string', 'codec.encode_hex', 'codec.decode_hex'],
    ]) {
      expect(ranked(q!)[0]?.id).toBe(right);
      // Without the rule the two score within a few thousandths of each other.
      expect(scoreOf(q!, right!) - scoreOf(q!, opposite!)).toBeGreaterThan(0.05);
    }
  });

  it('still answer the question that asks for them', () => {
    expect(ranked('unescape a string from a url')[0]?.id).toBe('codec.unescape');
    expect(ranked('decode a hexadecimal string into bytes')[0]?.id).toBe('codec.decode_hex');
  });
});
