import { describe, expect, it } from 'vitest';
import { stripBlockComment, stripLineComments } from '../../../src/core/extract/doc/comments.js';
import { parseGoDoc, parseRustDoc } from '../../../src/core/extract/doc/markdown.js';
import { firstSentence } from '../../../src/core/extract/doc/model.js';
import { parseDocstring } from '../../../src/core/extract/doc/python.js';
import { parseTaggedDoc } from '../../../src/core/extract/doc/tags.js';
import { buildItem, mergeParams, oneLine } from '../../../src/core/extract/build.js';

describe('the seed\'s doc comment syntax', () => {
  it('parses the seed scenario exactly (summary, params, returns, examples)', () => {
    const text = stripLineComments([
      '/// Returns the element at the given index.',
      '///',
      '/// @param index The zero-based index',
      '/// @returns The element wrapped in Just, or Nothing if out of bounds',
      '/// @example',
      '/// ```tml',
      '/// let slice = [1, 2, 3].as_slice()',
      '/// assert_eq(slice.get(1), Just(2))',
      '/// ```',
    ]);
    const d = parseRustDoc(text, 'tml');
    expect(firstSentence(d.description)).toBe('Returns the element at the given index.');
    expect(d.params).toEqual([{ name: 'index', type: null, doc: 'The zero-based index', optional: undefined, default: null }]);
    expect(d.returns).toEqual({ type: null, doc: 'The element wrapped in Just, or Nothing if out of bounds' });
    expect(d.examples).toEqual([{ code: 'let slice = [1, 2, 3].as_slice()\nassert_eq(slice.get(1), Just(2))', description: null, language: 'tml' }]);
  });

  it('handles @throws and @see in the generic style, and //! module docs', () => {
    const d = parseTaggedDoc('Reads a file.\n\n@param path Where\n@throws IoError when missing\n@see write_file', 'generic', 'rust');
    expect(d.throws).toEqual([{ type: 'IoError', doc: 'when missing' }]);
    expect(d.see).toEqual(['write_file']);
    expect(stripLineComments(['//! Module doc.', '//!', '//! More.'])).toBe('Module doc.\n\nMore.');
  });
});

describe('JSDoc / TSDoc tags', () => {
  it('reads braces types, optional [name=default], nested option fields and TSDoc dashes', () => {
    const d = parseTaggedDoc('Does it.\n@param {Object} [options={}] The options.\n@param {number} [options.wait=0]\n  How long.\n@param name - The name.\n@returns {Promise<void>} Nothing.', 'jsdoc', 'javascript');
    expect(d.params).toEqual([
      { name: 'options', type: 'Object', doc: 'The options.', optional: true, default: '{}' },
      { name: 'options.wait', type: 'number', doc: 'How long.', optional: true, default: '0' },
      { name: 'name', type: null, doc: 'The name.', optional: undefined, default: null },
    ]);
    expect(d.returns).toEqual({ type: 'Promise<void>', doc: 'Nothing.' });
  });

  it('keeps decorators inside @example code and reads <caption>', () => {
    const d = parseTaggedDoc('X.\n@example <caption>Use it</caption>\n@Component()\nclass A {}\n@since 2.0', 'jsdoc', 'typescript');
    expect(d.examples).toEqual([{ code: '@Component()\nclass A {}', description: 'Use it', language: 'typescript' }]);
    expect(d.since).toBe('2.0');
  });

  it('turns {@link} into code spans and collects identity tags', () => {
    const d = parseTaggedDoc('See {@link Foo#bar} and {@link Baz|the baz}.\n@static\n@memberOf _\n@category Array', 'jsdoc', 'javascript');
    expect(d.description).toBe('See `Foo#bar` and the baz.');
    expect(d.tags).toMatchObject({ static: '', memberof: '_', category: 'Array' });
  });
});

describe('Doxygen and Javadoc', () => {
  it('reads \\brief, \\param[in], \\retval and \\code blocks as examples', () => {
    const d = parseTaggedDoc('\\brief Opens it.\n\nDetails here.\n\\param[in] path the path\n\\retval 0 success\n\\retval -1 failure\n\\code\nopen("x");\n\\endcode', 'doxygen', 'cpp');
    expect(d.brief).toBe('Opens it.');
    expect(d.params).toEqual([{ name: 'path', type: null, doc: 'the path', optional: undefined, default: null }]);
    expect(d.returns?.doc).toBe('`0` success\n`-1` failure');
    expect(d.examples).toEqual([{ code: 'open("x");', description: null, language: 'cpp' }]);
  });

  it('converts Javadoc HTML to Markdown', () => {
    const d = parseTaggedDoc(stripBlockComment('/**\n * Hello <b>world</b>.\n * <ul><li>one</li><li>two</li></ul>\n * @return {@code true} if so\n */'), 'javadoc', 'java');
    expect(d.description).toBe('Hello **world**.\n\n- one\n- two');
    expect(d.returns).toEqual({ type: null, doc: '`true` if so' });
  });
});

