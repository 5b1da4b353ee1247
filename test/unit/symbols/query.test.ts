import { describe, expect, it } from 'vitest';
import { fuzzyMatch, matchesQuery, matchTier, parseQuery } from '../../../src/features/symbols/query.js';

describe('parseQuery', () => {
  it('splits the query forms clangd understands', () => {
    expect(parseQuery('vector')).toMatchObject({ scope: [], anchored: false, name: 'vector' });
    expect(parseQuery('std::vector')).toMatchObject({ scope: ['std'], anchored: false, name: 'vector' });
    expect(parseQuery('::main')).toMatchObject({ scope: [], anchored: true, name: 'main' });
    expect(parseQuery('MyNamespace::')).toMatchObject({ scope: ['MyNamespace'], name: '' });
    expect(parseQuery('a::b::c')).toMatchObject({ scope: ['a', 'b'], name: 'c' });
    expect(parseQuery('Greeter.greet')).toMatchObject({ scope: ['Greeter'], name: 'greet' });
  });
});

describe('fuzzyMatch', () => {
  it('matches subsequences that start at a segment head', () => {
    expect(fuzzyMatch('get', 'getValue')).toBe(true);
    expect(fuzzyMatch('gv', 'getValue')).toBe(true);
    expect(fuzzyMatch('val', 'getValue')).toBe(true);
    expect(fuzzyMatch('pwt', 'price_with_tax')).toBe(true);
    expect(fuzzyMatch('hs', 'HTTPServer')).toBe(true);
    expect(fuzzyMatch('GET', 'getValue')).toBe(true);
    expect(fuzzyMatch('et', 'getValue')).toBe(false);
    expect(fuzzyMatch('xyz', 'getValue')).toBe(false);
    expect(fuzzyMatch('', 'anything')).toBe(true);
  });
});

describe('matchesQuery', () => {
  it('applies scopes as clangd does', () => {
    expect(matchesQuery(parseQuery('std::vector'), 'vector', ['std'])).toBe(true);
    expect(matchesQuery(parseQuery('std::vector'), 'vector', ['boost', 'std'])).toBe(true);
    expect(matchesQuery(parseQuery('std::vector'), 'vector', ['other'])).toBe(false);
    expect(matchesQuery(parseQuery('::main'), 'main', [])).toBe(true);
    expect(matchesQuery(parseQuery('::main'), 'main', ['ns'])).toBe(false);
    expect(matchesQuery(parseQuery('geo::'), 'Point', ['geo'])).toBe(true);
    expect(matchesQuery(parseQuery('geo::'), 'Point', [])).toBe(false);
  });
});

describe('matchTier', () => {
  it('ranks exact, case-insensitive exact, prefix, fuzzy', () => {
    const q = parseQuery('Cart');
    expect(matchTier(q, 'Cart')).toBe(0);
    expect(matchTier(q, 'cart')).toBe(1);
    expect(matchTier(q, 'CartItem')).toBe(2);
    expect(matchTier(q, 'ClearAllRecords')).toBe(3);
  });
});
