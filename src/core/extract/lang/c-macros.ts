/**
 * Statement-level macros that tree-sitter cannot expand, blanked out before C/C++ parsing.
 *
 * Real headers put a bare macro on a line of its own where the grammar expects a declaration:
 * `NLOHMANN_JSON_NAMESPACE_BEGIN` (which expands to `namespace … {`), `FMT_BEGIN_NAMESPACE`,
 * `Q_OBJECT`, `JSON_HEDLEY_WARN_UNUSED_RESULT` above a function. Left in, one of them can turn
 * the rest of the file into a single ERROR node and hide every declaration in it. Blanking them
 * (into an empty comment of the same length, so offsets, line numbers and doc-comment adjacency
 * stay right) loses only what the macro would have added, e.g. the namespace `…_BEGIN` opens.
 *
 * A macro standing for an access specifier (`FOO_PRIVATE_UNLESS_TESTED:`) becomes the specifier
 * its name says, when it says one.
 *
 * A line is blanked only when it holds nothing but an all-capitals identifier with an
 * underscore, or such a macro call (`JSON_CATCH (e&)` before a block, `FOO_DEPRECATED(…)`
 * before a declaration); the code before it ended a statement, a block or a template header
 * (`;`, `{`, `}`, `>`, an access specifier's `:`, a preprocessor line); and the code after it
 * starts a declaration or a block (`JSON_TRY` then `{` in a function body). An enum's last
 * enumerator (`LAST_VALUE` then `};`) and an expression continued over lines are left alone.
 */

/** A macro's name: all capitals with an underscore, perhaps after leading ones (`FMT_BEGIN_NAMESPACE`, `_GLIBCXX_NOEXCEPT`). */
export const MACRO_NAME = String.raw`_*[A-Z][A-Z0-9]*_[A-Z0-9_]*`;
const MACRO_LINE = new RegExp(`^${MACRO_NAME}$`);
const MACRO_ACCESS = new RegExp(`^(${MACRO_NAME})\\s*:$`);
const MACRO_HEAD = new RegExp(`^${MACRO_NAME}\\s*\\(.*\\)$`);
/** A call of a reserved lower-case name (`__glibcxx_class_requires(_Tp, _Concept)`). */
const RESERVED_CALL = /^__[a-z]\w*\s*\(.*\)$/;

export interface LineInfo {
  /** The line's code with comments removed, trimmed. */
  code: string;
  /** The line is part of a preprocessor directive (or its `\` continuation). */
  directive: boolean;
}

export function scanLines(lines: string[]): LineInfo[] {
  const out: LineInfo[] = [];
  let inComment = false;
  let continued = false;
  for (const line of lines) {
    let code = '';
    let i = 0;
    while (i < line.length) {
      if (inComment) {
        const end = line.indexOf('*/', i);
        if (end < 0) {
          i = line.length;
          break;
        }
        inComment = false;
        i = end + 2;
        continue;
      }
      const c = line[i];
      if (c === '/' && line[i + 1] === '/') break;
      if (c === '/' && line[i + 1] === '*') {
        inComment = true;
        i += 2;
        continue;
      }
      if (c === '"' || c === "'") {
        // Skip string and character literals so `"/*"` opens no comment.
        const close = line.indexOf(c, i + 1);
        code += line.slice(i, close < 0 ? line.length : close + 1);
        i = close < 0 ? line.length : close + 1;
        continue;
      }
      code += c;
      i++;
    }
    const trimmed = code.trim();
    const directive: boolean = continued || trimmed.startsWith('#');
    continued = directive && /\\\s*$/.test(line);
    out.push({ code: trimmed, directive });
  }
  return out;
}

/** The code before an `#if` (its last line with code is `p`) stopped inside a declaration (`class X`, `using T =`, a template header). */
function midDeclaration(info: LineInfo[], p: number): boolean {
  // A template header always goes on into a declaration (`template<typename... _Args>` then
  // `#if` choosing the return type).
  return p >= 0 && !info[p]!.directive && (/[\w=)]$/.test(info[p]!.code) || /^template\s*<.*>$/.test(info[p]!.code));
}

