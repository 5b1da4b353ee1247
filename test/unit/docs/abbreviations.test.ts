import { describe, expect, it } from 'vitest';
import { abbreviatedWords } from '../../../src/core/rank/abbreviations.js';

describe('abbreviatedWords', () => {
  it('spells out the abbreviations of a name written in parts', () => {
    expect(abbreviatedWords('sqlite3_column_int64')).toEqual(['integer']);
    expect(abbreviatedWords('ParseInt')).toEqual(['integer']);
    expect(abbreviatedWords('get_env_var')).toEqual(['environment', 'variable']);
  });

  it('splits a run-together name where both halves are known and one is an abbreviation', () => {
    expect(abbreviatedWords('strlen')).toEqual(['string', 'length']);
    expect(abbreviatedWords('splitext')).toEqual(['extension']);
    expect(abbreviatedWords('mkdir')).toEqual(['make', 'directory']);
    expect(abbreviatedWords('listdir')).toEqual(['directory']);
    expect(abbreviatedWords('getcwd')).toEqual(['current', 'working', 'directory']);
  });

  it('leaves names whose letters only happen to contain an abbreviation', () => {
    expect(abbreviatedWords('print')).toEqual([]); // not pr + int
    expect(abbreviatedWords('printf')).toEqual([]);
    expect(abbreviatedWords('strong')).toEqual([]); // not str + ong
    expect(abbreviatedWords('category')).toEqual([]);
    expect(abbreviatedWords('parse_config_file')).toEqual(['configuration']);
  });

  it('gives nothing for a name without abbreviations, and each word once', () => {
    expect(abbreviatedWords('read_file')).toEqual([]);
    expect(abbreviatedWords('str_to_str')).toEqual(['string']);
  });
});
