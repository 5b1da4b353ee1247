import { describe, expect, it } from 'vitest';
import { extractFixture, item } from './fixtures.js';
import { extractSource } from '../../../src/core/extract/extract.js';

describe('TypeScript extraction (TSDoc/JSDoc)', () => {
  it('extracts a documented function with every tag, merging signature types with tag text', async () => {
    const x = await extractFixture('ts', 'src/strings.ts');
    expect(item(x, 'src/strings.parseConfig')).toEqual({
      id: 'src/strings.parseConfig',
      kind: 'function',
      name: 'parseConfig',
      module: 'src/strings',
      visibility: 'public',
      language: 'typescript',
      signature: "function parseConfig(text: string, separator = '='): Map<string, string>",
      summary: 'Parses a configuration string into key/value pairs.',
      doc: 'Parses a configuration string into key/value pairs.\n\nLines starting with `#` are comments. See `formatConfig` for the inverse.',
      params: [
        { name: 'text', type: 'string', doc: 'The configuration text.' },
        { name: 'separator', type: null, doc: 'The key/value separator.', default: "'='", optional: true },
      ],
      returns: { type: 'Map<string, string>', doc: 'The parsed entries, in file order.' },
      throws: [{ type: 'SyntaxError', doc: 'When a line has no separator.' }],
      examples: [{ code: "parseConfig('a=1\\nb=2');", description: null, language: 'typescript' }],
      see_also: ['formatConfig'],
      deprecated: null,
      since: '1.2.0',
      location: { file: 'src/strings.ts', line: 25, end_line: 27 },
      parent: null,
      implements: [],
      tags: {},
    });
  });

  it('reads the module doc, deprecations, classes, members, interfaces, enums and type aliases', async () => {
    const x = await extractFixture('ts', 'src/strings.ts');
    expect(x.module).toEqual({ name: 'src/strings', doc: 'String helpers used across the project.', summary: 'String helpers used across the project.' });
    expect(x.imports).toEqual(['node:fs']);
    expect(item(x, 'src/strings.formatConfig')).toMatchObject({ kind: 'function', deprecated: 'Use `writeConfig` instead.', params: [{ name: 'entries', type: 'Map<string, string>', doc: null }], returns: { type: 'string', doc: null } });
    expect(item(x, 'src/strings.Tokenizer')).toMatchObject({ kind: 'class', signature: 'class Tokenizer implements Iterable<string>', implements: ['Iterable<string>'] });
    expect(item(x, 'src/strings.Tokenizer.constructor')).toMatchObject({ kind: 'constructor', parent: 'src/strings.Tokenizer', params: [{ name: 'text', type: 'string', doc: 'The input.' }] });
    expect(item(x, 'src/strings.Tokenizer.next')).toMatchObject({ kind: 'method', returns: { type: 'string | null', doc: 'The token.' } });
    expect(item(x, 'src/strings.Tokenizer.text')).toMatchObject({ kind: 'property', signature: 'readonly text: string', summary: 'The text being tokenized.' });
    expect(item(x, 'src/strings.TokenizerOptions.keepSpace')).toMatchObject({ kind: 'property', summary: 'Whether to keep whitespace tokens.' });
    expect(item(x, 'src/strings.TokenKind.Word')).toMatchObject({ kind: 'enum_member', summary: 'A word.', parent: 'src/strings.TokenKind' });
    expect(item(x, 'src/strings.MaybeToken')).toMatchObject({ kind: 'type', signature: 'type MaybeToken = string | null' });
  });

  it('hides private, @internal and unexported items unless asked for them', async () => {
    const pub = (await extractFixture('ts', 'src/strings.ts')).items.map((i) => i.id);
    expect(pub).not.toContain('src/strings.helper');
    expect(pub).not.toContain('src/strings.Tokenizer.reset');
    expect(pub).not.toContain('src/strings.Tokenizer.secret');
    const all = (await extractFixture('ts', 'src/strings.ts', true)).items;
    expect(all.find((i) => i.id === 'src/strings.helper')?.visibility).toBe('internal');
    expect(all.find((i) => i.id === 'src/strings.Tokenizer.reset')?.visibility).toBe('internal');
    expect(all.find((i) => i.id === 'src/strings.Tokenizer.secret')?.visibility).toBe('private');
  });
});

