import { describe, expect, it } from 'vitest';
import { cfgAttributeHolds, takenBranches, type TargetFacts } from '../../../src/core/extract/lang/rust-cfg.js';

const linux: TargetFacts = { os: 'linux', family: 'unix', arch: 'x86_64', pointerWidth: '64', endian: 'little', env: 'gnu', vendor: 'unknown' };

describe('Rust cfg predicates on the host', () => {
  it('decides what a build for the target decides, and leaves features and custom cfgs undecided', () => {
    expect(cfgAttributeHolds('#[cfg(unix)]', linux)).toBe(true);
    expect(cfgAttributeHolds('#[cfg(windows)]', linux)).toBe(false);
    expect(cfgAttributeHolds('#[cfg(target_os = "linux")]', linux)).toBe(true);
    expect(cfgAttributeHolds('#[cfg(all(target_env = "sgx", target_vendor = "fortanix"))]', linux)).toBe(false);
    expect(cfgAttributeHolds('#[cfg(any(target_os = "macos", target_os = "ios"))]', linux)).toBe(false);
    expect(cfgAttributeHolds('#[cfg(not(any(target_os = "haiku", target_os = "redox")))]', linux)).toBe(true);
    expect(cfgAttributeHolds('#[cfg(all(target_os = "linux", target_pointer_width = "64", target_arch = "x86_64"))]', linux)).toBe(true);
    expect(cfgAttributeHolds('#[cfg(feature = "std")]', linux)).toBeNull();
    expect(cfgAttributeHolds('#[cfg(libc_align)]', linux)).toBeNull();
    // Three-valued: an undecided part decides nothing unless the rest does.
    expect(cfgAttributeHolds('#[cfg(any(feature = "std", unix))]', linux)).toBe(true);
    expect(cfgAttributeHolds('#[cfg(all(feature = "std", windows))]', linux)).toBe(false);
    expect(cfgAttributeHolds('#[cfg(all(feature = "std", unix))]', linux)).toBeNull();
    expect(cfgAttributeHolds('#[cfg(not(feature = "std"))]', linux)).toBeNull();
    expect(cfgAttributeHolds('#[derive(Debug)]', linux)).toBeNull();
  });

  it('takes the first branch that holds, the undecided ones before it, or the else', () => {
    expect(takenBranches([false, true, true], true)).toEqual([false, true, false, false]);
    expect(takenBranches([null, true], false)).toEqual([true, true]);
    expect(takenBranches([false, false], true)).toEqual([false, false, true]);
    expect(takenBranches([false, null], true)).toEqual([false, true, true]);
  });
});
