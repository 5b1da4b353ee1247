import { createRequire } from 'node:module';

/** docent's version, read from package.json (two levels up from both src/core and dist/core). */
export const VERSION: string = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
