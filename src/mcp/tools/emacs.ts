import { EmacsBuffersInput, EmacsBuffersOutput, emacsListBuffers, renderEmacsBuffers } from '../../features/emacs/buffers.js';
import { EmacsContextInput, EmacsContextOutput, emacsGetContext, renderEmacsContext } from '../../features/emacs/context.js';
import { EmacsVisibleInput, EmacsVisibleOutput, emacsGetVisibleText, renderEmacsVisible } from '../../features/emacs/visible.js';
import { defineTool, type AnyTool } from '../tool.js';

// Reading the editor's state changes nothing, but the answer depends on what the user does
// in Emacs, so these are read-only and not idempotent; Emacs is outside docent (open world).
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: false, openWorldHint: true } as const;

/** The emacs tools; each calls a function in src/features/emacs/. */
export const emacsTools: AnyTool[] = [
  defineTool({
    name: 'emacs_get_context',
    title: 'Emacs: current context',
    description:
      "Where the user is in their running Emacs: the selected window's buffer, major mode, point, line (relative to narrowing, plus absolute), column, visited file (absolute path or null), and whether it is modified, narrowed or read-only. Pass buffer to describe another buffer.",
    group: 'emacs',
    inputSchema: EmacsContextInput,
    outputSchema: EmacsContextOutput,
    annotations: READ_ONLY,
    handler: emacsGetContext,
    render: renderEmacsContext,
  }),
  defineTool({
    name: 'emacs_get_visible_text',
    title: 'Emacs: visible text',
    description:
      'The text the user sees in the selected Emacs window (window-start to window-end), with its positions, lines and the window size. Long answers are cut at max_chars; continue with offset.',
    group: 'emacs',
    inputSchema: EmacsVisibleInput,
    outputSchema: EmacsVisibleOutput,
    annotations: READ_ONLY,
    handler: emacsGetVisibleText,
    render: renderEmacsVisible,
  }),
  defineTool({
    name: 'emacs_list_buffers',
    title: 'Emacs: list buffers',
    description:
      "The user's Emacs buffers, most recently used first (internal buffers whose names start with a space are left out): name, visited file, major mode, modified flag and size.",
    group: 'emacs',
    inputSchema: EmacsBuffersInput,
    outputSchema: EmacsBuffersOutput,
    annotations: READ_ONLY,
    handler: emacsListBuffers,
    render: renderEmacsBuffers,
  }),
];
