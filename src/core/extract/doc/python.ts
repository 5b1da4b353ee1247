import type { DocExample, DocParam } from '../types.js';
import { emptyDoc, type ParsedDoc } from './model.js';
import { rstLiteralBlocks } from './markup.js';
import { normaliseLang } from './tags.js';

/**
 * Python docstrings in the three styles in use: Google (`Args:` sections), NumPy (underlined
 * `Parameters` sections) and reST/Sphinx (`:param x:` fields and `.. directive::`), possibly
 * mixed in one docstring. Doctest blocks (`>>>`) and code directives become examples.
 */

/** PEP 257 trimming: the first line stands alone, the rest loses its common indentation. */
export function trimDocstring(raw: string): string {
  const lines = raw.replace(/\t/g, '    ').split(/\r?\n/);
  let min = Infinity;
  for (const l of lines.slice(1)) if (l.trim()) min = Math.min(min, l.length - l.trimStart().length);
  const out = [lines[0]!.trim(), ...lines.slice(1).map((l) => (Number.isFinite(min) ? l.slice(min) : l).replace(/\s+$/, ''))];
  while (out.length && !out[0]) out.shift();
  while (out.length && !out[out.length - 1]) out.pop();
  return out.join('\n');
}

const GOOGLE_SECTIONS: Record<string, string> = {
  args: 'params', arguments: 'params', parameters: 'params', params: 'params', 'keyword args': 'params',
  'keyword arguments': 'params', kwargs: 'params', 'other parameters': 'params', 'other params': 'params',
  returns: 'returns', return: 'returns', yields: 'returns', yield: 'returns',
  raises: 'raises', raise: 'raises', exceptions: 'raises', except: 'raises', warns: 'raises',
  examples: 'examples', example: 'examples',
  'see also': 'see', attributes: 'attributes', deprecated: 'deprecated',
  note: 'Note', notes: 'Notes', warning: 'Warning', warnings: 'Warnings', todo: 'Todo', references: 'References',
  methods: 'Methods', tip: 'Tip', hint: 'Hint', important: 'Important', caution: 'Caution', danger: 'Danger',
};

/** reST inline markup to Markdown. */
export function rstInline(text: string): string {
  return text
    .replace(/:(?:py:)?(?:func|meth|class|mod|attr|data|const|exc|obj|ref|term|envvar|keyword|pep|rfc):`~?([^`<]*?)(?:\s*<([^>]*)>)?`/g, (_m, a: string, b: string | undefined) => '`' + (b ?? a).replace(/^~/, '') + '`')
    .replace(/``([^`]+)``/g, '`$1`');
}

interface Section {
  kind: string;
  title: string;
  lines: string[];
}

/** Split the docstring into prose and sections (Google `Title:` or NumPy underlined `Title`). */
function splitSections(lines: string[]): { prose: string[]; sections: Section[] } {
  const prose: string[] = [];
  const sections: Section[] = [];
  let cur: Section | null = null;
  let curIndent = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const indent = line.length - line.trimStart().length;
    const trimmed = line.trim();
    const next = lines[i + 1]?.trim() ?? '';
    // NumPy: a title line underlined with dashes.
    if (trimmed && /^-{3,}$/.test(next) && GOOGLE_SECTIONS[trimmed.toLowerCase()] && (!cur || indent <= curIndent)) {
      cur = { kind: GOOGLE_SECTIONS[trimmed.toLowerCase()]!, title: trimmed, lines: [] };
      curIndent = indent;
      sections.push(cur);
      i++;
      continue;
    }
    // Google: `Title:` alone on its line.
    const g = /^([A-Za-z][A-Za-z ]*):\s*$/.exec(trimmed);
    if (g && GOOGLE_SECTIONS[g[1]!.toLowerCase()] && (!cur || indent <= curIndent)) {
      cur = { kind: GOOGLE_SECTIONS[g[1]!.toLowerCase()]!, title: g[1]!, lines: [] };
      curIndent = indent;
      sections.push(cur);
      continue;
    }
    if (cur) {
      // A Google section ends at a non-blank line indented no deeper than its title (NumPy sections
      // are not indented, so they end only at the next title).
      if (trimmed && indent <= curIndent && isGoogleSection(cur) && cur.lines.some((l) => l.trim())) {
        cur = null;
        prose.push(line);
        continue;
      }
      cur.lines.push(line);
    } else prose.push(line);
  }
  return { prose, sections };
}

