import { readdirSync } from 'node:fs';
import { normalizeDist } from './packages.js';

/**
 * Type stubs that a tool bundles for distributions this environment does not have. Jedi ships
 * typeshed's stubs for ~200 third-party distributions (`site-packages/jedi/third_party/typeshed/
 * stubs/<Distribution>/…`): on this machine's Python installation 4,314 files and a third of
 * every item indexed, of which 23 distributions (1,005 files) are installed. The rest describe
 * APIs that cannot be imported here (`paramiko`, `tensorflow`, `pywin32`): an answer from them
 * is wrong for this environment, and they cost ~15% of a full build. A bundled stub of an
 * installed distribution stays: it is a copy of that package's API, folded into it
 * (fold-hits.ts), like any vendored copy. Stubs the user installed (`types-requests`, as
 * `requests-stubs`) are not bundled by a tool and are not concerned.
 *
 * Only stubs inside a Python environment's package directory are judged, against the
 * distributions installed in that same directory (`*.dist-info`, `*.egg-info`); a typeshed
 * elsewhere (pyright's, in node_modules) has no environment to judge by and is left alone.
 */

/** `<env>/…/typeshed/stubs/<Distribution>/…`, where <env> is a site-packages or dist-packages directory. */
const BUNDLED = /^(.*\/(?:site|dist)-packages)\/.*?\btypeshed\/stubs\/([^/]+)\//;
/** An installed distribution's metadata directory: its name, then (mostly) a version. */
const METADATA = /^(.+?)(?:-\d[^/]*)?\.(?:dist|egg)-info$/;

export class BundledStubs {
  /** Per environment directory, the distributions installed there (normalised). */
  private readonly installed = new Map<string, ReadonlySet<string>>();

  /**
   * True for a bundled stub of a distribution not installed beside the tool that bundles it.
   * Read once per environment: a sync sees the environment as it was when it began.
   */
  notInstalled(abs: string): boolean {
    const m = BUNDLED.exec(abs.replaceAll('\\', '/'));
    if (!m) return false;
    return !this.distributionsIn(m[1]!).has(normalizeDist(m[2]!));
  }

  /** Forget what was read, so that the next sync sees distributions installed or removed since. */
  reset(): void {
    this.installed.clear();
  }

  private distributionsIn(env: string): ReadonlySet<string> {
    let got = this.installed.get(env);
    if (!got) {
      const names = new Set<string>();
      let entries: string[] = [];
      try {
        entries = readdirSync(env);
      } catch {
        // An environment that cannot be listed has nothing installed as far as we can tell.
      }
      for (const e of entries) {
        const m = METADATA.exec(e);
        if (m) names.add(normalizeDist(m[1]!));
      }
      got = names;
      this.installed.set(env, got);
    }
    return got;
  }
}
