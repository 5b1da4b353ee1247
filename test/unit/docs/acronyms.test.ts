import { describe, expect, it } from 'vitest';
import { spelledAcronyms } from '../../../src/core/rank/acronyms.js';

describe('spelledAcronyms', () => {
  it('finds standard expansions, with their stop words and in the plural', () => {
    const got = spelledAcronyms('a first in first out queue of comma separated value files');
    expect(got.filter((a) => a.known)).toEqual([
      { acronym: 'csv', words: ['comma', 'separated', 'value'], known: true },
      { acronym: 'fifo', words: ['first', 'in', 'first', 'out'], known: true },
    ]);
  });

  it('offers the initials of three or four content words in a row, never across a stop word', () => {
    const learned = spelledAcronyms('discover the maximum transmission unit of a link').filter((a) => !a.known);
    expect(learned.map((a) => a.acronym)).toEqual(['mtu']);
    expect(spelledAcronyms('read the file of a user').filter((a) => !a.known)).toEqual([]);
  });

  it('takes four words and their first three as two candidates', () => {
    expect(spelledAcronyms('java virtual machine options').map((a) => a.acronym)).toEqual(['jvm', 'jvmo', 'vmo']);
  });

  it('leaves out an acronym the question already writes', () => {
    expect(spelledAcronyms('crc of data by cyclic redundancy check').map((a) => a.acronym)).not.toContain('crc');
  });

  it('spells a regular expression three ways', () => {
    expect(spelledAcronyms('replace every match of a regular expression').filter((a) => a.known).map((a) => a.acronym)).toEqual(['re', 'regex', 'regexp']);
  });

  it('knows blends and short forms', () => {
    expect(spelledAcronyms('a double-ended queue').map((a) => a.acronym)).toContain('deque');
    expect(spelledAcronyms('read lines from standard input').map((a) => a.acronym)).toContain('stdin');
    expect(spelledAcronyms('the current working directory').map((a) => a.acronym)).toContain('cwd');
  });
});
