import { describe, expect, it } from 'vitest';
import { scanNames } from '../../../src/core/extract/name-scan.js';

/** The quick name pass's scanners (name-scan.ts): names, kinds, ids and lines from raw text, per language. */

const ids = (lang: Parameters<typeof scanNames>[0], text: string, file: string, includePrivate = false) =>
  scanNames(lang, text, { file, includePrivate, project: { goModule: 'example.com/m' } }).map((n) => `${n.kind} ${n.id}:${n.line}`);

describe('scanNames: Python', () => {
  const src = [
    '"""Module doc.',
    'def not_a_function(): written in the docstring',
    '"""',
    'import os',
    'MAX_SIZE = 10',
    'default_name: str = "x"',
    '',
    'def walk(top):',
    '    def inner():',
    '        pass',
    '    result = 1',
    '    return result',
    '',
    'class Tree:',
    '    """A tree."""',
    '    kind: str',
    '    depth = 0',
    '    def __init__(self, root):',
    '        self.root = root',
    '    async def grow(self):',
    '        if True:',
    '            def nested(): pass',
    '    def _secret(self): pass',
    '    def __len__(self): return 0',
    '',
    'class _Hidden:',
    '    def visible_method(self): pass',
    '',
    'if os.name == "nt":',
    '    def spawn(): pass',
    'else:',
    '    def spawn(): pass',
    'QUOTES = (\'"""\', "\'\'\'")',
    'def after_quotes(): pass',
  ].join('\n');

  it('finds top-level functions, classes and their members, constants and annotated names, with lines', () => {
    expect(ids('python', src, 'pkg/trees.py')).toEqual([
      'constant pkg.trees.MAX_SIZE:5',
      'variable pkg.trees.default_name:6',
      'function pkg.trees.walk:8',
      'class pkg.trees.Tree:14',
      'property pkg.trees.Tree.kind:16',
      'property pkg.trees.Tree.depth:17',
      'constructor pkg.trees.Tree.__init__:18',
      'method pkg.trees.Tree.grow:20',
      'method pkg.trees.Tree.__len__:24',
      'function pkg.trees.spawn:30',
      'function pkg.trees.spawn:32',
      'constant pkg.trees.QUOTES:33',
      'function pkg.trees.after_quotes:34',
    ]);
  });

  it('keeps private names with includePrivate, and a package module is named by its folder', () => {
    const all = ids('python', src, 'pkg/__init__.py', true);
    expect(all).toContain('method pkg.Tree._secret:23');
    expect(all).toContain('method pkg._Hidden.visible_method:27');
    expect(all.some((x) => x.includes('inner') || x.includes('nested') || x.includes('not_a_function'))).toBe(false);
  });

  it('a literal __all__ leaves the other top-level names out', () => {
    const text = '__all__ = ["open", "Reader"]\ndef open(): pass\ndef helper(): pass\nclass Reader:\n    def read(self): pass\n';
    expect(ids('python', text, 'wave.py')).toEqual(['function wave.open:2', 'class wave.Reader:4', 'method wave.Reader.read:5']);
  });

  it('a long __all__ that is not all strings is read at once (a backtracking test once took minutes on 28 names)', () => {
    const names = Array.from({ length: 40 }, (_, i) => `'name${i}'`).join(', ');
    const text = `__all__ = [${names}, extra_name]\ndef helper(): pass\n`;
    expect(ids('python', text, 'big.py')).toEqual(['function big.helper:2']);
  });

  it('an __all__ summed from lists (turtle) leaves nothing out: the extraction resolves it', () => {
    const text = "_classes = ['Screen']\n__all__ = (_classes +\n           ['Terminator'])\nclass Screen: pass\ndef done(): pass\n";
    expect(ids('python', text, 'turtle.py')).toEqual(['class turtle.Screen:4', 'function turtle.done:5']);
  });
});

