/**
 * Converting the inline markup of Javadoc (HTML + `{@code}`/`{@link}`), JSDoc (`{@link}`) and
 * Doxygen (`\c`, `\p`, `\code…\endcode`) into Markdown, so every doc reaches the caller in one
 * notation.
 */

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: ' ', '#64': '@', '#47': '/', '#42': '*', '#123': '{', '#125': '}' };

function decodeEntities(s: string): string {
  return s.replace(/&(#?\w+);/g, (m, name: string) => ENTITIES[name] ?? m);
}

/** `{@link Foo#bar label}` / `{@link Foo|label}` / `{@linkplain …}` / `[label]{@link Foo}` → `label` or `` `Foo#bar` ``. */
export function replaceInlineLinks(text: string, onTarget?: (target: string) => void): string {
  return text
    .replace(/\[([^\]\n]+)\]\{@link(?:code|plain)?\s+([^}\s]+)\s*\}/g, (_m, label: string, target: string) => {
      onTarget?.(target);
      return label;
    })
    .replace(/\{@link(code|plain)?\s+([^}\s|]+)(?:\s*\|\s*|\s+)?([^}]*)\}/g, (_m, _k, target: string, label: string) => {
      onTarget?.(target);
      return label.trim() ? label.trim() : '`' + target + '`';
    });
}

/** Javadoc body text (HTML with `{@…}` inline tags) to Markdown. */
export function javadocToMarkdown(text: string): string {
  let s = text;
  // <pre>{@code …}</pre> and <pre> blocks become fenced code.
  s = s.replace(/<pre>\s*\{@code\s?([\s\S]*?)\}\s*<\/pre>/gi, (_m, code: string) => fence(decodeEntities(code), 'java'));
  s = s.replace(/<pre>([\s\S]*?)<\/pre>/gi, (_m, code: string) => fence(decodeEntities(code.replace(/<\/?code>/gi, '')), 'java'));
  s = replaceCodeTags(s);
  s = replaceInlineLinks(s);
  s = s
    .replace(/\{@(?:literal|value)\s+([^}]*)\}/g, '$1')
    .replace(/\{@inheritDoc\}/g, '')
    .replace(/<\/?(?:b|strong)>/gi, '**')
    .replace(/<\/?(?:i|em)>/gi, '*')
    .replace(/<code>([\s\S]*?)<\/code>/gi, (_m, c: string) => '`' + c + '`')
    .replace(/<a\s+href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, '[$2]($1)')
    .replace(/\s*<p>\s*/gi, '\n\n')
    .replace(/<\/p>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/\s*<(?:ul|ol)>\s*/gi, '\n\n').replace(/\s*<\/(?:ul|ol)>\s*/gi, '\n\n')
    .replace(/[ \t]*\n?[ \t]*<li>\s*/gi, '\n- ')
    .replace(/<\/li>/gi, '')
    .replace(/<h(\d)>([\s\S]*?)<\/h\1>/gi, (_m, n: string, t: string) => `\n${'#'.repeat(Number(n))} ${t}\n`)
    .replace(/<\/?(?:div|span|blockquote|tt|dl|dt|dd|table|tr|td|th)[^>]*>/gi, '');
  return decodeEntities(s).replace(/\n{3,}/g, '\n\n').trim();
}

/** `{@code x}` with balanced braces inside. */
function replaceCodeTags(s: string): string {
  let out = '';
  let i = 0;
  for (;;) {
    const at = s.indexOf('{@code', i);
    if (at < 0) break;
    out += s.slice(i, at);
    let depth = 0;
    let j = at;
    for (; j < s.length; j++) {
      if (s[j] === '{') depth++;
      else if (s[j] === '}' && --depth === 0) break;
    }
    const inner = s.slice(at + 6, j).replace(/^\s/, '');
    out += '`' + inner + '`';
    i = j + 1;
  }
  return out + s.slice(i);
}

export function fence(code: string, lang: string): string {
  const lines = code.replace(/^\n+|\s+$/g, '').split('\n');
  let min = Infinity;
  for (const l of lines) if (l.trim()) min = Math.min(min, /^\s*/.exec(l)![0].length);
  const body = lines.map((l) => l.slice(Number.isFinite(min) ? min : 0)).join('\n');
  return `\n\n\`\`\`${lang}\n${body}\n\`\`\`\n\n`;
}