describe('Python docstrings', () => {
  it('Google: typed args, optional, multi-line descriptions, Returns with type, Raises', () => {
    const d = parseDocstring('Sum.\n\n    Args:\n        a (int): First.\n        b (int, optional): Second,\n            continued.\n\n    Returns:\n        int: The sum.\n\n    Raises:\n        TypeError: Bad input.\n    ');
    expect(d.params).toEqual([
      { name: 'a', type: 'int', doc: 'First.', optional: undefined },
      { name: 'b', type: 'int', doc: 'Second,\ncontinued.', optional: true },
    ]);
    expect(d.returns).toEqual({ type: 'int', doc: 'The sum.' });
    expect(d.throws).toEqual([{ type: 'TypeError', doc: 'Bad input.' }]);
    expect(d.description).toBe('Sum.');
  });

  it('NumPy: x1, x2 : array_like shares an entry; reST :param int x: and :rtype:', () => {
    const n = parseDocstring('Add.\n\nParameters\n----------\nx1, x2 : array_like\n    Inputs.\n\nReturns\n-------\nndarray\n    The sum.\n');
    expect(n.params.map((p) => [p.name, p.type])).toEqual([['x1', 'array_like'], ['x2', 'array_like']]);
    expect(n.returns).toEqual({ type: 'ndarray', doc: 'The sum.' });
    const r = parseDocstring('Get.\n\n:param int x: The x.\n:param y: The y.\n:type y: str\n:returns: A value.\n:rtype: bool\n');
    expect(r.params).toEqual([{ name: 'x', type: 'int', doc: 'The x.' }, { name: 'y', type: 'str', doc: 'The y.' }]);
    expect(r.returns).toEqual({ type: 'bool', doc: 'A value.' });
  });
});

describe('summaries', () => {
  it('a first sentence that is only a link is no summary; the doc keeps it', () => {
    const x = buildItem({ kind: 'property', name: 'origin', id: 'Window.origin', module: 'lib.dom', visibility: 'public', language: 'typescript', signature: 'readonly origin: string', line: 1, endLine: 1, parent: 'Window' }, parseTaggedDoc('[MDN Reference](https://developer.mozilla.org/docs/Web/API/Window/origin)', 'jsdoc', 'typescript'), 'lib.dom.d.ts');
    expect(x.summary).toBe('');
    expect(x.doc).toContain('https://developer.mozilla.org/docs/Web/API/Window/origin');
    const y = buildItem({ kind: 'function', name: 'f', id: 'm.f', module: 'm', visibility: 'public', language: 'typescript', signature: 'f()', line: 1, endLine: 1, parent: null }, parseTaggedDoc('See [the guide](https://example.com/guide) for details.', 'jsdoc', 'typescript'), 'm.ts');
    expect(y.summary).toBe('See [the guide](https://example.com/guide) for details.');
  });
});

describe('a docstring that opens with its own call', () => {
  const summary = (name: string, doc: string) => buildItem({ kind: 'function', name, id: `m.${name}`, module: 'm', visibility: 'public', language: 'python', signature: `def ${name}()`, line: 1, endLine: 1, parent: null }, parseDocstring(doc), 'm.py').summary;
  it('is summarised by what follows the call line', () => {
    expect(summary('openpty', 'openpty() -> (master_fd, slave_fd)\nOpen a pty master/slave pair, using os.openpty() if possible.')).toBe('Open a pty master/slave pair, using os.openpty() if possible.');
    expect(summary('new', "new(name, data=b'') - Return a new hashing object using the named algorithm.")).toBe('Return a new hashing object using the named algorithm.');
  });
  it('keeps the call when nothing else describes the item, or when prose goes on from it', () => {
    expect(summary('tell', 'tell() -> int.')).toBe('tell() -> int.');
    expect(summary('Lambda', "Lambda(x, expr) represents a lambda function similar to Python's 'lambda x: expr'.")).toBe("Lambda(x, expr) represents a lambda function similar to Python's 'lambda x: expr'.");
    expect(summary('buffer', 'buffer(aBytes) -> array\nbuffer(anInteger) -> array')).toBe('buffer(aBytes) -> array buffer(anInteger) -> array');
  });
});

describe('block comments', () => {
  it('remove the star gutter even where a wrapped line lacks it, and keep a bullet list without a gutter', () => {
    expect(stripBlockComment('/**\n       * The css style sheet identifier (absent for user agent stylesheet and user-specified\nstylesheet rules) this rule came from.\n       */')).toBe('The css style sheet identifier (absent for user agent stylesheet and user-specified\nstylesheet rules) this rule came from.');
    expect(stripBlockComment('/**\n * One.\n * Two.\n */')).toBe('One.\nTwo.');
    expect(stripBlockComment('/*\nShapes:\n* circle\n* square\n*/')).toBe('Shapes:\n* circle\n* square');
  });
});

