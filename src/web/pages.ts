import { esc, highlight, markdown } from './markup.js';

/**
 * The docs browser's pages, rendered on the server from the tools' structured answers (the
 * same objects MCP clients get as structuredContent), so search, lookup and rendering logic
 * exist once, in the features. Every page has a permalink: its URL says everything it shows.
 */

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const itemHref = (id: string) => `/item/${encodeURIComponent(id)}`;
export const moduleHref = (name: string) => `/module/${encodeURIComponent(name)}`;
export const nodeHref = (manual: string, node: string) => `/info/${encodeURIComponent(manual)}/${encodeURIComponent(node)}`;

export function layout(title: string, body: string, opts: { refreshSeconds?: number } = {}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · docent</title>
${opts.refreshSeconds ? `<meta http-equiv="refresh" content="${opts.refreshSeconds}">` : ''}
<link rel="stylesheet" href="/assets/app.css">
<link rel="stylesheet" href="/assets/hl-light.css" media="(prefers-color-scheme: light)">
<link rel="stylesheet" href="/assets/hl-dark.css" media="(prefers-color-scheme: dark)">
</head><body>
<header><a class="brand" href="/">docent</a><a href="/">Search</a><a href="/info">Info manuals</a><a href="/status">Index status</a></header>
<main>${body}</main>
<script src="/assets/app.js" defer></script>
</body></html>`;
}

export function errorPage(error: Obj): string {
  return layout('Not found', `<h1>${esc(error.code ?? 'Error')}</h1><p>${esc(error.message ?? '')}</p>${error.hint ? `<p class="muted">${esc(error.hint)}</p>` : ''}`);
}

export const KINDS = ['function', 'method', 'class', 'interface', 'type', 'enum', 'variable', 'constant', 'module', 'namespace', 'field', 'property', 'macro'];

/** The scopes docs_search takes (its `scope` argument), as the select offers them. */
const SCOPES: Array<[string, string]> = [['', 'project and packages'], ['project', 'project only'], ['deps', 'packages only']];

const choices = (values: Array<[string, string]>, selected: string | undefined) =>
  values.map(([v, label]) => `<option value="${esc(v)}"${(selected ?? '') === v ? ' selected' : ''}>${esc(label)}</option>`).join('');

export function searchPage(
  q: { q?: string; kind?: string; module?: string; scope?: string; language?: string },
  results: Obj | undefined,
  extra: { languages?: string[]; error?: string } = {},
): string {
  const options = ['<option value="">any kind</option>', ...KINDS.map((k) => `<option${q.kind === k ? ' selected' : ''}>${k}</option>`)].join('');
  const languages = [...new Set([...(extra.languages ?? []), ...(q.language ? [q.language] : [])])];
  const languageOptions = choices([['', 'any language'], ...languages.map((l): [string, string] => [l, l])], q.language);
  const scopeOptions = choices(SCOPES, q.scope === 'all' ? '' : q.scope);
  const list = (results?.results ?? [])
    .map((r: Obj) => `<li><a href="${itemHref(r.id)}"><span class="kind">${esc(r.kind)}</span><b>${esc(r.id)}</b></a><div class="muted">${esc(r.snippet)}</div></li>`)
    .join('');
  const count = extra.error ?? (results ? (results.results.length ? `${results.results.length} result(s)` : 'No results.') : '');
  return layout(
    q.q ? `Search: ${q.q}` : 'Search',
    `<form class="search" action="/" method="get" role="search">
<input type="search" name="q" value="${esc(q.q ?? '')}" placeholder="Search the docs (press / to focus)" autofocus autocomplete="off" aria-label="Search">
<select name="kind" aria-label="Kind">${options}</select>
<select name="language" aria-label="Language">${languageOptions}</select>
<select name="scope" aria-label="Scope">${scopeOptions}</select>
<input name="module" value="${esc(q.module ?? '')}" placeholder="in module…" aria-label="Module scope">
<button type="submit">Search</button>
</form>
<p id="result-status" class="muted">${count}</p>
<ol class="results">${list}</ol>`,
  );
}

function table(rows: string[][], head: string[]): string {
  return `<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
}