describe('scanNames: TypeScript and JavaScript', () => {
  it('reads declaration files: interfaces with their members, namespaces, functions, variables', () => {
    const dts = [
      'interface String {',
      '    /** Pads the start. */',
      '    padStart(maxLength: number, fillString?: string): string;',
      '    readonly length: number;',
      '}',
      'declare namespace Intl {',
      '    interface Collator {',
      '        compare(x: string, y: string): number;',
      '    }',
      '    function getCanonicalLocales(locale?: string): string[];',
      '}',
      'declare var JSON: JSON;',
      'export type Id = string;',
    ].join('\n');
    expect(ids('typescript', dts, 'lib.es2017.string.d.ts')).toEqual([
      'interface lib.es2017.string.String:1',
      'method lib.es2017.string.String.padStart:3',
      'property lib.es2017.string.String.length:4',
      'namespace lib.es2017.string.Intl:6',
      'interface lib.es2017.string.Intl.Collator:7',
      'method lib.es2017.string.Intl.Collator.compare:8',
      'function lib.es2017.string.Intl.getCanonicalLocales:10',
      'variable lib.es2017.string.JSON:12',
      'type lib.es2017.string.Id:13',
    ]);
  });

  it('takes class members at the class body\'s indent, not the statements of their bodies; private members only when asked', () => {
    const js = [
      'export class Queue {',
      '  constructor(size) {',
      '    this.size = size;',
      '    setup(this);',
      '  }',
      '  push(item) {',
      '    if (item) log(item);',
      '  }',
      '  private drop(): void {}',
      '}',
      'export async function drain(q) {',
      '  const rest = q.take();',
      '}',
    ].join('\n');
    expect(ids('typescript', js, 'src/queue.ts')).toEqual(['class src/queue.Queue:1', 'constructor src/queue.Queue.constructor:2', 'method src/queue.Queue.push:6', 'function src/queue.drain:11']);
    expect(ids('typescript', js, 'src/queue.ts', true)).toContain('method src/queue.Queue.drop:9');
  });
});

describe('scanNames: Go, Rust, Java, C', () => {
  it('Go: exported functions, methods by receiver, types, and names in grouped declarations', () => {
    const go = ['package ring', 'func New(n int) *Ring { return nil }', 'func (r *Ring) Len() int { return 0 }', 'func helper() {}', 'type Ring struct{}', 'const (', '\tMaxLen = 10', '\tminLen = 1', ')', 'var Default = New(1)'].join('\n');
    expect(ids('go', go, 'container/ring/ring.go')).toEqual([
      'function example.com/m/container/ring.New:2',
      'method example.com/m/container/ring.Ring.Len:3',
      'type example.com/m/container/ring.Ring:5',
      'constant example.com/m/container/ring.MaxLen:7',
      'variable example.com/m/container/ring.Default:10',
    ]);
  });

  it('Rust: public items, methods of impl blocks, trait methods', () => {
    const rs = ['pub struct Buffer { len: usize }', 'impl Buffer {', '    pub fn new() -> Self { Buffer { len: 0 } }', '    fn grow(&mut self) {}', '}', 'pub trait Read {', '    fn read(&mut self) -> usize;', '}', 'fn private_helper() {}', 'pub(crate) mod io;'].join('\n');
    expect(ids('rust', rs, 'src/buffer.rs')).toEqual(['struct crate::buffer::Buffer:1', 'method crate::buffer::Buffer::new:3', 'trait crate::buffer::Read:6', 'method crate::buffer::Read::read:7', 'module crate::buffer::io:10']);
  });

  it('Java: classes and their public methods under the package', () => {
    const java = ['package org.example.text;', 'public class Splitter {', '    public static Splitter on(char c) { return null; }', '    private void reset() {}', '}'].join('\n');
    expect(ids('java', java, 'src/main/java/org/example/text/Splitter.java')).toEqual(['class org.example.text.Splitter:2', 'method org.example.text.Splitter.on:3']);
  });

  it('C: macros, structs and function definitions, not control statements', () => {
    const c = ['#define BUF_MAX 64', 'struct buffer {', '  int len;', '};', 'struct buffer *buffer_new(size_t n)', '{', '  if (n) return 0;', '}', 'static int _internal(void) { return 0; }'].join('\n');
    expect(ids('c', c, 'buf.c')).toEqual(['macro BUF_MAX:1', 'struct buffer:2', 'function buffer_new:5']);
  });

  it('C++: a class is named by the word after its export macros, as the full extraction names it', () => {
    const cpp = ['class Q_CORE_EXPORT QObject : public Base {', '};', 'class V8_EXPORT V8_NODISCARD Scope {', '};', 'class FOO_BAR {', '};'].join('\n');
    expect(ids('cpp', cpp, 'q.h')).toEqual(['class QObject:1', 'class Scope:3', 'class FOO_BAR:5']);
  });
});
