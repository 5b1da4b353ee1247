import { LANGUAGES } from './languages.js';
import { parse } from './parser.js';
import type { LanguageId } from './types.js';

/**
 * Is an example syntactically valid in its language? It is parsed with that language's
 * tree-sitter grammar and must produce no error or missing nodes. Snippets that are written as
 * statements (a Go or Java body, a doctest session) are put in the smallest enclosing context
 * the language needs before parsing; nothing else is forgiven.
 */

const ALIASES: Record<string, LanguageId> = { js: 'javascript', ts: 'typescript', py: 'python', 'c++': 'cpp', rs: 'rust', golang: 'go' };

export function exampleLanguage(lang: string): LanguageId | null {
  const l = (ALIASES[lang] ?? lang) as LanguageId;
  return (LANGUAGES as readonly string[]).includes(l) ? l : null;
}

/** Doctest (`>>> ` / `... `) to plain Python: prompts removed, expected output dropped. */
export function doctestToPython(code: string): string {
  if (!/^\s*>>>/m.test(code)) return code;
  const out: string[] = [];
  for (const line of code.split('\n')) {
    const m = /^\s*(>>>|\.\.\.)(?: |$)(.*)$/.exec(line);
    if (m) out.push(m[2]!);
  }
  return out.join('\n');
}

function variants(lang: LanguageId, code: string): string[] {
  switch (lang) {
    case 'python':
      return [doctestToPython(code)];
    case 'rust': {
      // rustdoc hides lines starting with `# `; they are still part of the program.
      const body = code.split('\n').map((l) => l.replace(/^(\s*)# /, '$1').replace(/^(\s*)#$/, '$1')).join('\n');
      return [body, `fn main() {\n${body}\n}`];
    }
    case 'go':
      return [code, `package main\n${code}`, `package main\nfunc _() {\n${code}\n}`];
    case 'java':
      return [code, `class _Example {\n${code}\n}`, `class _Example { void _run() throws Exception {\n${code}\n} }`];
    case 'c':
    case 'cpp':
      return [code, `void _example() {\n${code}\n}`];
    default:
      return [code, `async function _example() {\n${code}\n}`];
  }
}

export async function parsesCleanly(language: string, code: string): Promise<boolean> {
  const lang = exampleLanguage(language);
  if (!lang || !code.trim()) return false;
  for (const v of variants(lang, code)) {
    const tree = await parse(lang, v);
    try {
      if (!tree.rootNode.hasError) return true;
    } finally {
      tree.delete();
    }
  }
  return false;
}