function isGoogleSection(s: Section): boolean {
  // Google section bodies are indented; a NumPy section body starts at column 0.
  const first = s.lines.find((l) => l.trim());
  return first !== undefined && /^\s+/.test(first);
}

/** Entries of a section: a head line at the section's base indentation plus its deeper continuation. */
function entries(lines: string[]): { head: string; body: string }[] {
  const nonBlank = lines.filter((l) => l.trim());
  if (!nonBlank.length) return [];
  const base = Math.min(...nonBlank.map((l) => l.length - l.trimStart().length));
  const out: { head: string; body: string[] }[] = [];
  for (const l of lines) {
    const indent = l.length - l.trimStart().length;
    if (l.trim() && indent === base) out.push({ head: l.trim(), body: [] });
    else if (out.length) out[out.length - 1]!.body.push(l.slice(Math.min(indent, base + 4)));
  }
  return out.map((e) => ({ head: e.head, body: trimBlank(e.body).join('\n') }));
}

function trimBlank(lines: string[]): string[] {
  const out = [...lines];
  while (out.length && !out[0]!.trim()) out.shift();
  while (out.length && !out[out.length - 1]!.trim()) out.pop();
  let min = Infinity;
  for (const l of out) if (l.trim()) min = Math.min(min, l.length - l.trimStart().length);
  return out.map((l) => l.slice(Number.isFinite(min) ? min : 0));
}

const TYPE_RE = /^([A-Za-z_][\w.]*(?:\[[^\]]*\])?(?:\s*(?:\||or)\s*[A-Za-z_][\w.]*(?:\[[^\]]*\])?)*)(?:,\s*optional)?$/;

function joinText(...parts: (string | undefined)[]): string | null {
  const t = parts.filter((p) => p && p.trim()).join('\n').trim();
  return t ? rstInline(t) : null;
}

function parseParamEntry(head: string, body: string): DocParam | null {
  // Google: `name (type, optional): text`   NumPy: `name : type, optional`   Also `*args`, `**kwargs`.
  let m = /^(\*{0,2}[\w.]+)\s*\(([^)]*)\)\s*:\s*(.*)$/.exec(head);
  if (m) {
    const optional = /\boptional\b/.test(m[2]!);
    return { name: m[1]!, type: m[2]!.replace(/,?\s*optional\b/, '').trim() || null, doc: joinText(m[3], body), optional: optional || undefined };
  }
  m = /^(\*{0,2}[\w.]+(?:\s*,\s*\*{0,2}[\w.]+)*)\s+:\s*(.*)$/.exec(head);
  if (m) {
    const optional = /\boptional\b/.test(m[2]!);
    const def = /default[:= ]\s*([^,]+)/.exec(m[2]!)?.[1]?.trim() ?? null;
    return { name: m[1]!, type: m[2]!.replace(/,?\s*optional\b/, '').replace(/,?\s*default[:= ].*$/, '').trim() || null, doc: joinText(body), optional: optional || undefined, default: def };
  }
  m = /^(\*{0,2}[\w.]+)\s*:\s*(.*)$/.exec(head);
  if (m) return { name: m[1]!, type: null, doc: joinText(m[2], body) };
  m = /^(\*{0,2}[\w.]+)$/.exec(head);
  if (m) return { name: m[1]!, type: null, doc: joinText(body) };
  return null;
}

