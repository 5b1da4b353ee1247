import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocsIndex } from '../../../src/core/index/service.js';
import type { FeatureContext } from '../../../src/features/context.js';
import type { DocsSearchResult } from '../../../src/features/docs/search.js';
import { REPO } from '../../helpers/docent.js';
import { installedVersion } from '../../helpers/npm-project.js';
import { tempDirs } from '../../helpers/temp-dirs.js';

/**
 * The search lane (index/search-lane.ts): through a project, docs_search searches some installed
 * packages' databases on a thread of its own while the calling thread searches the rest. Run
 * from the built modules (the thread is a compiled file), over a project that declares four of
 * docent's own dependencies: every answer must be the one the calling thread alone gives, and
 * the thread must have answered searches for that to mean anything.
 */

const PACKAGES = ['lodash', 'semver', 'commander', 'zod'];
const QUESTIONS = [
  'delay a function until input stops',
  'pad a string on both sides to a given length',
  'compare two version strings',
  'does a version satisfy a range',
  'define a command line option with a default value',
  'validate that a value is an email address',
  'remove whitespace from both ends of a string',
  'deep clone an object',
  'parse json text into a value',
  'debounce',
  'semver.gt',
  'z.object',
  'Command',
];

type Built = {
  docsSearch: (input: Record<string, unknown>, ctx: FeatureContext) => Promise<DocsSearchResult>;
  docsIndexFor: (ctx: FeatureContext) => Promise<DocsIndex>;
  contextFor: (searchThread: boolean) => FeatureContext;
};

const tmp = tempDirs();
let built: Built;
let root: string;

async function builtFeatures(indexDir: string): Promise<Built> {
  const dist = (rel: string) => import(pathToFileURL(path.join(REPO, 'dist', rel)).href);
  const [{ docsSearch }, { docsIndexFor }, { ServiceRegistry }, { Workspace }, { createLogger }, { OwnedSession }, { loadConfig }] = await Promise.all([
    dist('features/docs/search.js'),
    dist('features/docs/service.js'),
    dist('core/services.js'),
    dist('core/workspace/workspace.js'),
    dist('core/log.js'),
    dist('features/context.js'),
    dist('core/config/load.js'),
  ]);
  const contextFor = (searchThread: boolean): FeatureContext => {
    const { config } = loadConfig({ cwd: root, flags: { roots: [root], indexDir, index: { watch: false, searchThread } }, env: {} });
    return { workspace: new Workspace([root]), config, services: new ServiceRegistry(), signal: new AbortController().signal, progress: () => {}, log: createLogger('test'), session: new OwnedSession('test') };
  };
  return { docsSearch, docsIndexFor, contextFor };
}

/** Every question's answer (ids, scores, packages and folded copies) on a context, once the index is ready. */
async function answers(ctx: FeatureContext): Promise<string[]> {
  const index = await built.docsIndexFor(ctx);
  await index.catchUp();
  const out: string[] = [];
  for (const query of QUESTIONS) {
    const r = await built.docsSearch({ query, limit: 10 }, ctx);
    out.push(JSON.stringify(r.results.map((h) => [h.id, h.score, h.package, h.file, h.line, h.also_in ?? []])));
  }
  return out;
}

beforeAll(async () => {
  root = tmp('docent-search-lane-');
  for (const name of PACKAGES) cpSync(path.join(REPO, 'node_modules', name), path.join(root, 'node_modules', name), { recursive: true });
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'app', version: '1.0.0', private: true, dependencies: Object.fromEntries(PACKAGES.map((n) => [n, `^${installedVersion(n)}`])) }));
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'src/app.js'), "const _ = require('lodash');\n\n/** Keep each value once. */\nexports.unique = (xs) => _.uniq(xs);\n");
  built = await builtFeatures(tmp('docent-search-lane-idx-'));
}, 60_000);

let alone: string[];
let beside: string[];
let afterLoss: string[];
let servedAfterLoss = -1;
let searchedBeside = 0;
let packageDatabases = 0;

beforeAll(async () => {
  const one = built.contextFor(false);
  alone = await answers(one);
  const deps = (await built.docsIndexFor(one)).sources('deps').filter((d) => d.dependency);
  packageDatabases = deps.length;
  expect((await built.docsIndexFor(one)).searchedBeside).toBe(0);
  await one.services.disposeAll();
  const two = built.contextFor(true);
  // The first pass starts the thread (until it is ready, searches stay on the calling thread).
  await answers(two);
  await new Promise((r) => setTimeout(r, 200));
  beside = await answers(two);
  const index = await built.docsIndexFor(two);
  searchedBeside = index.searchedBeside;
  // The thread gone (killed as a crash would end it): searches carry on on the calling thread.
  await (index as unknown as { lane: { thread: { thread: { terminate(): Promise<number> } } } }).lane.thread.thread.terminate();
  await new Promise((r) => setTimeout(r, 50));
  afterLoss = await answers(two);
  servedAfterLoss = index.searchedBeside - searchedBeside;
  await two.services.disposeAll();
}, 240_000);

describe('a served index', () => {
  it('starts the lane and has it read the packages in before the first question', async () => {
    const ctx = built.contextFor(true);
    try {
      const index = await built.docsIndexFor(ctx);
      await index.catchUp();
      // Serving (docent serve, the daemon): the packages are read in on both sides while idle.
      await index.watch();
      await new Promise((r) => setTimeout(r, 2000));
      expect(index.searchedBeside).toBe(0);
      // The very first question goes through the lane's thread, already up (unstarted, it would
      // have been started by this question and left it all to the calling thread).
      await built.docsSearch({ query: QUESTIONS[0]!, limit: 10 }, ctx);
      expect(index.searchedBeside).toBeGreaterThan(0);
    } finally {
      await ctx.services.disposeAll();
    }
  }, 60_000);
});

describe('the search lane', () => {
  it('reads the project through its package databases', () => {
    // lodash, semver, commander, zod and JavaScript's standard library.
    expect(packageDatabases).toBe(PACKAGES.length + 1);
  });

  it('searched package databases on its thread', () => {
    expect(searchedBeside).toBeGreaterThan(QUESTIONS.length / 2);
  });

  it('gives every answer the calling thread alone gives', () => {
    expect(beside).toHaveLength(QUESTIONS.length);
    for (const [i, q] of QUESTIONS.entries()) expect(beside[i], q).toBe(alone[i]);
    // And the answers are answers, not empty lists agreeing.
    expect(alone.filter((a) => a !== '[]')).toHaveLength(QUESTIONS.length);
  });

  it('leaves every search to the calling thread once its own has ended, with the same answers', () => {
    expect(servedAfterLoss).toBe(0);
    expect(afterLoss).toEqual(alone);
  });
});
