import type { AnyTool } from '../tool.js';
import { docsTools } from './docs.js';
import { emacsTools } from './emacs.js';
import { infoTools } from './info.js';
import { symbolsTools } from './symbols.js';
import { workspaceTools } from './workspace.js';
import { selectEntries } from '../catalog.js';
import { checkTools } from './check.js';
import { changeTools } from './change.js';
import { runTools } from './run.js';
import { debugTools } from './debug.js';
import { profileTools } from './profile.js';

/** Every tool docent has, in the order tools/list shows them. */
export const ALL_TOOLS: readonly AnyTool[] = [...infoTools, ...emacsTools, ...symbolsTools, ...docsTools, ...workspaceTools, ...checkTools, ...changeTools, ...runTools, ...debugTools, ...profileTools];

/**
 * The tools selected by `--tools` (names or group names); all when the selection is empty.
 * An unknown name is a usage error rather than a silently smaller server.
 */
export function selectTools(selection: readonly string[], all: readonly AnyTool[] = ALL_TOOLS): AnyTool[] {
  return selectEntries(selection, all);
}

