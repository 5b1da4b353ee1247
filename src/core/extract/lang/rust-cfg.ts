import { tokenTrees, type TokenTree } from './rust-macro-rules.js';

/**
 * Whether a Rust `cfg` predicate holds on this machine, as rustc would evaluate it when building
 * for the host: `unix`, `target_os = "linux"`, `any(…)`, `all(…)`, `not(…)`. What a build
 * decides (features, a crate's own `--cfg` flags, `test`) is unknown: null, and `any`/`all`/
 * `not` carry unknowns as three-valued logic does. The docs a user reads for a dependency are
 * its docs on their platform (rustdoc documents the host target by default), so a `cfg_if!`'s
 * branch for Windows does not decide what `libc::O_RDONLY` is on Linux.
 */

export type Truth = boolean | null;

/** Facts about the target being the host, by cfg name (rustc's names for Node's platform and arch). */
export interface TargetFacts {
  os: string;
  family: string;
  arch: string;
  pointerWidth: string;
  endian: string;
  env: string;
  vendor: string;
}

const OS: Record<string, string> = { linux: 'linux', darwin: 'macos', win32: 'windows', freebsd: 'freebsd', openbsd: 'openbsd', netbsd: 'netbsd', android: 'android', sunos: 'solaris', aix: 'aix' };
const ARCH: Record<string, string> = { x64: 'x86_64', arm64: 'aarch64', ia32: 'x86', arm: 'arm', riscv64: 'riscv64', ppc64: 'powerpc64', s390x: 's390x', loong64: 'loongarch64' };

/** This machine as rustc names it. */
export function hostTarget(): TargetFacts {
  const os = OS[process.platform] ?? process.platform;
  const arch = ARCH[process.arch] ?? process.arch;
  return {
    os,
    family: os === 'windows' ? 'windows' : 'unix',
    arch,
    pointerWidth: /64/.test(arch) || arch === 's390x' ? '64' : '32',
    endian: arch === 's390x' ? 'big' : 'little',
    env: os === 'linux' ? 'gnu' : os === 'windows' ? 'msvc' : '',
    vendor: os === 'macos' ? 'apple' : os === 'windows' ? 'pc' : 'unknown',
  };
}

/** The predicate of a `#[cfg(…)]` attribute's text, evaluated; null when it is not one or cannot be decided. */
export function cfgAttributeHolds(attribute: string, target: TargetFacts = hostTarget()): Truth {
  const trees = tokenTrees(attribute.replace(/^#\s*/, ''));
  const bracket = trees[0];
  if (trees.length !== 1 || bracket?.open !== '[') return null;
  const inner = bracket.inner!;
  if (inner.length !== 2 || inner[0]!.text !== 'cfg' || inner[1]!.open !== '(') return null;
  return predicate(inner[1]!.inner!, target);
}

/** One predicate: a list of token trees (`target_os = "linux"`, `any(…)`, `unix`). */
function predicate(trees: readonly TokenTree[], t: TargetFacts): Truth {
  const [head, second, third] = trees;
  if (!head || head.kind !== 'ident') return null;
  if (trees.length === 2 && second!.open === '(') {
    const args = splitArgs(second!.inner!).map((a) => predicate(a, t));
    if (head.text === 'any') return args.some((a) => a === true) ? true : args.every((a) => a === false) ? false : null;
    if (head.text === 'all') return args.some((a) => a === false) ? false : args.every((a) => a === true) ? true : null;
    if (head.text === 'not' && args.length === 1) return args[0] === null ? null : !args[0];
    return null;
  }
  if (trees.length === 1) {
    if (head.text === 'unix') return t.family === 'unix';
    if (head.text === 'windows') return t.family === 'windows';
    if (head.text === 'test' || head.text === 'miri') return false;
    return null;
  }
  if (trees.length === 3 && second!.text === '=' && third!.kind === 'literal') {
    const value = third!.text.replace(/^"|"$/g, '');
    const fact: Record<string, string> = {
      target_os: t.os,
      target_family: t.family,
      target_arch: t.arch,
      target_pointer_width: t.pointerWidth,
      target_endian: t.endian,
      target_env: t.env,
      target_vendor: t.vendor,
    };
    return head.text in fact ? fact[head.text] === value : null;
  }
  return null;
}

/** A group's trees split at its top-level commas. */
function splitArgs(trees: readonly TokenTree[]): TokenTree[][] {
  const out: TokenTree[][] = [[]];
  for (const t of trees) {
    if (t.text === ',') out.push([]);
    else out[out.length - 1]!.push(t);
  }
  return out.filter((a) => a.length);
}

/**
 * Which branches of an if / else-if / else chain a build for this machine may take: the first
 * whose condition holds, and every undecided one before it (or, none holding, the last `else`
 * and the undecided ones). All of them when nothing is decided.
 */
export function takenBranches(conditions: readonly Truth[], hasElse: boolean): boolean[] {
  const taken = conditions.map(() => false);
  const elseTaken = (() => {
    for (let i = 0; i < conditions.length; i++) {
      if (conditions[i] === false) continue;
      taken[i] = true;
      if (conditions[i] === true) return false;
    }
    return hasElse;
  })();
  return hasElse ? [...taken, elseTaken] : taken;
}
