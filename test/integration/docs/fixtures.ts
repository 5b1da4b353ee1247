import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractSource } from '../../../src/core/extract/extract.js';
import { languageOf } from '../../../src/core/extract/languages.js';
import type { DocItem, FileExtract } from '../../../src/core/extract/types.js';

/** Extraction of the committed per-language fixtures (test/fixtures/docs/<lang>/…). */
export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/docs');

export async function extractFixture(dir: string, file: string, includePrivate = false, engine?: 'fast' | 'tree-sitter'): Promise<FileExtract> {
  const text = readFileSync(path.join(FIXTURES, dir, file), 'utf8');
  return extractSource(languageOf(file)!, text, { file, includePrivate, engine });
}

export function item(x: FileExtract, id: string): DocItem {
  const found = x.items.find((i) => i.id === id);
  if (!found) throw new Error(`no item ${id}; have ${x.items.map((i) => i.id).join(', ')}`);
  return found;
}
