import { blank, scanLines } from './c-macros.js';

/**
 * Macros written inside a declaration, blanked (into spaces: signatures read the same without
 * them) before C/C++ parsing, as maskStatementMacros blanks those on lines of their own.
 * libstdc++ and many libraries decorate nearly every declaration: `namespace std
 * _GLIBCXX_VISIBILITY(default)`, `_GLIBCXX20_CONSTEXPR void push_back(…)`, `reference back()
 * _GLIBCXX_NOEXCEPT`. tree-sitter cannot expand them, and one of them turned the rest of
 * stl_vector.h into an ERROR node: `vector` lost its namespace and `push_back` its class.
 *
 * A macro here is an all-capitals identifier with an underscore (`_GLIBCXX_NOEXCEPT`,
 * `ABSL_MUST_USE_RESULT`), perhaps called (`_GLIBCXX_DEPRECATED_SUGGEST("x")`), and it is
 * blanked only
 * - after `namespace name`;
 * - after a parameter list's `)` (with `const`, `&`, `noexcept` and other such macros around),
 *   where only `{`, `;`, `=`, `:`, `->`, `override`, `final` or the line's end may follow;
 * - in C++, before the rest of a declaration: at the line's start or after `inline`, `static`,
 *   `constexpr` and the like, followed by a name (a type or another specifier). Not a name
 *   ending in `_T` or `_TYPE`, which is a type spelled in capitals.
 * Lines with a comment, a string or a preprocessor directive are left as they are.
 */

const MACRO = String.raw`_*[A-Z][A-Z0-9]*_[A-Z0-9_]*`;
const ARGS = String.raw`(?:\s*\((?:[^()]|\([^()]*\))*\))?`;
const NAMESPACE = new RegExp(String.raw`(\bnamespace\s+[A-Za-z_][\w:]*\s+)(${MACRO}${ARGS})`);
const AFTER_PARAMS = new RegExp(String.raw`\)((?:\s*(?:const\b|volatile\b|&&?|noexcept(?:\s*\([^()]*\))?|${MACRO}${ARGS}))+)(?=\s*(?:$|[{;=:]|->|override\b|final\b))`, 'g');
const MACRO_CALL = new RegExp(`${MACRO}${ARGS}`, 'g');
const LEADING = new RegExp(String.raw`^(\s*(?:(?:inline|static|extern|constexpr|consteval|virtual|explicit|friend)\s+)*)(${MACRO}${ARGS})(\s+)(?=[A-Za-z_~])`);
const TYPE_LIKE = /_(T|TYPE)$/;

const spaces = (text: string) => text.replace(/[^\n]/g, ' ');

export function maskDeclarationMacros(source: string, cpp: boolean): string {
  if (!/_*[A-Z][A-Z0-9]*_[A-Z0-9_]*/.test(source)) return source;
  const lines = source.split('\n');
  const info = scanLines(lines);
  let changed = false;
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k]!;
    if (info[k]!.directive || !info[k]!.code || /\/\/|\/\*|\*\/|["']/.test(line)) continue;
    // Inside a block comment the scan finds no code on the line, but its start may still be
    // comment text (`* FOO_BAR()`): the line's code must be the whole line.
    if (line.trim() !== info[k]!.code) continue;
    let next = line.replace(NAMESPACE, (_m, head: string, macro: string) => head + spaces(macro));
    next = next.replace(AFTER_PARAMS, (m, tail: string) => `)${tail.replace(MACRO_CALL, (x) => (TYPE_LIKE.test(x) ? x : spaces(x)))}`);
    if (cpp) {
      for (let m = LEADING.exec(next); m && !TYPE_LIKE.test(m[2]!.replace(/\s*\(.*$/s, '')); m = LEADING.exec(next)) {
        next = m[1]! + spaces(m[2]!) + next.slice(m[1]!.length + m[2]!.length);
      }
    }
    if (next !== line) {
      // A line left empty would part a doc comment from its declaration: an empty comment instead.
      lines[k] = next.trim() ? next : next.slice(0, next.length - next.trimStart().length) + blank(next.trimStart().length);
      changed = true;
    }
  }
  return changed ? lines.join('\n') : source;
}
