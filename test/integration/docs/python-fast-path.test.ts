import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractSource } from '../../../src/core/extract/extract.js';
import { extractPythonFast } from '../../../src/core/extract/fast/python.js';
import type { DocItem } from '../../../src/core/extract/types.js';
import { extractFixture } from './fixtures.js';

/**
 * The lexical Python extractor must give the same items as the tree-sitter one. Checked on the
 * fixtures exactly, and on a sample of this machine's standard library + site-packages.
 */

function stdlib(): string | null {
  try {
    return execFileSync('python3', ['-c', "import sysconfig; print(sysconfig.get_paths()['stdlib'])"], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

function pyFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const p = path.join(dir, e.name);
    if (e.isDirectory() && !e.isSymbolicLink() && e.name !== '__pycache__') pyFiles(p, out);
    else if (e.isFile() && e.name.endsWith('.py')) out.push(p);
  }
  return out;
}

const comparable = (i: DocItem) => JSON.stringify({ ...i, location: { file: i.location.file, line: i.location.line } });

describe('fast Python extraction', () => {
  it('matches tree-sitter exactly on the fixtures', async () => {
    for (const file of ['geo/__init__.py', 'geo/shapes.py']) {
      const src = readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), '../../fixtures/docs/python', file), 'utf8');
      for (const includePrivate of [false, true]) {
        const ts = await extractSource('python', src, { file, includePrivate, engine: 'tree-sitter' });
        const fast = extractPythonFast(src, { file, includePrivate });
        expect(fast).not.toBeNull();
        expect(fast!.items.map(comparable)).toEqual(ts.items.filter((i) => i.kind !== 'module').map(comparable));
        expect(fast!.module).toEqual(ts.module);
        expect(fast!.imports).toEqual(ts.imports);
      }
    }
    expect((await extractFixture('python', 'geo/__init__.py')).items.length).toBe(4);
  });

  it("reads an __all__ summed from lists the module binds (turtle's), alike in both engines", async () => {
    const doc = (s: string) => `    """${s}"""`;
    const src = [
      '"""Turtle-like."""',
      "_tg_classes = ['Screen', 'Turtle']",
      '_tg_utilities = [',
      "    'done',  # the last one",
      ']',
      '__all__ = (_tg_classes + _tg_utilities +',
      "           ['Terminator'])  # + _math_functions)",
      "_deprecated = ['also_listed']",
      '__all__ = __all__ + _deprecated',
      'class Screen:', doc('The drawing area.'),
      'class Turtle:', doc('A pen.'),
      'class Terminator(Exception):', doc('Stops drawing.'),
      'def done():', doc('Enter the main loop.'),
      'def also_listed():', doc('Listed through the second sum.'),
      'def config_dict(filename):', doc('Read a configuration file.'),
      '',
    ].join('\n');
    const hashlibLike = ["__always = ('md5', 'sha1')", "__all__ = __always + ('new',)", 'def new(name):', doc('A hash object.'), 'def helper():', doc('Not listed.'), ''].join('\n');
    const opaque = ["__all__ = _names() + ['extra']", 'def extra():', doc('Listed.'), 'def other():', doc('Public by its name.'), ''].join('\n');
    const names = (items: DocItem[]) => items.filter((i) => i.kind !== 'module').map((i) => `${i.name}:${i.visibility}`).sort();
    const cases: [string, string, string[]][] = [
      ['turtlish.py', src, ['Screen:public', 'Terminator:public', 'Turtle:public', 'also_listed:public', 'done:public']],
      ['hashish.py', hashlibLike, ['new:public']],
      ['opaque.py', opaque, ['extra:public', 'other:public']],
    ];
    for (const [file, text, want] of cases) {
      const ts = await extractSource('python', text, { file, includePrivate: false, engine: 'tree-sitter' });
      const fast = await extractSource('python', text, { file, includePrivate: false });
      expect(names(ts.items)).toEqual(want);
      expect(names(fast.items)).toEqual(want);
      // With private items both engines still agree: what the sum leaves out is internal.
      const tsAll = await extractSource('python', text, { file, includePrivate: true, engine: 'tree-sitter' });
      const fastAll = await extractSource('python', text, { file, includePrivate: true });
      expect(names(fastAll.items)).toEqual(names(tsAll.items));
    }
    expect(names((await extractSource('python', src, { file: 'turtlish.py', includePrivate: true })).items)).toContain('config_dict:internal');
  });

  it('falls back (returns null) on what it cannot read with certainty', () => {
    expect(extractPythonFast('def f(:\n    x = "unterminated\n', { file: 'a.py', includePrivate: false })).toBeNull();
    expect(extractPythonFast('if x:\n\tdef f():\n\t\tpass\n', { file: 'a.py', includePrivate: false })).toBeNull();
  });

  it('agrees with tree-sitter on at least 99% of the items of a stdlib sample', async () => {
    const root = stdlib();
    if (!root) return; // no Python on this machine: nothing to compare against
    const files = pyFiles(root);
    const step = Math.max(1, Math.floor(files.length / 150));
    let same = 0;
    let total = 0;
    for (let i = 0; i < files.length; i += step) {
      const src = readFileSync(files[i]!, 'utf8');
      const file = path.relative(root, files[i]!);
      const ts = await extractSource('python', src, { file, includePrivate: true, engine: 'tree-sitter' });
      const fast = await extractSource('python', src, { file, includePrivate: true });
      const got = new Map(fast.items.map((x) => [`${x.id}@${x.location.line}`, comparable(x)]));
      for (const x of ts.items) {
        total++;
        if (got.get(`${x.id}@${x.location.line}`) === comparable(x)) same++;
      }
    }
    expect(total).toBeGreaterThan(1000);
    expect(same / total).toBeGreaterThanOrEqual(0.99);
  }, 120_000);
});
