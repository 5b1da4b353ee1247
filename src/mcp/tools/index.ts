import type { AnyTool, ToolGroup } from '../tool.js';
import { TOOL_GROUPS } from '../tool.js';
import { docsTools } from './docs.js';
import { emacsTools } from './emacs.js';
import { infoTools } from './info.js';
import { symbolsTools } from './symbols.js';
import { workspaceTools } from './workspace.js';
import { debugTools } from './debug.js';
import { profileTools } from './profile.js';
import { DocentError } from '../../core/errors.js';

/** Every tool docent has, in the order tools/list shows them. */
export const ALL_TOOLS: readonly AnyTool[] = [...infoTools, ...emacsTools, ...symbolsTools, ...docsTools, ...workspaceTools, ...debugTools, ...profileTools];

/**
 * The tools selected by `--tools` (names or group names); all when the selection is empty.
 * An unknown name is a usage error rather than a silently smaller server.
 */
export function selectTools(selection: readonly string[], all: readonly AnyTool[] = ALL_TOOLS): AnyTool[] {
  if (selection.length === 0) return [...all];
  const wanted = new Set<string>();
  for (const item of selection) {
    if ((TOOL_GROUPS as readonly string[]).includes(item)) {
      for (const t of all) if (t.group === (item as ToolGroup)) wanted.add(t.name);
    } else if (all.some((t) => t.name === item)) {
      wanted.add(item);
    } else {
      throw new DocentError('E_BAD_INPUT', `Unknown tool or group "${item}" in --tools.`, `Use tool names or groups: ${TOOL_GROUPS.join(', ')}.`);
    }
  }
  const chosen = all.filter((t) => wanted.has(t.name));
  if (chosen.length === 0) {
    // e.g. only a group that has no tools in this version: an empty server would look broken.
    throw new DocentError('E_BAD_INPUT', `--tools ${selection.join(',')} selects no tools.`, `Groups with tools: ${[...new Set(all.map((t) => t.group))].join(', ')}.`);
  }
  return chosen;
}