export function itemPage(item: Obj, examples: Obj[] | undefined, pkg?: { name: string; version: string | null }): string {
  const lang = item.language as string;
  const parts: string[] = [];
  parts.push(`<p class="muted"><span class="kind">${esc(item.kind)}</span> in <a href="${moduleHref(item.module)}">${esc(item.module || '(top level)')}</a> · ${esc(lang)}${item.since ? ` · since ${esc(item.since)}` : ''}</p>`);
  parts.push(`<h1>${esc(item.id)}</h1>`);
  if (item.deprecated !== null && item.deprecated !== undefined) parts.push(`<p class="deprecated"><b>Deprecated.</b> ${esc(item.deprecated)}</p>`);
  if (item.signature) parts.push(`<pre class="signature"><code class="hljs">${highlight(item.signature, lang)}</code></pre>`);
  if (item.doc) parts.push(`<section class="doc">${markdown(item.doc)}</section>`);
  else if (item.summary) parts.push(`<p>${esc(item.summary)}</p>`);
  if (item.params?.length) {
    parts.push('<h2>Parameters</h2>');
    parts.push(table(item.params.map((p: Obj) => [`<code>${esc(p.name)}</code>${p.optional ? ' <span class="muted">optional</span>' : ''}`, p.type ? `<code>${esc(p.type)}</code>` : '', (p.doc ? esc(p.doc) : '') + (p.default ? ` <span class="muted">default <code>${esc(p.default)}</code></span>` : '')]), ['name', 'type', 'description']));
  }
  if (item.returns && (item.returns.type || item.returns.doc)) parts.push(`<h2>Returns</h2><p>${item.returns.type ? `<code>${esc(item.returns.type)}</code> ` : ''}${esc(item.returns.doc ?? '')}</p>`);
  if (item.throws?.length) parts.push(`<h2>Throws</h2><ul>${item.throws.map((t: Obj) => `<li>${t.type ? `<code>${esc(t.type)}</code> ` : ''}${esc(t.doc ?? '')}</li>`).join('')}</ul>`);
  const exs = examples ?? item.examples.map((e: Obj) => ({ ...e, runnable: undefined }));
  if (exs.length) {
    parts.push('<h2>Examples</h2>');
    for (const e of exs) {
      const badge = e.runnable === true ? ' <span class="badge" title="parses without errors">runnable</span>' : '';
      parts.push(`${e.description ? `<p>${esc(e.description)}${badge}</p>` : badge ? `<p>${badge}</p>` : ''}<pre class="code"><code class="hljs">${highlight(e.code, e.language)}</code></pre>`);
    }
  }
  if (item.members?.length) parts.push(`<h2>Members</h2><ul>${item.members.map((m: Obj) => `<li><a href="${itemHref(m.id)}">${esc(m.name)}</a> <span class="kind">${esc(m.kind)}</span> <span class="muted">${esc(m.summary)}</span></li>`).join('')}</ul>`);
  const related = [...(item.see_also ?? []), ...(item.parent ? [item.parent] : []), ...(item.implements ?? [])];
  if (related.length) parts.push(`<h2>See also</h2><ul class="see-also">${[...new Set(related)].map((s: string) => `<li><a href="${itemHref(s)}">${esc(s)}</a></li>`).join('')}</ul>`);
  const loc = item.location;
  parts.push(`<p class="muted source">${pkg ? `Package <b class="package">${esc(pkg.name)}${pkg.version ? ` ${esc(pkg.version)}` : ''}</b> · ` : ''}Source: <code>${esc(loc.file)}:${loc.line}</code>${item.also_defined_in?.length ? `; also in ${item.also_defined_in.map((a: Obj) => `<code>${esc(a.file)}:${a.line}</code>`).join(', ')}` : ''}</p>`);
  return layout(item.id, parts.join('\n'));
}

