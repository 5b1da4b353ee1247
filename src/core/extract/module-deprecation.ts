import { skipString } from './fast/python-lines.js';
import type { FileExtract, LanguageId } from './types.js';

/**
 * A module that is deprecated as a whole deprecates everything in it. Python says so in code
 * rather than in each docstring: `distutils`, `imp`, `asyncore`, `cgi` and `numpy.distutils`
 * warn when they are imported (a `warnings.warn(…, DeprecationWarning)` or
 * `warnings._deprecated(__name__, …)` statement at module level), and their functions carry no
 * deprecation of their own. Without it `distutils.dir_util.mkpath` answered "create a folder
 * and its missing parents" ahead of `os.makedirs`, and a reader of `imp.find_module` was not
 * told to use importlib. A module doc's own deprecation (a Go package's `Deprecated:`
 * paragraph, a Python module docstring's `.. deprecated::`) counts the same way.
 *
 * Only statements at column 0 count: an indented warning runs under a condition (an old Python,
 * a missing optional dependency) and says nothing about the module.
 */
export function applyModuleDeprecation(lang: LanguageId, result: FileExtract, source: string): void {
  const message = result.module.deprecated ?? (lang === 'python' ? pythonImportWarning(source, result.module.name) : null);
  if (!message) return;
  result.module.deprecated = message;
  for (const item of result.items) item.deprecated ??= message;
}

const CALL = /^(?:warnings\.(warn|_deprecated)|(warn))\(/gm;
const CATEGORY = /\b(?:Pending)?DeprecationWarning\b/;
const NO_MESSAGE = 'This module is deprecated: it warns when imported.';

/** The message of a module-level deprecation warning in Python source (module `name`), or null. */
export function pythonImportWarning(source: string, name: string): string | null {
  if (!source.includes('warn')) return null;
  for (const m of source.matchAll(CALL)) {
    // A bare `warn(` is the warnings module's only where the file imports it so.
    if (m[2] && !/^from\s+warnings\s+import\b[^\n]*\bwarn\b/m.test(source)) continue;
    const args = callArguments(source, m.index + m[0].length);
    if (args === null) continue;
    if (m[1] !== '_deprecated' && !CATEGORY.test(args)) continue;
    if (m[1] === '_deprecated') {
      if (!/^\s*__name__\b/.test(args)) continue;
      // Its message is a template of the module's name and the version that removes it.
      const remove = /\bremove\s*=\s*\(\s*(\d+)\s*,\s*(\d+)/.exec(args);
      return `The ${name} module is deprecated${remove ? ` and will be removed in Python ${remove[1]}.${remove[2]}` : ''}.`;
    }
    const text = literalText(args) ?? namedLiteral(source, args);
    return text ? text.replace(/\{__name__(?:!r)?\}/g, name) : NO_MESSAGE;
  }
  return null;
}

/** The text between a call's parentheses (from just after the opening one), comments left out; null if it does not close. */
function callArguments(source: string, from: number): string | null {
  let depth = 1;
  let text = '';
  let start = from;
  for (let k = from; k < source.length; k++) {
    const c = source[k]!;
    if (c === '"' || c === "'") {
      try {
        k = skipString(source, k) - 1;
      } catch {
        return null; // a string that does not end: no call to read
      }
    } else if (c === '#') {
      const nl = source.indexOf('\n', k);
      text += source.slice(start, k);
      k = nl < 0 ? source.length : nl - 1;
      start = k + 1;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (--depth === 0) return text + source.slice(start, k);
    }
  }
  return null;
}

const LITERAL = /^\s*\(?\s*((?:[rRuUfF]{0,2}(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*)+)/;

/** The text of the string literals an argument list starts with (adjacent ones joined), or null. */
function literalText(args: string): string | null {
  const m = LITERAL.exec(args);
  if (!m) return null;
  const parts = [...m[1]!.matchAll(/[rRuUfF]{0,2}(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')/g)].map((p) => p[1] ?? p[2] ?? '');
  const text = parts.join('').replace(/\\n/g, ' ').replace(/\\(["'\\])/g, '$1').replace(/\s+/g, ' ').trim();
  return text || null;
}

/** The message when the warning names a module-level constant (`_DEPRECATION_MESSAGE = ("…" "…")`). */
function namedLiteral(source: string, args: string): string | null {
  const name = /^\s*([A-Za-z_]\w*)\s*[,)]?/.exec(args)?.[1];
  if (!name) return null;
  const at = new RegExp(`^${name}\\s*=\\s*`, 'm').exec(source);
  return at ? literalText(source.slice(at.index + at[0].length, at.index + at[0].length + 2000)) : null;
}
