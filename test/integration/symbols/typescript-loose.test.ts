import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SymbolDocInput, getSymbolDocumentation } from '../../../src/features/navigation/index.js';
import { LOOSE_FILE_CAP } from '../../../src/features/symbols/loose.js';
import { makeContext } from './helpers.js';

// typescript-language-server searches only the project of an open file; files outside
// tsconfig.json's include belong to none until opened, and used to be silently missed.
let root: string;
let env: ReturnType<typeof makeContext>;
const EXTRA = LOOSE_FILE_CAP + 8;

function write(rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'docent-loose-ts-'));
  write('tsconfig.json', JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['src'] }));
  write('src/lib.ts', '/** Add two numbers. */\nexport function addNumbers(a: number, b: number): number {\n  return a + b;\n}\n');
  write('tools/gen.ts', "/**\n * Generate the release notes.\n * @param version the version to describe\n */\nexport function generateReleaseNotes(version: string): string {\n  return `notes ${version}`;\n}\n");
  // More loose files than are searched one by one, deeper than tools/gen.ts.
  for (let i = 0; i < EXTRA; i++) write(`extra/deep/f${String(i).padStart(2, '0')}.ts`, `export function looseExtra${i}(): number {\n  return ${i};\n}\n`);
  env = makeContext([root]);
  await env.indexDocs();
});
afterAll(async () => {
  await env?.services.disposeAll();
  rmSync(root, { recursive: true, force: true });
});

describe('TypeScript files outside tsconfig.json include', () => {
  it('search_symbols finds a function defined outside the include, and the project ones still', async () => {
    const r = await env.search({ query: 'generateReleaseNotes' });
    expect(r.symbols.map((s) => s.location.file)).toEqual(['tools/gen.ts']);
    expect(r.symbols[0]!.documentation).toContain('Generate the release notes.');
    const inside = await env.search({ query: 'addNumbers', include_details: false });
    expect(inside.symbols.map((s) => s.location.file)).toEqual(['src/lib.ts']);
  });

  it('get_symbol_documentation without file_path finds it', async () => {
    const d = await getSymbolDocumentation(SymbolDocInput.parse({ symbol_name: 'generateReleaseNotes' }), env.ctx);
    expect(d.found).toBe(true);
    expect(d.location?.file).toBe('tools/gen.ts');
    expect(d.documentation).toContain('Generate the release notes.');
  });

  it('a file opened outside the project does not narrow later searches to it', async () => {
    await env.search({ query: 'generateReleaseNotes', files: ['tools/gen.ts'], include_details: false });
    const r = await env.search({ query: 'addNumbers', include_details: false });
    expect(r.symbols.map((s) => s.location.file)).toEqual(['src/lib.ts']);
  });

  it('says which files were left out when there are more than it searches', async () => {
    const r = await env.search({ query: 'looseExtra', include_details: false, max_results: 100 });
    expect(r.total_matches).toBe(LOOSE_FILE_CAP - 1); // tools/gen.ts took one of the slots
    const w = r.warnings.find((x) => x.includes('outside the server'));
    expect(w).toContain(`${EXTRA + 1} typescript files`);
    expect(w).toContain(`${EXTRA + 1 - LOOSE_FILE_CAP} were not`);
  });
});
