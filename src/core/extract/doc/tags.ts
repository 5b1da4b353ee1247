import type { DocExample } from '../types.js';
import { doxygenRst, doxygenToMarkdown, javadocToMarkdown, replaceInlineLinks } from './markup.js';
import { emptyDoc, type ParsedDoc } from './model.js';

/**
 * One parser for the `@tag` family of doc comments: JSDoc/TSDoc, Javadoc, Doxygen (`@` and
 * `\` commands) and the seed's generic `///` Markdown-with-tags style. The dialects differ in
 * inline markup and in a few tag grammars (JSDoc `{Type} [name=default]`, Doxygen
 * `\param[in]`, TSDoc `name - text`); the block structure is the same.
 */
export type TagDialect = 'jsdoc' | 'javadoc' | 'doxygen' | 'generic';

/** Doxygen commands that start a block when they begin a line (others are inline markup). */
const DOXYGEN_BLOCK = new Set([
  'brief', 'short', 'details', 'param', 'tparam', 'return', 'returns', 'result', 'retval', 'throw', 'throws', 'exception',
  'see', 'sa', 'deprecated', 'since', 'note', 'warning', 'attention', 'remark', 'remarks', 'pre', 'post', 'invariant',
  'bug', 'todo', 'example', 'author', 'authors', 'version', 'date', 'copyright', 'file', 'fn', 'class', 'struct', 'def',
  'namespace', 'var', 'typedef', 'enum', 'ingroup', 'defgroup', 'addtogroup', 'internal', 'private', 'public', 'protected',
  'overload', 'par', 'li', 'arg', 'headerfile', 'relates', 'relatesalso', 'memberof', 'name', 'cond', 'endcond', 'weakgroup',
]);

const SECTION_TAGS: Record<string, string> = {
  note: 'Note', warning: 'Warning', attention: 'Attention', remark: 'Remarks', remarks: 'Remarks', pre: 'Precondition',
  post: 'Postcondition', invariant: 'Invariant', bug: 'Bug', todo: 'Todo', par: '', privateremarks: 'Remarks',
};

interface TagBlock {
  tag: string;
  /** Doxygen `[in,out]` direction, when given. */
  option: string | null;
  body: string;
}

