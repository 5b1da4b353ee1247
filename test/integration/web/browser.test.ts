import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCENT_BIN, REPO } from '../../helpers/docent.js';
import { buildSampleInfo } from '../daemon/helpers.js';

/**
 * The docs browser of `docent serve --http`, driven in Debian's chromium: search as you type,
 * keyboard navigation, an item page, a see-also link, a module page, an Info node and its
 * cross-reference, the status page; screenshots (light, dark, narrow) go to SHOTS for a look.
 */

const SHOTS = process.env.DOCENT_SHOTS_DIR ?? path.join(tmpdir(), 'docent-browser-shots');
const LAUNCH = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

let base: string;
let server: ChildProcess;
let url: string;
let browser: Browser;

beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'docent-web-'));
  mkdirSync(SHOTS, { recursive: true });
  const root = path.join(base, 'ts');
  cpSync(path.join(REPO, 'test/fixtures/docs/ts'), root, { recursive: true });
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'strings-fixture', version: '1.2.3' }));
  // A second language, for the language filter.
  cpSync(path.join(REPO, 'test/fixtures/docs/python'), root, { recursive: true });
  // The project alone, so that its scope filter has a package-less answer: mostly Python files,
  // it would otherwise depend on the interpreter's standard library.
  writeFileSync(path.join(root, 'docent.config.json'), JSON.stringify({ index: { dependencies: false } }));
  const info = buildSampleInfo(path.join(base, 'info'));
  server = spawn(process.execPath, [DOCENT_BIN, 'serve', '--http', '127.0.0.1:0', '--root', root], {
    env: { ...process.env, DOCENT_INDEX_DIR: path.join(base, 'index'), DOCENT_INFO_DIRS: info, XDG_CACHE_HOME: path.join(base, 'cache') },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  url = await new Promise<string>((resolve, reject) => {
    let err = '';
    server.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      const m = /MCP over Streamable HTTP at (http:\/\/[^\s]+)\/mcp/.exec(err);
      if (m) resolve(m[1]!);
    });
    server.once('exit', () => reject(new Error(`docent serve exited: ${err}`)));
  });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: LAUNCH });
});

afterAll(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
  rmSync(base, { recursive: true, force: true });
});

async function newPage(opts: { dark?: boolean; width?: number } = {}): Promise<Page> {
  const ctx = await browser.newContext({ colorScheme: opts.dark ? 'dark' : 'light', viewport: { width: opts.width ?? 1100, height: 800 } });
  // Nothing may leave the machine: every request must go to docent itself.
  await ctx.route('**/*', (route) => (route.request().url().startsWith(url) ? route.continue() : route.abort()));
  return ctx.newPage();
}

