import { blank, blankCode, MACRO_NAME, scanLines } from './c-macros.js';

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
 * - between `if` and its condition (`if constexpr` spelled `if _GLIBCXX17_CONSTEXPR`);
 * - in C++, `__try` and `__catch (…)` become `try` and `catch (…)`, as libstdc++ defines them;
 * - in C++, a macro call between a class's closing `}` and its `;`, and a macro between
 *   `class` and the class's name;
 * - in C++, a few spellings beyond the grammar that say nothing a search uses: `typename` in
 *   `using typename Base::type;`, an attribute before `friend`, and a scoped name in an `#if`
 *   condition (`__has_cpp_attribute(clang::fallthrough)`, spelled `clang__fallthrough`);
 * - on a line of its own between a declarator (`…) const`) and its body or `;`, or with that `;`;
 * - after a parameter list's `)` (with `const`, `&`, `noexcept` and other such macros around),
 *   where only `{`, `;`, `=`, `:`, `->`, `override`, `final` or the line's end may follow;
 * - in C++, before the rest of a declaration: at the line's start or after `inline`, `static`,
 *   `constexpr` and the like, followed by a name (a type or another specifier). Not a name
 *   ending in `_T` or `_TYPE`, which is a type spelled in capitals.
 * Lines with a comment, a string or a preprocessor directive are left as they are.
 */

const MACRO = MACRO_NAME;
const ANY_MACRO = new RegExp(MACRO);
/** A call's arguments, with parentheses nested two deep (`_GLIBCXX_NOEXCEPT_IF(noexcept(__x.swap(__y)))`). */
const ARGS = String.raw`(?:\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\))?`;
const NAMESPACE = new RegExp(String.raw`(\bnamespace\s+[A-Za-z_][\w:]*\s+)(${MACRO}${ARGS})`);
const AFTER_PARAMS = new RegExp(String.raw`\)((?:\s*(?:const\b|volatile\b|&&?|noexcept(?:\s*\([^()]*\))?|${MACRO}${ARGS}))+)(?=\s*(?:$|[{;=:]|->|override\b|final\b))`, 'g');
const MACRO_CALL = new RegExp(`${MACRO}${ARGS}`, 'g');
/** `if _GLIBCXX17_CONSTEXPR (…)`: `if constexpr` spelled by a macro. */
const IF_MACRO = new RegExp(String.raw`(\bif\s+)(${MACRO})(?=\s*\()`, 'g');
const LEADING = new RegExp(String.raw`^(\s*(?:(?:inline|static|extern|constexpr|consteval|virtual|explicit|friend)\s+)*)(${MACRO}${ARGS})(\s+)(?=[A-Za-z_~])`);
const TYPE_LIKE = /_(T|TYPE)$/;
/** A macro call with one argument: `MENU_EXPORT(ITEM *` and `)`, split around the argument. */
const WRAPS_TYPE = /^([^(]*\()([^()]*)\)$/;
/** What follows a declaration's return type: its name and parameter list. */
const NAME_THEN_CALL = /^\s*[A-Za-z_]\w*\s*\(/;
/** libstdc++'s `__try` / `__catch (…)`, which are `try` and `catch` when exceptions are on: read as those. */
const TRY_CATCH = /\b__(try\b|catch(?=\s*\())/g;
const HAS_TRY_CATCH = /\b__(try\b|catch\s*\()/;

const spaces = (text: string) => text.replace(/[^\n]/g, ' ');

/** A line that is only a macro (or a call of one). */
const MACRO_ONLY = new RegExp(`^${MACRO}${ARGS}$`);
/** The code before it ended a declarator (`…)`, `… const`), and the code after it goes on with the definition. */
const DECLARATOR_END = /(\)|\bconst|&)$/;
const DEFINITION_GOES_ON = /^(\{|;|:|=|->)/;
/**
 * Export or ABI macros between `class` and the class's name (`class Q_CORE_EXPORT QObject :
 * public …`, `class V8_EXPORT V8_NODISCARD Scope`), where the head goes on as a class head
 * does: a base clause, `final`, a body or the line's end. Not `struct TAG_NAME var;`.
 */
const CLASS_HEAD = new RegExp(String.raw`(\b(?:class|struct|union)\s+)((?:${MACRO}${ARGS}\s+)*${MACRO}${ARGS})(?=\s+[A-Za-z_]\w*\s*(?:$|[:{]|final\b))`, 'g');
const USING_TYPENAME = /(\busing\s+)(typename\b)/g;
/** A source that may hold one of the spellings beyond the grammar. */
const BEYOND_GRAMMAR = /\busing\s+typename\b|\]\]|^\s*#\s*(?:el)?if\b.*::/m;
const ATTRIBUTE_ONLY = /^(?:\[\[[^\]]*\]\]\s*)+$/;
const ATTRIBUTE_FRIEND = /((?:\[\[[^\]]*\]\]\s*)+)(?=friend\b)/g;

/** The code of the next line that has any. */
function nextCode(info: readonly { code: string; directive: boolean }[], k: number): string | undefined {
  for (let n = k + 1; n < info.length; n++) if (info[n]!.code) return info[n]!.directive ? undefined : info[n]!.code;
  return undefined;
}