/** A specifier or attribute that begins a declaration (`constexpr`, `[[nodiscard]]`, `_GLIBCXX20_CONSTEXPR`). */
const SPECIFIER = new RegExp(String.raw`^(?:(?:constexpr|consteval|constinit|inline|static|virtual|explicit|extern|friend|\[\[.*\]\]|${MACRO_NAME})\s*)+$`);

/**
 * An `#if` (at line k) whose first branch holds only the head of a declaration, which goes on
 * after its `#endif`: specifiers (libstdc++'s `#if __cpp_constexpr_dynamic_alloc` `constexpr`
 * `#endif` `~allocator()`) or a template header, perhaps over several lines (`template<typename
 * _InputIterator,` `typename = _RequireInputIter<_InputIterator>>` in the C++11 branch, a
 * shorter one in the other, then `basic_string(_InputIterator __beg, …)`). Alone, such a
 * branch is no declaration, and the rest of the file did not parse (every member of
 * std::basic_string lost its class).
 */
function declarationHeadOnly(info: LineInfo[], k: number): boolean {
  const code: string[] = [];
  for (let j = k + 1; j < info.length; j++) {
    const line = info[j]!;
    if (line.directive) return code.length > 0 && /^#\s*(else|elif|endif)/.test(line.code) && isDeclarationHead(code.join(' '));
    if (line.code) code.push(line.code);
  }
  return false;
}

/** Template headers (angle brackets balanced) and specifiers, nothing else. */
function isDeclarationHead(text: string): boolean {
  let rest = text.trim();
  for (;;) {
    const m = /^template\s*</.exec(rest);
    if (!m) break;
    let depth = 0;
    let end = -1;
    for (let i = m[0].length - 1; i < rest.length; i++) {
      const c = rest[i];
      if (c === '<') depth++;
      else if (c === '>' && --depth === 0) {
        end = i;
        break;
      } else if (c === ';' || c === '{' || c === '}') return false;
    }
    if (end < 0) return false;
    rest = rest.slice(end + 1).trim();
  }
  return rest === '' ? text.trim() !== '' : SPECIFIER.test(rest);
}

/**
 * An `#if` (at line k) whose first branch closes a brace it did not open, or leaves one open
 * (libstdc++'s move.h: `#if __cplusplus >= 201103L` closes namespace std, includes
 * <type_traits> and opens it again, and `#else` has only macros). Braces that a conditional
 * opens or closes are beyond the grammar, and the rest of the file (std::move, std::forward,
 * std::swap) was one parse error. Counted in the first branch of every conditional inside it
 * too, as a preprocessor with one configuration would read it.
 */
function unbalancedBranch(info: LineInfo[], k: number): boolean {
  let depth = 0;
  let low = 0;
  // Per nested conditional: whether the scan is in its first branch.
  const first: boolean[] = [];
  for (let j = k + 1; j < info.length; j++) {
    const { code, directive } = info[j]!;
    if (directive) {
      if (/^#\s*if/.test(code)) first.push(true);
      else if (/^#\s*(else|elif)/.test(code)) {
        if (!first.length) return depth !== 0 || low < 0;
        first[first.length - 1] = false;
      } else if (/^#\s*endif/.test(code)) {
        if (!first.length) return depth !== 0 || low < 0;
        first.pop();
      }
      continue;
    }
    if (!code || first.includes(false)) continue;
    for (const c of code.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '')) {
      if (c === '{') depth++;
      else if (c === '}' && --depth < low) low = depth;
    }
  }
  return false;
}

/**
 * A conditional in the middle of a declaration (a base clause, an alias's type) is beyond the
 * grammar: keep its first branch, as a preprocessor would with one configuration, and blank
 * the directives and the other branches. Returns whether anything changed.
 */