describe('docs browser', () => {
  it('searches as you type, moves with the keyboard, and opens an item with its docs', async () => {
    const page = await newPage();
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(url)) outside.push(r.url());
    });
    await page.goto(url + '/');
    await page.locator('input[type=search]').pressSequentially('config', { delay: 30 });
    await page.locator('ol.results li').first().waitFor();
    const ids = await page.locator('ol.results li b').allTextContents();
    expect(ids.length).toBeGreaterThan(1);
    expect(page.url()).toContain('q=config');
    await expect.poll(() => page.locator('ol.results li.selected').count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('ol.results li').nth(1).getAttribute('class')).toContain('selected');
    await page.screenshot({ path: path.join(SHOTS, 'search.png'), fullPage: true });
    await page.keyboard.press('ArrowUp');
    const first = ids[0]!;
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/item\//);
    expect(await page.locator('h1').textContent()).toBe(first);

    await page.goto(url + '/item/parseConfig');
    expect(await page.locator('h1').textContent()).toBe('src/strings.parseConfig');
    expect(await page.locator('table td code').first().textContent()).toBe('text');
    expect(await page.locator('pre.signature .hljs-keyword').count()).toBeGreaterThan(0);
    expect(await page.locator('.badge', { hasText: 'runnable' }).count()).toBe(1);
    expect(await page.locator('text=SyntaxError').count()).toBe(1);
    expect(await page.locator('.source').textContent()).toContain('src/strings.ts:25');
    expect(await page.locator('.source .package').textContent()).toBe('strings-fixture 1.2.3');
    await page.screenshot({ path: path.join(SHOTS, 'item.png'), fullPage: true });

    // see-also → the deprecated formatConfig
    await page.locator('ul.see-also a', { hasText: 'formatConfig' }).click();
    await page.waitForURL(/formatConfig/);
    expect(await page.locator('.deprecated').textContent()).toMatch(/Deprecated/);

    // module page
    await page.locator('main a[href^="/module/"]').first().click();
    await page.waitForURL(/\/module\//);
    expect(await page.locator('main li a', { hasText: 'parseConfig' }).count()).toBe(1);
    await page.screenshot({ path: path.join(SHOTS, 'module.png'), fullPage: true });
    expect(outside).toEqual([]);
  });

  it('reads an Info node and follows a cross-reference and next/prev/up', async () => {
    const page = await newPage({ dark: true });
    await page.goto(url + '/info/sample/Functions');
    expect(await page.locator('h1').textContent()).toBe('Functions');
    await page.screenshot({ path: path.join(SHOTS, 'info-dark.png'), fullPage: true });
    await page.locator('a.xref', { hasText: 'Variables' }).first().click();
    await page.waitForURL(/\/info\/sample\/Variables/);
    expect(await page.locator('h1').textContent()).toBe('Variables');
    await page.locator('nav.node a[rel=up]').first().click();
    await page.waitForURL(/\/info\/sample\/Top/);
    expect(await page.locator('h1').textContent()).toBe('Top');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(13, 17, 23)');
  });

  it('filters the search by language and scope, as docs_search does, with permalinks', async () => {
    const page = await newPage();
    await page.goto(url + '/?q=distance');
    await page.locator('ol.results li').first().waitFor();
    // The index's languages, as index_status counts them.
    expect(await page.locator('select[name=language] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['', 'python', 'typescript']);
    expect(await page.locator('ol.results li b').allTextContents()).toContain('geo.distance');

    await page.locator('select[name=language]').selectOption('typescript');
    await page.waitForURL(/language=typescript/);
    await expect.poll(async () => (await page.locator('ol.results li b').allTextContents()).includes('geo.distance')).toBe(false);

    await page.locator('select[name=language]').selectOption('python');
    await page.waitForURL(/language=python/);
    await expect.poll(() => page.locator('ol.results li b').allTextContents()).toContain('geo.distance');
    const files = await page.evaluate(async () => (await (await fetch('/api/search?q=distance&language=python')).json()).results.map((r: { file: string }) => r.file));
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((f: string) => f.endsWith('.py'))).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'search-language.png'), fullPage: true });

    // Installed packages only: this project has none.
    await page.locator('select[name=scope]').selectOption('deps');
    await page.waitForURL(/scope=deps/);
    await expect.poll(() => page.locator('#result-status').textContent()).toBe('No results.');

    // The permalink shows the same, rendered by the server.
    await page.goto(url + '/?q=distance&language=python');
    expect(await page.locator('select[name=language]').inputValue()).toBe('python');
    expect(await page.locator('ol.results li b').allTextContents()).toContain('geo.distance');
    await page.goto(url + '/?q=distance&language=cobol');
    expect(await page.locator('#result-status').textContent()).toMatch(/languages are: python, typescript/);
  });

  it('shows the index status and fits a narrow window', async () => {
    const page = await newPage({ width: 380 });
    await page.goto(url + '/status');
    expect(await page.locator('#state').textContent()).toMatch(/ready|indexing/);
    await page.screenshot({ path: path.join(SHOTS, 'status-narrow.png'), fullPage: true });
    await page.goto(url + '/?q=tokenizer');
    await page.locator('ol.results li').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, 'search-narrow.png'), fullPage: true });
  });
});
