import { blankCode, scanLines } from './c-macros.js';

/**
 * The guard C headers put around their declarations for C++ callers:
 *
 *     #ifdef __cplusplus
 *     extern "C" {
 *     #endif
 *     …
 *     #ifdef __cplusplus
 *     }
 *     #endif
 *
 * A brace opened in one conditional and closed in another is beyond the grammar: the first
 * declaration after the guard lost its doc comment (sqlite3.h's, zlib.h's, LLVM's C API's),
 * and in a long header the rest of the file became one parse error (LLVM's Compiler.h). Each
 * such conditional, whose code is `extern "C" {` (over one line or two) or `}`, is blanked whole (into empty
 * comments of the same length, so offsets and lines stay right): the declarations between are
 * what the header declares either way.
 */
const OPENS = /^#\s*if(?:def\s+__cplusplus|\s+defined\s*\(?\s*__cplusplus\s*\)?)\s*$/;
const LINKAGE = /^(?:extern\s+"C(?:\+\+)?"\s*\{|\})$/;

export function maskLinkageBlocks(source: string): string {
  if (!source.includes('__cplusplus')) return source;
  const lines = source.split('\n');
  const info = scanLines(lines);
  let changed = false;
  for (let k = 0; k < lines.length; k++) {
    if (!info[k]!.directive || !OPENS.test(info[k]!.code)) continue;
    // The guard's body: `extern "C" {` or `}` (the brace perhaps on a line of its own), then
    // `#endif`; blank lines and comments between.
    const body: number[] = [];
    let end = -1;
    for (let n = k + 1; n < lines.length && n <= k + 6; n++) {
      const { code, directive } = info[n]!;
      if (!code) continue;
      if (directive) {
        if (/^#\s*endif\b/.test(code) && LINKAGE.test(body.map((b) => info[b]!.code).join(' '))) end = n;
        break;
      }
      body.push(n);
      if (body.length > 2) break;
    }
    if (end < 0) continue;
    for (const n of [k, ...body, end]) {
      blankCode(lines, info, n);
      info[n]!.directive = false;
    }
    changed = true;
    k = end;
  }
  return changed ? lines.join('\n') : source;
}
