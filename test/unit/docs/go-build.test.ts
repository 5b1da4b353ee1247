import { describe, expect, it } from 'vitest';
import { goFileBuilds, hostGoTarget } from '../../../src/core/extract/lang/go-build.js';

const linux = { goos: 'linux', goarch: 'amd64' };
const windows = { goos: 'windows', goarch: 'arm64' };
const android = { goos: 'android', goarch: 'arm64' };

describe('which Go files a build for the host builds', () => {
  it('reads _GOOS, _GOARCH and _GOOS_GOARCH suffixes, not a bare name', () => {
    expect(goFileBuilds('syscall/syscall_linux.go', '', linux)).toBe(true);
    expect(goFileBuilds('syscall/syscall_windows.go', '', linux)).toBe(false);
    expect(goFileBuilds('syscall/zsyscall_linux_amd64.go', '', linux)).toBe(true);
    expect(goFileBuilds('syscall/zsyscall_linux_arm64.go', '', linux)).toBe(false);
    expect(goFileBuilds('runtime/asm_amd64.go', '', windows)).toBe(false);
    expect(goFileBuilds('x/windows.go', '', linux)).toBe(true);
    expect(goFileBuilds('os/file_unix.go', '', windows)).toBe(true); // `unix` is a tag, not a file-name suffix
    // android builds linux's files too.
    expect(goFileBuilds('x/a_linux.go', '', android)).toBe(true);
  });

  it('takes GOOS and GOARCH from the environment when set, as the go command does', () => {
    expect(hostGoTarget({ GOOS: 'windows', GOARCH: 'arm64' })).toEqual({ goos: 'windows', goarch: 'arm64' });
    expect(hostGoTarget({}).goos).toBe(process.platform === 'win32' ? 'windows' : process.platform === 'darwin' ? 'darwin' : process.platform);
  });

  it('evaluates //go:build expressions before the package clause; a tag no one sets is false', () => {
    const f = (line: string, t = linux) => goFileBuilds('x/a.go', `// Copyright\n\n${line}\n\npackage a\n`, t);
    expect(f('//go:build unix')).toBe(true);
    expect(f('//go:build !unix')).toBe(false);
    expect(f('//go:build js && wasm')).toBe(false);
    expect(f('//go:build linux && (amd64 || arm64)')).toBe(true);
    expect(f('//go:build linux && (amd64 || arm64)', windows)).toBe(false);
    expect(f('//go:build ignore')).toBe(false);
    expect(f('//go:build go1.18')).toBe(true);
    expect(f('//go:build purego || !amd64')).toBe(false);
    // The older form: a space is OR, a comma AND, each line must hold.
    expect(f('// +build linux,amd64 darwin')).toBe(true);
    expect(f('// +build windows\n// +build amd64')).toBe(false);
    // A constraint after the package clause is no constraint.
    expect(goFileBuilds('x/a.go', 'package a\n\n//go:build windows\n', linux)).toBe(true);
  });
});
