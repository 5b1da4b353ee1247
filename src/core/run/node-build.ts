import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DocentError } from '../errors.js';
import type { BuildAdapter } from './adapter.js';
import { parseTsc } from './diagnostics.js';
import { projectBin } from './node-bin.js';

/**
 * Node projects: "check" is `tsc --noEmit` on the project's tsconfig.json; "compile" is the
 * package's build script (`npm run build`) or, without one, `tsc -p tsconfig.json`; "clean" is
 * the package's clean script or `tsc --build --clean`. TypeScript's errors are read from its
 * plain (`--pretty false`, or non-TTY) output.
 */

/** tsconfig's outDir, read leniently (tsconfig allows comments and trailing commas). */
function outDir(dir: string): string | null {
  try {
    const text = readFileSync(path.join(dir, 'tsconfig.json'), 'utf8');
    const m = /"outDir"\s*:\s*"([^"]+)"/.exec(text.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, ''));
    return m ? path.resolve(dir, m[1]!) : null;
  } catch {
    return null;
  }
}

export const nodeBuild: BuildAdapter = {
  async build(ctx, target) {
    const { dir, root, meta } = ctx.project;
    const tsconfig = Boolean(meta.tsconfig);
    let argv: string[];
    if (target === 'check') {
      if (!tsconfig) throw new DocentError('E_UNAVAILABLE', 'This package has no tsconfig.json, so there is nothing to type-check.', 'Use target "compile" to run its build script.');
      argv = [projectBin(dir, root, 'tsc'), '-p', 'tsconfig.json', '--noEmit', '--pretty', 'false'];
    } else if (target === 'clean') {
      if (meta.clean_script) argv = ['npm', 'run', '--silent', 'clean'];
      else if (tsconfig) argv = [projectBin(dir, root, 'tsc'), '--build', '--clean', 'tsconfig.json'];
      else throw new DocentError('E_UNAVAILABLE', 'This package has no clean script and no tsconfig.json.');
    } else if (meta.build_script) argv = ['npm', 'run', '--silent', 'build'];
    else argv = [projectBin(dir, root, 'tsc'), '-p', 'tsconfig.json', '--pretty', 'false'];
    const raw = await ctx.exec(argv);
    const out = outDir(dir);
    const dirs = out ? [out] : ['dist', 'build', 'out', 'lib'].map((d) => path.join(dir, d)).filter((d) => existsSync(d));
    return { steps: [raw], diagnostics: parseTsc(`${raw.stdout}\n${raw.stderr}`, dir), artifactDirs: target === 'compile' ? dirs : [] };
  },
};
