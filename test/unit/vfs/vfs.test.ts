import { mkdtempSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashText, Vfs, type VfsChange } from '../../../src/core/vfs/index.js';

function tempFile(content: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docent-vfs-'));
  const file = path.join(dir, 'a.ts');
  writeFileSync(file, content);
  return file;
}

describe('Vfs', () => {
  it('reads the disk with a hash of the exact bytes, CRLF kept', () => {
    const file = tempFile('a\r\nb');
    const snap = new Vfs().read(file);
    expect(snap).toMatchObject({ path: file, text: 'a\r\nb', origin: 'disk', exists: true });
    expect(snap.hash).toBe(hashText('a\r\nb'));
  });

  it('notices a file changed behind its back, and keeps the version when nothing changed', () => {
    const file = tempFile('one');
    const vfs = new Vfs();
    const events: VfsChange[] = [];
    vfs.onDidChange((e) => events.push(e));
    const first = vfs.read(file);
    expect(vfs.read(file).version).toBe(first.version);
    // Same size and a forced mtime: the inode/ctime part of the stamp still moves.
    writeFileSync(file + '.new', 'two');
    renameSync(file + '.new', file);
    const second = vfs.read(file);
    expect(second.text).toBe('two');
    expect(second.version).toBeGreaterThan(first.version);
    expect(events.map((e) => [e.origin, e.kind])).toEqual([['disk', 'changed']]);
    // Rewriting the same bytes is not a change.
    const st = statSync(file);
    writeFileSync(file, 'two');
    utimesSync(file, st.atime, new Date(st.mtimeMs + 5000));
    expect(vfs.read(file).version).toBe(second.version);
    unlinkSync(file);
    expect(vfs.read(file)).toMatchObject({ exists: false, text: '' });
    expect(events.at(-1)).toMatchObject({ kind: 'removed', origin: 'disk' });
  });

  it('keeps overlays per session and never touches the disk', () => {
    const file = tempFile('disk');
    const before = statSync(file).mtimeMs;
    const vfs = new Vfs();
    const a = vfs.setOverlay('A', file, 'overlay A');
    expect(vfs.read(file, 'A')).toBe(a);
    expect(vfs.read(file, 'B').text).toBe('disk');
    expect(vfs.read(file).text).toBe('disk');
    expect(vfs.overlayingSessions(file)).toEqual(['A']);
    expect(vfs.setOverlay('A', file, 'overlay A').version).toBe(a.version);
    expect(vfs.setOverlay('A', file, 'overlay A2').version).toBeGreaterThan(a.version);
    expect(readFileSync(file, 'utf8')).toBe('disk');
    expect(statSync(file).mtimeMs).toBe(before);
    expect(vfs.removeOverlay('A')).toEqual([file]);
    expect(vfs.read(file, 'A').text).toBe('disk');
  });

  it('drops a session overlays when the session closes', () => {
    const file = tempFile('disk');
    const vfs = new Vfs();
    let close: (() => void) | undefined;
    const session = { id: 'S', onClose: (fn: () => void) => void (close = fn) };
    vfs.attachSession(session);
    vfs.attachSession(session);
    vfs.setOverlay('S', file, 'mine');
    expect(vfs.listOverlays('S')).toHaveLength(1);
    close!();
    expect(vfs.listOverlays('S')).toEqual([]);
    expect(vfs.read(file, 'S').text).toBe('disk');
  });

  it('an overlay of a file that does not exist on disk exists in that view only', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'docent-vfs-')), 'new.py');
    const vfs = new Vfs();
    vfs.setOverlay('A', file, 'x = 1\n');
    expect(vfs.read(file, 'A').exists).toBe(true);
    expect(vfs.read(file).exists).toBe(false);
  });
});

describe('DiskCache', () => {
  it('keeps at most its bound of files, evicting the least recently used', async () => {
    const { DiskCache } = await import('../../../src/core/vfs/disk-cache.js');
    let v = 0;
    const cache = new DiskCache(() => ++v, 2);
    const [a, b, c] = ['a', 'b', 'c'].map((t) => tempFile(t));
    const first = cache.read(a!).snapshot.version;
    cache.read(b!);
    expect(cache.read(a!).snapshot.version).toBe(first); // a is now the most recent
    cache.read(c!); // evicts b
    expect(cache.read(a!).snapshot.version).toBe(first);
    expect(cache.read(b!).snapshot.version).toBeGreaterThan(first + 2); // read afresh
  });
});
