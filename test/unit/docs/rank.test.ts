import { describe, expect, it } from 'vitest';
import { isTestFile } from '../../../src/core/index/classify.js';
import { editDistance } from '../../../src/core/rank/edit-distance.js';
import { contextWords, coverage } from '../../../src/core/rank/coverage.js';
import { nameScore } from '../../../src/core/rank/name-score.js';
import type { QueryShape } from '../../../src/core/rank/query-shape.js';
import { blend } from '../../../src/core/rank/score.js';
import { identifierText, isProse, memberPath, queryWords, splitIdentifier } from '../../../src/core/rank/words.js';
import { questionStems, summaryPrecision } from '../../../src/core/rank/summary-precision.js';

describe('identifier words', () => {
  it('splits camelCase, PascalCase, acronyms and snake_case', () => {
    expect(splitIdentifier('parseConfig')).toEqual(['parse', 'config']);
    expect(splitIdentifier('parse_config')).toEqual(['parse', 'config']);
    expect(splitIdentifier('HTTPServer')).toEqual(['http', 'server']);
    expect(splitIdentifier('getHTTP2Stream')).toEqual(['get', 'http2', 'stream']);
    expect(identifierText('parseConfig')).toBe('parseconfig parse config');
  });

  it('gives a qualified id the union of its segments\' texts, in order, whatever prefix it shares with ids before it', () => {
    // The definition the indexer's per-prefix memo must match: each non-empty segment's text, once.
    const union = (id: string) => [...new Set(id.split(/[^A-Za-z0-9_]+/).filter(Boolean).map((seg) => identifierText(seg)).filter(Boolean))].join(' ');
    const ids = ['pkg.mod.Class.method', 'pkg.mod.Class.other', 'pkg.mod.parseConfig', 'a.b.a', 'x::y::z', 'ns::Type::f', '.a', 'a.', 'a..b', 'pkg.mod.Class', 'Map<K,V>.get', '_.debounce', 'os.path.join'];
    for (const id of [...ids, ...ids]) expect(identifierText(id), id).toBe(union(id));
    expect(identifierText('pkg.mod.parseConfig')).toBe('pkg mod parseconfig parse config');
    expect(identifierText('a.b.a')).toBe('a b');
  });

  it('a question in words is prose; one long identifier is a name', () => {
    expect(isProse('remove a directory tree', queryWords('remove a directory tree'))).toBe(true);
    expect(isProse('get_int_max_str_digits', queryWords('get_int_max_str_digits'))).toBe(false);
    expect(isProse('NoSuchPublicAccessBlockConfiguration', queryWords('NoSuchPublicAccessBlockConfiguration'))).toBe(false);
    // Two plain words ask what something does; two tokens written like code name it.
    expect(isProse('parse config', queryWords('parse config'))).toBe(true);
    expect(isProse('how to parse json', queryWords('how to parse json'))).toBe(true);
    expect(isProse('Counter most_common', queryWords('Counter most_common'))).toBe(false);
    expect(isProse('os.path join', queryWords('os.path join'))).toBe(false);
    expect(isProse('parseConfig file', queryWords('parseConfig file'))).toBe(false);
    expect(isProse('parse_config', queryWords('parse_config'))).toBe(false);
  });

  it('a path of two or three names, with dots or spaces, reads as a member', () => {
    expect(memberPath('json loads')).toBe('json.loads');
    expect(memberPath('Counter most_common')).toBe('Counter.most_common');
    expect(memberPath('Array.from')).toBe('Array.from');
    expect(memberPath('os.path.join')).toBe('os.path.join');
    expect(memberPath('vector::push_back')).toBe('vector.push_back');
    // An npm package's name may have hyphens; a hyphenated word in a question is no path.
    expect(memberPath('date-fns.format')).toBe('date-fns.format');
    expect(memberPath('two-phase commit')).toBeNull();
    expect(memberPath('remove a directory tree')).toBeNull();
    expect(memberPath('debounce')).toBeNull();
    expect(memberPath('a.b.c.d')).toBeNull();
  });

  it('drops stop words from queries unless nothing else is left', () => {
    expect(queryWords('delay a function until input stops')).toEqual(['delay', 'function', 'until', 'input', 'stops']);
    expect(queryWords('the')).toEqual(['the']);
  });
});

