import { describe, expect, it } from 'vitest';
import { namesOpposite, oppositeNameWords, oppositeRoots, wordRoot } from '../../../src/core/rank/opposites.js';
import { splitIdentifier } from '../../../src/core/rank/words.js';

/** Names that negate a question's verb (rank/opposites.ts). */

const opposite = (question: string, name: string) => namesOpposite(splitIdentifier(name), oppositeRoots(question.split(' ')));

describe('opposite names', () => {
  it('compares forms of one word by their root', () => {
    expect(['encode', 'encoding', 'encoded', 'encoder', 'encodes'].map(wordRoot)).toEqual(['encod', 'encod', 'encod', 'encod', 'encod']);
  });

  it('finds names with un-, de- and dis- against the question, and en- against de-/dis-', () => {
    expect(opposite('hexadecimal encoding of bytes as a string', 'DecodeString')).toBe(true);
    expect(opposite('escape a string for use as part of a uri', 'unescape')).toBe(true);
    expect(opposite('compress bytes with gzip', 'decompress')).toBe(true);
    expect(opposite('enable logging', 'disable')).toBe(true);
    expect(opposite('turn a python object into a json string to serialize it', 'deserialize')).toBe(true);
    // …and back: the question asks for the negated form.
    expect(opposite('unpack a tuple of bytes', 'pack')).toBe(true);
    expect(opposite('decompress a gzip stream', 'compress')).toBe(true);
  });

  it('leaves alone the name itself, a name with both forms, and words that only look prefixed', () => {
    expect(opposite('hexadecimal encoding of bytes as a string', 'EncodeToString')).toBe(false);
    expect(opposite('escape a string', 'escapeUnescape')).toBe(false);
    expect(opposite('define a constant', 'fine')).toBe(false); // de + a short root is no negation
    expect(opposite('find a file', 'define')).toBe(false);
    expect(opposite('read a file', 'unread')).toBe(true);
    expect(opposite('set a variable', 'settings')).toBe(false);
  });

  it('reads a name that leads with its format past the digits (`b64decode`, `lz4decompress`)', () => {
    expect(oppositeNameWords('b64decode')).toEqual(['b', '64', 'decode']);
    expect(oppositeNameWords('urlsafe_b64encode')).toEqual(['urlsafe', 'b', '64', 'encode']);
    const against = (question: string, name: string) => namesOpposite(oppositeNameWords(name), oppositeRoots(question.split(' ')));
    expect(against('base64 encode bytes', 'b64decode')).toBe(true);
    expect(against('base64 encode bytes', 'b64encode')).toBe(false);
    expect(against('compress a block with lz4', 'lz4decompress')).toBe(true);
    // Without the split the name is one word, and nothing negates the question.
    expect(opposite('base64 encode bytes', 'b64decode')).toBe(false);
  });
});
