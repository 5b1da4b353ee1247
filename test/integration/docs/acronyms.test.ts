import { describe, expect, it } from 'vitest';
import { sharedTree } from './fixtures.js';

/**
 * A question that spells out an acronym the docs write ("cyclic redundancy check" for CRC)
 * finds the item that has it (rank/acronyms.ts): a standard acronym whenever the index has it,
 * other initials only when some doc writes them beside that phrase.
 */

const checks = [
  'def crc32(data, value=0):',
  '    """Compute a CRC-32 checksum of data, starting from value."""',
  '',
  'def check_blocks(data):',
  '    """Check that every block of data has the redundancy byte its format needs."""',
  '',
  'def parity(data):',
  '    """Return the parity bit of data, a cyclic count of its set bits."""',
  '',
].join('\n');
const network = [
  '"""Network helpers. The mtu (maximum transmission unit) of a link bounds every packet sent on it."""',
  '',
  'def path_mtu(host):',
  '    """Discover the mtu of the path to host."""',
  '',
  'def send_unit(sock, data):',
  '    """Send one unit of data, retrying its transmission at most the maximum number of times."""',
  '',
].join('\n');
const numbers = [
  'def tee(iterable, n=2):',
  '    """Return n independent iterators from one iterable."""',
  '',
  'def repeat_each(items, times):',
  '    """Repeat each element of items the given number of times."""',
  '',
].join('\n');

const containers = [
  'class deque:',
  '    """A list-like sequence optimized for data accesses near its endpoints."""',
  '',
  '    def append(self, x):',
  '        """Add x to the right side of the deque: appends are fast."""',
  '',
  '    def pop(self):',
  '        """Remove and return the rightmost element: pops are fast."""',
  '',
  'class Queue:',
  '    """A queue with fast puts and gets for threads."""',
  '',
].join('\n');

const index = sharedTree({ 'checks.py': checks, 'network.py': network, 'numbers.py': numbers, 'containers.py': containers }, 'docent-acronyms-');

const ids = (q: string) => index().roots[0]!.queries.search(q, { limit: 5 }).map((h) => h.id);

describe('acronyms spelled out', () => {
  it('finds a standard acronym the docs write for the words the question spells out', () => {
    // No doc here says "cyclic redundancy check"; crc32 has none of those words but CRC.
    expect(ids('cyclic redundancy check of some data')[0]).toBe('checks.crc32');
  });

  it('finds initials the docs define beside their phrase', () => {
    // mtu is no standard acronym here; network's own doc writes it beside its phrase.
    expect(ids('discover the maximum transmission unit')[0]).toBe('network.path_mtu');
  });

  it('does not read initials as an acronym that no doc writes beside the phrase', () => {
    // "times each element" → tee: a word of the index, never written beside that phrase.
    const got = ids('times each element');
    expect(got[0]).toBe('numbers.repeat_each');
    expect(got).not.toContain('numbers.tee');
  });

  it('finds the item named by a blend of the words, whose own doc has none of them', () => {
    // "deque" is a double-ended queue; the class's doc says neither, its methods say "deque".
    // Without the blend no row has the question's words but the plain queue's.
    const got = ids('a double ended queue for a sliding window');
    expect(got.slice(0, 2)).toContain('containers.deque');
    expect(got.indexOf('containers.deque')).toBeLessThan(got.indexOf('containers.deque.append'));
  });
});