export function modulePage(list: Obj): string {
  const m = list.module;
  const subs = list.submodules.map((s: string) => `<li><a href="${moduleHref(s)}">${esc(s)}</a></li>`).join('');
  const items = list.items.map((i: Obj) => `<li><a href="${itemHref(i.id)}">${esc(i.name)}</a> <span class="kind">${esc(i.kind)}</span> <span class="muted">${esc(i.summary)}</span></li>`).join('');
  return layout(
    m.name,
    `<p class="muted"><span class="kind">module</span></p><h1>${esc(m.name)}</h1>${m.doc ? markdown(m.doc) : ''}
${subs ? `<h2>Submodules</h2><ul>${subs}</ul>` : ''}<h2>Items (${list.total})</h2><ul>${items}</ul>${list.truncated ? '<p class="muted">(more items not shown)</p>' : ''}`,
  );
}

export function manualsPage(list: Obj): string {
  const rows = (list.manuals ?? []).map((m: Obj) => `<li><a href="${nodeHref(m.name, 'Top')}">${esc(m.name)}</a> <span class="muted">${esc(m.title ?? m.description ?? '')}</span></li>`).join('');
  return layout('Info manuals', `<h1>Info manuals</h1><ul>${rows}</ul>`);
}

/** An Info node as text, its cross-references and menu entries turned into links. */
export function infoNodePage(node: Obj): string {
  const manual = node.manual as string;
  const target = (l: Obj) => nodeHref(l.manual ?? manual, l.node);
  const byLabel = new Map<string, Obj>();
  for (const l of [...(node.xrefs ?? []), ...(node.menu ?? [])]) byLabel.set(l.label, l);
  let html = esc(node.content)
    .replace(/\[See: ([^\]]+)\]/g, (all, label: string) => {
      const l = byLabel.get(label.replace(/&amp;/g, '&')) ?? [...byLabel.values()].find((x) => label.includes(esc(x.label)));
      return l ? `<a class="xref" href="${target(l)}">${all}</a>` : all;
    })
    .replace(/^\* ([^:\n]+)::/gm, (all, label: string) => {
      const l = byLabel.get(label.replace(/&amp;/g, '&'));
      return l ? `* <a href="${target(l)}">${label}</a>::` : all;
    });
  const link = (rel: string, name: string | null) => (name ? `<a rel="${rel}" href="${nodeHref(manual, name)}">${rel}: ${esc(name)}</a>` : '');
  const nav = `<nav class="node">${link('prev', node.prev)}${link('up', node.up)}${link('next', node.next)}</nav>`;
  if (node.truncated) html += '\n\n(cut here)';
  return layout(`(${manual})${node.node}`, `<p class="muted">${esc(node['info-ref'])}</p>${nav}<h1>${esc(node.node)}</h1><pre class="info">${html}</pre>${nav}`);
}

export function statusPage(s: Obj): string {
  const rows = s.roots.map((r: Obj) => [esc(r.root), String(r.files), String(r.items), r.synced ? 'yes' : 'not yet']);
  const langs = Object.entries(s.languages as Record<string, number>).map(([k, v]) => `${esc(k)}: ${v}`).join(', ');
  return layout(
    'Index status',
    `<h1>Index status: <span id="state">${esc(s.state)}</span></h1>
${s.state === 'indexing' ? `<p><progress max="${s.files + s.pending}" value="${s.files}"></progress> ${s.pending} file(s) pending</p>` : ''}
<p>${s.files} files, ${s.items} items${langs ? ` (${langs})` : ''}; last update ${esc(s.last_update ?? 'never')}</p>
${s.note ? `<p class="muted">${esc(s.note)}</p>` : ''}${s.error ? `<p class="deprecated">${esc(s.error)}</p>` : ''}
${table(rows, ['root', 'files', 'items', 'synced'])}`,
    { refreshSeconds: s.state === 'indexing' ? 2 : undefined },
  );
}
