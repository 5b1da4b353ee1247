import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSource } from '../../../src/core/extract/extract.js';
import { projectHints } from '../../../src/core/index/project-hints.js';
import { docsContext, FIXTURES, item } from './fixtures.js';
import { docsSearch } from '../../../src/features/docs/search.js';
import { docsGet } from '../../../src/features/docs/get.js';
import { indexStatus } from '../../../src/features/docs/status.js';

async function extract(dir: string, file: string, includePrivate = false) {
  const root = path.join(FIXTURES, dir);
  const lang = file.endsWith('.rs') ? 'rust' : file.endsWith('.go') ? 'go' : 'java';
  return extractSource(lang, readFileSync(path.join(root, file), 'utf8'), { file, includePrivate, project: projectHints(root) });
}

describe('Rust extraction (rustdoc and the seed\'s /// + @tags style)', () => {
  it('parses the seed\'s generic style: /// Markdown with @param, @returns, @example, @see', async () => {
    const x = await extract('rust', 'src/slice.rs');
    expect(item(x, 'core_lite::slice::Slice::get')).toEqual({
      id: 'core_lite::slice::Slice::get',
      kind: 'method',
      name: 'get',
      module: 'core_lite::slice',
      visibility: 'public',
      language: 'rust',
      signature: 'pub fn get(&self, index: usize) -> Option<&T>',
      summary: 'Returns the element at the given index.',
      doc: 'Returns the element at the given index.',
      params: [{ name: 'index', type: 'usize', doc: 'The zero-based index' }],
      returns: { type: 'Option<&T>', doc: 'The element wrapped in Some, or None if out of bounds' },
      throws: [],
      examples: [{ code: 'let slice = Slice { items: vec![1, 2, 3], len: 3 };\nassert_eq!(slice.get(1), Some(&2));', description: null, language: 'rust' }],
      see_also: ['Slice::get_unchecked'],
      deprecated: null,
      since: null,
      location: { file: 'src/slice.rs', line: 26, end_line: 28 },
      parent: 'core_lite::slice::Slice',
      implements: [],
      tags: {},
    });
  });

  it('reads # Examples / # Panics / # Errors sections, intra-doc links and attributes', async () => {
    const x = await extract('rust', 'src/slice.rs');
    const gu = item(x, 'core_lite::slice::Slice::get_unchecked');
    expect(gu.examples).toEqual([{ code: '# let s = vec![1];\nlet x = unsafe { s.get_unchecked(0) };', description: 'Basic usage', language: 'rust' }]);
    expect(gu.throws).toEqual([{ type: 'panic', doc: 'Panics in debug builds when `index >= len`.' }]);
    expect(gu.doc).toContain('# Safety');
    const p = item(x, 'core_lite::slice::parse');
    expect(p).toMatchObject({ since: '1.0.0', throws: [{ type: 'Err', doc: 'Returns [`ParseError::Empty`] when `s` is empty.' }], see_also: ['ParseError::Empty'], returns: { type: 'Result<u32, ParseError>', doc: null } });
    expect(item(x, 'core_lite::slice::old_parse').deprecated).toBe('use `parse` instead');
    expect(item(x, 'core_lite::slice::ParseError::BadDigit')).toMatchObject({ kind: 'enum_member', summary: 'A character was not a digit.', signature: 'BadDigit(char)' });
    expect(item(x, 'core_lite::slice::Shape::area')).toMatchObject({ kind: 'method', parent: 'core_lite::slice::Shape', summary: 'The area.' });
    expect(x.items.find((i) => i.kind === 'impl')).toMatchObject({ id: 'core_lite::slice::Slice', implements: ['fmt::Display'], signature: 'impl fmt::Display for Slice<u8>' });
    expect(x.module).toMatchObject({ name: 'core_lite::slice', summary: 'Slices and views into sequences.' });
  });

  it('keeps private and pub(crate) items out unless asked', async () => {
    const ids = (await extract('rust', 'src/slice.rs')).items.map((i) => i.id);
    expect(ids).not.toContain('core_lite::slice::Slice::private_helper');
    expect(ids).not.toContain('core_lite::slice::crate_only');
    expect(ids).not.toContain('core_lite::slice::Slice::len');
    const all = await extract('rust', 'src/slice.rs', true);
    expect(all.items.find((i) => i.id === 'core_lite::slice::crate_only')?.visibility).toBe('internal');
  });
});