function keepFirstBranch(lines: string[], info: LineInfo[], k: number): boolean {
  let depth = 0;
  let inFirst = true;
  const blanked: number[] = [k];
  for (let j = k + 1; j < lines.length; j++) {
    const c = info[j]!.directive ? info[j]!.code : '';
    if (/^#\s*if/.test(c)) depth++;
    else if (depth === 0 && /^#\s*(else|elif)/.test(c)) inFirst = false;
    else if (/^#\s*endif/.test(c) && depth-- === 0) {
      blanked.push(j);
      // Empty comments, not empty lines: a doc comment above the `#if` still reaches the
      // declaration its kept branch begins (basic_string's range constructor).
      for (const b of blanked) {
        lines[b] = blank(lines[b]!.length);
        info[b]!.code = '';
        info[b]!.directive = false;
      }
      return true;
    }
    if (!inFirst) blanked.push(j);
  }
  return false;
}

/** The `#if` that the `#else` at line `k` belongs to, or -1. */
function openingIf(info: LineInfo[], k: number): number {
  let depth = 0;
  for (let j = k - 1; j >= 0; j--) {
    const c = info[j]!.directive ? info[j]!.code : '';
    if (/^#\s*endif/.test(c)) depth++;
    else if (/^#\s*if/.test(c) && depth-- === 0) return j;
  }
  return -1;
}

/** An empty comment of the same length, so a doc comment above the macro still reaches the declaration below. */
export function blank(length: number): string {
  return length >= 4 ? `/*${' '.repeat(length - 4)}*/` : ' '.repeat(length);
}

/**
 * Line `k`'s code made an empty comment (blank); the line then holds no code. A line whose code
 * is not found as written in it (a comment between its words) is blanked whole.
 */
export function blankCode(lines: string[], info: LineInfo[], k: number): void {
  const line = lines[k]!;
  const code = info[k]!.code;
  const at = line.indexOf(code);
  lines[k] = at < 0 ? blank(line.length) : line.slice(0, at) + blank(code.length) + line.slice(at + code.length);
  info[k]!.code = '';
}

/** A line holding only a macro or a macro call (`FOO_BAR`, `JSON_CATCH (e&)`), perhaps with a comment: worth a closer look. */
const CANDIDATE_LINE = new RegExp(String.raw`^[ \t]*(?:${MACRO_NAME}[ \t]*(?:\(.*\)[ \t]*)?|__[a-z]\w*[ \t]*\(.*\)[ \t]*)(?:\/\/.*|\/\*.*)?\r?$`, 'm');

export function maskStatementMacros(source: string): string {
  if (!CANDIDATE_LINE.test(source) && !/^[ \t]*#[ \t]*(if|else|elif)/m.test(source)) return source;
  const lines = source.split('\n');
  const info = scanLines(lines);
  const significant = (k: number) => info[k]!.code !== '';
  let changed = false;
  // The last line before k with code, kept as the scan moves on: walking back over a long run
  // of blanked macro lines from each of them was quadratic.
  let prev = -1;
  for (let k = 0; k < lines.length; k++) {
    if (k > 0 && significant(k - 1)) prev = k - 1;
    const li = info[k]!;
    if (/^#\s*if/.test(li.code) && (midDeclaration(info, prev) || declarationHeadOnly(info, k) || unbalancedBranch(info, k))) {
      changed = keepFirstBranch(lines, info, k) || changed;
      continue;
    }
    // Two spellings of one declarator in the branches of a conditional, sharing the body after
    // `#endif` (libstdc++'s `splice(…) noexcept` / `splice(…)`): the `#else` comes mid-declaration.
    if (/^#\s*(else|elif)\b/.test(li.code) && prev >= 0 && !info[prev]!.directive && /[\w)]$/.test(info[prev]!.code)) {
      const start = openingIf(info, k);
      if (start >= 0) changed = keepFirstBranch(lines, info, start) || changed;
      continue;
    }
    if (li.directive) continue;
    // `JSON_PRIVATE_UNLESS_TESTED:`: a macro standing for an access specifier, read by its name.
    const access = MACRO_ACCESS.exec(li.code);
    if (access && !li.code.includes('::')) {
      const word = /PRIVATE/.test(access[1]!) ? 'private' : /PROTECTED/.test(access[1]!) ? 'protected' : /PUBLIC/.test(access[1]!) ? 'public' : null;
      if (word) {
        const at = lines[k]!.indexOf(li.code);
        lines[k] = lines[k]!.slice(0, at) + `${word}:`.padEnd(li.code.length) + lines[k]!.slice(at + li.code.length);
        li.code = `${word}:`;
        changed = true;
      }
      continue;
    }
    // `JSON_CATCH (std::exception&)` before a block: a macro standing for a block statement's head.
    // Also a call of a reserved lower-case name (`__glibcxx_class_requires(_Tp, _Concept)` in a
    // class body), when it stands between statements (below).
    const head = MACRO_HEAD.test(li.code);
    const reservedCall = RESERVED_CALL.test(li.code);
    if (!MACRO_LINE.test(li.code) && !head && !reservedCall) continue;
    const before = prev < 0 ? null : info[prev]!;
    // A template header's closing `>` also starts a declaration (`template <class T>` then
    // `FOO_NODISCARD`), and so does a specifier written on a line of its own (`explicit`).
    const endsStatement = !before || before.directive || /[;{}]$/.test(before.code) || />$/.test(before.code) || /\]\]$/.test(before.code) || /^(public|private|protected|signals|slots|Q_SLOTS|Q_SIGNALS)\s*:$/.test(before.code) || /\b(public|private|protected)\s*:$/.test(before.code) || /(^|\s)(explicit|inline|static|virtual|constexpr|consteval|friend|extern)$/.test(before.code);
    if (!endsStatement) continue;
    let n = k + 1;
    while (n < lines.length && !significant(n)) n++;
    const after = n < lines.length ? info[n]! : null;
    // The implementation names its own functions with reserved names too: a `__name(…)` line
    // after a return type (`__allocated_ptr<_Alloc>` then `__allocate_guarded(_Alloc& __a)`) or
    // before a body is a declarator. Only one between statements, with no body, is a macro call.
    if (reservedCall && (/>$/.test(before?.code ?? '') || (after && !after.directive && /^[{:;=]|^->|^(const|noexcept)\b/.test(after.code)))) continue;
    // Also before a block's closing brace when a statement or block ended just above
    // (`_GLIBCXX_END_NAMESPACE_VERSION` then `} // namespace std`), or a macro call before a
    // class's (`__GMPP_DECLARE_COMPOUND_OPERATOR(operator+=)` then `};`). Not a bare name
    // before `};`, which may be an enum's last enumerator (`LAST_UNUSED_STAB_CODE`).
    const closes = !!after && !after.directive && (head ? /^};?$/ : /^}$/).test(after.code) && (!before || before.directive || /[;}]$/.test(before.code));
    if (!after || after.directive ? head : !/^[A-Za-z_~[{]/.test(after.code) && !closes) continue;
    // `SIZE_T` then `heap_size(void *h);`: the line is the return type of a declarator written
    // on the next line (GNU and Windows style), not a macro to blank.
    // A name with a leading underscore is the implementation's (`_GLIBCXX20_CONSTEXPR` above a
    // constructor), never a type a header declares a function with.
    if (after && /^~?[A-Za-z_][\w:]*\s*\(/.test(after.code) && !li.code.startsWith('_')) continue;
    // A blanked line is no code: `A_BEGIN` then `B_DECL` then `class X` are judged in turn.
    blankCode(lines, info, k);
    changed = true;
  }
  return changed ? lines.join('\n') : source;
}
