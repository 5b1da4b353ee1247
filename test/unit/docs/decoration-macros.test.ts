import { describe, expect, it } from 'vitest';
import { maskedCode as code } from '../../helpers/masked-code.js';
import { maskStatementMacros } from '../../../src/core/extract/lang/c-macros.js';
import { maskDeclarationMacros } from '../../../src/core/extract/lang/cpp-decoration-macros.js';

/** Macros written inside declarations (libstdc++'s `_GLIBCXX_*`), blanked before parsing, as extract.ts runs the two passes. */

const masked = (src: string, cpp = true) => maskStatementMacros(maskDeclarationMacros(src, cpp));
/** `src` with each of `tokens` replaced by as many spaces. */
const without = (src: string, ...tokens: string[]) => tokens.reduce((s, t) => s.replace(t, ' '.repeat(t.length)), src);

describe('maskDeclarationMacros', () => {
  it('blanks a macro after a namespace name and after a parameter list, keeping offsets', () => {
    const src = 'namespace std _GLIBCXX_VISIBILITY(default)\n{\n  reference back() const _GLIBCXX_NOEXCEPT\n  { return x; }\n}\n';
    const out = maskDeclarationMacros(src, true);
    expect(out).toBe(without(src, '_GLIBCXX_VISIBILITY(default)', '_GLIBCXX_NOEXCEPT'));
    expect(out.length).toBe(src.length);
  });

  it('in C++, blanks specifier macros before a declaration; a line left empty becomes an empty comment, so the doc above still reaches it', () => {
    const src = '  /// Size.\n  _GLIBCXX_NODISCARD _GLIBCXX20_CONSTEXPR\n  size_type\n  size() const;\n  explicit ABSL_MUST_USE_RESULT Widget(int x);\n';
    const out = masked(src);
    expect(out.split('\n')[1]).toMatch(/^ +\/\* +\*\/$/);
    expect(out.split('\n')[1]!.length).toBe(src.split('\n')[1]!.length);
    expect(out.split('\n')[4]).toBe(without('  explicit ABSL_MUST_USE_RESULT Widget(int x);', 'ABSL_MUST_USE_RESULT'));
    // C keeps specifier macros before a declaration (its headers spell types in capitals more often).
    expect(maskDeclarationMacros('  ABSL_MUST_USE_RESULT int f(int x);\n', false)).toBe('  ABSL_MUST_USE_RESULT int f(int x);\n');
  });

  it('leaves a type spelled in capitals, a constant in an expression, comments, strings and directives', () => {
    const kept = [
      'MY_SIZE_T heap_size(void *h);\n',
      'int level = Z_DEFAULT_COMPRESSION;\n',
      'int f(int x) FOO_ATTR; // why\n',
      'const char *s = "a) FOO_BAR";\n',
      '#define NOEXCEPT_IF(c) noexcept(c)\n',
    ];
    for (const src of kept) expect(maskDeclarationMacros(src, true)).toBe(src);
  });

  it('a macro on a line of its own between a declarator and its body, and `if MACRO (`', () => {
    const src = '  size_type\n  find(const basic_string& __str) const\n  _GLIBCXX_NOEXCEPT\n  { if _GLIBCXX17_CONSTEXPR (true) return 0; }\n';
    const out = masked(src).split('\n');
    expect(out[2]).toMatch(/^ +\/\* +\*\/$/);
    expect(out[3]).toBe(without('  { if _GLIBCXX17_CONSTEXPR (true) return 0; }', '_GLIBCXX17_CONSTEXPR'));
  });

  it('keeps the first branch of a conditional that splits one declaration', () => {
    // The return type chosen under a template header, and two spellings of one declarator.
    const src = [
      'template<typename... _Args>', '#if __cplusplus > 201402L', '  reference', '#else', '  void', '#endif', '  emplace_front(_Args&&... __args);',
      '#if __cplusplus >= 201103L', '  void splice(iterator __p, list&& __x) noexcept', '#else', '  void splice(iterator __p, list& __x)', '#endif', '  { }', '',
    ].join('\n');
    const out = masked(src).split('\n');
    expect(out.map(code).filter(Boolean)).toEqual([
      'template<typename... _Args>', 'reference', 'emplace_front(_Args&&... __args);', 'void splice(iterator __p, list&& __x) noexcept', '{ }',
    ]);
  });

  it('blanks a reserved lower-case macro call between statements, not a function with a reserved name', () => {
    const call = '{\n#if X\n  __glibcxx_class_requires(_Tp, _Concept)\n#endif\n  typedef _Tp value_type;\n';
    expect(masked(call).split('\n')[2]).toMatch(/^ +\/\* +\*\/$/);
    const fn = 'template<typename _Alloc>\n  __allocated_ptr<_Alloc>\n  __allocate_guarded(_Alloc& __a)\n  { return {}; }\n';
    expect(masked(fn)).toBe(fn);
  });
});

