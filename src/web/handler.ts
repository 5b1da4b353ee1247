import type { IncomingMessage, ServerResponse } from 'node:http';
import { OwnedSession, type FeatureContext } from '../features/context.js';
import { runTool } from '../mcp/server.js';
import type { AnyTool } from '../mcp/tool.js';
import type { ToolEntry } from '../mcp/catalog.js';
import { CSS, highlightThemes, SCRIPT } from './assets.js';
import { packageOf } from './package-info.js';
import { errorPage, infoNodePage, itemPage, manualsPage, modulePage, searchPage, statusPage } from './pages.js';

/**
 * The docs browser: a web page at `/` served by `docent serve --http` and by the daemon's TCP
 * listener. Every page calls a tool through `runTool` (the MCP server's own path: input
 * validation, the feature function, output checking) and renders its structured answer, so
 * there is no second implementation of search, lookup or Info reading.
 */

export type WebContext = Omit<FeatureContext, 'signal' | 'progress' | 'session'>;

export interface DocsBrowserOptions {
  /** Catalog entries (loaded on first call) or live tools. */
  tools: readonly (ToolEntry | AnyTool)[];
  /** The workspace, config and services pages answer from. */
  context: () => WebContext;
}

type Answer = { ok: true; value: Record<string, unknown> } | { ok: false; error: Record<string, unknown> };

function send(res: ServerResponse, status: number, type: string, body: string, cache = false): void {
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'cache-control': cache ? 'max-age=3600' : 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(body);
}

export function createDocsBrowser(opts: DocsBrowserOptions): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const byName = new Map(opts.tools.map((t) => [t.name, t]));
  const session = new OwnedSession('web');

  const call = async (name: string, args: Record<string, unknown>, req: IncomingMessage): Promise<Answer> => {
    const entry = byName.get(name);
    const tool = entry && ('load' in entry ? await entry.load() : entry);
    if (!tool) return { ok: false, error: { code: 'E_UNAVAILABLE', message: `This server does not offer ${name}.`, hint: 'Start it without --tools, or with the docs and info groups.' } };
    const controller = new AbortController();
    req.once('close', () => controller.abort());
    const ctx = opts.context();
    const r = await runTool(tool, args, { ...ctx, signal: controller.signal, session, log: ctx.log.child(`web:${name}`) });
    const sc = (r.structuredContent ?? {}) as Record<string, unknown>;
    return r.isError ? { ok: false, error: (sc.error ?? {}) as Record<string, unknown> } : { ok: true, value: sc };
  };

  const page = (res: ServerResponse, a: Answer, render: (v: Record<string, unknown>) => string) => {
    if (a.ok) send(res, 200, 'text/html', render(a.value));
    else send(res, a.error.code === 'E_NOT_FOUND' ? 404 : 400, 'text/html', errorPage(a.error));
  };

  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = new URL(req.url ?? '/', 'http://localhost');
    const parts = url.pathname.split('/').filter(Boolean).map((p) => decodeURIComponent(p));
    const q = (k: string) => url.searchParams.get(k) || undefined;
    const searchArgs = () => ({ query: q('q'), kinds: q('kind') ? [q('kind')] : undefined, module: q('module'), scope: q('scope'), language: q('language'), limit: 30 });
    switch (parts[0]) {
      case undefined: {
        const results = q('q') ? await call('docs_search', searchArgs(), req) : undefined;
        // The language filter offers the index's languages, as index_status counts them.
        const status = await call('index_status', {}, req);
        const languages = status.ok ? Object.keys((status.value.languages ?? {}) as Record<string, number>).sort() : [];
        const form = { q: q('q'), kind: q('kind'), module: q('module'), scope: q('scope'), language: q('language') };
        send(res, 200, 'text/html', searchPage(form, results?.ok ? results.value : undefined, { languages, error: results && !results.ok ? String(results.error.message ?? '') : undefined }));
        return true;
      }
      case 'api': {
        if (parts[1] !== 'search') return false;
        const a = await call('docs_search', searchArgs(), req);
        send(res, a.ok ? 200 : 400, 'application/json', JSON.stringify(a.ok ? a.value : { error: a.error }));
        return true;
      }
      case 'item': {
        const id = parts.slice(1).join('/');
        const item = await call('docs_get', { id }, req);
        const examples = item.ok && (item.value.examples as unknown[]).length ? await call('docs_examples', { id }, req) : undefined;
        const pkg = item.ok ? packageOf(String((item.value.location as { file: string }).file), opts.context().workspace.roots) : undefined;
        page(res, item, (v) => itemPage(v, examples?.ok ? (examples.value.examples as Record<string, unknown>[]) : undefined, pkg));
        return true;
      }
      case 'module':
        page(res, await call('docs_list', { module: parts.slice(1).join('/') }, req), modulePage);
        return true;
      case 'info':
        if (parts.length < 3) page(res, await call('info_list_manuals', {}, req), manualsPage);
        else page(res, await call('info_read_node', { manual: parts[1], node: parts.slice(2).join('/'), max_chars: 200_000 }, req), infoNodePage);
        return true;
      case 'status':
        page(res, await call('index_status', {}, req), statusPage);
        return true;
      case 'assets': {
        const themes = highlightThemes();
        const files: Record<string, [string, string]> = { 'app.css': ['text/css', CSS], 'app.js': ['text/javascript', SCRIPT], 'hl-light.css': ['text/css', themes.light], 'hl-dark.css': ['text/css', themes.dark] };
        const f = files[parts[1] ?? ''];
        if (!f) return false;
        send(res, 200, f[0], f[1], true);
        return true;
      }
      default:
        return false;
    }
  };
}
