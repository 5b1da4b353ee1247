import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenDocuments, type DocumentSink } from '../../../src/core/lsp/documents.js';
import { Vfs } from '../../../src/core/vfs/vfs.js';

// A file touched on disk (a new mtime, the same bytes: an editor's save, `touch`, an applier
// writing what was there) must not be re-sent to the server: documents compare content hashes,
// not mtimes, so the server keeps its parse and its diagnostics.
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function recorder() {
  const sent: string[] = [];
  const sink: DocumentSink = {
    didOpen: (d) => void sent.push(`open ${d.version}`),
    didChange: (d) => void sent.push(`change ${d.version}`),
    didClose: (d) => void sent.push(`close ${d.version}`),
  };
  return { sent, docs: new OpenDocuments(sink) };
}

describe('OpenDocuments re-sends on content, not mtime', () => {
  it('a touched file with identical content is not re-sent; changed content is, once', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'docent-docs-'));
    const file = path.join(dir, 'a.py');
    writeFileSync(file, 'x = 1\n');
    const vfs = new Vfs();
    const { sent, docs } = recorder();
    docs.ensureOpen(vfs.read(file), 'python');

    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);
    const touched = vfs.read(file);
    expect(touched.text).toBe('x = 1\n');
    docs.ensureOpen(touched, 'python');
    expect(sent).toEqual(['open 1']);

    writeFileSync(file, 'x = 2\n');
    const evenLater = new Date(Date.now() + 120_000);
    utimesSync(file, evenLater, evenLater);
    docs.ensureOpen(vfs.read(file), 'python');
    docs.ensureOpen(vfs.read(file), 'python');
    expect(sent).toEqual(['open 1', 'change 2']);
  });
});
