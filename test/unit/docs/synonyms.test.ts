import { describe, expect, it } from 'vitest';
import { phraseSynonyms, synonymsOf } from '../../../src/core/rank/synonyms.js';

describe('synonymsOf', () => {
  it('gives the docs\' terms for an everyday word, in any of its forms', () => {
    expect(synonymsOf('folder')).toEqual(['directory']);
    expect(synonymsOf('Folders')).toEqual(['directory']);
    expect(synonymsOf('separate')).toEqual(['split']);
    expect(synonymsOf('separated')).toEqual(['split']);
    expect(synonymsOf('tally')).toEqual(['count']);
  });

  it('goes one way only, and leaves words with a second sense in code', () => {
    expect(synonymsOf('directory')).toEqual([]);
    expect(synonymsOf('split')).toEqual([]);
    expect(synonymsOf('duplicate')).toEqual([]);
    expect(synonymsOf('copy')).toEqual([]);
  });

  it('joins the two words docs use for deleting, both ways', () => {
    expect(synonymsOf('remove')).toEqual(['delete']);
    expect(synonymsOf('deleting')).toEqual(['remove']);
  });

  it('reads a superlative as the docs\' maximum or minimum', () => {
    expect(synonymsOf('greatest')).toEqual(['largest', 'maximum']);
    expect(synonymsOf('smallest')).toEqual(['minimum']);
    expect(synonymsOf('largest')).toEqual([]);
    expect(synonymsOf('many')).toEqual(['count', 'number']);
  });

  it('gives every word of an everyday phrase the docs\' term for the whole', () => {
    expect(phraseSynonyms(['random', 'whole', 'numbers', 'between', 'bounds'])).toEqual(
      new Map([
        ['whole', ['integer', 'int']],
        ['numbers', ['integer', 'int']],
      ]),
    );
    expect(phraseSynonyms(['add', 'up', 'the', 'numbers'])).toEqual(new Map([['add', ['sum']], ['up', ['sum']]]));
  });

  it('knows the one-word terms of computing for everyday phrases', () => {
    expect(phraseSynonyms(['put', 'the', 'items', 'in', 'random', 'order']).get('order')).toEqual(['shuffle']);
    expect(phraseSynonyms(['values', 'the', 'arrays', 'have', 'in', 'common']).get('common')).toEqual(['intersection']);
    expect(phraseSynonyms(['split', 'at', 'each', 'line', 'break']).get('break')).toEqual(['newline']);
    expect(phraseSynonyms(['only', 'invoke', 'it', 'the', 'first', 'time'])).toEqual(new Map([['first', ['once']], ['time', ['once']]]));
  });

  it('needs the phrase\'s words together and in order', () => {
    expect(phraseSynonyms(['number', 'whole'])).toEqual(new Map());
    expect(phraseSynonyms(['whole', 'list', 'of', 'numbers'])).toEqual(new Map());
    expect(phraseSynonyms([])).toEqual(new Map());
  });
});