/** Split doc text into its description and tag blocks; fenced code is never split. */
function splitTags(text: string, dialect: TagDialect): { description: string; blocks: TagBlock[] } {
  const lines = text.split('\n');
  const desc: string[] = [];
  const blocks: TagBlock[] = [];
  let current: TagBlock | null = null;
  let fenceOpen = false;
  const tagRe = dialect === 'doxygen' ? /^\s*[@\\]([a-zA-Z]+)(\[[^\]]*\])?(?:\s+|$)/ : /^\s*@([a-zA-Z][\w-]*)(?:\s+|$)/;
  for (const line of lines) {
    const trimmed = line.trim();
    if (/^(```|~~~)/.test(trimmed)) fenceOpen = !fenceOpen;
    const inCode = fenceOpen && !/^(```|~~~)/.test(trimmed);
    const m = inCode ? null : tagRe.exec(line);
    const isTag = m && (dialect !== 'doxygen' || DOXYGEN_BLOCK.has(m[1]!.toLowerCase()));
    // Inside an @example, only a known block tag ends the example (code may contain `@decorators`).
    if (isTag && current?.tag === 'example' && !KNOWN_AFTER_EXAMPLE.has(m![1]!.toLowerCase())) {
      current.body += '\n' + line;
      continue;
    }
    // A code block after a blank line ends a prose tag (`@throws …` then `@code`): it belongs to the description.
    if (!isTag && current && current.tag !== 'example' && current.tag !== 'examples' && /^(```|~~~)/.test(trimmed) && fenceOpen && /\n\s*$/.test(current.body + '\n') && /(^|\n)\s*$/.test(current.body)) {
      current = null;
    }
    if (isTag) {
      current = { tag: m![1]!.toLowerCase(), option: m![2] ? m![2].slice(1, -1) : null, body: line.slice(m![0].length) };
      blocks.push(current);
    } else if (current) {
      current.body += '\n' + line;
    } else {
      desc.push(line);
    }
  }
  return { description: desc.join('\n'), blocks };
}

const KNOWN_AFTER_EXAMPLE = new Set([
  'param', 'arg', 'argument', 'returns', 'return', 'throws', 'throw', 'exception', 'see', 'since', 'deprecated', 'example',
  'static', 'memberof', 'name', 'alias', 'category', 'private', 'public', 'protected', 'internal', 'module', 'type',
  'typedef', 'property', 'prop', 'template', 'typeparam', 'remarks', 'author', 'version', 'license', 'function', 'func',
  'method', 'class', 'constructor', 'namespace', 'instance', 'override', 'async', 'default', 'defaultvalue', 'readonly',
  'abstract', 'ignore', 'hidden', 'note', 'brief', 'callback', 'yields', 'yield', 'fires', 'emits', 'global', 'inner',
  'exports', 'beta', 'alpha', 'experimental', 'sa', 'tparam', 'retval', 'code', 'endcode',
]);

/** Read a `{…}` type with balanced braces at the start of `s`. */
function readBracedType(s: string): { type: string | null; rest: string } {
  const t = s.trimStart();
  if (!t.startsWith('{')) return { type: null, rest: s };
  let depth = 0;
  for (let i = 0; i < t.length; i++) {
    if (t[i] === '{') depth++;
    else if (t[i] === '}' && --depth === 0) return { type: t.slice(1, i).trim(), rest: t.slice(i + 1) };
  }
  return { type: null, rest: s };
}

/** Read the parameter name: `name`, `[name=default]`, `...args`, `options.leading`, with an optional TSDoc ` - `. */
function readParamName(s: string): { name: string; optional: boolean; def: string | null; rest: string } {
  const t = s.trimStart();
  if (t.startsWith('[')) {
    let depth = 0;
    for (let i = 0; i < t.length; i++) {
      if (t[i] === '[') depth++;
      else if (t[i] === ']' && --depth === 0) {
        const inner = t.slice(1, i);
        const eq = inner.indexOf('=');
        return {
          name: (eq >= 0 ? inner.slice(0, eq) : inner).trim(),
          optional: true,
          def: eq >= 0 ? inner.slice(eq + 1).trim() : null,
          rest: stripDash(t.slice(i + 1)),
        };
      }
    }
  }
  const m = /^([^\s,:]+?)(:)?(?:\s|$)/.exec(t) ?? /^(\S+)/.exec(t);
  if (!m) return { name: '', optional: false, def: null, rest: '' };
  return { name: m[1]!, optional: false, def: null, rest: stripDash(t.slice(m[0].length)) };
}

function stripDash(s: string): string {
  return s.replace(/^\s*[-–—:]\s+/, '').replace(/^\s*-$/, '').trim();
}

/** Collapse a tag body to Markdown text: dedented lines, trimmed. */
function tagText(s: string): string {
  const lines = s.split('\n');
  const first = lines[0]!.trim();
  const rest = lines.slice(1);
  let min = Infinity;
  for (const l of rest) if (l.trim()) min = Math.min(min, /^\s*/.exec(l)![0].length);
  const body = [first, ...rest.map((l) => l.slice(Number.isFinite(min) ? min : 0))].join('\n');
  return body.replace(/\s+$/, '').replace(/^\n+/, '');
}

/** Split Markdown containing fenced blocks into examples (each fence, with the prose before it as description). */
export function examplesFromMarkdown(text: string, defaultLang: string, wholeIsCode: boolean): DocExample[] {
  const out: DocExample[] = [];
  const re = /(^|\n)[ \t]*(```|~~~)[ \t]*([\w+#.-]*)[^\n]*\n([\s\S]*?)\n[ \t]*\2[ \t]*(?=\n|$)/g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const before = text.slice(last, m.index).trim();
    const lang = normaliseLang(m[3] || defaultLang, defaultLang);
    // In an @example block the prose before the code describes it; in running prose only a lead-in ("Basic usage:") does.
    const lastPara = before.split(/\n\s*\n/).pop()?.trim() ?? '';
    const description = wholeIsCode ? before || null : /:$/.test(lastPara) ? lastPara.replace(/:$/, '') : null;
    out.push({ code: dedentCode(m[4]!), description, language: lang });
    last = m.index + m[0].length;
  }
  if (!out.length && wholeIsCode && text.trim()) {
    let code = text;
    let description: string | null = null;
    const cap = /^\s*<caption>([\s\S]*?)<\/caption>\s*/.exec(code);
    if (cap) {
      description = cap[1]!.trim();
      code = code.slice(cap[0].length);
    }
    out.push({ code: dedentCode(code), description, language: defaultLang });
  }
  return out;
}

function dedentCode(code: string): string {
  const lines = code.replace(/\s+$/, '').split('\n');
  while (lines.length && !lines[0]!.trim()) lines.shift();
  let min = Infinity;
  for (const l of lines) if (l.trim()) min = Math.min(min, /^\s*/.exec(l)![0].length);
  return lines.map((l) => l.slice(Number.isFinite(min) ? min : 0)).join('\n');
}

/** Map fence info strings onto language ids the example checker knows. */
export function normaliseLang(lang: string, fallback: string): string {
  const l = lang.toLowerCase();
  const map: Record<string, string> = {
    js: 'javascript', javascript: 'javascript', jsx: 'javascript', mjs: 'javascript', cjs: 'javascript', ts: 'typescript',
    typescript: 'typescript', tsx: 'tsx', py: 'python', python: 'python', python3: 'python', pycon: 'python', c: 'c', h: 'c',
    'c++': 'cpp', cpp: 'cpp', cxx: 'cpp', cc: 'cpp', hpp: 'cpp', rust: 'rust', rs: 'rust', go: 'go', golang: 'go', java: 'java',
  };
  if (map[l]) return map[l]!;
  if (/^(ignore|no_run|should_panic|compile_fail|edition\d+)$/.test(l) || l.startsWith('rust,')) return 'rust';
  return l || fallback;
}

function splitSee(body: string, dialect: TagDialect): string[] {
  const text = replaceInlineLinks(body.trim(), undefined).replace(/`/g, '');
  if (!text) return [];
  if (dialect === 'doxygen' || /,/.test(text)) {
    return text.split(/,\s*|\s+(?=[\w:.#]+\(\))/).map((s) => s.trim()).filter(Boolean);
  }
  // `@see Foo#bar some label`: the reference is the first word unless it is quoted text or a link.
  if (/^["<]/.test(text)) return [text.replace(/<a\s+href="([^"]*)"[^>]*>.*?<\/a>/i, '$1').replace(/^"|"$/g, '')];
  return [text.split(/\s+/)[0]!];
}

/** Parse a doc comment's text (markers already removed) in one of the tag dialects. */
export function parseTaggedDoc(text: string, dialect: TagDialect, lang: string): ParsedDoc {
  const doc = emptyDoc();
  let source = text;
  // `\internal … \endinternal` is a section for maintainers, not a mark on the item: drop the section.
  if (dialect === 'doxygen') source = doxygenToMarkdown(doxygenRst(source, lang).replace(/^[ \t]*[@\\]internal\b[\s\S]*?[@\\]endinternal\b[^\n]*\n?/gm, ''), lang);
  const { description, blocks } = splitTags(source, dialect);
  const toMd = (s: string) => (dialect === 'javadoc' ? javadocToMarkdown(s) : replaceInlineLinks(s)).trim();
  const descParts: string[] = [toMd(description)];

  for (const b of blocks) {
    const body = b.body;
    switch (b.tag) {
      case 'brief':
      case 'short':
        doc.brief = toMd(tagText(body).split(/\n\s*\n/)[0]!.replace(/\s+/g, ' '));
        {
          const restOfBrief = tagText(body).split(/\n\s*\n/).slice(1).join('\n\n');
          if (restOfBrief.trim()) descParts.push(toMd(restOfBrief));
        }
        break;
      case 'details':
      case 'description':
      case 'desc':
      case 'classdesc':
        descParts.push(toMd(tagText(body)));
        break;
      case 'param':
      case 'arg':
      case 'argument':
      case 'property':
      case 'prop':
      case 'tparam':
      case 'typeparam':
      case 'template': {
        const { type, rest } = dialect === 'jsdoc' || dialect === 'generic' ? readBracedType(body) : { type: null, rest: body };
        const p = readParamName(rest);
        if (!p.name) break;
        const docText = toMd(tagText(p.rest)) || null;
        if (b.tag === 'tparam' || b.tag === 'typeparam' || b.tag === 'template' || /^<.*>$/.test(p.name)) {
          doc.tags[`typeparam ${p.name.replace(/[<>]/g, '')}`] = docText ?? '';
          break;
        }
        for (const name of p.name.split(',').map((n) => n.trim()).filter(Boolean)) {
          doc.params.push({ name, type: type ?? null, doc: docText, optional: p.optional || undefined, default: p.def });
        }
        if (b.option && doc.params.length) doc.tags[`direction ${p.name}`] = b.option;
        break;
      }
      case 'return':
      case 'returns':
      case 'result': {
        const { type, rest } = dialect === 'jsdoc' || dialect === 'generic' ? readBracedType(body) : { type: null, rest: body };
        const text2 = toMd(tagText(rest)) || null;
        doc.returns = doc.returns
          ? { type: doc.returns.type ?? type, doc: [doc.returns.doc, text2].filter(Boolean).join('\n') || null }
          : { type, doc: text2 };
        break;
      }
      case 'retval': {
        const t = tagText(body);
        const [value, ...rest] = t.split(/\s+/);
        const line = `\`${value}\` ${rest.join(' ')}`.trim();
        doc.returns = { type: doc.returns?.type ?? null, doc: [doc.returns?.doc, line].filter(Boolean).join('\n') };
        break;
      }
      case 'throws':
      case 'throw':
      case 'exception':
      case 'raises': {
        let type: string | null = null;
        let rest = body;
        if (dialect === 'jsdoc' || dialect === 'generic') ({ type, rest } = readBracedType(body));
        if (!type && (dialect === 'javadoc' || dialect === 'doxygen')) {
          const m = /^\s*(\S+)\s*/.exec(body);
          if (m) {
            type = m[1]!;
            rest = body.slice(m[0].length);
          }
        }
        if (!type && dialect === 'generic') {
          const m = /^\s*([A-Z][\w.:]*(?:Error|Exception|Panic|Fault))\b\s*/.exec(body);
          if (m) {
            type = m[1]!;
            rest = body.slice(m[0].length);
          }
        }
        doc.throws.push({ type, doc: toMd(tagText(rest)) || null });
        break;
      }
      case 'example':
      case 'examples': {
        const t = body.replace(/^[ \t]*\n/, '');
        const fromMd = examplesFromMarkdown(dialect === 'javadoc' ? javadocToMarkdown(t) : t, lang, true);
        doc.examples.push(...fromMd);
        break;
      }
      case 'see':
      case 'sa':
      case 'seealso':
        doc.see.push(...splitSee(tagText(body), dialect));
        break;
      case 'deprecated':
        doc.deprecated = toMd(tagText(body)) || 'Deprecated.';
        break;
      case 'since': {
        // A version is one paragraph; what follows a blank line is prose (or an unknown command) again.
        const [first, ...rest] = tagText(body).split(/\n\s*\n/);
        doc.since = first!.replace(/\s+/g, ' ').trim() || null;
        if (rest.join('').trim() && !/^\s*[@\\]\w+\s*$/.test(rest.join('\n\n'))) descParts.push(toMd(rest.join('\n\n')));
        break;
      }
      case 'remarks':
        descParts.push(toMd(tagText(body)));
        break;
      case 'link':
        doc.see.push(tagText(body).trim());
        break;
      default: {
        if (b.tag in SECTION_TAGS) {
          const title = SECTION_TAGS[b.tag]!;
          const t = toMd(tagText(body));
          doc.sections.push({ title: title || t.split('\n')[0]!, body: title ? t : t.split('\n').slice(1).join('\n') });
          break;
        }
        // Identity and visibility tags (`@static`, `@memberOf _`, `@name`, `@alias`, `@module`, `@private`, …).
        const value = tagText(body).trim();
        doc.tags[b.tag] = doc.tags[b.tag] ? `${doc.tags[b.tag]}, ${value}` : value;
      }
    }
  }
  doc.description = descParts.filter(Boolean).join('\n\n').trim();
  if (dialect === 'javadoc' || dialect === 'doxygen') {
    // These dialects have no @example convention: code blocks in the prose are the examples.
    doc.examples.push(...examplesFromMarkdown(doc.description, lang, false));
  }
  if (dialect === 'generic' || dialect === 'jsdoc') {
    const sectionExamples = examplesSection(doc.description, lang);
    if (sectionExamples.length && !doc.examples.length) doc.examples.push(...sectionExamples);
  }
  return doc;
}

/** Fenced code under a `# Example(s)` heading in Markdown prose. */
export function examplesSection(markdown: string, lang: string): DocExample[] {
  const m = /(^|\n)#{1,6}\s+Examples?\s*\n([\s\S]*?)(?=\n#{1,6}\s|$)/i.exec(markdown);
  return m ? examplesFromMarkdown(m[2]!, lang, false) : [];
}