/** A printf conversion (`%s`, `%lld`, `%zu`, SQLite's `%q`), which a `%` escapes nothing in. */
const PRINTF_CONVERSION = /^(hh|h|ll|l|j|z|t|L)?[diouxXfFeEgGaAcspnqQwz]$|^[A-Z]{2}$/;

/** Doxygen inline commands and code blocks to Markdown. */
export function doxygenToMarkdown(text: string, lang: string): string {
  return text
    .replace(/[\\@]code(?:\{\.?(\w+)\})?([\s\S]*?)[\\@]endcode/g, (_m, l: string | undefined, code: string) => fence(code, l ?? lang))
    .replace(/[\\@]verbatim([\s\S]*?)[\\@]endverbatim/g, (_m, code: string) => fence(code, 'text'))
    .replace(/[\\@](?:c|p)\s+([^\s,.;:)]+)/g, '`$1`')
    .replace(/[\\@](?:a|e|em)\s+([^\s,.;:)]+)/g, '*$1*')
    .replace(/[\\@]b\s+([^\s,.;:)]+)/g, '**$1**')
    .replace(/\\n(?=\s)/g, '\n')
    // `%vector`: Doxygen's escape that keeps a word from becoming a link (libstdc++ writes it
    // before every container's name); `@{` / `@}` open and close a member group.
    .replace(/(^|[\s(])%([A-Za-z_]\w*)/g, (m, before: string, word: string) => (PRINTF_CONVERSION.test(word) ? m : before + word))
    .replace(/(^|\s)[\\@][{}](?=\s|$)/g, '$1');
}

/**
 * reST literal blocks to fenced Markdown: a paragraph ending in `::` followed by an indented
 * block (`Example::` → `Example:` + code; a lone `::` disappears), and doctest blocks (`>>>`)
 * standing in the prose, which Markdown would otherwise read as nested quotes.
 */
export function rstLiteralBlocks(text: string, lang: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    if (fence) {
      out.push(line);
      continue;
    }
    const indent = line.length - line.trimStart().length;
    if (line.trimStart().startsWith('>>>')) {
      const block: string[] = [];
      while (i < lines.length && lines[i]!.trim()) block.push(lines[i++]!.slice(indent));
      i--;
      out.push('```python', ...block, '```');
      continue;
    }
    if (!/::\s*$/.test(line) || /^\s*\.\. /.test(line)) {
      out.push(line);
      continue;
    }
    let j = i + 1;
    while (j < lines.length && !lines[j]!.trim()) j++;
    const inner = j < lines.length ? lines[j]!.length - lines[j]!.trimStart().length : 0;
    if (j >= lines.length || inner <= indent) {
      out.push(line);
      continue;
    }
    const block: string[] = [];
    let k = j;
    for (; k < lines.length; k++) {
      const l = lines[k]!;
      if (l.trim() && l.length - l.trimStart().length < inner) break;
      block.push(l.slice(inner));
    }
    while (block.length && !block[block.length - 1]!.trim()) block.pop();
    const lead = line.replace(/\s*::\s*$/, /^\s*::\s*$/.test(line) ? '' : ':');
    if (lead.trim()) out.push(lead, '');
    const code = block.some((l) => l.startsWith('>>>')) ? 'python' : lang;
    out.push('```' + code, ...block, '```', '');
    i = k - 1;
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}

/** A `\\rst … \\endrst` region of a Doxygen comment (Breathe's convention) read as reST. */
export function doxygenRst(text: string, lang: string): string {
  return text.replace(/^[ \t]*[\\@]rst[ \t]*\n([\s\S]*?)^[ \t]*[\\@]endrst[ \t]*$/gm, (_m, body: string) =>
    rstLiteralBlocks(body.replace(/``([^`]+)``/g, '`$1`').replace(/:(?:\w+:)?\w+:`~?([^`]+)`/g, '`$1`'), lang),
  );
}
