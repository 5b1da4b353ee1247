import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO } from '../../helpers/docent.js';

export const FIXTURES = path.join(REPO, 'test/fixtures/info');
export const BUILD = path.join(FIXTURES, 'build');

/**
 * Build the Info fixtures from test/fixtures/info/sample.texi with the real makeinfo:
 * plain/ (unsplit), split/ (--split-size), gz/, xz/ and bz2/ (compressed copies, split parts
 * too), quoted/ (makeinfo's DEL quoting of node names) and a dir file. Returns BUILD.
 */
export function buildInfoFixtures(): string {
  rmSync(BUILD, { recursive: true, force: true });
  const src = path.join(FIXTURES, 'sample.texi');
  const make = (out: string, ...args: string[]) => {
    mkdirSync(path.dirname(out), { recursive: true });
    execFileSync('makeinfo', [...args, '-I', FIXTURES, '-o', out, src], { stdio: 'pipe' });
  };
  make(path.join(BUILD, 'plain/sample.info'), '--no-split');
  make(path.join(BUILD, 'split/sample.info'), '--split-size=3000');
  make(path.join(BUILD, 'quoted/sample.info'), '--no-split', '-c', 'INFO_SPECIAL_CHARS_QUOTE=1');
  mkdirSync(path.join(BUILD, 'gz'), { recursive: true });
  for (const f of ['sample.info', 'sample.info-1', 'sample.info-2']) {
    writeFileSync(path.join(BUILD, 'gz', f + '.gz'), gzipSync(readFileSync(path.join(BUILD, 'split', f))));
  }
  for (const [dir, prog] of [['xz', 'xz'], ['bz2', 'bzip2']] as const) {
    mkdirSync(path.join(BUILD, dir), { recursive: true });
    copyFileSync(path.join(BUILD, 'plain/sample.info'), path.join(BUILD, dir, 'sample.info'));
    execFileSync(prog, ['-f', path.join(BUILD, dir, 'sample.info')]);
  }
  execFileSync('install-info', ['--info-dir', path.join(BUILD, 'plain'), path.join(BUILD, 'plain/sample.info')], { stdio: 'pipe' });
  if (!existsSync(path.join(BUILD, 'plain/dir'))) throw new Error('install-info did not write a dir file');
  return BUILD;
}
