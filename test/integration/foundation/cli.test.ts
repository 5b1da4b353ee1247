import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/docent.js';

function onPath(program: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
}

describe('docent CLI', () => {
  it('prints its version and help', () => {
    const v = runCli(['--version']);
    expect(v.status).toBe(0);
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const h = runCli(['--help']);
    expect(h.status).toBe(0);
    expect(h.stdout).toContain('serve');
    expect(h.stdout).toContain('doctor');
  });

  it('exits 2 on a usage error', () => {
    expect(runCli(['no-such-command']).status).toBe(2);
    expect(runCli(['serve', '--tools', 'nonsense', '--no-index']).status).toBe(2);
    const bad = runCli(['symbols', 'foo', '--max', '0']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('expected a positive whole number');
    expect(bad.stderr).not.toContain('    at ');
  });

  it('doctor --json tells the truth about this machine', () => {
    const r = runCli(['doctor', '--json']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { node: string; programs: { name: string; found: boolean; version: string | null; install: string | null }[]; info_dirs: { dir: string }[] };
    expect(out.node).toBe(process.version);
    const byName = Object.fromEntries(out.programs.map((p) => [p.name, p]));
    // Each claim is checked against the machine itself.
    for (const program of ['clangd', 'emacs', 'emacsclient', 'gopls']) {
      expect(byName[program]!.found, program).toBe(onPath(program));
    }
    // Bundled with docent as dev dependencies.
    expect(byName.typescript!.found).toBe(true);
    expect(byName.typescript!.version).toMatch(/typescript-language-server \d+/);
    expect(byName.pyright!.version).toMatch(/1\.1\.\d+/);
    for (const p of out.programs) {
      if (!p.found) expect(p.install, p.name).toBeTruthy();
      else expect(p.install).toBeNull();
    }
    expect(out.info_dirs.map((d) => d.dir)).toContain('/usr/share/info');
  });

  it('doctor prints a readable report on a non-TTY', () => {
    const r = runCli(['doctor']);
    expect(r.stdout).toMatch(/clangd/);
    expect(r.stdout).toMatch(/Info directories/);
  });
});
