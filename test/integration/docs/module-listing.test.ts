import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSource } from '../../../src/core/extract/extract.js';
import { docsSearch } from '../../../src/features/docs/search.js';
import { fileDocsContext, FIXTURES, item } from './fixtures.js';

/**
 * What a module's doc says of each member it lists (`core/extract/module-listing.ts`): a table
 * like statistics' ("stdev  Sample standard deviation of data."), `name() -- text` lines like
 * sys', `name(args) - text` like getpass', bullets. The line is kept on the member and searched
 * with its docs, so a question in the listing's words finds a member whose own doc says how.
 */

const ROOT = path.join(FIXTURES, 'module-listing');
const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');

const ctx = fileDocsContext(ROOT, { dependencies: false });

describe('module listings', () => {
  for (const engine of ['fast', 'tree-sitter'] as const) {
    it(`reads a table of members and descriptions, not its heading or later prose (${engine})`, async () => {
      const x = await extractSource('python', read('summarize.py'), { file: 'summarize.py', includePrivate: false, engine });
      expect(item(x, 'summarize.spread').tags.listed).toBe('Sample standard deviation of the data.');
      expect(item(x, 'summarize.centre').tags.listed).toBe('Middle value of the data, halfway through it.');
      expect(item(x, 'summarize.tally').tags.listed).toBe('Count how often each value occurs.');
      // Named in a sentence ("see variance"), not listed.
      expect(item(x, 'summarize.variance').tags.listed).toBeUndefined();
      // The member's own doc is untouched.
      expect(item(x, 'summarize.spread').summary).toBe('Return the square root of the sample variance.');
    });

    it(`reads '--' and '-' entries with argument lists, continued lines and bullets (${engine})`, async () => {
      const x = await extractSource('python', read('term.py'), { file: 'term.py', includePrivate: false, engine });
      expect(item(x, 'term.exit_now').tags.listed).toBe('leave the program at once, skipping the cleanup handlers registered before');
      expect(item(x, 'term.read_secret').tags.listed).toBe('Prompt for a password, with echo turned off.');
      expect(item(x, 'term.columns').tags.listed).toBe('width of the terminal in characters');
      // A listed name the module does not define lends its line to nobody.
      expect(x.items.filter((i) => i.tags.listed === 'a name this module does not define')).toEqual([]);
      expect(item(x, 'term.ask').tags.listed).toBeUndefined();
    });
  }

  it("reads rustdoc's link labels in a crate's list of its items", async () => {
    const src = [
      '//! Containers.',
      '//!',
      '//! - [`Ring`]: a fixed-size queue that overwrites its oldest item',
      '//! - **grow** - make a buffer larger in place',
      '',
      '/// A ring buffer.',
      'pub struct Ring { items: Vec<u8> }',
      '',
      '/// Grow the buffer.',
      'pub fn grow(r: &mut Ring) {}',
      '',
    ].join('\n');
    const x = await extractSource('rust', src, { file: 'src/lib.rs', includePrivate: false });
    expect(item(x, 'crate::Ring').tags.listed).toBe('a fixed-size queue that overwrites its oldest item');
    expect(item(x, 'crate::grow').tags.listed).toBe('make a buffer larger in place');
  });

  it('finds a member by the words its module lists it with', async () => {
    const r = await docsSearch({ query: 'standard deviation of a sample', limit: 3 }, ctx());
    expect(r.results[0]?.id).toBe('summarize.spread');
    const secret = await docsSearch({ query: 'prompt for a password without echo', limit: 3 }, ctx());
    expect(secret.results[0]?.id).toBe('term.read_secret');
  });
});
