import { existsSync } from 'node:fs';
import path from 'node:path';
import { declaredNpmPackages, declaredPackageFiles, installedVersion, npmInstallFolders } from '../npm-deps.js';
import type { DiscoveredDependencies } from './types.js';
import { LANGUAGE_FILE, typescriptLibDependency } from './typescript-lib.js';

/**
 * The npm packages a root's package.json declares, as installed under its node_modules, and
 * JavaScript's standard library (typescript-lib.ts). Files are named `node_modules/<name>/…`
 * relative to the folder holding that node_modules, which is how the TypeScript extractor names
 * a package's modules as they are imported (`zod`, `zod/lib`).
 */
export function npmDependencies(root: string): DiscoveredDependencies {
  const out: DiscoveredDependencies = { installed: [], missing: [], installFolders: npmInstallFolders(root) };
  // Yarn's Plug'n'Play keeps packages as zips in .yarn/cache, with no node_modules: say so rather than "not installed".
  const pnp = ['.pnp.cjs', '.pnp.js'].some((f) => existsSync(path.join(root, f)));
  for (const p of declaredNpmPackages(root)) {
    if (!p.dir) {
      out.missing.push({ ecosystem: 'npm', name: p.name, reason: pnp ? "installed by Yarn Plug'n'Play (zips in .yarn/cache), which docent does not read: `nodeLinker: node-modules` in .yarnrc.yml installs a node_modules it does" : 'not installed under node_modules' });
      continue;
    }
    // pnpm: node_modules/.pnpm/<name>@<v>/node_modules/<name>; the folder above that node_modules is the base.
    const suffix = `node_modules/${p.name}`;
    const base = p.dir.endsWith(suffix) ? path.join(root, p.dir.slice(0, -suffix.length)) : root;
    const dir = p.dir.endsWith(suffix) ? suffix : `node_modules/${p.name}`;
    out.installed.push({
      ecosystem: 'npm',
      name: p.name,
      version: installedVersion(root, p.dir),
      base,
      list: (signal) => {
        const files = declaredPackageFiles(base, [{ name: p.name, dir }], signal);
        return p.name === 'typescript' ? withoutLibFiles(files) : files;
      },
    });
  }
  const lib = typescriptLibDependency(root);
  if (lib) out.installed.push(lib);
  return out;
}

/** The `typescript` package without the language's `lib/lib.es*.d.ts`: they are the standard library's, indexed once as such. */
async function* withoutLibFiles(files: AsyncIterable<string>): AsyncGenerator<string> {
  for await (const rel of files) {
    const parts = rel.split('/');
    if (!(parts[parts.length - 2] === 'lib' && LANGUAGE_FILE.test(parts[parts.length - 1]!))) yield rel;
  }
}