describe('ranking signals', () => {
  const shape = (raw: string, idf: Record<string, number>): QueryShape => ({ raw, words: Object.keys(idf), idf: new Map(Object.entries(idf)), prose: Object.keys(idf).length >= 3 });

  it('name score: exact > qualified tail > prefix > words', () => {
    expect(nameScore('debounce', 'debounce', '_.debounce')).toBe(1);
    expect(nameScore('_.debounce', 'debounce', '_.debounce')).toBe(1);
    expect(nameScore('Slice::get', 'get', 'core::Slice::get')).toBe(0.95);
    expect(nameScore('deb', 'debounce', '_.debounce')).toBeGreaterThan(nameScore('config parse', 'parseConfig', 'parseConfig') - 0.2);
    expect(nameScore('config parse', 'parseConfig', 'x.parseConfig')).toBeGreaterThan(0.4);
    expect(nameScore('zzz', 'debounce', '_.debounce')).toBe(0);
  });

  it('coverage weights rare words and matches word stems', () => {
    const s = shape('delay function until', { delay: 3, function: 0.5, until: 2 });
    expect(coverage(s, 'Creates a function that delays invoking until after wait')).toBe(1);
    expect(coverage(s, 'Invokes func after wait milliseconds; a function')).toBeCloseTo(0.5 / 5.5);
  });

  it("a word only the item's module doc has counts for part of its weight", () => {
    const s = shape('read rows comma separated', { read: 1, rows: 2, comma: 3, separated: 3 });
    const own = coverage(s, 'Return a reader object which will iterate over lines, each a row of the file.');
    const withModule = coverage(s, 'Return a reader object which will iterate over lines, each a row of the file.', undefined, contextWords('Comma Separated Value (CSV) files'));
    expect(own).toBeCloseTo(3 / 9);
    expect(withModule).toBeGreaterThan(own);
    expect(withModule).toBeLessThan(coverage(s, 'Read the rows of a comma separated file'));
    // The item's own words are not counted twice.
    expect(coverage(s, 'read rows', undefined, contextWords('read rows'))).toBeCloseTo(3 / 9);
    // A stem matches a word it starts (`separat` in "Separated"), as in the item's own text.
    expect(contextWords('Comma-Separated, values')).toEqual(['comma', 'separated', 'values']);
  });

  it('prose queries prefer broad coverage over a single name hit', () => {
    const s = shape('delay a function until input stops', { delay: 3, function: 0.5, until: 2, input: 2.5 });
    const [debounce, delay] = blend(s, [
      { id: '_.debounce', name: 'debounce', bm: 5, text: 'Creates a debounced function that delays invoking func until after wait milliseconds', hasDoc: true, visibility: 'public', deprecated: false, kind: 'function' },
      { id: '_.delay', name: 'delay', bm: 9, text: 'Invokes func after wait milliseconds', hasDoc: true, visibility: 'public', deprecated: false, kind: 'function' },
    ]);
    expect(debounce!.score).toBeGreaterThan(delay!.score);
  });

  it('a conversion the way a question asks ranks above its inverse, all else alike', () => {
    const s = shape('turn a python object into a json string', { turn: 1, python: 1, object: 1, json: 2, string: 1 });
    const item = (id: string, summary: string) => ({ id, name: id, bm: 5, text: summary, summary, hasDoc: true, visibility: 'public', deprecated: false, kind: 'function' });
    const [loads, dumps] = blend(s, [
      item('codec.a', 'Deserialize a JSON string to a Python object.'),
      item('codec.b', 'Serialize a Python object to a JSON string.'),
    ]);
    expect(dumps!.score).toBeGreaterThan(loads!.score);
    // Without summaries (so without directions) the two are tied.
    const [a, b] = blend(s, [{ ...item('codec.a', 'Deserialize a JSON string to a Python object.'), summary: undefined }, { ...item('codec.b', 'Serialize a Python object to a JSON string.'), summary: undefined }]);
    expect(a!.score).toBe(b!.score);
  });
});