describe('Go and rustdoc Markdown', () => {
  it('Go: indented blocks become fenced code, Deprecated: paragraphs are pulled out', () => {
    const d = parseGoDoc('Do does it.\n\n\tDo(1)\n\nDeprecated: use Done.');
    expect(d.description).toBe('Do does it.\n\n```go\nDo(1)\n```');
    expect(d.deprecated).toBe('use Done.');
  });

  it('rustdoc: # Arguments lists document parameters', () => {
    const d = parseRustDoc('Makes one.\n\n# Arguments\n\n* `size` - How big.\n');
    expect(d.params).toEqual([{ name: 'size', type: null, doc: 'How big.' }]);
  });
});

describe('building items', () => {
  it('first sentences skip abbreviations and inline code', () => {
    expect(firstSentence('Use e.g. this. Then that.')).toBe('Use e.g. this.');
    expect(firstSentence('Calls `a.b()`. More.')).toBe('Calls `a.b()`.');
  });

  it('first sentences run past a stop inside parentheses that close, and past "eg." and "a.k.a."', () => {
    expect(firstSentence('Create an archive file (eg. zip or tar).\n\nMore here.')).toBe('Create an archive file (eg. zip or tar).');
    expect(firstSentence('Heap queue algorithm (a.k.a. priority queue). Heaps are arrays.')).toBe('Heap queue algorithm (a.k.a. priority queue).');
    expect(firstSentence('Run it (twice. Or once) now. Later.')).toBe('Run it (twice. Or once) now.');
    expect(firstSentence('Make a file, eg. a log. Then stop.')).toBe('Make a file, eg. a log.');
    // A parenthesis that never closes does not swallow the paragraph.
    expect(firstSentence('Return the position of the matching [, (, { or < bracket. Then more.')).toBe('Return the position of the matching [, (, { or < bracket.');
    expect(firstSentence('Fix bound method attributes (method.im_? -> method.__?__). Really.')).toBe('Fix bound method attributes (method.im_? -> method.__?__).');
  });

  it('signature types win, tag text documents, tag-only sub-fields follow their parent', () => {
    expect(mergeParams([{ name: 'opts', type: 'Options' }, { name: 'x', type: null }], [
      { name: 'x', type: 'number', doc: 'The x.' },
      { name: 'opts', type: 'Object', doc: 'Options.' },
      { name: 'opts.deep', type: 'boolean', doc: 'Deep?' },
    ])).toEqual([
      { name: 'opts', type: 'Options', doc: 'Options.' },
      { name: 'opts.deep', type: 'boolean', doc: 'Deep?' },
      { name: 'x', type: 'number', doc: 'The x.' },
    ]);
    expect(oneLine('f(\n  a: int,\n  b: int,\n) -> int')).toBe('f(a: int, b: int) -> int');
    expect(oneLine('a > b')).toBe('a > b');
  });
});

describe('C/C++ statement macros', () => {
  it('keeps a return type written on its own line above the declarator', async () => {
    const { maskStatementMacros } = await import('../../../src/core/extract/lang/c-macros.js');
    const src = '/** Size of a heap block. */\nSIZE_T\nheap_size(void *h);\n';
    expect(maskStatementMacros(src)).toBe(src);
  });

  it('blanks bare macros between declarations but keeps an enum’s last enumerator', async () => {
    const { maskStatementMacros } = await import('../../../src/core/extract/lang/c-macros.js');
    const src = 'FOO_BEGIN\nenum E {\n  A_ONE,\n  A_LAST\n};\nFOO_END\n';
    expect(maskStatementMacros(src)).toBe('/*     */\nenum E {\n  A_ONE,\n  A_LAST\n};\n/*   */\n');
  });

  it('blanks a macro call above a declaration even when the file has no bare macro line', async () => {
    const { maskStatementMacros } = await import('../../../src/core/extract/lang/c-macros.js');
    const src = 'int a;\nFOO_DEPRECATED("use b")\nint f(int x);\n';
    expect(maskStatementMacros(src)).toBe('int a;\n/*                   */\nint f(int x);\n');
  });

  it('judges each line of a long run of bare macros against the last code before it', async () => {
    const { maskStatementMacros } = await import('../../../src/core/extract/lang/c-macros.js');
    const run = Array.from({ length: 2000 }, (_, i) => `MACRO_${i}`);
    const out = maskStatementMacros(['int a;', ...run, 'class X {};', 'int b = SOME_VALUE', ''].join('\n')).split('\n');
    expect(out.slice(1, 2001).every((l) => /^\/\*\s*\*\/$/.test(l))).toBe(true);
    expect(out.slice(2001)).toEqual(['class X {};', 'int b = SOME_VALUE', '']);
  });
});
