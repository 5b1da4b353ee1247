import { describe, expect, it } from 'vitest';
import { sharedTree } from './fixtures.js';

/**
 * A question that writes as one word what the docs write as two ("whitespace" for "white
 * space") is searched by the docs' two words (index/word-counts.ts splitAbsentCompounds); a word
 * the docs do use is left as it is.
 */

const strings = [
  '/** Removes the leading and trailing white space and line terminator characters from a string. */',
  'export function trim(s: string): string { return s; }',
  '/** Returns the characters of a string from both ends inward, reversed. */',
  'export function reverseEnds(s: string): string { return s; }',
  '/** Removes a prefix from a string when present. */',
  'export function removePrefix(s: string, prefix: string): string { return s; }',
  '/** Splits a file system path into its directory and base name. */',
  'export function splitPath(p: string): [string, string] { return [p, p]; }',
  '/** Whether a keyword is reserved. */',
  'export function isKeyword(word: string): boolean { return false; }',
  '/** Looks up every key word by word, and says whether each is reserved or not reserved. */',
  'export function lookupWords(text: string): boolean[] { return []; }',
].join('\n');

const index = sharedTree({ 'strings.ts': strings }, 'docent-compounds-');

const first = (q: string) => index().roots[0]!.queries.search(q, { limit: 3 })[0]?.id;

describe('compound words', () => {
  it('finds "white space" for "whitespace" and "file system" for "filesystem"', () => {
    expect(first('remove whitespace from both ends of a string')).toBe('strings.trim');
    expect(first('filesystem path split')).toBe('strings.splitPath');
  });

  it('keeps a word the docs use whole ("keyword" is not "key word")', () => {
    expect(first('is this keyword reserved')).toBe('strings.isKeyword');
  });
});