describe('JavaScript extraction (lodash-style JSDoc, CommonJS)', () => {
  it('treats @static/@memberOf functions inside an IIFE as public API named by @memberOf', async () => {
    const x = await extractFixture('js', 'lib.js');
    expect(item(x, '_.wait')).toEqual({
      id: '_.wait',
      kind: 'function',
      name: 'wait',
      module: 'lib',
      visibility: 'public',
      language: 'javascript',
      signature: 'function wait(func, wait, options)',
      summary: 'Creates a function that delays invoking `func` until `wait` milliseconds have passed.',
      doc: 'Creates a function that delays invoking `func` until `wait` milliseconds have passed.',
      params: [
        { name: 'func', type: 'Function', doc: 'The function to delay.' },
        { name: 'wait', type: 'number', doc: 'The number of milliseconds to delay.', default: '0', optional: true },
        { name: 'options', type: 'Object', doc: 'The options object.', default: '{}', optional: true },
        { name: 'options.leading', type: 'boolean', doc: 'Specify invoking on the leading edge.', optional: true, default: 'false' },
      ],
      returns: { type: 'Function', doc: 'Returns the new function.' },
      throws: [],
      examples: [{ code: "jQuery(window).on('resize', _.wait(layout, 150));", description: null, language: 'javascript' }],
      see_also: [],
      deprecated: null,
      since: '0.1.0',
      location: { file: 'lib.js', line: 22, end_line: 24 },
      parent: '_',
      implements: [],
      tags: { category: 'Function' },
    });
  });

  it('handles @alias, @name-only blocks, documented assignments and @private', async () => {
    const x = await extractFixture('js', 'lib.js');
    expect(item(x, '_.forEach')).toMatchObject({ kind: 'function', signature: 'forEach(collection): Array|Object', tags: { alias: 'each' } });
    expect(item(x, '_.isEmpty')).toMatchObject({ kind: 'function', signature: 'isEmpty(value): boolean', params: [{ name: 'value', type: '*', doc: 'The value to check.' }] });
    expect(item(x, '_.VERSION')).toMatchObject({ kind: 'variable', summary: 'The semantic version number.' });
    expect(x.items.map((i) => i.name)).not.toContain('baseWait');
    const all = await extractFixture('js', 'lib.js', true);
    expect(all.items.find((i) => i.name === 'baseWait')?.visibility).toBe('private');
  });

  it("a bare @alias on a named declaration is another name for it, not its full name (date-fns's format)", async () => {
    const src = [
      'export { format as formatDate };',
      '/**',
      ' * @name format',
      ' * @alias formatDate',
      ' * @category Common Helpers',
      ' * @summary Format the date.',
      ' *',
      ' * @description',
      ' * Return the formatted date string in the given format.',
      ' */',
      'export declare function format(date: Date, formatStr: string): string;',
      '/**',
      ' * @name pad',
      ' * @alias strings.pad',
      ' */',
      'export declare function leftPad(s: string): string;',
      // A block the syntax names nothing for takes the alias as its full name, as JSDoc says.
      '/**',
      ' * @name helper',
      ' * @alias Helper',
      ' */',
    ].join('\n');
    const x = await extractSource('typescript', src, { file: 'node_modules/date-fns/format.d.ts', includePrivate: false });
    expect(x.items.map((i) => i.id).sort()).toEqual(['Helper', 'date-fns/format.format', 'strings.pad']);
    expect(item(x, 'date-fns/format.format')).toMatchObject({ kind: 'function', module: 'date-fns/format', summary: 'Return the formatted date string in the given format.' });
  });

  it('reads a chain of exports as one export per name (`exports.format = exports.formatDate = format`, `exports = module.exports = app`)', async () => {
    const src = [
      '"use strict";',
      'exports.format = exports.formatDate = format;',
      '/**',
      ' * Return the formatted date string in the given format.',
      ' */',
      'function format(date, formatStr) {}',
      '/** Create an application. */',
      'function createApp() {}',
      'exports = module.exports = createApp;',
    ].join('\n');
    const x = await extractSource('javascript', src, { file: 'node_modules/date-fns/format.js', includePrivate: false });
    // `format` is the documented function alone (the outer link had been an undocumented variable of the same id).
    expect(x.items.filter((i) => i.name === 'format').map((i) => `${i.kind} ${i.summary}`)).toEqual(['function Return the formatted date string in the given format.']);
    // The other name carries the function's docs (`alias_of`), as Python's `name = func` does.
    expect(item(x, 'date-fns/format.formatDate')).toMatchObject({ kind: 'function', summary: 'Return the formatted date string in the given format.', signature: 'function formatDate(date, formatStr)', tags: { alias_of: 'date-fns/format.format' } });
    expect(x.reexports).toContainEqual({ public: 'date-fns/format.default', target: 'date-fns/format.createApp' });
  });

  it('reads a run of plain // lines right above a declaration as its doc, without directives, to-dos or bundler markers', async () => {
    const x = await extractFixture('js', 'line-docs/debounce.js');
    expect(item(x, 'line-docs/debounce.debounce').summary).toBe('Returns a function that, as long as it continues to be invoked, will not be triggered.');
    expect(item(x, 'line-docs/debounce.debounce').doc).toContain('`wait` milliseconds');
    expect(item(x, 'line-docs/debounce.shuffle').doc).toBe('Shuffle a collection.');
    for (const id of ['noop', 'identity', 'helper', 'pure', 'composite']) expect(item(x, `line-docs/debounce.${id}`).doc, id).toBe('');
    // A section banner is no part of the doc below it.
    expect(item(x, 'line-docs/debounce.parseWords').doc).toBe('Parse a list of words separated by commas.');
  });

  it("in TypeScript, // lines are the maintainers' notes, not docs", async () => {
    const x = await extractFixture('js', 'line-docs/notes.ts');
    expect(item(x, 'line-docs/notes.splitCommas').doc).toBe('');
    expect(item(x, 'line-docs/notes.legacyParse').doc).toBe('');
  });

  it("a CommonJS entry point's `var x = require(…)` bindings are imports, not items", async () => {
    const x = await extractFixture('js', 'line-docs/index.js');
    expect(x.items.map((i) => i.id)).toEqual([]);
  });

  it("tsc's and Babel's `exports.x = void 0` placeholders are no items", async () => {
    const x = await extractFixture('js', 'compiled.js');
    expect(x.items.map((i) => `${i.id} ${i.kind}`)).toEqual(['compiled.joinWords function', 'compiled.splitWords function']);
  });

  it('an undocumented namespace or module shim that declares nothing is no item', async () => {
    const x = await extractFixture('ts-public', 'typings/index.d.ts');
    expect(x.items.map((i) => `${i.id} ${i.kind}`)).toEqual(['typings.datelib namespace', 'typings.datelib.addDays function']);
  });

  it("an exported object literal's members are items: `module.exports = { reverse(s) {…} }` and `const paths = { join() {…} }`", async () => {
    const cjs = await extractFixture('js', 'objects/strutil.js');
    expect(cjs.items.map((i) => `${i.id} ${i.kind} ${i.signature}`)).toEqual(['strutil module strutil', 'strutil.reverse function reverse(s)', 'strutil.repeat function repeat(s, n)', 'strutil.capitalize function capitalize(s)']);
    expect(item(cjs, 'strutil.reverse').params).toEqual([expect.objectContaining({ name: 's', doc: 'The string.' })]);
    const esm = await extractFixture('js', 'objects/paths.mjs');
    // The unexported object's members stay out with it.
    expect(esm.items.map((i) => `${i.id} ${i.kind}`)).toEqual(['objects/paths.paths variable', 'objects/paths.paths.join method']);
    expect(item(esm, 'objects/paths.paths.join').summary).toBe('Join two path segments with a slash.');
  });

  it('uses @module for the module name and module.exports for visibility', async () => {
    const x = await extractFixture('js', 'counter.js');
    expect(x.module.name).toBe('counter');
    expect(x.items.map((i) => i.id)).toEqual(['counter', 'counter.increment']);
    expect(item(x, 'counter.increment')).toMatchObject({ params: [{ name: 'n', type: 'number', doc: 'The number.' }], returns: { type: 'number', doc: '`n + 1`.' } });
  });
});
