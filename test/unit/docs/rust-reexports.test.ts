import { describe, expect, it } from 'vitest';
import { rustReexports } from '../../../src/core/extract/lang/rust-reexports.js';

describe('Rust use declarations', () => {
  it('reads nested groups, renames and `self` in a group', () => {
    expect(rustReexports('pub use a::{b::{C, D as Dee}, E, self as alias};', ['mycrate'], 'mycrate')).toEqual([
      { public: 'mycrate::C', target: 'mycrate::a::b::C' },
      { public: 'mycrate::Dee', target: 'mycrate::a::b::D' },
      { public: 'mycrate::E', target: 'mycrate::a::E' },
      { public: 'mycrate::alias', target: 'mycrate::a' },
    ]);
    // `self` without a rename names the module as it already is: nothing to re-export.
    expect(rustReexports('pub use self::inner::{self, Thing};', ['mycrate', 'm'], 'mycrate')).toEqual([{ public: 'mycrate::m::Thing', target: 'mycrate::m::inner::Thing' }]);
    expect(rustReexports('pub use ::core::{cmp::{max, min}, mem};', ['std'], 'std')).toEqual([
      { public: 'std::max', target: 'core::cmp::max' },
      { public: 'std::min', target: 'core::cmp::min' },
      { public: 'std::mem', target: 'core::mem' },
    ]);
  });
});
