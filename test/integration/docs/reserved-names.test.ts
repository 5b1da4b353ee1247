import { describe, expect, it } from 'vitest';
import { sharedTree } from './fixtures.js';

/** A C++ name reserved to the implementation ranks below the public one that says the same (path-prior.ts reservedName). */

const header = [
  'namespace std {',
  '  /// Invoke a callable object with the given arguments.',
  '  template<typename _Callable, typename... _Args>',
  '    constexpr void __invoke(_Callable&& __fn, _Args&&... __args);',
  '',
  '  /// Invoke a callable object with the given arguments.',
  '  template<typename _Callable, typename... _Args>',
  '    constexpr void invoke(_Callable&& __fn, _Args&&... __args);',
  '',
  '  /// Shared state of a callable object run by async.',
  '  struct __future_base { struct _Async_state { }; };',
  '} // namespace std',
  '',
].join('\n');

const index = sharedTree({ 'functional.hpp': header }, 'docent-reserved-');
const ids = (q: string) => index().roots[0]!.queries.search(q, { limit: 5 }).map((h) => h.id);

describe('names reserved to the implementation', () => {
  it('ranks `std::invoke` over `std::__invoke`, whose doc is the same', () => {
    const got = ids('invoke a callable object');
    expect(got.indexOf('std::invoke')).toBeGreaterThanOrEqual(0);
    expect(got.indexOf('std::invoke')).toBeLessThan(got.indexOf('std::__invoke'));
  });

  it('still finds a reserved name asked for by name', () => {
    expect(ids('__invoke')[0]).toBe('std::__invoke');
  });
});
