/** A masked line's code: a blanked line holds an empty comment (so that a doc comment above still reaches what follows), which is no code. */
export const maskedCode = (line: string): string => line.replace(/\/\*\s*\*\//g, '').trim();
