import hljs from 'highlight.js/lib/common';
import MarkdownIt from 'markdown-it';

/**
 * Markdown and syntax highlighting for the docs browser, on markdown-it and highlight.js
 * (both run on the server, so the page needs no script to read well). Raw HTML in doc
 * comments is not passed through: it is shown as text.
 */

export function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** highlight.js names for the index's language ids. */
const LANGS: Record<string, string> = { ts: 'typescript', typescript: 'typescript', js: 'javascript', javascript: 'javascript', python: 'python', py: 'python', c: 'c', cpp: 'cpp', 'c++': 'cpp', rust: 'rust', go: 'go', java: 'java', elisp: 'lisp', lisp: 'lisp', sh: 'bash', bash: 'bash', json: 'json' };

/** Code as highlighted HTML (escaped text when the language is unknown). */
export function highlight(code: string, language: string | undefined): string {
  const lang = language ? (LANGS[language.toLowerCase()] ?? language.toLowerCase()) : undefined;
  if (lang && hljs.getLanguage(lang)) return hljs.highlight(code, { language: lang, ignoreIllegals: true }).value;
  return esc(code);
}

const md = new MarkdownIt({
  html: false,
  linkify: true,
  highlight: (code, lang) => `<pre class="code"><code class="hljs">${highlight(code, lang || undefined)}</code></pre>`,
});

export function markdown(text: string): string {
  return md.render(text);
}
