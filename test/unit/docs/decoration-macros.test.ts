import { describe, expect, it } from 'vitest';
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
});
