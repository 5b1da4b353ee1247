import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The browser's assets, all served by docent itself (no CDN): its stylesheet, the small
 * search script, and highlight.js's light and dark themes, picked by the system preference.
 */

const require = createRequire(import.meta.url);
const theme = (name: string) => readFileSync(require.resolve(`highlight.js/styles/${name}.min.css`), 'utf8');

export const CSS = `
:root { color-scheme: light dark; --bg: #fff; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --accent: #0969da; --sel: #ddf4ff; --warn-bg: #fff8c5; --code: #f6f8fa; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --accent: #4493f8; --sel: #1f3a5f; --warn-bg: #3b2e00; --code: #151b23; }
}
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, sans-serif; background: var(--bg); color: var(--fg); }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
header { display: flex; gap: 1rem; align-items: center; padding: .6rem 1rem; border-bottom: 1px solid var(--line); flex-wrap: wrap; }
header .brand { font-weight: 700; color: var(--fg); }
main { max-width: 960px; margin: 0 auto; padding: 1rem; }
form.search { display: flex; gap: .5rem; flex-wrap: wrap; }
form.search input[type=search] { flex: 1 1 16rem; font-size: 1.05rem; padding: .45rem .6rem; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
form.search select, form.search input[name=module], form.search button { padding: .45rem; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
ol.results { list-style: none; padding: 0; }
ol.results li { padding: .5rem .6rem; border-radius: 6px; border-bottom: 1px solid var(--line); }
ol.results li.selected { background: var(--sel); }
.kind { display: inline-block; font-size: .75rem; padding: 0 .4rem; border: 1px solid var(--line); border-radius: 1rem; color: var(--muted); margin-right: .3rem; }
.muted { color: var(--muted); }
.badge { font-size: .75rem; padding: 0 .45rem; border-radius: 1rem; background: var(--sel); }
pre, code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .9rem; }
pre { background: var(--code); padding: .7rem; border-radius: 6px; overflow-x: auto; }
pre.signature { white-space: pre-wrap; }
pre.info { white-space: pre-wrap; background: none; padding: 0; font-size: .92rem; }
.hljs { background: transparent !important; padding: 0 !important; }
table { border-collapse: collapse; width: 100%; display: block; overflow-x: auto; }
th, td { text-align: left; vertical-align: top; padding: .35rem .5rem; border-bottom: 1px solid var(--line); }
.deprecated { background: var(--warn-bg); padding: .5rem .7rem; border-radius: 6px; }
nav.node { display: flex; gap: 1rem; flex-wrap: wrap; margin: .5rem 0; }
@media (max-width: 600px) { body { font-size: 14px; } main { padding: .6rem; } header { gap: .5rem; } }
`;

export const SCRIPT = `
(() => {
  const form = document.querySelector('form.search');
  if (!form) return;
  const input = form.querySelector('input[type=search]');
  const list = document.querySelector('ol.results');
  const status = document.querySelector('#result-status');
  let timer = 0, seq = 0, selected = -1;
  const esc = (s) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
  const items = () => [...list.querySelectorAll('li')];
  const select = (i) => {
    const all = items();
    if (!all.length) return;
    selected = Math.max(0, Math.min(all.length - 1, i));
    all.forEach((li, k) => li.classList.toggle('selected', k === selected));
    all[selected].scrollIntoView({ block: 'nearest' });
  };
  const run = async () => {
    const params = new URLSearchParams(new FormData(form));
    for (const [k, v] of [...params]) if (!v) params.delete(k);
    history.replaceState(null, '', params.toString() ? '/?' + params : '/');
    if (!params.get('q')) { list.innerHTML = ''; status.textContent = ''; return; }
    const mine = ++seq;
    const res = await fetch('/api/search?' + params);
    const body = await res.json();
    if (mine !== seq) return;
    if (body.error) { list.innerHTML = ''; status.textContent = body.error.message; return; }
    list.innerHTML = body.results.map((r) => '<li><a href="/item/' + encodeURIComponent(r.id) + '"><span class="kind">' + esc(r.kind) + '</span><b>' + esc(r.id) + '</b></a><div class="muted">' + esc(r.snippet) + '</div></li>').join('');
    status.textContent = body.results.length ? body.results.length + ' result(s)' : 'No results.';
    selected = -1;
    if (body.results.length) select(0);
  };
  form.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(run, 150); });
  const open = () => { const a = items()[selected]?.querySelector('a'); if (a) location.href = a.href; else run(); };
  form.addEventListener('submit', (e) => { e.preventDefault(); open(); });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') { e.preventDefault(); open(); }
    else if (e.key === 'ArrowDown') { e.preventDefault(); select(selected + 1); }
    else if (e.key === 'ArrowUp') { e.preventDefault(); select(selected - 1); }
  });
  document.addEventListener('keydown', (e) => { if (e.key === '/' && document.activeElement !== input) { e.preventDefault(); input.focus(); } });
  const initial = items();
  if (initial.length) select(0);
})();
`;

let themes: { light: string; dark: string } | undefined;
export function highlightThemes(): { light: string; dark: string } {
  return (themes ??= { light: theme('github'), dark: theme('github-dark') });
}
