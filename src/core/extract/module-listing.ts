import type { FileExtract } from './types.js';

/**
 * What a module's own doc says of its members, where it lists them one a line with a
 * description (`stdev    Sample standard deviation of data.` in statistics, `exit() -- exit the
 * interpreter by raising SystemExit` in sys, `getpass(prompt[, stream]) - Prompt for a
 * password, with echo turned off.` in getpass, `- [`Ring`]: a fixed-size queue` in a crate).
 * Only members the file defines take one: a package `__init__` listing what it re-exports
 * (scipy's `quad -- General purpose integration`) would need the other file's item.
 * Such a line is often the task in a user's words where the member's own doc describes how it
 * does it (statistics.stdev: "Return the square root of the sample variance."), so it is kept
 * on the member (`tags.listed`) and searched with its docs (rows.ts).
 */

/**
 * One listing line: an optional bullet, the name (bare, in backticks, bold, or a Markdown link
 * label as rustdoc writes them: [`Vec`]), an optional argument list, then a separator that
 * cannot be prose: two or more spaces, ` -- `, ` - `, or a colon.
 */
const LISTING = /^(\s*)(?:[-*•]\s+)?\[?(?:\*\*|`{1,2})?([A-Za-z_$][\w$]*)(?:\*\*|`{1,2})?\]?(\([^)]*\))?\s*(?:\s{2,}|\s--?\s+|:\s+|\s[–—]\s+)(\S.*)$/;
/** Lines longer than this are not read as entries. */
const MAX_LINE = 300;
/** At most this much description per member. */
const MAX_LISTED = 240;

export function addModuleListings(result: FileExtract): void {
  const doc = result.module.doc;
  if (!doc || doc.length < 20) return;
  const members = new Map<string, (typeof result.items)[number]>();
  for (const item of result.items) if (item.parent === null && item.kind !== 'module' && !members.has(item.name)) members.set(item.name, item);
  if (!members.size) return;
  const lines = doc.split('\n');
  for (let i = 0; i < lines.length; i++) {
    // A listing line is short; a long one is prose (and would cost the expression's backtracking).
    if (lines[i]!.length > MAX_LINE) continue;
    const m = LISTING.exec(lines[i]!);
    if (!m) continue;
    const item = members.get(m[2]!);
    if (!item || item.tags.listed) continue;
    // Left-over separator marks (`name --- text`, `name : -> text`) are not the description.
    let text = m[4]!.replace(/^[-=:>|\s]+/, '').trim();
    // The description may go on, indented under its start (deeper than the name), until a blank line or the next entry.
    const indent = m[1]!.length;
    for (let j = i + 1; j < lines.length && text.length < MAX_LISTED; j++) {
      const next = lines[j]!;
      const lead = next.length - next.trimStart().length;
      if (!next.trim() || lead <= indent || next.length > MAX_LINE || LISTING.test(next)) break;
      text += ` ${next.trim()}`;
    }
    // A table's heading row or a word that happens to be a member's name is no description.
    if (!/[a-z]/.test(text) || text.split(/\s+/).length < 2) continue;
    item.tags.listed = text.slice(0, MAX_LISTED);
  }
}
