import { closeSync, openSync, readSync, statSync } from 'node:fs';
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

/**
 * How many bytes of an extensionless file are read to tell its language: the first line or two,
 * where an editor's mode line sits.
 */
const SNIFF_BYTES = 256;

/**
 * An Emacs mode line naming C++ or C (`// <vector> -*- C++ -*-`, `-*- mode: c++ -*-`). The C++
 * standard libraries write one at the top of every extensionless header (`<vector>`,
 * `<optional>`), because editors cannot tell the language from the name either; a file without
 * one (LICENSE, Makefile, a script, a binary) is not read as source.
 */
const MODE_LINE = /-\*-\s*(?:[^\n]*?\bmode:\s*)?(c\+\+|c)\s*(?:;[^\n]*?)?-\*-/i;

/** The language the head of an extensionless file declares in a mode line, if it is one docent extracts. */
export function sniffedLanguage(head: string): LanguageId | undefined {
  const m = MODE_LINE.exec(head.slice(0, SNIFF_BYTES));
  if (!m) return undefined;
  return m[1]!.toLowerCase() === 'c' ? 'c' : 'cpp';
}

/** Whether a path has no extension, so only its contents can say what it is. */
export function isExtensionless(file: string): boolean {
  const base = path.basename(file);
  return !base.includes('.', 1);
}

/**
 * The language of a file on disk: by its name, or, for an extensionless file, by the mode line
 * in its first bytes. Undefined when docent does not extract it or it cannot be read.
 */
export function languageOfFile(abs: string): LanguageId | undefined {
  const byName = languageOf(abs);
  if (byName || !isExtensionless(abs)) return byName;
  let fd: number | undefined;
  try {
    // Only a regular file: opening a named pipe the watcher reported would wait for a writer.
    if (!statSync(abs).isFile()) return undefined;
    fd = openSync(abs, 'r');
    const buf = Buffer.alloc(SNIFF_BYTES);
    const n = readSync(fd, buf, 0, SNIFF_BYTES, 0);
    return sniffedLanguage(buf.subarray(0, n).toString('latin1'));
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Extensions docent extracts, for watchers and walkers. */
export const EXTRACTED_EXTENSIONS: readonly string[] = Object.keys(BY_EXTENSION);
