import type { Tree } from 'web-tree-sitter';
import type { ExtractOptions } from '../context.js';
import type { FileExtract, LanguageId } from '../types.js';

/** Rust: not extracted yet (returns the module only). */
export function extractRust(tree: Tree, _source: string, opts: ExtractOptions, lang: LanguageId): FileExtract {
  return { language: lang, module: { name: opts.file, doc: '', summary: '' }, items: [], imports: [], errors: tree.rootNode.hasError ? 1 : 0 };
}
