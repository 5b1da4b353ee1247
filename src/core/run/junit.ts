/**
 * A small reader for JUnit XML as test runners write it (pytest, ctest, node --test): the
 * `<testcase>` elements with their attributes and their `failure`/`error`/`skipped` and
 * `system-out` children. It is not a general XML parser; these reports are flat and regular,
 * and a dependency for them would be heavier than the reader.
 */

export interface JUnitCase {
  attrs: Record<string, string>;
  /** The enclosing testsuite's name. */
  suite: string | null;
  outcome: 'passed' | 'failed' | 'error' | 'skipped';
  /** The failure/error/skipped element's message attribute. */
  message: string | null;
  /** Its text (a traceback, an assertion report). */
  detail: string | null;
  stdout: string | null;
  stderr: string | null;
}

export function decodeXml(s: string): string {
  return s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_m, c: string) => c)
    .replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_m, e: string) => {
      switch (e) {
        case 'lt':
          return '<';
        case 'gt':
          return '>';
        case 'amp':
          return '&';
        case 'quot':
          return '"';
        case 'apos':
          return "'";
        default:
          return String.fromCodePoint(e.startsWith('#x') ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
      }
    });
}

function parseAttrs(s: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of s.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attrs[m[1]!] = decodeXml(m[2] ?? m[3] ?? '');
  return attrs;
}

function childText(body: string, tag: string): { attrs: Record<string, string>; text: string } | null {
  const m = new RegExp(`<${tag}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</${tag}>)`).exec(body);
  if (!m) return null;
  return { attrs: parseAttrs(m[1] ?? ''), text: decodeXml(m[2] ?? '') };
}

export function parseJUnit(xml: string): JUnitCase[] {
  const cases: JUnitCase[] = [];
  // Walk testsuite openings and testcases in document order, so each case knows its suite.
  const re = /<testsuite\b([^>]*)>|<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g;
  let suite: string | null = null;
  for (const m of xml.matchAll(re)) {
    if (m[1] !== undefined) {
      suite = parseAttrs(m[1]).name ?? null;
      continue;
    }
    const attrs = parseAttrs(m[2] ?? '');
    const body = m[3] ?? '';
    const failure = childText(body, 'failure');
    const error = childText(body, 'error');
    const skipped = childText(body, 'skipped');
    const outcome = error ? 'error' : failure ? 'failed' : skipped || attrs.status === 'notrun' || attrs.status === 'disabled' ? 'skipped' : 'passed';
    const el = error ?? failure ?? skipped;
    cases.push({
      attrs,
      suite,
      outcome,
      message: el?.attrs.message ?? null,
      detail: el?.text.trim() || null,
      stdout: childText(body, 'system-out')?.text ?? null,
      stderr: childText(body, 'system-err')?.text ?? null,
    });
  }
  return cases;
}
