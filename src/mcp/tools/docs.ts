import type { AnyTool } from '../tool.js';

/** The docs tools; each calls a function in src/features/docs/. */
export const docsTools: AnyTool[] = [];
