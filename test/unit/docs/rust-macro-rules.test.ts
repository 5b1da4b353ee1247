import { describe, expect, it } from 'vitest';
import { firstMatch, macroRulesIn, matchRule, tokenTrees, transcribe } from '../../../src/core/extract/lang/rust-macro-rules.js';

describe('macro_rules! as docs read it', () => {
  it('reads each rule of a definition, wherever it is in the file', () => {
    const src = `fn before() {}\nmacro_rules! pair {\n    () => { fn none() {} };\n    ($a:ident) => { fn $a() {} };\n}\nfn after() {}\n`;
    expect(macroRulesIn(src, 'pair')).toEqual([
      { matcher: '', transcriber: ' fn none() {} ' },
      { matcher: '$a:ident', transcriber: ' fn $a() {} ' },
    ]);
    expect(macroRulesIn(src, 'missing')).toBeNull();
  });

  it('tokenizes strings, chars, lifetimes and comments as Rust does', () => {
    const trees = tokenTrees(`a "x) y" 'c' 'life /* ) */ (b, [c]) // )\nd`);
    expect(trees.map((t) => t.text)).toEqual(['a', '"x) y"', "'c'", "'life", '(b, [c])', 'd']);
    expect(trees[4]!.inner!.map((t) => t.text)).toEqual(['b', ',', '[c]']);
  });

  it('binds fragments between literal tokens: a type or expression runs to the next separator, a literal may be negative', () => {
    const b = matchRule('$T:ty, $Bits:expr, $Min:literal, $name:ident', 'Vec<u8>, 8 * 4, -128, Counter');
    expect(b && Object.fromEntries(b)).toEqual({ T: 'Vec<u8>', Bits: '8 * 4', Min: '-128', name: 'Counter' });
    expect(matchRule('$a:ident $b:ident', 'x')).toBeNull();
    // A type before a block ends at the block (libc's `f!`: `fn $i:ident(…) -> $ret:ty { … }`).
    const f = matchRule('fn $i:ident($($arg:ident: $t:ty),*) -> $ret:ty { $($body:stmt);* }', 'fn FD_SET(fd: c_int, set: *mut fd_set) -> () { let x = 1; x }');
    expect(f && Object.fromEntries(f)).toMatchObject({ i: 'FD_SET', ret: '()', body: ['let x = 1; x'] });
    expect(matchRule('$a:ident', 'x y')).toBeNull(); // tokens left over
  });

  it('binds a repetition once per pass, with or without a separator', () => {
    const b = matchRule('$($w:literal $t:ident)*', '"16" u16 "32" u32');
    expect(b && Object.fromEntries(b)).toEqual({ w: ['"16"', '"32"'], t: ['u16', 'u32'] });
    const sep = matchRule('$($t:ident),+', 'A, B, C');
    expect(sep && Object.fromEntries(sep)).toEqual({ t: ['A', 'B', 'C'] });
    expect(matchRule('$($t:ident),+', '')).toBeNull();
  });

  it("keeps the doc comments before a fragment's first token, as rustc keeps them with the item", () => {
    const b = matchRule('$($item:item)*', '/// Opens it.\n#[inline]\npub fn open() {}');
    expect(b && (b.get('item') as string[])[0]).toBe('/// Opens it.\n#[inline]\npub fn open() {}');
    const tts = matchRule('$($t:tt)*', '/// Doc.\npub fn f() {}');
    expect(tts && (tts.get('t') as string[]).join(' ')).toBe('/// Doc.\npub fn f () {}');
    // A plain comment is no doc.
    expect(matchRule('$i:item', '// note\npub fn g() {}')?.get('i')).toBe('pub fn g() {}');
  });

  it('takes the first rule that matches', () => {
    const rules = [{ matcher: '$a:literal', transcriber: 'lit' }, { matcher: '$a:ident', transcriber: 'ident' }];
    expect(firstMatch(rules, 'name')?.rule.transcriber).toBe('ident');
    expect(firstMatch(rules, '(x)')).toBeNull();
  });

  it('writes the expansion: fragments, $crate, repetitions per pass, and doc attributes as doc comments', () => {
    const bindings = new Map<string, string | string[]>([['T', 'i32'], ['w', ['"16"', '"32"']], ['A', ['A16', 'A32']]]);
    const out = transcribe(
      [
        '#[doc = concat!("Adds two ", stringify!($T), " values.")]',
        'pub fn add(a: $T) -> $crate::Out { a }',
        '$( #[doc = $w] pub struct $A; )*',
        '#[doc = some_macro!()]',
        '/// Says "$T" in a comment too.',
      ].join('\n'),
      bindings,
      'mycrate',
    );
    expect(out.split('\n')).toEqual([
      '/// Adds two i32 values.',
      'pub fn add(a: i32) -> mycrate::Out { a }',
      ' #[doc = "16"] pub struct A16; ',
      ' #[doc = "32"] pub struct A32; ',
      '',
      '/// Says "$T" in a comment too.',
    ]);
  });
});
