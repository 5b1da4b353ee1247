import { z } from 'zod';
import { discoverManuals, infoSearchDirs } from '../../core/info/discover.js';
import { probeServers } from '../../core/lsp/probe.js';
import { versionLine } from '../../core/process/run.js';
import { which } from '../../core/process/which.js';
import { detectProjects } from '../../core/run/detect.js';
import { DocentError } from '../../core/errors.js';
import { SentenceEncoder } from '../../core/rank/sentence-encoder.js';
import { embeddingsConfigOf } from '../../core/index/embedding-runner.js';
import type { FeatureContext } from '../context.js';

/**
 * `docent doctor`: which external programs docent can use on this machine, their versions,
 * and the command that installs each missing one. It tells the truth by running each program,
 * and asks each source's own machinery (the LSP registry, the Info discovery) rather than
 * keeping a second list here.
 */

export const DoctorInput = z.object({});

const ProgramStatus = z.object({
  name: z.string(),
  found: z.boolean(),
  path: z.string().nullable(),
  version: z.string().nullable(),
  purpose: z.string(),
  install: z.string().nullable().describe('The command that installs it, when missing or broken.'),
  error: z.string().nullable().describe('Why a program that exists is not usable.'),
});
type ProgramStatus = z.output<typeof ProgramStatus>;

export const DoctorOutput = z.object({
  node: z.string(),
  programs: z.array(ProgramStatus),
  info_dirs: z.array(z.object({ dir: z.string(), manuals: z.number().int() })),
  missing: z.number().int(),
  projects: z
    .array(z.object({ root: z.string(), dir: z.string(), kind: z.string(), runner: z.string().nullable(), build: z.string().nullable(), evidence: z.array(z.string()) }))
    .describe('The builds and tests the run tools detected in each root (dir is relative to the root).'),
  embeddings: z
    .object({ model: z.string(), ok: z.boolean(), dim: z.number().int().nullable(), code: z.string().nullable(), error: z.string().nullable(), hint: z.string().nullable() })
    .nullable()
    .describe('The sentence-embedding model of docs.embeddings.model, loaded once to check it; null when none is configured.'),
});
export type DoctorResult = z.output<typeof DoctorOutput>;

const EMACS_PROGRAMS = [
  { name: 'emacs', purpose: 'a live editor for the emacs_* tools (runs the server)' },
  { name: 'emacsclient', purpose: 'the emacs_* tools talk to Emacs through it' },
];

async function probeEmacs(name: string, purpose: string, signal: AbortSignal): Promise<ProgramStatus> {
  const install = 'apt-get install emacs-nox';
  const path = which(name) ?? null;
  if (!path) return { name, found: false, path: null, version: null, purpose, install, error: null };
  const v = await versionLine(path, ['--version'], { signal });
  if (!v.ok) return { name, found: false, path, version: null, purpose, install, error: v.line };
  return { name, found: true, path, version: v.line, purpose, install: null, error: null };
}

export async function doctor(_input: z.output<typeof DoctorInput>, ctx: FeatureContext): Promise<DoctorResult> {
  const [servers, emacs, discovery, embeddings] = await Promise.all([
    probeServers(ctx.config),
    Promise.all(EMACS_PROGRAMS.map((p) => probeEmacs(p.name, p.purpose, ctx.signal))),
    discoverManuals(infoSearchDirs(ctx.config.info.dirs, process.env.INFOPATH)),
    probeEmbeddings(ctx),
  ]);
  const lsp: ProgramStatus[] = servers.map((s) => ({
    name: s.name,
    found: s.ok,
    path: s.command,
    version: s.version,
    purpose: `${s.languages.join('/') || s.name} symbols and navigation`,
    install: s.ok ? null : s.install,
    // A missing program is simply missing; an error only matters for one that exists.
    error: s.ok || !s.command ? null : (s.error ?? null),
  }));
  const programs = [...lsp, ...emacs];
  const perDir = new Map<string, number>(discovery.dirs.map((d) => [d, 0]));
  for (const m of discovery.manuals) perDir.set(m.dir, (perDir.get(m.dir) ?? 0) + 1);
  return {
    node: process.version,
    programs,
    info_dirs: [...perDir].map(([dir, manuals]) => ({ dir, manuals })),
    missing: programs.filter((p) => !p.found).length,
    projects: ctx.workspace.roots.flatMap((root) =>
      detectProjects(root).map((p) => ({ root, dir: p.rel || '.', kind: p.kind, runner: p.runner, build: p.build, evidence: p.evidence })),
    ),
    embeddings,
  };
}

/** Load the configured embeddings model once (as the index would), to say whether it works. */
async function probeEmbeddings(ctx: FeatureContext): Promise<DoctorResult['embeddings']> {
  const config = embeddingsConfigOf(ctx.config.docs.embeddings, ctx.workspace.roots[0]);
  if (!config) return null;
  const { model } = config;
  try {
    const enc = await SentenceEncoder.load(model, { maxTokens: config.maxTokens });
    const dim = enc.dim;
    await enc.close();
    return { model, ok: true, dim, code: null, error: null, hint: null };
  } catch (err) {
    const e = err instanceof DocentError ? err : null;
    return { model, ok: false, dim: null, code: e?.code ?? 'E_INTERNAL', error: e?.message ?? (err as Error).message, hint: e?.hint ?? null };
  }
}

export function renderDoctor(r: DoctorResult): string {
  const lines = [`node ${r.node}`];
  for (const p of r.programs) {
    if (p.found) lines.push(`✓ ${p.name.padEnd(27)} ${p.version ?? '(version unknown)'}  ${p.path}`);
    else lines.push(`✗ ${p.name.padEnd(27)} ${p.error ? `broken (${p.error})` : 'missing'} — ${p.purpose}; install: ${p.install}`);
  }
  lines.push('Info directories:');
  for (const d of r.info_dirs) lines.push(`  ${d.dir} (${d.manuals} manuals)`);
  if (!r.info_dirs.length) lines.push('  none found (apt-get install info, and the -doc packages you want)');
  lines.push('Builds and tests (run tools):');
  for (const p of r.projects) lines.push(`  ${p.root}/${p.dir === '.' ? '' : p.dir}: ${p.kind}, tests: ${p.runner ?? 'none'}, build: ${p.build ?? 'none'} (from ${p.evidence.join(', ')})`);
  if (!r.projects.length) lines.push('  none detected (package.json, CMakeLists.txt, pyproject.toml/setup.cfg/tox.ini, Cargo.toml, go.mod)');
  if (r.embeddings) lines.push(r.embeddings.ok ? `Embeddings model: ${r.embeddings.model} (${r.embeddings.dim} dimensions)` : `Embeddings model: ${r.embeddings.model} cannot be loaded: ${r.embeddings.error}${r.embeddings.hint ? ` — ${r.embeddings.hint}` : ''}`);
  lines.push(r.missing ? `${r.missing} program(s) missing; the tools that need them answer E_NO_SERVER.` : 'Everything docent can use is installed.');
  return lines.join('\n');
}
