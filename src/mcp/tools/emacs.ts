import type { AnyTool } from '../tool.js';

/** The emacs tools; each calls a function in src/features/emacs/. */
export const emacsTools: AnyTool[] = [];