/** Doctest blocks (`>>>` … up to a blank line) and `.. code-block::` directives in prose. */
export function doctestExamples(lines: string[]): DocExample[] {
  const out: DocExample[] = [];
  let desc: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (t.startsWith('>>>')) {
      const block: string[] = [];
      const indent = lines[i]!.length - lines[i]!.trimStart().length;
      while (i < lines.length && lines[i]!.trim()) block.push(lines[i++]!.slice(indent));
      out.push({ code: block.join('\n'), description: desc.join(' ').trim().replace(/:$/, '') || null, language: 'python' });
      desc = [];
      continue;
    }
    const cb = /^\.\. (?:code-block|code|sourcecode|doctest|testcode)::\s*(\w*)/.exec(t);
    if (cb) {
      const base = lines[i]!.length - lines[i]!.trimStart().length;
      const block: string[] = [];
      i++;
      while (i < lines.length && (!lines[i]!.trim() || lines[i]!.length - lines[i]!.trimStart().length > base)) block.push(lines[i++]!);
      i--;
      out.push({ code: trimBlank(block.filter((l, k) => k > 0 || !/^\s*:\w+:/.test(l))).join('\n'), description: desc.join(' ').trim().replace(/:$/, '') || null, language: normaliseLang(cb[1] || 'python', 'python') });
      desc = [];
      continue;
    }
    if (/^(```|~~~)/.test(t)) {
      const fenceLang = t.slice(3).trim();
      const block: string[] = [];
      i++;
      while (i < lines.length && !/^(```|~~~)/.test(lines[i]!.trim())) block.push(lines[i++]!);
      out.push({ code: trimBlank(block).join('\n'), description: desc.join(' ').trim().replace(/:$/, '') || null, language: normaliseLang(fenceLang || 'python', 'python') });
      desc = [];
      continue;
    }
    if (!t) desc = [];
    else desc.push(t);
  }
  return out;
}

