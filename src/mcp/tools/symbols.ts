import type { AnyTool } from '../tool.js';

/** The symbols tools; each calls a function in src/features/symbols/. */
export const symbolsTools: AnyTool[] = [];