describe('the macro and conditional shapes that left most libstdc++ headers unparsed', () => {
  const blankLine = (line: string) => /^\s*(\/\*\s*\*\/)?\s*$/.test(line);

  it('blanks a macro before a namespace\'s closing brace, and a macro call before a class\'s, but not an enum\'s last enumerator', () => {
    const ns = masked('namespace std {\n  void f();\n\n_GLIBCXX_END_NAMESPACE_VERSION\n} // namespace std\n').split('\n');
    expect(blankLine(ns[3]!)).toBe(true);
    const cls = masked('class mpz {\n  int x;\n  __GMPP_DECLARE_COMPOUND_OPERATOR(operator+=)\n};\n').split('\n');
    expect(blankLine(cls[2]!)).toBe(true);
    const en = 'enum code {\n#include "codes.def"\n  LAST_UNUSED_CODE\n};\n';
    expect(masked(en)).toBe(en);
  });

  it('blanks a specifier macro under an attribute line', () => {
    const out = masked('  template<typename _Tp>\n    [[__nodiscard__]]\n    _GLIBCXX20_CONSTEXPR\n    inline bool\n    operator==(const _Tp& a, const _Tp& b);\n').split('\n');
    expect(blankLine(out[2]!)).toBe(true);
    expect(out[3]).toBe('    inline bool');
  });

  it('keeps the first branch of a conditional that holds only specifiers of the declaration after it', () => {
    const src = '  struct allocator {\n#if __cpp_constexpr_dynamic_alloc\n    constexpr\n#endif\n    ~allocator() { }\n  };\n';
    const out = masked(src).split('\n');
    expect(code(out[1]!)).toBe('');
    expect(out[2]).toBe('    constexpr');
    expect(code(out[3]!)).toBe('');
    // A conditional holding a declaration of its own is left to the parser.
    const whole = 'struct a {\n#if X\n  int f();\n#endif\n};\n';
    expect(masked(whole)).toBe(whole);
  });

  it('reads __try and __catch as try and catch in C++, with nested parentheses in a macro call', () => {
    const src = '  void f() {\n    __try { g(); }\n    __catch(...) { throw; }\n  }\n  void swap(deque& __y) _GLIBCXX_NOEXCEPT_IF(noexcept(__x.swap(__y)))\n  { }\n';
    const out = masked(src).split('\n');
    expect(out[1]).toBe('    try   { g(); }');
    expect(out[2]).toBe('    catch  (...) { throw; }');
    expect(out[4]!.trimEnd()).toBe('  void swap(deque& __y)');
    // C has no such keywords to read them as.
    expect(maskDeclarationMacros('  __try { g(); }\n', false)).toBe('  __try { g(); }\n');
  });

  it('keeps the first branch of a conditional that holds only a template header, over several lines', () => {
    const src = [
      '#if __cplusplus >= 201103L',
      '      template<typename _InputIterator,',
      '\t       typename = std::_RequireInputIter<_InputIterator>>',
      '#else',
      '      template<typename _InputIterator>',
      '#endif',
      '        basic_string(_InputIterator __beg, _InputIterator __end);',
      '',
    ].join('\n');
    const out = masked(src).split('\n');
    expect(code(out[0]!)).toBe('');
    expect(out[1]).toBe('      template<typename _InputIterator,');
    expect(code(out[3]!) + code(out[4]!) + code(out[5]!)).toBe('');
    // A branch with a declaration after its template header is a declaration of its own.
    const whole = '#if X\ntemplate<typename T>\nvoid f(T);\n#endif\n';
    expect(masked(whole)).toBe(whole);
  });

  it('blanks a macro that ends a declaration with its `;`, one between `class` and the name, and a macro call after a class\'s `}`', () => {
    const src = '  size_type\n  find(const _CharT* __s) const\n  _GLIBCXX_NOEXCEPT;\n';
    expect(masked(src).split('\n')[2]).toBe('                   ;');
    expect(maskDeclarationMacros('class Q_CORE_EXPORT QObject : public Base\n{', true)).toBe('class               QObject : public Base\n{');
    const deprecated = '  } _GLIBCXX11_DEPRECATED_SUGGEST("std::bind");';
    expect(maskDeclarationMacros(deprecated, true)).toBe(without(deprecated, '_GLIBCXX11_DEPRECATED_SUGGEST("std::bind")'));
    // A struct tag in capitals declaring a variable, and a typedef's name after `}`, stay.
    for (const kept of ['struct TAG_NAME var;', 'struct FOO_BAR *p;', '} POINT_2D;']) expect(maskDeclarationMacros(kept, true)).toBe(kept);
  });

  it('blanks `typename` after `using`, an attribute before `friend`, and spells a scoped name in an `#if` as one identifier', () => {
    expect(maskDeclarationMacros('  using typename _Base::__diff_type;', true)).toBe('  using          _Base::__diff_type;');
    expect(maskDeclarationMacros('  [[nodiscard]] friend bool f();', true)).toBe('                friend bool f();');
    const above = maskDeclarationMacros('    [[nodiscard]]\n    friend constexpr bool\n    operator==(A a) noexcept;', true).split('\n');
    expect(code(above[0]!)).toBe('');
    expect(above[1]).toBe('    friend constexpr bool');
    expect(maskDeclarationMacros('#if __has_cpp_attribute(clang::fallthrough)\n', true)).toBe('#if __has_cpp_attribute(clang__fallthrough)\n');
    // An attribute before anything else stays, and C is left as it is.
    expect(maskDeclarationMacros('[[nodiscard]]\n  int f();', true)).toBe('[[nodiscard]]\n  int f();');
    expect(maskDeclarationMacros('#if X(a::b)\n', false)).toBe('#if X(a::b)\n');
  });

  it('keeps the first branch of a conditional that closes a brace it did not open, as move.h closes and reopens namespace std', () => {
    const src = [
      'namespace std {',
      '  void early();',
      '#if __cplusplus >= 201103L',
      '} // namespace',
      '#include <type_traits>',
      'namespace std {',
      '  /// Convert a value to an rvalue.',
      '  int&& move(int& t);',
      '#else',
      '#define MOVE(x) (x)',
      '#endif',
      '}',
      '',
    ].join('\n');
    const out = masked(src).split('\n').map(code);
    expect(out.slice(2, 6)).toEqual(['', '} // namespace', '#include <type_traits>', 'namespace std {']);
    expect(out.slice(8, 12)).toEqual(['', '', '', '}']);
    // A conditional whose branches each balance their braces is left to the parser.
    const balanced = 'namespace a {\n#if X\nstruct s { int x; };\n#else\nstruct s { long x; };\n#endif\n}\n';
    expect(masked(balanced)).toBe(balanced);
  });

  it('blanks several export macros between `class` and the name', () => {
    expect(maskDeclarationMacros('class V8_EXPORT V8_NODISCARD Scope {', true)).toBe(`class${' '.repeat(24)}Scope {`);
  });

  it('keeps the type a macro call wraps right before a declared name, and the guards of a C header with the brace on its own line', () => {
    const src = 'extern MENU_EXPORT(ITEM **) menu_items(const MENU *);';
    expect(maskDeclarationMacros(src, true)).toBe('extern             ITEM **  menu_items(const MENU *);');
    // A macro call before a type is still blanked: the type follows it.
    expect(maskDeclarationMacros('ABSL_DEPRECATED(x) int f();', true)).toBe('                   int f();');
  });
});

