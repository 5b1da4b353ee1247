import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Language, Parser, type Tree } from 'web-tree-sitter';
import { GRAMMAR } from './languages.js';
import type { LanguageId } from './types.js';

/**
 * Loading tree-sitter (the WASM runtime and the prebuilt grammars from tree-sitter-wasms) once
 * per thread, and parsing with one reusable parser per language. Grammars load lazily: a
 * workspace with only Python never compiles the C++ grammar.
 */

const require = createRequire(import.meta.url);
let initPromise: Promise<void> | undefined;
const languages = new Map<LanguageId, Promise<Language>>();
const parsers = new Map<LanguageId, Parser>();
let loadChain: Promise<unknown> = Promise.resolve();

function grammarDir(): string {
  return path.join(path.dirname(require.resolve('tree-sitter-wasms/package.json')), 'out');
}

function init(): Promise<void> {
  initPromise ??= Parser.init();
  return initPromise;
}

/** Load (once) the grammar for a language. */
export async function loadLanguage(lang: LanguageId): Promise<Language> {
  let p = languages.get(lang);
  if (!p) {
    // Loads run one at a time: web-tree-sitter links each grammar's WASM module into shared
    // state, and two concurrent loads mix up their symbols ("bad export type for …").
    p = loadChain.then(() => init()).then(() => Language.load(readFileSync(path.join(grammarDir(), `tree-sitter-${GRAMMAR[lang]}.wasm`))));
    loadChain = p.catch(() => undefined);
    languages.set(lang, p);
  }
  return p;
}

/** A parser for `lang`, ready to use; call `loadLanguage` first or use `parse`. */
export async function parserFor(lang: LanguageId): Promise<Parser> {
  const existing = parsers.get(lang);
  if (existing) return existing;
  const language = await loadLanguage(lang);
  const parser = new Parser();
  parser.setLanguage(language);
  parsers.set(lang, parser);
  return parser;
}

/** Parse `text`; the caller must `delete()` the tree when done (WASM memory is not GC'd). */
export async function parse(lang: LanguageId, text: string): Promise<Tree> {
  const parser = await parserFor(lang);
  const tree = parser.parse(text);
  if (!tree) throw new Error(`tree-sitter returned no tree for a ${lang} file`);
  return tree;
}

/**
 * Parse a small snippet with a parser that is already loaded (extractors are synchronous and
 * only run after their language's parser exists), or null when it is not. The caller deletes the tree.
 */
export function parseLoadedSync(lang: LanguageId, text: string): Tree | null {
  return parsers.get(lang)?.parse(text) ?? null;
}
