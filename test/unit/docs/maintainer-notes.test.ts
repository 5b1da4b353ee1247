import { describe, expect, it } from 'vitest';
import { isMaintainerNote } from '../../../src/core/extract/lang/c-comments.js';

describe('plain C/C++ comments that are notes to maintainers', () => {
  it('knows notes, defect reports, section numbers, fold marks and group labels', () => {
    for (const note of [
      '_GLIBCXX_RESOLVE_LIB_DEFECTS\n3050. Conversion specification problem in chrono::duration constructor',
      'TODO: remove once every caller has moved',
      'FIXME this leaks',
      'XXX We might want to have support in gcc for swprintf.',
      'NB: DR 706.',
      'DR 776.',
      'PR 56166: this should not throw.',
      'LWG 445',
      '27.4.2.6 Members for callbacks',
      '[X.Y.4.4] Swap.',
      '}}} _S_convert {{{',
      'Types:',
      'Data Members (private):',
      'CLASS DECLARATIONS',
    ]) expect(isMaintainerNote(note), note).toBe(true);
  });

  it('reads documentation as documentation', () => {
    for (const doc of [
      'Node name',
      'Return the length of S.',
      'The number of unread characters in the buffer.',
      'Euclidean length of the vector.',
      'Basic functions for creating quantified formulas.\nThe C API should be used for patterns.',
      'NULL-terminated list of options.',
      'SQLITE_OK on success, else an error code.',
      'Returns the number of elements in a given bucket.',
      'Note: the caller owns the result.',
      '0.0 - 1.0',
      'CIE XYZ',
      '4.4 BSD uses the name `sig_t\' for this.',
      'Error codes returned by glXGetConfig:',
    ]) expect(isMaintainerNote(doc), doc).toBe(false);
  });

  it('reads a comment trailing a declaration as its doc unless it is a note', () => {
    for (const doc of ['COMPOUND_TEXT', 'AMD HSAIL', 'Types:', '0.0 - 1.0']) expect(isMaintainerNote(doc, true), doc).toBe(false);
    for (const note of ['TODO: make this const', 'XXX XID?', 'DR 776.']) expect(isMaintainerNote(note, true), note).toBe(true);
  });
});
