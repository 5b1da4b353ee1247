import path from 'node:path';
import type { LanguageId } from './types.js';

/** Which files are extracted, and with which tree-sitter grammar. */

const BY_EXTENSION: Record<string, LanguageId> = {
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'tsx',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascript',
  '.py': 'python',
  '.pyi': 'python',
  '.c': 'c',
  '.h': 'cpp',
  '.cc': 'cpp',
  '.cpp': 'cpp',
  '.cxx': 'cpp',
  '.c++': 'cpp',
  '.hh': 'cpp',
  '.hpp': 'cpp',
  '.hxx': 'cpp',
  '.h++': 'cpp',
  '.ipp': 'cpp',
  '.tpp': 'cpp',
  '.inl': 'cpp',
  '.rs': 'rust',
  '.go': 'go',
  '.java': 'java',
};

/** The grammar (tree-sitter-wasms file stem) for each language. */
export const GRAMMAR: Record<LanguageId, string> = {
  typescript: 'typescript',
  tsx: 'tsx',
  javascript: 'javascript',
  python: 'python',
  c: 'c',
  cpp: 'cpp',
  rust: 'rust',
  go: 'go',
  java: 'java',
};

export const LANGUAGES: readonly LanguageId[] = Object.keys(GRAMMAR) as LanguageId[];

/** The language of a file by its name, or undefined when docent does not extract it. */
export function languageOf(file: string): LanguageId | undefined {
  const base = path.basename(file);
  if (base.endsWith('.d.ts')) return 'typescript';
  return BY_EXTENSION[path.extname(base).toLowerCase()];
}

/** Extensions docent extracts, for watchers and walkers. */
export const EXTRACTED_EXTENSIONS: readonly string[] = Object.keys(BY_EXTENSION);
