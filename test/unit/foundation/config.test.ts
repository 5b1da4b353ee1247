import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, mergeLayers } from '../../../src/core/config/load.js';
import { DocentError } from '../../../src/core/errors.js';
import { flagsToConfig } from '../../../src/cli/flags.js';

function dirWithConfig(content: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docent-config-'));
  writeFileSync(path.join(dir, 'docent.config.json'), typeof content === 'string' ? content : JSON.stringify(content));
  return dir;
}

describe('config precedence: file < environment < flags', () => {
  it('uses defaults when nothing is set', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docent-config-'));
    const { config, file } = loadConfig({ cwd: dir, env: {} });
    expect(file).toBeUndefined();
    expect(config.emacs.timeoutMs).toBe(5000);
    expect(config.allowWrites).toBe(false);
    expect(config.index.enabled).toBe(true);
  });

  it('reads the file at the first root', () => {
    const dir = dirWithConfig({ emacs: { timeoutMs: 1234 }, lsp: { requestTimeoutMs: 999 } });
    const { config, file } = loadConfig({ cwd: dir, env: {} });
    expect(file).toBe(path.join(dir, 'docent.config.json'));
    expect(config.emacs.timeoutMs).toBe(1234);
    expect(config.lsp.requestTimeoutMs).toBe(999);
    expect(config.emacs.emacsclient).toBe('emacsclient');
  });

  it('lets the environment override the file, and flags override both', () => {
    const dir = dirWithConfig({ emacs: { timeoutMs: 1000, socket: 'from-file' }, indexDir: '/file' });
    const env = { DOCENT_EMACS_TIMEOUT_MS: '2000', DOCENT_INDEX_DIR: '/env' };
    const a = loadConfig({ cwd: dir, env }).config;
    expect(a.emacs.timeoutMs).toBe(2000);
    expect(a.emacs.socket).toBe('from-file');
    expect(a.indexDir).toBe('/env');
    const b = loadConfig({ cwd: dir, env, flags: flagsToConfig({ emacsTimeout: 3000, indexDir: '/flag' }) }).config;
    expect(b.emacs.timeoutMs).toBe(3000);
    expect(b.indexDir).toBe('/flag');
    expect(b.emacs.socket).toBe('from-file');
  });

  it('finds the config file under the root given by flags', () => {
    const dir = dirWithConfig({ tools: ['info'] });
    const { config } = loadConfig({ cwd: tmpdir(), env: {}, flags: { roots: [dir] } });
    expect(config.tools).toEqual(['info']);
  });

  it('rejects unknown keys and wrong types with E_BAD_INPUT naming the file', () => {
    const dir = dirWithConfig({ emacs: { timeoutMs: 'soon' }, bogus: 1 });
    try {
      loadConfig({ cwd: dir, env: {} });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DocentError);
      expect((e as DocentError).code).toBe('E_BAD_INPUT');
      expect((e as DocentError).message).toContain('docent.config.json');
      expect((e as DocentError).message).toMatch(/timeoutMs|bogus/);
    }
  });

  it('rejects invalid JSON and a non-numeric environment value', () => {
    expect(() => loadConfig({ cwd: dirWithConfig('{ nope'), env: {} })).toThrow(/not valid JSON/);
    const dir = mkdtempSync(path.join(tmpdir(), 'docent-config-'));
    expect(() => loadConfig({ cwd: dir, env: { DOCENT_LSP_TIMEOUT_MS: 'ten' } })).toThrow(/DOCENT_LSP_TIMEOUT_MS/);
  });

  it('merges objects deeply and replaces arrays', () => {
    expect(mergeLayers({ a: { x: 1, y: [1, 2] } }, { a: { y: [3] } }, { a: { z: undefined } })).toEqual({ a: { x: 1, y: [3] } });
  });
});
