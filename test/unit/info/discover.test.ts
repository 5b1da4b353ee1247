import { describe, expect, it } from 'vitest';
import { infoSearchDirs, manualNameOf, parseDirEntries, titlesFromDirEntries } from '../../../src/core/info/discover.js';
import { editDistance } from '../../../src/core/rank/edit-distance.js';
import { suggestNames } from '../../../src/core/info/suggest.js';

describe('Info manual discovery', () => {
  const D = ['/usr/share/info', '/usr/local/share/info'];
  it('puts config dirs first and treats an empty INFOPATH element as the defaults', () => {
    expect(infoSearchDirs(['/cfg'], undefined, D)).toEqual(['/cfg', ...D]);
    expect(infoSearchDirs([], '/a:/b', D)).toEqual(['/a', '/b']);
    expect(infoSearchDirs([], '/a:', D)).toEqual(['/a', ...D]);
    expect(infoSearchDirs([], ':/a', D)).toEqual([...D, '/a']);
    expect(infoSearchDirs(['/usr/share/info'], '/usr/share/info:', D)).toEqual(D);
  });

  it('names manuals by file, ignoring split parts and the dir file', () => {
    expect(manualNameOf('elisp.info.gz')).toBe('elisp');
    expect(manualNameOf('coreutils.info')).toBe('coreutils');
    expect(manualNameOf('find.info-1.gz')).toBeNull();
    expect(manualNameOf('dir')).toBeNull();
    expect(manualNameOf('foo.info.zst')).toBe('foo');
  });

  it('reads titles from dir entries, preferring the Top entry', () => {
    const entries = parseDirEntries('* sort: (coreutils)sort invocation.  Sort text files.\n* Coreutils: (coreutils).       Core GNU (file, text, shell)\n                                  utilities.\n');
    expect(titlesFromDirEntries(entries).get('coreutils')).toBe('Core GNU (file, text, shell) utilities.');
  });

  it('gives no dir title to a manual listed only under several other labels', () => {
    const entries = parseDirEntries('* gpgsm: (gnupg).   S/MIME encryption and signing tool.\n* gpg-agent: (gnupg).   The secret key daemon.\n* Time: (time).   time\n');
    expect(titlesFromDirEntries(entries).has('gnupg')).toBe(false);
    expect(titlesFromDirEntries(entries).get('time')).toBe('time');
    // A description that starts on the next line.
    const wrapped = parseDirEntries('* Maintaining Findutils: (find-maint).\n                                Maintaining GNU findutils\n');
    expect(titlesFromDirEntries(wrapped).get('find-maint')).toBe('Maintaining GNU findutils');
  });

  it('ranks suggestions by prefix and edit distance (a transposition is one edit)', () => {
    expect(editDistance('mapcra', 'mapcar')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(suggestNames('mapcra', ['mapc', 'mapcar', 'car', 'macro'])[0]).toBe('mapcar');
    expect(suggestNames('load-pa', ['load-path', 'load', 'other'])).toEqual(['load-path']);
  });
});