/** Parse a Python docstring (already unquoted) into the common doc model. */
export function parseDocstring(raw: string): ParsedDoc {
  const doc = emptyDoc();
  let text = trimDocstring(raw);
  // A reST title (`requests.api` over `~~~~~~`) is a heading, never the summary.
  const title = /^([^\n]+)\n([=~^*#+-])\2{2,}[ \t]*(\n|$)/.exec(text);
  if (title && !GOOGLE_SECTIONS[title[1]!.trim().toLowerCase()]) text = `# ${title[1]!.trim()}\n` + text.slice(title[0].length);
  const { prose, sections } = splitSections(text.split('\n'));
  const proseOut: string[] = [];
  const types = new Map<string, string>();
  let rtype: string | null = null;

  // reST fields and directives live in the prose part.
  for (let i = 0; i < prose.length; i++) {
    const line = prose[i]!;
    const field = /^\s*:(param|parameter|arg|argument|key|keyword|type|returns?|rtype|raises?|except|exception|yields?|ytype|var|ivar|cvar|vartype)\b([^:]*):\s*(.*)$/.exec(line);
    const directive = /^\s*\.\. (deprecated|versionadded|versionchanged|seealso|note|warning|todo|admonition)::\s*(.*)$/.exec(line);
    if (!field && !directive) {
      proseOut.push(line);
      continue;
    }
    const base = line.length - line.trimStart().length;
    const cont: string[] = [];
    while (i + 1 < prose.length && (!prose[i + 1]!.trim() ? prose[i + 2] !== undefined && prose[i + 2]!.length - prose[i + 2]!.trimStart().length > base : prose[i + 1]!.length - prose[i + 1]!.trimStart().length > base)) {
      cont.push(prose[++i]!.trim());
    }
    if (field) {
      const [, kind, argRaw, first] = field;
      const arg = argRaw!.trim();
      const body = joinText(first, cont.join('\n'));
      switch (kind) {
        case 'param': case 'parameter': case 'arg': case 'argument': case 'key': case 'keyword': {
          const parts = arg.split(/\s+/);
          const name = parts.pop()!;
          const type = parts.join(' ') || null;
          doc.params.push({ name, type, doc: body });
          break;
        }
        case 'type': case 'vartype': types.set(arg, (first ?? '').trim()); break;
        case 'returns': case 'return': case 'yields': case 'yield': doc.returns = { type: doc.returns?.type ?? null, doc: body }; break;
        case 'rtype': case 'ytype': rtype = (first ?? '').trim() || null; break;
        case 'raises': case 'raise': case 'except': case 'exception': doc.throws.push({ type: arg || null, doc: body }); break;
        default: doc.tags[`${kind} ${arg}`] = body ?? '';
      }
    } else if (directive) {
      const [, kind, arg] = directive;
      const body = joinText(cont.join('\n'));
      if (kind === 'deprecated') doc.deprecated = [arg, body].filter(Boolean).join(': ') || 'Deprecated.';
      else if (kind === 'versionadded') doc.since = arg!.trim() || null;
      else if (kind === 'seealso') doc.see.push(...seeRefs([arg, ...cont].join(' ')));
      else if (kind === 'versionchanged') proseOut.push(`*Changed in version ${arg!.trim()}:* ${body ?? ''}`.trim());
      else doc.sections.push({ title: kind === 'admonition' ? arg! : kind![0]!.toUpperCase() + kind!.slice(1), body: body ?? '' });
    }
  }
  for (const p of doc.params) if (!p.type && types.has(p.name)) p.type = types.get(p.name)!;
  if (rtype) doc.returns = { type: rtype, doc: doc.returns?.doc ?? null };

  for (const s of sections) {
    switch (s.kind) {
      case 'params':
        for (const e of entries(s.lines)) {
          const p = parseParamEntry(e.head, e.body);
          if (!p) continue;
          // NumPy allows `x1, x2 : array_like` for several parameters sharing one entry.
          for (const name of p.name.split(/\s*,\s*/)) doc.params.push({ ...p, name });
        }
        break;
      case 'attributes':
        for (const e of entries(s.lines)) {
          const p = parseParamEntry(e.head, e.body);
          if (p) doc.tags[`attribute ${p.name}`] = [p.type, p.doc].filter(Boolean).join(': ');
        }
        break;
      case 'returns': {
        const es = entries(s.lines);
        const parts: string[] = [];
        let type: string | null = null;
        for (const e of es) {
          const numpyNamed = /^(\w+)\s+:\s*(.+)$/.exec(e.head);
          const googleTyped = /^([^:]+?):\s+(.*)$/.exec(e.head);
          if (numpyNamed) {
            type ??= numpyNamed[2]!.trim();
            parts.push(e.body);
          } else if (s.lines.length && !/^\s/.test(s.lines.find((l) => l.trim()) ?? '') && TYPE_RE.test(e.head)) {
            type ??= e.head; // NumPy: bare type line
            parts.push(e.body);
          } else if (googleTyped && TYPE_RE.test(googleTyped[1]!.trim())) {
            type ??= googleTyped[1]!.trim();
            parts.push([googleTyped[2], e.body].filter(Boolean).join('\n'));
          } else parts.push([e.head, e.body].filter(Boolean).join('\n'));
        }
        doc.returns = { type: type ?? doc.returns?.type ?? null, doc: joinText(...parts) };
        break;
      }
      case 'raises':
        for (const e of entries(s.lines)) {
          const m = /^([\w.]+)\s*:?\s*(.*)$/.exec(e.head);
          if (m) doc.throws.push({ type: m[1]!, doc: joinText(m[2], e.body) });
        }
        break;
      case 'examples':
        doc.examples.push(...doctestExamples(s.lines));
        break;
      case 'see':
        for (const e of entries(s.lines)) doc.see.push(...seeRefs(e.head.split(/\s+:\s+/)[0]!));
        break;
      case 'deprecated':
        doc.deprecated = joinText(s.lines.join('\n')) ?? 'Deprecated.';
        break;
      default:
        doc.sections.push({ title: s.kind, body: rstInline(trimBlank(s.lines).join('\n')) });
    }
  }
  // Doctests in the prose outside an Examples section are examples too.
  if (!doc.examples.length) doc.examples.push(...doctestExamples(proseOut));
  doc.description = rstLiteralBlocks(rstInline(trimBlank(dropSignatureLine(proseOut)).join('\n')), 'python');
  return doc;
}

function seeRefs(text: string): string[] {
  return rstInline(text)
    .split(/,\s*|\s+/)
    .map((s) => s.replace(/[`]/g, '').trim())
    .filter((s) => /^[\w.~]+(\(\))?$/.test(s) && s.length > 1);
}

/**
 * A first paragraph that only repeats the call signature (`vectorize(pyfunc, otypes=None)`,
 * the convention of C extensions and NumPy) is not the summary: drop it.
 */
function dropSignatureLine(lines: string[]): string[] {
  let end = 0;
  while (end < lines.length && lines[end]!.trim()) end++;
  const para = lines.slice(0, end).join(' ').trim();
  if (end === 0 || end === lines.length || !/^[A-Za-z_][\w.]*\(.*\)(\s*->\s*\S.*)?$/.test(para) || /\.\s*$/.test(para)) return lines;
  return lines.slice(end);
}
