import { describe, expect, it } from 'vitest';
import { extractSource } from '../../../src/core/extract/extract.js';

/**
 * A class without documentation of its own is described by its constructor's (constructor-docs.ts),
 * through the real extractors: Python's lexical fast path and tree-sitter, and TypeScript.
 */

const PY = `
class Printer:
    def __init__(self, stream=None, width=80):
        """Handle pretty printing onto a stream.

        The width is in columns.
        """

class Documented:
    """A class that speaks for itself."""

    def __init__(self):
        """Make one."""

class Slots:
    def __init__(self):
        """Initialize self.  See help(type(self)) for accurate signature."""
`;

describe("a class's docs from its constructor", () => {
  for (const engine of ['fast', 'tree-sitter'] as const) {
    it(`fills an undocumented Python class from __init__ (${engine})`, async () => {
      const x = await extractSource('python', PY, { file: 'pp.py', includePrivate: false, engine });
      const byId = new Map(x.items.map((i) => [i.id, i] as const));
      expect(byId.get('pp.Printer')).toMatchObject({ kind: 'class', summary: 'Handle pretty printing onto a stream.', doc: 'Handle pretty printing onto a stream.\n\nThe width is in columns.', tags: { doc_from: 'pp.Printer.__init__' } });
      // The constructor stays an item with its own docs.
      expect(byId.get('pp.Printer.__init__')).toMatchObject({ kind: 'constructor', summary: 'Handle pretty printing onto a stream.' });
      // A class's own docstring wins; CPython's slot-wrapper boilerplate is not taken.
      expect(byId.get('pp.Documented')).toMatchObject({ summary: 'A class that speaks for itself.' });
      expect(byId.get('pp.Documented')!.tags.doc_from).toBeUndefined();
      expect(byId.get('pp.Slots')).toMatchObject({ summary: '', doc: '' });
    });
  }

  it('fills an undocumented TypeScript class from its documented constructor', async () => {
    const src = `export class Queue {\n  /** Create a first-in first-out queue of at most \`size\` items. */\n  constructor(size: number) {}\n}\n`;
    const x = await extractSource('typescript', src, { file: 'src/queue.ts', includePrivate: false });
    const cls = x.items.find((i) => i.kind === 'class' && i.name === 'Queue');
    expect(cls).toMatchObject({ summary: 'Create a first-in first-out queue of at most `size` items.' });
    expect(cls!.tags.doc_from).toMatch(/Queue/);
  });
});
