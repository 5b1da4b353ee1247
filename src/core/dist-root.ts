/**
 * The directory holding docent's built files (`dist/` in a package; `src/` when tests run the
 * sources), for the few files found by path rather than imported: the tool manifest, the index
 * worker, the CLI entry the daemon is started with.
 *
 * Paths are taken from here, not from each caller's own `import.meta.url`, because the build
 * bundles the CLI into `dist/bin/` (scripts/bundle.mjs) and a module's code then runs from a
 * bundle file instead of its own. The invariant that makes one expression right everywhere:
 * this module sits one level below the root (`dist/core/`, `src/core/`), and so does every
 * bundle file (`dist/bin/`), so `..` from whichever file holds this code is the root.
 */
export const DIST_ROOT: URL = new URL('../', import.meta.url);

/** A built file by its path under the root, e.g. `distFile('mcp/tools-manifest.json')`. */
export function distFile(relative: string): URL {
  return new URL(relative, DIST_ROOT);
}
