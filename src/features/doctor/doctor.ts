import { existsSync, readdirSync } from 'node:fs';
import { z } from 'zod';
import { runProgram } from '../../core/process/run.js';
import { which } from '../../core/process/which.js';
import type { FeatureContext } from '../context.js';

/**
 * `docent doctor`: which external programs docent can use on this machine, their versions,
 * and the command that installs each missing one. It tells the truth by running each program.
 */

interface Requirement {
  name: string;
  /** Program names to try, first found wins. */
  programs: string[];
  versionArgs: string[];
  purpose: string;
  install: string;
}

const REQUIREMENTS: Requirement[] = [
  { name: 'clangd', programs: ['clangd', 'clangd-19', 'clangd-18', 'clangd-17', 'clangd-16', 'clangd-15', 'clangd-14'], versionArgs: ['--version'], purpose: 'C/C++ symbols and navigation', install: 'apt-get install clangd' },
  { name: 'typescript-language-server', programs: ['typescript-language-server'], versionArgs: ['--version'], purpose: 'TypeScript/JavaScript symbols and navigation', install: 'npm i -g typescript-language-server typescript' },
  { name: 'pyright', programs: ['pyright'], versionArgs: ['--version'], purpose: 'Python symbols and navigation', install: 'npm i -g pyright' },
  { name: 'rust-analyzer', programs: ['rust-analyzer'], versionArgs: ['--version'], purpose: 'Rust symbols and navigation', install: 'rustup component add rust-analyzer' },
  { name: 'gopls', programs: ['gopls'], versionArgs: ['version'], purpose: 'Go symbols and navigation', install: 'go install golang.org/x/tools/gopls@latest' },
  { name: 'emacs', programs: ['emacs'], versionArgs: ['--version'], purpose: 'a live editor (with emacsclient)', install: 'apt-get install emacs-nox' },
  { name: 'emacsclient', programs: ['emacsclient'], versionArgs: ['--version'], purpose: 'the emacs_* tools talk to Emacs through it', install: 'apt-get install emacs-nox' },
];

export const DoctorInput = z.object({});

const ProgramStatus = z.object({
  name: z.string(),
  found: z.boolean(),
  path: z.string().nullable(),
  version: z.string().nullable(),
  purpose: z.string(),
  install: z.string().nullable().describe('The command that installs it, when missing.'),
});

export const DoctorOutput = z.object({
  node: z.string(),
  programs: z.array(ProgramStatus),
  info_dirs: z.array(z.object({ dir: z.string(), manuals: z.number().int() })),
  missing: z.number().int(),
});
export type DoctorResult = z.output<typeof DoctorOutput>;

/** Directories where Info manuals usually live (the Info reader has the full discovery rules). */
const INFO_DIRS = ['/usr/share/info', '/usr/local/share/info', '/usr/share/info/emacs'];

function infoDirs(extra: readonly string[], env: NodeJS.ProcessEnv): { dir: string; manuals: number }[] {
  const fromEnv = (env.INFOPATH ?? '').split(':').filter(Boolean);
  const dirs = [...new Set([...extra, ...fromEnv, ...INFO_DIRS])];
  return dirs
    .filter((d) => existsSync(d))
    .map((dir) => {
      let manuals = 0;
      try {
        manuals = readdirSync(dir).filter((f) => /\.info(\.(gz|bz2|xz|zst))?$/.test(f)).length;
      } catch {
        // unreadable: reported with 0 manuals
      }
      return { dir, manuals };
    });
}

async function probe(req: Requirement, signal: AbortSignal): Promise<z.output<typeof ProgramStatus>> {
  for (const program of req.programs) {
    const path = which(program);
    if (!path) continue;
    // A program that cannot even report its version is not usable (e.g. rustup's proxy for a
    // component that is not installed), so it counts as missing.
    try {
      const r = await runProgram(path, req.versionArgs, { timeoutMs: 10_000, signal });
      const line = (r.stdout || r.stderr).split('\n').find((l) => l.trim())?.trim() ?? null;
      if (r.code !== 0) return { name: req.name, found: false, path, version: null, purpose: `${req.purpose} (${path} failed: ${line ?? `exit ${r.code}`})`, install: req.install };
      return { name: req.name, found: true, path, version: line, purpose: req.purpose, install: null };
    } catch {
      continue;
    }
  }
  return { name: req.name, found: false, path: null, version: null, purpose: req.purpose, install: req.install };
}

export async function doctor(_input: z.output<typeof DoctorInput>, ctx: FeatureContext): Promise<DoctorResult> {
  const programs = await Promise.all(REQUIREMENTS.map((r) => probe(r, ctx.signal)));
  return {
    node: process.version,
    programs,
    info_dirs: infoDirs(ctx.config.info.dirs, process.env),
    missing: programs.filter((p) => !p.found).length,
  };
}

export function renderDoctor(r: DoctorResult): string {
  const lines = [`node ${r.node}`];
  for (const p of r.programs) {
    lines.push(p.found ? `✓ ${p.name.padEnd(27)} ${p.version ?? '(version unknown)'}  ${p.path}` : `✗ ${p.name.padEnd(27)} missing — ${p.purpose}; install: ${p.install}`);
  }
  lines.push('Info directories:');
  for (const d of r.info_dirs) lines.push(`  ${d.dir} (${d.manuals} manuals)`);
  if (!r.info_dirs.length) lines.push('  none found (apt-get install info, and the -doc packages you want)');
  lines.push(r.missing ? `${r.missing} program(s) missing; the tools that need them answer E_NO_SERVER.` : 'Everything docent can use is installed.');
  return lines.join('\n');
}
