import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocentSession } from '../../helpers/docent.js';
import { startNpmProject, type NpmProject } from '../../helpers/npm-project.js';

/**
 * Which of a project's package databases a question in words reads (deps/fanout.ts): a project
 * with more packages than docs_search searches in full, among them large ones that have nearly
 * every word of any question (@types/node, the MCP SDK, zod) and the small library that answers
 * it (lodash). Real packages, docent's own dependencies copied into a project of its own, over
 * MCP stdio. The probe before this chose the packages where one item had all the question's
 * words, and lodash was not among them for any of these questions.
 */

const PACKAGES = ['lodash', 'zod', 'semver', 'commander', '@types/node', '@modelcontextprotocol/sdk', '@huggingface/tokenizers'];

let project: NpmProject;
let session: DocentSession;
const sc = (r: { structuredContent?: unknown }) => r.structuredContent as Record<string, any>;
const firstThree = async (query: string) => sc(await session.call('docs_search', { query, limit: 3 })).results as { id: string; name: string; package: string | null }[];

beforeAll(async () => {
  project = await startNpmProject('docent-package-choice', PACKAGES, {
    'src/app.js': "const _ = require('lodash');\n\nexports.unique = (xs) => _.uniq(xs);\n",
  });
  session = project.session;
  expect(project.status.state).toBe('ready');
  expect((project.status.packages as { name: string; state: string }[]).filter((p) => PACKAGES.includes(p.name) && p.state === 'indexed')).toHaveLength(PACKAGES.length);
}, 180_000);

afterAll(async () => {
  await project?.close();
});

describe('the packages a question in words reads', () => {
  it('include the small library the question is about, beside large packages that have its words', async () => {
    for (const [question, name] of [
      ['pad a string on both sides to a given length', 'pad'],
      ['set a value at a nested path of an object', 'set'],
      ['get a nested property by its path with a default', 'get'],
      ['copy the own properties of source objects onto a target object', 'assign'],
    ] as const) {
      // The package is read: its answer is among the first three. (Not always first: `_.padStart`
      // and `_.pad` score within 0.01 of each other for "both sides", and JavaScript's own
      // `Object.assign` answers the last question as well as `_.assign`.)
      const hits = await firstThree(question);
      expect(hits.filter((h) => h.package === 'lodash').map((h) => h.name), question).toContain(name);
    }
  });
});
