/** How a JavaScript or TypeScript file is named as a module: as it is imported. */

/**
 * `src/util/strings.ts` → `src/util/strings`; `lib/index.js` → `lib`. An installed package's
 * file is named as it is imported: `node_modules/zod/lib/index.d.ts` → `zod/lib`,
 * `node_modules/zod/index.d.ts` → `zod`.
 */
export function jsModuleName(file: string): string {
  const p = typedPackagePath(file.replace(/\\/g, '/').replace(/^(.*\/)?node_modules\//, '').replace(/(\.d)?\.[cm]?[jt]sx?$/, ''));
  return p.replace(/\/index$/, '') || p;
}

/**
 * DefinitelyTyped's packages describe the package users import: `@types/picomatch/index` is
 * `picomatch`, `@types/babel__core` is `@babel/core`.
 */
export function typedPackagePath(p: string): string {
  const m = /^@types\/([^/]+)(.*)$/.exec(p);
  if (!m) return p;
  const pkg = m[1]!.includes('__') ? `@${m[1]!.replace('__', '/')}` : m[1]!;
  return pkg + m[2]!;
}
