import { blankCode, scanLines } from './c-macros.js';

/**
 * C++20 requires clauses written after a declarator on lines of their own, blanked before
 * parsing (like the macros of cpp-decoration-macros.ts: into empty comments of the same
 * length, so offsets and line numbers stay right):
 *
 *     bit_cast(const _From& __from) noexcept
 *     requires (sizeof(_To) == sizeof(_From))
 *       && __is_trivially_copyable(_To) && __is_trivially_copyable(_From)
 *     {
 *
 * The grammar this index parses with reads such a clause as a second parameter list, and its
 * continuation lines as declarations of their own (`__is_trivially_copyable` listed as a
 * function). A constraint says which arguments a template takes, which no search is about.
 *
 * Only a clause that starts a line after a declarator's end (`)`, `const`, `noexcept`, `&`;
 * preprocessor lines between are skipped) and runs over at most MAX_LINES lines to the `{`,
 * `;` or `=` that goes on with the definition; one with a body or `;` inside is left alone.
 */
const MAX_LINES = 6;
const DECLARATOR_END = /(\)|\bconst|\bnoexcept|&)$/;
const GOES_ON = /^(\{|;|=)/;

export function maskRequiresClauses(source: string): string {
  if (!/^[ \t]*requires\b/m.test(source)) return source;
  const lines = source.split('\n');
  const info = scanLines(lines);
  let changed = false;
  for (let k = 0; k < lines.length; k++) {
    if (!/^requires\b/.test(info[k]!.code) || info[k]!.directive) continue;
    let p = k - 1;
    while (p >= 0 && (!info[p]!.code || info[p]!.directive)) p--;
    if (p < 0 || !DECLARATOR_END.test(info[p]!.code)) continue;
    const clause: number[] = [];
    let end = -1;
    for (let n = k; n < lines.length && clause.length <= MAX_LINES; n++) {
      const { code, directive } = info[n]!;
      if (directive || !code) continue;
      if (n > k && GOES_ON.test(code)) {
        end = n;
        break;
      }
      if (/[{};]/.test(code)) break;
      clause.push(n);
    }
    if (end < 0 || clause.length > MAX_LINES) continue;
    for (const n of clause) {
      // A line with a comment inside is left to the parser (blankCode would blank it whole).
      if (lines[n]!.includes(info[n]!.code)) blankCode(lines, info, n);
    }
    changed = true;
    k = end;
  }
  return changed ? lines.join('\n') : source;
}
