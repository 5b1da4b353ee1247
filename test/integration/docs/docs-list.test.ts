import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { docsList } from '../../../src/features/docs/list.js';
import { docsContext, writeTree } from './fixtures.js';

/**
 * docs_list's count and pages over a module that re-exports names: what public-paths.test.ts
 * shows of its listing, counted here across pages.
 */

describe('docs_list pages', () => {
  it('docs_list counts a name the module both defines and re-exports once, beyond the page too', async () => {
    const doc = (text: string) => `    """${text}"""\n`;
    const root = writeTree(
      {
        'twice/__init__.py': `"""Twice."""\nfrom ._impl import *\n\n\ndef a():\n${doc('First.')}\n\ndef b():\n${doc('Second.')}\n\ndef c():\n${doc('Third, over the one imported.')}`,
        'twice/_impl.py': `__all__ = ["c", "d"]\n\n\ndef c():\n${doc('Imported third.')}\n\ndef d():\n${doc('Fourth.')}`,
      },
      'docent-list-twice-',
    );
    const lctx = docsContext(root, { dependencies: false });
    try {
      const names = new Set<string>();
      for (let offset = 0; offset < 8; offset++) {
        const r = await docsList({ module: 'twice', limit: 1, offset }, lctx);
        expect(r.total).toBe(4);
        for (const i of r.items) names.add(i.id);
        if (!r.truncated) break;
      }
      expect([...names].sort()).toEqual(['twice.a', 'twice.b', 'twice.c', 'twice.d']);
    } finally {
      await lctx.services.disposeAll();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
