/**
 * Whether the go command builds a file for this machine: its name's `_GOOS`, `_GOARCH` or
 * `_GOOS_GOARCH` suffix, and its `//go:build` line (or the older `// +build` lines), as `go
 * build` reads them with the host's GOOS and GOARCH. A package's other platforms' files define
 * the same names again (`syscall.Open` in fs_js.go, syscall_windows.go, zsyscall_linux_amd64.go,
 * …), and the docs a user reads are their platform's, as gopls and pkg.go.dev show them (its
 * default is linux/amd64). Unlike Rust's features, a build tag no one sets is false: the answer
 * is always decided. Pure functions over a file's name and first lines.
 */

const GOOS = new Set(['aix', 'android', 'darwin', 'dragonfly', 'freebsd', 'hurd', 'illumos', 'ios', 'js', 'linux', 'nacl', 'netbsd', 'openbsd', 'plan9', 'solaris', 'wasip1', 'windows', 'zos']);
const GOARCH = new Set(['386', 'amd64', 'amd64p32', 'arm', 'armbe', 'arm64', 'arm64be', 'loong64', 'mips', 'mipsle', 'mips64', 'mips64le', 'mips64p32', 'mips64p32le', 'ppc', 'ppc64', 'ppc64le', 'riscv', 'riscv64', 's390', 's390x', 'sparc', 'sparc64', 'wasm']);
/** Systems the `unix` tag covers (go/build's unixOS). */
const UNIX = new Set(['aix', 'android', 'darwin', 'dragonfly', 'freebsd', 'hurd', 'illumos', 'ios', 'linux', 'netbsd', 'openbsd', 'solaris']);

const NODE_OS: Record<string, string> = { linux: 'linux', darwin: 'darwin', win32: 'windows', freebsd: 'freebsd', openbsd: 'openbsd', netbsd: 'netbsd', android: 'android', sunos: 'solaris', aix: 'aix' };
const NODE_ARCH: Record<string, string> = { x64: 'amd64', arm64: 'arm64', ia32: '386', arm: 'arm', riscv64: 'riscv64', ppc64: 'ppc64le', s390x: 's390x', loong64: 'loong64', mips: 'mips', mipsel: 'mipsle' };

export interface GoTarget {
  goos: string;
  goarch: string;
}

/** This machine as the go command names it, or the GOOS and GOARCH docent runs with (a cross build's, as go build reads them). */
export function hostGoTarget(env: NodeJS.ProcessEnv = process.env): GoTarget {
  return { goos: env.GOOS || (NODE_OS[process.platform] ?? process.platform), goarch: env.GOARCH || (NODE_ARCH[process.arch] ?? process.arch) };
}

/** The tags a build for `t` sets: GOOS (and what it implies: android → linux, ios → darwin, illumos → solaris), GOARCH, unix, the compiler, cgo. */
function tagsOf(t: GoTarget): Set<string> {
  const tags = new Set([t.goos, t.goarch, 'gc', 'cgo']);
  if (t.goos === 'android') tags.add('linux');
  if (t.goos === 'ios') tags.add('darwin');
  if (t.goos === 'illumos') tags.add('solaris');
  if (UNIX.has(t.goos)) tags.add('unix');
  return tags;
}

/** Whether `go build` for `target` builds the file `file` (a path) whose text begins with `head`. */
export function goFileBuilds(file: string, head: string, target: GoTarget = hostGoTarget()): boolean {
  const tags = tagsOf(target);
  return nameMatches(file, tags) && constraintHolds(head, tags);
}

/** `x_linux.go`, `x_amd64.go`, `x_linux_amd64.go` (not `linux.go`: a suffix needs a name before it). */
function nameMatches(file: string, tags: ReadonlySet<string>): boolean {
  const base = file.replace(/^.*\//, '').replace(/\.go$/, '').replace(/_test$/, '');
  const parts = base.split('_');
  if (parts.length < 2) return true;
  const last = parts[parts.length - 1]!;
  const before = parts.length >= 3 ? parts[parts.length - 2]! : null;
  if (before !== null && GOOS.has(before) && GOARCH.has(last)) return tags.has(before) && tags.has(last);
  if (GOOS.has(last) || GOARCH.has(last)) return tags.has(last);
  return true;
}

/** The file's `//go:build` expression, else its `// +build` lines, before the package clause; true when it has none. */
function constraintHolds(head: string, tags: ReadonlySet<string>): boolean {
  const lines = head.split('\n');
  const plus: string[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (line.startsWith('package ') || line === 'package') break;
    const go = /^\/\/go:build\s+(.+)$/.exec(line);
    if (go) return evaluate(go[1]!, tags) ?? true;
    const old = /^\/\/\s*\+build\s+(.+)$/.exec(line);
    if (old) plus.push(old[1]!);
  }
  // `// +build a,b c` is (a AND b) OR c; several lines must all hold.
  return plus.every((l) => l.split(/\s+/).some((opt) => opt.split(',').every((t) => (t.startsWith('!') ? !has(tags, t.slice(1)) : has(tags, t)))));
}

/** A tag as go/build matches it: release tags (go1.N) hold for every release this code can be built with. */
function has(tags: ReadonlySet<string>, tag: string): boolean {
  return tags.has(tag) || /^go1\.\d+$/.test(tag);
}

/** A `//go:build` expression (`linux && (amd64 || arm64)`, `!windows`), or null when it cannot be read. */
function evaluate(expr: string, tags: ReadonlySet<string>): boolean | null {
  const tokens = expr.match(/&&|\|\||!|\(|\)|[\w.]+/g) ?? [];
  let at = 0;
  const or = (): boolean | null => {
    let v = and();
    while (tokens[at] === '||') {
      at++;
      const r = and();
      v = v === null || r === null ? null : v || r;
    }
    return v;
  };
  const and = (): boolean | null => {
    let v = unary();
    while (tokens[at] === '&&') {
      at++;
      const r = unary();
      v = v === null || r === null ? null : v && r;
    }
    return v;
  };
  const unary = (): boolean | null => {
    const t = tokens[at++];
    if (t === '!') {
      const v = unary();
      return v === null ? null : !v;
    }
    if (t === '(') {
      const v = or();
      return tokens[at++] === ')' ? v : null;
    }
    return t !== undefined && /^[\w.]+$/.test(t) ? has(tags, t) : null;
  };
  const v = or();
  return at === tokens.length ? v : null;
}
