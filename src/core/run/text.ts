/** Small text helpers the result readers share: ANSI stripping, tails, project-frame stacks. */

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;

export function stripAnsi(s: string): string {
  return s.replace(ANSI, '');
}

/** The last `max` characters, cut at a line start when one is near. */
export function tail(s: string | null | undefined, max: number): string | null {
  if (!s) return null;
  const t = stripAnsi(s).trimEnd();
  if (!t) return null;
  if (t.length <= max) return t;
  const cut = t.slice(t.length - max);
  const nl = cut.indexOf('\n');
  return nl >= 0 && nl < max / 3 ? cut.slice(nl + 1) : cut;
}

/** The first `max` characters, marked when cut. */
export function head(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

/**
 * A stack trace reduced to the project's own frames: lines naming a file under `dir` that is
 * not a dependency (node_modules, site-packages, the runner's internals), at most `max`, with
 * the absolute directory shortened to a relative path.
 */
export function projectFrames(stack: string, dir: string, max = 6): string | null {
  const lines = stripAnsi(stack).split('\n');
  const keep: string[] = [];
  for (const line of lines) {
    if (!line.includes(dir) && !/^\s*(at |File ")?\.?\.?[\w./-]+\.\w+[:(",]/.test(line)) continue;
    if (/node_modules|site-packages|dist-packages|\/_pytest\/|\/usr\/lib|node:internal|\(<anonymous>\)/.test(line)) continue;
    keep.push(line.replaceAll(`file://${dir}/`, '').replaceAll(`${dir}/`, '').trim());
    if (keep.length >= max) break;
  }
  return keep.length ? keep.join('\n') : null;
}

/** A path relative to the project directory when it is inside it. */
export function relativeTo(dir: string, file: string): string {
  const f = file.startsWith('file://') ? file.slice(7) : file;
  return f.startsWith(`${dir}/`) ? f.slice(dir.length + 1) : f;
}

/** Escape text for use inside a regular expression. */
export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
