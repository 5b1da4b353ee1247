import { describe, expect, it } from 'vitest';
import { doesTheOpposite, inverseActions, leadVerb } from '../../../src/core/rank/lead-verb.js';

/** A summary that does the inverse of the question's lead verb (rank/lead-verb.ts). */

const opposite = (question: string, summary: string) => {
  const inverse = inverseActions(question);
  return inverse !== null && doesTheOpposite(summary, inverse);
};

describe('lead verbs', () => {
  it('reads the first word that is not an adverb, as a root', () => {
    expect(leadVerb('Recursively delete a directory tree.')).toBe('delet');
    expect(leadVerb('Deserialize ``s`` to a Python object.')).toBe('deserializ');
    expect(leadVerb('  Writes the value')).toBe('writ');
    expect(leadVerb('')).toBeNull();
  });

  it('finds summaries that do the inverse, by table and by prefix', () => {
    expect(opposite('serialize a python object to a bytes string', 'Deserialize s (a str instance containing a JSON document) to a Python object.')).toBe(true);
    expect(opposite('read settings from an ini file with sections', 'Write an .ini-format representation of the configuration state.')).toBe(true);
    expect(opposite('open a file compressed with bzip2', 'Close the file.')).toBe(true);
    expect(opposite('decode base64 text back into bytes', 'Encode the bytes-like object s using Base64.')).toBe(true);
  });

  it('leaves alone summaries that do the same, another thing, or create what they return', () => {
    expect(opposite('serialize a python object to a bytes string', 'Serialize obj to a JSON formatted str.')).toBe(false);
    expect(opposite('read settings from an ini file with sections', 'Return a list of section names.')).toBe(false);
    // "Creates an array with all falsey values removed" (lodash's _.compact) answers a question that removes.
    expect(opposite('remove falsey values from an array', 'Creates an array with all falsey values removed.')).toBe(false);
    expect(opposite('size of a file in bytes', 'Return the size of a file, reported by os.stat().')).toBe(false);
    expect(inverseActions('')).toBeNull();
  });
});