/** A class's closing brace, a macro call and the `;`; a bare name there is a typedef's (`} POINT_2D;`). */
const AFTER_CLASS = new RegExp(String.raw`^(\s*\}\s*)(${MACRO}(?=\s*\()${ARGS})(\s*;\s*)$`);
/** A line that is a macro (or a call of one) and the `;` that ends the declaration. */
const MACRO_ENDING = new RegExp(String.raw`^(\s*)(${MACRO}${ARGS})(\s*;\s*)$`);

export function maskDeclarationMacros(source: string, cpp: boolean): string {
  if (!ANY_MACRO.test(source) && !(cpp && (HAS_TRY_CATCH.test(source) || BEYOND_GRAMMAR.test(source)))) return source;
  const lines = source.split('\n');
  const info = scanLines(lines);
  let changed = false;
  let prev = -1;
  for (let k = 0; k < lines.length; k++) {
    if (k > 0 && info[k - 1]!.code) prev = k - 1;
    const line = lines[k]!;
    // `find(const basic_string& __str) const` then `_GLIBCXX_NOEXCEPT` on a line of its own, then the body.
    if (MACRO_ONLY.test(info[k]!.code) && prev >= 0 && !info[prev]!.directive && DECLARATOR_END.test(info[prev]!.code)) {
      let n = k + 1;
      while (n < lines.length && !info[n]!.code) n++;
      if (n < lines.length && !info[n]!.directive && DEFINITION_GOES_ON.test(info[n]!.code)) {
        blankCode(lines, info, k);
        changed = true;
        continue;
      }
    }
    // The same macro with the declaration's `;` (`find(…) const` then `_GLIBCXX_NOEXCEPT;`).
    const ending = MACRO_ENDING.exec(line);
    if (ending && info[k]!.code === line.trim() && prev >= 0 && !info[prev]!.directive && DECLARATOR_END.test(info[prev]!.code)) {
      lines[k] = ending[1]! + spaces(ending[2]!) + ending[3]!;
      changed = true;
      continue;
    }
    // After a class's closing brace (`} _GLIBCXX11_DEPRECATED_SUGGEST("std::unique_ptr");`): an
    // attribute there, not a variable the class declares.
    const closing = cpp ? AFTER_CLASS.exec(line) : null;
    if (closing && info[k]!.code === line.trim()) {
      lines[k] = closing[1]! + spaces(closing[2]!) + closing[3]!;
      changed = true;
      continue;
    }
    // `#if __has_cpp_attribute(clang::fallthrough)`: a scoped name in a condition, which the
    // grammar reads no further than `clang`, and then nothing else in the file. Its spelling
    // with `__` is one identifier of the same length; the condition means nothing to the index.
    if (cpp && info[k]!.directive && /^#\s*(?:el)?if\b.*::/.test(info[k]!.code)) {
      lines[k] = line.replace(/\b(\w+)::(?=\w)/g, '$1__');
      changed = lines[k] !== line || changed;
      continue;
    }
    if (info[k]!.directive || !info[k]!.code || /\/\/|\/\*|\*\/|["']/.test(line)) continue;
    // Inside a block comment the scan finds no code on the line, but its start may still be
    // comment text (`* FOO_BAR()`): the line's code must be the whole line.
    if (line.trim() !== info[k]!.code) continue;
    let next = line.replace(NAMESPACE, (_m, head: string, macro: string) => head + spaces(macro));
    next = next.replace(IF_MACRO, (_m, head: string, macro: string) => head + spaces(macro));
    if (cpp) next = next.replace(TRY_CATCH, (_m, word: string) => `${word}  `);
    next = next.replace(AFTER_PARAMS, (m, tail: string) => `)${tail.replace(MACRO_CALL, (x) => (TYPE_LIKE.test(x) ? x : spaces(x)))}`);
    if (cpp) {
      next = next.replace(CLASS_HEAD, (_m, head: string, macro: string) => head + spaces(macro));
      // `using typename _Base::__diff_type;`: the grammar knows `using` a name, not with `typename`.
      next = next.replace(USING_TYPENAME, (_m, head: string, word: string) => head + spaces(word));
      // An attribute before `friend` (`[[nodiscard]]` then `friend constexpr bool operator==`)
      // is beyond the grammar; it says nothing a search uses.
      if (ATTRIBUTE_ONLY.test(next.trim()) && nextCode(info, k)?.startsWith('friend')) next = spaces(next);
      next = next.replace(ATTRIBUTE_FRIEND, (_m, attr: string) => spaces(attr));
      for (let m = LEADING.exec(next); m && !TYPE_LIKE.test(m[2]!.replace(/\s*\(.*$/s, '')); m = LEADING.exec(next)) {
        const rest = next.slice(m[1]!.length + m[2]!.length);
        // `extern MENU_EXPORT(ITEM *) menu_items(…)`: a macro call right before the declared name
        // wraps the return type (ncurses' `NCURSES_EXPORT(int)`). Blanked, it left a declaration
        // without a type, and a run of them one parse error (only the first was recovered): its
        // argument stays, the type it stands for.
        const wrapped = NAME_THEN_CALL.test(rest) ? WRAPS_TYPE.exec(m[2]!) : null;
        next = m[1]! + (wrapped ? spaces(wrapped[1]!) + wrapped[2]! + ' ' : spaces(m[2]!)) + rest;
        if (wrapped) break;
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
