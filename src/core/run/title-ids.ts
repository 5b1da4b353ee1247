import { escapeRegex } from './text.js';
import type { TestSelection } from './types.js';

/**
 * vitest and jest ids are "file > describe > test". A selection becomes the files to run and
 * one anchored name pattern (the titles joined with spaces, which is what both match -t /
 * --testNamePattern against), or the filter as a pattern when no id is given.
 */
export function titleSelection(sel: TestSelection): { files: string[]; pattern: string | null } {
  const files = new Set(sel.files ?? []);
  const names: string[] = [];
  for (const id of sel.ids ?? []) {
    const [file, ...titles] = id.split(' > ');
    if (file) files.add(file);
    if (titles.length) names.push(escapeRegex(titles.join(' ')));
  }
  const pattern = names.length ? `^(?:${names.join('|')})$` : sel.filter ? escapeRegex(sel.filter) : null;
  return { files: [...files], pattern };
}
