import { describe, expect, it } from 'vitest';
import { sharedTree } from './fixtures.js';

/** Everyday words in a question find the docs' terms for them (rank/synonyms.ts). */

const paths = [
  'def split_path(path):',
  '    """Split a path into its directory and file name."""',
  '',
  'def path_parts(path):',
  '    """Return the file name and the other parts of a path."""',
  '',
  'def count_words(text):',
  '    """Count how often each word occurs in a text."""',
  '',
  'def word_list(text):',
  '    """Return the words of a text, each once."""',
  '',
  'def pick_integer(low, high):',
  '    """Return a random integer in the given range."""',
  '',
  'def pick_fraction(low, high):',
  '    """Return a random fraction of a number in the given range."""',
  '',
].join('\n');

const index = sharedTree({ 'paths.py': paths }, 'docent-synonyms-');
const ids = (q: string) => index().roots[0]!.queries.search(q, { limit: 5 }).map((h) => h.id);

describe('everyday words for the docs\' terms', () => {
  it('finds the item whose doc says "split" and "directory" for a question that says "separate" and "folder"', () => {
    expect(ids('separate a path into folder and file name')[0]).toBe('paths.split_path');
  });

  it('finds "count" for "tally"', () => {
    expect(ids('tally each word of a text')[0]).toBe('paths.count_words');
  });

  it('finds "integer" for the phrase "whole number", which neither word says alone', () => {
    expect(ids('random whole number in a range')[0]).toBe('paths.pick_integer');
  });
});