describe('Go extraction', () => {
  it('documents functions with code blocks and Deprecated: paragraphs, ids from go.mod', async () => {
    const x = await extract('go', 'strutil/strutil.go');
    expect(item(x, 'example.com/lite/strutil.Reverse')).toEqual({
      id: 'example.com/lite/strutil.Reverse',
      kind: 'function',
      name: 'Reverse',
      module: 'example.com/lite/strutil',
      visibility: 'public',
      language: 'go',
      signature: 'func Reverse(s string) string',
      summary: 'Reverse returns s with its runes in reverse order.',
      doc: 'Reverse returns s with its runes in reverse order.\n\nIt handles multi-byte runes:\n\n```go\nReverse("héllo") // "olléh"\n```',
      params: [{ name: 's', type: 'string', doc: null }],
      returns: { type: 'string', doc: null },
      throws: [],
      examples: [],
      see_also: ['ReverseRunes'],
      deprecated: 'use [ReverseRunes].',
      since: null,
      location: { file: 'strutil/strutil.go', line: 19, end_line: 21 },
      parent: null,
      implements: [],
      tags: {},
    });
  });

  it('handles methods, struct fields (leading and trailing comments), grouped declarations and visibility', async () => {
    const x = await extract('go', 'strutil/strutil.go', true);
    expect(item(x, 'example.com/lite/strutil.Builder.Write')).toMatchObject({ kind: 'method', parent: 'example.com/lite/strutil.Builder', returns: { type: '(n int, err error)', doc: null } });
    expect(item(x, 'example.com/lite/strutil.Builder.N').summary).toBe('N counts the writes.');
    expect(item(x, 'example.com/lite/strutil.Builder.buf')).toMatchObject({ summary: 'the buffer', visibility: 'internal' });
    expect(item(x, 'example.com/lite/strutil.Sizer')).toMatchObject({ kind: 'interface', summary: 'Sizer reports a size.' });
    expect(item(x, 'example.com/lite/strutil.Sizer.Size').summary).toBe('Size returns the size in bytes.');
    expect(item(x, 'example.com/lite/strutil.MaxLen')).toMatchObject({ kind: 'constant', summary: 'MaxLen is the longest supported string.' });
    expect(item(x, 'example.com/lite/strutil.helper').visibility).toBe('internal');
    expect(x.module).toMatchObject({ name: 'example.com/lite/strutil', summary: 'Package strutil has small string helpers.' });
  });

  it('reads a type alias of a named type as a second path to it, through the file\'s imports (os.FileInfo = fs.FileInfo)', async () => {
    const x = await extract('go', 'textio/textio.go');
    expect(x.reexports).toEqual([
      { public: 'example.com/lite/textio.Writer', target: 'example.com/lite/strutil.Builder' },
      { public: 'example.com/lite/textio.Mode', target: 'io/fs.FileMode' },
      { public: 'example.com/lite/textio.Buffer', target: 'example.com/lite/textio.Writer' },
    ]);
    // The aliases stay items with their own docs.
    expect(item(x, 'example.com/lite/textio.Writer').summary).toBe("A Writer accumulates text; it is strutil's Builder under the name this package uses.");
    const ctx = docsContext(path.join(FIXTURES, 'go'));
    try {
      // A method named through the alias is the aliased type's.
      const r = await docsSearch({ query: 'textio.Writer.Write', limit: 3 }, ctx);
      expect(r.results[0]).toMatchObject({ id: 'example.com/lite/textio.Writer.Write', snippet: 'Write appends p and reports how many bytes were written.' });
      expect(r.results[0]?.also_in?.map((a) => a.id)).toContain('example.com/lite/strutil.Builder.Write');
    } finally {
      await ctx.services.disposeAll();
    }
  });

  it("indexes a Go package as a build for this machine sees it: its platform's files, generated ones included, not the others'", async () => {
    const ctx = docsContext(path.join(FIXTURES, 'go'));
    try {
      const host = process.platform === 'win32' ? 'CreateFileW' : process.platform === 'linux' ? "Linux's openat(2)" : null;
      const open = await docsGet({ id: 'example.com/lite/sysx.Open', max_chars: 24_000 }, ctx);
      if (host) expect(open.summary).toContain(host);
      expect(open.summary).not.toContain('JavaScript');
      // Only one Open: the others are another platform's.
      const r = await docsSearch({ query: 'sysx.Open', limit: 5, scope: 'project' }, ctx);
      expect(r.results.filter((h) => h.name === 'Open')).toHaveLength(1);
      expect(r.results[0]?.also_in ?? []).toEqual([]);
      if (process.platform !== 'win32') expect((await docsGet({ id: 'example.com/lite/sysx.Wait', max_chars: 24_000 }, ctx)).summary).toBe('Wait waits for a child process, as wait4(2) does.');
      // A generated file (`// Code generated … DO NOT EDIT.`) is a Go package's API like any other.
      if (process.platform === 'linux' && process.arch === 'x64') expect((await docsGet({ id: 'example.com/lite/sysx.SIGINT', max_chars: 24_000 }, ctx)).summary).toBe('SIGINT is the interrupt signal.');
      const status = await indexStatus({ wait: true }, ctx);
      expect(status.skipped['other-platform']).toBeGreaterThanOrEqual(2);
    } finally {
      await ctx.services.disposeAll();
    }
  });

  it('turns Example functions in _test.go into examples attached to their target, and ignores tests', async () => {
    const x = await extract('go', 'strutil/example_test.go');
    expect(x.items.map((i) => [i.id, i.kind, i.parent])).toEqual([
      ['example.com/lite/strutil.ExampleReverse', 'example', 'example.com/lite/strutil.Reverse'],
      ['example.com/lite/strutil.ExampleBuilder_Write', 'example', 'example.com/lite/strutil.Builder.Write'],
    ]);
    expect(x.items[0]!.examples).toEqual([{ code: 'fmt.Println(strutil.Reverse("abc"))\n// Output: cba', description: null, language: 'go' }]);
    expect(x.items[1]!.examples[0]!.description).toBe('Counting writes.');
  });
});

