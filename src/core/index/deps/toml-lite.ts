/**
 * Just enough TOML (and INI) for the manifests dependency discovery reads: a file's `[section]`
 * bodies, and the quoted strings of an array. Not a TOML parser: tables in arrays, inline tables
 * and multi-line strings are not needed there.
 */

/** The quoted strings of a TOML array whose `[` is just before `from`, up to its unquoted `]` (across lines). */
export function tomlArray(text: string, from: number): string[] {
  const out: string[] = [];
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === ']') break;
    if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (c !== '"' && c !== "'") continue;
    let s = '';
    for (i++; i < text.length && text[i] !== c; i++) s += c === '"' && text[i] === '\\' ? text[++i] : text[i];
    out.push(s);
  }
  return out;
}

/** The `[section]` bodies of a TOML or INI file, by header. */
export function sections(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /^\s*\[([^\]\n]+)\]\s*(?:#.*)?$/gm;
  const heads = [...text.matchAll(re)];
  for (let i = 0; i < heads.length; i++) {
    const start = heads[i]!.index! + heads[i]![0].length;
    const end = i + 1 < heads.length ? heads[i + 1]!.index! : text.length;
    out.set(heads[i]![1]!.trim(), text.slice(start, end));
  }
  return out;
}
