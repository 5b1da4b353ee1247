import type { AnyTool } from '../tool.js';

/** The info tools; each calls a function in src/features/info/. */
export const infoTools: AnyTool[] = [];