describe('Java extraction (Javadoc)', () => {
  it('converts Javadoc HTML and inline tags, merges @throws with the throws clause', async () => {
    const x = await extract('java', 'src/main/java/com/example/util/Stack.java');
    expect(item(x, 'com.example.util.Stack.push')).toEqual({
      id: 'com.example.util.Stack.push',
      kind: 'method',
      name: 'push',
      module: 'com.example.util',
      visibility: 'public',
      language: 'java',
      signature: 'public Stack<T> push(T item)',
      summary: 'Pushes an item onto the top of this stack.',
      doc: 'Pushes an item onto the top of this stack.',
      params: [{ name: 'item', type: 'T', doc: 'the item to push; must not be `null`' }],
      returns: { type: 'Stack<T>', doc: 'this stack, for chaining' },
      throws: [{ type: 'IllegalStateException', doc: 'if the stack is full' }],
      examples: [],
      see_also: ['#pop()'],
      deprecated: null,
      since: null,
      location: { file: 'src/main/java/com/example/util/Stack.java', line: 33, end_line: 35 },
      parent: 'com.example.util.Stack',
      implements: [],
      tags: {},
    });
    expect(item(x, 'com.example.util.Stack.pop')).toMatchObject({ deprecated: 'Use `#poll()` instead.', throws: [{ type: 'java.util.NoSuchElementException', doc: null }] });
    expect(item(x, 'com.example.util.Stack')).toMatchObject({
      kind: 'class',
      summary: 'A last-in, first-out stack.',
      examples: [{ code: 'Stack<String> s = new Stack<>();\ns.push("a");', description: 'Typical use', language: 'java' }],
      see_also: ['java.util.Deque'],
      since: '2.0',
      implements: ['AbstractContainer', 'Iterable<T>'],
      tags: { 'typeparam T': 'the element type' },
    });
    expect(item(x, 'com.example.util.Stack.MAX_DEPTH')).toMatchObject({ kind: 'constant', signature: 'public static final int MAX_DEPTH = 1024' });
    expect(item(x, 'com.example.util.Stack.Color.RED').summary).toBe('Red stacks.');
    const ids = x.items.map((i) => i.id);
    expect(ids).not.toContain('com.example.util.Stack.items');
    expect(ids).not.toContain('com.example.util.Stack.compact');
  });
});

describe('Java doc comments as javadoc attaches them', () => {
  it('a class doc a blank line above the class is its doc, not the constructor\'s', async () => {
    const src = [
      'package demo;',
      '',
      '/**',
      ' * The {@code Text} class represents character strings.',
      ' */',
      '',
      'public final class Text {',
      '    /** Allocates a new text from the given characters. */',
      '    public Text(char[] value) {}',
      '}',
      '',
    ].join('\n');
    const x = await extractSource('java', src, { file: 'demo/Text.java', includePrivate: false });
    expect(item(x, 'demo.Text')).toMatchObject({ kind: 'class', summary: 'The `Text` class represents character strings.' });
  });
});