describe('summary precision', () => {
  it("is the share of a summary's words the question has, itself or through a synonym", () => {
    const stems = questionStems(['first', 'element', 'array'], new Map([['remove', ['delete']]]));
    expect(summaryPrecision(stems, 'Gets the first element of `array`.')).toBeCloseTo(3 / 4);
    expect(summaryPrecision(stems, 'Reverses `array` so that the first element becomes the last.')).toBeCloseTo(3 / 7);
    expect(summaryPrecision(questionStems(['remove', 'file'], new Map([['remove', ['delete']]])), 'Delete a file.')).toBe(1);
    // A summary of one word says too little to count.
    expect(summaryPrecision(stems, 'Array.')).toBe(0);
  });

  it('ranks the item whose summary is the question above one that says it among other things, all else alike', () => {
    const shape = (raw: string, idf: Record<string, number>): QueryShape => ({ raw, words: Object.keys(idf), idf: new Map(Object.entries(idf)), prose: true });
    const s = shape('first element of an array', { first: 1, element: 1, array: 1 });
    const item = (id: string, summary: string) => ({ id, name: id, bm: 5, text: summary, summary, hasDoc: true, visibility: 'public', deprecated: false, kind: 'function' });
    const [reverse, head] = blend(s, [
      item('_.a', 'Reverses array so that the first element becomes the last, the second element becomes the second to last.'),
      item('_.b', 'Gets the first element of array.'),
    ]);
    expect(head!.score).toBeGreaterThan(reverse!.score);
  });
});

describe('vector trust', () => {
  it("moves the learned similarity's weight to coverage as the vectors' vocabulary shrinks", () => {
    const shape = (vectorTrust?: number): QueryShape => ({ raw: 'last items of a list', words: ['last', 'items', 'list'], idf: new Map([['last', 1], ['items', 1], ['list', 1]]), prose: true, vectorTrust });
    const item = (id: string, text: string, vec: number) => ({ id, name: id, bm: 1, text, hasDoc: true, visibility: 'public', deprecated: false, kind: 'function', vec });
    // One says every word of the question; the other says fewer and is nearer in the learned space.
    const cands = [item('a.takeLast', 'Takes the last items of a list.', 0), item('a.near', 'Items of a list.', 0.95)];
    const [sayIt, near] = blend(shape(), cands);
    expect(near!.score).toBeGreaterThan(sayIt!.score);
    const [sayItLow, nearLow] = blend(shape(0.2), cands);
    expect(sayItLow!.score).toBeGreaterThan(nearLow!.score);
    // Full trust is the default.
    expect(blend(shape(1), cands).map((x) => x.score)).toEqual(blend(shape(), cands).map((x) => x.score));
  });
});

describe('helpers', () => {
  it('recognises test files, but keeps Go example files', () => {
    expect(isTestFile('pkg/tests/test_x.py')).toBe(true);
    expect(isTestFile('test_foo.py')).toBe(true);
    expect(isTestFile('src/a.spec.ts')).toBe(true);
    expect(isTestFile('numpy/testing/utils.py')).toBe(false);
    expect(isTestFile('strutil/example_test.go')).toBe(false);
    expect(isTestFile('src/contest.py')).toBe(false);
  });

  it('edit distance for id suggestions', () => {
    expect(editDistance('geo.distanse', 'geo.distance')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
  });
});
