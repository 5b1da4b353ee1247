import { describe, expect, it } from 'vitest';
import { classifyText, COMMENT, findOccurrences, rankOccurrences, scanOccurrences, STRING } from '../../../src/core/lsp/occurrences.js';

const lines = (occ: Array<{ position: { line: number } }>) => occ.map((o) => o.position.line + 1);

describe('identifier occurrences outside comments and strings', () => {
  const ts = [
    "import { foo, bar } from './m.js';", // 1
    '// foo in a comment', // 2
    'const s = "foo" + \'foo\';', // 3
    'const t = `x ${foo} foo`;', // 4: the substitution is code, the text is not
    'const foobar = obj.foo + foo();', // 5
    '/* foo', // 6
    '   foo */ export {};', // 7
  ].join('\n');

  it('lexer: whole words, substitutions are code, imports and members flagged', () => {
    const r = findOccurrences(ts, 'foo', 'js');
    expect(lines(r.code)).toEqual([1, 4, 5, 5]);
    expect(r.inComments).toBe(3);
    expect(r.inStrings).toBe(3);
    expect(r.code[0]!.inImport).toBe(true);
    expect(r.code.map((o) => o.qualified)).toEqual([false, false, true, false]);
    // Ranked: plain uses, then the import, then obj.foo.
    expect(rankOccurrences(r.code).map((o) => `${o.position.line + 1}:${o.position.character + 1}`)).toEqual(['4:16', '5:26', '1:10', '5:20']);
  });

  it('tree-sitter agrees on TypeScript', async () => {
    const r = await scanOccurrences('/x/a.ts', ts, 'foo');
    expect(r.classifier).toBe('tree-sitter');
    expect(lines(r.code)).toEqual([1, 4, 5, 5]);
    expect([r.inComments, r.inStrings]).toEqual([3, 3]);
  });

  it('Python: # comments, prefixed and triple-quoted strings, f-string fields are code', async () => {
    const py = ['from m import area', '# area', 'x = r"area" + """', 'area', '"""', 'y = f"{area(1)} area"', 'area(2)'].join('\n');
    // The lexer takes a whole f-string as a string (a known limit); tree-sitter sees {area(1)}.
    const lex = findOccurrences(py, 'area', 'python');
    expect(lines(lex.code)).toEqual([1, 7]);
    expect(lex.code[0]!.inImport).toBe(true);
    const ts2 = await scanOccurrences('/x/a.py', py, 'area');
    expect(ts2.classifier).toBe('tree-sitter');
    expect(lines(ts2.code)).toEqual([1, 6, 7]);
    expect(ts2.inComments).toBe(1);
    expect(ts2.inStrings).toBe(3);
  });

  it('C++: raw strings, char literals, #include and scope qualification', () => {
    const cpp = ['#include "area.h"', 'auto s = R"x(area)x";', "char c = 'a';", 'double v = geo::area(1) + area(2);'].join('\n');
    const r = findOccurrences(cpp, 'area', 'c', 'geo');
    expect(lines(r.code)).toEqual([4, 4]);
    // geo::area is what `geo::area` asks for, so it is not a foreign member.
    expect(r.code.map((o) => o.qualified)).toEqual([false, false]);
    expect(r.inStrings).toBe(2); // "area.h" and the raw string
  });

  it('multi-line imports are import statements', () => {
    const src = ['import {', '  alpha,', '  beta,', "} from './m.js';", 'beta();'].join('\n');
    const r = findOccurrences(src, 'beta', 'js');
    expect(r.code.map((o) => o.inImport)).toEqual([true, false]);
  });

  it('Rust lifetimes are not char literals', () => {
    const rs = "fn f<'a>(x: &'a str) -> &'a str { let y = area(x); y }";
    const mask = classifyText(rs, 'rust');
    const at = rs.indexOf('area');
    expect(mask[at]).not.toBe(STRING);
    expect(mask[at]).not.toBe(COMMENT);
  });
});
