import { describe, expect, it } from 'vitest';
import { maskedCode as code } from '../../helpers/masked-code.js';
import { maskRequiresClauses } from '../../../src/core/extract/lang/cpp-requires-clauses.js';
import { reservedName } from '../../../src/core/rank/path-prior.js';


describe('maskRequiresClauses', () => {
  it('blanks a clause on lines of its own after a declarator, keeping lines and offsets', () => {
    const src = [
      '    bit_cast(const _From& __from) noexcept',
      '#ifdef __cpp_concepts',
      '    requires (sizeof(_To) == sizeof(_From))',
      '      && __is_trivially_copyable(_To) && __is_trivially_copyable(_From)',
      '#endif',
      '    {',
      '',
    ].join('\n');
    const out = maskRequiresClauses(src);
    expect(out.length).toBe(src.length);
    expect(out.split('\n').map(code)).toEqual(['bit_cast(const _From& __from) noexcept', '#ifdef __cpp_concepts', '', '', '#endif', '{', '']);
  });

  it('leaves a clause that is not after a declarator, and one that runs into a body', () => {
    const kept = [
      'template<typename T>\n  requires C<T>\nvoid f(T);\n',
      'void f() const\n  requires C<T> { return; }\n',
      'int x = 1;\nrequires_more(x);\n',
    ];
    for (const src of kept) expect(maskRequiresClauses(src)).toBe(src);
  });
});

describe('reservedName', () => {
  it('knows the names C and C++ reserve to the implementation, in any part of a qualified name', () => {
    for (const id of ['std::__invoke', 'std::__future_base::_Async_state_impl', '__glibcxx_check_erase', '_GLIBCXX_TREE_FULL_COPY', '_Exit']) expect(reservedName(id)).toBe(true);
    for (const id of ['std::invoke', 'std::vector::_size', 'sqlite3_step', 'my__name', 'std::tuple_size']) expect(reservedName(id)).toBe(false);
  });
});
