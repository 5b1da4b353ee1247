/** A word as one FTS5 string token: quoted, its own quotes doubled, so no word is read as syntax (`AND`, `NEAR`, `-`). */
export function ftsQuote(w: string): string {
  return `"${w.replace(/"/g, '""')}"`;
}
