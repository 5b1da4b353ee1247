import { execFileSync } from 'node:child_process';
import { which } from '../lsp/resolve-command.js';
import type { Catalog, CatalogEntry } from './entry.js';

/**
 * Warning flags as the installed compilers list them. clang's own `diagtool` (clang-tools) lists
 * every warning with its flag and shows which groups (-Wall, -Wextra, …) enable it; without it,
 * GCC's `--help=warnings` describes the flags GCC shares with clang (most of -W). clang-tidy
 * checks come from `clang-tidy --list-checks`. Each answer says which tool it came from.
 */

const DIAG_REF = 'https://clang.llvm.org/docs/DiagnosticsReference.html#';
const TIDY_DOCS = 'https://clang.llvm.org/extra/clang-tidy/checks/';

function run(cmd: string, args: string[]): string | undefined {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 16 * 1024 * 1024 });
  } catch {
    return undefined;
  }
}

export class ClangCatalog implements Catalog {
  /** -Wflag -> description (GCC) or internal diagnostic names (diagtool). */
  private readonly flags = new Map<string, { text: string; from: string }>();
  /** -Wflag -> groups that enable it (diagtool tree). */
  private readonly parents = new Map<string, string[]>();
  private readonly tidyChecks = new Set<string>();

  static load(): ClangCatalog {
    const c = new ClangCatalog();
    const diagtool = which('diagtool');
    const list = diagtool ? run(diagtool, ['list-warnings']) : undefined;
    if (diagtool && list) {
      for (const m of list.matchAll(/^\s*(\w+) \[(-W[^\]]+)\]/gm)) {
        const cur = c.flags.get(m[2]!);
        c.flags.set(m[2]!, { text: cur ? `${cur.text}, ${m[1]}` : `clang diagnostics: ${m[1]}`, from: 'diagtool list-warnings' });
      }
      const tree = run(diagtool, ['tree']) ?? '';
      const stack: string[] = [];
      for (const line of tree.split('\n')) {
        const m = /^(\s*)(-W\S+)/.exec(line);
        if (!m) continue;
        const depth = m[1]!.length / 2;
        stack.length = depth;
        if (depth > 0) c.parents.set(m[2]!, [...new Set([...(c.parents.get(m[2]!) ?? []), stack[depth - 1]!])]);
        stack[depth] = m[2]!;
      }
    } else {
      const gcc = which('g++') ?? which('gcc');
      const help = gcc ? run(gcc, ['--help=warnings']) : undefined;
      let last: string | undefined;
      for (const line of (help ?? '').split('\n')) {
        const m = /^ {2}(-W[^\s]+)\s+(.*)$/.exec(line);
        if (m) {
          last = m[1]!.replace(/=.*$/, '');
          c.flags.set(last, { text: m[2]!.trim(), from: `${gcc} --help=warnings (GCC's description of the flag clang shares)` });
        } else if (last && /^ {20,}\S/.test(line)) {
          const cur = c.flags.get(last)!;
          cur.text += ' ' + line.trim();
        } else last = undefined;
      }
    }
    const tidy = which('clang-tidy');
    const checks = tidy ? run(tidy, ['--list-checks', '-checks=*']) : undefined;
    for (const m of (checks ?? '').matchAll(/^\s+([a-z0-9]+-[\w.-]+)$/gm)) c.tidyChecks.add(m[1]!);
    return c;
  }

  codes(): string[] {
    return [...[...this.flags.keys()].map((f) => `clang:${f}`), ...[...this.tidyChecks].map((t) => `clang-tidy:${t}`)];
  }

  lookup(code: string): CatalogEntry | undefined {
    const c = code.trim();
    const tidy = /^clang-tidy:(.+)$/.exec(c);
    if (tidy) {
      if (!this.tidyChecks.has(tidy[1]!)) return undefined;
      return { code: c, source: 'clang-tidy', title: tidy[1]!, explanation: `clang-tidy check ${tidy[1]} (from clang-tidy --list-checks).`, docs_url: `${TIDY_DOCS}${tidy[1]}.html` };
    }
    const flag = /^(?:clang:)?(-W[\w+=-]+)$/.exec(c)?.[1];
    if (!flag) return undefined;
    const f = this.flags.get(flag);
    if (!f) return undefined;
    const parents = this.parents.get(flag);
    return {
      code: `clang:${flag}`,
      source: 'clang',
      title: flag,
      explanation: `${flag}: ${f.text}${/[.]$/.test(f.text) ? '' : '.'} (from ${f.from})${parents?.length ? `\nEnabled by ${parents.join(', ')}.` : ''}`,
      fix_hint: `Fix the code it points at, or silence it for a line with #pragma clang diagnostic ignored "${flag}", or project-wide with -Wno-${flag.slice(2)}.`,
      docs_url: DIAG_REF + flag.slice(1).toLowerCase(),
    };
  }
}
